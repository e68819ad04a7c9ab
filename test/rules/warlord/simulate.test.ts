import { describe, expect, it } from 'vitest';
import { SeededDice } from '../../../src/rules/dice.ts';
import { mulberry32 } from '../../../src/rules/prng.ts';
import { SAMPLE_CATALOG } from '../../../src/rules/warlord/catalog.ts';
import { gameCatalog, generateGalaxy } from '../../../src/rules/warlord/galaxy.ts';
import { addressName, hexDistance, hexName, neighbours } from '../../../src/rules/warlord/hex.ts';
import { type Sheet, parseSheet } from '../../../src/rules/warlord/orders.ts';
import { speed } from '../../../src/rules/warlord/ships.ts';
import { MONSTER_CORP, type WarlordState, defaultSettings } from '../../../src/rules/warlord/state.ts';
import { processGameTurn } from '../../../src/rules/warlord/turn.ts';

const settings = defaultSettings({ width: 4, height: 4 });
const catalog = gameCatalog(SAMPLE_CATALOG, settings);
const buyable = SAMPLE_CATALOG.filter((t) => t.year <= 166 && t.cost <= 160 && t.speed > 0);

/** A random but well-formed sheet: every ship wanders along adjacent hexes, a purchase, a fortification. */
function randomSheet(s: WarlordState, corp: number, rng: () => number): Sheet {
  const lines: string[] = [];
  for (const ship of s.ships.filter((x) => x.owner === corp)) {
    let at = ship.at;
    const hexes: string[] = [];
    // Half the ships hunt their sector's monster (so battles happen), the rest wander.
    const prey =
      rng() < 0.5
        ? s.ships.find((m) => m.owner === MONSTER_CORP && m.at.sx === ship.at.sx && m.at.sy === ship.at.sy)
        : undefined;
    for (let i = 0; i < speed(ship); i++) {
      const ns = neighbours(s.settings.galaxy, at);
      const toward = prey
        ? ns
            .filter((n) => n.sx === prey.at.sx && n.sy === prey.at.sy)
            .sort((a, b) => hexDistance(a, prey.at) - hexDistance(b, prey.at))[0]
        : undefined;
      at = toward ?? ns[Math.floor(rng() * ns.length)] ?? at;
      hexes.push(hexName(at));
    }
    const [race, desig] = ship.typeId.split('-');
    lines.push(
      rng() < 0.15 ? `${race} ${desig} ${ship.seq}: PRSP` : `${race} ${desig} ${ship.seq}: ${hexes.join(' ')}`,
    );
  }
  const t = buyable[Math.floor(rng() * buyable.length)];
  if (t) lines.push(`PR ${t.race === 'C' ? 'F' : t.race}`, `PS ${t.race} ${t.designation}`);
  const ho = s.corps.find((c) => c.id === corp)?.homeOffice;
  if (ho && rng() < 0.5) lines.push(`FS ${ho.sx}${ho.sy} ${hexName(ho)} 20`);
  lines.push('BF 20');
  const sheet = parseSheet(lines.join('\n'));
  expect(sheet.errors).toEqual([]);
  return sheet;
}

describe('Warlord simulated games (invariants)', () => {
  it('Warlord five turns of random sheets: no hex holds two corporations’ ships after a turn, no ship is over its HP, every ship is on the map, sites have one owner, rolls are reported', () => {
    for (const seed of [1, 2]) {
      let s = generateGalaxy({ seed, settings, corps: [1, 2, 3, 4].map((id) => ({ id, name: `C${id}` })) });
      const rng = mulberry32(seed * 7919);
      let battles = 0;
      for (let turn = 0; turn < 5; turn++) {
        const sheets = new Map<number, Sheet>();
        // Corporation 4 is late every other turn (waived, §11.4).
        for (const c of s.corps) if (!(c.id === 4 && turn % 2 === 1)) sheets.set(c.id, randomSheet(s, c.id, rng));
        const r = processGameTurn(s, sheets, new SeededDice('5a'.repeat(32), turn + 100 * seed), catalog);
        s = r.state;
        battles += r.corps.reduce((t, c) => t + c.battles.length, 0) + r.ntg.battles.length;
        const byHex = new Map<string, Set<number>>();
        for (const ship of s.ships) {
          expect(ship.internals).toBeLessThanOrEqual(ship.hp);
          expect(ship.crew).toBeGreaterThanOrEqual(0);
          expect(ship.crew).toBeLessThanOrEqual(9);
          expect(ship.at.sx < 4 && ship.at.sy < 4 && ship.at.col >= 1 && ship.at.col <= 16).toBe(true);
          const k = addressName(ship.at);
          const owners = byHex.get(k) ?? new Set<number>();
          owners.add(ship.owner);
          byHex.set(k, owners);
        }
        for (const [where, owners] of byHex) expect([where, owners.size]).toEqual([where, 1]);
        for (const site of s.sites) {
          expect(site.fort.forts).toBeGreaterThanOrEqual(0);
          expect(site.fort.fighters).toBeLessThanOrEqual(Math.floor(site.fort.forts / 20));
        }
        expect(r.corps.filter((c) => c.waived).map((c) => c.corp)).toEqual(turn % 2 === 1 ? [4] : []);
        expect(r.corps.every((c) => c.rolls.every((x) => x.results.every((d) => d >= 1 && d <= x.sides)))).toBe(true);
        expect(s.ships.some((x) => x.owner === MONSTER_CORP)).toBe(true);
      }
      expect([s.turn, s.year]).toEqual([5, 170]);
      expect(battles).toBeGreaterThan(0);
    }
  });
});
