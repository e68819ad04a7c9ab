import { describe, expect, it } from 'vitest';
import { addShip as add, addSite, at, catalog, clearedBoard as fixture } from './board.ts';
import { SeededDice } from '../../../src/rules/dice.ts';
import { each, ep } from '../../../src/rules/warlord/economy.ts';
import { addressName } from '../../../src/rules/warlord/hex.ts';
import { parseSheet } from '../../../src/rules/warlord/orders.ts';
import { MONSTER_CORP, hexAt } from '../../../src/rules/warlord/state.ts';
import { processCorpTurn, processGameTurn } from '../../../src/rules/warlord/turn.ts';

const dice = (n = 1) => new SeededDice('ab'.repeat(32), n);

describe('Warlord turn processing (§11.4)', () => {
  it('Warlord G27 bounce: plotted 0101→0201→0102, a bounce at 0201 puts the ship back at 0101 and 0102 is then legal', () => {
    const s = fixture();
    const pc = add(s, 'F-PC', 1, '11-0101');
    add(s, 'K-C8', 2, '11-0201'); // far stronger: the A% check fails
    const sheet = parseSheet(`F PC ${pc.seq}: 0201 0102`);
    const { state, report } = processCorpTurn(s, 1, sheet, dice(), catalog);
    const after = state.ships.find((x) => x.id === pc.id);
    expect(after && addressName(after.at)).toBe('11-0102');
    expect(report.battles.map((b) => b.report.outcome)).toEqual(['bounce']);
    expect(report.failures).toEqual([]);
  });

  it('Warlord G29 sample sheet: the T-PC moves to 35-1501, repairs, moves to 35-1601, and the move to 1503 fails; earlier steps stand', () => {
    const s = fixture();
    // A 4×4 galaxy: sectors 00–33; the §4.6 addresses 34/35 become 12/13 (one sector down).
    const ho = s.sites.find((x) => x.homeOfficeOf === 1);
    if (!ho) throw new Error('HO');
    ho.at = at('13-1501');
    hexAt(s, at('13-1501')).point = 'HO';
    const tpc = add(s, 'T-PC', 1, '12-1516', { internals: 4 }); // 4/16 = 25%: light
    const wg = add(s, 'C-WG', 1, '12-1616');
    const orOnHand = s.corps[0]?.treasury.OR ?? 0;
    const sheet = parseSheet([`T PC ${tpc.seq}: 1501 REPR 1601 1503`, `C WG ${wg.seq}: 0101 0102`].join('\n'));
    const { state, report } = processCorpTurn(s, 1, sheet, dice(), catalog);
    const t = state.ships.find((x) => x.id === tpc.id);
    expect(t && [addressName(t.at), t.internals]).toEqual(['13-1601', 0]);
    expect(report.failures.map((f) => [f.rule, f.message.includes('1503')])).toEqual([['§4.6', true]]);
    const w = state.ships.find((x) => x.id === wg.id);
    expect(w && addressName(w.at)).toBe('23-0102');
    // REPR cost 10% of 45 (light) = 4.5 → 5 OR, charged after income.
    expect(state.corps[0]?.treasury.OR).toBe(orOnHand + (report.income?.adjustments.OR ?? 0) - 5);
  });

  it('Warlord waived turn (§11.4): no sheet → income is still credited and no order runs', () => {
    const s = fixture();
    const before = ep(s.corps[0]?.treasury ?? each(0));
    const { state, report } = processCorpTurn(s, 1, null, dice(), catalog);
    expect(report.waived).toBe(true);
    // The HO's 100, plus the sector bonus: on this cleared board the HO is its sector's only major site (§7.4).
    expect(report.income?.sectorBonus).toBe(100);
    expect(ep(state.corps[0]?.treasury ?? each(0))).toBe(before + 200);
    expect(state.corps[0]?.waivedInRow).toBe(1);
  });

  it('Warlord purchase at rising prices (§3.4, §9.2): the second copy pays +15% of base; at the NTG the type bought twice costs more', () => {
    const s = fixture();
    const sheet = parseSheet(['PR F', 'PS F CA', 'PS F CA', 'PS F CA 160'].join('\n'));
    const { state, report } = processCorpTurn(s, 1, sheet, dice(), catalog);
    expect(report.events.filter((e) => e.startsWith('Bought F-CA')).map((e) => /for (\d+) EP/.exec(e)?.[1])).toEqual([
      '150',
      '173',
    ]);
    expect(report.failures.map((f) => f.rule)).toEqual(['§9.3']); // 150 + 45 = 195 > 160
    const next = processGameTurn(state, new Map([[2, parseSheet('')]]), dice(2), catalog);
    expect(next.state.prices['F-CA']).toBe(150 + 8); // +5% of base per copy beyond the first (setting)
  });

  it('Warlord monster fight (§2.20, §10): a fleet that beats a monster is paid its bounty at once', () => {
    const s = fixture();
    const mon = add(s, 'M-YSD', MONSTER_CORP, '11-0303');
    const ships = [add(s, 'K-C8', 1, '11-0302'), add(s, 'K-C8', 1, '11-0302'), add(s, 'K-C8', 1, '11-0302')];
    const before = ep(s.corps[0]?.treasury ?? each(0));
    const sheet = parseSheet(ships.map((x) => `K C8 ${x.seq}: 0303`).join('\n'));
    const { state, report } = processCorpTurn(s, 1, sheet, dice(5), catalog);
    expect(report.battles).toHaveLength(1);
    expect(report.battles[0]?.report.outcome).toBe('attacker');
    expect(state.ships.some((x) => x.id === mon.id)).toBe(false);
    const support = report.events.find((e) => e.startsWith('Ship support'));
    expect(support).toBeDefined();
    // PE: HO 100 + sector bonus 100 + the Young Space Dragon's bounty 100 (App J); support is paid in FP.
    expect(state.corps[0]?.treasury.PE).toBe(before + 300);
    expect(report.events.some((e) => e.includes('monster bounty 100 EP'))).toBe(true);
  });

  it('Warlord S&D at the NTG (§3.4, G5): a type bought twice in a game turn rises 5% of base; the report lists it with the price before and after', () => {
    const s = fixture();
    s.turn = 1;
    s.year = 166;
    const r = processGameTurn(s, new Map([[1, parseSheet('PS F DD\nPS F DD')]]), dice(), catalog);
    expect(r.corps[0]?.events.filter((e) => e.startsWith('Bought F-DD'))).toHaveLength(2);
    expect(r.ntg.prices.find((p) => p.type === 'F-DD')).toEqual({ type: 'F-DD', from: 100, to: 105 });
    expect(r.state.prices['F-DD']).toBe(105);
    // Unsold types drift down 2% of base (F-CA: 150 → 147), and are listed too.
    expect(r.ntg.prices.find((p) => p.type === 'F-CA')).toEqual({ type: 'F-CA', from: 150, to: 147 });
  });

  it('Warlord monster attacks in the NTG (§2.23, §10.4): the defender reads the battle on its next turn', () => {
    const s = fixture();
    const mon = add(s, 'M-YSD', MONSTER_CORP, '11-0303');
    s.headings[mon.id] = 4; // south, into the frigate's hex
    const ff = add(s, 'F-FF', 1, '11-0304');
    // d100 ≤ 67: the monster moves (forced), then the battle's own dice.
    const n = processGameTurn(s, new Map(), new SeededDice('ab'.repeat(32), 3, [1]), catalog);
    expect(n.ntg.battles.map((b) => [b.where, b.attacker, b.defender])).toEqual([['11-0304', MONSTER_CORP, 1]]);
    const next = processCorpTurn(n.state, 1, null, dice(), catalog);
    expect(next.report.attacked.map((b) => [b.where, b.attacker, b.turn])).toEqual([['11-0304', MONSTER_CORP, 2]]);
    expect(next.report.attacked[0]?.lost?.defender ?? []).toEqual(
      n.state.ships.some((x) => x.id === ff.id) ? [] : [`${ff.name} (F-FF)`],
    );
  });

  it('Warlord prospecting in a turn (§7.6): PRSP collects the hex value and exhausts it', () => {
    const s = fixture();
    hexAt(s, at('11-0505')).prospect = 80;
    const y = add(s, 'F-GSC', 1, '11-0505');
    const before = s.corps[0]?.treasury.PE ?? 0;
    const { state, report } = processCorpTurn(s, 1, parseSheet(`F GSC ${y.seq}: PRSP`), dice(), catalog);
    // Survey ship (Y) at crew 4: 80 × (1 + 0.1 + 0.25) = 108.
    expect((state.corps[0]?.treasury.PE ?? 0) - before - (report.income?.adjustments.PE ?? 0)).toBe(108);
    expect(hexAt(state, at('11-0505')).prospect).toBe(0);
  });

  it('Warlord capture on entry (§6): an uncontrolled, undefended site is captured by moving in', () => {
    const s = fixture();
    addSite(s, '11-0202', null).production = each(30);
    const pc = add(s, 'F-PC', 1, '11-0201');
    const { state } = processCorpTurn(s, 1, parseSheet(`F PC ${pc.seq}: 0202 0201`), dice(), catalog);
    const site = state.sites.find((x) => addressName(x.at) === '11-0202');
    expect([site?.owner, site?.capturedTurn]).toEqual([1, 2]);
    expect(state.knowledge[1]?.sites['11-0202']?.production).toEqual(each(30));
    // Fortifying in the capture turn is refused (§9.4).
    const again = processCorpTurn(
      s,
      1,
      parseSheet([`F PC ${pc.seq}: 0202`, 'FS 11 0202 50'].join('\n')),
      dice(),
      catalog,
    );
    expect(again.report.failures.map((f) => f.message)).toEqual([
      'a site cannot be fortified in the turn it is captured',
    ]);
  });
});
