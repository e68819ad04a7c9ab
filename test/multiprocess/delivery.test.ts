import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { isNull } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { COMMANDS } from '../../commands/index.ts';
import { runCommand } from '../../src/app/run-command.ts';
import { stateLayout } from '../../src/app/rulesets.ts';
import { findCampaignByChannel, loadEvents } from '../../src/db/campaign-repo.ts';
import { outbox } from '../../src/db/schema.ts';
import { DiscordStandIn } from '../../src/discord/standin/index.ts';
import { actor, testApp } from '../helpers/app.ts';
import { createPostgresDatabase, postgresAvailable } from '../helpers/databases.ts';

const WORKER = join(import.meta.dirname, '../crash/delivery-worker.ts');
const CAMPAIGNS = 3;

/** One bot process (the crash test's worker) that waits for `go` before it logs in and delivers. */
function startBotProcess(url: string, standIn: DiscordStandIn) {
  const child = spawn(process.execPath, ['--import', 'tsx', WORKER, 'postgres', url, standIn.restBase, standIn.token], {
    stdio: ['pipe', 'pipe', 'pipe'],
    env: { ...process.env, WAIT_FOR_GO: '1' },
  });
  let stdout = '';
  let stderr = '';
  const seen = (what: RegExp) =>
    new Promise<void>((resolve, reject) => {
      const check = () => (what.test(stdout) ? resolve() : undefined);
      child.stdout!.on('data', check);
      child.on('exit', (code) => reject(new Error(`bot process exited ${code}: ${stderr.slice(-2000)}`)));
      check();
    });
  child.stdout!.on('data', (c: Buffer) => (stdout += c.toString()));
  child.stderr!.on('data', (c: Buffer) => (stderr += c.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
  return {
    loaded: seen(/loaded\n/),
    ready: seen(/ready \d+\n/),
    pendingAtReady: () => Number(/ready (\d+)\n/.exec(stdout)?.[1] ?? -1),
    go: () => child.stdin!.write('go\n'),
    stop: async () => {
      child.stdin!.end('stop\n');
      expect(await exited).toBe(0);
    },
  };
}

it('two bot processes on one PostgreSQL deliver each outbox row once: every post, reaction and record exactly once', async (ctx) => {
  if (!(await postgresAvailable())) return ctx.skip();
  const tdb = await createPostgresDatabase();
  const standIn = await DiscordStandIn.start();
  try {
    const guildId = standIn.addGuild({ name: 'Two bots' }).id;
    const players = ['ann', 'ben', 'cat'].map((username) => standIn.addUser({ username }).id);
    standIn.registerCommands(
      COMMANDS.map((c) => c.data),
      guildId,
    );
    // Campaigns set up with no bot running: each command's posts wait in the outbox (the map
    // approval message, the turn order, the first turn's ping, a vote's message...).
    const app = testApp(tdb.database);
    const channels = Array.from({ length: CAMPAIGNS }, (_, i) => standIn.addChannel(guildId, { name: `c${i}` }).id);
    for (const channelId of channels) {
      const t = { guildId, channelId };
      const must = async (user: string, command: never) => {
        const r = await runCommand(app, { target: t, actor: actor(user), command });
        if (!r.ok) throw new Error(`setup failed: ${r.error.message}`);
      };
      await must(players[0]!, { type: 'create', name: 'Two bots' } as never);
      for (const [i, empire] of (['lyran', 'kzinti', 'gorn'] as const).entries())
        await must(players[i]!, { type: 'join', empire } as never);
      await must(players[0]!, { type: 'map-generate', sectorsPerPlayer: 3 } as never);
      for (const p of players) await must(p, { type: 'map-approve' } as never);
      app.testHooks!.forcedDice.push(3, 2, 1);
      await must(players[0]!, { type: 'start' } as never);
      for (const p of players) await must(p, { type: 'setup-buy', unitId: 'NEU-F-S', fleetSlot: null } as never);
      for (const p of players) await must(p, { type: 'setup-ready', ready: true } as never);
      await must(players[1]!, { type: 'vote-setting', key: 'startYear', value: '168' } as never);
    }
    const rows = await tdb.database.db.select().from(outbox);
    expect(rows.length).toBeGreaterThan(CAMPAIGNS * 15);

    const t0 = Date.now();
    const phase = (what: string) => process.env['MP_DEBUG'] && console.log(`${what} after ${Date.now() - t0} ms`);
    const bots = [0, 1].map(() => startBotProcess(tdb.url!, standIn));
    await Promise.all(bots.map((b) => b.loaded));
    phase('loaded');
    for (const b of bots) b.go();
    await Promise.all(bots.map((b) => b.ready));
    phase('ready');
    const left = await tdb.database.db.select().from(outbox).where(isNull(outbox.sentAt));
    expect({
      pending: bots.map((b) => b.pendingAtReady()),
      left: left
        .slice(0, 5)
        .map((r) => `${r.kind} ${r.version} ${r.holder} ${r.attempts} ${r.lastError} ${r.createdAt.toISOString()}`),
    }).toEqual({ pending: [0, 0], left: [] });
    for (const b of bots) await b.stop();

    expect(await tdb.database.db.select().from(outbox).where(isNull(outbox.sentAt))).toEqual([]);
    // Each post was sent once: no nonce was ever posted twice (Discord's enforce_nonce would hide a double).
    const posts = standIn.log.filter((r) => r.method === 'POST' && r.route === '/channels/:channelId/messages');
    const nonces = posts.map((r) => (r.body as { nonce?: string }).nonce);
    expect(nonces.every((n) => typeof n === 'string')).toBe(true);
    expect(new Set(nonces).size).toBe(nonces.length);
    for (const channelId of channels) {
      const messages = standIn.channelMessages(channelId);
      const votes = messages.filter((m) => m.content.startsWith('🗳️ **Vote'));
      expect(votes).toHaveLength(1);
      expect(votes[0]!.reactions.map((r) => [r.emoji, r.count])).toEqual([
        ['✅', 1],
        ['❌', 1],
      ]);
      expect(messages.filter((m) => m.content.startsWith('▶️'))).toHaveLength(1);
      expect(messages.filter((m) => m.content.includes('opens vote'))).toHaveLength(1);
      const row = (await findCampaignByChannel(tdb.database.db, channelId, stateLayout))!;
      expect(row.state.votes[0]!.messageId).toBe(votes[0]!.id);
      const events = await loadEvents(tdb.database.db, row.id);
      expect(events.filter((e) => e.event.type === 'VoteMessageAttached')).toHaveLength(1);
    }
  } finally {
    await standIn.stop();
    await tdb.drop();
  }
}, 600_000);
