import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { glyphCoverage } from '../../src/render/fonts.ts';
import { ledgerScene, renderLedger } from '../../src/render/ledger-image.ts';
import { playerColour, rgbOf, THEME } from '../../src/render/theme.ts';
import { campaignLedger } from '../../src/rules/thunderdome/ledger.ts';
import { compareSnapshot, countOther, decode, differingShare, hasColourNear, rgbAt } from './pixels.ts';
import { bigGame, navyGame } from './scenarios.ts';

const BG = rgbOf(THEME.background);
const SNAPSHOT = fileURLToPath(new URL('./__snapshots__/ledger-760.png', import.meta.url));

/** navyGame (three players mid-game) with Bob resigned and two forfeits for Chen. */
function game() {
  const g = navyGame();
  g.patch((s) => {
    s.players.find((p) => p.id === 'p2')!.status = 'resigned';
    s.players.find((p) => p.id === 'p3')!.totalForfeits = 2;
  });
  return g;
}

describe('renderLedger: the campaign ledger image (UTD1.12)', () => {
  const g = game();
  const ledger = campaignLedger(g.state, g.catalog);

  it('is 1520 px wide and as tall as its lines: 3 players → 432 px; scales with the width', async () => {
    const scene = ledgerScene(ledger);
    // 118 title + 30 groups + 36 headings + 3 × 46 rows + 6 + 46 totals + 46 note + 12 = 432
    expect([scene.width, scene.height]).toEqual([1520, 432]);
    const img = await decode(await renderLedger(g.state, ledger));
    expect([img.width, img.height]).toEqual([1520, 432]);
    const half = await decode(await renderLedger(g.state, ledger, { width: 760 }));
    expect([half.width, half.height]).toEqual([760, 216]);
    expect(() => ledgerScene(ledger, { width: 100 })).toThrow(RangeError);
  });

  it('columns span the image without overlapping, numbers right-aligned, headings grouped', () => {
    const scene = ledgerScene(ledger);
    for (let i = 1; i < scene.columns.length; i++)
      expect(scene.columns[i]!.x).toBeCloseTo(scene.columns[i - 1]!.x + scene.columns[i - 1]!.w, 6);
    const last = scene.columns.at(-1)!;
    expect(last.x + last.w).toBeCloseTo(1520 - 24, 6);
    expect(scene.columns.map((c) => c.key)).toEqual([
      'seat',
      'player',
      'bank',
      'incomePerCycle',
      'sectorsOwned',
      'home',
      'life',
      'mineral',
      'dead',
      'colonies',
      'mines',
      'forts',
      'fleets',
      'ships',
      'bpvAfloat',
      'forfeits',
    ]);
    expect(scene.groups.map((x) => x.heading)).toEqual([
      'Treasury (BPV)',
      'Sectors owned',
      'Developments',
      'Navy afloat',
    ]);
    expect(scene.rows.map((r) => r.playerId)).toEqual(['p1', 'p2', 'p3']);
  });

  it("draws each player's colour swatch on their line, text in every line, the background around", async () => {
    const img = await decode(await renderLedger(g.state, ledger));
    const scene = ledgerScene(ledger);
    for (const line of scene.rows)
      expect(
        hasColourNear(img, line.disc.x, line.disc.y, 2, rgbOf(playerColour(g.state, line.playerId))),
        line.playerId,
      ).toBe(true);
    for (const [x, y] of [
      [2, 2],
      [1517, 429],
    ] as const)
      expect(rgbAt(img, x, y)).toEqual(BG);
    // Every line and the totals carry figures in the number columns.
    const numbers = scene.columns.find((c) => c.key === 'bank')!;
    const right = scene.columns.at(-1)!;
    for (const r of [...scene.rows, scene.totals])
      expect(
        countOther(
          img,
          { x: numbers.x, y: r.y + 8, w: right.x + right.w - numbers.x, h: r.h - 16 },
          rgbOf(THEME.panel),
          10,
        ),
      ).toBeGreaterThan(300);
  });

  it('uses only characters of the bundled font (the emoji of "Chen 🚀" is dropped)', () => {
    const cover = glyphCoverage();
    expect(g.player('p3').name).toBe('Chen 🚀');
    for (const r of ledger.rows) for (const ch of r.empire + r.status) expect(cover.has(ch.codePointAt(0)!)).toBe(true);
  });

  it('is the same image every time, matches the stored snapshot within 0.5 %, and changes with the figures', async () => {
    const a = await renderLedger(g.state, ledger, { width: 760 });
    expect(a.equals(await renderLedger(g.state, ledger, { width: 760 }))).toBe(true);
    expect(await compareSnapshot(a, SNAPSHOT)).toBeLessThan(0.005);
    const h = game();
    h.patch((s) => (s.players.find((p) => p.id === 'p1')!.bank = '99999'));
    const changed = await decode(await renderLedger(h.state, campaignLedger(h.state, h.catalog), { width: 760 }));
    const share = differingShare(await decode(a), changed);
    expect(share).toBeGreaterThan(0);
    expect(share).toBeLessThan(0.02);
  });

  it('13 players fit: one line each, every colour shown', async () => {
    const big = bigGame(13, 1);
    const l = campaignLedger(big.state, big.catalog);
    const scene = ledgerScene(l);
    expect(scene.rows).toHaveLength(13);
    const img = await decode(await renderLedger(big.state, l));
    expect(img.height).toBe(scene.height);
    for (const line of scene.rows)
      expect(
        hasColourNear(img, line.disc.x, line.disc.y, 2, rgbOf(playerColour(big.state, line.playerId))),
        line.playerId,
      ).toBe(true);
  });
});
