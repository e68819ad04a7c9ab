/** Defenses (UTD6.3A revise, 6.3F scrap, 7.3 what and where, 7.4236 their move cost in battle, step 10 arrival). */
export { DEFENSE_ORDERS, type DefenseCommand, type DefenseCommandType } from './commands.ts';
export { DEFENSE_FOLDS, type DefenseEvent } from './apply-defense.ts';
export { defensesArriveStep } from './step.ts';
export { defenseStatus, type DefenseSectorStatus } from './status.ts';
export {
  attritionMcOf,
  battleMcOf,
  defenseBattleMc,
  defenseCategory,
  defensesIn,
  DEFENSE_ROLES,
  isDefenseBase,
  type DefenseCategory,
} from './kinds.ts';
export { checkSectorDefenses, DEFENDING_SHIPS, DEFENSE_LIMITS, type PlannedDefense } from './limits.ts';
export {
  defenseSite,
  defenseSiteProblem,
  GROUND_BASE_TERRAIN,
  hasGroundBaseSite,
  siteProblemText,
  supportingRfSite,
  supportingRfSiteProblem,
} from './sites.ts';
export { parseBuyList } from './revise.ts';
