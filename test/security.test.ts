import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { DiscordAPIError, Events, type ChatInputCommandInteraction } from 'discord.js';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppContext } from '../src/app/context.ts';
import { EXPORT_MAX_BYTES } from '../src/app/export.ts';
import { productionApp } from '../src/app/open.ts';
import { readTextUpload } from '../src/app/uploads.ts';
import { createDiscordClient } from '../src/discord/client.ts';
import type { SlashCommand } from '../src/discord/command.ts';
import { RateLimiter, type RateLimitOptions } from '../src/discord/rate-limit.ts';
import { Router } from '../src/discord/router.ts';
import { DiscordStandIn, standInClientOptions } from '../src/discord/standin/index.ts';
import { Playground } from '../src/playground/playground.ts';
import { storedFingerprint } from './fuzz/fingerprint.ts';
import { runCommand } from '../src/app/run-command.ts';
import { actor, testApp } from './helpers/app.ts';
import { createDatabase, createPgliteDatabase, postgresAvailable, type TestDatabase } from './helpers/databases.ts';

describe('security', () => {
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
    logger.info(
      {
        config: { DISCORD_TOKEN: 'MTIz.secret' },
        token: 'MTIz.secret',
        req: { headers: { authorization: 'Bot MTIz.secret' } },
      },
      'starting',
    );
    expect(lines.join('')).toContain('starting');
    expect(lines.join('')).not.toContain('MTIz.secret');
    expect(lines.join('')).toContain('[redacted]');
  });
});

describe('logs keep secrets out: no query parameters, no interaction tokens', () => {
  async function capture() {
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
    return { logger, text: () => lines.join('') };
  }

  for (const driver of ['pglite', 'postgres'] as const) {
    it(`UTD1.5 a failed insert of a new campaign (${driver}) is logged with its SQL, without the state or the secret dice seed`, async (t) => {
      if (driver === 'postgres' && !(await postgresAvailable())) return t.skip();
      const tdb = await createDatabase(driver);
      try {
        const log = await capture();
        const seeds: string[] = [];
        const app = testApp(tdb.database);
        const newSeed = app.seeds.newSeed;
        const spy = { ...app, log: log.logger, seeds: { newSeed: () => seeds[seeds.push(newSeed()) - 1]! } };
        // A NUL cannot be stored by PostgreSQL: the campaign's insert fails (the Discord layer refuses it earlier).
        const err = await runCommand(spy, {
          target: { guildId: 'g', channelId: 'c' },
          actor: actor('u1'),
          command: { type: 'create', name: 'Seed\u0000Leak' },
        }).then(
          () => null,
          (e: unknown) => e,
        );
        expect(err).toBeInstanceOf(Error);
        // The unsafe error really carries the seed: the test would see a leak.
        expect(JSON.stringify({ ...(err as object), message: (err as Error).message })).toContain(seeds[0]!);
        log.logger.error({ err, incident: 'abc123' }, 'command failed');
        const text = log.text();
        expect(text).toContain('command failed');
        expect(text).toContain('Failed query');
        expect(text).toContain('[redacted]');
        expect(seeds).toHaveLength(1);
        expect(text).not.toContain(seeds[0]!);
        expect(text).not.toContain('seedCommitments');
      } finally {
        await tdb.drop();
      }
    });
  }

  it('a refused Discord request is logged without the interaction token of its URL, nor its body', async () => {
    const log = await capture();
    const token = 'aW50ZXJhY3Rpb246MTIzOnNlY3JldA-secret_part';
    const url = `https://discord.com/api/v10/webhooks/1234567890/${token}/messages/@original`;
    const err = new DiscordAPIError({ code: 10015, message: 'Unknown Webhook' }, 10015, 404, 'PATCH', url, {
      body: { content: 'the secret seed is abcdef' },
      files: [],
    });
    log.logger.warn({ err }, 'could not tell the user about a failure');
    log.logger.warn({ step: 'reply', request: { url: `/interactions/987654321/${token}/callback` } }, 'step failed');
    const text = log.text();
    expect(text).toContain('Unknown Webhook');
    expect(text).toContain('/webhooks/1234567890/[redacted]/messages/@original');
    expect(text).toContain('/interactions/987654321/[redacted]/callback');
    expect(text).not.toContain(token);
    expect(text).not.toContain('the secret seed is');
  });
});

describe('per-user rate limit through the Discord stand-in', () => {
  /** A command that counts its runs, so "nothing runs" can be seen directly. */
  function countingCommand(): SlashCommand & { runs: number } {
    const cmd = {
      runs: 0,
      data: { name: 'ping', description: 'Counts its runs' },
      async execute(i: ChatInputCommandInteraction) {
        cmd.runs++;
        await i.reply({ content: 'pong' });
        return { ok: true };
      },
    };
    return cmd;
  }

  async function world(app: AppContext, rateLimit?: RateLimitOptions | null) {
    const standIn = await DiscordStandIn.start();
    const guild = standIn.addGuild({ name: 'Rate' });
    const channelId = standIn.addChannel(guild.id, { name: 'campaign' }).id;
    const alice = standIn.addUser({ username: 'alice' }).id;
    const bob = standIn.addUser({ username: 'bob' }).id;
    const ping = countingCommand();
    standIn.registerCommands([ping.data], guild.id);
    const client = createDiscordClient(standInClientOptions(standIn));
    const router = new Router(app, [ping], rateLimit === undefined ? {} : { rateLimit });
    client.on(Events.InteractionCreate, (interaction) => void router.handle(interaction));
    const ready = new Promise<void>((resolve) => client.once(Events.ClientReady, () => resolve()));
    await client.login(standIn.token);
    await ready;
    const send = async (userId: string) => {
      const h = await standIn.invokeCommand({ guildId: guild.id, channelId, userId, name: 'ping' });
      const reply = await h.firstResponse();
      await router.whenIdle();
      return { reply, outcome: router.outcomes.get(h.id) };
    };
    return {
      alice,
      bob,
      ping,
      send,
      stop: async () => {
        await client.destroy();
        await standIn.stop();
      },
    };
  }

  it('10 commands in 10 s: the 11th gets a private "slow down" and does not run; others and refilled tokens are unaffected', async () => {
    const tdb = await createPgliteDatabase();
    let now = 0;
    const w = await world(productionApp(tdb.database, pino({ level: 'silent' })), {
      capacity: 10,
      windowMs: 10_000,
      now: () => now,
    });
    try {
      for (let k = 0; k < 10; k++)
        expect((await w.send(w.alice)).reply).toMatchObject({ kind: 'reply', content: 'pong', ephemeral: false });
      const limited = await w.send(w.alice);
      expect(limited.reply).toMatchObject({ kind: 'reply', ephemeral: true });
      expect(limited.reply.content).toContain('Slow down');
      expect(limited.reply.content).toContain('1 second');
      expect(limited.outcome).toEqual({ ok: false });
      expect(w.ping.runs).toBe(10);
      // Another user has a bucket of their own.
      expect((await w.send(w.bob)).reply.content).toBe('pong');
      // One token comes back per second.
      now += 1000;
      expect((await w.send(w.alice)).reply.content).toBe('pong');
      expect((await w.send(w.alice)).reply.content).toContain('Slow down');
      expect(w.ping.runs).toBe(12);
    } finally {
      await w.stop();
      await tdb.drop();
    }
  });

  it('the production wiring has the limit by default; the playground and tests (test hooks) do not', async () => {
    const tdb = await createPgliteDatabase();
    const live = await world(productionApp(tdb.database, pino({ level: 'silent' })));
    const test = await world(testApp(tdb.database));
    try {
      // 30 at once: however slow the machine, far fewer than 20 s pass, so at most 10 + 20 could run.
      const liveReplies = await Promise.all(Array.from({ length: 30 }, () => live.send(live.alice)));
      expect(liveReplies.filter((r) => r.reply.content.includes('Slow down')).length).toBeGreaterThanOrEqual(10);
      expect(live.ping.runs).toBeLessThan(30);
      const testReplies = await Promise.all(Array.from({ length: 30 }, () => test.send(test.alice)));
      expect(testReplies.every((r) => r.reply.content === 'pong')).toBe(true);
    } finally {
      await live.stop();
      await test.stop();
      await tdb.drop();
    }
  });

  it('the limiter keeps memory bounded: idle users are forgotten once many are tracked', () => {
    let now = 0;
    const limiter = new RateLimiter({ capacity: 2, windowMs: 1000, now: () => now });
    for (let u = 0; u < 10_000; u++) limiter.take(`user-${u}`);
    now += 1000; // every bucket is full again
    limiter.take('newcomer');
    expect(limiter.size).toBe(1);
  });
});

describe('uploads are size-limited and validated before anything is stored', () => {
  let play: Playground;
  let tdb: TestDatabase;
  let dir: string;
  let n = 0;
  const run = async (line: string) => (await play.run(line, ++n))!;

  beforeAll(async () => {
    tdb = await createPgliteDatabase();
    dir = mkdtempSync(join(tmpdir(), 'cm-uploads-'));
    play = await Playground.start({ database: tdb.database, outDir: dir });
    await run('!admin @p1');
    await run('@p1 /campaign create name:Uploads');
    for (const [p, e] of [
      ['p1', 'lyran'],
      ['p2', 'kzinti'],
      ['p3', 'gorn'],
    ])
      await run(`@${p} /campaign join empire:${e}`);
  });
  afterAll(async () => {
    await play.close();
    await tdb.drop();
    rmSync(dir, { recursive: true, force: true });
  });

  const file = (name: string, data: string | Buffer) => {
    const path = join(dir, name);
    writeFileSync(path, data);
    return path;
  };

  it('a map file over 1,000,000 bytes is refused from its declared size, and nothing is stored', async () => {
    const before = await storedFingerprint(tdb.database);
    const r = await run(`@p1 /map import file:${file('huge-map.json', Buffer.alloc(1_000_001, 0x20))}`);
    expect(r).toMatchObject({ ok: false, ephemeral: true });
    expect(r.content).toContain('the limit is 1000000 bytes');
    expect(await storedFingerprint(tdb.database)).toBe(before);
  });

  it('malformed map files are refused with the problem named, and nothing is stored', async () => {
    const before = await storedFingerprint(tdb.database);
    const notJson = await run(`@p1 /map import file:${file('broken.json', '{"sectors": [{"key": "H1", "home": 0}')}`);
    expect(notJson).toMatchObject({ ok: false, ephemeral: true });
    expect(notJson.content).toContain('not valid JSON');
    const wrongShape = await run(
      `@p1 /map import file:${file('shape.json', JSON.stringify({ sectors: [{ key: 'H1', home: 0, hom: 1 }], lanes: [['H1', 'Nowhere']] }))}`,
    );
    expect(wrongShape).toMatchObject({ ok: false, ephemeral: true });
    const binary = await run(
      `@p1 /map import file:${file('map.png', Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 0, 0xff]))}`,
    );
    expect(binary).toMatchObject({ ok: false, ephemeral: true });
    expect(await storedFingerprint(tdb.database)).toBe(before);
    // The same command takes a good file: the refusals were about the files.
    const good = await run(
      `@p1 /map import file:${fileURLToPath(new URL('../assets/maps/three-players.json', import.meta.url))}`,
    );
    expect(good.ok).toBe(true);
  });

  it('a campaign export over 8 MiB is refused from its declared size, and nothing is stored', async () => {
    await run('!channel restore');
    const before = await storedFingerprint(tdb.database);
    const r = await run(
      `@p1 /campaign import file:${file('huge-export.json', Buffer.alloc(EXPORT_MAX_BYTES + 1, 0x20))}`,
    );
    expect(r).toMatchObject({ ok: false, ephemeral: true });
    expect(r.content).toContain(`exports are at most ${EXPORT_MAX_BYTES} bytes`);
    expect(await storedFingerprint(tdb.database)).toBe(before);
    await run('!channel campaign');
  });

  it('malformed campaign exports are refused, and no campaign appears', async () => {
    await run('!channel restore');
    const before = await storedFingerprint(tdb.database);
    for (const [name, body] of [
      ['truncated.json', '{"format": "campaign-master-export/1", "events": ['],
      ['wrong.json', JSON.stringify({ format: 'campaign-master-export/1', campaign: null, events: [{ seq: 1 }] })],
      ['catalog.csv', 'unit_id,empire,bpv\nFED-CA,FED,"133'],
    ] as const) {
      const r = await run(`@p1 /campaign import file:${file(name, body)}`);
      expect(r, name).toMatchObject({ ok: false, ephemeral: true });
      expect(r.content, name).toContain('Import refused');
    }
    expect(await storedFingerprint(tdb.database)).toBe(before);
    await run('!channel campaign');
  });
});

describe('readTextUpload: the checks every upload goes through before parsing', () => {
  const spec = { maxBytes: 100, rule: 'UTD4.1', codePrefix: 'map', what: 'map' };
  const serving = (body: Buffer | null, status = 200) => {
    const calls: string[] = [];
    const fetcher = async (url: string) => {
      calls.push(url);
      return new Response(body === null ? null : new Uint8Array(body), { status });
    };
    return { fetcher, calls };
  };

  it('an oversized declared size is refused without downloading anything', async () => {
    const s = serving(Buffer.from('{}'));
    const r = await readTextUpload({ size: 101, url: 'https://cdn.invalid/a' }, spec, s.fetcher);
    expect(r).toEqual({
      ok: false,
      error: { code: 'map/too-large', rule: 'UTD4.1', message: 'The map file is 101 bytes; the limit is 100 bytes.' },
    });
    expect(s.calls).toEqual([]);
  });

  it('a download larger than the limit is refused even when the declared size was small', async () => {
    const r = await readTextUpload({ size: 10, url: 'u' }, spec, serving(Buffer.alloc(101, 0x41)).fetcher);
    expect(r.ok ? null : r.error.code).toBe('map/too-large');
  });

  it('the limit counts bytes, not characters: 40 four-byte emoji are 160 bytes', async () => {
    const r = await readTextUpload({ size: 10, url: 'u' }, spec, serving(Buffer.from('🚀'.repeat(40))).fetcher);
    expect(r.ok ? null : r.error.code).toBe('map/too-large');
  });

  it('bytes that are not UTF-8 are refused as not text', async () => {
    const r = await readTextUpload({ size: 4, url: 'u' }, spec, serving(Buffer.from([0x89, 0x50, 0xff, 0xfe])).fetcher);
    expect(r.ok ? null : r.error).toMatchObject({ code: 'map/not-text', message: 'The map file is not UTF-8 text.' });
  });

  it('a failed download is refused as unreadable', async () => {
    expect(await readTextUpload({ size: 2, url: 'u' }, spec, serving(Buffer.from('{}'), 404).fetcher)).toMatchObject({
      ok: false,
      error: { code: 'map/unreadable' },
    });
    const failing = async () => {
      throw new Error('network down');
    };
    expect(await readTextUpload({ size: 2, url: 'u' }, spec, failing)).toMatchObject({
      ok: false,
      error: { code: 'map/unreadable' },
    });
  });

  it('UTF-8 text comes back whole, without the byte-order mark some editors write', async () => {
    const r = await readTextUpload(
      { size: 9, url: 'u' },
      spec,
      serving(Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from('{"é":1}')])).fetcher,
    );
    expect(r).toEqual({ ok: true, value: '{"é":1}' });
  });
});
