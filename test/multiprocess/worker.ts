/**
 * One of two bot-like processes sharing one PostgreSQL database (several bot processes, see docs/performance.md). It opens the
 * database as the bot does, prints `ready`, waits for `go` on stdin so both processes start at
 * the same moment, then at once runs the scheduler's pass (`runDue`) three times and the given
 * commands (each with a fixed interaction id that the other process uses too). It prints one
 * `result {…}` line: what it applied and what it found already done, and exits.
 *
 *   node --import tsx worker.ts <postgresUrl> <clockIso> <jobs.json>
 */
import { readFileSync } from 'node:fs';
import { createInterface } from 'node:readline';
import pino from 'pino';
import { builtInCatalogs } from '../../src/app/catalogs.ts';
import { randomIds, randomSeeds, type AppContext } from '../../src/app/context.ts';
import { runCommand, type CommandInput, type CommandTarget } from '../../src/app/run-command.ts';
import { runDue } from '../../src/app/scheduler.ts';
import { VirtualClock } from '../../src/clock.ts';
import { openDatabase } from '../../src/db/client.ts';

export interface WorkerJob {
  target: CommandTarget;
  userId: string;
  interactionId: string;
  command: CommandInput;
}

export interface WorkerResult {
  /** Event types this process wrote through the scheduler, by channel. */
  scheduled: { channelId: string; types: string[] }[];
  /** Interaction ids this process ran. */
  ran: string[];
  /** Interaction ids this process found already handled. */
  duplicates: string[];
  refused: string[];
}

const [url, clockIso, jobsFile] = process.argv.slice(2);
if (!url || !clockIso || !jobsFile) throw new Error('usage: worker.ts <postgresUrl> <clockIso> <jobs.json>');
const jobs = JSON.parse(readFileSync(jobsFile, 'utf8')) as WorkerJob[];
const database = await openDatabase({ kind: 'postgres', url, maxConnections: 10 });
const app: AppContext = {
  database,
  clock: new VirtualClock(clockIso),
  log: pino({ level: 'silent' }),
  ids: randomIds,
  seeds: randomSeeds,
  catalogs: builtInCatalogs(),
  testHooks: null,
};
console.log('ready');
const lines = createInterface({ input: process.stdin });
for await (const line of lines) if (line === 'go') break;
lines.close();

const result: WorkerResult = { scheduled: [], ran: [], duplicates: [], refused: [] };
const passes = [0, 1, 2].map(async () => {
  for (const o of await runDue(app)) {
    if (o.result.ok && !o.result.duplicate)
      result.scheduled.push({ channelId: o.channelId, types: o.result.events.map((e) => e.event.type) });
  }
});
const commands = jobs.map(async (job) => {
  const r = await runCommand(app, {
    target: job.target,
    actor: { userId: job.userId, displayName: job.userId, isServerAdmin: false },
    command: job.command,
    interactionId: job.interactionId,
  });
  if (!r.ok) result.refused.push(`${job.interactionId}: ${r.error.code}`);
  else (r.duplicate ? result.duplicates : result.ran).push(job.interactionId);
});
await Promise.all([...passes, ...commands]);
console.log(`result ${JSON.stringify(result)}`);
await database.close();
