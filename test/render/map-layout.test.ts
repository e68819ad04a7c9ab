import { describe, expect, it } from 'vitest';
import {
  autoPositions,
  countLaneCrossings,
  estimateTextWidth,
  layoutMap,
  zoomLayout,
} from '../../src/render/map-layout.ts';
import type { LayoutMapInput, LayoutOptions } from '../../src/render/map-layout.ts';
import { countCrossings } from '../../src/rules/thunderdome/map/geometry.ts';
import { buildGraph } from '../../src/rules/thunderdome/map/graph.ts';
import { TEST_MAP } from '../rules/td3/harness.ts';
import { inputOf, layoutProblems } from './layout-checks.ts';
import { generated, withoutCoordinates } from './scenarios.ts';

/** The map part of a 1600×1000 map image (title above, legend on the right). */
const OPTS: LayoutOptions = { width: 1600, height: 1000, area: { x: 16, y: 100, w: 1262, h: 884 } };
const PLAYERS = [2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13];
const SEEDS = [1, 2, 3];

describe('map layout from the map coordinates (generated maps, 2–13 players, 3 seeds each)', () => {
  for (const players of PLAYERS) {
    it(`${players} players: no overlaps, lanes at node centres, all inside; no new lane crossings`, () => {
      for (const seed of SEEDS) {
        const map = generated(players, seed);
        const input = inputOf(map);
        const layout = layoutMap(input, OPTS);
        expect(layout.positioning).toBe('coordinates');
        expect(layoutProblems(layout, input), `seed ${seed}`).toEqual([]);
        // The fit is affine and the separation pass only nudges: the drawing keeps the map's crossings.
        expect(countLaneCrossings(layout.lanes), `seed ${seed}`).toBe(countCrossings(map));
      }
    });
  }

  it('labels stay readable: at least 11 px, the largest font on small maps', () => {
    for (const players of PLAYERS) {
      const layout = layoutMap(inputOf(generated(players, 1)), OPTS);
      expect(layout.fontPx).toBeGreaterThanOrEqual(11);
      if (players <= 3) expect(layout.fontPx).toBeGreaterThanOrEqual(22);
    }
  });

  it('is deterministic: the same map gives the same layout', () => {
    const input = inputOf(generated(6, 4));
    expect(layoutMap(input, OPTS)).toEqual(layoutMap(input, OPTS));
  });

  it('long names are cut with an ellipsis and still placed without overlaps', () => {
    const map = generated(4, 2);
    const input = inputOf(map, (k) => `${k} Very Long Sector Name Given By An Explorer`);
    const layout = layoutMap(input, OPTS);
    expect(layoutProblems(layout, input)).toEqual([]);
    for (const lb of layout.labels) {
      expect(lb.text.endsWith('…')).toBe(true);
      expect(estimateTextWidth(lb.text, lb.px)).toBeLessThanOrEqual(8 * lb.px + 1);
    }
  });

  it('icons are slots around the disc, inside the footprint, and labels keep clear of them', () => {
    const map = generated(5, 1);
    const base = inputOf(map);
    const input: LayoutMapInput = {
      ...base,
      sectors: base.sectors.map((s, i) => ({ ...s, icons: i % 7, ring: i % 7 === 0 })),
    };
    const layout = layoutMap(input, OPTS);
    expect(layoutProblems(layout, input)).toEqual([]);
    layout.nodes.forEach((n, i) => {
      expect(n.slots).toHaveLength(i % 7);
      for (const s of n.slots) expect(Math.hypot(s.x - n.x, s.y - n.y) + n.icon / 2).toBeLessThanOrEqual(n.R + 0.5);
      if (i % 7 === 0) expect(n.obstacles).toEqual([{ x: n.x, y: n.y, r: n.R }]);
    });
  });
});

/** Terrain glyphs and fleet badges on every sector of a map, in a varied, deterministic pattern. */
function withGlyphsAndBadges(input: LayoutMapInput): LayoutMapInput {
  return {
    ...input,
    sectors: input.sectors.map((s, i) => ({
      ...s,
      icons: i % 4,
      glyphs: [1, 2, 0, 1, 3][i % 5]!,
      // Homes carry a fleet (as at the start), every fifth sector one more; every twelfth
      // holds fleets of three owners (a battle).
      tags: s.home ? ['1 · 196'] : i % 12 === 6 ? ['2 · 908', '1 · 63', '3 · 1200'] : i % 5 === 1 ? ['1 · 133'] : [],
      ring: i % 12 === 6,
    })),
  };
}

describe('terrain glyphs and fleet badges in the labels', () => {
  for (const players of [2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]) {
    it(`${players} players: glyph and badge boxes overlap no node, no other label and no part of their own label`, () => {
      for (const seed of [1, 2]) {
        for (const map of [generated(players, seed), withoutCoordinates(generated(players, seed))]) {
          const input = withGlyphsAndBadges(inputOf(map));
          const layout = layoutMap(input, OPTS);
          // layoutProblems includes labelPartProblems: glyphs, name and badges inside the label
          // box, clear of every node's disc, icons and ring, of other labels and of each other.
          expect(layoutProblems(layout, input), `seed ${seed} ${layout.positioning}`).toEqual([]);
          layout.labels.forEach((lb, i) => {
            const s = input.sectors[i]!;
            expect(lb.key).toBe(s.key);
            expect(lb.glyphs).toHaveLength(s.glyphs!);
            expect(lb.tags.map((t) => t.text)).toEqual(s.tags);
            // Glyphs sit before the name on its line; badges below it.
            for (const g of lb.glyphs) {
              expect(g.x + g.w).toBeLessThanOrEqual(lb.textBox.x);
              expect(g.y).toBeGreaterThanOrEqual(lb.textBox.y);
              expect(g.y + g.h).toBeLessThanOrEqual(lb.textBox.y + lb.textBox.h);
            }
            for (const t of lb.tags) expect(t.y).toBeGreaterThanOrEqual(lb.textBox.y + lb.textBox.h);
          });
        }
      }
    });
  }

  it('the checks catch a glyph or a badge drawn over a node or another label', () => {
    const input = withGlyphsAndBadges(inputOf(generated(3, 1)));
    const good = layoutMap(input, OPTS);
    expect(layoutProblems(good, input)).toEqual([]);
    const withGlyph = good.labels.findIndex((l) => l.glyphs.length > 0);
    const withTag = good.labels.findIndex((l) => l.tags.length > 0);
    const broken = structuredClone(good);
    const node = broken.nodes.find((n) => n.key !== broken.labels[withGlyph]!.key)!;
    Object.assign(broken.labels[withGlyph]!.glyphs[0]!, { x: node.x - 2, y: node.y - 2 });
    expect(layoutProblems(broken, input).join()).toMatch(/glyph 0 leaves its label box.*glyph 0 overlaps sector/);
    const broken2 = structuredClone(good);
    const other = broken2.labels.find((l) => l.key !== broken2.labels[withTag]!.key)!;
    Object.assign(broken2.labels[withTag]!.tags[0]!, { x: other.x + 1, y: other.y + 1 });
    expect(layoutProblems(broken2, input).join()).toMatch(/badge 0 .* overlaps label/);
  });

  it('a label with glyphs and badges is wider and taller than the bare name, and centred on it', () => {
    const bare: LayoutMapInput = {
      sectors: [
        { key: 'A', label: 'Aldebaran', x: 0, y: 0 },
        { key: 'B', label: 'B', x: 10, y: 0 },
      ],
      lanes: [['A', 'B']],
    };
    const rich: LayoutMapInput = {
      ...bare,
      sectors: [{ ...bare.sectors[0]!, glyphs: 2, tags: ['2 · 908', '1 · 63'] }, bare.sectors[1]!],
    };
    const a = layoutMap(bare, OPTS).labels[0]!;
    const b = layoutMap(rich, OPTS).labels[0]!;
    expect(b.px).toBe(a.px);
    expect(b.w).toBeGreaterThan(a.w);
    expect(b.h).toBeGreaterThan(a.h);
    expect(b.tags).toHaveLength(2);
    // One row: both pills at the same height, side by side.
    expect(b.tags[0]!.y).toBe(b.tags[1]!.y);
    expect(b.tags[0]!.x + b.tags[0]!.w).toBeLessThan(b.tags[1]!.x);
  });
});

describe('map layout without coordinates (automatic)', () => {
  for (const players of [2, 3, 4, 6, 8, 10, 12]) {
    it(`${players} players: stress layout with no overlaps and few lane crossings`, () => {
      for (const seed of [1, 2]) {
        const map = withoutCoordinates(generated(players, seed));
        const input = inputOf(map);
        const layout = layoutMap(input, OPTS);
        expect(layout.positioning).toBe('automatic');
        expect(layoutProblems(layout, input), `seed ${seed}`).toEqual([]);
        // These maps are planar; the layout should find (nearly) a plane drawing.
        expect(countLaneCrossings(layout.lanes), `seed ${seed}`).toBeLessThanOrEqual(2);
      }
    });
  }

  it('the hand-made test map without coordinates', () => {
    const map = withoutCoordinates(TEST_MAP as Parameters<typeof withoutCoordinates>[0]);
    const input = inputOf(map);
    const layout = layoutMap(input, OPTS);
    expect(layoutProblems(layout, input)).toEqual([]);
    expect(countLaneCrossings(layout.lanes)).toBe(0);
  });

  it('is deterministic (no randomness) and keeps neighbours closer than non-neighbours on average', () => {
    const map = withoutCoordinates(generated(4, 3));
    const input = inputOf(map);
    const a = autoPositions(input);
    expect(autoPositions(input)).toEqual(a);
    const graph = buildGraph(map);
    let near = 0;
    let nearCount = 0;
    let far = 0;
    let farCount = 0;
    for (let i = 0; i < graph.keys.length; i++) {
      for (let j = i + 1; j < graph.keys.length; j++) {
        const p = a.get(graph.keys[i]!)!;
        const q = a.get(graph.keys[j]!)!;
        const d = Math.hypot(p.x - q.x, p.y - q.y);
        if (graph.adjacency[i]!.includes(j)) {
          near += d;
          nearCount++;
        } else {
          far += d;
          farCount++;
        }
      }
    }
    expect(near / nearCount).toBeLessThan((far / farCount) * 0.6);
  });

  it('some sectors with coordinates: those keep their relative places, the rest are placed around them', () => {
    const full = generated(3, 5);
    const map = {
      ...full,
      sectors: full.sectors.map((s, i) =>
        i % 3 === 0 ? { key: s.key, ...(s.home !== undefined ? { home: s.home } : {}) } : s,
      ),
    };
    const input = inputOf(map);
    const layout = layoutMap(input, OPTS);
    expect(layout.positioning).toBe('mixed');
    expect(layoutProblems(layout, input)).toEqual([]);
    // Two sectors that kept coordinates are still left/right of each other as in the map.
    const kept = full.sectors.filter((_, i) => i % 3 !== 0);
    const [a, b] = [kept[0]!, kept[kept.length - 1]!];
    const na = layout.nodes.find((n) => n.key === a.key)!;
    const nb = layout.nodes.find((n) => n.key === b.key)!;
    expect(Math.sign(na.x - nb.x)).toBe(Math.sign(a.x! - b.x!));
  });

  it('degenerate maps: one sector, two sectors, a disconnected map, all sectors on one spot', () => {
    const cases: LayoutMapInput[] = [
      { sectors: [{ key: 'A', label: 'A', x: null, y: null }], lanes: [] },
      {
        sectors: [
          { key: 'A', label: 'A', x: null, y: null },
          { key: 'B', label: 'B', x: null, y: null },
        ],
        lanes: [['A', 'B']],
      },
      {
        sectors: ['A', 'B', 'C', 'D', 'E'].map((k) => ({ key: k, label: k, x: null, y: null })),
        lanes: [
          ['A', 'B'],
          ['B', 'C'],
          ['D', 'E'],
        ],
      },
      {
        sectors: ['A', 'B', 'C', 'D'].map((k) => ({ key: k, label: `Sector ${k}`, x: 5, y: 5 })),
        lanes: [
          ['A', 'B'],
          ['C', 'D'],
        ],
      },
    ];
    for (const input of cases) {
      const layout = layoutMap(input, OPTS);
      expect(layoutProblems(layout, input), JSON.stringify(input.sectors.map((s) => s.key))).toEqual([]);
    }
  });
});

describe('zoomed layout: a sector and its neighbours', () => {
  it('shows exactly the sector and its neighbours, the sector in the middle, stubs to the rest', () => {
    for (const players of [3, 8]) {
      const map = generated(players, 1);
      const input = inputOf(map);
      const graph = buildGraph(map);
      for (const focus of [map.sectors[0]!.key, map.sectors[5]!.key]) {
        const layout = zoomLayout(input, focus, OPTS);
        const around = graph.neighbourKeys[graph.indexOf.get(focus)!]!;
        expect(layout.nodes.map((n) => n.key).sort()).toEqual([focus, ...around].sort());
        expect(layoutProblems(layout, input)).toEqual([]);
        const centre = layout.nodes.find((n) => n.key === focus)!;
        expect(Math.abs(centre.x - (OPTS.area!.x + OPTS.area!.w / 2))).toBeLessThan(OPTS.area!.w * 0.2);
        // One stub per lane from a neighbour to a sector not shown.
        const shown = new Set([focus, ...around]);
        const outside = around.reduce(
          (n, k) => n + graph.neighbourKeys[graph.indexOf.get(k)!]!.filter((x) => !shown.has(x)).length,
          0,
        );
        expect(layout.stubs).toHaveLength(outside);
        for (const s of layout.stubs) {
          expect(shown.has(s.a)).toBe(true);
          expect(shown.has(s.b)).toBe(false);
        }
        expect(layout.nodes[0]!.R).toBeGreaterThan(layoutMap(input, OPTS).nodes[0]!.R);
      }
    }
  });

  it('works without coordinates and refuses an unknown sector', () => {
    const input = inputOf(withoutCoordinates(generated(4, 1)));
    const layout = zoomLayout(input, 'H1', OPTS);
    expect(layoutProblems(layout, input)).toEqual([]);
    expect(() => zoomLayout(input, 'nope', OPTS)).toThrow(RangeError);
  });

  it('a sector without lanes is shown alone', () => {
    const input: LayoutMapInput = {
      sectors: ['A', 'B', 'C'].map((k) => ({ key: k, label: k, x: null, y: null })),
      lanes: [['A', 'B']],
    };
    const layout = zoomLayout(input, 'C', OPTS);
    expect(layout.nodes.map((n) => n.key)).toEqual(['C']);
    expect(layout.stubs).toEqual([]);
    expect(layoutProblems(layout, input)).toEqual([]);
  });
});

describe('layout speed', () => {
  it('a 13-player map (104 sectors) lays out in well under a second, with and without coordinates', () => {
    const map = generated(13, 1);
    for (const input of [inputOf(map), inputOf(withoutCoordinates(map))]) {
      const t = performance.now();
      layoutMap(input, OPTS);
      expect(performance.now() - t).toBeLessThan(1500);
    }
  });
});

describe('the layout checks themselves', () => {
  it('catch overlapping nodes and labels, lanes off centre and labels outside', () => {
    const input = inputOf(generated(3, 1));
    const good = layoutMap(input, OPTS);
    const broken = (mutate: (l: typeof good) => void) => {
      const l = structuredClone(good);
      mutate(l);
      return layoutProblems(l, input);
    };
    expect(broken((l) => Object.assign(l.labels[1]!, { x: l.labels[0]!.x + 2, y: l.labels[0]!.y + 2 })).join()).toMatch(
      /labels .* overlap/,
    );
    expect(broken((l) => Object.assign(l.labels[0]!, { x: l.nodes[3]!.x - 5, y: l.nodes[3]!.y - 5 })).join()).toMatch(
      /overlaps sector/,
    );
    expect(broken((l) => Object.assign(l.nodes[1]!, { x: l.nodes[0]!.x + 3, y: l.nodes[0]!.y })).join()).toMatch(
      /nodes .* overlap/,
    );
    expect(broken((l) => (l.lanes[0]!.x1 += 1)).join()).toMatch(/centres/);
    expect(broken((l) => (l.labels[0]!.x = -50)).join()).toMatch(/leaves/);
  });
});
