/** The campaign map: types, import/export, graph queries, fairness figures and the generator. */
export type { FairnessReport, Lane, MapSector, MapSpec, PlayerFairness } from './types.ts';
export { MAP_LIMITS, REACH_RADII } from './types.ts';
export type { MapGraph } from './graph.ts';
export {
  areAdjacent,
  buildGraph,
  components,
  distancesFromIndex,
  laneLabel,
  neighbours,
  shortestDistances,
} from './graph.ts';
export type { Point } from './geometry.ts';
export { countCrossings } from './geometry.ts';
export type { MapIssue, MapParseResult } from './import.ts';
export { mapFileSchema, parseMapJson, serialiseMap, validateMap } from './import.ts';
export { FAIRNESS_WEIGHTS, fairnessReport, fairnessScore } from './fairness.ts';
export type { GenerateOptions, GeneratedMap, MapGenerator, SeededMapRequest } from './generate.ts';
export {
  GENERATOR_DEFAULTS,
  generateMap,
  generateSeededMap,
  sectorsPerPlayerRange,
  targetSpacing,
} from './generate.ts';
