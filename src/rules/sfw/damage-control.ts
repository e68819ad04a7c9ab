import type { DiceSource } from '../dice.ts';
import { refuse } from '../errors.ts';
import type { Band } from './percentile.ts';
import { lookupBand, rollPercentile } from './percentile.ts';
import type { SfwShipType } from './ship.ts';
import type { ActiveEffect, SfwShipState } from './ship-state.ts';
import type { SpecialDamageCode } from './special-damage.ts';

/**
 * Damage Control (Outline of Tactical Play step 10; digest C.2.7). Each surviving team declares a
 * repair type and rolls 00–99 on Table #2. Files: assets/tables/sfw/sfw_dct_table1.csv and _table2.csv.
 */
export const DCT_RULE = 'SFW Damage Control';

export interface DctRating {
  readonly teams: number;
  /** PU of damage per team lost (0 when the type has no teams). */
  readonly puPerTeam: number;
  /** Most PU the ship may repair in one battle. */
  readonly maxRepairPerBattle: number;
}

/** Table #1 for ships. Starfortresses have 1 team per LSS and no maximum (see fortress.ts). */
export const DCT_TABLE: Readonly<Record<SfwShipType, DctRating>> = {
  SGD: { teams: 4, puPerTeam: 80, maxRepairPerBattle: 40 },
  GD: { teams: 3, puPerTeam: 60, maxRepairPerBattle: 20 },
  GAC: { teams: 3, puPerTeam: 30, maxRepairPerBattle: 15 },
  GB: { teams: 2, puPerTeam: 30, maxRepairPerBattle: 10 },
  SC: { teams: 1, puPerTeam: 30, maxRepairPerBattle: 5 },
  SD: { teams: 1, puPerTeam: 15, maxRepairPerBattle: 3 },
  SB: { teams: 0, puPerTeam: 0, maxRepairPerBattle: 0 },
  SAPS: { teams: 0, puPerTeam: 0, maxRepairPerBattle: 0 },
  GTP: { teams: 0, puPerTeam: 0, maxRepairPerBattle: 0 },
  SF: { teams: 0, puPerTeam: 0, maxRepairPerBattle: 0 },
};

/**
 * Teams lost = ⌊highest damage ever / PU per team⌋, at most all of them. The text says "in excess
 * of", but its example loses the second GD team at exactly 120 = 2 × 60 (W4), so the threshold
 * itself kills a team. Lost teams never come back, even when repairs bring damage below it.
 */
export function dctTeamsLeft(type: SfwShipType, maxDamageTaken: number): number {
  const { teams, puPerTeam } = DCT_TABLE[type];
  if (teams === 0) return 0;
  return teams - Math.min(teams, Math.floor(maxDamageTaken / puPerTeam));
}

export const REPAIR_TYPES = ['of', 'df', 'speed', 'pu', 'turns'] as const;
export type RepairType = (typeof REPAIR_TYPES)[number];

export type RepairOutcome =
  | { readonly kind: 'none' }
  | { readonly kind: 'factors'; readonly n: number }
  | { readonly kind: 'pu'; readonly n: number }
  | { readonly kind: 'turns'; readonly n: number }
  | { readonly kind: 'of-lost' }
  | { readonly kind: 'df-lost' }
  | { readonly kind: 'explodes' };

const b = (from: number, to: number, value: RepairOutcome): Band<RepairOutcome> => ({ from, to, value });
const NONE: RepairOutcome = { kind: 'none' };

/**
 * Table #2. The digest says Turn Reduction stops at 97 (W7, S22), but the source text does print
 * "98-99 Damage Duration reduced by two turns", so that row is used here.
 */
export const REPAIR_TABLE: Readonly<Record<RepairType, readonly Band<RepairOutcome>[]>> = {
  of: [
    b(0, 87, NONE),
    b(88, 94, { kind: 'factors', n: 1 }),
    b(95, 98, { kind: 'factors', n: 2 }),
    b(99, 99, { kind: 'of-lost' }),
  ],
  df: [
    b(0, 84, NONE),
    b(85, 93, { kind: 'factors', n: 1 }),
    b(94, 97, { kind: 'factors', n: 2 }),
    b(98, 99, { kind: 'df-lost' }),
  ],
  speed: [
    b(0, 85, NONE),
    b(86, 90, { kind: 'factors', n: 1 }),
    b(91, 96, { kind: 'factors', n: 2 }),
    b(97, 99, { kind: 'explodes' }),
  ],
  pu: [
    b(0, 78, NONE),
    b(79, 89, { kind: 'pu', n: 2 }),
    b(90, 94, { kind: 'pu', n: 3 }),
    b(95, 98, { kind: 'pu', n: 4 }),
    b(99, 99, { kind: 'pu', n: 6 }),
  ],
  turns: [b(0, 88, NONE), b(89, 97, { kind: 'turns', n: 1 }), b(98, 99, { kind: 'turns', n: 2 })],
};

export function repairOutcome(type: RepairType, roll: number): RepairOutcome {
  return lookupBand(REPAIR_TABLE[type], roll, `${DCT_RULE} Table #2`);
}

export interface RepairDeclaration {
  readonly type: RepairType;
  /** Turn Reduction: the timed effect to shorten; default the one with the most turns left. */
  readonly effectId?: number;
}

export interface RepairResult {
  readonly state: SfwShipState;
  readonly roll: number;
  readonly outcome: RepairOutcome;
  /** What actually changed: factors restored, PU repaired after the caps, turns removed. */
  readonly applied: number;
}

/** Factor repairs reduce the special-damage penalty of their kind (Rec.): OF −2 (86), speed −2 (88–89), DF −2 (95–96). */
const FACTOR_EFFECT: Record<'of' | 'df' | 'speed', SpecialDamageCode> = {
  of: 'of-minus-2',
  df: 'df-minus-2',
  speed: 'speed-minus-2',
};

function restoreFactors(
  state: SfwShipState,
  code: SpecialDamageCode,
  n: number,
): { state: SfwShipState; applied: number } {
  let left = n;
  const effects: ActiveEffect[] = [];
  for (const e of state.effects) {
    if (e.code === code && left > 0) {
      const cut = Math.min(left, e.size);
      left -= cut;
      if (e.size - cut > 0) effects.push({ ...e, size: e.size - cut });
    } else {
      effects.push(e);
    }
  }
  return { state: { ...state, effects }, applied: n - left };
}

function shortenEffect(
  state: SfwShipState,
  n: number,
  effectId: number | undefined,
  turn: number,
): { state: SfwShipState; applied: number } {
  const timed = state.effects.filter((e) => e.lastTurn !== null && e.lastTurn >= turn);
  if (effectId !== undefined && !timed.some((e) => e.id === effectId)) {
    refuse(
      'sfw/no-timed-effect',
      DCT_RULE,
      `Effect ${effectId} is not a timed special-damage effect still in force.`,
      'Turn Reduction works on attack-craft loss (90–91), laser dynamo (94) and shields (95–96).',
    );
  }
  const target =
    effectId !== undefined
      ? timed.find((e) => e.id === effectId)
      : [...timed].sort((x, y) => y.lastTurn! - x.lastTurn!)[0];
  if (!target) return { state, applied: 0 };
  const lastTurn = target.lastTurn! - n;
  const effects = state.effects.flatMap((e) =>
    e.id !== target.id ? [e] : lastTurn <= e.rolledOnTurn ? [] : [{ ...e, lastTurn }],
  );
  return { state: { ...state, effects }, applied: n };
}

/**
 * Applies one team's roll. PU repairs never raise PU above the original maximum and never take
 * the battle's total above Table #1's maximum (the text's 34-PU GD repair exceeds its 20 cap, W3).
 */
export function applyRepair(
  state: SfwShipState,
  shipType: SfwShipType,
  declaration: RepairDeclaration,
  roll: number,
  turn: number,
): RepairResult {
  if (state.destroyed) refuse('sfw/destroyed', DCT_RULE, 'The ship is destroyed; nothing can be repaired.');
  const outcome = repairOutcome(declaration.type, roll);
  const done = (next: SfwShipState, applied: number): RepairResult => ({ state: next, roll, outcome, applied });
  switch (outcome.kind) {
    case 'none':
      return done(state, 0);
    case 'of-lost':
      return done({ ...state, ofLost: true }, 0);
    case 'df-lost':
      return done({ ...state, dfLost: true }, 0);
    case 'explodes':
      return done({ ...state, destroyed: true }, 0);
    case 'pu': {
      const room = DCT_TABLE[shipType].maxRepairPerBattle - state.puRepaired;
      const applied = Math.max(0, Math.min(outcome.n, state.damage, room));
      return done({ ...state, damage: state.damage - applied, puRepaired: state.puRepaired + applied }, applied);
    }
    case 'turns': {
      const r = shortenEffect(state, outcome.n, declaration.effectId, turn);
      return done(r.state, r.applied);
    }
    case 'factors': {
      const kind = declaration.type as 'of' | 'df' | 'speed';
      const r = restoreFactors(state, FACTOR_EFFECT[kind], outcome.n);
      return done(r.state, r.applied);
    }
  }
}

/** A whole repair phase: one roll per declaration, no more declarations than surviving teams. */
export function rollRepairs(
  state: SfwShipState,
  shipType: SfwShipType,
  declarations: readonly RepairDeclaration[],
  dice: DiceSource,
  turn: number,
  label = 'ship',
): RepairResult[] {
  const teams = dctTeamsLeft(shipType, state.maxDamageTaken);
  if (declarations.length > teams) {
    refuse(
      'sfw/too-many-repairs',
      DCT_RULE,
      `${label} has ${teams} damage-control team${teams === 1 ? '' : 's'} left but ${declarations.length} repairs were declared.`,
    );
  }
  const results: RepairResult[] = [];
  let current = state;
  for (const d of declarations) {
    if (current.destroyed) break;
    const r = applyRepair(current, shipType, d, rollPercentile(dice, `SFW damage control ${d.type}: ${label}`), turn);
    results.push(r);
    current = r.state;
  }
  return results;
}
