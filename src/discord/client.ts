import { Client, GatewayIntentBits, Partials, type ClientOptions } from 'discord.js';

/**
 * Minimal intents, no privileged ones (design §6): Guilds for commands and channels,
 * GuildMessageReactions for reaction votes. Partials let votes keep working on messages posted
 * before a restart. `overrides` points the client at the local stand-in in tests/playground.
 */
export function createDiscordClient(overrides: Partial<ClientOptions> = {}): Client {
  return new Client({
    intents: [GatewayIntentBits.Guilds, GatewayIntentBits.GuildMessageReactions],
    partials: [Partials.Message, Partials.Reaction, Partials.User, Partials.Channel],
    ...overrides,
  });
}
