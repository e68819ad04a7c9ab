/** Battle setup (UTD7.45): terrain, warp points, start areas, and the battle card text. */
export type { Direction, Hex } from './hex.ts';
export {
  CENTRE,
  CENTRE_HEX,
  DIRECTIONS,
  MAP_SIZE,
  centreOf,
  directionOf,
  distance,
  euclid,
  formatHex,
  hexesWithin,
  move,
  neighbours,
  onMap,
  parseHex,
  ring,
  sameHex,
} from './hex.ts';
export type {
  Body,
  GasGiantMoon,
  PlacedTerrain,
  PointDice,
  PointKind,
  TerrainPlacementInput,
} from './terrain-placement.ts';
export {
  COMET_NUCLEUS,
  bodiesOf,
  cometTail,
  componentsOf,
  gasGiantEdge,
  gasGiantHexes,
  overlayName,
  placeTerrain,
} from './terrain-placement.ts';
export type { Lane, WarpPoint } from './warp-points.ts';
export { colocated, placeWarpPoint, placeWarpPoints } from './warp-points.ts';
export type { Position, PositionRoll, RingPlan, Side, StartArea } from './start-areas.ts';
export {
  DANGER_CLEARANCE,
  POSITION_A_HEX,
  POSITION_B_HEX,
  START_RADIUS,
  START_RANGE,
  assignRing,
  excludedRingHexes,
  planRing,
  startRing,
  twoSideStarts,
} from './start-areas.ts';
export type { BattleSetup, BattleSetupInput } from './generate.ts';
export { generateBattleSetup, terrainDeletionRefusal } from './generate.ts';
export { CARD_TEXT_LIMIT, battleCardText, md } from './card-text.ts';
