/** Legendary officers (UTD7.26A, 8.23), outstanding crews (UTD7.26B), CO pools (UTD7.A2, 7.A6), extra drones (UTD7.A83) and minesweeper mines (UTD8.253). */
export { OFFICER_ORDERS, OFFICER_COMMAND_TYPES, type OfficerCommand, type OfficerCommandType } from './commands.ts';
export { OFFICER_FOLDS, officerLosses, settleOfficerLosses } from './apply-officers.ts';
export type { OfficerEvent, OfficerLoss } from './events.ts';
export { coPool, squadronCoPool, unitCoPool, CO_POOL_PCT } from './co-pool.ts';
export { baseDroneLimit, explainDroneLimit, extraDroneCost, extraDroneLimit } from './drones.ts';
export { carriedMines, minesweeperAllowance } from './mines.ts';
export { crewIneligible, officerIneligible } from './eligibility.ts';
export { crewCost, officerCost, transferSurcharge } from './costs.ts';
export { officersInFleet, refuseSecondOfficer } from './fleet-limit.ts';
export { LEGENDARY_OFFICER_TYPES, officerName, parseOfficerType, type LegendaryOfficerType } from './types.ts';
export { extraDronePrice } from './drone-purchase.ts';
