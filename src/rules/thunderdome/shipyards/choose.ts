import { refuse } from '../../errors.ts';
import { formatMoveClass } from '../../exact/move-class.ts';
import type { Decider } from '../decider.ts';
import { sectorLabel } from '../lookup.ts';
import type { Player, Ship, TurnState } from '../state.ts';
import {
  capacityUsed,
  effectiveCapacity,
  formatCapacity,
  isActivated,
  yardByRef,
  yardLabel,
  yardsOf,
  type YardInfo,
} from './yards.ts';

/** What one shipyard action asks of the yard that performs it. */
export interface YardNeed {
  /** What the player sees, e.g. "overhauling LYR-CA (S5)". */
  what: string;
  /** The smallest ship involved, as a size class (numerically the largest ship is the smallest number). */
  sizeClass: number;
  /** UTD6.3742/6.3754/6.3763/6.3774: the yard's capacity must reach the ship's MC ("size class *and* capacity"). */
  whereMc: number;
  /** Sixtieths of capacity the action uses this turn (UTD6.3721). */
  capacity: number;
  /** The rule cited for the size class and the "where performed" checks of this sub-action. */
  sizeRule: string;
  whereRule: string;
}

type Problem = [code: string, rule: string, message: string, hint?: string];

/**
 * Why this yard cannot do it, or null. One yard must have both the size class and the capacity:
 * yards never pool capacity for one ship (ISS-A92).
 */
function problemOf(d: Decider, turn: TurnState, y: YardInfo, need: YardNeed): Problem | null {
  const label = yardLabel(d.state, y);
  if (y.base.pending)
    return ['yard/not-ready', 'UTD6.382', `${label} is still being built; a new shipyard acts from your next turn.`];
  if (!isActivated(turn, y))
    return [
      'yard/not-activated',
      'UTD6.37',
      `${label} is not activated this turn.`,
      'Activate it with `/yard activate` (1 order point).',
    ];
  const eff = effectiveCapacity(turn, y);
  if (eff.state === 'overhauled')
    return ['yard/overhauled', 'UTD6.3726', `${label} is being overhauled this turn and takes no shipyard actions.`];
  if (eff.num === 0)
    return [
      'yard/no-works',
      'UTD6.3H',
      `Every works box of ${label} is destroyed and it forgoes its self-repair, so it cannot act.`,
    ];
  if (y.sizeClass > need.sizeClass) {
    return [
      'yard/size-class',
      need.sizeRule,
      `${label} is a size-class ${y.sizeClass} yard; ${need.what} needs size class ${need.sizeClass}. A yard handles ships of its own size class or smaller.`,
    ];
  }
  if (need.whereMc * eff.den > eff.num) {
    return [
      'yard/too-small',
      need.whereRule,
      `${need.what} needs a yard of capacity ${formatMoveClass(need.whereMc as never)}; ${label} has ${formatCapacity(eff.num, eff.den)} this turn.`,
    ];
  }
  const used = capacityUsed(turn, y.base.id);
  if ((used + need.capacity) * eff.den > eff.num) {
    return [
      'yard/capacity',
      'UTD6.3721',
      `${need.what} needs ${formatCapacity(need.capacity)} of ${label}'s capacity; ${formatCapacity(eff.num - used * eff.den, eff.den)} of ${formatCapacity(eff.num, eff.den)} is left this turn.`,
      'Unused capacity does not carry over (UTD6.3723); another activated yard may have room.',
    ];
  }
  return null;
}

/**
 * The yard that performs an action in `sector`: the one named, else the smallest activated yard
 * that can (so the big yards stay free for big ships), the fullest first among equals.
 */
export function chooseYard(
  d: Decider,
  p: Player,
  turn: TurnState,
  sector: string,
  need: YardNeed,
  ref?: string,
): YardInfo {
  const catalog = d.ctx.catalog;
  if (ref) {
    const y = yardByRef(d.state, p.id, catalog, ref, 'UTD6.37');
    if (y.base.sector !== sector)
      refuse(
        'yard/elsewhere',
        need.whereRule,
        `${yardLabel(d.state, y)} is not in ${sectorLabel(d.state, sector)}, where the work is to be done.`,
      );
    const problem = problemOf(d, turn, y, need);
    if (problem) refuse(...problem);
    return y;
  }
  const here = yardsOf(d.state, p.id, catalog, { sector, withPending: true });
  if (here.length === 0)
    refuse('yard/none-here', need.whereRule, `You have no shipyard in ${sectorLabel(d.state, sector)}.`);
  const judged = here.map((y) => ({ y, problem: problemOf(d, turn, y, need) }));
  const able = judged.filter((j) => !j.problem).map((j) => j.y);
  if (able.length === 0) {
    // Report the most telling refusal: that of the most capable yard.
    const best = [...judged].sort((a, b) => a.y.sizeClass - b.y.sizeClass || b.y.capacity - a.y.capacity)[0]!;
    refuse(...best.problem!);
  }
  return able.sort((a, b) => b.sizeClass - a.sizeClass || capacityLeft(turn, a) - capacityLeft(turn, b))[0]!;
}

function capacityLeft(turn: TurnState, y: YardInfo): number {
  const eff = effectiveCapacity(turn, y);
  return eff.num / eff.den - capacityUsed(turn, y.base.id);
}

/** The player's own ships named in a comma list, each once; refuses unknown ids with a hint. */
export function ownShips(d: Decider, p: Player, list: string, rule: string): Ship[] {
  const ids = [
    ...new Set(
      list
        .split(/[\s,]+/)
        .map((x) => x.trim().toUpperCase())
        .filter(Boolean),
    ),
  ];
  if (ids.length === 0) refuse('ship/none', rule, 'Name at least one ship.');
  return ids.map((id) => {
    const ship = d.state.ships.find((s) => s.id === id && s.owner === p.id);
    if (!ship)
      refuse(
        'ship/unknown',
        rule,
        `You have no ship \`${id.slice(0, 20)}\`.`,
        'See `/navy` for your ships and their ids.',
      );
    if (ship.unorganized)
      refuse(
        'capture/unorganized',
        'UTD6.3I2',
        `${ship.unitId} (${ship.id}) was just captured and must be organized first.`,
        'Use `/battle organize` (or `/yard dock`).',
      );
    return ship;
  });
}

/** The ships of one action must lie in one sector, that of the yard. */
export function oneSector(d: Decider, ships: Ship[], rule: string): string {
  const sectors = [...new Set(ships.map((s) => s.sector))];
  if (sectors.length > 1)
    refuse(
      'yard/ships-apart',
      rule,
      `The ships named are in different sectors (${sectors.map((k) => sectorLabel(d.state, k)).join(', ')}); one action works at one yard.`,
    );
  return sectors[0]!;
}
