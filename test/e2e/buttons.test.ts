import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { LineResult } from '../../src/playground/playground.ts';
import { playLines, ROOT } from '../helpers/playground.ts';

/*
 * Buttons and menus under the bot's posts, pressed through the stand-in with the real discord.js
 * client (the playground's `!press` and `!pick`): the turn-start post's orders, stale presses, and
 * a battle result built by menus, answered by the other side under its announcement.
 */
const example = readFileSync(join(ROOT, 'examples/10-buttons.txt'), 'utf8').split('\n');
const setup = example.slice(0, example.findIndex((l) => l.startsWith('@carol /setup ready')) + 1);

const LINES = [
  ...setup,
  // The turn-start post's buttons.
  '!press Move a fleet @bob',
  '!press Move a fleet @alice',
  '!pick "Which fleet?" 1 @alice',
  '@alice /buy ops count:1',
  '!pick "To which sector?" A @alice',
  '!press Move a fleet @alice',
  '!pick "Which fleet?" 1 @alice',
  '!pick "To which sector?" A @alice',
  '@alice /sector info sector:A',
  '!dice 5 3',
  '!press End turn @alice',
  '!press Confirm @alice',
  '!press cm:tm:2.1.toupc0 @alice',
  // bob attacks alice in A; the battle's result is built by menus.
  '@bob /move fleet:1 to:C',
  '@bob /move fleet:1 to:A',
  '!dice 5 1 2 2 4 6 5 2 6',
  '@bob /turn end',
  '!press Enter the result @carol',
  '@bob /result battle:K36 evidence:examples/maps/triangle.json note:"Turned away at turn 4"',
  '!pick "Who holds the field" alice @bob',
  '!press Preview @bob',
  '!pick "Who holds the field" bob @bob',
  '!press Next ▶ @bob',
  '!pick S30 destroyed @bob',
  '!pick "alice disengages" "Lyra Prime" @bob',
  '!press Preview @bob',
  '!press Send as a settlement @bob',
  '!press Reject the result of K36 @alice',
  '!press Accept the result of K36 @alice',
  '!press Enter the result @bob',
  '!pick "Who holds the field" bob @bob',
  '!press Next ▶ @bob',
  '!pick S30 crippled @bob',
  '!pick "alice disengages" "Lyra Prime" @bob',
  '!press Preview @bob',
  '!press Send as the played result @bob',
  '!press Accept the result of K36 @carol',
  '!press Accept the result of K36 @alice',
  '@alice /battle show battle:K36',
  '!press Accept the result of K36 @alice',
  // A vote post carries its choices; reactions still count beside them.
  '@alice /vote setting key:deadline.ordersDays value:10',
  '!press Yes @dave',
  '!press Yes @alice',
  '!react @bob ✅',
];

async function run(): Promise<LineResult[]> {
  const { results, cleanup } = await playLines(LINES);
  afterAll(cleanup);
  return results;
}

describe('buttons and menus under posts run the same commands as the slash commands', async () => {
  const results = await run();
  /** The n-th (1-based) result whose input is exactly `input`, after the setup. */
  const at = (input: string, n = 1) => {
    const hits = results.filter((r) => r.line > setup.length && r.input === input);
    const r = hits[n - 1];
    if (!r) throw new Error(`no result #${n} for ${input}`);
    return r;
  };
  const all = (r: LineResult) => [r.content, ...r.posts.map((p) => p.content)].join('\n');

  it('UTD3.3 the turn-start post carries Move a fleet, Buy order points and End turn', () => {
    const start = results.find((r) => r.input === '@carol /setup ready')!;
    const post = start.posts.find((p) => p.content.includes("it is @alice's turn"))!;
    expect(post.components).toEqual(['[Move a fleet] [Buy order points] [End turn]']);
  });

  it("UTD2.1 another player's press is refused as /move refuses it, privately, with the rule", () => {
    const r = at('!press Move a fleet @bob');
    expect(r.ok).toBe(false);
    expect(r.ephemeral).toBe(true);
    expect(r.content).toContain("It is alice's turn, not bob's.");
    expect(r.content).toContain('Rule UTD2.1');
    expect(r.components).toBeUndefined();
  });

  it('UTD6.31 the fleet menu lists her fleets, the lane menu only the lanes out of its sector', () => {
    expect(at('!press Move a fleet @alice').components).toEqual(['▾ Which fleet?: 1']);
    expect(at('!pick "Which fleet?" 1 @alice').components).toEqual(['▾ To which sector?: A | B']);
  });

  it('UTD1.6 a lane picked after the campaign changed (an order point bought meanwhile) is refused; nothing moves', () => {
    const r = at('!pick "To which sector?" A @alice');
    expect(r.ok).toBe(false);
    expect(r.ephemeral).toBe(true);
    expect(r.content).toContain('The campaign changed since these choices were listed');
    expect(r.posts).toEqual([]);
  });

  it('UTD6.31 pressing through the turn-start buttons moves a fleet, announced in public', () => {
    const r = at('!pick "To which sector?" A @alice', 2);
    expect(r.ok).toBe(true);
    expect(all(r)).toContain("alice's fleet 1: **Lyra Prime** → **A**");
    expect(at('@alice /sector info sector:A').content).toContain('alice');
  });

  it('UTD2.3 End turn asks Confirm/Cancel as /turn end does, and Confirm ends the turn', () => {
    expect(at('!press End turn @alice').components).toEqual(['[Confirm] [Cancel]']);
    const confirmed = at('!press Confirm @alice');
    expect(all(confirmed)).toContain('alice ends the turn');
    expect(all(confirmed)).toContain("it is @bob's turn");
  });

  it('UTD2.3 a button of a turn that is over is refused privately; nothing is done', () => {
    const r = at('!press cm:tm:2.1.toupc0 @alice');
    expect(r.ok).toBe(false);
    expect(r.ephemeral).toBe(true);
    expect(r.content).toContain('This button belongs to a turn that is over');
    expect(r.content).toContain("It is now @bob's turn");
    expect(r.posts).toEqual([]);
  });

  it('UTD3.4 the battle card carries the steps of its stage', () => {
    const end = at('@bob /turn end');
    const card = end.posts.find((p) => p.content.includes('**Battle K36**'))!;
    expect(card.components).toEqual(['[Make contact] [Enter the result]']);
  });

  it('UTD7.42 only a side of the battle may enter its result', () => {
    const r = at('!press Enter the result @carol');
    expect(r.ok).toBe(false);
    expect(r.content).toContain('You are not fighting in battle K36.');
    expect(r.content).toContain('Rule UTD7.42');
  });

  it('UTD7.44 the builder has a menu per unit with the five fates, and /result keeps the evidence', () => {
    const r = at('@bob /result battle:K36 evidence:examples/maps/triangle.json note:"Turned away at turn 4"');
    expect(r.content).toContain('🗒️ Note: “Turned away at turn 4”');
    expect(r.ephemeral).toBe(true);
    expect(r.content).toContain('📎 Evidence: triangle.json');
    expect(r.components).toContain(
      '▾ KZI-CA (S32) (bob): undamaged ✓: undamaged | crippled | destroyed | captured | wrecked',
    );
  });

  it('UTD7.466 the preview refuses a result whose loser keeps ships without a retreat lane, as /battle report would', () => {
    const r = at('!press Preview @bob');
    expect(r.content).toContain('say through which lane they disengage');
    expect(r.content).toContain('Rule UTD7.466');
    expect(r.components?.at(-1)).toContain('[Preview]');
  });

  it('UTD7.466 the retreat menu offers only the lanes out of the battle sector', () => {
    const r = at('!pick S30 destroyed @bob');
    expect(r.components).toContain('▾ alice disengages to… (UTD7.466): - | H1 | C | X');
  });

  it('UTD3.41 the preview shows the consequences once the other side accepts, nothing sent', () => {
    const r = at('!press Preview @bob', 2);
    expect(r.ephemeral).toBe(true);
    expect(r.posts).toEqual([]);
    expect(r.content).toContain('Once the other side accepts** (as a played result)');
    expect(r.content).toContain('LYR-FF (S30)');
    expect(r.content).toContain('alice retreats 1 fleet to Lyra Prime');
    expect(r.components).toEqual(['[Send as the played result] [Send as a settlement] [Edit] [Cancel]']);
  });

  it('UTD3.41 a settlement sent from the builder is announced with Accept and Reject for the other side', () => {
    const r = at('!press Send as a settlement @bob');
    expect(r.ok).toBe(true);
    expect(all(r)).toContain('bob proposes a settlement #1');
    expect(all(r)).toContain('📎 Evidence: [triangle.json]');
    expect(all(r)).toContain('“Turned away at turn 4”');
    expect(r.components).toEqual(['[Accept the result of K36] [Reject the result of K36]']);
  });

  it('UTD3.41 Reject sends the settlement back; its Accept button is then refused as stale', () => {
    expect(all(at('!press Reject the result of K36 @alice'))).toContain('alice rejects proposal #1');
    const stale = at('!press Accept the result of K36 @alice');
    expect(stale.ok).toBe(false);
    expect(stale.content).toContain('Proposal #1 of battle K36 is no longer open');
  });

  it('UTD7.42 a player outside the battle cannot accept its result', () => {
    const r = at('!press Accept the result of K36 @carol');
    expect(r.ok).toBe(false);
    expect(r.content).toContain('You are not fighting in battle K36.');
  });

  it('UTD7.44 a result built by menus is accepted by the other side and applied', () => {
    const r = at('!press Accept the result of K36 @alice', 2);
    expect(r.ok).toBe(true);
    expect(all(r)).toContain('Battle K36 resolved** (confirmed, bob holds the field)');
    expect(all(r)).toContain('LYR-FF (S30) crippled');
    const show = at('@alice /battle show battle:K36').content;
    expect(show).toContain('Resolved (confirmed)');
  });

  it('a button under a battle that is over is refused privately', () => {
    const r = at('!press Accept the result of K36 @alice', 3);
    expect(r.ok).toBe(false);
    expect(r.ephemeral).toBe(true);
    expect(r.content).toContain('Battle K36 is over');
  });

  it('UTD1.7 a vote post carries its choices as buttons', () => {
    const post = at('@alice /vote setting key:deadline.ordersDays value:10').posts.find((p) =>
      p.content.includes('**Vote V38**'),
    )!;
    expect(post.components).toEqual(['[Yes] [No]']);
  });

  it('UTD1.7 a press by someone outside the electorate is refused privately', () => {
    const r = at('!press Yes @dave');
    expect(r.ok).toBe(false);
    expect(r.ephemeral).toBe(true);
    expect(r.content).toContain('You are not among the voters of this vote.');
    expect(r.content).toContain('Rule UTD1.7');
  });

  it('UTD1.7 a ballot by button and one by reaction count together: 2 of 3 pass the vote', () => {
    expect(at('!press Yes @alice').content).toContain('Your ballot: **yes**');
    const passed = all(at('!react @bob ✅'));
    expect(passed).toContain('Passed');
    expect(passed).toContain('2 of 3 said yes');
  });
});

describe('UTD5.431 a battle waiting for an NPE runner carries a Volunteer button', async () => {
  const battles = readFileSync(join(ROOT, 'examples/03-battles.txt'), 'utf8').split('\n');
  const upTo = battles.findIndex((l) => l.startsWith('@alice /turn end'));
  const { results, cleanup } = await playLines([
    ...battles.slice(0, upTo + 1),
    '!press Volunteer to run the NPE @alice',
    '!press Volunteer to run the NPE @carol',
    '!press Volunteer to run the NPE @bob',
  ]);
  afterAll(cleanup);
  const at = (input: string) => results.find((r) => r.input === input)!;

  it("the battle thread's first post carries the button", () => {
    const intro = at('@alice /turn end').posts.find((p) => p.content.includes('Battle **K40**'))!;
    expect(intro.components).toEqual(['[Volunteer to run the NPE]']);
  });

  it('UTD5.433 the player fighting the NPE is refused as /battle volunteer refuses him', () => {
    const r = at('!press Volunteer to run the NPE @alice');
    expect(r.ok).toBe(false);
    expect(r.ephemeral).toBe(true);
    expect(r.content).toContain('Rule UTD5.431');
  });

  it('UTD5.46 the first volunteer runs the NPE; a later press is refused as stale', () => {
    expect(at('!press Volunteer to run the NPE @carol').content).toContain('carol volunteered first and runs the NPE');
    const late = at('!press Volunteer to run the NPE @bob');
    expect(late.ok).toBe(false);
    expect(late.content).toContain('no longer waits for a runner');
  });
});
