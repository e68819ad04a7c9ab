import { describe, expect, it } from 'vitest';
import { addShip as add, addSite as site, at, catalog, clearedBoard } from './board.ts';
import { SeededDice } from '../../../src/rules/dice.ts';
import { addressName } from '../../../src/rules/warlord/hex.ts';
import { MONSTER_CORP, hexAt } from '../../../src/rules/warlord/state.ts';
import { nextTurn } from '../../../src/rules/warlord/turn.ts';

/** A Young Space Dragon (AF 40) at 11-0303 heading south (4), its first d100 forced to "moves". */
function board(forced: number[]) {
  const s = clearedBoard();
  const m = add(s, 'M-YSD', MONSTER_CORP, '11-0303');
  s.headings[m.id] = 4;
  return { s, m, dice: new SeededDice('cd'.repeat(32), 1, forced) };
}

describe('Warlord monster movement at the NTG (§2.23)', () => {
  it('§2.23 look-ahead: a monster turns away from forts it cannot beat and never enters that hex', () => {
    const { s, m, dice } = board([1]);
    site(s, '11-0304', 1, 300); // DF 75 against AF 40: the A% test would fail
    const n = nextTurn(s, dice, catalog);
    expect(n.report.battles).toEqual([]);
    expect(n.state.sites.find((x) => addressName(x.at) === '11-0304')?.owner).toBe(1);
    expect(n.state.headings[m.id]).not.toBe(4);
    expect(addressName(n.state.ships.find((x) => x.id === m.id)!.at)).not.toBe('11-0303');
  });

  it('§2.23 look-ahead is for forts only: weak forts straight ahead are attacked, and a monster that wins leaves the site uncontrolled', () => {
    const { s, dice } = board([1]);
    site(s, '11-0304', 1, 20); // DF 5
    const n = nextTurn(s, dice, catalog);
    expect(n.report.battles.map((b) => [b.where, b.attacker, b.defender])).toEqual([['11-0304', MONSTER_CORP, 1]]);
    expect(n.report.battles[0]?.report.outcome).toBe('attacker');
    expect(n.state.sites.find((x) => addressName(x.at) === '11-0304')?.owner).toBe(null);
    // The defender reads it on its next turn (§10.4).
    expect(n.state.knowledge[1]?.battles.map((b) => [b.where, b.visibleFrom])).toEqual([['11-0304', 3]]);
  });

  it('§2.23 a site passed right next to draws the monster aside when the d100 falls within the setting', () => {
    const { s, dice } = board([1, 1]);
    site(s, '11-0403', 1); // south-east of 0303: beside the path, not on it
    const n = nextTurn(s, dice, catalog);
    expect(n.report.battles[0]?.where).toBe('11-0403');
    expect(dice.records.map((r) => r.purpose)).toContain(`monster ${s.ships[0]?.id} turns to a site?`);
  });

  it('§2.23 with the setting at 0 the monster keeps its heading past the site', () => {
    const { s, m, dice } = board([1, 1]);
    s.settings = { ...s.settings, monsterTurnToSitePct: 0 };
    site(s, '11-0403', 1);
    const n = nextTurn(s, dice, catalog);
    expect(n.report.battles).toEqual([]);
    expect(n.state.headings[m.id]).toBe(4);
    expect(addressName(n.state.ships.find((x) => x.id === m.id)!.at)).toBe('11-0307');
  });

  it('§2.23 a site straight ahead wins over one to the side: no turn is rolled', () => {
    const { s, m, dice } = board([1]);
    m.maxSpeed = 1; // one step: the choice at 0303 alone
    site(s, '11-0304', 1);
    site(s, '11-0403', 1);
    const n = nextTurn(s, dice, catalog);
    expect(n.report.battles[0]?.where).toBe('11-0304');
    expect(dice.records.some((r) => r.purpose === `monster ${m.id} turns to a site?`)).toBe(false);
  });

  it('§2.23 a player’s original Home Office is never entered while its founder holds it', () => {
    const { s, m, dice } = board([1]);
    const ho = s.sites.find((x) => x.homeOfficeOf === 1)!;
    ho.at = at('11-0304');
    hexAt(s, ho.at).point = 'HO';
    const n = nextTurn(s, dice, catalog);
    expect(n.report.battles).toEqual([]);
    expect(addressName(n.state.ships.find((x) => x.id === m.id)!.at)).not.toBe('11-0304');
  });
});
