import { Client, Events, GatewayIntentBits, Partials } from 'discord.js';
import { afterEach, describe, expect, it } from 'vitest';
import { DiscordStandIn } from '../../src/discord/standin/index.ts';
import { createWorld, login, newClient, nextEvent, type World } from './helpers.ts';

let world: World | undefined;
afterEach(async () => {
  await world?.cleanup();
  world = undefined;
});

describe('logging in to the stand-in', () => {
  it('gets a real discord.js Client to clientReady with guild, channel and application cached', async () => {
    world = await createWorld();
    const { client, standIn, guildId, channelId } = world;
    expect(client.isReady()).toBe(true);
    expect(client.user?.id).toBe(standIn.botUserId);
    expect(client.user?.bot).toBe(true);
    expect(client.application?.id).toBe(standIn.applicationId);
    const guild = client.guilds.cache.get(guildId);
    expect(guild?.name).toBe('Thunderdome III');
    expect(guild?.roles.everyone.id).toBe(guildId);
    expect(guild?.members.me?.id).toBe(standIn.botUserId);
    expect(client.channels.cache.get(channelId)?.isTextBased()).toBe(true);
    expect(standIn.log.map((r) => `${r.method} ${r.route}`)).toEqual(['GET /gateway/bot']);
    expect(standIn.unknownRoutes()).toEqual([]);
  });

  it('needs nothing but rest.api in the ClientOptions', async () => {
    const standIn = await DiscordStandIn.start();
    const guild = standIn.addGuild({ name: 'g' });
    const client = new Client({
      intents: [GatewayIntentBits.Guilds, GatewayIntentBits.GuildMessageReactions],
      partials: [Partials.Message, Partials.Reaction, Partials.User, Partials.Channel],
      rest: { api: standIn.restBase },
    });
    try {
      await login(client, standIn.token);
      expect(client.guilds.cache.has(guild.id)).toBe(true);
    } finally {
      await client.destroy();
      await standIn.stop();
    }
  });

  it('serves the REST reads a bot commonly makes', async () => {
    world = await createWorld();
    const { client, standIn, guildId, channelId, aliceId } = world;
    const app = await client.application?.fetch();
    expect(app?.id).toBe(standIn.applicationId);
    expect((await client.users.fetch(aliceId, { force: true })).username).toBe('alice');
    const guild = await client.guilds.fetch({ guild: guildId, force: true });
    expect(guild.ownerId).not.toBe(aliceId);
    const alice = await guild.members.fetch(aliceId);
    expect(alice.permissions.has('ManageGuild')).toBe(true);
    expect((await guild.roles.fetch()).size).toBe(3); // @everyone, the bot's role, alice's permission role
    expect((await guild.channels.fetch()).has(channelId)).toBe(true);
    expect((await client.channels.fetch(channelId, { force: true }))?.id).toBe(channelId);
    expect(standIn.unknownRoutes()).toEqual([]);
    expect(standIn.failedRequests()).toEqual([]);
  });

  it('acknowledges heartbeats (client ping becomes known)', async () => {
    world = await createWorld({ heartbeatIntervalMs: 50 });
    const { client, standIn } = world;
    await standIn.waitFor(() => client.ws.ping >= 0, 5_000, 'a heartbeat round trip');
    expect(client.isReady()).toBe(true);
  });

  it('accepts a fresh login after destroy() (new IDENTIFY, new session)', async () => {
    world = await createWorld();
    const { client, standIn, guildId, channelId, aliceId } = world;
    await client.destroy();
    expect(standIn.botConnected).toBe(false);
    // discord.js 14 cannot reuse a destroyed Client (its WebSocketManager stays "destroyed": clientReady
    // never fires again and a second destroy() is a no-op), so reconnect the way a restarted bot does.
    const second = newClient(standIn);
    try {
      await login(second, standIn.token);
      expect(second.guilds.cache.has(guildId)).toBe(true);
      // biome-ignore lint/nursery/noMisusedPromises: discord.js listeners may be async; a rejection fails the test's wait
      second.on(Events.InteractionCreate, async (interaction) => {
        if (interaction.isChatInputCommand()) await interaction.reply('again');
      });
      const handle = await standIn.invokeCommand({ guildId, channelId, userId: aliceId, name: 'ping' });
      expect((await handle.firstResponse()).content).toBe('again');
      const identifies = standIn.log.filter((r) => r.route === '/gateway/bot');
      expect(identifies).toHaveLength(2);
    } finally {
      await second.destroy();
    }
  });

  it('resumes after a dropped connection and replays what was dispatched meanwhile', async () => {
    world = await createWorld();
    const { client, standIn, guildId, channelId, aliceId } = world;
    // biome-ignore lint/nursery/noMisusedPromises: discord.js listeners may be async; a rejection fails the test's wait
    client.on(Events.InteractionCreate, async (interaction) => {
      if (interaction.isChatInputCommand()) await interaction.reply('still here');
    });
    const resumed = nextEvent(client, Events.ShardResume);
    standIn.disconnectBot();
    // Dispatched while the bot is away: kept for RESUME.
    const handle = await standIn.invokeCommand({ guildId, channelId, userId: aliceId, name: 'ping' });
    await resumed;
    expect((await handle.firstResponse()).content).toBe('still here');
  });

  it('reconnects and resumes when the gateway sends op 7 Reconnect', async () => {
    world = await createWorld();
    const { client, standIn } = world;
    const resumed = nextEvent(client, Events.ShardResume);
    standIn.requestReconnect();
    await resumed;
    expect(standIn.botConnected).toBe(true);
  });

  it('re-identifies when the session cannot be resumed', async () => {
    world = await createWorld();
    const { client, standIn } = world;
    const identified = standIn.waitFor(() => standIn.botConnected, 5_000);
    standIn.disconnectBot({ resumable: false });
    await nextEvent(client, Events.ShardReady);
    await identified;
    expect(client.isReady()).toBe(true);
  });

  it('announces guilds and channels added after login', async () => {
    world = await createWorld();
    const { client, standIn, guildId } = world;
    const guildCreate = nextEvent(client, Events.GuildCreate);
    const added = standIn.addGuild({ name: 'Second Front' });
    const [guild] = await guildCreate;
    expect(guild.id).toBe(added.id);
    const channelCreate = nextEvent(client, Events.ChannelCreate);
    const channel = standIn.addChannel(guildId, { name: 'war-room' });
    expect((await channelCreate)[0].id).toBe(channel.id);
  });

  it('rejects a wrong token like Discord (401 from /gateway/bot)', async () => {
    const standIn = await DiscordStandIn.start();
    const client = newClient(standIn, [GatewayIntentBits.Guilds]);
    try {
      await expect(client.login('not-the-token')).rejects.toThrow(/token/i);
      expect(standIn.log[0]?.status).toBe(401);
    } finally {
      await client.destroy();
      await standIn.stop();
    }
  });
});
