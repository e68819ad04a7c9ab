import { refuse } from '../errors.ts';
import { parseFactors } from './factors.ts';
import type { FactorSide, UnitFactors } from './factors.ts';
import { RULE } from './rules.ts';
import type { ResolvedOptions, Side, SidcorsFlags, SidcorsUnit } from './types.ts';

export type UnitStatus = 'undamaged' | 'crippled' | 'destroyed';

/** A unit during a round: its parsed factors, its state, and its fighters with and without a carrier. */
export interface UnitState {
  readonly id: string;
  readonly side: Side;
  readonly factorText: string;
  readonly factors: UnitFactors;
  readonly flags: SidcorsFlags;
  /** Position in the caller's roster: the tie-break wherever the engine must choose. */
  readonly order: number;
  status: UnitStatus;
  /** Fighter/PF factors aboard. */
  fighters: number;
  /** Fighter/PF factors whose carrier was crippled or destroyed this round: "transfer or die". */
  orphans: number;
}

export function buildForces(units: readonly SidcorsUnit[]): UnitState[] {
  const seen = new Set<string>();
  return units.map((u, order) => {
    if (seen.has(u.id))
      refuse('sidcors/duplicate-unit', RULE.comPot, `Unit id \`${u.id}\` appears twice in the battle.`);
    seen.add(u.id);
    if (u.side !== 'A' && u.side !== 'B')
      refuse('sidcors/bad-side', RULE.comPot, `Unit \`${u.id}\` must be on side A or B.`);
    const factors = parseFactors(u.factors);
    if (u.crippled && factors.crippled === null) {
      refuse(
        'sidcors/no-crippled-side',
        RULE.factors,
        `Unit \`${u.id}\` (${u.factors}) has no crippled side, so it cannot be crippled: such units are destroyed when damaged.`,
      );
    }
    const side = u.crippled ? factors.crippled! : factors.uncrippled;
    const fighters = u.fighters ?? side.fighters;
    if (!Number.isInteger(fighters) || fighters < 0 || fighters > side.fighters) {
      refuse(
        'sidcors/bad-fighters',
        RULE.factors,
        `Unit \`${u.id}\` cannot carry ${fighters} fighter factors; its ${u.crippled ? 'crippled' : 'uncrippled'} side holds 0–${side.fighters}.`,
      );
    }
    const ew = u.flags?.ew;
    if (ew !== undefined && (!Number.isInteger(ew) || ew < 0))
      refuse('sidcors/bad-ew', RULE.scouts, `Unit \`${u.id}\` has EW ${ew}; EW is a whole number ≥ 0.`);
    return {
      id: u.id,
      side: u.side,
      factorText: u.factors,
      factors,
      flags: u.flags ?? {},
      order,
      status: u.crippled ? 'crippled' : 'undamaged',
      fighters,
      orphans: 0,
    };
  });
}

export function cloneStates(states: readonly UnitState[]): UnitState[] {
  return states.map((s) => ({ ...s }));
}

export function isAlive(u: UnitState): boolean {
  return u.status !== 'destroyed';
}

/** The factor side in use now; a destroyed unit keeps reporting the side it died on. */
export function currentFactors(u: UnitState): FactorSide {
  return u.status === 'crippled' ? u.factors.crippled! : u.factors.uncrippled;
}

export function fighterCapacity(u: UnitState): number {
  return isAlive(u) ? currentFactors(u).fighters : 0;
}

export function sideUnits(states: readonly UnitState[], side: Side): UnitState[] {
  return states.filter((u) => u.side === side);
}

/**
 * "There must be two non-mauler ships in the Battle Force for each mauler." With n other units,
 * ⌊n/2⌋ maulers are accompanied; the engine gives the escort to the maulers that gain most from it
 * (uncrippled first, then the largest attack factor, then roster order).
 */
export function accompaniedMaulers(states: readonly UnitState[], side: Side): Set<string> {
  const living = sideUnits(states, side).filter(isAlive);
  const maulers = living.filter((u) => u.flags.mauler === true);
  const escorts = living.length - maulers.length;
  const ranked = [...maulers].sort(
    (a, b) =>
      Number(a.status === 'crippled') - Number(b.status === 'crippled') ||
      currentFactors(b).attack - currentFactors(a).attack ||
      a.order - b.order,
  );
  return new Set(ranked.slice(0, Math.floor(escorts / 2)).map((u) => u.id));
}

/** Attack factor this round: CA when crippled, halved (floor, digest V23) for an unaccompanied mauler. */
export function attackOf(u: UnitState, accompanied: ReadonlySet<string>): number {
  const printed = currentFactors(u).attack;
  return u.flags.mauler === true && !accompanied.has(u.id) ? Math.floor(printed / 2) : printed;
}

export interface ComPotLine {
  unitId: string;
  attack: number;
  fighters: number;
  /** True for a mauler whose attack factor was halved because it lacks two escorts. */
  halvedMauler: boolean;
}

export interface ComPotBreakdown {
  total: number;
  lines: ComPotLine[];
}

/** Combat Potential: the sum of the attack factors of the side's surviving units (and fighter factors, digest V24). */
export function comPotOf(states: readonly UnitState[], side: Side, options: ResolvedOptions): ComPotBreakdown {
  const accompanied = accompaniedMaulers(states, side);
  const lines = sideUnits(states, side)
    .filter(isAlive)
    .map((u) => ({
      unitId: u.id,
      attack: attackOf(u, accompanied),
      fighters: options.fightersInComPot ? u.fighters : 0,
      halvedMauler: u.flags.mauler === true && !accompanied.has(u.id),
    }));
  return { total: lines.reduce((sum, l) => sum + l.attack + l.fighters, 0), lines };
}

/**
 * Cripples a unit: its fighters beyond the crippled side's (CF) lose their carrier. A unit with no
 * crippled side is destroyed instead.
 */
export function crippleUnit(u: UnitState): void {
  if (u.status !== 'undamaged') throw new Error(`cripple of ${u.id} in status ${u.status}`);
  if (u.factors.crippled === null) {
    destroyUnit(u);
    return;
  }
  u.status = 'crippled';
  const room = u.factors.crippled.fighters;
  if (u.fighters > room) {
    u.orphans += u.fighters - room;
    u.fighters = room;
  }
}

export function destroyUnit(u: UnitState): void {
  if (u.status === 'destroyed') throw new Error(`destroy of ${u.id} twice`);
  u.status = 'destroyed';
  u.orphans += u.fighters;
  u.fighters = 0;
}

/** One fighter factor lost: carrierless ones first, since they die at the end of the round unless transferred. */
export function loseFighter(u: UnitState): void {
  if (u.orphans > 0) u.orphans--;
  else if (u.fighters > 0) u.fighters--;
  else throw new Error(`no fighters left on ${u.id}`);
}

export interface FighterFate {
  /** Carrierless fighter factors moved to another carrier with room, by receiving unit. */
  transferred: { from: string; to: string; count: number }[];
  /** Carrierless fighter factors lost for want of room, by former carrier. */
  lost: { from: string; count: number }[];
}

/**
 * "Transfer or die": at the end of the round every carrierless fighter factor moves to a surviving
 * unit of its side with room under its fighter factor (roster order), and the rest are lost.
 */
export function transferOrDie(states: UnitState[], side: Side): FighterFate {
  const fate: FighterFate = { transferred: [], lost: [] };
  const mine = sideUnits(states, side);
  for (const from of mine) {
    for (const to of mine) {
      if (from.orphans === 0) break;
      const room = fighterCapacity(to) - to.fighters;
      if (room <= 0) continue;
      const count = Math.min(room, from.orphans);
      to.fighters += count;
      from.orphans -= count;
      fate.transferred.push({ from: from.id, to: to.id, count });
    }
    if (from.orphans > 0) {
      fate.lost.push({ from: from.id, count: from.orphans });
      from.orphans = 0;
    }
  }
  return fate;
}

/** Back to the caller's unit records: survivors with their new state (destroyed units are left out). */
export function toUnits(states: readonly UnitState[]): SidcorsUnit[] {
  return states.filter(isAlive).map((u) => {
    const unit: SidcorsUnit = {
      id: u.id,
      side: u.side,
      factors: u.factorText,
      crippled: u.status === 'crippled',
      fighters: u.fighters,
    };
    if (Object.keys(u.flags).length > 0) unit.flags = u.flags;
    return unit;
  });
}
