import { refuse } from '../../errors.ts';
import { fleetLimit } from '../lookup.ts';
import { formatMoveClass } from '../../exact/move-class.ts';
import type { MoveClass } from '../../exact/move-class.ts';
import type { CampaignState, Ship } from '../state.ts';
import type { UnitCatalog, UnitInfo } from '../units.ts';
import type { ShipCondition } from './types.ts';

/** A carrier's or PF tender's attrition units: aboard and in stores, and the class's full numbers. */
export interface Attrition {
  fighters: number;
  fighterSpares: number;
  pfs: number;
  pfSpares: number;
  full: { fighters: number; fighterSpares: number; pfs: number; pfSpares: number };
  /** Fighter equivalents per fighter of this ship's type: normal 1, heavy 2 (UTD7.24). */
  fighterEq: number;
}

/**
 * The class's complement in craft. The catalog gives fighters and spares in fighter equivalents
 * (requirements §4.2.1), so a heavy-fighter carrier listing 12 carries 6 heavy fighters.
 */
export function complementOf(
  unit: UnitInfo | undefined,
  catalog: UnitCatalog,
): Attrition['full'] & { fighterEq: number } {
  const fighterEq = Math.max(
    1,
    (unit?.fighterTypeId ? catalog.get(unit.fighterTypeId)?.fighterEquivalents : null) ?? 1,
  );
  return {
    fighters: Math.floor((unit?.fighters ?? 0) / fighterEq),
    fighterSpares: Math.floor((unit?.fighterSpares ?? 0) / fighterEq),
    pfs: unit?.pfs ?? 0,
    pfSpares: unit?.pfSpares ?? 0,
    fighterEq,
  };
}

/** What the ship carries now: the recorded numbers, else the full complement (a new ship is full). */
export function attritionOf(ship: Ship, catalog: UnitCatalog): Attrition {
  const { fighterEq, ...full } = complementOf(catalog.get(ship.unitId), catalog);
  const c = ship.condition ?? {};
  return {
    fighters: c.fighters ?? full.fighters,
    fighterSpares: c.fighterSpares ?? full.fighterSpares,
    pfs: c.pfs ?? full.pfs,
    pfSpares: c.pfSpares ?? full.pfSpares,
    full,
    fighterEq,
  };
}

/** True for a ship whose class carries fighters or PFs (a carrier or a PF tender, UTD6.3B). */
export function carriesAttrition(ship: Ship, catalog: UnitCatalog): boolean {
  const { full } = attritionOf(ship, catalog);
  return full.fighters + full.fighterSpares + full.pfs + full.pfSpares > 0;
}

/**
 * UTD7.24 (TC-091): the attrition units aboard the ships of one fleet, pooled whichever ship houses
 * them: every four fighter equivalents or part of four count MC 1/3 (20 sixtieths), every two PFs
 * or part of two MC 1/2 (30). Spares in stores are not deployed and do not count.
 */
export function attritionMc(ships: readonly Ship[], catalog: UnitCatalog): number {
  let fighterEq = 0;
  let pfs = 0;
  for (const ship of ships) {
    const a = attritionOf(ship, catalog);
    fighterEq += a.fighters * a.fighterEq;
    pfs += a.pfs;
  }
  return Math.ceil(fighterEq / 4) * 20 + Math.ceil(pfs / 2) * 30;
}

/** Fleet move class of a set of ships, in sixtieths: the hulls plus their pooled attrition units (UTD7.23, 7.24). */
export function mcOfShips(ships: readonly Ship[], catalog: UnitCatalog): number {
  return ships.reduce((sum, s) => sum + (catalog.get(s.unitId)?.mc ?? 0), 0) + attritionMc(ships, catalog);
}

const mcText = (sixtieths: number) => formatMoveClass(sixtieths as never);

/**
 * How `mcOfShips` counted a fleet, for a refusal (UTD7.23, 7.24): each class of hull with its
 * number and MC, then the pooled fighters (every 4 fighter equivalents or part of 4: 1/3) and
 * PFs (every 2 or part of 2: 1/2), and the total.
 */
export function describeFleetMc(ships: readonly Ship[], catalog: UnitCatalog): string {
  const hulls = new Map<string, { n: number; mc: number }>();
  let fighterEq = 0;
  let pfs = 0;
  for (const ship of ships) {
    const mc = catalog.get(ship.unitId)?.mc ?? 0;
    const h = hulls.get(ship.unitId) ?? { n: 0, mc };
    h.n += 1;
    hulls.set(ship.unitId, h);
    const a = attritionOf(ship, catalog);
    fighterEq += a.fighters * a.fighterEq;
    pfs += a.pfs;
  }
  const parts = [...hulls].map(([unitId, h]) =>
    h.n === 1 ? `${unitId} ${mcText(h.mc)}` : `${h.n} × ${unitId} ${mcText(h.mc)} = ${mcText(h.n * h.mc)}`,
  );
  if (fighterEq > 0)
    parts.push(
      `${fighterEq} fighter${fighterEq === 1 ? '' : 's'} aboard ${mcText(Math.ceil(fighterEq / 4) * 20)} (1/3 per 4 or part of 4, UTD7.24)`,
    );
  if (pfs > 0)
    parts.push(
      `${pfs} PF${pfs === 1 ? '' : 's'} aboard ${mcText(Math.ceil(pfs / 2) * 30)} (1/2 per 2 or part of 2, UTD7.24)`,
    );
  return `${parts.join(' + ') || 'nothing'} = MC ${mcText(mcOfShips(ships, catalog))}`;
}

/**
 * UTD7.23: refuses when `ships`, as the fleet would be, pass the fleet limit (MC 5 unless
 * `fleet.maxMc` says otherwise; `limit` is `fleetLimit(state)`), saying how the total was
 * counted (ships, fighters, PFs) and which rule stops it; `rule` is the rule of the path that
 * checks it (an order's own limit rule, UTD7.23 by default).
 */
export function refuseOverFleetLimit(
  ships: readonly Ship[],
  catalog: UnitCatalog,
  limit: MoveClass,
  fleet: string,
  opts: { rule?: string; hint?: string } = {},
): void {
  if (mcOfShips(ships, catalog) <= limit) return;
  refuse(
    'fleet/move-cost-limit',
    opts.rule ?? 'UTD7.23',
    `${fleet} would hold ${describeFleetMc(ships, catalog)}; a fleet holds at most MC 5 (UTD7.23).`,
    opts.hint,
  );
}

/** A ship of `unitId` about to be built, as the fleet-MC count sees it: full of fighters and PFs, no condition recorded. */
export function newShipRecord(unitId: string): Ship {
  return {
    id: '',
    owner: '',
    unitId,
    fleetId: null,
    sector: '',
    crippled: false,
    wrecked: false,
    d94Used: false,
    captured: false,
    uninspected: false,
    bpv: '0',
  };
}

/** Fleet move class once a new ship of `unitId`, full of fighters and PFs, joins `ships` (UTD7.23 with 7.24 pooling). */
export function mcWithNewShip(ships: readonly Ship[], unitId: string, catalog: UnitCatalog): number {
  return mcOfShips([...ships, newShipRecord(unitId)], catalog);
}

/**
 * UTD7.23 with 7.24: refuses a change of fighters or PFs aboard that would take the fleet over MC 5
 * (more fighters deployed can add a third of a move class). `changed` maps ship ids to new conditions.
 */
export function checkFleetAfter(
  state: CampaignState,
  fleetId: string | null,
  changed: ReadonlyMap<string, ShipCondition>,
  catalog: UnitCatalog,
  rule: string,
): void {
  if (!fleetId) return;
  const ships = state.ships
    .filter((s) => s.fleetId === fleetId)
    .map((s) => (changed.has(s.id) ? { ...s, condition: changed.get(s.id)! } : s));
  const slot = state.fleets.find((f) => f.id === fleetId)?.slot ?? '?';
  refuseOverFleetLimit(ships, catalog, fleetLimit(state), `With these fighters and PFs aboard fleet ${slot}`, {
    rule,
    hint: 'Organize a ship out of the fleet first.',
  });
}
