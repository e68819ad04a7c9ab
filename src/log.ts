import pino, { type Logger } from 'pino';

/** Structured logs; the token and anything that looks like one is never written (issue 8 §5). */
export function createLogger(level: string): Logger {
  return pino({
    level,
    redact: {
      paths: ['token', '*.token', 'config.DISCORD_TOKEN', 'DISCORD_TOKEN', 'headers.authorization', '*.headers.authorization'],
      censor: '[redacted]',
    },
  });
}
