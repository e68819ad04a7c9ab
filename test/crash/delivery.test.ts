import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { COMMANDS } from '../../commands/index.ts';
import { runCommand } from '../../src/app/run-command.ts';
import { stateLayout } from '../../src/app/rulesets.ts';
import { findCampaignByChannel, loadEvents } from '../../src/db/campaign-repo.ts';
import { openDatabase, type DatabaseTarget } from '../../src/db/client.ts';
import { outbox } from '../../src/db/schema.ts';
import { DiscordStandIn } from '../../src/discord/standin/index.ts';
import { actor, testApp } from '../helpers/app.ts';
import { createPostgresDatabase, postgresAvailable } from '../helpers/databases.ts';

const WORKER = join(import.meta.dirname, 'delivery-worker.ts');

/**
 * Docs/delivery.md: the bot is killed (SIGKILL) between a command's commit and its posts, at each
 * point of the delivery, then started again. After the restart every post the command caused is
 * in the channel exactly once: the announcement (as the interaction's reply or, if the reply never
 * went out, in the channel), the vote's message with its ✅ and ❌ recorded in the campaign
 * (UTD1.7: a vote no one can see cannot be voted on), the next player's turn ping with its map
 * (UTD3.3).
 */
interface Worker {
  child: ChildProcess;
  ready: Promise<void>;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  crashedAt: () => string | null;
  /** Outbox rows still pending once the worker had finished what it found at boot. */
  pendingAtReady: () => number;
  stop(): Promise<void>;
}

function startWorker(args: string[]): Worker {
  const child = spawn(process.execPath, ['--import', 'tsx', WORKER, ...args], { stdio: ['pipe', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  let crashed: string | null = null;
  let pendingAtReady = -1;
  let markReady: () => void = () => {};
  const ready = new Promise<void>((resolve) => (markReady = resolve));
  child.stdout!.on('data', (c: Buffer) => {
    stdout += c.toString();
    const m = /crash (\S+)/.exec(stdout);
    if (m) crashed = m[1]!;
    const r = /ready (\d+)\n/.exec(stdout);
    if (r) {
      pendingAtReady = Number(r[1]);
      markReady();
    }
  });
  child.stderr!.on('data', (c: Buffer) => (stderr += c.toString()));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.on('exit', (code, signal) => resolve({ code, signal })),
  );
  return {
    child,
    ready: Promise.race([
      ready,
      exited.then((e) => {
        throw new Error(`worker exited before ready (${e.code ?? e.signal}): ${stderr.slice(-2000)}`);
      }),
    ]),
    exited,
    crashedAt: () => crashed,
    pendingAtReady: () => pendingAtReady,
    stop: async () => {
      child.stdin!.end('stop\n');
      const e = await exited;
      if (e.code !== 0) throw new Error(`worker stopped with ${e.code ?? e.signal}: ${stderr.slice(-2000)}`);
    },
  };
}

function within<T>(p: Promise<T>, ms: number, what: string): Promise<T> {
  return Promise.race([
    p,
    new Promise<T>((_, reject) => setTimeout(() => reject(new Error(`timed out: ${what}`)), ms).unref()),
  ]);
}

interface Scenario {
  name: string;
  points: string[];
  /** The command that crashes the bot: given by the player at this index. */
  by: number;
  command: { name: string; subcommand: string; args: Record<string, string | boolean> };
  check(messages: ReturnType<DiscordStandIn['channelMessages']>, found: Found): void;
}

interface Found {
  voteMessageId: string | null;
  voteAttached: number;
}

const SCENARIOS: Scenario[] = [
  {
    name: 'UTD1.7 a vote opened',
    points: [
      'after-commit',
      'reply:after-reply',
      'vote-post:after-send',
      'vote-post:after-record',
      'vote-post:before-finish',
    ],
    by: 1,
    command: { name: 'vote', subcommand: 'setting', args: { key: 'startYear', value: '168' } },
    check(messages, found) {
      const posts = messages.filter((m) => m.content.startsWith('🗳️ **Vote'));
      expect(posts).toHaveLength(1);
      expect(posts[0]!.reactions.map((r) => [r.emoji, r.me])).toEqual([
        ['✅', true],
        ['❌', true],
      ]);
      expect(found.voteMessageId).toBe(posts[0]!.id);
      expect(found.voteAttached).toBe(1);
      expect(messages.filter((m) => m.content.includes('opens vote'))).toHaveLength(1);
    },
  },
  {
    name: 'UTD3.3 the first turn started',
    points: ['after-commit', 'turn-start:after-send'],
    by: 2,
    command: { name: 'setup', subcommand: 'ready', args: {} },
    check(messages) {
      const pings = messages.filter((m) => m.content.startsWith('▶️'));
      expect(pings).toHaveLength(1);
      expect(pings[0]!.attachments.map((a) => a.filename)).toEqual(['map.png']);
      expect(messages.filter((m) => m.content.includes('is in play'))).toHaveLength(1);
    },
  },
];

async function crashEveryPoint(
  target: DatabaseTarget,
  workerArgs: [string, string],
  only: (point: string) => boolean = () => true,
): Promise<void> {
  const standIn = await DiscordStandIn.start();
  try {
    const guildId = standIn.addGuild({ name: 'Crash' }).id;
    const players = ['ann', 'ben', 'cat'].map((username) => standIn.addUser({ username }).id);
    standIn.registerCommands(
      COMMANDS.map((c) => c.data),
      guildId,
    );
    const cases = SCENARIOS.flatMap((s) =>
      s.points.filter(only).map((point) => ({
        scenario: s,
        point,
        channelId: standIn.addChannel(guildId, { name: `${s.command.subcommand}-${point.replace(/\W/g, '-')}` }).id,
      })),
    );
    await prepare(
      target,
      guildId,
      cases.map((c) => c.channelId),
      players,
    );
    for (const c of cases) {
      const crashing = startWorker([...workerArgs, standIn.restBase, standIn.token, c.point]);
      await within(crashing.ready, 60_000, 'the crashing worker to start');
      await standIn.invokeCommand({
        guildId,
        channelId: c.channelId,
        userId: players[c.scenario.by]!,
        ...c.scenario.command,
      });
      const exit = await within(crashing.exited, 30_000, `a crash at ${c.point}`);
      expect({ point: c.point, signal: exit.signal, crashedAt: crashing.crashedAt() }).toEqual({
        point: c.point,
        signal: 'SIGKILL',
        crashedAt: c.point,
      });
      const fresh = startWorker([...workerArgs, standIn.restBase, standIn.token]);
      await within(fresh.ready, 60_000, 'the restarted worker to finish what was pending');
      await fresh.stop();
      expect({ point: c.point, pending: fresh.pendingAtReady() }).toEqual({ point: c.point, pending: 0 });
      const found = await inspect(target, c.channelId);
      const messages = standIn.channelMessages(c.channelId);
      try {
        c.scenario.check(messages, found);
      } catch (err) {
        throw new Error(
          `${c.scenario.name}, killed at ${c.point}: ${(err as Error).message}\n${messages.map((m) => m.content.slice(0, 60)).join('\n')}`,
        );
      }
    }
  } finally {
    await standIn.stop();
  }
}

/** Campaigns in setup, the first two players ready, before any bot runs; what that made the bot post is out of scope. */
async function prepare(target: DatabaseTarget, guildId: string, channels: string[], players: string[]): Promise<void> {
  const database = await openDatabase(target);
  try {
    const app = testApp(database);
    const must = async (t: { guildId: string; channelId: string }, user: string, command: never) => {
      const r = await runCommand(app, { target: t, actor: actor(user), command });
      if (!r.ok) throw new Error(`setup failed: ${r.error.message}`);
    };
    for (const channelId of channels) {
      const t = { guildId, channelId };
      await must(t, players[0]!, { type: 'create', name: 'Crash' } as never);
      for (const [i, empire] of (['lyran', 'kzinti', 'gorn'] as const).entries())
        await must(t, players[i]!, { type: 'join', empire } as never);
      await must(t, players[0]!, { type: 'map-generate', sectorsPerPlayer: 3 } as never);
      for (const p of players) await must(t, p, { type: 'map-approve' } as never);
      app.testHooks!.forcedDice.push(3, 2, 1);
      await must(t, players[0]!, { type: 'start' } as never);
      for (const p of players) await must(t, p, { type: 'setup-buy', unitId: 'NEU-F-S', fleetSlot: null } as never);
      for (const p of players.slice(0, 2)) await must(t, p, { type: 'setup-ready', ready: true } as never);
    }
    await database.db.update(outbox).set({ sentAt: new Date() });
  } finally {
    await database.close();
  }
}

async function inspect(target: DatabaseTarget, channelId: string): Promise<Found> {
  const database = await openDatabase(target);
  try {
    const row = (await findCampaignByChannel(database.db, channelId, stateLayout))!;
    const events = await loadEvents(database.db, row.id);
    const vote = row.state.votes[0];
    return {
      voteMessageId: vote?.messageId ?? null,
      voteAttached: events.filter((e) => e.event.type === 'VoteMessageAttached').length,
    };
  } finally {
    await database.close();
  }
}

describe('delivery survives a crash between the commit and the posts, at every point', () => {
  const dirs: string[] = [];
  afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

  it('PGlite: after each kill and restart every post is in the channel exactly once (votes and turn pings included)', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'cm-delivery-crash-'));
    dirs.push(dir);
    await crashEveryPoint({ kind: 'pglite', dataDir: dir }, ['pglite', dir]);
  }, 600_000);

  it('PostgreSQL: after a kill mid-delivery, the next process takes the rows over and every post is in the channel exactly once', async (ctx) => {
    if (!(await postgresAvailable())) return ctx.skip();
    const tdb = await createPostgresDatabase();
    try {
      // The points where a second process must take over the crashed one's rows (its lease runs out).
      await crashEveryPoint({ kind: 'postgres', url: tdb.url! }, ['postgres', tdb.url!], (p) =>
        ['vote-post:after-send', 'vote-post:after-record', 'turn-start:after-send'].includes(p),
      );
    } finally {
      await tdb.drop();
    }
  }, 600_000);
});
