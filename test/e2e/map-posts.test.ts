import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LineResult } from '../../src/playground/playground.ts';
import { playLines, triangleCampaignLines } from '../helpers/playground.ts';

/**
 * Map posts after changes (UTD1.12) end to end: the real bot on the Discord stand-in (through the playground, whose
 * `!advance` moves the virtual clock and runs the bot's tick). Five quick map changes by alice,
 * then the map is posted once in the channel after the quiet period, and not again.
 */
const SETUP = triangleCampaignLines({
  seed: 7,
  name: 'Map Posts',
  admin: false,
  aliceBuys: ['unit:LYR-CA fleet:1', 'unit:LYR-FF fleet:2'],
});
const BURST = [
  '@alice /move fleet:1 to:A',
  '@alice /move fleet:2 to:B',
  '@alice /turn undo',
  '@alice /move fleet:2 to:B',
  '@alice /move fleet:1 to:X',
];
const AFTER = ['!advance 10s', '!advance 25s', '!advance 1h'];

const isMapPost = (p: LineResult['posts'][number]) =>
  p.content.startsWith('🗺️ The map of') && p.files.some((f) => f.endsWith('map.png'));

describe('the map is posted after changes, once per burst (UTD1.12)', () => {
  let results: LineResult[];
  let cleanup: () => void;
  beforeAll(async () => {
    ({ results, cleanup } = await playLines([...SETUP, ...BURST, ...AFTER]));
  }, 120_000);
  afterAll(() => cleanup?.());

  const at = (input: string) => results.find((r) => r.input === input)!;

  it('the five orders succeed and none of them posts a map by itself', () => {
    for (const line of BURST) {
      const r = results.filter((x) => x.input === line).at(-1)!;
      expect(r.ok, line).toBe(true);
      expect(r.posts.filter(isMapPost), line).toEqual([]);
    }
  });

  it('10 s after the last order: still quiet, nothing posted; 35 s after: one map image in the channel', () => {
    expect(at('!advance 10s').posts.filter(isMapPost)).toEqual([]);
    const posted = at('!advance 25s').posts.filter(isMapPost);
    expect(posted).toHaveLength(1);
    expect(posted[0]!.content).toBe('🗺️ The map of **Map Posts** now (cycle 1.0, spring Y165).');
    expect(posted[0]!.files).toHaveLength(1);
    expect(readFileSync(posted[0]!.files[0]!).subarray(1, 4).toString()).toBe('PNG');
  });

  it('an hour later with no change: no second post; in the whole run exactly one throttled map post', () => {
    expect(at('!advance 1h').posts.filter(isMapPost)).toEqual([]);
    expect(results.flatMap((r) => r.posts).filter(isMapPost)).toHaveLength(1);
  });
});
