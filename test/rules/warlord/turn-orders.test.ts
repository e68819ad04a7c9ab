import { describe, expect, it } from 'vitest';
import { addShip as ship, addSite as site, at, catalog, clearedBoard as fixture, settings } from './board.ts';
import { SeededDice } from '../../../src/rules/dice.ts';
import { COMBAT_DEFAULTS, combatShip, diceChance, resolveBattle } from '../../../src/rules/warlord/combat.ts';
import { generateGalaxy } from '../../../src/rules/warlord/galaxy.ts';
import { addressName } from '../../../src/rules/warlord/hex.ts';
import { parseSheet } from '../../../src/rules/warlord/orders.ts';
import { NO_ITEMS } from '../../../src/rules/warlord/tables.ts';
import { processCorpTurn } from '../../../src/rules/warlord/turn.ts';

const dice = (n = 1, forced: number[] = []) => new SeededDice('ab'.repeat(32), n, forced);

describe('Warlord ship orders in a turn (§4.9, §7.8)', () => {
  it('Warlord raid (§7.8): RAD4 from 1612 hits the site at 1613; its owner’s next income goes to the raider on the raider’s next turn', () => {
    const s = fixture();
    const target = site(s, '11-1613', 2, 0);
    const raider = ship(s, 'O-CA', 1, '11-1612');
    const r = processCorpTurn(s, 1, parseSheet(`O CA ${raider.seq}: RAD4`), dice(), catalog);
    expect(r.report.events.some((e) => e.includes('raided 11-1613'))).toBe(true);
    expect(r.state.sites.find((x) => addressName(x.at) === '11-1613')?.raidedBy).toBe(1);
    expect(r.state.corps[0]?.raidIncome).toEqual(target.production);
    // A second raid on the flagged site fails (§7.8).
    const again = processCorpTurn(r.state, 1, parseSheet(`O CA ${raider.seq}: RAD4`), dice(2), catalog);
    expect(again.report.failures.map((f) => f.message)).toEqual([`${raider.name}: the site has already been raided`]);
    // The owner's income shows the site as raided (&) and clears the flag; the raider is paid next turn.
    const owner = processCorpTurn(r.state, 2, parseSheet(''), dice(3), catalog);
    expect(owner.report.income?.lines.find((l) => l.where === '11-1613')?.note).toBe('&');
    expect(owner.state.sites.find((x) => addressName(x.at) === '11-1613')?.raidedBy).toBeNull();
    const paid = processCorpTurn(owner.state, 1, parseSheet(''), dice(4), catalog);
    expect(paid.report.income?.adjustments.PE).toBe(100 + 100 + 30);
  });

  it('Warlord bombardment in a turn (§4.9 BOMB): all drones are fired before pulse-1 combat; hits come off the forts', () => {
    const s = fixture();
    site(s, '11-0508', 2, 100);
    const z = ship(s, 'Z-DD', 1, '11-0505', { items: { ...NO_ITEMS, drones: 18 } });
    // Swing d21 = 11 (±0); every d100 of 18 drones rolls 1: all hit.
    const r = processCorpTurn(
      s,
      1,
      parseSheet(`Z DD ${z.seq}: BOMB 0508`),
      dice(1, [11, ...Array(18).fill(1)]),
      catalog,
    );
    expect(r.state.sites.find((x) => addressName(x.at) === '11-0508')?.fort.forts).toBe(100 - 18);
    expect(r.state.ships.find((x) => x.id === z.id)?.items.drones).toBe(0);
    expect(r.report.rolls.map((x) => x.purpose)).toEqual(['bombardment swing', `bombardment by ${z.id}`]);
  });

  it('Warlord SCAN (§4.9): a scout’s SHIP scan records ghost images of other corporations’ ships in its sector, with counts from crew 5', () => {
    const s = fixture();
    const scout = ship(s, 'F-FFS', 1, '11-0303', { crew: 5 });
    ship(s, 'K-D7', 2, '11-0909');
    ship(s, 'K-D7', 2, '11-0909');
    ship(s, 'K-D7', 2, '12-0909');
    const r = processCorpTurn(s, 1, parseSheet(`F FFS ${scout.seq}: SCAN SHIP`), dice(), catalog);
    expect(r.state.knowledge[1]?.sightings).toEqual([{ where: '11-0909', count: 2, owner: null, turn: 2 }]);
    const noScout = ship(s, 'F-CA', 1, '11-0404');
    const refused = processCorpTurn(s, 1, parseSheet(`F CA ${noScout.seq}: SCAN TERR`), dice(), catalog);
    expect(refused.report.failures.map((f) => f.rule)).toEqual(['§4.9 SCAN']);
  });

  it('Warlord allies (§9.6 AC): a fleet entering a hex held by its ally bounces silently, after terrain; no report on either side', () => {
    const s = fixture();
    const pc = ship(s, 'F-PC', 1, '11-0101');
    ship(s, 'K-E3', 2, '11-0201');
    const c1 = s.corps.find((c) => c.id === 1);
    if (c1) c1.settings.ally = 2;
    const r = processCorpTurn(s, 1, parseSheet(`F PC ${pc.seq}: 0201`), dice(), catalog);
    expect(addressName(r.state.ships.find((x) => x.id === pc.id)?.at ?? at('00-0101'))).toBe('11-0101');
    expect(r.report.battles).toEqual([]);
    expect(r.state.knowledge[2]?.battles).toEqual([]);
  });

  it('Warlord battle reports (§10.4): the attacker knows now; the defender later in the cycle reads it on its turn of this game turn, with the losses', () => {
    const s = fixture();
    const fleet = [ship(s, 'K-C8', 1, '11-0302'), ship(s, 'K-C8', 1, '11-0302')];
    const pc = ship(s, 'F-PC', 2, '11-0303');
    const r = processCorpTurn(s, 1, parseSheet(fleet.map((x) => `K C8 ${x.seq}: 0303`).join('\n')), dice(7), catalog);
    expect(r.report.battles).toHaveLength(1);
    expect(r.state.knowledge[1]?.battles.map((b) => [b.where, b.visibleFrom])).toEqual([['11-0303', 2]]);
    expect(r.state.knowledge[2]?.battles.map((b) => [b.where, b.visibleFrom])).toEqual([['11-0303', 2]]);
    expect(r.report.rolls.length).toBeGreaterThan(0);
    expect(r.report.attacked).toEqual([]);
    // Beta's own turn of the same game turn is its next turn: its report carries the battle.
    const beta = processCorpTurn(r.state, 2, parseSheet(''), dice(8), catalog);
    expect(beta.report.attacked.map((b) => [b.where, b.attacker, b.outcome])).toEqual([['11-0303', 1, 'attacker']]);
    expect(beta.report.attacked[0]?.lost).toEqual({ attacker: [], defender: [`${pc.name} (F-PC)`] });
  });

  it('Warlord battle reports (§10.4): a defender earlier in the cycle reads it on the next game turn, once', () => {
    const s = fixture();
    const fleet = [ship(s, 'K-C8', 2, '11-0302'), ship(s, 'K-C8', 2, '11-0302')];
    ship(s, 'F-PC', 1, '11-0303');
    const r = processCorpTurn(s, 2, parseSheet(fleet.map((x) => `K C8 ${x.seq}: 0303`).join('\n')), dice(7), catalog);
    expect(r.state.knowledge[1]?.battles.map((b) => [b.where, b.visibleFrom])).toEqual([['11-0303', 3]]);
    const same = processCorpTurn(r.state, 1, parseSheet(''), dice(8), catalog);
    expect(same.report.attacked).toEqual([]);
    const next = processCorpTurn({ ...same.state, turn: 3 }, 1, null, dice(9), catalog);
    expect(next.report.attacked.map((b) => [b.where, b.attacker, b.turn])).toEqual([['11-0303', 2, 2]]);
    const after = processCorpTurn({ ...next.state, turn: 4 }, 1, null, dice(9), catalog);
    expect(after.report.attacked).toEqual([]);
  });
});

describe('Warlord purchases (§9.3, §3.2)', () => {
  it('Warlord PS … WG 1: the new ship appears at the HO, loads items from the stockpile, and is sent to warp gate 1', () => {
    const s = generateGalaxy({
      seed: 3,
      settings,
      corps: [
        { id: 1, name: 'Alpha' },
        { id: 2, name: 'Beta' },
      ],
    });
    const gate = s.ships.find((x) => x.owner === 1 && x.typeId === 'C-WG');
    if (!gate) throw new Error('no starting warp gate');
    gate.at = at('22-0505');
    const c1 = s.corps.find((c) => c.id === 1);
    if (c1) c1.stockpile.drones = 50;
    const r = processCorpTurn(s, 1, parseSheet('PR F\nPS F DD WG 1 "Swift"\nPS F FF WG 2'), dice(), catalog);
    const dd = r.state.ships.find((x) => x.owner === 1 && x.typeId === 'F-DD');
    const ff = r.state.ships.find((x) => x.owner === 1 && x.typeId === 'F-FF');
    expect(dd && [addressName(dd.at), dd.name, dd.crew, dd.items.drones]).toEqual(['22-0505', 'Swift', 4, 6]);
    // There is no warp gate 2: the frigate stays at the HO.
    expect(ff && addressName(ff.at)).toBe(addressName(s.corps[0]?.homeOffice ?? at('00-0101')));
    expect(r.state.corps[0]?.stockpile.drones).toBe(50 - 6 - 4);
  });
});

describe('Warlord sites guarded by monsters (§6, §2.20)', () => {
  it('Warlord capture after a fight: beating the monster on an uncontrolled site captures the site as well', () => {
    const s = fixture();
    site(s, '11-0303', null, 0);
    ship(s, 'M-YSD', 998, '11-0303');
    const fleet = [ship(s, 'K-C8', 1, '11-0302'), ship(s, 'K-C8', 1, '11-0302'), ship(s, 'K-C8', 1, '11-0302')];
    const r = processCorpTurn(s, 1, parseSheet(fleet.map((x) => `K C8 ${x.seq}: 0303`).join('\n')), dice(5), catalog);
    expect(r.report.battles.map((b) => b.report.outcome)).toEqual(['attacker']);
    expect(r.state.sites.find((x) => addressName(x.at) === '11-0303')?.owner).toBe(1);
  });
});

describe('Warlord combat terrain (App E)', () => {
  it('Warlord asteroid field: by default every ship but monsters and Jindarians takes 1–3 extra damage each round', () => {
    const a = combatShip({ id: 'a', label: 'K-C8', race: 'K', baseAF: 80, baseDF: 60, sf: 50, hp: 70 });
    const d = combatShip({ id: 'd', label: 'F-PC', race: 'F', baseAF: 18, baseDF: 18, sf: 18, hp: 16 });
    const r = resolveBattle(
      {
        attackers: [a],
        defenders: [d],
        site: null,
        point: 'ES',
        area: 'AF',
        attackTactic: 0,
        defenseTactic: 0,
        aPct: 90,
        defenderDefendsAgainst: false,
        betrayal: false,
        defenderIsMonsters: false,
        settings: COMBAT_DEFAULTS,
      },
      diceChance(new SeededDice('99'.repeat(32), 1)),
    );
    const first = r.rounds[0];
    expect(first?.terrainDamage.length).toBeGreaterThan(0);
    for (const t of first?.terrainDamage ?? []) expect(t.damage >= 1 && t.damage <= 3).toBe(true);
  });
});
