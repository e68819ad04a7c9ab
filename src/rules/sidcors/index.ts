/**
 * SIDCORS quick battle resolution (F&E combat rounds; research digest §A.2.14), for Thunderdome III
 * battles that both sides agree to settle without playing SFB. Pure: dice come in as a DiceSource.
 */
export type { BothScouts, PerSide, Side, SidcorsFlags, SidcorsOptions, SidcorsUnit } from './types.ts';
export { BOTH_SCOUTS, SIDES, otherSide } from './types.ts';
export { RULE as SIDCORS_RULE } from './rules.ts';
export type { FactorSide, UnitFactors } from './factors.ts';
export { formatFactors, parseFactors } from './factors.ts';
export { COEFFICIENT_TABLE, coefficientFor, coefficientFormula, damageFor } from './tables.ts';
export { battleIntensityRating, intensityChooser } from './intensity.ts';
export type { CloakRoll } from './shifts.ts';
export { cloakShiftFor, mayUseCloak, rollCloak, scoutShifts, shiftDie } from './shifts.ts';
export type { DirectedOrder, DirectedResult, DirectedStep } from './directed.ts';
export { directDamage, directedCost, maulersForDirectedDamage } from './directed.ts';
export type { AllocationResult, AllocationStep, AppliedStep, CandidateStep, StandaloneAllocation } from './allocate.ts';
export { allocateDamage } from './allocate.ts';
export type {
  AllocationView,
  DieShift,
  DirectedPhase,
  MaulerBreakdown,
  RolledRound,
  RoundOrders,
  RoundResult,
  RoundSetup,
} from './round.ts';
export { checkAllocation, defaultAllocation, directedPhase, finishRound, resolveRound, rollRound } from './round.ts';
export type {
  BattleController,
  BattleEnd,
  BattleProgress,
  QuickBattleResult,
  QuickBattleSetup,
  UnitFate,
  UnitOutcome,
} from './battle.ts';
export { runQuickBattle } from './battle.ts';
export type { ComPotBreakdown, ComPotLine, FighterFate, UnitState, UnitStatus } from './force.ts';
export type { OddsAnswer, OddsRequest, OddsSimulation, UnitOdds } from './odds.ts';
export { ODDS_LIMITS, oddsSimulation, simulateOdds } from './odds.ts';
