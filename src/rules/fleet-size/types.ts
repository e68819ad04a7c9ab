/**
 * Fleet-size limits for SFB battles from Victory By Star Fleet (digest A.2.11–A.2.13): the three
 * alternative systems a campaign may pick as its battle-size limiter.
 *
 * Catalog columns these checks (and the other-system helpers) need, proposed as OPTIONAL columns
 * for the catalog import. Empty cell = unknown; a check that needs an unknown value reports it as
 * a problem rather than guessing.
 *
 *   units.csv (existing columns used: size_class, bpv_combat, bpv_economic, unit_kind,
 *   command_rating, hull_family, empire, is_battleship)
 *   | column              | type          | used by                                          |
 *   |---------------------|---------------|--------------------------------------------------|
 *   | fe_command_rating   | int 0–12      | BPV Capacity (chart row), FCP (FCR = 4 × CR)     |
 *   | fe_hull_type        | id ("FF")     | BPV Capacity +50 per distinct base hull (F&E SIT) |
 *   | fleet_role          | enum          | warship / scout / police / auxiliary / freighter / base / ground_base / defsat / planet / fighter / pf / interceptor / bomber |
 *   | flag_bridge_boxes   | int 0–20      | FCP (+1 each; Klingons: nearest Fed equivalent)  |
 *   | fcp_row             | int 1–19      | FCP chart row, when the class code alone is not enough |
 *   | fcp_cost            | decimal, .5   | FCP cost override set by the GM (e.g. for a DN)  |
 *   | leader_kind         | leader/command| FCP squadrons (command = CC, no missing-squadron penalty) |
 *   | battle_pods         | int           | FCP +2 per pod                                  |
 *   (ground_base_size, already a catalog column, tells FCP small/medium bases from large ones)
 *   | carries_small_craft | bool          | Big Ships: an SC1 flagship's consort may not carry fighters or PFs |
 *   | turn_mode_class     | A–F, AA…      | SFB 'n3D turn limits (other helper)              |
 *   | weapon_arcs         | list `;`      | SFB 'n3D arcs, e.g. `ph1:FA;photon:FH` (other helper) |
 *
 *   sfw_ships.csv (a separate file: Starfleet Wars ships are not SFB units)
 *   sfw_ship_id, empire, name, sfw_type (SGD GD GAC GB SC SD SB SAPS GTP SF), power_units,
 *   max_of, max_df, max_speed, addl_of, addl_df, cids_percent, attack_craft, pw_launchers,
 *   pw_reloads, confidence, source_note
 */

/** What a unit is for these rules; catalog `unit_kind` maps onto it (warship→warship, defsat→defsat …). */
export const FLEET_ROLES = [
  'warship',
  'scout',
  'police',
  'auxiliary',
  'freighter',
  'base',
  'ground_base',
  'defsat',
  'planet',
  'fighter',
  'pf',
  'interceptor',
  'bomber',
] as const;
export type FleetRole = (typeof FLEET_ROLES)[number];

export interface FleetUnit {
  readonly id: string;
  readonly className: string;
  /** Combat BPV (decimal text or number). */
  readonly bpv: number | string;
  /** Economic BPV, charged for scouts and civilian ships under BPV Capacity; defaults to `bpv`. */
  readonly economicBpv?: number | string;
  readonly empire?: string;
  /** Default 'warship'. */
  readonly role?: FleetRole;
  /** SFB size class (1 biggest … 4 destroyers/frigates, 5 fighters/PFs, 6 …). */
  readonly sizeClass?: number;
  /** F&E base hull type from the SIT ("FF", "DD", "CA"…); also tried against the FCP chart. */
  readonly hullType?: string;
  /** F&E command rating. */
  readonly commandRating?: number;
  readonly flagBridgeBoxes?: number;
  /** FCP chart row (1–19); otherwise found from role, hullType or className. */
  readonly fcpRow?: number;
  /** GM's FCP cost before duplicate increments, overriding the chart. */
  readonly fcp?: number;
  readonly leader?: 'leader' | 'command';
  /** For a leader: ids of the two ships it commands. */
  readonly squadron?: readonly string[];
  /** Fighters, PFs, DefSats, ground bases, web hexes in one entry: how many (default 1). */
  readonly count?: number;
  readonly battlePods?: number;
  readonly carriesSmallCraft?: boolean;
  /** Ground bases: large ones have no FCP cost. */
  readonly groundBaseSize?: 'small' | 'medium' | 'large';
}

export const FLEET_SYSTEMS = ['bpv', 'bigships', 'fcp'] as const;
export type FleetSystem = (typeof FLEET_SYSTEMS)[number];

export interface FleetCheckLine {
  readonly id: string;
  readonly className: string;
  /** What the unit costs against the limit (BPV, command slots or FCP). */
  readonly cost: number;
  readonly note?: string;
}

export interface FleetCheck {
  readonly system: FleetSystem;
  readonly ok: boolean;
  readonly limit: number;
  readonly used: number;
  /** Each a sentence naming the rule; empty when ok. */
  readonly problems: string[];
  /** Things not checked or taken on assumption; never make ok false. */
  readonly warnings: string[];
  /** How the limit was made up, e.g. ["CR 9, Y120–180: 1400", "+50 DW hull"]. */
  readonly limitBreakdown: string[];
  readonly lines: FleetCheckLine[];
}

export interface CommonOptions {
  readonly flagshipId: string;
}

export interface BpvCapacityOptions extends CommonOptions {
  readonly year: number;
  /** Web laid before the battle: 5 BPV per hex. */
  readonly prelaidWebHexes?: number;
}

export type BigShipsOptions = CommonOptions;

export interface FlexibleCommandOptions extends CommonOptions {
  readonly legendaryCaptain?: boolean;
  readonly crew?: 'poor' | 'normal' | 'outstanding';
  /** Overrides the flagship's flag_bridge_boxes (Klingons: the nearest Federation equivalent's count). */
  readonly flagBridgeBoxes?: number;
  readonly webHexes?: number;
  /** Variant V6 (`fcp.pfLiteralExample`): price PFs as the text's example does (first 6 cost 1 each, the next 6 cost 2 each …). */
  readonly pfLiteralExample?: boolean;
}

export const MOBILE_WARSHIP_ROLES: readonly FleetRole[] = ['warship', 'scout'];
export const CIVILIAN_ROLES: readonly FleetRole[] = ['auxiliary', 'freighter'];
export const FIXED_ROLES: readonly FleetRole[] = ['base', 'ground_base', 'defsat', 'planet'];
export const SMALL_CRAFT_ROLES: readonly FleetRole[] = ['fighter', 'pf', 'interceptor', 'bomber'];
