import {
  ActionRowBuilder,
  ButtonBuilder,
  ButtonStyle,
  type AutocompleteInteraction,
  type ChatInputCommandInteraction,
} from 'discord.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBot, type Bot } from '../../src/discord/bot.ts';
import type { SlashCommand } from '../../src/discord/command.ts';
import type { RateLimitOptions } from '../../src/discord/rate-limit.ts';
import { DiscordStandIn, standInClientOptions } from '../../src/discord/standin/index.ts';
import { testApp } from '../helpers/app.ts';
import { createPgliteDatabase, type TestDatabase } from '../helpers/databases.ts';

/** A command that counts its runs and its autocompletes, and offers a Confirm button. */
function countingCommand() {
  const counts = { runs: 0, autocompletes: 0, byGuild: new Map<string, number>() };
  const command: SlashCommand = {
    data: {
      name: 'ping',
      description: 'Counts its runs',
      options: [{ type: 3, name: 'q', description: 'Anything', autocomplete: true }],
    },
    async execute(i: ChatInputCommandInteraction) {
      counts.runs++;
      counts.byGuild.set(i.guildId!, (counts.byGuild.get(i.guildId!) ?? 0) + 1);
      const row = new ActionRowBuilder<ButtonBuilder>().addComponents(
        new ButtonBuilder().setCustomId('confirm:yes:0123456789ab:1').setLabel('Confirm').setStyle(ButtonStyle.Danger),
      );
      await i.reply({ content: 'pong', components: [row] });
      return { ok: true };
    },
    async autocomplete(i: AutocompleteInteraction) {
      counts.autocompletes++;
      await i.respond([{ name: 'x', value: 'x' }]);
    },
  };
  return { command, counts };
}

/**
 * Fair limits through the real bot wiring (`startBot`, as the `rateLimit` option is documented)
 * and the local stand-in: one user, or one server, cannot take the bot from everyone else.
 */
describe('fair limits: per user over every kind of interaction, per server over all its users', () => {
  let tdb: TestDatabase;
  beforeAll(async () => {
    tdb = await createPgliteDatabase();
  });
  afterAll(async () => {
    await tdb?.drop();
  });

  async function world(limits: { rateLimit?: RateLimitOptions | null; serverRateLimit?: RateLimitOptions | null }) {
    const standIn = await DiscordStandIn.start();
    const guilds = [standIn.addGuild({ name: 'A' }), standIn.addGuild({ name: 'B' })];
    const channels = guilds.map((g) => standIn.addChannel(g.id, { name: 'campaign' }).id);
    const users = Array.from({ length: 8 }, (_, k) => standIn.addUser({ username: `u${k}` }).id);
    const { command, counts } = countingCommand();
    for (const g of guilds) standIn.registerCommands([command.data], g.id);
    // The test app has no limits unless asked: these come from the options alone.
    const bot: Bot = await startBot({
      app: testApp(tdb.database),
      token: standIn.token,
      commands: [command],
      clientOptions: standInClientOptions(standIn),
      mapPosts: null,
      ...limits,
    });
    const at = (g: number) => ({ guildId: guilds[g]!.id, channelId: channels[g]! });
    const ping = async (user: number, g = 0) => {
      const h = await standIn.invokeCommand({ ...at(g), userId: users[user]!, name: 'ping' });
      const reply = await h.firstResponse();
      await bot.whenIdle();
      return reply;
    };
    const complete = async (user: number, g = 0) => {
      const h = await standIn.invokeAutocomplete({
        ...at(g),
        userId: users[user]!,
        name: 'ping',
        args: { q: 'a' },
        focused: 'q',
      });
      const r = await h.firstResponse();
      await bot.whenIdle();
      return r;
    };
    return {
      standIn,
      bot,
      counts,
      users,
      guilds,
      at,
      ping,
      complete,
      stop: async () => {
        await bot.stop();
        await standIn.stop();
      },
    };
  }

  it('the documented rateLimit option of startBot is honoured, and it covers buttons, autocomplete and reactions', async () => {
    let now = 0;
    const w = await world({ rateLimit: { capacity: 3, windowMs: 10_000, now: () => now }, serverRateLimit: null });
    try {
      expect((await w.ping(0)).content).toBe('pong');
      expect((await w.ping(0)).content).toBe('pong');
      const messages = w.standIn.channelMessages(w.at(0).channelId).slice(-2);
      // The buttons: the third token is spent on the first (an expired confirmation answers by updating).
      const press = async (message: (typeof messages)[number]) => {
        const h = await w.standIn.clickButton({
          channelId: message.channelId,
          messageId: message.id,
          userId: w.users[0]!,
          customId: 'confirm:yes:0123456789ab:1',
        });
        const r = await h.firstResponse();
        await w.bot.whenIdle();
        return r;
      };
      expect((await press(messages[0]!)).kind).toBe('update');
      const limited = await press(messages[1]!);
      expect(limited).toMatchObject({ kind: 'reply', ephemeral: true });
      expect(limited.content).toContain('Slow down');
      expect((await w.ping(0)).content).toContain('Slow down');
      expect(w.counts.runs).toBe(2);
      // Autocomplete: three times the limit, counted apart; then an empty list, nothing looked up.
      const complete = async () => {
        const h = await w.standIn.invokeAutocomplete({
          ...w.at(0),
          userId: w.users[0]!,
          name: 'ping',
          args: { q: 'a' },
          focused: 'q',
        });
        const r = await h.firstResponse();
        await w.bot.whenIdle();
        return r;
      };
      for (let k = 0; k < 9; k++) expect((await complete()).choices).toHaveLength(1);
      expect((await complete()).choices).toEqual([]);
      expect(w.counts.autocompletes).toBe(9);
      // Reactions: user 0 has no token left, so the bot ignores their reaction; user 1's is handled.
      const post = await w.standIn.postMessage({ ...w.at(0), userId: w.users[2]!, content: 'react here' });
      const seen = w.bot.reactionsSeen;
      await w.standIn.addReaction({ channelId: post.channelId, messageId: post.id, userId: w.users[0]!, emoji: '✅' });
      await w.standIn.addReaction({ channelId: post.channelId, messageId: post.id, userId: w.users[1]!, emoji: '✅' });
      for (let waited = 0; w.bot.reactionsSeen === seen && waited < 5000; waited += 10)
        await new Promise((r) => setTimeout(r, 10));
      await new Promise((r) => setTimeout(r, 100));
      expect(w.bot.reactionsSeen - seen).toBe(1);
      // Tokens come back with time.
      now += 4_000;
      expect((await w.ping(0)).content).toBe('pong');
    } finally {
      await w.stop();
    }
  });

  it('one server’s flood is cut at the per-server limit; another server’s command still runs at once', async () => {
    const w = await world({
      rateLimit: null,
      serverRateLimit: { capacity: 5, windowMs: 60_000, now: () => 0 },
    });
    try {
      // Eight users of server A, two commands each, all at once.
      const flood = await Promise.all(w.users.flatMap((_, u) => [w.ping(u, 0), w.ping(u, 0)]));
      expect(flood.filter((r) => r.content === 'pong')).toHaveLength(5);
      expect(flood.filter((r) => r.content.includes('Slow down'))).toHaveLength(11);
      // Server B is not held up behind A's flood.
      expect((await w.ping(0, 1)).content).toBe('pong');
      expect(w.counts.runs).toBe(6);
    } finally {
      await w.stop();
    }
  });

  it('the per-server limit bounds what a flood runs while another server’s command waits, and covers autocomplete', async () => {
    const w = await world({
      rateLimit: null,
      serverRateLimit: { capacity: 5, windowMs: 60_000, now: () => 0 },
    });
    try {
      const [a, b] = w.guilds.map((g) => g.id);
      // Eight users of server A send ten commands each, and one user of server B one, all at once:
      // B's runs, and of A's eighty at most the five of its burst run beside it.
      const flood = w.users.flatMap((_, u) => Array.from({ length: 10 }, () => w.ping(u, 0)));
      const answers = await Promise.all([...flood, w.ping(0, 1)]);
      expect(answers.at(-1)!.content).toBe('pong');
      expect(w.counts.byGuild.get(b!)).toBe(1);
      expect(w.counts.byGuild.get(a!)).toBe(5);
      expect(answers.slice(0, -1).filter((r) => r.content.includes('Slow down'))).toHaveLength(75);
      // Autocomplete, counted apart at three times the limit: A's flood gets fifteen lists, then
      // empty ones with nothing looked up; B's user still gets a list.
      const lists = await Promise.all(w.users.flatMap((_, u) => [w.complete(u, 0), w.complete(u, 0)]));
      expect(lists.filter((r) => r.choices?.length === 1)).toHaveLength(15);
      expect(lists.filter((r) => r.choices?.length === 0)).toHaveLength(1);
      expect(w.counts.autocompletes).toBe(15);
      expect((await w.complete(0, 1)).choices).toHaveLength(1);
      expect(w.counts.autocompletes).toBe(16);
    } finally {
      await w.stop();
    }
  });
});
