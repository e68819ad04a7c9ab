import pino, { type DestinationStream, type Logger } from 'pino';

/** Structured logs; the token and anything that looks like one is never written (security). */
export function createLogger(level: string, destination?: DestinationStream): Logger {
  const options = {
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
  };
  return destination ? pino(options, destination) : pino(options);
}
