import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { canonicalJson } from '../../src/app/export.ts';
import type { LineResult } from '../../src/playground/playground.ts';
import { cycleLabel, replay, type CampaignState, type StoredEvent } from '../../src/rules/thunderdome/index.ts';
import { playLines, ROOT } from '../helpers/playground.ts';

async function run(): Promise<LineResult[]> {
  const { results, cleanup } = await playLines(
    readFileSync(join(ROOT, 'examples/02-three-cycles.txt'), 'utf8').split('\n'),
  );
  afterAll(cleanup);
  return results;
}

describe('examples/02-three-cycles.txt: three players, three cycles and more', async () => {
  const results = await run();
  const file = JSON.parse(
    readFileSync(results.find((r) => r.input.includes('/campaign export'))!.files[0]!, 'utf8'),
  ) as { campaign: CampaignState; events: StoredEvent[] };
  const s = file.campaign;
  const sector = (key: string) => s.map!.sectors.find((x) => x.key === key)!;
  const name = (id: string | null) => s.players.find((p) => p.id === id)?.name ?? null;

  it('every command succeeds except the three illegal orders, each refused with its rule', () => {
    const refused = results.filter((r) => r.user && !r.ok);
    expect(refused.map((r) => r.input)).toEqual([
      '@alice /move fleet:1 to:X',
      '@alice /siege fleet:1',
      '@alice /move fleet:1 to:X',
    ]);
    expect(refused.map((r) => r.content.match(/Rule (\S+)/)?.[1])).toEqual(['UTD4.331', 'UTD4.3561', 'UTD6.31']);
    expect(refused.every((r) => r.ephemeral)).toBe(true);
  });

  it('the campaign reached cycle 3.5 with bob to play', () => {
    expect(cycleLabel(s.halfCycles)).toBe('3.5');
    expect(name(s.turn!.playerId)).toBe('bob');
  });

  it('exploration, colony, mines and fortification stand as played', () => {
    expect([sector('A').type, sector('A').name, name(sector('A').owner), sector('A').colony?.status]).toEqual([
      'life',
      'Vega',
      'alice',
      'active',
    ]);
    expect([sector('B').type, name(sector('B').owner), sector('B').mine?.status]).toEqual([
      'mineral',
      'alice',
      'active',
    ]);
    expect([sector('D').type, name(sector('D').owner), name(sector('D').fort?.owner ?? null)]).toEqual([
      'dead',
      'bob',
      'bob',
    ]);
    expect([sector('F').type, name(sector('F').mine?.owner ?? null)]).toEqual(['mineral', 'carol']);
    expect([sector('X').type, name(sector('X').owner)]).toEqual(['dead', 'alice']);
  });

  it('the siege: one failure, then desperation released the fleet, which left the next cycle', () => {
    const sieges = file.events.filter((e) => e.event.type === 'SiegeRolled').map((e) => e.event);
    expect(sieges).toMatchObject([
      { dice: [5], released: false, failedDice: 1, bpvPaid: '0' },
      { dice: [4, 2], released: true, bpvPaid: '50' },
    ]);
    const fleet = s.fleets.find((f) => name(f.owner) === 'alice' && f.slot === 1)!;
    expect([fleet.sector, fleet.trapped]).toEqual(['X', null]);
  });

  it('banks add up: income 100 per owned mine per own turn, less ships, desperation and a bought order point', () => {
    const bank = (n: string) => s.players.find((p) => p.name === n)!.bank;
    // bob: 950 − 133 (CA) − 63 (FF) + 6 turns × 100 (home mine)
    expect(bank('bob')).toBe(String(950 - 133 - 63 + 600));
    // carol: 950 − 133 − 63 + 100 + 100 + 3 × 200 (home and F from cycle 2.0)
    expect(bank('carol')).toBe(String(950 - 133 - 63 + 100 + 100 + 600));
    // alice: 950 − 133 (CA) − 79 (DD) − F-L + 100 + 100 + 4 × 200 − 50 (desperation) − 100 (temporary OP)
    const bought = file.events.map((e) => e.event).find((e) => e.type === 'ShipBought' && e.ship.unitId === 'NEU-F-L');
    const freighter = Number(bought?.type === 'ShipBought' ? bought.cost : NaN);
    expect(bank('alice')).toBe(String(950 - 133 - 79 - freighter + 200 + 800 - 50 - 100));
  });

  it('UTD3.31 the missed deadline is enforced by the bot: bob forfeits and carol plays', () => {
    const advance = results.find((r) => r.input.startsWith('!advance'))!;
    expect(advance.content).toContain('1 deadline applied');
    expect(advance.posts.map((p) => p.content).join('\n')).toMatch(
      /@bob gave no orders by the deadline: the turn is forfeited[\s\S]*it is @carol's turn/,
    );
  });

  it('/campaign history shows the campaign at the end of a past cycle', () => {
    const history = results.find((r) => r.input.includes('/campaign history'))!;
    expect(history.content).toContain('At the end of cycle 1.5');
    expect(history.content).toContain('**Vega** [life] owner alice · colony (pending)');
    expect(history.embeds[0]!.fields!.find((f) => f.name === 'Calendar')!.value).toBe('cycle 1.5, fall Y165.5');
  });

  it('TURN_START (requirements §6.2) each turn start is posted with the current map', () => {
    const starts = results.flatMap((r) => r.posts).filter((p) => p.content.includes("'s turn (seat"));
    expect(starts.length).toBeGreaterThan(10);
    expect(starts.every((p) => p.files.length === 1 && p.files[0]!.endsWith('map.png'))).toBe(true);
  });

  it('UTD1.12 the map and the navy sheet come as PNG pictures', () => {
    for (const input of ['@alice /map show public:true', '@alice /navy']) {
      const r = results.find((x) => x.input === input)!;
      expect(r.ok).toBe(true);
      expect(readFileSync(r.files[0]!).subarray(1, 4).toString()).toBe('PNG');
    }
  });

  it('UTD1.12 the ledger comes as a PNG picture', () => {
    const r = results.find((x) => x.input === '@bob /campaign ledger')!;
    expect([r.ok, r.ephemeral, r.files.length]).toEqual([true, true, 1]);
    expect(r.files[0]!.endsWith('ledger.png')).toBe(true);
    expect(readFileSync(r.files[0]!).subarray(1, 4).toString()).toBe('PNG');
  });

  it('UTD1.12 the ledger CSV adds up the same figures', () => {
    const ledger = results.find((r) => r.input === '@bob /campaign ledger format:csv')!;
    const csv = readFileSync(ledger.files[0]!, 'utf8').trim().split('\n');
    expect(csv[0]).toBe(
      'seat,player,empire,status,bank,incomePerCycle,sectorsOwned,home,life,mineral,dead,colonies,mines,forts,fleets,ships,bpvAfloat,forfeits',
    );
    expect(csv.slice(1)).toEqual([
      '1,alice,Lyran,active,1563,200,4,1,1,1,1,2,2,1,2,3,237,0',
      '2,bob,Kzinti,active,1354,100,2,1,0,0,1,1,1,2,1,2,196,1',
      '3,carol,Hydran,active,1754,200,2,1,0,1,0,1,2,1,1,2,196,0',
    ]);
  });

  it('replaying the exported event log reproduces the final state exactly', () => {
    expect(canonicalJson(replay(file.events))).toBe(canonicalJson(s));
  });
});
