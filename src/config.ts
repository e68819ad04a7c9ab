import { existsSync } from 'node:fs';
import { z } from 'zod';

/**
 * Configuration is read once, here, and nowhere else reads process.env (design §3.7).
 * Every key is documented in .env.example.
 */
const schema = z.object({
  DISCORD_TOKEN: z.string().trim().min(1).optional(),
  DISCORD_APP_ID: z
    .string()
    .trim()
    .regex(/^\d{5,25}$/, 'must be the numeric application id from the Discord developer portal')
    .optional(),
  DEV_GUILD_ID: z
    .string()
    .trim()
    .regex(/^\d{5,25}$/, 'must be a numeric server (guild) id')
    .optional(),
  DATABASE_URL: z
    .string()
    .trim()
    .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
    .optional(),
  DATA_DIR: z.string().trim().min(1).default('./data'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Name of a server role whose members may run campaign setup commands besides server managers. */
  CAMPAIGN_ADMIN_ROLE: z.string().trim().min(1).optional(),
  /** How often the scheduler wakes to look for due deadlines, in seconds. */
  SCHEDULER_INTERVAL_SECONDS: z.coerce.number().int().min(1).max(3600).default(30),
});

export type Config = z.infer<typeof schema>;

export class ConfigError extends Error {}

/** Empty strings in .env mean "not set". */
function clean(env: NodeJS.ProcessEnv): Record<string, string> {
  return Object.fromEntries(
    Object.entries(env).filter((e): e is [string, string] => typeof e[1] === 'string' && e[1].trim() !== ''),
  );
}

export function loadConfig(
  env: NodeJS.ProcessEnv = process.env,
  needs: { token?: boolean; appId?: boolean } = {},
): Config {
  const parsed = schema.safeParse(clean(env));
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new ConfigError(`Configuration error: ${issue.path.join('.')} ${issue.message}. See .env.example.`);
  }
  const config = parsed.data;
  if (needs.token && !config.DISCORD_TOKEN) {
    throw new ConfigError(
      'DISCORD_TOKEN is not set: copy .env.example to .env and paste your bot token (Developer Portal → your app → Bot → Reset Token). To try the bot without Discord, run `npm run play`.',
    );
  }
  if (needs.appId && !config.DISCORD_APP_ID) {
    throw new ConfigError(
      'DISCORD_APP_ID is not set: copy it from the Developer Portal (General Information → Application ID) into .env.',
    );
  }
  return config;
}

/** Reads ./.env into process.env when present (Node's own loader; no dependency needed). */
export function loadDotEnv(path = '.env'): void {
  if (existsSync(path)) process.loadEnvFile(path);
}
