/** Shipyards (UTD6.37–6.38, 6.3H, 4.336), dry dock (UTD7.6, 6.3I5) and repairs (UTD4.335, 6.39, 7.5). */
export { YARD_ORDERS, type YardCommand, type YardCommandType } from './commands.ts';
export { YARD_FOLDS, type YardEvent } from './apply-yard.ts';
export { newConstructionStep } from './step.ts';
export { freeDockIn } from './placement.ts';
export { yardStatus, type YardStatus } from './status.ts';
export { effectiveCapacity, formatCapacity, isYard, yardInfo, yardsOf, type YardInfo } from './yards.ts';
export {
  chargeLine,
  conversionCapacity,
  conversionCost,
  inspectionCost,
  overhaulCost,
  refitCapacity,
  refitCost,
  type Rounding,
} from './costs.ts';
