import { fileURLToPath } from 'node:url';
import { createCanvas } from 'canvas';
import { describe, expect, it } from 'vitest';
import { battleFleets } from '../../src/discord/images.ts';
import { ensureFonts, font } from '../../src/render/fonts.ts';
import { layoutInput, mapScene, overviewNote, renderMap } from '../../src/render/map-image.ts';
import { navySummary } from '../../src/render/navy-sheet.ts';
import { PALETTE, playerColour, rgbOf, THEME } from '../../src/render/theme.ts';
import { mappedGame } from '../rules/td3/harness.ts';
import { layoutProblems } from './layout-checks.ts';
import { compareSnapshot, countColour, decode } from './pixels.ts';
import { bigGame, generated, richGame } from './scenarios.ts';

const SNAPSHOT = fileURLToPath(new URL('./__snapshots__/names-scripts-480.png', import.meta.url));

/** Names players type in their own scripts, as the rich map's sectors. */
const NAMES: Record<string, string> = {
  A: 'Ἀθῆναι',
  B: 'Москва',
  C: '東京',
  D: '서울',
  F: 'とうきょう ★',
};

/** Ink (non-white pixels) of `text` drawn in the bundled fonts on a white card. */
function ink(text: string): number {
  ensureFonts();
  const c = createCanvas(200, 60);
  const ctx = c.getContext('2d');
  ctx.fillStyle = '#ffffff';
  ctx.fillRect(0, 0, 200, 60);
  ctx.fillStyle = '#000000';
  ctx.font = font(32);
  ctx.fillText(text, 4, 44);
  const { data } = ctx.getImageData(0, 0, 200, 60);
  let n = 0;
  for (let i = 0; i < data.length; i += 4) if (data[i]! < 128) n++;
  return n;
}

describe('pictures for every name', () => {
  it('names in Greek, Cyrillic, Chinese, Korean and Japanese are drawn as typed on the map', async () => {
    const g = richGame();
    g.patch((s) => {
      for (const [key, name] of Object.entries(NAMES))
        Object.assign(s.map!.sectors.find((x) => x.key === key)!, { name, nameStatus: 'named' });
    });
    const labels = mapScene(g.state).layout!.labels;
    for (const [key, name] of Object.entries(NAMES)) expect(labels.find((l) => l.key === key)!.text).toBe(name);
    const png = await renderMap(g.state, { width: 480, catalog: g.catalog });
    expect(await compareSnapshot(png, SNAPSHOT)).toBeLessThan(0.005);
  });

  it('a CJK character is drawn with its own glyph, not as ? or an empty box', () => {
    for (const ch of ['東', '서', 'と', 'Ж', 'Ω']) {
      expect(ink(ch), ch).toBeGreaterThan(20);
      expect(ink(ch), ch).not.toBe(ink('?'));
    }
    expect(ink('東京')).toBeGreaterThan(ink('東'));
  });

  it('an emoji the fonts lack shows a visible stand-in, not a gap', () => {
    expect(ink('🚀')).toBeGreaterThan(20);
  });
});

describe('a player keeps one colour from joining to the end, on every picture', () => {
  it('UTD8.14 the seats drawn at the start do not change colours: join order does', async () => {
    const g = mappedGame();
    const before = ['p1', 'p2', 'p3'].map((p) => playerColour(g.state, p));
    expect(before).toEqual([PALETTE[0], PALETTE[1], PALETTE[2]]);
    // The dice put p3 in seat 1 and p1 in seat 3.
    g.dice(100, 500, 900).do('p1', { type: 'start' });
    expect(g.player('p3').seat).toBe(1);
    expect(['p1', 'p2', 'p3'].map((p) => playerColour(g.state, p))).toEqual(before);
  });

  it('the navy sheet and the battle card give a player the colour the map gives', () => {
    const g = richGame();
    // The scene patches in a bare battle: only its sides matter for the colours.
    const scene = g.state.battles[0]!;
    const battle = { ...scene, participants: scene.participants ?? [] };
    // The card's labels come from the battle setup (not rolled in this scene): only the colours matter here.
    const input = { sides: battle.sides.map((id) => ({ id, label: id })) } as unknown as Parameters<
      typeof battleFleets
    >[2];
    const fleets = battleFleets(g.state, battle, input);
    battle.sides.forEach((side, i) => {
      if (side !== 'npe') expect(fleets[i]!.colour, side).toBe(playerColour(g.state, side));
    });
    for (const p of ['p1', 'p2', 'p3'])
      expect(navySummary(g.state, p, g.catalog).colour, p).toBe(playerColour(g.state, p));
    // The battle's sides are not coloured by their order: the second side is not PALETTE[1] unless it is p2.
    const second = battle.sides[1]!;
    if (second !== 'p2' && second !== 'npe') expect(fleets[1]!.colour).not.toBe(PALETTE[1]);
  });
});

describe('the whole map at the largest size the generator allows', () => {
  it('UTD8.16 494 sectors (13 players × 38) are drawn as an overview without overlaps, pointing to the zoomed view', async () => {
    const big = bigGame(13, 1, generated(13, 1, 38));
    expect(big.state.map!.sectors).toHaveLength(494);
    const scene = mapScene(big.state);
    expect(scene.overview).toBe(true);
    expect(scene.layout!.labels).toEqual([]);
    // Nothing overlaps; the only "problem" left is the names the overview leaves out on purpose.
    expect(layoutProblems(scene.layout!, layoutInput(big.state)!)).toEqual(['0 labels for 494 nodes']);
    expect(overviewNote(494)).toContain('/map show sector:');
    const img = await decode(await renderMap(big.state));
    // The note's band at the foot of the map area has text in it, in the text colour.
    const a = scene.mapArea;
    expect(countColour(img, { x: a.x, y: a.y + a.h - 40, w: a.w, h: 40 }, rgbOf(THEME.text), 30)).toBeGreaterThan(200);
    // The zoomed view of any sector still names it and its neighbours.
    const zoom = mapScene(big.state, { focus: big.state.players[0]!.homeSector! });
    expect(zoom.overview).toBe(false);
    expect(zoom.layout!.labels.length).toBeGreaterThan(2);
  }, 60_000);

  it('a 104-sector map keeps every name (no overview)', () => {
    const big = bigGame(13, 1);
    const scene = mapScene(big.state);
    expect(scene.overview).toBe(false);
    expect(scene.layout!.labels).toHaveLength(104);
  });
});
