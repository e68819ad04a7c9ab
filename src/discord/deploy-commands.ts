import { REST, Routes } from 'discord.js';
import { COMMANDS } from '../../commands/index.ts';
import { ConfigError, loadConfig, loadDotEnv } from '../config.ts';

/**
 * Registers the slash commands (design §3.4: never at startup). With DEV_GUILD_ID they are
 * registered on that server and appear at once; otherwise globally.
 */
async function main(): Promise<void> {
  loadDotEnv();
  const config = loadConfig(process.env, { token: true, appId: true });
  const rest = new REST().setToken(config.DISCORD_TOKEN!);
  const body = COMMANDS.map((c) => c.data);
  const route = config.DEV_GUILD_ID
    ? Routes.applicationGuildCommands(config.DISCORD_APP_ID!, config.DEV_GUILD_ID)
    : Routes.applicationCommands(config.DISCORD_APP_ID!);
  await rest.put(route, { body });
  console.log(
    `Registered ${body.length} commands ${config.DEV_GUILD_ID ? `on server ${config.DEV_GUILD_ID}` : 'globally (they can take up to an hour to appear)'}: ${body.map((c) => `/${c.name}`).join(', ')}`,
  );
}

main().catch((err: unknown) => {
  console.error(err instanceof ConfigError ? err.message : `Could not register commands: ${(err as Error).message}`);
  process.exit(1);
});
