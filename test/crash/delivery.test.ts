import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { COMMANDS } from '../../commands/index.ts';
import { runCommand } from '../../src/app/run-command.ts';
import { stateLayout } from '../../src/app/rulesets.ts';
import { findCampaignByChannel, loadEvents } from '../../src/db/campaign-repo.ts';
import { openDatabase, type DatabaseTarget } from '../../src/db/client.ts';
import { outbox } from '../../src/db/schema.ts';
import { DiscordStandIn, type StoredMessage } from '../../src/discord/standin/index.ts';
import { actor, testApp } from '../helpers/app.ts';
import { createPostgresDatabase, postgresAvailable } from '../helpers/databases.ts';

const WORKER = join(import.meta.dirname, 'delivery-worker.ts');

/**
 * Docs/delivery.md: the bot is killed (SIGKILL) between a command's commit and its posts, at each
 * point of the delivery, then started again. After the restart every post the command caused is
 * in the channel exactly once: the announcement (as the interaction's reply or, if the reply never
 * went out, in the channel), the vote's message with its ✅ and ❌ recorded in the campaign
 * (UTD1.7: a vote no one can see cannot be voted on), the next player's turn ping with its map
 * (UTD3.3), a new map's approval message with its ✅ recorded in the campaign (UTD8.16), a
 * battle's thread with its first message and its setup card (UTD3.4), and what the scheduler's
 * forfeit of an overdue turn posts: its announcement and the next player's ping (UTD3.31).
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

/** How far the campaign is prepared before the crashing bot starts (see `prepare`). */
type Stage = 'setup' | 'registration' | 'overdue' | 'battle';

interface Scenario {
  name: string;
  stage: Stage;
  points: string[];
  /**
   * What makes the crashing bot commit: a command given by the player at index `by` (pressing
   * Confirm when the bot asks, UTD6.121), or a scheduler pass.
   */
  trigger:
    | {
        kind: 'command';
        by: number;
        confirm?: boolean;
        command: { name: string; subcommand: string; args: Record<string, string | boolean> };
      }
    | { kind: 'tick' };
  check(messages: StoredMessage[], found: Found, threads: { name: string; messages: StoredMessage[] }[]): void;
}

interface Found {
  voteMessageId: string | null;
  voteAttached: number;
  approvalMessageId: string | null;
  approvalAttached: number;
  battleThreads: string[];
  threadAttached: number;
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
    stage: 'setup',
    trigger: {
      kind: 'command',
      by: 1,
      command: { name: 'vote', subcommand: 'setting', args: { key: 'startYear', value: '168' } },
    },
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
    stage: 'setup',
    trigger: { kind: 'command', by: 2, command: { name: 'setup', subcommand: 'ready', args: {} } },
    check(messages) {
      const pings = messages.filter((m) => m.content.startsWith('▶️'));
      expect(pings).toHaveLength(1);
      expect(pings[0]!.attachments.map((a) => a.filename)).toEqual(['map.png']);
      expect(messages.filter((m) => m.content.includes('is in play'))).toHaveLength(1);
    },
  },
  {
    name: 'UTD8.16 a map generated',
    stage: 'registration',
    points: [
      'after-commit',
      'reply:after-reply',
      'map-approval-post:after-send',
      'map-approval-post:after-record',
      'map-approval-post:after-react',
      'map-approval-post:before-finish',
    ],
    trigger: {
      kind: 'command',
      by: 0,
      command: { name: 'map', subcommand: 'generate', args: { sectors_per_player: '3' } },
    },
    check(messages, found) {
      const posts = messages.filter((m) => m.attachments.some((a) => a.filename === 'map.png'));
      expect(posts).toHaveLength(1);
      expect(posts[0]!.reactions.map((r) => [r.emoji, r.me])).toEqual([['✅', true]]);
      expect(found.approvalMessageId).toBe(posts[0]!.id);
      expect(found.approvalAttached).toBe(1);
    },
  },
  {
    name: 'UTD3.31 an overdue turn forfeited by the scheduler',
    stage: 'overdue',
    points: ['after-commit', 'announce:after-send', 'announce:before-finish', 'turn-start:after-send'],
    trigger: { kind: 'tick' },
    check(messages) {
      const forfeits = messages.filter((m) => /forfeit/i.test(m.content) && !m.content.startsWith('▶️'));
      expect(forfeits).toHaveLength(1);
      const pings = messages.filter((m) => m.content.startsWith('▶️'));
      expect(pings).toHaveLength(1);
      expect(pings[0]!.attachments.map((a) => a.filename)).toEqual(['map.png']);
      // The ping comes after the announcement of the turn it follows (docs/delivery.md, order).
      expect(messages.indexOf(pings[0]!)).toBeGreaterThan(messages.indexOf(forfeits[0]!));
    },
  },
  {
    name: 'UTD3.4 a battle opened at the end of a turn',
    stage: 'battle',
    points: [
      'after-commit',
      'battle-thread:after-send',
      'battle-thread:after-record',
      'battle-thread:before-finish',
      'battle-card:after-send',
    ],
    trigger: { kind: 'command', by: 1, confirm: true, command: { name: 'turn', subcommand: 'end', args: {} } },
    check(_messages, found, threads) {
      expect(threads.map((t) => t.name)).toHaveLength(1);
      expect(found.battleThreads).toHaveLength(1);
      expect(found.threadAttached).toBe(1);
      const thread = threads[0]!;
      expect(thread.messages.filter((m) => m.content.startsWith('⚔️ Battle'))).toHaveLength(1);
      expect(thread.messages.filter((m) => m.attachments.some((a) => a.filename.startsWith('battle-')))).toHaveLength(
        1,
      );
    },
  },
];

async function crashEveryPoint(
  target: DatabaseTarget,
  workerArgs: [string, string],
  scenarios: readonly Scenario[],
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
    const filter = process.env['CRASH_ONLY'];
    const cases = scenarios
      .filter((s) => !filter || s.name.includes(filter))
      .flatMap((s) =>
        s.points.filter(only).map((point) => ({
          scenario: s,
          point,
          channelId: standIn.addChannel(guildId, { name: `${s.stage}-${point.replace(/\W/g, '-')}` }).id,
        })),
      );
    for (const c of cases) {
      // Each campaign is prepared just before its own crash: a scheduler pass sees only its own deadline.
      await prepare(target, guildId, c.channelId, c.scenario.stage, players);
      const crashing = startWorker([...workerArgs, standIn.restBase, standIn.token, c.point]);
      await within(crashing.ready, 60_000, 'the crashing worker to start');
      const trigger = c.scenario.trigger;
      if (trigger.kind === 'tick') crashing.child.stdin!.write('tick\n');
      else {
        const userId = players[trigger.by]!;
        const h = await standIn.invokeCommand({ guildId, channelId: c.channelId, userId, ...trigger.command });
        if (trigger.confirm) {
          await within(h.firstResponse(), 30_000, 'the confirmation prompt');
          const prompt = h.original()!;
          const rows = prompt.components as { components: { custom_id: string; label: string }[] }[];
          const confirm = rows.flatMap((r) => r.components).find((b) => b.label === 'Confirm');
          if (!confirm) throw new Error(`no Confirm button: ${prompt.content}`);
          await standIn.clickButton({
            channelId: c.channelId,
            messageId: prompt.id,
            userId,
            customId: confirm.custom_id,
          });
        }
      }
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
      const threads = standIn
        .threads(c.channelId)
        .map((t) => ({ name: t.name ?? '', messages: standIn.channelMessages(t.id) }));
      try {
        c.scenario.check(messages, found, threads);
      } catch (err) {
        throw new Error(
          `${c.scenario.name}, killed at ${c.point}: ${(err as Error).message}\n${messages.map((m) => m.content.slice(0, 60)).join('\n')}\nthreads: ${threads.map((t) => `${t.name}: ${t.messages.map((m) => m.content.slice(0, 40)).join(' | ')}`).join('\n')}`,
        );
      }
    }
  } finally {
    await standIn.stop();
  }
}

/**
 * One campaign, before any bot runs (what that made the bot post is out of scope):
 * - `registration`: three players joined, no map yet;
 * - `setup`: map approved, started, the first two players ready;
 * - `overdue`: all ready a month ago, so the first player's orders deadline has long passed (UTD3.31);
 * - `battle`: the triangle map of examples/03-battles.txt; ann moved to A and ended her turn, ben
 *   moved through C to A, where ann's fleet is: ending his turn opens a battle (UTD2.3(8)).
 */
async function prepare(
  target: DatabaseTarget,
  guildId: string,
  channelId: string,
  stage: Stage,
  players: string[],
): Promise<void> {
  const database = await openDatabase(target);
  try {
    const month = 30 * 86_400_000;
    const app = testApp(database, stage === 'overdue' ? { start: new Date(Date.now() - month).toISOString() } : {});
    const t = { guildId, channelId };
    const must = async (user: string, command: never) => {
      const r = await runCommand(app, { target: t, actor: actor(user), command });
      if (!r.ok) throw new Error(`setup failed: ${r.error.message}`);
    };
    await must(players[0]!, { type: 'create', name: 'Crash' } as never);
    const empires =
      stage === 'battle' ? (['lyran', 'kzinti', 'hydran'] as const) : (['lyran', 'kzinti', 'gorn'] as const);
    for (const [i, empire] of empires.entries()) await must(players[i]!, { type: 'join', empire } as never);
    if (stage !== 'registration') {
      if (stage === 'battle') {
        const json = readFileSync(new URL('../../examples/maps/triangle.json', import.meta.url), 'utf8');
        await must(players[0]!, { type: 'map-import', json } as never);
      } else await must(players[0]!, { type: 'map-generate', sectorsPerPlayer: 3 } as never);
      for (const p of players) await must(p, { type: 'map-approve' } as never);
      // The turn order: ann, ben, cat.
      app.testHooks!.forcedDice.push(...(stage === 'battle' ? [900, 500, 100] : [3, 2, 1]));
      await must(players[0]!, { type: 'start' } as never);
      const units = stage === 'battle' ? ['LYR-CA', 'KZI-CA', 'HYD-CA'] : ['NEU-F-S', 'NEU-F-S', 'NEU-F-S'];
      for (const [i, p] of players.entries())
        await must(p, { type: 'setup-buy', unitId: units[i], fleetSlot: stage === 'battle' ? 1 : null } as never);
      const ready = stage === 'setup' ? players.slice(0, 2) : players;
      for (const p of ready) await must(p, { type: 'setup-ready', ready: true } as never);
      if (stage === 'battle') {
        await must(players[0]!, { type: 'move', fleet: '1', to: 'A' } as never);
        // Exploration of A (UTD5.4): dead, no terrain.
        app.testHooks!.forcedDice.push(5, 3);
        await must(players[0]!, { type: 'end-turn' } as never);
        await must(players[1]!, { type: 'move', fleet: '1', to: 'C' } as never);
        await must(players[1]!, { type: 'move', fleet: '1', to: 'A' } as never);
      }
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
    const count = (type: string) => events.filter((e) => e.event.type === type).length;
    return {
      voteMessageId: vote?.messageId ?? null,
      voteAttached: count('VoteMessageAttached'),
      approvalMessageId: row.state.map?.approvalMessageId ?? null,
      approvalAttached: count('MapApprovalPosted'),
      battleThreads: row.state.battles.flatMap((b) => (b.threadId ? [b.threadId] : [])),
      threadAttached: count('BattleThreadAttached'),
    };
  } finally {
    await database.close();
  }
}

describe('delivery survives a crash between the commit and the posts, at every point', () => {
  const dirs: string[] = [];
  afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

  // One test per scenario: each kill costs two bot processes' start, so together they take minutes.
  for (const scenario of SCENARIOS)
    it(`PGlite: ${scenario.name}: after each kill and restart every post is in the channel exactly once`, async () => {
      const dir = mkdtempSync(join(tmpdir(), 'cm-delivery-crash-'));
      dirs.push(dir);
      await crashEveryPoint({ kind: 'pglite', dataDir: dir }, ['pglite', dir], [scenario]);
    }, 600_000);

  it('PostgreSQL: after a kill mid-delivery, the next process takes the rows over and every post is in the channel exactly once', async (ctx) => {
    if (!(await postgresAvailable())) return ctx.skip();
    const tdb = await createPostgresDatabase();
    try {
      // The points where a second process must take over the crashed one's rows (its lease runs out).
      await crashEveryPoint({ kind: 'postgres', url: tdb.url! }, ['postgres', tdb.url!], SCENARIOS, (p) =>
        [
          'vote-post:after-send',
          'vote-post:after-record',
          'turn-start:after-send',
          'map-approval-post:after-send',
          'announce:after-send',
          'battle-thread:after-send',
        ].includes(p),
      );
    } finally {
      await tdb.drop();
    }
  }, 600_000);
});
