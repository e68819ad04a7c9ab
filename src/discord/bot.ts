import { Events, type Client, type ClientOptions } from 'discord.js';
import type { AppContext } from '../app/context.ts';
import { createDiscordClient } from './client.ts';
import type { SlashCommand } from './command.ts';
import { Router, type RouterOptions } from './router.ts';

export interface Bot {
  client: Client;
  router: Router;
  /** Resolves when no interaction is being handled (tests and the playground wait on it). */
  whenIdle(): Promise<void>;
  stop(): Promise<void>;
}

export interface StartBotOptions extends RouterOptions {
  app: AppContext;
  token: string;
  commands: readonly SlashCommand[];
  /** Client option overrides (the local stand-in's REST address). */
  clientOptions?: Partial<ClientOptions>;
}

/** Logs in and wires the router; the same code path serves Discord and the local stand-in. */
export async function startBot(opts: StartBotOptions): Promise<Bot> {
  const client = createDiscordClient(opts.clientOptions);
  const router = new Router(opts.app, opts.commands, { adminRoleName: opts.adminRoleName });
  client.on(Events.InteractionCreate, (interaction) => void router.handle(interaction));
  client.on(Events.Error, (err) => opts.app.log.error({ err }, 'discord client error'));
  client.on(Events.Warn, (message) => opts.app.log.warn({ message }, 'discord client warning'));
  const ready = new Promise<void>((resolve) => client.once(Events.ClientReady, () => resolve()));
  await client.login(opts.token);
  await ready;
  opts.app.log.info({ user: client.user?.tag, guilds: client.guilds.cache.size }, 'bot ready');
  return {
    client,
    router,
    whenIdle: () => router.whenIdle(),
    stop: async () => {
      await router.whenIdle();
      await client.destroy();
    },
  };
}
