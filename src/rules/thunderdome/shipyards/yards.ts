import { refuse } from '../../errors.ts';
import { findSector, hasDevelopedColony, sectorLabel } from '../lookup.ts';
import type { Base, CampaignState, TurnState } from '../state.ts';
import type { UnitCatalog, UnitInfo } from '../units.ts';

/**
 * What a shipyard is for the rules: the capital (a size-class-2 yard of capacity 2, UTD4.3234) and
 * every built shipyard. Capacities are whole sixtieths as in exact/move-class.ts (1/3 = 20); used
 * capacity may end in a half because a refit takes half a ship's MC (UTD6.3755), and halves are
 * exact in binary, so sums of them never drift.
 */
export interface YardInfo {
  base: Base;
  unit: UnitInfo | undefined;
  name: string;
  sizeClass: number;
  /** UTD6.372: capital 120, non-capital SC2 90 (120 when built as a capacity-2 yard, UTD6.3843), SC3 60, SC4 40. */
  capacity: number;
  /** UTD7.62: capital 5, SC2 4, SC3 3, SC4 2. */
  dryDocks: number;
  works: number | null;
  worksDestroyed: number;
}

/** UTD6.372 and UTD7.62 by size class, for catalogs that leave a yard's columns empty. */
const CHART: Record<number, { capacity: number; dryDocks: number }> = {
  2: { capacity: 90, dryDocks: 4 },
  3: { capacity: 60, dryDocks: 3 },
  4: { capacity: 40, dryDocks: 2 },
};

export function isYard(b: Base): boolean {
  return b.role === 'capital' || b.role === 'shipyard';
}

export function yardInfo(b: Base, catalog: UnitCatalog): YardInfo {
  const unit = catalog.get(b.unitId);
  const capital = b.role === 'capital';
  const sizeClass = capital ? 2 : (unit?.sizeClass ?? 4);
  const chart = CHART[sizeClass] ?? CHART[4]!;
  return {
    base: b,
    unit,
    name: capital ? 'capital' : (unit?.name ?? b.unitId),
    sizeClass,
    capacity: unit?.shipyardCapacity ?? (capital ? 120 : chart.capacity),
    dryDocks: unit?.dryDockPositions ?? (capital ? 5 : chart.dryDocks),
    works: unit?.worksBoxes ?? null,
    worksDestroyed: b.worksDestroyed ?? 0,
  };
}

/**
 * Whether the capital works as a shipyard where it stands (ISS-A117, `capital.actsOutsideColony`):
 * by default anywhere (it is not a yard "built at a colony", UTD6.38); when off, only in its
 * owner's home sector or a sector with its owner's developed colony.
 */
export function capitalActsAsYard(state: CampaignState, b: Base): boolean {
  if (b.role !== 'capital' || state.settings['capital.actsOutsideColony']) return true;
  const sector = state.map?.sectors.find((s) => s.key === b.sector);
  return sector !== undefined && (sector.homeOf === b.owner || hasDevelopedColony(sector, b.owner));
}

/** The player's yards (capital included), optionally in one sector; pending ones only if asked. */
export function yardsOf(
  state: CampaignState,
  playerId: string,
  catalog: UnitCatalog,
  opts: { sector?: string; withPending?: boolean } = {},
): YardInfo[] {
  return state.bases
    .filter(
      (b) =>
        isYard(b) &&
        b.owner === playerId &&
        (opts.sector === undefined || b.sector === opts.sector) &&
        (opts.withPending || !b.pending) &&
        capitalActsAsYard(state, b),
    )
    .map((b) => yardInfo(b, catalog));
}

export function yardLabel(state: CampaignState, y: YardInfo): string {
  return `${y.name} ${y.base.id} in ${sectorLabel(state, y.base.sector)}`;
}

/** ISS-A04: one order point activates every yard of a sector (`sector`, the rule text) or one yard (`shipyard`, the printed example). */
export function isActivated(turn: TurnState, y: YardInfo): boolean {
  return turn.yardActivations.includes(y.base.sector) || (turn.yardsActivated ?? []).includes(y.base.id);
}

/**
 * The capacity a yard has this turn, as the fraction num/den of sixtieths:
 * overhauled this turn → 0 (UTD6.3726); self-repairing a damaged yard → half (UTD6.3725, ISS-A28);
 * otherwise reduced in proportion to the works destroyed (UTD6.3724 read as ISS-A29), 0 with none intact.
 */
export function effectiveCapacity(
  turn: TurnState | null,
  y: YardInfo,
): { num: number; den: number; state: 'overhauled' | 'self-repairing' | 'damaged' | 'intact' } {
  if (turn && (turn.yardsOverhauled ?? []).includes(y.base.id)) return { num: 0, den: 1, state: 'overhauled' };
  if (y.worksDestroyed > 0 && y.works) {
    if (!(turn?.yardsForgoRepair ?? []).includes(y.base.id))
      return { num: y.capacity, den: 2, state: 'self-repairing' };
    const intact = Math.max(0, y.works - y.worksDestroyed);
    return { num: y.capacity * intact, den: y.works, state: 'damaged' };
  }
  return { num: y.capacity, den: 1, state: 'intact' };
}

export function capacityUsed(turn: TurnState | null, yardId: string): number {
  return turn?.yardUse?.[yardId] ?? 0;
}

/** True when `amount` sixtieths fit within the effective capacity (exact: cross-multiplied). */
export function withinEffective(turn: TurnState | null, y: YardInfo, amount: number): boolean {
  const eff = effectiveCapacity(turn, y);
  return amount * eff.den <= eff.num;
}

/** Capacity (num/den sixtieths, num possibly a half) as players read it: `2`, `2/3`, `7/5`, `1/8`. */
export function formatCapacity(num: number, den = 1): string {
  // In 120ths a half sixtieth is whole, so the fraction reduces exactly.
  const n = Math.round(num * 2);
  const d = den * 120;
  const g = gcd(n, d) || 1;
  return d / g === 1 ? String(n / g) : `${n / g}/${d / g}`;
}

function gcd(a: number, b: number): number {
  return b === 0 ? Math.abs(a) : gcd(b, a % b);
}

/** A yard by id (`B7`), or `capital`, among the player's yards; refuses with the list. */
export function yardByRef(
  state: CampaignState,
  playerId: string,
  catalog: UnitCatalog,
  ref: string,
  rule: string,
): YardInfo {
  const all = yardsOf(state, playerId, catalog, { withPending: true });
  const t = ref.trim().toLowerCase();
  let y = all.find((x) => x.base.id.toLowerCase() === t || (t === 'capital' && x.base.role === 'capital'));
  if (!y) {
    // A yard is also named by its sector, as `/yard activate sector:` named it (UTD6.372).
    const sector = findSector(state, ref.trim());
    const there = sector ? all.filter((x) => x.base.sector === sector.key) : [];
    if (there.length > 1)
      refuse(
        'yard/ambiguous',
        rule,
        `You have ${there.length} yards in ${sectorLabel(state, sector!.key)}: name one.`,
        `Your yards there: ${there.map((x) => yardLabel(state, x)).join(', ')}.`,
      );
    y = there[0];
  }
  if (!y)
    refuse(
      'yard/unknown',
      rule,
      `You have no shipyard \`${ref.slice(0, 20)}\`.`,
      all.length ? `Your yards: ${all.map((x) => yardLabel(state, x)).join(', ')}.` : 'You have no shipyard.',
    );
  return y;
}
