import { describe, expect, it } from 'vitest';
import { SeededDice } from '../../../src/rules/dice.ts';
import { SAMPLE_CATALOG } from '../../../src/rules/warlord/catalog.ts';
import { checkSheet } from '../../../src/rules/warlord/check.ts';
import { gameCatalog, generateGalaxy } from '../../../src/rules/warlord/galaxy.ts';
import { addressName } from '../../../src/rules/warlord/hex.ts';
import { parseSheet } from '../../../src/rules/warlord/orders.ts';
import { MONSTER_CORP, type WarlordState, defaultSettings, hexAt } from '../../../src/rules/warlord/state.ts';
import { SITE_TABLE } from '../../../src/rules/warlord/tables.ts';
import { holdings, nextTurn, processGameTurn } from '../../../src/rules/warlord/turn.ts';

const settings = defaultSettings({ width: 4, height: 4 });
const catalog = gameCatalog(SAMPLE_CATALOG, settings);
const corps = [1, 2, 3, 4].map((id) => ({ id, name: `Corp ${id}` }));

describe('Warlord galaxy generation (§4.1, §6, §2.20)', () => {
  it('Warlord galaxy: the same seed gives the same galaxy; home sectors with an HO near the middle; one monster per sector', () => {
    const a = generateGalaxy({ seed: 42, settings, corps });
    const b = generateGalaxy({ seed: 42, settings, corps });
    expect(JSON.stringify(a)).toBe(JSON.stringify(b));
    expect(JSON.stringify(generateGalaxy({ seed: 43, settings, corps }))).not.toBe(JSON.stringify(a));
    expect(a.sectors).toHaveLength(16);
    expect(
      a.sectors
        .filter((s) => s.kind === 'home')
        .map((s) => s.homeOf)
        .sort(),
    ).toEqual([1, 2, 3, 4]);
    expect(a.sectors.filter((s) => s.kind === 'wild')).toHaveLength(settings.wildSectors);
    for (const c of a.corps) {
      const ho = a.sites.find((s) => s.homeOfficeOf === c.id);
      expect(ho && [ho.owner, ho.fort.forts, hexAt(a, ho.at).area, hexAt(a, ho.at).prospect]).toEqual([
        c.id,
        200,
        'ES',
        0,
      ]);
      expect(ho && ho.at.col >= 7 && ho.at.col <= 10 && ho.at.row >= 7 && ho.at.row <= 10).toBe(true);
    }
    const monsters = a.ships.filter((s) => s.owner === MONSTER_CORP);
    expect(monsters).toHaveLength(16);
    for (const sec of a.sectors) {
      const here = monsters.filter((m) => m.at.sx === sec.x && m.at.sy === sec.y);
      expect(here).toHaveLength(1);
      const ep = catalog.get(here[0]?.typeId ?? '')?.cost ?? 0;
      if (sec.kind === 'wild') expect(ep).toBeGreaterThanOrEqual(300);
      else expect(ep).toBeLessThanOrEqual(175);
      // Magnetic meteors and stasis zones only in wild sectors (App E).
      if (sec.kind !== 'wild') expect(sec.hexes.some((h) => h.area === 'MM' || h.area === 'SZ')).toBe(false);
    }
    for (const s of a.sites.filter((x) => x.kind !== 'HO')) {
      for (const r of ['PE', 'OR', 'DC', 'FP'] as const) {
        const band = SITE_TABLE[s.kind].produce[r];
        if (band) expect(s.production[r]).toBeGreaterThanOrEqual(band[0]);
        else expect(s.production[r]).toBe(0);
      }
    }
  });
});

describe('Warlord Next Turn Generator (§11.7, §2.23)', () => {
  it('Warlord monsters never leave their sector and never enter a player’s original Home Office', () => {
    let s: WarlordState = generateGalaxy({ seed: 5, settings, corps });
    const home = new Map(s.ships.filter((m) => m.owner === MONSTER_CORP).map((m) => [m.id, `${m.at.sx}${m.at.sy}`]));
    for (let i = 0; i < 6; i++) s = nextTurn(s, new SeededDice('cd'.repeat(32), i), catalog).state;
    for (const m of s.ships.filter((x) => x.owner === MONSTER_CORP))
      expect(`${m.at.sx}${m.at.sy}`).toBe(home.get(m.id));
    for (const c of s.corps) expect(s.sites.find((x) => x.homeOfficeOf === c.id)?.owner).toBe(c.id);
    expect([s.turn, s.year]).toEqual([6, 171]);
  });

  it('Warlord victory (§11.1): a corporation holding the per-game number of whole sectors wins at the NTG', () => {
    const s = generateGalaxy({ seed: 9, settings: { ...settings, victorySectors: 1, victorySites: 999 }, corps });
    const target = s.corps[1];
    if (!target) throw new Error('corp');
    const sec = target.homeOffice;
    for (const site of s.sites)
      if (site.at.sx === sec.sx && site.at.sy === sec.sy && SITE_TABLE[site.kind].major) site.owner = target.id;
    expect(holdings(s, target.id).fullSectors).toBe(1);
    const { report } = nextTurn(s, new SeededDice('ef'.repeat(32), 1), catalog);
    expect(report.winner).toBe(target.id);
  });

  it('Warlord game turn: four corporations in cycle order, one sheet late and waived; seats waived three times running may go to a standby player', () => {
    let s = generateGalaxy({ seed: 11, settings, corps });
    const sheets = new Map([1, 2, 3].map((id) => [id, parseSheet('PR F\nPS F DD\nBF 50')]));
    let standby: number[] = [];
    for (let t = 0; t < 3; t++) {
      const r = processGameTurn(s, sheets, new SeededDice('01'.repeat(32), t), catalog);
      expect(r.corps.map((c) => [c.corp, c.waived])).toEqual([
        [1, false],
        [2, false],
        [3, false],
        [4, true],
      ]);
      s = r.state;
      standby = r.standbyEligible;
    }
    expect(standby).toEqual([4]);
    expect(s.ships.filter((x) => x.owner === 1 && x.typeId === 'F-DD')).toHaveLength(3);
    expect(s.corps.find((c) => c.id === 4)?.waivedInRow).toBe(3);
  });
});

describe('Warlord sheet check and dry-run preview (§4.6, §9.1)', () => {
  it('Warlord check: a ship not yours, a non-adjacent hex and a purchase beyond the treasury are refused before processing; the preview shows the path', () => {
    const s = generateGalaxy({ seed: 11, settings, corps });
    const r = processGameTurn(s, new Map([[1, parseSheet('PS F CA')]]), new SeededDice('02'.repeat(32), 1), catalog);
    const ca = r.state.ships.find((x) => x.owner === 1 && x.typeId === 'F-CA');
    if (!ca) throw new Error('no F-CA');
    const { col, row } = ca.at;
    const n = (c: number, rr: number) => `${String(c).padStart(2, '0')}${String(rr).padStart(2, '0')}`;
    const sheet = parseSheet(
      [`F CA ${ca.seq}: ${n(col, row - 1)} ${n(col, row + 3)}`, 'K D7 99: 0101', 'PS K D7', 'PS F FF', 'PS F CA'].join(
        '\n',
      ),
    );
    const check = checkSheet(r.state, 1, sheet, catalog);
    expect(check.errors.map((e) => [e.line, e.rule])).toEqual([
      [1, '§4.6'],
      [2, '§4.6'],
      [5, '§9.3'],
    ]);
    expect(check.preview[0]).toBe(
      `${ca.name} at ${addressName(ca.at)}: ${addressName({ ...ca.at, row: row - 1 })} → ✗`,
    );
    // K-D7 (base 145) went unsold at the NTG: 145 → 142; a non-primary surcharge of 1–100% of base follows.
    expect(r.state.prices['K-D7']).toBe(142);
    expect(check.preview).toContain('PS K-D7: 143–287 EP (non-primary surcharge)');
  });
});
