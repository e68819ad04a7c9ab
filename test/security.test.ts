import { Writable } from 'node:stream';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { productionApp } from '../src/app/open.ts';
import { createPgliteDatabase } from './helpers/databases.ts';

describe('security (issue 8 §5)', () => {
  it('the production app has no forced dice, no reseeding and the system clock', async () => {
    const tdb = await createPgliteDatabase();
    try {
      const app = productionApp(tdb.database, pino({ level: 'silent' }));
      expect(app.testHooks).toBeNull();
      expect(Math.abs(app.clock.now().getTime() - Date.now())).toBeLessThan(1000);
      expect(app.seeds.newSeed()).not.toBe(app.seeds.newSeed());
    } finally {
      await tdb.drop();
    }
  });

  it('the token is never written to the log', async () => {
    const { createLogger } = await import('../src/log.ts');
    const lines: string[] = [];
    const logger = createLogger(
      'info',
      new Writable({
        write(chunk, _enc, done) {
          lines.push(String(chunk));
          done();
        },
      }),
    );
    logger.info({ config: { DISCORD_TOKEN: 'MTIz.secret' }, token: 'MTIz.secret', req: { headers: { authorization: 'Bot MTIz.secret' } } }, 'starting');
    expect(lines.join('')).toContain('starting');
    expect(lines.join('')).not.toContain('MTIz.secret');
    expect(lines.join('')).toContain('[redacted]');
  });
});
