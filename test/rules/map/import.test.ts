import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseMapJson, serialiseMap, validateMap } from '../../../src/rules/thunderdome/map/import.ts';
import type { MapIssue } from '../../../src/rules/thunderdome/map/import.ts';
import type { MapSpec } from '../../../src/rules/thunderdome/map/types.ts';
import { hexRing } from './helpers.ts';

function errorsOf(input: unknown, players = 2): MapIssue[] {
  const text = typeof input === 'string' ? input : JSON.stringify(input);
  const result = parseMapJson(text, players);
  if (result.ok) throw new Error('expected the map to be refused');
  return result.errors;
}

/** The hexagon with a change applied to a copy. */
function hexWith(change: (m: MapSpec) => void): MapSpec {
  const m = structuredClone(hexRing());
  change(m);
  return m;
}

function sample(file: string): string {
  return readFileSync(new URL(`../../../assets/maps/${file}`, import.meta.url), 'utf8');
}

describe('map import: valid files', () => {
  it('UTD4.1 the sample maps parse for their player counts', () => {
    const three = parseMapJson(sample('three-players.json'), 3);
    const four = parseMapJson(sample('four-players.json'), 4);
    expect(three.ok && three.map.sectors.length).toBe(19);
    expect(four.ok && four.map.lanes.length).toBe(40);
    expect(three.ok && three.map.title).toBe('Trident (3 players)');
  });

  it('UTD8.15 the hand-made samples give every home exactly two lanes', () => {
    for (const [file, players] of [
      ['three-players.json', 3],
      ['four-players.json', 4],
    ] as const) {
      const r = parseMapJson(sample(file), players);
      if (!r.ok) throw new Error(JSON.stringify(r.errors));
      for (const s of r.map.sectors.filter((x) => x.home !== undefined)) {
        expect(r.map.lanes.filter((l) => l.includes(s.key)).length).toBe(2);
      }
    }
  });

  it('serialise then parse gives back an equal map, and the samples are in canonical form', () => {
    const map = hexWith((m) => {
      m.title = 'Hexagon';
      m.sectors[1]!.name = 'Vega';
    });
    const again = parseMapJson(serialiseMap(map), 2);
    expect(again).toEqual({ ok: true, map });
    for (const [file, players] of [
      ['three-players.json', 3],
      ['four-players.json', 4],
    ] as const) {
      const r = parseMapJson(sample(file), players);
      expect(r.ok && serialiseMap(r.map)).toBe(sample(file));
    }
  });

  it('accepts a map without coordinates, names or title', () => {
    const bare = hexWith((m) => {
      m.sectors = m.sectors.map(({ key, home }) => (home === undefined ? { key } : { key, home }));
    });
    expect(parseMapJson(JSON.stringify(bare), 2)).toEqual({ ok: true, map: bare });
  });
});

describe('map import: each problem is named', () => {
  it('refuses oversized text and bad JSON before looking inside', () => {
    expect(errorsOf(' '.repeat(1_000_001))[0]!.code).toBe('map/too-large');
    const bad = errorsOf('{"sectors": [');
    expect(bad[0]!.code).toBe('map/json');
  });

  it('refuses unknown fields, wrong types and non-finite numbers, naming the sector', () => {
    const typo = errorsOf(hexWith((m) => Object.assign(m.sectors[0]!, { hom: 0 })));
    expect(typo).toContainEqual(expect.objectContaining({ code: 'map/schema', path: 'sectors[0]' }));
    expect(typo[0]!.message).toMatch(/sector "H0".*hom/);

    const text = JSON.stringify(hexRing()).replace('"x":800', '"x":1e999');
    const inf = errorsOf(text);
    expect(inf[0]).toMatchObject({ code: 'map/schema', path: 'sectors[0].x' });
    expect(inf[0]!.message).toContain('finite');

    const frac = errorsOf(hexWith((m) => (m.sectors[0]!.home = 0.5)));
    expect(frac[0]).toMatchObject({ code: 'map/schema', path: 'sectors[0].home' });

    const lane = errorsOf({ ...hexRing(), lanes: [['H0']] });
    expect(lane[0]!.message).toMatch(/lane #1/);
  });

  it('refuses more than 500 sectors or 2000 lanes (hostile files)', () => {
    const many = { sectors: Array.from({ length: 501 }, (_, i) => ({ key: `s${i}` })), lanes: [] };
    expect(errorsOf(many)[0]!.message).toContain('at most 500 sectors');
    const lanes = { ...hexRing(), lanes: Array.from({ length: 2001 }, () => ['H0', 'a']) };
    expect(errorsOf(lanes)[0]!.message).toContain('at most 2000 lanes');
  });

  it('UTD8.111 refuses a player count outside 2–13', () => {
    for (const p of [1, 14, 2.5])
      expect(errorsOf(hexRing(), p)).toEqual([expect.objectContaining({ code: 'map/player-count', rule: 'UTD8.111' })]);
  });

  it('refuses malformed and repeated sector keys', () => {
    const bad = errorsOf(hexWith((m) => (m.sectors[1]!.key = 'a b')));
    expect(bad).toContainEqual(expect.objectContaining({ code: 'map/bad-key', path: 'sectors[1].key' }));
    expect(bad.find((e) => e.code === 'map/bad-key')!.message).toContain('"a b"');
    const long = errorsOf(hexWith((m) => (m.sectors[1]!.key = 'k'.repeat(33))));
    expect(long.map((e) => e.code)).toContain('map/bad-key');
    const dup = errorsOf(hexWith((m) => (m.sectors[2]!.key = 'a')));
    const e = dup.find((x) => x.code === 'map/duplicate-key')!;
    expect(e).toMatchObject({ path: 'sectors[2].key' });
    expect(e.message).toContain('"a"');
  });

  it('UTD4.12 refuses blank, over-long and repeated names', () => {
    expect(errorsOf(hexWith((m) => (m.sectors[1]!.name = '   ')))).toEqual([
      expect.objectContaining({
        code: 'map/blank-name',
        rule: 'UTD4.12',
        path: 'sectors[1].name',
        message: expect.stringContaining('"a"'),
      }),
    ]);
    expect(errorsOf(hexWith((m) => (m.sectors[1]!.name = 'N'.repeat(33))))).toEqual([
      expect.objectContaining({
        code: 'map/name-too-long',
        rule: 'UTD4.12',
        message: expect.stringContaining('33-character'),
      }),
    ]);
    const dup = errorsOf(
      hexWith((m) => {
        m.sectors[1]!.name = 'Vega';
        m.sectors[2]!.name = 'vega ';
      }),
    );
    expect(dup).toEqual([
      expect.objectContaining({ code: 'map/duplicate-name', rule: 'UTD4.12', path: 'sectors[2].name' }),
    ]);
    expect(dup[0]!.message).toMatch(/"a" and "b"/);
    // Exactly 32 characters is allowed.
    expect(parseMapJson(JSON.stringify(hexWith((m) => (m.sectors[1]!.name = 'N'.repeat(32)))), 2).ok).toBe(true);
  });

  it('refuses half coordinates, partly drawn maps and two sectors at one point', () => {
    const half = errorsOf(hexWith((m) => delete m.sectors[1]!.y));
    expect(half).toEqual([
      expect.objectContaining({
        code: 'map/partial-coordinates',
        path: 'sectors[1]',
        message: expect.stringContaining('x but no y'),
      }),
    ]);
    const some = errorsOf(
      hexWith((m) => {
        delete m.sectors[1]!.x;
        delete m.sectors[1]!.y;
      }),
    );
    expect(some).toEqual([
      expect.objectContaining({ code: 'map/partial-coordinates', message: expect.stringContaining('"a" has no x/y') }),
    ]);
    const same = errorsOf(
      hexWith((m) => {
        m.sectors[2]!.x = m.sectors[1]!.x!;
        m.sectors[2]!.y = m.sectors[1]!.y!;
      }),
    );
    expect(same).toEqual([
      expect.objectContaining({ code: 'map/same-position', message: expect.stringMatching(/"a" and "b"/) }),
    ]);
  });

  it('UTD4.32 refuses home slots that are out of range, repeated or missing', () => {
    expect(errorsOf(hexRing(), 3)).toEqual([
      expect.objectContaining({
        code: 'map/missing-home',
        rule: 'UTD4.32',
        message: expect.stringContaining('slot 2'),
      }),
    ]);
    const range = errorsOf(hexWith((m) => (m.sectors[3]!.home = 2)));
    expect(range.map((e) => e.code).sort()).toEqual(['map/home-slot-range', 'map/missing-home']);
    expect(range.find((e) => e.code === 'map/home-slot-range')!.message).toContain('"H1"');
    const dup = errorsOf(hexWith((m) => (m.sectors[3]!.home = 0)));
    expect(dup).toContainEqual(
      expect.objectContaining({
        code: 'map/duplicate-home',
        rule: 'UTD4.32',
        path: 'sectors[3].home',
        message: expect.stringMatching(/"H0" and "H1"/),
      }),
    );
  });

  it('UTD4.1 refuses lanes to unknown sectors, self-lanes and repeated lanes', () => {
    const unknown = errorsOf(hexWith((m) => m.lanes.push(['a', 'Zeta'])));
    expect(unknown).toEqual([
      expect.objectContaining({
        code: 'map/unknown-sector',
        rule: 'UTD4.1',
        path: 'lanes[6]',
        message: expect.stringContaining('"Zeta"'),
      }),
    ]);
    const self = errorsOf(hexWith((m) => m.lanes.push(['b', 'b'])));
    expect(self).toEqual([
      expect.objectContaining({
        code: 'map/self-lane',
        path: 'lanes[6]',
        message: expect.stringContaining('"b" back to itself'),
      }),
    ]);
    const dup = errorsOf(hexWith((m) => m.lanes.push(['b', 'a'])));
    expect(dup).toEqual([
      expect.objectContaining({
        code: 'map/duplicate-lane',
        path: 'lanes[6]',
        message: expect.stringContaining('a–b is listed twice (lanes[1]'),
      }),
    ]);
  });

  it('every message that cites a rule ends with it', () => {
    const errs = errorsOf(
      hexWith((m) => m.lanes.push(['H0', 'b'])),
      3,
    );
    expect(errs.length).toBeGreaterThan(1);
    for (const e of errs) if (e.rule) expect(e.message.endsWith(`(${e.rule})`)).toBe(true);
  });

  it('UTD8.15 refuses a home sector without exactly two lanes', () => {
    const three = errorsOf(hexWith((m) => m.lanes.push(['H0', 'b'])));
    expect(three).toEqual([
      expect.objectContaining({
        code: 'map/home-lanes',
        rule: 'UTD8.15',
        path: 'sectors[0]',
        message: expect.stringContaining('"H0" (slot 0) has 3 lanes (to "a", "b", "d")'),
      }),
    ]);
    // Cut the ring next to H1: H1 keeps one lane, and the map stays connected.
    const one = errorsOf(hexWith((m) => m.lanes.splice(2, 1)));
    expect(one).toEqual([
      expect.objectContaining({
        code: 'map/home-lanes',
        message: expect.stringContaining(
          '"H1" (slot 1) has 1 lane (to "c"); each home sector has exactly 2. (UTD8.15)',
        ),
      }),
    ]);
  });

  it('UTD4.1 refuses a map that falls apart, naming the unreachable sectors', () => {
    const apart = errorsOf(
      hexWith((m) => {
        m.sectors.push({ key: 'far', x: 10, y: 10 }, { key: 'farther', x: 20, y: 990 });
        m.lanes.push(['far', 'farther']);
      }),
    );
    expect(apart).toEqual([
      expect.objectContaining({
        code: 'map/disconnected',
        rule: 'UTD4.1',
        message: expect.stringContaining('2 separate parts: "far", "farther" cannot be reached from "H0"'),
      }),
    ]);
  });

  it('skips degree and connectivity checks while lanes are broken, so errors are not repeated', () => {
    const codes = errorsOf(hexWith((m) => (m.lanes[0] = ['H0', 'nowhere']))).map((e) => e.code);
    expect(codes).toEqual(['map/unknown-sector']);
  });

  it('reports at most 50 problems and says how many more there were', () => {
    const errs = errorsOf(
      hexWith((m) => {
        for (let i = 0; i < 60; i++) m.lanes.push(['a', 'b']);
      }),
    );
    expect(errs).toHaveLength(51);
    expect(errs[50]).toMatchObject({ code: 'map/too-many-problems', message: '…and 10 more problems.' });
  });

  it('validateMap accepts the hand-made hexagon', () => {
    expect(validateMap(hexRing(), 2)).toEqual([]);
  });
});
