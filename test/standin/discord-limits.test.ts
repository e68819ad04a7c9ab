import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  AttachmentBuilder,
  ChannelType,
  DiscordAPIError,
  Events,
  PermissionFlagsBits as P,
  type ChatInputCommandInteraction,
  type TextChannel,
} from 'discord.js';
import { afterEach, describe, expect, it } from 'vitest';
import { INVITE_PERMISSIONS } from '../../src/discord/permission-words.ts';
import { DEFAULT_BOT_PERMISSIONS } from '../../src/discord/standin/index.ts';
import { createWorld, nextEvent, type World } from './helpers.ts';

/**
 * What real Discord does that the stand-in models, each switchable per test: channel permissions
 * and overwrites (the bot's own role included), the invite's permissions, 429 with retry-after,
 * the 15-minute life of an interaction token, and `enforce_nonce`.
 */
let world: World | undefined;
afterEach(async () => {
  await world?.cleanup();
  world = undefined;
});

function textChannel(w: World): TextChannel {
  const channel = w.client.channels.cache.get(w.channelId);
  if (channel?.type !== ChannelType.GuildText) throw new Error('campaign channel missing');
  return channel;
}

async function refusal(p: Promise<unknown>): Promise<number | null> {
  try {
    await p;
    return null;
  } catch (err) {
    if (err instanceof DiscordAPIError) return Number(err.code);
    throw err;
  }
}

const file = () => new AttachmentBuilder(Buffer.from('png'), { name: 'map.png' });

describe('the bot role as the invite grants it', () => {
  it("the stand-in's bot role, the bot's needed permissions and README.md's invite link are the same integer", () => {
    const readme = readFileSync(join(import.meta.dirname, '../../README.md'), 'utf8');
    const linked = /permissions=(\d+)/.exec(readme)?.[1];
    expect(BigInt(linked!)).toBe(INVITE_PERMISSIONS);
    expect(DEFAULT_BOT_PERMISSIONS).toBe(INVITE_PERMISSIONS);
  });

  it('the bot has no moderation rights: no Manage Messages, Manage Roles or Mention Everyone', async () => {
    world = await createWorld();
    const perms = world.standIn.botPermissionsIn(world.channelId);
    for (const p of [P.ManageMessages, P.ManageRoles, P.MentionEveryone, P.ManageChannels, P.Administrator])
      expect(perms & p).toBe(0n);
    expect(perms & INVITE_PERMISSIONS).toBe(INVITE_PERMISSIONS);
  });
});

describe('channel permissions and overwrites', () => {
  it("an overwrite denying the bot's role Attach Files refuses a post with a file (403 50013) and lets a text post through; discord.js sees it", async () => {
    world = await createWorld();
    const w = world;
    const updated = nextEvent(w.client, Events.ChannelUpdate);
    w.standIn.denyBot(w.channelId, P.AttachFiles);
    await updated;
    const channel = textChannel(w);
    expect(channel.permissionsFor(w.client.user!)!.has(P.AttachFiles)).toBe(false);
    expect(await refusal(channel.send({ content: 'map', files: [file()] }))).toBe(50013);
    expect(await refusal(channel.send('text'))).toBeNull();
    expect(w.standIn.channelMessages(w.channelId).map((m) => m.content)).toEqual(['text']);
  });

  it('a thread follows its parent channel: Add Reactions denied there is denied in the thread', async () => {
    world = await createWorld();
    const w = world;
    const thread = await textChannel(w).threads.create({ name: 'Battle K1' });
    const message = await thread.send('card');
    w.standIn.denyBot(w.channelId, P.AddReactions);
    expect(await refusal(message.react('✅'))).toBe(50013);
    w.standIn.denyBot(w.channelId, 0n);
    expect(await refusal(message.react('✅'))).toBeNull();
  });

  it('a private thread needs Create Private Threads, a public one Create Public Threads', async () => {
    world = await createWorld();
    const w = world;
    w.standIn.denyBot(w.channelId, P.CreatePrivateThreads);
    const privately = () => textChannel(w).threads.create({ name: 'Alpha: reports', type: ChannelType.PrivateThread });
    expect(await refusal(privately())).toBe(50013);
    expect(await refusal(textChannel(w).threads.create({ name: 'Battle K1' }))).toBeNull();
    w.standIn.denyBot(w.channelId, P.CreatePublicThreads);
    expect(await refusal(privately())).toBeNull();
    expect(await refusal(textChannel(w).threads.create({ name: 'Battle K2' }))).toBe(50013);
  });

  it('without View Channel the bot gets 50001 Missing Access; a member overwrite for the bot counts too', async () => {
    world = await createWorld();
    const w = world;
    w.standIn.setChannelOverwrite(w.channelId, { id: w.standIn.botUserId, type: 'member', deny: P.ViewChannel });
    expect(await refusal(textChannel(w).send('hello'))).toBe(50001);
  });

  it('an interaction carries the permissions the bot has in its channel (app_permissions)', async () => {
    world = await createWorld();
    const w = world;
    w.standIn.denyBot(w.channelId, P.AddReactions | P.AttachFiles);
    const seen = new Promise<bigint>((resolve) =>
      w.client.once(Events.InteractionCreate, (i) =>
        resolve((i as ChatInputCommandInteraction).appPermissions.bitfield),
      ),
    );
    await w.standIn.invokeCommand({ guildId: w.guildId, channelId: w.channelId, userId: w.aliceId, name: 'ping' });
    const perms = await seen;
    expect(perms & P.AddReactions).toBe(0n);
    expect(perms & P.AttachFiles).toBe(0n);
    expect(perms & P.SendMessages).toBe(P.SendMessages);
  });

  it('permission checks are switchable: enforcePermissions false lets every post through', async () => {
    world = await createWorld({ enforcePermissions: false });
    const w = world;
    w.standIn.denyBot(w.channelId, P.AttachFiles | P.SendMessages);
    expect(await refusal(textChannel(w).send({ content: 'map', files: [file()] }))).toBeNull();
  });
});

describe('rate limits', () => {
  it('a 429 with retry-after makes discord.js wait that long and send once', async () => {
    world = await createWorld();
    const w = world;
    w.standIn.rateLimit((r) => r.route === '/channels/:channelId/messages' && r.method === 'POST', {
      retryAfterMs: 600,
    });
    const started = Date.now();
    await textChannel(w).send('after the limit');
    expect(Date.now() - started).toBeGreaterThanOrEqual(550);
    expect(w.standIn.channelMessages(w.channelId).map((m) => m.content)).toEqual(['after the limit']);
    expect(w.standIn.log.filter((r) => r.route === '/channels/:channelId/messages').map((r) => r.status)).toEqual([
      429, 200,
    ]);
  });
});

describe('interaction tokens', () => {
  it('a follow-up within 15 minutes goes out; after 15 minutes Discord answers 50027 Invalid Webhook Token', async () => {
    let now = Date.now();
    world = await createWorld({ now: () => now });
    const w = world;
    const seen = new Promise<ChatInputCommandInteraction>((resolve) =>
      w.client.once(Events.InteractionCreate, (i) => resolve(i as ChatInputCommandInteraction)),
    );
    await w.standIn.invokeCommand({ guildId: w.guildId, channelId: w.channelId, userId: w.aliceId, name: 'ping' });
    const interaction = await seen;
    await interaction.reply('pong');
    now += 14 * 60_000;
    expect(await refusal(interaction.followUp('still here'))).toBeNull();
    now += 2 * 60_000;
    expect(await refusal(interaction.followUp('too late'))).toBe(50027);
    expect(await refusal(interaction.editReply('too late'))).toBe(50027);
  });
});

describe('enforce_nonce', () => {
  it('a post repeating the nonce of an earlier one gets that message back, and no second one', async () => {
    world = await createWorld();
    const w = world;
    const first = await textChannel(w).send({ content: 'vote', nonce: 'cm.1.v', enforceNonce: true });
    const again = await textChannel(w).send({ content: 'vote', nonce: 'cm.1.v', enforceNonce: true });
    expect(again.id).toBe(first.id);
    expect(w.standIn.channelMessages(w.channelId)).toHaveLength(1);
  });
});
