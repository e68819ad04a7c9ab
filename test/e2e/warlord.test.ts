import { ChannelType, PermissionFlagsBits } from 'discord.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { campaignInChannel } from '../../src/app/campaigns.ts';
import { runCommand, type CommandInput } from '../../src/app/run-command.ts';
import type { WarlordCampaign } from '../../src/app/warlord-ruleset.ts';
import type { Bot } from '../../src/discord/bot.ts';
import type { DiscordStandIn } from '../../src/discord/standin/index.ts';
import { actor } from '../helpers/app.ts';
import { type WarlordTable, startWarlordTable, stopWarlordTable } from '../helpers/warlord-table.ts';

const HOUR = 3_600_000;

/**
 * Star Fleet Warlord through the real discord.js client and the stand-in, as
 * examples/05-warlord.txt plays it (its first turn): four corporations, a dry run, three sheets (one with a bad
 * line), the fourth waived at the deadline (§11.4), the news in the channel and each
 * corporation's report in a private thread only its player is in.
 */
describe('Star Fleet Warlord through Discord', () => {
  let standIn: DiscordStandIn;
  let bot: Bot;
  let app: WarlordTable['app'];
  let guildId: string;
  let channelId: string;
  const users: Record<string, string> = {};

  let table: WarlordTable | undefined;

  beforeAll(async () => {
    table = await startWarlordTable('magellanic', ['alice', 'bob', 'carol', 'dave', 'erin'], users);
    ({ app, standIn, bot, guildId, channelId } = table);
  });
  afterAll(() => stopWarlordTable(table));

  const warlord = async (
    user: string,
    subcommand: string,
    args: Record<string, string | number> = {},
    sheet?: string,
  ) => {
    const handle = await standIn.invokeCommand({
      guildId,
      channelId,
      userId: users[user]!,
      name: 'warlord',
      subcommand,
      args: sheet === undefined ? args : { ...args, file: 'sheet.txt' },
      ...(sheet === undefined ? {} : { attachments: [{ name: 'sheet.txt', data: Buffer.from(sheet, 'utf8') }] }),
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
  const game = async () => (await campaignInChannel(app, channelId)) as unknown as WarlordCampaign;

  it('§11.4 a late sheet is waived at the deadline; the news goes to the channel, each report to its private thread', async () => {
    expect(await warlord('alice', 'create', { name: 'Magellanic Cloud' })).toMatchObject({
      ok: true,
      ephemeral: false,
    });
    for (const [u, n] of [
      ['alice', 'Alpha Mining'],
      ['bob', 'Beta Freight'],
      ['carol', 'Gamma Works'],
      ['dave', 'Delta Holdings'],
    ] as const)
      expect((await warlord(u, 'join', { corporation: n })).content).toContain(`founds **${n}**`);
    // §11.6: a refused name is told privately with its rule, and nothing changes.
    const refused = await warlord('erin', 'join', { corporation: 'The Latecomers' });
    expect(refused).toMatchObject({ ok: false, ephemeral: true });
    expect(refused.content).toContain('§11.6');
    expect((await game()).players).toHaveLength(4);
    expect((await warlord('alice', 'start', { width: 4, height: 4, turn_hours: 48 })).content).toContain(
      '4×4-sector galaxy, 4 corporations',
    );

    // The dry run names the bad line with its number and rule, privately, and submits nothing.
    const dry = await warlord('carol', 'check', {}, 'PS Z FF\nFA 75 50');
    expect(dry).toMatchObject({ ok: true, ephemeral: true });
    expect(dry.content).toContain('line 2: "50" is not an FA option');
    expect(dry.content).toContain('PS Z-FF: 70 EP');
    expect((await game()).sheets).toEqual({});

    const sent = await warlord('alice', 'sheet', {}, 'PR F\nPS F DD\nPS F DD');
    expect(sent).toMatchObject({ ok: true, ephemeral: true });
    expect(sent.content).toContain('PS F-DD: 100 EP');
    await warlord('bob', 'sheet', {}, 'PR K\nPS K D7\nBF 50');
    await warlord('carol', 'sheet', {}, 'PS Z FF\nFA 75 50');
    // The channel hears only that the orders are in, never what they are.
    const channelText = () =>
      standIn
        .channelMessages(channelId)
        .map((m) => m.content)
        .join('\n');
    expect(channelText()).toContain('**Gamma Works** has sent its orders');
    expect(channelText()).not.toContain('PS Z-FF');
    expect(Object.keys((await game()).sheets).sort()).toEqual(['1', '2', '3']);

    // The deadline: dave has sent nothing, so his turn is waived and the turn runs.
    app.clock.advance(48 * HOUR);
    expect(await bot.tick()).toBe(1);
    await bot.whenIdle();
    const after = await game();
    expect([after.game?.turn, after.sheets]).toEqual([1, {}]);
    expect(channelText()).toContain('Turn 0 processed. Waived, no sheet in time (§11.4): Delta Holdings.');

    const threads = standIn.threads(channelId);
    expect(threads.map((t) => t.name).sort()).toEqual(
      ['Alpha Mining', 'Beta Freight', 'Delta Holdings', 'Gamma Works'].map((n) => `${n}: private reports`),
    );
    for (const [u, corp, name] of [
      ['alice', 1, 'Alpha Mining'],
      ['bob', 2, 'Beta Freight'],
      ['carol', 3, 'Gamma Works'],
      ['dave', 4, 'Delta Holdings'],
    ] as const) {
      const t = threads.find((x) => x.name.startsWith(name))!;
      // Private, and the other players are not in it.
      expect(t.type).toBe(ChannelType.PrivateThread);
      const members = [...(t.thread?.memberIds ?? [])].filter((id) => id !== standIn.botUser.id);
      expect(members).toEqual([users[u]]);
      expect(after.threads?.[String(corp)]).toBe(t.id);
    }
    const report = (name: string) =>
      standIn
        .channelMessages(threads.find((x) => x.name.startsWith(name))!.id)
        .map((m) => m.content)
        .join('\n');
    expect(report('Alpha Mining')).toContain('Bought F-DD 21 for 100 EP');
    expect(report('Alpha Mining')).toContain('Treasury PE 185, OR 185, DC 185, FP 185: 185 EP');
    // §9.4: the line that did not read is in its corporation's report with its number and rule.
    expect(report('Gamma Works')).toContain('✗ line 2: "50" is not an FA option');
    expect(report('Gamma Works')).toContain('Bought Z-FF');
    expect(report('Delta Holdings')).toContain('**Delta Holdings**, turn 0 (Y165): waived (§11.4)');
    expect(report('Delta Holdings')).toContain('Treasury PE 400');
    // Fog of war: a report names nothing of another corporation's purchases.
    expect(report('Beta Freight')).not.toContain('F-DD');

    // §8 fog of war: the report comes with the corporation's home sector map and galaxy overview.
    const alphaHome = after.game!.corps.find((c) => c.id === 1)!.homeOffice;
    const pictures = standIn
      .channelMessages(threads.find((x) => x.name.startsWith('Alpha Mining'))!.id)
      .flatMap((m) => m.attachments);
    expect(pictures.map((f) => f.filename)).toEqual([`sector-${alphaHome.sx}${alphaHome.sy}.png`, 'galaxy.png']);
    for (const f of pictures) expect(f.data.subarray(1, 4).toString('latin1')).toBe('PNG');
    expect(standIn.channelMessages(channelId).some((m) => m.attachments.length > 0)).toBe(false);

    // The next turn's reports go to the same threads (recorded in the game), not new ones.
    await warlord('dave', 'sheet', {}, 'PS F FF');
    app.clock.advance(48 * HOUR);
    expect(await bot.tick()).toBe(1);
    await bot.whenIdle();
    expect(standIn.threads(channelId)).toHaveLength(4);
    expect(report('Delta Holdings')).toContain('**Delta Holdings**, turn 1 (Y166)');
  });

  const invoke = async (
    user: string,
    name: string,
    subcommand: string | undefined,
    args: Record<string, string> = {},
  ) => {
    const handle = await standIn.invokeCommand({
      guildId,
      channelId,
      userId: users[user]!,
      name,
      ...(subcommand ? { subcommand } : {}),
      args,
    });
    await handle.firstResponse(10_000);
    await bot.whenIdle();
    return { ok: bot.router.outcomes.get(handle.id)?.ok ?? false, original: handle.original()! };
  };

  it('§8 /warlord map: the sector and galaxy as the player’s corporation knows them, privately; a bad sector is refused', async () => {
    const publicPosts = () => standIn.channelMessages(channelId).filter((m) => !m.ephemeral).length;
    const before = publicPosts();
    const home = (await game()).game!.corps.find((c) => c.id === 2)!.homeOffice;
    const mine = await invoke('bob', 'warlord', 'map');
    expect(mine.ok).toBe(true);
    expect(mine.original.ephemeral).toBe(true);
    expect(mine.original.attachments.map((f) => f.filename)).toEqual([`sector-${home.sx}${home.sy}.png`, 'galaxy.png']);
    const other = await invoke('bob', 'warlord', 'map', { sector: '33' });
    expect(other.original.attachments.map((f) => f.filename)).toEqual(['sector-33.png', 'galaxy.png']);
    const bad = await invoke('bob', 'warlord', 'map', { sector: '47' });
    expect(bad).toMatchObject({ ok: false, original: { ephemeral: true } });
    expect(bad.original.content).toContain('"47" is not a sector of this 4×4 galaxy');
    const stranger = await invoke('erin', 'warlord', 'map');
    expect(stranger.original.content).toContain('Only a corporation’s player sees its maps');
    // Nothing went to the channel for everyone.
    expect(publicPosts()).toBe(before);
  });

  it('§11 Thunderdome’s commands in a Warlord channel are refused privately, naming /warlord status', async () => {
    for (const [name, sub, args] of [
      ['campaign', 'status', {}],
      ['map', 'show', {}],
      ['navy', undefined, {}],
      ['sector', 'info', { sector: '21' }],
    ] as const) {
      const r = await invoke('alice', name, sub, args);
      expect(r.ok, name).toBe(false);
      expect(r.original.ephemeral, name).toBe(true);
      expect(r.original.content, name).toContain('This channel plays Star Fleet Warlord, not Thunderdome III');
      expect(r.original.content, name).toContain('/warlord status');
      expect(r.original.embeds ?? [], name).toEqual([]);
      expect(r.original.attachments, name).toEqual([]);
    }
    // The Warlord commands and the ruleset-neutral ones still answer here.
    expect((await invoke('alice', 'warlord', 'status')).ok).toBe(true);
    expect((await invoke('alice', 'help', undefined)).original.content).not.toContain('Star Fleet Warlord, not');
  });

  it('without Create Private Threads a report is not posted anywhere else (fog of war) and the channel is told once what is missing', async () => {
    const other = standIn.addChannel(guildId, { name: 'no-private-threads' }).id;
    standIn.denyBot(other, PermissionFlagsBits.CreatePrivateThreads);
    const must = async (user: string, command: unknown) => {
      const r = await runCommand(app, {
        target: { guildId, channelId: other },
        actor: actor(users[user]!),
        command: command as CommandInput,
      });
      if (!r.ok) throw new Error(r.error.message);
    };
    // `/warlord create` names the permission the channel lacks and what it breaks.
    const create = await standIn.invokeCommand({
      guildId,
      channelId: other,
      userId: users['alice']!,
      name: 'warlord',
      subcommand: 'create',
      args: { name: 'Closed' },
    });
    await create.firstResponse(10_000);
    await bot.whenIdle();
    const followUp = create.responses().find((r) => r.kind === 'followup');
    expect(followUp?.messageId && standIn.message(followUp.messageId)?.content).toContain(
      '**Create Private Threads**: Star Fleet Warlord turn reports are not posted',
    );
    await must('alice', { type: 'warlord-join', corpName: 'Alpha Mining' });
    await must('bob', { type: 'warlord-join', corpName: 'Beta Freight' });
    await must('alice', { type: 'warlord-start', width: 4, height: 4, turnHours: 24 });
    app.clock.advance(24 * HOUR);
    expect(await bot.tick()).toBeGreaterThanOrEqual(1);
    await bot.whenIdle();
    expect(standIn.threads(other)).toEqual([]);
    const said = standIn.channelMessages(other).map((m) => m.content);
    expect(said.some((m) => m.includes('Turn 0 processed'))).toBe(true);
    expect(
      said.filter((m) => m.includes("Discord refused a post for want of the bot's **Create Private Threads**")),
    ).toHaveLength(1);
    expect(said.some((m) => m.includes('Treasury'))).toBe(false);
  });
});
