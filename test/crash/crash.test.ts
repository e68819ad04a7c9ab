import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { findCampaignByChannel, loadEvents } from '../../src/db/campaign-repo.ts';
import { openDatabase, type DatabaseTarget } from '../../src/db/client.ts';
import { canonicalJson } from '../../src/app/export.ts';
import { stateLayout } from '../../src/app/rulesets.ts';
import { replay } from '../../src/rules/thunderdome/index.ts';
import { createPostgresDatabase, postgresAvailable } from '../helpers/databases.ts';

const WORKER = join(import.meta.dirname, 'worker.ts');

/** Runs the worker until it has acknowledged `killAfter` commits (plus a few ms), then SIGKILLs it. */
function runAndKill(
  args: string[],
  killAfter: number,
  extraMs: number,
): Promise<{ acknowledged: number[]; finished: boolean }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', WORKER, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
    const acknowledged: number[] = [];
    let finished = false;
    let stderr = '';
    let buffer = '';
    child.stdout.on('data', (chunk: Buffer) => {
      buffer += chunk.toString();
      let nl: number;
      while ((nl = buffer.indexOf('\n')) >= 0) {
        const line = buffer.slice(0, nl);
        buffer = buffer.slice(nl + 1);
        if (line.startsWith('done ')) acknowledged.push(Number(line.slice(5)));
        if (line === 'finished') finished = true;
        if (acknowledged.length === killAfter) setTimeout(() => child.kill('SIGKILL'), extraMs);
      }
    });
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
    child.on('error', reject);
    child.on('exit', (code, signal) => {
      if (signal !== 'SIGKILL' && code !== 0) reject(new Error(`worker exited ${code}: ${stderr}`));
      else resolve({ acknowledged, finished });
    });
  });
}

async function verify(target: DatabaseTarget, acknowledged: number[]): Promise<number> {
  const database = await openDatabase(target);
  try {
    const row = await findCampaignByChannel(database.db, 'crash-channel', stateLayout);
    expect(row).not.toBeNull();
    const events = await loadEvents(database.db, row!.id);
    // The stored state equals the replay of the stored events, and the version is the last event.
    expect(events.map((e) => e.seq)).toEqual(events.map((_, i) => i + 1));
    expect(row!.version).toBe(events.length);
    expect(canonicalJson(replay(events))).toBe(canonicalJson(row!.state));
    // Every command happened whole: the start wrote its three events together; each roll has its dice.
    const types = events.map((e) => e.event.type);
    const started = types.indexOf('TurnOrderRolled');
    if (started >= 0) expect(types.slice(started, started + 2)).toEqual(['TurnOrderRolled', 'SetupBegan']);
    for (const e of events.filter((x) => x.event.type === 'DiceRolled')) expect(e.rolls[0]!.results).toHaveLength(3);
    // Nothing acknowledged to a user was lost.
    const seqs = new Set(events.map((e) => e.seq));
    for (const a of acknowledged) expect(seqs.has(a)).toBe(true);
    return events.filter((e) => e.event.type === 'DiceRolled').length;
  } finally {
    await database.close();
  }
}

async function torture(target: DatabaseTarget, args: string[], rounds: number): Promise<void> {
  const acknowledged: number[] = [];
  let seed = 12345;
  const random = (n: number) => {
    seed = (seed * 1103515245 + 12345) % 2 ** 31;
    return seed % n;
  };
  for (let round = 0; round < rounds; round++) {
    const run = await runAndKill([...args, '1000'], 1 + random(15), random(25));
    acknowledged.push(...run.acknowledged);
    await verify(target, acknowledged);
  }
  const finalRun = await runAndKill([...args, '5'], 1_000_000, 0);
  expect(finalRun.finished).toBe(true);
  const rolls = await verify(target, [...acknowledged, ...finalRun.acknowledged]);
  const database = await openDatabase(target);
  expect((await findCampaignByChannel(database.db, 'crash-channel', stateLayout))!.state.status).toBe('setup');
  await database.close();
  expect(rolls).toBeGreaterThanOrEqual(acknowledged.length + 5);
}

describe('crash safety: SIGKILL in the middle of a burst of commands', () => {
  const dirs: string[] = [];
  afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

  it('PGlite: after every kill the state equals the replayed log and nothing acknowledged is lost', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'cm-crash-'));
    dirs.push(dir);
    await torture({ kind: 'pglite', dataDir: dir }, ['pglite', dir], 6);
  }, 240_000);

  it('PostgreSQL: after every kill the state equals the replayed log and nothing acknowledged is lost', async (ctx) => {
    if (!(await postgresAvailable())) return ctx.skip();
    const tdb = await createPostgresDatabase();
    try {
      await torture({ kind: 'postgres', url: tdb.url! }, ['postgres', tdb.url!], 6);
    } finally {
      await tdb.drop();
    }
  }, 240_000);
});
