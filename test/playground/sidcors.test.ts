import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { replay, type CampaignState, type StoredEvent } from '../../src/rules/thunderdome/index.ts';
import { playLines, ROOT } from '../helpers/playground.ts';

type Export = { campaign: CampaignState; events: StoredEvent[] };

describe('examples/06-sidcors.txt: a SIDCORS quick battle with a cloak roll, a scout and Directed Damage, through Discord', async () => {
  const { results, cleanup } = await playLines(readFileSync(join(ROOT, 'examples/06-sidcors.txt'), 'utf8').split('\n'));
  afterAll(cleanup);
  const line = (start: string) => results.find((r) => r.input.startsWith(start))!;
  const exports = results
    .filter((r) => r.input.includes('/campaign export'))
    .map((r) => JSON.parse(readFileSync(r.files[0]!, 'utf8')) as Export);
  const final = exports.at(-1)!;
  const s = final.campaign;
  const id = (name: string) => s.players.find((p) => p.name === name)!.id;

  // An intensity outside 1–4 never reaches the bot: Discord enforces the option's bounds (and the
  // playground warns about such a line), so the only refusal left is a rule's.
  it('only the unaffordable Directed Damage is refused, privately with its rule', () => {
    const refused = results.filter((r) => r.user && !r.ok);
    expect(refused.map((r) => r.content.match(/Rule (.+?) ·/)?.[1])).toEqual(['SIDCORS (A.2.14 step 6)']);
    expect(refused.every((r) => r.ephemeral)).toBe(true);
  });

  it('SIDCORS /battle odds shows the spread and leaves the campaign state, its log and its dice untouched', () => {
    const odds = line('@alice /battle odds');
    expect(odds.ok).toBe(true);
    expect(odds.content).toContain('200 simulated battles, 2 rounds');
    expect(odds.content).toMatch(/alice destroyed: \*\*[\d.]+%\*\*/);
    expect(odds.content).toContain('nothing was changed');
    const [before, after] = exports;
    expect(after!.campaign).toEqual(before!.campaign);
    expect(after!.events).toEqual(before!.events);
    // The next rolls, the round's, are the campaign's own (forced in this script) and come right after.
    const rolled = final.events.find((e) => e.event.type === 'BattleQuickUpdated' && e.rolls.length > 0)!;
    expect(rolled.seq).toBe(before!.events.at(-1)!.seq + 2);
  });

  it('SIDCORS cloak roll and scout: the Romulan 2d6 of 5 takes 1 off the Kzinti die, the Kzinti scout 1 off the Romulan die', () => {
    const rolled = line('@alice /battle quick battle:K37 intensity:4');
    expect(rolled.content).toContain("alice's cloak roll 2+3 = 5: −1 on the enemy's first-round die");
    expect(rolled.content).toContain('bob: ComPot 21, die 6 (cloak -1)→5, 40% → **8** damage');
    expect(rolled.content).toContain('alice: ComPot 12, die 6 (scout -1)→5, 40% → **5** damage');
  });

  it('SIDCORS Directed Damage: secret until both chose, then the attacker cripples the frigate for 8 points', () => {
    expect(line('@bob /battle quick battle:K37 directed:').content).toContain('secret SIDCORS choice');
    const revealed = line('@alice /battle quick battle:K37 directed:none');
    expect(revealed.content).toContain('bob cripples ROM-FF (S30) for 8 damage points; alice none');
    expect(revealed.content).toContain('Left to allocate: bob 5, alice 0');
  });

  it('SIDCORS the quick result applies as a battle result: alice retreats to Lyra Prime, bob holds the field', () => {
    const b = s.battles.find((x) => x.id === 'K37')!;
    expect(b.resolution).toBe('quick');
    expect(b.result!.winner).toBe(id('bob'));
    expect(s.ships.find((x) => x.id === 'S30')!.crippled).toBe(true);
    expect(s.retreats[0]).toMatchObject({ playerId: id('alice'), to: 'H1' });
  });

  it('the exported events replay to the exported state', () => {
    expect(replay(final.events)).toEqual(s);
  });
});
