import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { campaignInChannel } from '../../src/app/campaigns.ts';
import { type CommandInput, runCommand } from '../../src/app/run-command.ts';
import type { WarlordCampaign } from '../../src/app/warlord-ruleset.ts';
import type { Bot } from '../../src/discord/bot.ts';
import type { DiscordStandIn } from '../../src/discord/standin/index.ts';
import { actor } from '../helpers/app.ts';
import { type WarlordTable, startWarlordTable, stopWarlordTable } from '../helpers/warlord-table.ts';

const HOUR = 3_600_000;

/**
 * Standby players through Discord (§11.4): bob's Beta Freight sends nothing for three turns; alice
 * proposes erin, a user not in the game, with `/warlord standby`; the vote fails at the turn's
 * deadline, is proposed again, and carol's `/warlord vote` passes it: erin now runs Beta Freight,
 * reads its private thread, and bob has left it.
 */
describe('Star Fleet Warlord standby players through Discord', () => {
  let standIn: DiscordStandIn;
  let bot: Bot;
  let app: WarlordTable['app'];
  let guildId: string;
  let channelId: string;
  const users: Record<string, string> = {};

  let table: WarlordTable | undefined;

  beforeAll(async () => {
    table = await startWarlordTable('standby', ['alice', 'bob', 'carol', 'erin'], users);
    ({ app, standIn, bot, guildId, channelId } = table);
  });
  afterAll(() => stopWarlordTable(table));

  const warlord = async (user: string, subcommand: string, args: Record<string, string | number> = {}) => {
    const handle = await standIn.invokeCommand({
      guildId,
      channelId,
      userId: users[user]!,
      name: 'warlord',
      subcommand,
      args,
    });
    await handle.firstResponse(10_000);
    await bot.whenIdle();
    const original = handle.original();
    return {
      ok: bot.router.outcomes.get(handle.id)?.ok ?? false,
      content: original?.content ?? '',
      ephemeral: original?.ephemeral ?? false,
    };
  };
  const must = async (user: string, command: unknown) => {
    const r = await runCommand(app, {
      target: { guildId, channelId },
      actor: actor(users[user]!),
      command: command as CommandInput,
    });
    if (!r.ok) throw new Error(r.error.message);
  };
  const deadline = async () => {
    app.clock.advance(24 * HOUR);
    expect(await bot.tick()).toBeGreaterThanOrEqual(1);
    await bot.whenIdle();
  };
  const game = async () => (await campaignInChannel(app, channelId)) as unknown as WarlordCampaign;
  const channelText = () =>
    standIn
      .channelMessages(channelId)
      .map((m) => m.content)
      .join('\n');
  const betaThread = () => standIn.threads(channelId).find((t) => t.name.startsWith('Beta Freight'))!;
  const members = () => [...(betaThread().thread?.memberIds ?? [])].filter((id) => id !== standIn.botUser.id);

  it('§11.4 a seat waived more than twice in a row passes to a standby player by the other players’ vote', async () => {
    expect((await warlord('alice', 'create', { name: 'Standby' })).ok).toBe(true);
    await must('alice', { type: 'warlord-join', corpName: 'Alpha Mining' });
    await must('bob', { type: 'warlord-join', corpName: 'Beta Freight' });
    await must('carol', { type: 'warlord-join', corpName: 'Gamma Works' });
    await must('alice', { type: 'warlord-start', width: 4, height: 4, turnHours: 24 });

    // Turn 0: alice and carol send sheets, bob nothing; once waived is not enough.
    await must('alice', { type: 'warlord-submit', text: 'PR F' });
    await must('carol', { type: 'warlord-submit', text: 'PR Z' });
    await deadline();
    const early = await warlord('alice', 'standby', { corporation: 2, player: users['erin']! });
    expect(early).toMatchObject({ ok: false, ephemeral: true });
    expect(early.content).toContain('1 turn(s) waived in a row');
    expect(early.content).toContain('§11.4');
    expect(members()).toEqual([users['bob']]);

    for (const turn of [1, 2]) {
      await must('alice', { type: 'warlord-submit', text: 'A% 90' });
      await must('carol', { type: 'warlord-submit', text: 'A% 90' });
      await deadline();
      expect((await game()).game?.turn).toBe(turn + 1);
    }
    expect((await game()).game?.corps.find((c) => c.id === 2)?.waivedInRow).toBe(3);

    // Refusals are private and name §11.4: the seat's own player, a user already in the game.
    const own = await warlord('bob', 'standby', { corporation: 2, player: users['erin']! });
    expect(own).toMatchObject({ ok: false, ephemeral: true });
    expect(own.content).toContain('its own player cannot propose it');
    const inGame = await warlord('alice', 'standby', { corporation: 2, player: users['carol']! });
    expect(inGame.content).toContain('A standby player is someone not yet in the game');

    // The proposal is public news; with no second yes by the deadline, it fails and the turn runs.
    const proposed = await warlord('alice', 'standby', { corporation: 2, player: users['erin']! });
    expect(proposed).toMatchObject({ ok: true, ephemeral: false });
    expect(proposed.content).toContain('proposes handing **Beta Freight**');
    expect(proposed.content).toContain('2 yes of 2 needed');
    const notVoter = await warlord('bob', 'vote', { corporation: 2, choice: 'yes' });
    expect(notVoter).toMatchObject({ ok: false, ephemeral: true });
    // The proposal carries Yes and No: a press is the same ballot, refused alike for bob.
    const post = standIn.channelMessages(channelId).find((m) => m.content.includes('proposes handing'))!;
    const buttons = ((post.components ?? []) as { components?: { custom_id: string; label: string }[] }[]).flatMap(
      (r) => r.components ?? [],
    );
    expect(buttons.map((b) => [b.label, b.custom_id])).toEqual([
      ['Yes', 'cm:wv:2:yes'],
      ['No', 'cm:wv:2:no'],
    ]);
    const press = async (user: string, label: string, messageId = post.id) => {
      const h = await standIn.clickButton({
        channelId,
        messageId,
        userId: users[user]!,
        customId: buttons.find((b) => b.label === label)!.custom_id,
      });
      await h.firstResponse(10_000);
      await bot.whenIdle();
      return { ok: bot.router.outcomes.get(h.id)?.ok ?? false, original: h.original() };
    };
    const bobPress = await press('bob', 'Yes');
    expect(bobPress.ok).toBe(false);
    expect(bobPress.original?.ephemeral).toBe(true);
    expect(bobPress.original?.content).toContain('§11.4');
    await deadline();
    expect(channelText()).toContain("The vote on **Beta Freight**'s seat failed: it stays with");
    expect((await game()).standby).toEqual({});
    expect((await game()).players.find((p) => p.corp === 2)?.userId).toBe(users['bob']);

    // Again, and carol's yes (by button) passes it: erin runs Beta Freight and reads its thread; bob has left it.
    await warlord('alice', 'standby', { corporation: 2, player: users['erin']! });
    const second = standIn
      .channelMessages(channelId)
      .filter((m) => m.content.includes('proposes handing'))
      .at(-1)!;
    const vote = await press('carol', 'Yes', second.id);
    expect(vote.ok).toBe(true);
    expect(vote.original?.ephemeral).toBe(false);
    expect(vote.original?.content).toContain('**Beta Freight** passes from');
    // The vote is over: a later /warlord vote is refused, naming how to propose.
    expect((await warlord('alice', 'vote', { corporation: 2, choice: 'no' })).content).toContain('No vote is open');
    const after = await game();
    expect(after.players.find((p) => p.corp === 2)?.userId).toBe(users['erin']);
    expect(after.game?.corps.find((c) => c.id === 2)?.waivedInRow).toBe(0);
    expect(members()).toEqual([users['erin']]);
    expect((await warlord('erin', 'status')).content).toContain('Your treasury');
    expect((await warlord('bob', 'status')).content).not.toContain('Your treasury');

    // erin's sheet counts for the turn, and the report comes to the same thread.
    await must('erin', { type: 'warlord-submit', text: 'PR K\nPS K F5' });
    await deadline();
    const report = standIn
      .channelMessages(betaThread().id)
      .map((m) => m.content)
      .join('\n');
    expect(report).toContain('Bought K-F5');
    expect(standIn.threads(channelId).filter((t) => t.name.startsWith('Beta Freight'))).toHaveLength(1);
  });
});
