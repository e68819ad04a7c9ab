import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import {
  BATTLE_COLOURS,
  battleCardScene,
  BIG_DISC,
  hexesAround,
  hexPixel,
  renderBattleCard,
} from '../../src/render/battle-card.ts';
import type { BattleFleet, SceneLabel } from '../../src/render/battle-card.ts';
import { glyphCoverage } from '../../src/render/fonts.ts';
import { PALETTE, rgbOf, THEME } from '../../src/render/theme.ts';
import { SeededDice } from '../../src/rules/dice.ts';
import { generateBattleSetup } from '../../src/rules/thunderdome/battle-setup/generate.ts';
import { centreOf, formatHex, hexesWithin, parseHex } from '../../src/rules/thunderdome/battle-setup/hex.ts';
import type { BattleSetupInput } from '../../src/rules/thunderdome/battle-setup/generate.ts';
import { close, compareSnapshot, countColour, decode, hasColourNear, rgbAt, shrink } from './pixels.ts';
import { RenderPool } from '../../src/render/pool.ts';

const SEED = 'f6'.repeat(32);

/** A 3-way battle in a heat zone with a gas giant and the asteroid overlay; three warp points, two sharing a hex. */
function threeWay(): { input: BattleSetupInput; fleets: BattleFleet[] } {
  return {
    input: {
      sector: { key: 'X', label: 'Xanthe', terrain: ['heat-zone-gas-giant'], overlays: ['asteroid-field'] },
      lanes: [
        { to: 'A', label: 'Aldebaran' },
        { to: 'B', label: 'Bellatrix' },
        { to: 'C', label: 'Cygnus Reach' },
      ],
      sides: [
        { id: 'p1', label: 'Alice' },
        { id: 'p2', label: 'Bob' },
        { id: 'p3', label: 'Chen' },
      ],
      randomPositions: false,
      cannotDisengage: ['p2'],
    },
    fleets: [
      { label: 'Alice', units: ['Lyran CA', 'Lyran DD', 'Lyran FF'] },
      { label: 'Bob', colour: '#9bd152', units: ['Klingon D7', 'Klingon F5'] },
      { label: 'Chen', units: ['Gorn BC'] },
    ],
  };
}

// Gas giant: B, 3+3+3 → 3926, diameter 3+4 = 7, 1 moon D 4 from the edge.
// Warp points: Aldebaran E 5 (2+3), Bellatrix E 5 (1+4) (shared hex), Cygnus A 10 (5+5).
// Start hexes: Alice rolls 1 of 3, Bob 1 of 2.
const DICE = [2, 3, 3, 3, 3, 4, 1, 4, 1, 1, 1, 1, 5, 2, 3, 5, 1, 4, 1, 5, 5, 1, 1];

function setupOf() {
  const { input, fleets } = threeWay();
  return { setup: generateBattleSetup(input, new SeededDice(SEED, 1, [...DICE])), input, fleets };
}

function overlap(a: SceneLabel, b: SceneLabel): boolean {
  return a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h;
}

describe('battleCardScene: what the battle card draws', () => {
  const { setup, input, fleets } = setupOf();
  const scene = battleCardScene(setup, input, fleets);

  it('the setup the scene is drawn from (dice as planned)', () => {
    expect(setup.terrain.map((t) => [t.kind, 'hex' in t ? t.hex : null])).toEqual([
      ['heat-zone', null],
      ['gas-giant', '3926'],
    ]);
    expect(setup.overlays).toEqual(['asteroid-field']);
    expect(setup.warpPoints.map((w) => w.hex)).toEqual(['2533', '2533', '3020']);
    expect(setup.starts.map((s) => [s.sideId, s.hex])).toEqual([
      ['p1', '3015'],
      ['p2', '4538'],
      ['p3', '1538'],
    ]);
  });

  it('hex pixels: flat-topped columns 1.5 hex sizes apart, even columns half a hex lower', () => {
    const s = scene.hexSize;
    const at = (col: number, row: number) => ({
      x: scene.origin.x + (col - 1) * 1.5 * s,
      y: scene.origin.y + (row - 1 + (col % 2 === 0 ? 0.5 : 0)) * Math.sqrt(3) * s,
    });
    for (const [hex, col, row] of [
      ['0101', 1, 1],
      ['3030', 30, 30],
      ['6060', 60, 60],
      ['2533', 25, 33],
    ] as const) {
      const p = hexPixel(scene, hex);
      expect(p.x).toBeCloseTo(at(col, row).x, 6);
      expect(p.y).toBeCloseTo(at(col, row).y, 6);
    }
    // The whole grid lies inside the map box, which lies inside the image, left of the panel.
    const tl = hexPixel(scene, '0101');
    const br = hexPixel(scene, '6060');
    expect(tl.x - s).toBeCloseTo(scene.map.x, 6);
    expect(br.x + s).toBeCloseTo(scene.map.x + scene.map.w, 6);
    expect(br.y + (Math.sqrt(3) / 2) * s).toBeCloseTo(scene.map.y + scene.map.h, 6);
    expect(scene.map.x + scene.map.w).toBeLessThan(scene.panel.x);
    expect(scene.panel.x + scene.panel.w).toBeLessThanOrEqual(scene.width);
  });

  it("the image's hex geometry is the rules' geometry, for every hex of the map", () => {
    const step = Math.sqrt(3) * scene.hexSize;
    const bad: string[] = [];
    for (let x = 1; x <= 60; x++) {
      for (let y = 1; y <= 60; y++) {
        const hex = formatHex({ x, y });
        const c = centreOf({ x, y });
        const p = hexPixel(scene, hex);
        if (
          Math.abs(p.x - (scene.origin.x + c.x * step)) > 1e-9 ||
          Math.abs(p.y - (scene.origin.y + c.y * step)) > 1e-9
        )
          bad.push(`${hex} pixel`);
      }
    }
    for (const hex of ['3030', '0101', '6060', '0160', '1523', '4538', '3001']) {
      if (hexesAround(hex, 3).sort().join() !== hexesWithin(parseHex(hex), 3).map(formatHex).sort().join())
        bad.push(`${hex} area`);
    }
    expect(bad).toEqual([]);
  });

  it('one warp marker per warp-point hex, at that hex, labelled with every sector it leads to', () => {
    const warps = scene.markers.filter((m) => m.kind === 'warp');
    expect(warps.map((m) => m.hex)).toEqual(['2533', '3020']);
    for (const m of warps) {
      const p = hexPixel(scene, m.hex);
      expect([m.x, m.y]).toEqual([p.x, p.y]);
    }
    const texts = scene.labels.map((l) => l.text);
    expect(texts).toContain('→ Aldebaran · Bellatrix');
    expect(texts).toContain('→ Cygnus Reach');
    expect(texts).toEqual(
      expect.arrayContaining(['Start 1 · Alice', 'Start 2 · Bob', 'Start 3 · Chen', 'Gas giant, diameter 7']),
    );
  });

  it('labels: none overlap, all inside the map, none covers a marker; every required label found a place', () => {
    expect(scene.unplacedLabels).toBe(0);
    for (const a of scene.labels) {
      expect(
        a.x >= scene.map.x &&
          a.y >= scene.map.y &&
          a.x + a.w <= scene.map.x + scene.map.w &&
          a.y + a.h <= scene.map.y + scene.map.h,
        a.text,
      ).toBe(true);
      for (const b of scene.labels) if (a !== b) expect(overlap(a, b), `${a.text} / ${b.text}`).toBe(false);
      for (const m of scene.markers) {
        if (m.kind === 'gas-giant' && m.r >= BIG_DISC) continue; // a big disc carries its own label
        const nx = Math.max(a.x, Math.min(m.x, a.x + a.w));
        const ny = Math.max(a.y, Math.min(m.y, a.y + a.h));
        expect(Math.hypot(m.x - nx, m.y - ny) >= m.r, `${a.text} covers ${m.key}`).toBe(true);
      }
    }
  });

  it('start areas: the 37 hexes within 3 of each start hex, in the side colour (fleet colour, else the palette)', () => {
    expect(scene.starts.map((s) => [s.sideId, s.hex, s.hexes.length, s.colour])).toEqual([
      ['p1', '3015', 37, PALETTE[0]],
      ['p2', '4538', 37, '#9bd152'],
      ['p3', '1538', 37, PALETTE[2]],
    ]);
  });

  it('panel: title, weapon status, disengagement and who cannot, every side with its units, warp points, terrain, notes', () => {
    const texts = scene.panelItems.map((i) => i.text);
    expect(texts).toEqual(
      expect.arrayContaining([
        'Battle in Xanthe',
        'Weapon status WS-III · 60×60 map · death barrier',
        'No disengagement (enemy fortification): Bob',
        'Lyran CA, Lyran DD, Lyran FF',
        'Klingon D7, Klingon F5',
        'Gorn BC',
        '→ Aldebaran: 2533',
        '→ Cygnus Reach: 3020',
        'Heat zone fills the map',
      ]),
    );
    expect(scene.banners).toEqual(['Heat zone fills the map', 'SFBOL overlay: Asteroid field']);
    expect(scene.panelCut).toBe(false);
    const cover = glyphCoverage();
    for (const t of [...texts, ...scene.labels.map((l) => l.text)])
      for (const ch of t) expect(cover.has(ch.codePointAt(0)!), `${t}: ${ch}`).toBe(true);
  });

  it('a fleet list too long for the panel is cut with a marker instead of running off the image', () => {
    const many = fleets.map((f) => ({ ...f, units: Array.from({ length: 60 }, (_, i) => `Very Long Unit Name ${i}`) }));
    const notes = {
      ...setup,
      notes: Array.from(
        { length: 30 },
        (_, i) => `Note number ${i} with enough words to need a second line in the panel of the battle card.`,
      ),
    };
    const big = battleCardScene(notes, input, many);
    expect(big.panelCut).toBe(true);
    for (const i of big.panelItems) expect(i.y).toBeLessThan(big.panel.y + big.panel.h);
  });
});

describe('renderBattleCard: the image', () => {
  it('drawn in a render worker (the bot draws it there) it is the same bytes: setup, input and fleets are plain data', async () => {
    const { setup, input, fleets } = setupOf();
    const pool = new RenderPool({ size: 1 });
    try {
      const png = await pool.run({ kind: 'battle-card', setup, input, fleets, options: { subtitle: 'Cycle 2.0' } });
      expect(png.equals(await renderBattleCard(setup, input, fleets, { subtitle: 'Cycle 2.0' }))).toBe(true);
      expect(pool.stats()).toMatchObject({ inThread: false, crashes: 0 });
    } finally {
      await pool.close();
    }
  });

  it('is a 1400×1000 PNG with the death barrier, warp markers, start colours, gas giant and panel', async () => {
    const { setup, input, fleets } = setupOf();
    const scene = battleCardScene(setup, input, fleets);
    const img = await decode(await renderBattleCard(setup, input, fleets));
    expect([img.width, img.height]).toEqual([1400, 1000]);
    // Death barrier all round the map.
    const barrier = rgbOf(BATTLE_COLOURS.barrier);
    const { map } = scene;
    expect(rgbAt(img, map.x - 2, map.y + map.h / 2)).toEqual(barrier);
    expect(rgbAt(img, map.x + map.w / 2, map.y + map.h + 2)).toEqual(barrier);
    // Warp markers: the ring's colour at its radius, in the hex of the warp point.
    for (const m of scene.markers.filter((x) => x.kind === 'warp'))
      expect(hasColourNear(img, m.x + m.r, m.y, 1, rgbOf(BATTLE_COLOURS.warp), 40), m.hex).toBe(true);
    // Start hexes are filled with the side colour.
    for (const s of scene.starts) {
      const p = hexPixel(scene, s.hex);
      expect(close(rgbAt(img, p.x, p.y - 4), rgbOf(s.colour), 8), s.sideId).toBe(true);
    }
    // The gas giant disc, between its cloud bands, under the heat-zone tint.
    const g = scene.markers.find((x) => x.kind === 'gas-giant')!;
    expect(close(rgbAt(img, g.x, g.y - g.r * 0.5), rgbOf(BATTLE_COLOURS.gasGiant), 12)).toBe(true);
    // The panel background and the top-left corner.
    expect(rgbAt(img, scene.panel.x + scene.panel.w - 20, scene.panel.y + scene.panel.h - 20)).toEqual(
      rgbOf(THEME.panel),
    );
    expect(rgbAt(img, 2, 2)).toEqual(rgbOf(THEME.background));
    // Bob's red "cannot disengage" line is drawn in the panel.
    expect(countColour(img, scene.panel, rgbOf(THEME.battle), 10)).toBeGreaterThan(100);
  });

  it('is the same image every time (identical bytes); another roll changes it', async () => {
    const { setup, input, fleets } = setupOf();
    const a = await renderBattleCard(setup, input, fleets, { subtitle: 'Cycle 2.0' });
    const b = await renderBattleCard(setup, input, fleets, { subtitle: 'Cycle 2.0' });
    expect(a.equals(b)).toBe(true);
    const other = generateBattleSetup(input, new SeededDice(SEED, 2));
    expect((await renderBattleCard(other, input, fleets, { subtitle: 'Cycle 2.0' })).equals(a)).toBe(false);
  });

  it('matches the stored snapshot (scaled to 700 px) within 0.5 % of pixels', async () => {
    const { setup, input, fleets } = setupOf();
    const png = await shrink(await renderBattleCard(setup, input, fleets, { subtitle: 'Cycle 2.0' }), 700);
    expect(
      await compareSnapshot(png, fileURLToPath(new URL('./__snapshots__/battle-card-700.png', import.meta.url))),
    ).toBeLessThan(0.005);
  });

  it('draws every terrain body: planet, black hole, pulsar and comet, with the two-sided A/B starts', async () => {
    const input: BattleSetupInput = {
      sector: { key: 'Y', label: 'Yed', terrain: ['class-m-planet', 'black-hole', 'pulsar', 'comet'], overlays: [] },
      lanes: [{ to: 'A', label: 'Aldebaran' }],
      sides: [
        { id: 'p1', label: 'Alice' },
        { id: 'p2', label: 'Bob' },
      ],
      randomPositions: false,
      cannotDisengage: [],
    };
    // Planet A 3 → 3027, black hole D 6 → 3036, pulsar C 6 → 3633, warp point F 2+2 → 2628.
    const setup = generateBattleSetup(input, new SeededDice(SEED, 3, [1, 3, 4, 6, 3, 6, 6, 2, 2]));
    const fleets = [
      { label: 'Alice', units: ['CA'] },
      { label: 'Bob', units: ['D7'] },
    ];
    const scene = battleCardScene(setup, input, fleets);
    expect(scene.labels.map((l) => l.text)).toEqual(
      expect.arrayContaining([
        'A · Alice',
        'B · Bob',
        '→ Aldebaran',
        'Class-M planet',
        'Black hole',
        'Pulsar',
        'Comet',
      ]),
    );
    const img = await decode(await renderBattleCard(setup, input, fleets));
    const at = (hex: string) => hexPixel(scene, hex);
    expect(close(rgbAt(img, at('3027').x, at('3027').y), rgbOf(BATTLE_COLOURS.planet), 6)).toBe(true);
    expect(rgbAt(img, at('3036').x, at('3036').y)).toEqual(rgbOf(BATTLE_COLOURS.blackHole));
    expect(hasColourNear(img, at('3036').x + 12.5, at('3036').y, 1, rgbOf(BATTLE_COLOURS.blackHoleRing), 10)).toBe(
      true,
    );
    expect(close(rgbAt(img, at('3633').x, at('3633').y), rgbOf(BATTLE_COLOURS.pulsar), 6)).toBe(true);
    expect(close(rgbAt(img, at('1050').x, at('1050').y), rgbOf(BATTLE_COLOURS.comet), 6)).toBe(true);
    expect(close(rgbAt(img, at('1523').x, at('1523').y - 4), rgbOf(PALETTE[0]), 8)).toBe(true);
    expect(close(rgbAt(img, at('4538').x, at('4538').y - 4), rgbOf(PALETTE[1]), 8)).toBe(true);
  });
});
