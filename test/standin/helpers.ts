/** Shared setup for stand-in tests: a small world and a real discord.js Client logged in to it. */
import { once } from 'node:events';
import { Client, Events, GatewayIntentBits, Partials, PermissionFlagsBits, type ClientEvents } from 'discord.js';
import { DiscordStandIn, standInClientOptions, type StandInOptions } from '../../src/discord/standin/index.ts';

export interface World {
  standIn: DiscordStandIn;
  client: Client;
  guildId: string;
  channelId: string;
  aliceId: string;
  bobId: string;
  cleanup: () => Promise<void>;
}

export function newClient(
  standIn: DiscordStandIn,
  intents: GatewayIntentBits[] = [GatewayIntentBits.Guilds, GatewayIntentBits.GuildMessageReactions],
): Client {
  return new Client({
    intents,
    partials: [Partials.Message, Partials.Reaction, Partials.User, Partials.Channel],
    ...standInClientOptions(standIn),
  });
}

export async function login(client: Client, token: string): Promise<void> {
  const ready = once(client, Events.ClientReady);
  await client.login(token);
  await ready;
}

/** A guild with #campaign, alice (may Manage Server) and bob (may not), and a logged-in client. */
export async function createWorld(opts: StandInOptions & { login?: boolean } = {}): Promise<World> {
  const { login: doLogin = true, ...standInOptions } = opts;
  const standIn = await DiscordStandIn.start(standInOptions);
  const guild = standIn.addGuild({ name: 'Thunderdome III' });
  const channel = standIn.addChannel(guild.id, { name: 'campaign' });
  const alice = standIn.addUser({ username: 'alice' });
  const bob = standIn.addUser({ username: 'bob' });
  standIn.setMemberPermissions(guild.id, alice.id, PermissionFlagsBits.ManageGuild);
  const client = newClient(standIn);
  const cleanup = async () => {
    await client.destroy();
    await standIn.stop();
  };
  try {
    if (doLogin) await login(client, standIn.token);
  } catch (error) {
    await cleanup();
    throw error;
  }
  return { standIn, client, guildId: guild.id, channelId: channel.id, aliceId: alice.id, bobId: bob.id, cleanup };
}

/** Resolves with the args of the next `event` matching `filter`. */
export function nextEvent<K extends keyof ClientEvents>(
  client: Client,
  event: K,
  filter: (...args: ClientEvents[K]) => boolean = () => true,
  timeoutMs = 5_000,
): Promise<ClientEvents[K]> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      client.off(event, listener);
      reject(new Error(`timed out waiting for ${String(event)}`));
    }, timeoutMs);
    const listener = (...args: ClientEvents[K]) => {
      if (!filter(...args)) return;
      clearTimeout(timer);
      client.off(event, listener);
      resolve(args);
    };
    client.on(event, listener);
  });
}
