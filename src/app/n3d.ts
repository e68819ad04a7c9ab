import { z } from 'zod';
import { refuse, RuleViolation } from '../rules/errors.ts';
import {
  newEngagement,
  orientation,
  parseDegrees,
  parseEngagement,
  placePickup,
  placeUnitFromHex,
  TURN_MODE_CLASSES,
  type Engagement,
  type ImpulsePlot,
  type NewUnit,
  type Tac,
  type TurnMode,
  type TurnModeClass,
} from '../rules/n3d/index.ts';
import {
  CENTRE,
  DIRECTIONS,
  euclid,
  formatHex,
  move,
  onMap,
  parseHex,
  ring,
  START_RADIUS,
  type Direction,
} from '../rules/thunderdome/battle-setup/index.ts';
import { speakerOf, unitName } from '../rules/thunderdome/battles/common.ts';
import type { Battle, CampaignState } from '../rules/thunderdome/index.ts';
import type { UnitCatalog } from '../rules/thunderdome/units.ts';
import { aidColumn } from './catalog-columns.ts';

/**
 * The 'n3D aid of a battle as the app keeps it (Battle aids in docs/rules-notes.md): the stored engagement with its secret
 * plots, the plot syntax players type, and the engagement set up from the battle card. The
 * `/n3d` command only reads options, calls these and presents the outcome.
 */

/** Speed, thrust and tactical manoeuvre an owner plotted; secret until the impulses run. */
export interface EnergyPlot {
  speed?: number;
  thrust?: number;
  tac?: Tac;
}

// ---- The stored aid ----

/** The private aid: the engagement (plots included) and the speed/thrust/TAC each owner plotted. */
export interface N3dAid {
  engagement: Engagement;
  /** Secret energy choices, applied when the next impulses run. */
  pending: Record<string, EnergyPlot>;
}

const pendingSchema = z.record(
  z.string(),
  z.object({
    speed: z.number().int().min(0).optional(),
    thrust: z.number().int().min(0).optional(),
    tac: z.enum(['none', 'sublight', 'warp', 'both']).optional(),
  }),
);

export function parseN3dAid(json: unknown): N3dAid {
  const j = (json ?? {}) as { engagement?: unknown; pending?: unknown };
  const e = parseEngagement(j.engagement);
  if (!e.ok) throw new RuleViolation(e.error);
  const pending = pendingSchema.safeParse(j.pending ?? {});
  if (!pending.success) refuse('n3d/bad-state', 'A3.15', 'The stored secret energy plots are not valid.');
  return { engagement: e.value, pending: pending.data as Record<string, EnergyPlot> };
}

/** A battle reference as the subject of its aid row: "43" and "k43" are K43, as battleByRef reads them. */
export function battleSubject(ref: string): string {
  const id = ref.trim().toUpperCase().replace(/^#/, '');
  return /^\d+$/.test(id) ? `K${id}` : id;
}

const PLOT_EXAMPLE = 'e.g. "0,3,0 x4; straight x2; het 0,90,0" (pitch, yaw, roll in degrees; yaw + = left)';

/** `0,3,0 x4; straight; het 0,90,0`: one entry per impulse, `xN` repeats it. */
export function parsePlot(text: string): ImpulsePlot[] {
  const out: ImpulsePlot[] = [];
  for (const raw of text.split(/[;|]/)) {
    let entry = raw.trim().toLowerCase();
    if (!entry) continue;
    let times = 1;
    const rep = /\s*[x×*]\s*(\d{1,2})$/.exec(entry);
    if (rep) {
      times = Number(rep[1]);
      entry = entry.slice(0, rep.index).trim();
    }
    const het = entry.startsWith('het');
    const body = het ? entry.slice(3).trim() : entry;
    const angles =
      body === 'straight' || body === ''
        ? het
          ? null
          : [0, 0, 0]
        : body
            .split(/[\s,]+/)
            .filter(Boolean)
            .map((a) => parseDegrees(a));
    if (angles?.length !== 3 || angles.some((a) => a === null) || times < 1) {
      refuse('n3d/bad-plot', 'C1.4', `"${raw.trim().slice(0, 40)}" is not a plotted impulse.`, PLOT_EXAMPLE);
    }
    const [pitch, yaw, roll] = angles as [number, number, number];
    const step: ImpulsePlot = het ? { het: orientation(pitch, yaw, roll) } : { turn: { pitch, yaw, roll } };
    for (let k = 0; k < times; k++) out.push(step);
    if (out.length > 32) refuse('n3d/plot-length', 'C1.4', 'A plot covers 1 to 32 impulses.');
  }
  if (out.length === 0) refuse('n3d/bad-plot', 'C1.4', 'The plot is empty.', PLOT_EXAMPLE);
  return out;
}

export function classMode(c: string): TurnMode {
  return { kind: 'class', class: c as TurnModeClass };
}

// ---- Setup from the battle card ----

/** Hexes for `n` units of one side: the start hex, then its rings outwards (UTD7.451: within 3 hexes). */
export function placementHexes(startHex: string, n: number): string[] {
  const start = parseHex(startHex);
  const hexes = [0, 1, 2, 3].flatMap((r) => ring(start, r)).filter(onMap);
  if (n > hexes.length)
    refuse(
      'n3d/too-many-to-place',
      'UTD7.451',
      `${n} units do not fit in the ${hexes.length} hexes within ${START_RADIUS} of ${startHex}.`,
      'Use `pickup:true`, or place the rest with `/n3d unit add`.',
    );
  return hexes.slice(0, n).map(formatHex);
}

/** The hex facing that points most nearly at the map's centre (3030), where the battle is. */
export function facingTowardCentre(startHex: string): Direction {
  const start = parseHex(startHex);
  let best: Direction = 'A';
  let bestDist = Infinity;
  for (const d of DIRECTIONS) {
    const dist = euclid(move(start, d), CENTRE);
    if (dist < bestDist) [best, bestDist] = [d, dist];
  }
  return best;
}

interface SetupUnit extends Omit<NewUnit, 'pos' | 'facing'> {
  side: string;
}

function battleUnits(
  state: CampaignState,
  b: Battle,
  catalog: UnitCatalog,
  fallback: TurnModeClass | null,
): SetupUnit[] {
  const units: SetupUnit[] = [];
  const missing: string[] = [];
  for (const p of b.participants) {
    const owner = speakerOf(b, p.side);
    if (!owner)
      refuse(
        'n3d/no-runner',
        'UTD5.431',
        `The NPE in battle ${b.id} has no runner to plot its units yet.`,
        'Volunteer with `/battle volunteer`.',
      );
    if (p.units.length === 0)
      refuse(
        'n3d/no-fleet',
        'UTD7.421',
        `A side of battle ${b.id} has not chosen its fighting fleet yet.`,
        'Name it with `/battle fleet`.',
      );
    for (const id of p.units) {
      const ship = state.ships.find((s) => s.id === id);
      const base = ship ? undefined : state.bases.find((x) => x.id === id);
      const unitId = ship?.unitId ?? base?.unitId ?? b.npe?.force.find((f) => f.id === id)?.unitId;
      const column = aidColumn(unitId ? catalog.get(unitId) : undefined, 'turnModeClass');
      const known = column && (TURN_MODE_CLASSES as readonly string[]).includes(column) ? column : undefined;
      // A base never uses a turn mode: it rotates at a fixed rate (C3.7).
      const turnMode = known ?? fallback ?? (base ? 'F' : undefined);
      if (!turnMode) missing.push(unitName(state, id));
      units.push({
        side: p.side,
        id,
        name: unitName(state, id).slice(0, 80),
        owner,
        kind: base ? 'base' : 'ship',
        turnMode: classMode(turnMode ?? 'F'),
      });
    }
  }
  if (missing.length > 0) {
    refuse(
      'n3d/no-turn-mode',
      'C3.31',
      `The catalog has no turn_mode_class for ${missing.join(', ')}, so their turn limits are unknown.`,
      'Give `turn_mode:` for them (e.g. turn_mode:D), or import a catalog with the turn_mode_class column.',
    );
  }
  return units;
}

export function setupEngagement(
  state: CampaignState,
  b: Battle,
  catalog: UnitCatalog,
  opts: { pickup: boolean; turnMode: TurnModeClass | null },
): { engagement: Engagement; how: string } {
  const units = battleUnits(state, b, catalog, opts.turnMode);
  const strip = ({ side: _side, ...u }: SetupUnit): Omit<NewUnit, 'pos' | 'facing'> => u;
  if (opts.pickup) {
    const sides = [...new Set(units.map((u) => u.side))];
    if (sides.length !== 2)
      refuse(
        'n3d/pickup-sides',
        'S3D2.1',
        `A pickup placement is for two fleets; battle ${b.id} has ${sides.length} sides.`,
      );
    const e = placePickup(
      newEngagement(),
      units.filter((u) => u.side === sides[0]).map(strip),
      units.filter((u) => u.side === sides[1]).map(strip),
    );
    return { engagement: e, how: 'pickup placement, S3D2.1' };
  }
  const setup = b.setup;
  if (!setup)
    refuse(
      'n3d/no-setup-card',
      'UTD7.45',
      `Battle ${b.id} has no setup card yet, so there are no start hexes.`,
      'Wait for both fleets to be chosen, or use `pickup:true`.',
    );
  let e = newEngagement();
  for (const side of [...new Set(units.map((u) => u.side))]) {
    const start = setup.starts.find((s) => s.sideId === side);
    if (!start)
      refuse(
        'n3d/no-start',
        'UTD7.451',
        `The setup card of battle ${b.id} has no start hex for a side.`,
        'Use `pickup:true`.',
      );
    const mine = units.filter((u) => u.side === side);
    const hexes = placementHexes(start.hex, mine.length);
    const facing = facingTowardCentre(start.hex);
    mine.forEach((u, k) => (e = placeUnitFromHex(e, { ...strip(u), hex: hexes[k]!, hexFacing: facing })));
  }
  return { engagement: e, how: 'from the setup card start hexes, S3D1' };
}
