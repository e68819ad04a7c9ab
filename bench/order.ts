/**
 * The order figure (docs/performance.md): one order command (`/buy ops count:1` by the player on turn)
 * handled end to end — the interaction goes into the Discord stand-in, the real discord.js client
 * receives it, the router runs it in one transaction, the reply comes back — beside one empty
 * transaction on the same database. Each order is undone after it is timed, so every round starts
 * from the same state.
 *
 * To show where the end-to-end time goes, the same order is also timed on the app path alone
 * (`runCommand`, no Discord), and that in turn split into loading the locked campaign row, the
 * pure rules (decide and apply), and the rest (writing the state and events, committing). Beside
 * the empty transaction, which writes nothing and so never waits for the disk, a one-row write
 * transaction shows what a durable commit costs on its own.
 */
import { sql } from 'drizzle-orm';
import { performance } from 'node:perf_hooks';
import { runCommand } from '../src/app/run-command.ts';
import { stateLayout } from '../src/app/rulesets.ts';
import { stateCacheOf } from '../src/app/state-cache.ts';
import { claimInteraction, lockCampaignByChannel, lockCampaignByChannelKnowing } from '../src/db/campaign-repo.ts';
import type { Playground } from '../src/playground/playground.ts';
import { SeededDice } from '../src/rules/dice.ts';
import { decideWithState } from '../src/rules/thunderdome/index.ts';
import type { BenchCampaign } from './campaign.ts';
import { stats, type Stats } from './stats.ts';

export interface OrderFigures {
  endToEnd: Stats;
  appPath: Stats;
  loadRow: Stats;
  rules: Stats;
  empty: Stats;
  /** BEGIN; one small INSERT; COMMIT — what any write pays to make its commit durable. */
  write: Stats;
}

let line = 100_000;
const WARM_UP = 10;

export async function orderFigures(play: Playground, c: BenchCampaign, rounds: number): Promise<OrderFigures> {
  const app = play.app;
  const db = app.database.db;
  const target = { guildId: c.guildId, channelId: c.channelId };
  const actor = { userId: c.turnPlayer.userId, displayName: c.turnPlayer.name, isServerAdmin: false };
  const who = `@${c.turnPlayer.name}`;
  const must = (ok: boolean, what: string) => {
    if (!ok) throw new Error(`bench: ${what} was refused`);
  };

  const catalog = await app.catalogs.get(
    (await lockCampaignByChannel(db, c.channelId, stateLayout))!.state.catalogVersion,
  );
  const endToEnd: number[] = [];
  const appPath: number[] = [];
  const loadRow: number[] = [];
  const rules: number[] = [];
  const empty: number[] = [];
  const write: number[] = [];
  // The playground introduces the player to the stand-in on their first line.
  must(Boolean((await play.run(`${who} /campaign status`, ++line))?.ok), '/campaign status');
  // The six measurements take turns within each round, so a burst of load on the machine
  // (autovacuum, a checkpoint, another process) falls on all of them alike.
  // The first rounds warm up what a running bot has warm (compiled code, discord.js's caches, the
  // kept state); they are not counted.
  for (let k = 0; k < WARM_UP + rounds; k++) {
    // Interaction in, reply out: from the stand-in's gateway dispatch to the bot's reply reaching
    // its REST endpoint. What the bot does after replying (announcements, the map post's timer) is
    // waited for outside the timing, so it never falls on the next figure.
    let t0 = performance.now();
    const order = await play.standIn.invokeCommand({
      ...target,
      userId: actor.userId,
      name: 'buy',
      subcommand: 'ops',
      args: { count: 1 },
    });
    const reply = await order.firstResponse(10_000);
    endToEnd.push(performance.now() - t0);
    await play.bot.whenIdle();
    must(
      reply.kind === 'reply' && play.bot.router.outcomes.get(order.id)?.ok === true,
      `/buy ops (${reply.kind}: ${JSON.stringify(order.original()?.content ?? '').slice(0, 200)})`,
    );
    must(Boolean((await play.run(`${who} /turn undo`, ++line))?.ok), '/turn undo');

    t0 = performance.now();
    const a = await runCommand(app, {
      target,
      actor,
      command: { type: 'buy-ops', kind: 'temporary', count: 1 },
      interactionId: `bench-app-${++line}`,
    });
    appPath.push(performance.now() - t0);
    must(a.ok, 'buy-ops');
    must((await runCommand(app, { target, actor, command: { type: 'undo' } })).ok, 'undo');

    // As runCommand loads it: the row locked, and the state this process committed last used
    // while the row is still that version (src/app/state-cache.ts), else read.
    t0 = performance.now();
    const cache = stateCacheOf(app.database);
    const row = (await db.transaction((tx) =>
      lockCampaignByChannelKnowing(tx, c.channelId, (id, xmin) => cache.get(id, xmin), stateLayout),
    ))!.row;
    loadRow.push(performance.now() - t0);
    t0 = performance.now();
    const now = app.clock.now();
    // The rules decide and apply the event to their copy of the state at once (decideWithState).
    const decision = decideWithState(
      row.state,
      { type: 'buy-ops', kind: 'temporary', count: 1 },
      { actor, now, dice: new SeededDice('00'.repeat(32), row.version + 1, []), catalog, firstSeq: row.version + 1 },
    );
    if (!decision.ok) throw new Error(`bench: ${decision.error.message}`);
    rules.push(performance.now() - t0);

    t0 = performance.now();
    await db.transaction(async (tx) => {
      await tx.execute(sql`select 1`);
    });
    empty.push(performance.now() - t0);

    t0 = performance.now();
    await claimInteraction(db, `bench-write-${++line}`, null, app.clock.now());
    write.push(performance.now() - t0);
  }
  const counted = (samples: number[]) => stats(samples.slice(WARM_UP));
  return {
    endToEnd: counted(endToEnd),
    appPath: counted(appPath),
    loadRow: counted(loadRow),
    rules: counted(rules),
    empty: counted(empty),
    write: counted(write),
  };
}
