/**
 * Sustained throughput (docs/performance.md): commands per second across many campaigns with concurrent
 * players, and the latency of each command meanwhile. This goes through the rules/app path
 * (`runCommand`: one transaction with the campaign row lock, the rules, events and state written),
 * not through the Discord stand-in, so it measures what the bot's core can carry.
 *
 * In each campaign three players act at once: the player on turn buys an order point and undoes
 * it, over and over; two other players roll dice. All campaigns run at the same time.
 */
import { performance } from 'node:perf_hooks';
import type { AppContext } from '../src/app/context.ts';
import { runCommand, type CommandInput } from '../src/app/run-command.ts';
import type { CampaignCopy } from './copies.ts';
import { stats, type Stats } from './stats.ts';

export interface ThroughputResult {
  campaigns: number;
  workers: number;
  commands: number;
  refused: number;
  seconds: number;
  perSecond: number;
  latency: Stats;
}

export async function sustainedThroughput(
  app: AppContext,
  campaigns: readonly CampaignCopy[],
  players: { turn: string; others: readonly string[] },
  perWorker: number,
): Promise<ThroughputResult> {
  const latencies: number[] = [];
  let refused = 0;
  let n = 0;
  const act = async (target: CampaignCopy, userId: string, command: CommandInput) => {
    const t0 = performance.now();
    const r = await runCommand(app, {
      target,
      actor: { userId, displayName: userId, isServerAdmin: false },
      command,
      interactionId: `bench-tp-${process.pid}-${++n}`,
    });
    latencies.push(performance.now() - t0);
    if (!r.ok) refused++;
  };
  const workers: Promise<void>[] = [];
  const start = performance.now();
  for (const c of campaigns) {
    workers.push(
      (async () => {
        for (let k = 0; k < perWorker; k++)
          await act(c, players.turn, k % 2 === 0 ? { type: 'buy-ops', kind: 'temporary', count: 1 } : { type: 'undo' });
      })(),
    );
    for (const other of players.others) {
      workers.push(
        (async () => {
          for (let k = 0; k < perWorker; k++) await act(c, other, { type: 'roll', expression: '2d6' });
        })(),
      );
    }
  }
  await Promise.all(workers);
  const seconds = (performance.now() - start) / 1000;
  return {
    campaigns: campaigns.length,
    workers: workers.length,
    commands: latencies.length,
    refused,
    seconds,
    perSecond: latencies.length / seconds,
    latency: stats(latencies),
  };
}
