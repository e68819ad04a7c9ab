import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PermissionFlagsBits } from 'discord.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMMANDS } from '../../commands/index.ts';
import { sampleCatalogFiles } from '../../src/app/catalogs.ts';
import { startBot, type Bot } from '../../src/discord/bot.ts';
import {
  ATTACHMENT_ROUTE,
  DiscordStandIn,
  standInClientOptions,
  type ArgValue,
  type DriverFile,
  type InteractionResponse,
} from '../../src/discord/standin/index.ts';
import { testApp } from '../helpers/app.ts';
import { createPgliteDatabase, type TestDatabase } from '../helpers/databases.ts';

const ROOT = join(import.meta.dirname, '../..');
/** Discord's acknowledgement deadline. */
const ACK_MS = 3_000;
/** How long each attachment download takes in this test, as from a slow CDN. */
const DOWNLOAD_MS = 1_500;

/**
 * Discord forgets an interaction not acknowledged within 3 s: "the application did not respond",
 * while the work may still be saved. Every command whose work can take longer acknowledges
 * first. Here each attachment download takes 1.5 s and the event loop is busy two thirds of the
 * time, through the real discord.js client and the local stand-in (which enforces the deadline).
 */
describe('every interaction is acknowledged within Discord’s three seconds', () => {
  let standIn: DiscordStandIn;
  let bot: Bot;
  let tdb: TestDatabase;
  let guildId: string;
  const channels: Record<string, string> = {};
  let alice: string;
  let bob: string;
  let carol: string;
  /** When each attachment download reached the stand-in. */
  const downloads: number[] = [];
  let busy: ReturnType<typeof setInterval> | undefined;

  beforeAll(async () => {
    tdb = await createPgliteDatabase();
    standIn = await DiscordStandIn.start();
    const guild = standIn.addGuild({ name: 'Slow CDN' });
    guildId = guild.id;
    for (const name of ['campaign', 'restore']) channels[name] = standIn.addChannel(guildId, { name }).id;
    [alice, bob, carol] = ['alice', 'bob', 'carol'].map((username) => standIn.addUser({ username }).id) as [
      string,
      string,
      string,
    ];
    standIn.setMemberPermissions(guildId, alice, PermissionFlagsBits.ManageGuild);
    standIn.registerCommands(
      COMMANDS.map((c) => c.data),
      guildId,
    );
    bot = await startBot({
      app: testApp(tdb.database),
      token: standIn.token,
      commands: COMMANDS,
      clientOptions: standInClientOptions(standIn),
    });
    standIn.delay((r) => {
      if (r.route !== ATTACHMENT_ROUTE) return 0;
      downloads.push(Date.now());
      return DOWNLOAD_MS;
    });
    // A busy event loop: blocked 100 ms of every 150 ms, shared by the bot and the stand-in.
    busy = setInterval(() => {
      const until = Date.now() + 100;
      while (Date.now() < until) {
        // busy
      }
    }, 150);
  }, 120_000);
  afterAll(async () => {
    if (busy) clearInterval(busy);
    await bot?.stop();
    await standIn?.stop();
    await tdb?.drop();
  });

  interface Timed {
    first: InteractionResponse;
    ackMs: number;
    responses: InteractionResponse[];
    /** Downloads of this command's attachments. */
    downloadsAt: number[];
  }

  async function timed(
    user: string,
    channel: string,
    name: string,
    subcommand: string,
    args: Record<string, ArgValue> = {},
    attachments: DriverFile[] = [],
  ): Promise<Timed> {
    const seen = downloads.length;
    const handle = await standIn.invokeCommand({
      guildId,
      channelId: channels[channel]!,
      userId: user,
      name,
      subcommand,
      args,
      attachments,
    });
    const first = await handle.firstResponse(20_000);
    await bot.whenIdle();
    const createdAt = standIn.interaction(handle.id)!.createdAt;
    return { first, ackMs: first.at - createdAt, responses: handle.responses(), downloadsAt: downloads.slice(seen) };
  }

  const csv = (name: string, text: string): DriverFile => ({ name, contentType: 'text/csv', data: Buffer.from(text) });

  it('each slow command defers first: acknowledged before its downloads begin and within 3 s, then answered', async () => {
    const results: [string, Timed][] = [];
    const run = async (label: string, t: Promise<Timed>) => {
      const r = await t;
      results.push([label, r]);
      return r;
    };
    await run('/campaign create', timed(alice, 'campaign', 'campaign', 'create', { name: 'Clockwork' }));
    await run('/campaign join', timed(alice, 'campaign', 'campaign', 'join', { empire: 'lyran' }));
    await run('/campaign join', timed(bob, 'campaign', 'campaign', 'join', { empire: 'kzinti' }));
    await run('/campaign join', timed(carol, 'campaign', 'campaign', 'join', { empire: 'hydran' }));
    const sample = sampleCatalogFiles();
    const catalog = await run(
      '/catalog import',
      timed(
        alice,
        'campaign',
        'catalog',
        'import',
        { units: 'units.csv', refits: 'refits.csv', conversions: 'conversions.csv' },
        [csv('units.csv', sample.units), csv('refits.csv', sample.refits), csv('conversions.csv', sample.conversions)],
      ),
    );
    // Three files at 1.5 s each: 4.5 s of downloads, far past the deadline had it waited for them.
    expect(catalog.downloadsAt).toHaveLength(3);
    const map = await run(
      '/map import',
      timed(alice, 'campaign', 'map', 'import', { file: 'triangle.json' }, [
        { name: 'triangle.json', data: readFileSync(join(ROOT, 'examples/maps/triangle.json')) },
      ]),
    );
    expect(map.downloadsAt).toHaveLength(1);
    await run('/map generate', timed(alice, 'campaign', 'map', 'generate', { sectors_per_player: 40 }));
    // No cycle has happened before the start: refused at once, privately, with no replay (UTD2.2).
    const history = await run('/campaign history', timed(alice, 'campaign', 'campaign', 'history', { cycle: 1 }));
    expect(history.first.kind).toBe('reply');
    expect(history.responses[0]!.content).toContain('no cycle has happened yet');
    await run('/dice verify', timed(bob, 'campaign', 'dice', 'verify'));
    const exported = await run(
      '/campaign export',
      timed(alice, 'campaign', 'campaign', 'export', { include_secret: true }),
    );
    const file = exported.responses.find((r) => r.files.length > 0)!.files[0]!;
    const imported = await run(
      '/campaign import',
      timed(alice, 'restore', 'campaign', 'import', { file: file.filename }, [
        { name: file.filename, data: file.data },
      ]),
    );
    expect(imported.downloadsAt).toHaveLength(1);

    for (const [label, r] of results) {
      expect(r.ackMs, `${label} acknowledged after ${r.ackMs} ms`).toBeLessThan(ACK_MS);
      // Acknowledged before any download started: the downloads' time never counts against the deadline.
      for (const at of r.downloadsAt) expect(r.first.at, label).toBeLessThanOrEqual(at);
    }
    const slow = new Set([
      '/catalog import',
      '/map import',
      '/map generate',
      '/dice verify',
      '/campaign export',
      '/campaign import',
    ]);
    for (const [label, r] of results.filter(([l]) => slow.has(l)))
      expect(r.first.kind, `${label} defers first`).toBe('defer');
    // Every command was then answered, and Discord never refused a late acknowledgement (10062)
    // or a follow-up on an interaction it had forgotten (10015).
    for (const [label, r] of results) expect(r.responses.length, label).toBeGreaterThanOrEqual(slow.has(label) ? 2 : 1);
    expect(standIn.failedRequests().map((f) => f.error?.code)).toEqual([]);
    // The work was done: the import is in the other channel, with the campaign's events.
    expect(imported.responses.some((x) => x.content.includes('Imported'))).toBe(true);
    // The import is announced once in its channel, by the outbox row written with it (docs/delivery.md).
    expect(
      standIn.channelMessages(channels['restore']!).filter((m) => m.content.includes('was imported into this channel')),
    ).toHaveLength(1);
    expect(catalog.responses.some((x) => x.content.includes('switched **Clockwork** to ship catalog'))).toBe(true);
  }, 180_000);
});
