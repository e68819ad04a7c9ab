import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { glyphCoverage } from '../../src/render/fonts.ts';
import {
  forgetMapCaches,
  layoutInput,
  legendGlyphs,
  mapScene,
  renderMap,
  titleLines,
} from '../../src/render/map-image.ts';
import type { CampaignState } from '../../src/rules/thunderdome/state.ts';
import { catalogShipBpv } from '../../src/render/map-fleets.ts';
import { PALETTE, playerColour, rgbOf, THEME } from '../../src/render/theme.ts';
import { sampleCatalog } from '../../src/app/catalogs.ts';
import { EMPIRE_CODE_BY_KEY } from '../../src/rules/thunderdome/catalog/index.ts';
import { Game, who } from '../rules/td3/harness.ts';
import { layoutProblems } from './layout-checks.ts';
import {
  close,
  compareSnapshot,
  countColour,
  countOther,
  decode,
  differingShare,
  hasColourNear,
  rgbAt,
} from './pixels.ts';
import { bigGame, generated, richGame, withoutCoordinates } from './scenarios.ts';

const BG = rgbOf(THEME.background);
const SNAPSHOT = fileURLToPath(new URL('./__snapshots__/rich-map-480.png', import.meta.url));

describe('renderMap: the warp-lane map image', () => {
  const g = richGame();

  it('is a PNG of the requested size (1600×1000 by default, 5/8 of any width)', async () => {
    const img = await decode(await renderMap(g.state));
    expect([img.width, img.height]).toEqual([1600, 1000]);
    const small = await decode(await renderMap(g.state, { width: 800 }));
    expect([small.width, small.height]).toEqual([800, 500]);
    const custom = await decode(await renderMap(g.state, { width: 1200, height: 900 }));
    expect([custom.width, custom.height]).toEqual([1200, 900]);
  });

  it('shows the content: background, owner colours on the homes, title text, battle ring, fleet badges, legend', async () => {
    const png = await renderMap(g.state, { catalog: g.catalog });
    const img = await decode(png);
    const scene = mapScene(g.state, { catalog: g.catalog });
    const layout = scene.layout!;
    // Background in the corners.
    for (const [x, y] of [
      [2, 2],
      [1597, 997],
      [2, 997],
    ] as const)
      expect(rgbAt(img, x, y)).toEqual(BG);
    // Each home disc is filled with its owner's seat colour (sampled above the letter).
    for (const key of ['H1', 'H2', 'H3']) {
      const n = layout.nodes.find((x) => x.key === key)!;
      const owner = g.sector(key).owner!;
      expect(close(rgbAt(img, n.x, n.y - n.r * 0.55), rgbOf(playerColour(g.state, owner))), key).toBe(true);
    }
    expect(playerColour(g.state, 'p1')).toBe(PALETTE[0]); // seat 1
    // The title has text: many non-background pixels in its band, none far right past the text.
    expect(countOther(img, { x: 0, y: 10, w: 1600, h: 80 }, BG)).toBeGreaterThan(4000);
    // The open battle in X: a red ring through the icon slots.
    const x = layout.nodes.find((n) => n.key === 'X')!;
    expect(hasColourNear(img, x.x - x.orbit, x.y, 2, rgbOf(THEME.battle))).toBe(true);
    // Fleet badges in X, under its name: one pill per owner in seat order, in the owners' colours,
    // with the number of fleets and their catalog BPV. p1's second fleet (F991) is empty: 0; p2
    // has fleet 1 (KZI-CA 133 + KZI-FF 63 = 196) and the empty F990; p3 fleet 1 (HYD-CA + HYD-FF).
    const xLabel = layout.labels.find((l) => l.key === 'X')!;
    expect(xLabel.tags.map((t) => t.text)).toEqual(['1 · 0', '2 · 196', '1 · 196']);
    ['p1', 'p2', 'p3'].forEach((p, i) => {
      const t = xLabel.tags[i]!;
      expect(hasColourNear(img, t.x + t.h * 0.25, t.y + t.h / 2, 1, rgbOf(playerColour(g.state, p))), p).toBe(true);
    });
    // Terrain glyphs before the names: the comet in X (pale head), the black hole in C (orange
    // accretion ring), and the legend lists exactly the kinds on the map.
    expect(xLabel.glyphs).toHaveLength(1);
    const cLabel = layout.labels.find((l) => l.key === 'C')!;
    expect(cLabel.glyphs).toHaveLength(1);
    const cg = cLabel.glyphs[0]!;
    expect(countColour(img, cg, rgbOf('#ff9b3d'), 40)).toBeGreaterThan(5);
    expect(legendGlyphs(g.state, scene)).toEqual([
      'class-m-planet',
      'gas-giant',
      'asteroid-field',
      'comet',
      'nebula',
      'radiation-zone',
      'black-hole',
    ]);
    expect(countColour(img, scene.legend, rgbOf('#ff9b3d'), 40)).toBeGreaterThan(5);
    // The legend shows every player's colour.
    for (const p of g.state.players)
      expect(countColour(img, scene.legend, rgbOf(playerColour(g.state, p.id)), 3)).toBeGreaterThan(100);
    // Unowned explored sectors are grey, unexplored ones darker.
    const e = layout.nodes.find((n) => n.key === 'E')!;
    expect(close(rgbAt(img, e.x, e.y - e.r * 0.55), rgbOf(THEME.unowned))).toBe(true);
    const f = layout.nodes.find((n) => n.key === 'F')!;
    expect(close(rgbAt(img, f.x, f.y - f.r * 0.55), rgbOf(THEME.unknown))).toBe(true);
  });

  it('the layout it draws (measured with the bundled font) has no overlaps', () => {
    const input = layoutInput(g.state, catalogShipBpv(g.catalog))!;
    const layout = mapScene(g.state, { catalog: g.catalog }).layout!;
    expect(layoutProblems(layout, input)).toEqual([]);
    // Icons, glyphs and badges come from the state: X has the battle, a comet and three fleet owners.
    const x = input.sectors.find((s) => s.key === 'X')!;
    expect([x.icons, x.glyphs, x.tags?.length, x.ring]).toEqual([1, 1, 3, true]);
    const a = input.sectors.find((s) => s.key === 'A')!;
    expect(a.icons).toBe(3); // colony, ordered fort, ordered shipyard
    expect(a.glyphs).toBe(2); // nebula and Class-M planet (UTD5.3 composite)
    expect(a.tags).toEqual(['1 · 196']); // p1's fleet 1 moved there
    expect(input.sectors.find((s) => s.key === 'B')!.glyphs).toBe(2); // radiation zone with the ‡ asteroid overlay
    expect(input.sectors.find((s) => s.key === 'F')!.glyphs).toBe(0); // unexplored: no terrain yet
  });

  it('title: campaign, cycle, season, year, whose turn and the deadline as an ISO date', () => {
    expect(titleLines(g.state)).toEqual([
      'Thunderdome III — Autumn League',
      'Cycle 1.0 · Spring Y165 · Turn: Alice (Lyran) · orders due 2026-03-11 15:00 UTC',
    ]);
    expect(titleLines(g.state, 'X')[0]).toBe('Thunderdome III — Autumn League — around X');
  });

  it('draws only characters the bundled fonts have (an emoji they lack as one stand-in glyph)', () => {
    const cover = glyphCoverage();
    const labels = mapScene(g.state, { catalog: g.catalog }).layout!.labels;
    const texts = [
      ...titleLines(g.state),
      ...labels.map((l) => l.text),
      ...labels.flatMap((l) => l.tags.map((t) => t.text)),
    ];
    for (const t of texts) for (const ch of t) expect(cover.has(ch.codePointAt(0)!), `${t}: ${ch}`).toBe(true);
    expect(mapScene(g.state).layout!.labels.find((l) => l.key === 'E')!.text).toBe('Eridani \ufffd');
  });

  it('is the same image every time (identical bytes) and matches the stored snapshot within 0.5 %', async () => {
    const a = await renderMap(g.state);
    const b = await renderMap(g.state);
    expect(a.equals(b)).toBe(true);
    const small = await renderMap(g.state, { width: 480, catalog: g.catalog });
    expect(small.length).toBeLessThan(100_000);
    expect(await compareSnapshot(small, SNAPSHOT)).toBeLessThan(0.005);
  });

  it('a changed state changes the picture (a sector changing owner)', async () => {
    const before = await decode(await renderMap(g.state));
    const h = richGame();
    h.patch((s) => (s.map!.sectors.find((x) => x.key === 'F')!.owner = 'p3'));
    const after = await decode(await renderMap(h.state));
    const share = differingShare(before, after);
    expect(share).toBeGreaterThan(0);
    expect(share).toBeLessThan(0.05);
  });

  it('a redraw from the kept layout and map layer is byte for byte a fresh drawing, whatever changed', async () => {
    // Each change below touches one thing a kept layout or map layer depends on, or none.
    const changes: [string, (s: CampaignState) => void][] = [
      ['nothing', () => {}],
      ['a sector changing owner', (s) => (s.map!.sectors.find((x) => x.key === 'F')!.owner = 'p3')],
      ['a player recoloured by seat', (s) => (s.players.find((p) => p.id === 'p2')!.seat = 9)],
      ['the campaign name (title only)', (s) => (s.name = 'Renamed league')],
      ['an open battle ended', (s) => s.battles.forEach((b) => (b.status = 'resolved' as typeof b.status))],
      ['a sector renamed', (s) => (s.map!.sectors.find((x) => x.key === 'A')!.name = 'Betelgeuse')],
      ['a player renamed (legend)', (s) => (s.players.find((p) => p.id === 'p3')!.name = 'Dana')],
      ['the turn passing (legend marker)', (s) => (s.turn = s.turn ? { ...s.turn, playerId: 'p2' } : s.turn)],
      ['a player gone (legend)', (s) => (s.players.find((p) => p.id === 'p2')!.status = 'eliminated')],
    ];
    for (const [what, change] of changes) {
      const h = richGame();
      h.patch(change);
      for (const focus of [undefined, 'X']) {
        const opts = { catalog: h.catalog, ...(focus ? { focus } : {}) };
        forgetMapCaches();
        await renderMap(g.state, opts); // the unchanged campaign's layout and layer are kept
        const warm = await renderMap(h.state, opts);
        forgetMapCaches();
        const fresh = await renderMap(h.state, opts);
        expect(warm.equals(fresh), `${what}${focus ? ', focus X' : ''}`).toBe(true);
      }
    }
  });

  it('a redraw puts back the title band exactly at any size (the title rule reaches into the map area when small)', async () => {
    const h = richGame();
    h.patch((s) => (s.name = 'Renamed league'));
    for (const width of [240, 333, 480, 1601]) {
      const opts = { catalog: h.catalog, width };
      forgetMapCaches();
      await renderMap(g.state, opts); // kept: the same map under another title
      const warm = await renderMap(h.state, opts);
      forgetMapCaches(true);
      const fresh = await renderMap(h.state, opts);
      expect(warm.equals(fresh), `width ${width}`).toBe(true);
    }
  });

  it('a map drawn from nothing on a dropped layer is byte for byte one drawn on a new canvas', async () => {
    const h = richGame();
    h.patch((s) => (s.map!.sectors.find((x) => x.key === 'F')!.owner = 'p3'));
    forgetMapCaches(true);
    await renderMap(h.state);
    forgetMapCaches(); // its layer is dropped, to be drawn over next
    const reused = await renderMap(g.state);
    forgetMapCaches(true);
    const fresh = await renderMap(g.state);
    expect(reused.equals(fresh)).toBe(true);
  });

  it('a map drawn afresh with the names kept from an earlier drawing is byte for byte one drawn with nothing kept', async () => {
    const h = richGame();
    h.patch((s) => (s.map!.sectors.find((x) => x.key === 'F')!.owner = 'p3'));
    forgetMapCaches(true);
    await renderMap(g.state); // every name of the map drawn once, its sprite kept
    forgetMapCaches(); // the layout and the layer forgotten, the sprites kept
    const kept = await renderMap(h.state);
    forgetMapCaches(true);
    const fresh = await renderMap(h.state);
    expect(kept.equals(fresh)).toBe(true);
  });

  it('focus: the sector and its neighbours only, larger', async () => {
    const scene = mapScene(g.state, { focus: 'X' });
    expect(scene.layout!.nodes.map((n) => n.key).sort()).toEqual(['A', 'B', 'C', 'D', 'E', 'F', 'X']);
    expect(scene.layout!.nodes[0]!.R).toBeGreaterThan(mapScene(g.state).layout!.nodes[0]!.R);
    const img = await decode(await renderMap(g.state, { focus: 'H1' }));
    expect([img.width, img.height]).toEqual([1600, 1000]);
    await expect(renderMap(g.state, { focus: 'nowhere' })).rejects.toThrow(RangeError);
  });

  it('the zoomed map around X matches its stored snapshot within 0.5 %', async () => {
    const png = await renderMap(g.state, { focus: 'X', width: 480, catalog: g.catalog });
    expect(
      await compareSnapshot(png, fileURLToPath(new URL('./__snapshots__/rich-map-X-480.png', import.meta.url))),
    ).toBeLessThan(0.005);
  });

  it('before a map exists: title and players, and "No map yet"', async () => {
    const h = new Game();
    h.do(who('p1'), {
      type: 'create',
      name: 'Fresh',
      campaignId: 'c2',
      guildId: 'g',
      channelId: 'ch',
      seedCommitment: 'h',
    });
    h.do('p1', { type: 'join', empire: 'gorn' });
    expect(titleLines(h.state)[1]).toContain('Registration');
    const img = await decode(await renderMap(h.state));
    expect(countOther(img, mapScene(h.state).mapArea, BG)).toBeGreaterThan(500);
  });

  it('encodes off the event loop: other callbacks run while the PNG is being made', async () => {
    let ticked = false;
    const pending = renderMap(g.state);
    setImmediate(() => (ticked = true));
    await pending;
    expect(ticked).toBe(true);
  });

  it('a 13-player map (104 sectors), with and without coordinates, renders with every colour in a few hundred ms', async () => {
    for (const map of [generated(13, 1), withoutCoordinates(generated(13, 1))]) {
      const big = bigGame(13, 1, map);
      const t = performance.now();
      const png = await renderMap(big.state);
      const ms = performance.now() - t;
      expect(ms).toBeLessThan(5000);
      const img = await decode(png);
      const layout = mapScene(big.state).layout!;
      expect(layoutProblems(layout, layoutInput(big.state)!)).toEqual([]);
      // Every home shows its planet glyph and its owner's fleet 1 (a CA and an FF, at the empire's own sample prices).
      const catalog = sampleCatalog();
      for (const p of big.state.players) {
        const lb = layout.labels.find((l) => l.key === p.homeSector)!;
        const code = EMPIRE_CODE_BY_KEY[p.empire];
        const bpv = Number(catalog.get(`${code}-CA`)!.bpv) + Number(catalog.get(`${code}-FF`)!.bpv);
        expect(lb.glyphs, p.id).toHaveLength(1);
        expect(
          lb.tags.map((t) => t.text),
          p.id,
        ).toEqual([`1 · ${bpv}`]);
      }
      for (const p of big.state.players) {
        const home = layout.nodes.find((n) => n.key === p.homeSector)!;
        expect(hasColourNear(img, home.x, home.y - home.r * 0.5, 2, rgbOf(playerColour(big.state, p.id))), p.id).toBe(
          true,
        );
      }
    }
  });
});
