import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { canonicalJson } from '../../src/app/export.ts';
import { runCommand } from '../../src/app/run-command.ts';
import { stateLayout } from '../../src/app/rulesets.ts';
import { findCampaignByChannel, loadEvents } from '../../src/db/campaign-repo.ts';
import { processedInteractions } from '../../src/db/schema.ts';
import { replay } from '../../src/rules/thunderdome/index.ts';
import { actor, setupCampaign, testApp } from '../helpers/app.ts';
import { createPostgresDatabase, postgresAvailable } from '../helpers/databases.ts';
import type { WorkerJob, WorkerResult } from './worker.ts';

const WORKER = join(import.meta.dirname, 'worker.ts');
const CAMPAIGNS = 6;
const ROLLS_PER_CAMPAIGN = 10;

interface Worker {
  ready: Promise<void>;
  result: Promise<WorkerResult>;
  go(): void;
}

function startWorker(url: string, clockIso: string, jobsFile: string): Worker {
  const child = spawn(process.execPath, ['--import', 'tsx', WORKER, url, clockIso, jobsFile], {
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  let markReady: () => void = () => {};
  const ready = new Promise<void>((resolve) => (markReady = resolve));
  child.stdout.on('data', (c: Buffer) => {
    stdout += c.toString();
    if (stdout.includes('ready\n')) markReady();
  });
  child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
  const result = new Promise<WorkerResult>((resolve, reject) => {
    child.on('error', reject);
    child.on('exit', (code) => {
      const line = stdout.split('\n').find((l) => l.startsWith('result '));
      if (code !== 0 || !line) reject(new Error(`worker exited ${code}: ${stderr}`));
      else resolve(JSON.parse(line.slice('result '.length)) as WorkerResult);
    });
  });
  return { ready: Promise.race([ready, result.then(() => {})]), result, go: () => child.stdin.end('go\n') };
}

it('two processes sharing one PostgreSQL apply each deadline once, close each vote once and run each interaction once', async (ctx) => {
  if (!(await postgresAvailable())) return ctx.skip();
  const tdb = await createPostgresDatabase();
  const dir = mkdtempSync(join(tmpdir(), 'cm-multiprocess-'));
  try {
    // Setup at 2026-03-04 15:00: player a is on turn until 2026-03-11 23:59:59 (UTD3.3), and b
    // proposes a setting, a vote that closes 72 h later without a supermajority (UTD1.7).
    const app = testApp(tdb.database, { start: '2026-03-04T15:00:00Z' });
    const targets = Array.from({ length: CAMPAIGNS }, (_, i) => ({ guildId: 'g', channelId: `multi-${i}` }));
    for (const target of targets) {
      await setupCampaign(app, target, [3, 2, 1]);
      for (const u of ['a', 'b', 'c'])
        await runCommand(app, {
          target,
          actor: actor(u),
          command: { type: 'setup-buy', unitId: 'NEU-F-S', fleetSlot: null },
        });
      for (const u of ['a', 'b', 'c'])
        expect(
          (await runCommand(app, { target, actor: actor(u), command: { type: 'setup-ready', ready: true } })).ok,
        ).toBe(true);
      expect(
        (
          await runCommand(app, {
            target,
            actor: actor('b'),
            command: { type: 'vote-setting', key: 'income.perMine', value: '150' },
          })
        ).ok,
      ).toBe(true);
      const state = (await findCampaignByChannel(tdb.database.db, target.channelId, stateLayout))!.state;
      expect(state.turn).toMatchObject({ playerId: 'a', deadline: '2026-03-11T23:59:59.000Z' });
      expect(state.votes.filter((v) => v.status === 'open')).toHaveLength(1);
    }
    const before = new Map<string, number>();
    for (const t of targets)
      before.set(t.channelId, (await findCampaignByChannel(tdb.database.db, t.channelId, stateLayout))!.version);

    // Both processes get the same commands, with the same interaction ids (a delivery seen twice).
    const jobs: WorkerJob[] = targets.flatMap((target, i) =>
      Array.from({ length: ROLLS_PER_CAMPAIGN }, (_, k) => ({
        target,
        userId: 'c',
        interactionId: `multi-${i}-${k}`,
        command: { type: 'roll', expression: '2d6' } as const,
      })),
    );
    const jobsFile = join(dir, 'jobs.json');
    writeFileSync(jobsFile, JSON.stringify(jobs));
    // The clock has passed both the orders deadline and the vote's close in both processes.
    const workers = [0, 1].map(() => startWorker(tdb.url!, '2026-03-12T00:00:01Z', jobsFile));
    await Promise.all(workers.map((w) => w.ready));
    for (const w of workers) w.go();
    const results = await Promise.all(workers.map((w) => w.result));
    if (process.env.MP_DEBUG)
      console.log(
        JSON.stringify(
          results.map((r) => ({ scheduled: r.scheduled.length, ran: r.ran.length, duplicates: r.duplicates.length })),
        ),
      );

    for (const target of targets) {
      const row = (await findCampaignByChannel(tdb.database.db, target.channelId, stateLayout))!;
      const events = await loadEvents(tdb.database.db, row.id);
      const since = events.filter((e) => e.seq > before.get(target.channelId)!);
      const count = (type: string) => since.filter((e) => e.event.type === type).length;
      // The deadline fell once: a forfeits one turn and b is on turn with a new deadline.
      expect(count('TurnForfeited')).toBe(1);
      expect(row.state.players.find((p) => p.id === 'a')!.consecutiveForfeits).toBe(1);
      expect(row.state.turn).toMatchObject({ playerId: 'b', deadline: '2026-03-19T23:59:59.000Z' });
      // The vote closed once, rejected for want of a supermajority.
      expect(count('VoteClosed')).toBe(1);
      expect(row.state.votes.map((v) => v.status)).toEqual(['rejected']);
      // Each interaction ran once though both processes received it.
      expect(count('DiceRolled')).toBe(ROLLS_PER_CAMPAIGN);
      // Reminders, if any fell due, were each posted once.
      const reminders = since.filter((e) => e.event.type === 'ReminderSent').map((e) => JSON.stringify(e.event));
      expect(new Set(reminders).size).toBe(reminders.length);
      // And the stored state is the replay of the stored log.
      expect(canonicalJson(replay(events))).toBe(canonicalJson(row.state));
      // What the processes report (and so announce) adds up to one application per consequence.
      const applied = results.flatMap((r) =>
        r.scheduled.filter((s) => s.channelId === target.channelId).flatMap((s) => s.types),
      );
      expect(applied.filter((t) => t === 'TurnForfeited')).toHaveLength(1);
      expect(applied.filter((t) => t === 'VoteClosed')).toHaveLength(1);
    }
    const ids = jobs.map((j) => j.interactionId).sort();
    expect([...results[0]!.ran, ...results[1]!.ran].sort()).toEqual(ids);
    expect([...results[0]!.duplicates, ...results[1]!.duplicates].sort()).toEqual(ids);
    expect(results.flatMap((r) => r.refused)).toEqual([]);
    const claimed = await tdb.database.db.select().from(processedInteractions);
    expect(claimed.filter((c) => c.interactionId.startsWith('multi-'))).toHaveLength(ids.length);
  } finally {
    rmSync(dir, { recursive: true, force: true });
    await tdb.drop();
  }
}, 120_000);
