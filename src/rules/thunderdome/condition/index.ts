/** Ship condition: towing (UTD6.3E), fighters and PFs (UTD6.3B, 7.24), resupply (UTD2.3(3)), self-repair (UTD7.53), refit fleet (UTD6.3J). */
export {
  CONDITION_ORDERS,
  CONDITION_COMMANDS,
  type ConditionCommand,
  type ConditionCommandType,
} from './commands.ts';
export { CONDITION_FOLDS } from './apply-condition.ts';
export type { ConditionEvent } from './events.ts';
export { attritionMc, attritionOf, carriesAttrition, complementOf, mcOfShips, type Attrition } from './attrition.ts';
export { conditionLabels } from './labels.ts';
export { checkTow, towCapacity } from './towing.ts';
export { currentDamageControl, isWreckSpeed, towingTractors, wreckThreshold } from './wreck.ts';
export type { ShipCondition } from './types.ts';
