import { Client, GatewayIntentBits, Partials, type ClientOptions } from 'discord.js';
import { NO_PINGS } from './send.ts';

/**
 * Minimal intents, no privileged ones (design §6): Guilds for commands and channels,
 * GuildMessageReactions for reaction votes. Partials let votes keep working on messages posted
 * before a restart. `overrides` points the client at the local stand-in in tests/playground.
 *
 * Nothing written in a message pings by default (`allowed_mentions` with nothing parsed): names,
 * notes and reasons are typed by players, and a campaign named `@everyone` must not ping the
 * server. A message meant to ping names its users explicitly (`pingOnly` in send.ts).
 */
export function createDiscordClient(overrides: Partial<ClientOptions> = {}): Client {
  return new Client({
    intents: [GatewayIntentBits.Guilds, GatewayIntentBits.GuildMessageReactions],
    partials: [Partials.Message, Partials.Reaction, Partials.User, Partials.Channel],
    allowedMentions: NO_PINGS,
    ...overrides,
  });
}
