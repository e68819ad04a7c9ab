import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { glyphCoverage } from '../../src/render/fonts.ts';
import { layoutInput, mapScene, renderMap, titleLines } from '../../src/render/map-image.ts';
import { PALETTE, playerColour, rgbOf, THEME } from '../../src/render/theme.ts';
import { Game, who } from '../rules/td3/harness.ts';
import { layoutProblems } from './layout-checks.ts';
import { close, compareSnapshot, countColour, countOther, decode, differingShare, hasColourNear, rgbAt } from './pixels.ts';
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
    const png = await renderMap(g.state);
    const img = await decode(png);
    const scene = mapScene(g.state);
    const layout = scene.layout!;
    // Background in the corners.
    for (const [x, y] of [[2, 2], [1597, 997], [2, 997]] as const) expect(rgbAt(img, x, y)).toEqual(BG);
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
    // Fleet badges in X: one per owner (p2 has two fleets there), in the owners' colours.
    const badges = x.slots.slice(-3);
    ['p1', 'p2', 'p3'].forEach((p, i) => expect(hasColourNear(img, badges[i]!.x, badges[i]!.y, 3, rgbOf(playerColour(g.state, p))), p).toBe(true));
    // The legend shows every player's colour.
    for (const p of g.state.players) expect(countColour(img, scene.legend, rgbOf(playerColour(g.state, p.id)), 3)).toBeGreaterThan(100);
    // Unowned explored sectors are grey, unexplored ones darker.
    const e = layout.nodes.find((n) => n.key === 'E')!;
    expect(close(rgbAt(img, e.x, e.y - e.r * 0.55), rgbOf(THEME.unowned))).toBe(true);
    const f = layout.nodes.find((n) => n.key === 'F')!;
    expect(close(rgbAt(img, f.x, f.y - f.r * 0.55), rgbOf(THEME.unknown))).toBe(true);
  });

  it('the layout it draws (measured with the bundled font) has no overlaps', () => {
    const input = layoutInput(g.state)!;
    const layout = mapScene(g.state).layout!;
    expect(layoutProblems(layout, input)).toEqual([]);
    // Icons and badges come from the state: X has the battle, and three fleet owners.
    const x = input.sectors.find((s) => s.key === 'X')!;
    expect([x.icons, x.badges, x.ring]).toEqual([1, 3, true]);
    const a = input.sectors.find((s) => s.key === 'A')!;
    expect(a.icons).toBe(3); // colony, ordered fort, ordered shipyard
  });

  it('title: campaign, cycle, season, year, whose turn and the deadline as an ISO date', () => {
    expect(titleLines(g.state)).toEqual(['Thunderdome III — Autumn League', 'Cycle 1.0 · Spring Y165 · Turn: Alice (Lyran) · orders due 2026-03-11 15:00 UTC']);
    expect(titleLines(g.state, 'X')[0]).toBe('Thunderdome III — Autumn League — around X');
  });

  it('draws only characters the bundled font has (emoji dropped, other scripts as ?)', () => {
    const cover = glyphCoverage();
    const texts = [...titleLines(g.state), ...mapScene(g.state).layout!.labels.map((l) => l.text)];
    for (const t of texts) for (const ch of t) expect(cover.has(ch.codePointAt(0)!), `${t}: ${ch}`).toBe(true);
    expect(mapScene(g.state).layout!.labels.find((l) => l.key === 'E')!.text).toBe('Eridani');
  });

  it('is the same image every time (identical bytes) and matches the stored snapshot within 0.5 %', async () => {
    const a = await renderMap(g.state);
    const b = await renderMap(g.state);
    expect(a.equals(b)).toBe(true);
    const small = await renderMap(g.state, { width: 480 });
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

  it('focus: the sector and its neighbours only, larger', async () => {
    const scene = mapScene(g.state, { focus: 'X' });
    expect(scene.layout!.nodes.map((n) => n.key).sort()).toEqual(['A', 'B', 'C', 'D', 'E', 'F', 'X']);
    expect(scene.layout!.nodes[0]!.R).toBeGreaterThan(mapScene(g.state).layout!.nodes[0]!.R);
    const img = await decode(await renderMap(g.state, { focus: 'H1' }));
    expect([img.width, img.height]).toEqual([1600, 1000]);
    await expect(renderMap(g.state, { focus: 'nowhere' })).rejects.toThrow(RangeError);
  });

  it('the zoomed map around X matches its stored snapshot within 0.5 %', async () => {
    const png = await renderMap(g.state, { focus: 'X', width: 480 });
    expect(await compareSnapshot(png, fileURLToPath(new URL('./__snapshots__/rich-map-X-480.png', import.meta.url)))).toBeLessThan(0.005);
  });

  it('before a map exists: title and players, and "No map yet"', async () => {
    const h = new Game();
    h.do(who('p1'), { type: 'create', name: 'Fresh', campaignId: 'c2', guildId: 'g', channelId: 'ch', seedCommitment: 'h' });
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
      for (const p of big.state.players) {
        const home = layout.nodes.find((n) => n.key === p.homeSector)!;
        expect(hasColourNear(img, home.x, home.y - home.r * 0.5, 2, rgbOf(playerColour(big.state, p.id))), p.id).toBe(true);
      }
    }
  });
});
