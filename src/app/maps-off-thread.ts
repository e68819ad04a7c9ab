import { deserialize } from 'node:v8';
import { renderPicture } from '../render/pool.ts';
import { generateSeededMap, type MapSpec, type SeededMapRequest } from '../rules/thunderdome/map/index.ts';

/**
 * Thrown by the generator `mapsOffThread` gives the rules when they ask for a map it has not made
 * yet: the command's ruling stops there, the map is made in a worker, and the ruling is made again.
 */
class MapWanted extends Error {
  constructor(readonly request: SeededMapRequest) {
    super('a generated map is being made off the event loop');
  }
}

/**
 * The maps of one command's rulings, made in a render worker (render/jobs.ts `map-generate`), the
 * bot's thread for long pure work: generating a 300-sector map takes 150–300 ms of CPU, which held
 * every other interaction, the timers and the gateway's heartbeat (docs/performance.md, "Nothing
 * blocks the event loop"). The rules stay synchronous: the first ruling that asks for a map stops
 * (`MapWanted`), `made` has the worker make it, and the next ruling finds it. The rules are pure and
 * the map is a function of its request, so the second ruling is the one an in-place map would give.
 */
export function mapsOffThread(): {
  generateMap: (request: SeededMapRequest) => MapSpec;
  /** Whether `err` was a ruling stopped for a map, now made: then the ruling is made again. */
  made(err: unknown): Promise<boolean>;
} {
  // A map made, or the generator's refusal of its size (a RangeError the rules word as a refusal);
  // made when a ruling first asks for a map, which almost none does.
  let maps: Map<string, MapSpec | RangeError> | undefined;
  const keyOf = (r: SeededMapRequest) => `${r.players}/${r.sectorsPerPlayer}/${r.seed}`;
  return {
    generateMap(request) {
      const map = maps?.get(keyOf(request));
      if (map instanceof RangeError) throw map;
      if (map) return map;
      throw new MapWanted(request);
    },
    async made(err) {
      if (!(err instanceof MapWanted)) return false;
      const { request } = err;
      let map: MapSpec | RangeError;
      try {
        map = deserialize(await renderPicture({ kind: 'map-generate', request })) as MapSpec;
      } catch {
        // A worker that failed (a refused size, a crash, a time-out) costs the event loop, not the
        // command: the map is made here, as the rules would make it.
        try {
          map = generateSeededMap(request);
        } catch (refusal) {
          if (!(refusal instanceof RangeError)) throw refusal;
          map = refusal;
        }
      }
      maps ??= new Map();
      maps.set(keyOf(request), map);
      return true;
    },
  };
}
