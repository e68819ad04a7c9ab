import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { glyphCoverage } from '../../src/render/fonts.ts';
import { navySheetHeight, navySummary, renderNavySheet } from '../../src/render/navy-sheet.ts';
import { playerColour, rgbOf, THEME } from '../../src/render/theme.ts';
import { startedGame } from '../rules/td3/harness.ts';
import { compareSnapshot, countOther, decode, rgbAt } from './pixels.ts';
import { navyGame } from './scenarios.ts';

/** p1's fleet 1 holding exactly these units (test surgery: the DN is not buildable in Y165). */
function fleetOf(units: string[]) {
  const g = startedGame();
  g.patch((s) => {
    const fleet = s.fleets.find((f) => f.owner === 'p1')!;
    const model = s.ships.find((x) => x.fleetId === fleet.id)!;
    s.ships = s.ships.filter((x) => x.fleetId !== fleet.id);
    units.forEach((unitId, i) => s.ships.push({ ...model, id: `S8${i}`, unitId }));
  });
  return g;
}

describe('navySummary: what the navy sheet shows', () => {
  const g = navyGame();
  const s = navySummary(g.state, 'p1', g.catalog);

  it('header: name, empire, bank, order points this turn, fleets of the maximum', () => {
    expect([s.name, s.empire, s.bank]).toEqual(['Alice', 'Lyran', g.player('p1').bank]);
    expect(s.orderPoints).toBe('3 of 3 left this turn');
    expect(s.fleetsLine).toBe('2 of 6'); // UTD: 3 + players
    // Not this player's turn: the points per turn.
    expect(navySummary(g.state, 'p2', g.catalog).orderPoints).toBe('3 per turn');
  });

  it('every fleet with location, MC used of 5 and BPV; ships with class, BPV, MC and conditions', () => {
    expect(s.fleets.map((f) => [f.slot, f.location, f.mcText, f.bpv, f.flags])).toEqual([
      [1, 'Aldebaran (A)', '11/6', '221', []],
      [2, 'X', '7/3', '322', ['pinned']],
    ]);
    const f2 = s.fleets[1]!;
    expect(f2.ships.map((x) => [x.name, x.bpv, x.mc, x.conditions.map((c) => c.text)])).toEqual([
      ['Lyran Dreadnought', '180', '3/2', ['crippled', 'D9.4 used']],
      ['Lyran Frigate', '63', '1/3', ['wrecked']],
      ['Lyran Destroyer', '79', '1/2', ['uninspected']],
    ]);
  });

  it('UTD7.23: DN + CA + CW + DD + 4 FF is exactly 5 (not over the limit)', () => {
    const h = fleetOf(['LYR-DN', 'LYR-CA', 'LYR-CW+', 'LYR-DD', 'LYR-FF', 'LYR-FF', 'LYR-FF', 'LYR-FF']);
    const f = navySummary(h.state, 'p1', h.catalog).fleets[0]!;
    expect([f.mc, f.mcText, f.overLimit]).toEqual([300, '5', false]);
    const over = navySummary(fleetOf(['LYR-DN', 'LYR-DN', 'LYR-DN', 'LYR-DN']).state, 'p1', h.catalog).fleets[0]!;
    expect([over.mcText, over.overLimit]).toEqual(['6', true]);
  });

  it('bases by sector, capital first: capital, shipyards, defenses; arriving ones counted', () => {
    expect(s.bases.map((b) => b.label)).toEqual(['H1', 'Aldebaran (A)']);
    expect(s.bases[0]!.groups.map((x) => [x.role, x.units])).toEqual([
      ['Capital', ['Capital', 'Large Repair Freighter']],
      ['Defenses', ['Monitor', '3× Ground Defense Phaser Base', '3× Defense Satellite']],
    ]);
    expect(s.bases[1]!.groups).toEqual([
      { role: 'Shipyards', kind: 'shipyard', units: ['Shipyard, size class 2'], pending: 1 },
    ]);
  });

  it('all its text is drawable with the bundled font', () => {
    const cover = glyphCoverage();
    const texts = [
      s.name,
      s.empire,
      s.bank,
      s.orderPoints,
      s.fleetsLine,
      ...s.fleets.flatMap((f) => [
        f.location,
        f.mcText,
        f.bpv,
        ...f.flags,
        ...f.ships.flatMap((x) => [x.id, x.name, x.bpv, x.mc, ...x.conditions.map((c) => c.text)]),
      ]),
      ...s.bases.flatMap((b) => [b.label, ...b.groups.flatMap((x) => [x.role, ...x.units])]),
    ];
    for (const t of texts) for (const ch of t) expect(cover.has(ch.codePointAt(0)!), `${t}: ${ch}`).toBe(true);
  });

  it('an unknown player is a bug, not an empty sheet', () => {
    expect(() => navySummary(g.state, 'nobody', g.catalog)).toThrow(RangeError);
  });
});

describe('renderNavySheet: the image', () => {
  it('is a PNG 1000 px wide, as tall as its content, with the player colour band and text', async () => {
    const g = navyGame();
    const png = await renderNavySheet(g.state, 'p1', g.catalog);
    const img = await decode(png);
    const height = navySheetHeight(navySummary(g.state, 'p1', g.catalog));
    expect([img.width, img.height]).toEqual([1000, height]);
    expect(rgbAt(img, 4, 40)).toEqual(rgbOf(playerColour(g.state, 'p1')));
    expect(rgbAt(img, 990, img.height - 3)).toEqual(rgbOf(THEME.background));
    expect(countOther(img, { x: 20, y: 10, w: 600, h: 60 }, rgbOf(THEME.background))).toBeGreaterThan(1500);
    // Condition chips: the wrecked chip's red is on the sheet.
    let red = 0;
    for (let y = 0; y < img.height; y += 2)
      for (let x = 700; x < 980; x += 2) if (rgbAt(img, x, y).join() === rgbOf('#f23f43').join()) red++;
    expect(red).toBeGreaterThan(20);
  });

  it('grows with the navy: more ships, a taller sheet', async () => {
    const small = startedGame();
    const big = fleetOf(['LYR-DN', 'LYR-CA', 'LYR-CW+', 'LYR-DD', 'LYR-FF', 'LYR-FF', 'LYR-FF', 'LYR-FF']);
    const a = await decode(await renderNavySheet(small.state, 'p1', small.catalog));
    const b = await decode(await renderNavySheet(big.state, 'p1', big.catalog));
    expect(b.height - a.height).toBe(6 * 38);
  });

  it('renders the same bytes twice, and scales to another width', async () => {
    const g = navyGame();
    const a = await renderNavySheet(g.state, 'p2', g.catalog);
    const b = await renderNavySheet(g.state, 'p2', g.catalog);
    expect(a.equals(b)).toBe(true);
    const half = await decode(await renderNavySheet(g.state, 'p2', g.catalog, { width: 500 }));
    expect(half.width).toBe(500);
  });

  it("matches the stored snapshot of p1's varied navy within 0.5 % of pixels", async () => {
    const g = navyGame();
    const png = await renderNavySheet(g.state, 'p1', g.catalog, { width: 500 });
    expect(
      await compareSnapshot(png, fileURLToPath(new URL('./__snapshots__/navy-p1-500.png', import.meta.url))),
    ).toBeLessThan(0.005);
  });
});
