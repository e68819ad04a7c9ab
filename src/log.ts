import pino, { type DestinationStream, type Logger, type LoggerOptions } from 'pino';

/**
 * Structured logs that a server operator may read and share without handing out secrets
 * (security): the bot token and anything that looks like one are never written; an interaction
 * token in a webhook or callback URL is cut out (whoever holds it may post as the bot for 15
 * minutes); a failed query is logged with its SQL but never its parameters (they hold whole
 * campaign states and, for a new campaign, the secret dice seed, UTD1.5), nor a database message
 * that quotes the failing row; a refused Discord request is logged without its body.
 */
export function createLogger(level: string, destination?: DestinationStream): Logger {
  const options: LoggerOptions = {
    level,
    redact: {
      paths: [
        'token',
        '*.token',
        'config.DISCORD_TOKEN',
        'DISCORD_TOKEN',
        'headers.authorization',
        '*.headers.authorization',
      ],
      censor: '[redacted]',
    },
    serializers: { err: safeError, error: safeError },
    // Errors and URLs logged under any other key get the same treatment.
    formatters: { log: (object) => scrubValue(object, 0) as Record<string, unknown> },
  };
  return destination ? pino(options, destination) : pino(options);
}

const REDACTED = '[redacted]';

/**
 * Properties of an error that carry a query's values or a request's body: drizzle's `params`,
 * PGlite's `params`/`queryOptions`, postgres.js's `parameters`/`args`/`types` (enumerable in debug
 * mode), discord.js's `requestBody` (message contents and files, an export with its secret seed
 * among them), and PostgreSQL's `detail`/`where`, which can quote the failing row.
 */
const SECRET_ERROR_KEYS = new Set([
  'params',
  'parameters',
  'args',
  'types',
  'queryOptions',
  'requestBody',
  'detail',
  'where',
]);

/** `/webhooks/<app>/<token>` and `/interactions/<id>/<token>`: the token is a credential. */
const TOKEN_IN_PATH = /(\/(?:webhooks|interactions)\/\d+\/)[A-Za-z0-9_\-.~%]+/g;

/** Cuts interaction tokens out of a piece of text. */
export function scrubText(text: string): string {
  return text.replace(TOKEN_IN_PATH, `$1${REDACTED}`);
}

/**
 * drizzle's "Failed query: <sql>\nparams: <values>" keeps the SQL (it has placeholders, no
 * values) and drops the values; the same text in the stack is replaced too.
 */
function withoutParams(message: string): string {
  const at = message.indexOf('\nparams: ');
  return at < 0 ? message : `${message.slice(0, at)}\nparams: ${REDACTED}`;
}

const MAX_DEPTH = 4;

/** An error as a plain object: type, message, stack, its own harmless fields, and its cause, all scrubbed. */
export function safeError(err: unknown, depth = 0): unknown {
  if (!(err instanceof Error)) return scrubValue(err, depth);
  const message = withoutParams(err.message);
  const stack = err.stack?.replace(err.message, message);
  const out: Record<string, unknown> = {
    type: err.constructor?.name ?? err.name,
    message: scrubText(message),
    ...(stack ? { stack: scrubText(stack) } : {}),
  };
  for (const [key, value] of Object.entries(err)) {
    if (key === 'message' || key === 'stack' || key === 'cause') continue;
    out[key] = SECRET_ERROR_KEYS.has(key) ? REDACTED : scrubValue(value, depth + 1);
  }
  if (err.cause !== undefined && depth < MAX_DEPTH) out['cause'] = safeError(err.cause, depth + 1);
  return out;
}

function scrubValue(value: unknown, depth: number): unknown {
  if (typeof value === 'string') return scrubText(value);
  if (value instanceof Error) return safeError(value, depth);
  if (depth >= MAX_DEPTH || value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map((v) => scrubValue(v, depth + 1));
  // Only plain objects are rebuilt; class instances (a Date, a Buffer) are left to pino.
  const proto = Object.getPrototypeOf(value);
  if (proto !== Object.prototype && proto !== null) return value;
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, scrubValue(v, depth + 1)]));
}
