import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { LineResult } from '../../src/playground/playground.ts';
import { replay, type CampaignState, type StoredEvent } from '../../src/rules/thunderdome/index.ts';
import { playLines, ROOT } from '../helpers/playground.ts';

async function run(): Promise<LineResult[]> {
  const { results, cleanup } = await playLines(readFileSync(join(ROOT, 'examples/03-battles.txt'), 'utf8').split('\n'));
  afterAll(cleanup);
  return results;
}

describe('examples/03-battles.txt: an NPE battle and a battle between players, through Discord', async () => {
  const results = await run();
  const file = JSON.parse(
    readFileSync(results.find((r) => r.input.includes('/campaign export'))!.files[0]!, 'utf8'),
  ) as { campaign: CampaignState; events: StoredEvent[] };
  const s = file.campaign;
  const id = (name: string) => s.players.find((p) => p.name === name)!.id;

  it('only the two illegal commands are refused, each ephemerally with its rule', () => {
    const refused = results.filter((r) => r.user && !r.ok);
    expect(refused.map((r) => r.content.match(/Rule (\S+)/)?.[1])).toEqual(['UTD5.431', 'UTD5.465']);
    expect(refused.every((r) => r.ephemeral)).toBe(true);
  });

  it('UTD7.45 the setup cards were posted with their image when rolled, with the forced dice', () => {
    const card = results.find((r) => r.input.startsWith('@carol /battle fleet battle:K40 units:FED-FF'))!;
    const post = card.posts.find((p) => p.content.includes('Battle setup: B'))!;
    expect(post.content).toContain('Class-M planet **2729**');
    expect(post.content).toContain('→ **Lyra Prime**: **2126** · dir F [6], 9 [4+5]');
    expect(post.files.some((f) => f.endsWith('battle-K40.png'))).toBe(true);
    const rolled = file.events.find(
      (e) => e.event.type === 'BattleSetupRolled' && (e.event as { battleId: string }).battleId === 'K40',
    )!;
    expect(
      file.events
        .filter((e) => e.seq <= rolled.seq)
        .flatMap((e) => e.rolls)
        .some((r) => r.forced),
    ).toBe(true);
  });

  it('UTD5.4A2 the NPE is conquered: its frigate captured and organized, its colony taken by the troop ship, 150 BPV paid', () => {
    const b = s.map!.sectors.find((x) => x.key === 'B')!;
    expect(b.npe).toMatchObject({ status: 'conquered', losses: '63' });
    expect(b.colony).toMatchObject({ owner: id('alice'), status: 'active' });
    const frigate = s.ships.find((x) => x.id === 'S42')!;
    // Captured uninspected, organized into fleet 2, then inspected at the capital's yard for 25 % (UTD6.377).
    expect(frigate).toMatchObject({ owner: id('alice'), unitId: 'FED-FF', captured: true, uninspected: false });
    const inspect = results.find((r) => r.input.startsWith('@alice /yard inspect'))!;
    expect(inspect.ok).toBe(true);
    expect(inspect.content).toContain('16 BPV (exactly 15.75');
    expect(s.fleets.find((f) => f.id === frigate.fleetId)!.slot).toBe(2);
    expect(
      file.events.some((e) => e.event.type === 'BpvAwarded' && (e.event as { amount: string }).amount === '150'),
    ).toBe(true);
  });

  it("UTD7.466 the negotiated retreat: alice's fleet went home after carol's orders and her first order point paid for it", () => {
    const battle = s.battles.find((x) => x.id === 'K43')!;
    expect(battle.resolution).toBe('negotiated');
    expect(battle.proposals.map((p) => p.status)).toEqual(['rejected', 'accepted']);
    expect(s.ships.find((x) => x.id === 'S30')!.crippled).toBe(true);
    const fleet = s.fleets.find((f) => f.owner === id('alice') && f.slot === 1)!;
    expect(fleet.sector).toBe('H1');
    expect(s.retreats[0]).toMatchObject({ playerId: id('alice'), from: 'A', to: 'H1', moved: true, charged: true });
    // 1 OP for the retreat, spent first, and 1 to activate the yard.
    expect(s.turn).toMatchObject({ playerId: id('alice'), opsSpent: 2 });
    expect(file.events.find((e) => e.event.type === 'RetreatsCharged')!.seq).toBeLessThan(
      file.events.find(
        (e) =>
          e.event.type === 'FleetMoved' &&
          (e.event as { to: string }).to === 'H1' &&
          (e.event as { from: string }).from === 'B',
      )!.seq,
    );
  });

  it('the exported events replay to the exported state', () => {
    expect(replay(file.events)).toEqual(s);
  });
});
