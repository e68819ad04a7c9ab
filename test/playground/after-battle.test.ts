import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { LineResult } from '../../src/playground/playground.ts';
import type { CampaignState, StoredEvent } from '../../src/rules/thunderdome/index.ts';
import { playLines, ROOT } from '../helpers/playground.ts';

type Export = { campaign: CampaignState; events: StoredEvent[] };

describe('examples/05-after-battle.txt: what the bot rules after a battle, through Discord', async () => {
  const { results, cleanup } = await playLines(
    readFileSync(join(ROOT, 'examples/05-after-battle.txt'), 'utf8').split('\n'),
  );
  afterAll(cleanup);
  /** The export that follows line `after` (each part ends with one). */
  const exported = (after: string): Export => {
    const i = results.findIndex((r) => r.input === after);
    const r = results.slice(i).find((x) => x.input.includes('/campaign export'))!;
    return JSON.parse(readFileSync(r.files[0]!, 'utf8')) as Export;
  };
  const line = (input: string, from = 0): LineResult => results.slice(from).find((r) => r.input === input)!;
  /** The last line `input` of a part (a part runs from its `!channel` to the next). */
  const lastIn = (channel: string, input: string): LineResult => {
    const start = part(channel);
    const next = results.findIndex((r, i) => i > start && r.input.startsWith('!channel '));
    return results
      .slice(start, next === -1 ? undefined : next)
      .filter((r) => r.input === input)
      .at(-1)!;
  };
  const all = (r: LineResult) => [r.content, ...r.posts.map((p) => p.content)].join('\n');
  const part = (channel: string) => results.findIndex((r) => r.input === `!channel ${channel}`);

  it('only the illegal orders are refused, each ephemerally with its rule', () => {
    const refused = results.filter((r) => r.user && !r.ok);
    expect(refused.map((r) => r.content.match(/Rule (\S+)/)?.[1])).toEqual(['UTD4.356', 'UTD6.3G', 'UTD4.3235']);
    expect(refused.every((r) => r.ephemeral)).toBe(true);
  });

  it("UTD4.333 UTD6.3D1 a loser waiting to retreat holds nothing at step 9: bob's container stays in A", () => {
    const { campaign: s, events } = exported('!channel retreats');
    expect(s.map!.sectors.find((x) => x.key === 'A')!.containers).toHaveLength(1);
    expect(events.some((e) => e.event.type === 'ContainersCollected')).toBe(false);
    expect(line('@alice /sector info sector:A', part('retreats')).content).toContain('Dead-drop containers: 1');
  });

  it('UTD4.356 ISS-A52 the retreat into X, where carol has a fortification, is trapped, and says so', () => {
    const { campaign: s } = exported('!channel retreats');
    const alice = s.players.find((p) => p.name === 'alice')!.id;
    const carol = s.players.find((p) => p.name === 'carol')!.id;
    expect(s.fleets.find((f) => f.owner === alice && f.slot === 1)).toMatchObject({
      sector: 'X',
      trapped: { fortSector: 'X', fortOwner: carol },
    });
    const arrival = all(
      line(
        '@bob /turn end',
        results.findIndex((r) => r.input.startsWith('@bob /battle accept')),
      ),
    );
    expect(arrival).toContain('the fortification of carol there traps it (UTD4.356, ISS-A52)');
    const refused = lastIn('retreats', '@alice /move fleet:1 to:A');
    expect(refused.content).toContain('Fleet 1 is trapped by the fortification in X.');
  });

  it("UTD6.3G UTD7.4665 the retreating fleet takes no other order on its owner's turn; it moves after the orders", () => {
    const refused = line('@bob /move fleet:1 to:X', part('obligation'));
    expect(refused.ok).toBe(false);
    expect(refused.content).toContain('Fleet 1 must retreat from A to C (battle K35) and takes no other order');
    const { campaign: s } = exported('!channel obligation');
    const bob = s.players.find((p) => p.name === 'bob')!.id;
    expect(s.fleets.find((f) => f.owner === bob && f.slot === 1)!.sector).toBe('C');
    expect(s.retreats[0]).toMatchObject({ moved: true, charged: true });
    // ISS-A18: the arrival explored C at once.
    expect(s.map!.sectors.find((x) => x.key === 'C')).toMatchObject({ type: 'dead', exploredBy: bob });
  });

  it('UTD4.3236 the bank dies with the capital at once; UTD4.3235 a replacement capital costs 600', () => {
    const accept = all(line('@bob /battle accept battle:K36', part('capital')));
    expect(accept).toContain(
      'bob loses 987 BPV: the capital was destroyed and the bank with it, with every BPV in it (UTD4.3236)',
    );
    expect(accept.indexOf('loses 987 BPV')).toBeLessThan(accept.indexOf("it is @bob's turn"));
    const refused = line('@bob /yard construct sector:H2 unit:NEU-LCD', part('capital'));
    expect(refused.content).toContain('A replacement capital (Capital) costs 600 BPV; your bank holds 100.');
    const end = all(lastIn('capital', '@bob /turn end'));
    expect(end).toContain('bob loses 100 BPV: it was not spent by the end of the turn');
    const { campaign: s } = exported('!channel capital');
    expect(s.players.find((p) => p.name === 'bob')).toMatchObject({ hasBank: false, bank: '0' });
  });

  it('UTD5.4A1 UTD6.3F the Anschluss tribute carries its value: scrapping the destroyer returns half of 79', () => {
    const { campaign: s, events } = exported('!channel tribute');
    const gained = events.find((e) => e.event.type === 'ShipsGained')!.event as {
      ships: { unitId: string; bpv: string }[];
    };
    expect(gained.ships.map((x) => [x.unitId, x.bpv])).toEqual([
      ['FED-DD', '79'],
      ['FED-TS', '70'],
    ]);
    const scrapped = events.find((e) => e.event.type === 'ShipsScrapped')!.event as { refund: string };
    expect(scrapped.refund).toBe('39.5');
    expect(s.ships.some((x) => x.id === 'S38')).toBe(false);
  });

  it('UTD3.31 ISS-A128 the deadline passes after an order: it stands, the turn ends, no forfeit', () => {
    const advance = line('!advance 8d', part('deadline'));
    expect(all(advance)).toContain(
      "alice's orders deadline passed before the turn was ended: the 1 order given stands and the turn ends now (UTD3.31, ISS-A128). This is not a forfeit",
    );
    expect(all(advance)).not.toContain('forfeited (UTD3.31) —');
    const { campaign: s } = exported('!channel deadline');
    const alice = s.players.find((p) => p.name === 'alice')!;
    expect(alice).toMatchObject({ consecutiveForfeits: 0, totalForfeits: 0, status: 'active' });
    expect(s.fleets.find((f) => f.owner === alice.id && f.slot === 1)!.sector).toBe('A');
    expect(s.turn!.playerId).toBe(s.players.find((p) => p.name === 'bob')!.id);
  });
});
