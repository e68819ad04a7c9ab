/**
 * `npm run simulate -- [--ruleset thunderdome|warlord] [--seed S] [--players N] [--commands N] [--driver pglite|postgres] [--replay-every N]`:
 * plays one simulated campaign (src/sim/simulator.ts; src/sim/warlord.ts for `--ruleset warlord`,
 * where `--players` is the number of corporations) on a fresh in-memory PGlite database, or on a
 * fresh database of the PostgreSQL server at SIM_POSTGRES_URL (default postgres://postgres@127.0.0.1:5432/test),
 * and prints what it played. A broken invariant prints the seed and the command and exits 1.
 */
import { randomBytes } from 'node:crypto';
import { parseArgs } from 'node:util';
import postgres from 'postgres';
import { openDatabase, type Database } from '../db/client.ts';
import { SimulationFailed, simulate } from './simulator.ts';
import { simulateWarlord } from './warlord.ts';

const { values } = parseArgs({
  options: {
    seed: { type: 'string' },
    players: { type: 'string' },
    commands: { type: 'string', default: '2000' },
    driver: { type: 'string', default: 'pglite' },
    'replay-every': { type: 'string', default: '1' },
    ruleset: { type: 'string', default: 'thunderdome' },
  },
});

async function main(): Promise<number> {
  const seed = values.seed ?? randomBytes(6).toString('hex');
  let database: Database;
  let drop = async () => {};
  if (values.driver === 'postgres') {
    const adminUrl = process.env.SIM_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
    const admin = postgres(adminUrl, { max: 1, onnotice: () => {} });
    const name = `cm_sim_${randomBytes(4).toString('hex')}`;
    await admin.unsafe(`create database ${name}`);
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    database = await openDatabase({ kind: 'postgres', url: url.toString() });
    drop = async () => {
      await admin.unsafe(`drop database if exists ${name} with (force)`);
      await admin.end();
    };
  } else database = await openDatabase({ kind: 'pglite', dataDir: null });
  const t0 = performance.now();
  try {
    if (values.ruleset === 'warlord') {
      const report = await simulateWarlord({
        database,
        seed,
        ...(values.players ? { corps: Number(values.players) } : {}),
        commands: Number(values.commands),
        replayEvery: Number(values['replay-every']),
        onStep: (step, r) => {
          if (step % 250 === 0) console.log(`  step ${step}: ${r.events} events, ${r.turnsProcessed} turns processed`);
        },
      });
      const s = ((performance.now() - t0) / 1000).toFixed(1);
      console.log(
        `simulated Warlord seed ${seed}: ${report.corps} corporations on ${report.galaxy} sectors, ${report.steps} steps in ${s} s — ${report.accepted} accepted, ${report.refused} refused, ${report.schedulerPasses} scheduler passes; ${report.turnsProcessed} turns processed, ${report.sheetsSubmitted} sheets (${report.malformedLines} malformed lines), ${report.edits} edits, ${report.sheetsWaived} waived, ${report.shipsBought} ships bought, ${report.battles} battles; ${report.events} events, game ${report.status}`,
      );
      console.log(
        `  refused by code: ${Object.entries(report.refusals)
          .sort((a, b) => b[1] - a[1])
          .map(([k, n]) => `${k} ${n}`)
          .join(', ')}`,
      );
      return 0;
    }
    if (values.ruleset !== 'thunderdome') throw new Error(`--ruleset is thunderdome or warlord, not ${values.ruleset}`);
    const report = await simulate({
      database,
      seed,
      ...(values.players ? { players: Number(values.players) } : {}),
      commands: Number(values.commands),
      replayEvery: Number(values['replay-every']),
      onStep: (step, r) => {
        if (step % 250 === 0)
          console.log(
            `  step ${step}: ${r.events} events, half-cycle ${r.halfCycles}, ${r.battlesResolved} battles resolved`,
          );
      },
    });
    const s = ((performance.now() - t0) / 1000).toFixed(1);
    console.log(
      `simulated seed ${seed}: ${report.players} players, ${report.steps} steps in ${s} s — ${report.accepted} accepted, ${report.refused} refused, ${report.schedulerPasses} scheduler passes (${report.scheduled} commands given); ${report.events} events, half-cycle ${report.halfCycles}, ${report.battlesOpened} battles (${report.battlesResolved} resolved), campaign ${report.status}`,
    );
    console.log(
      `  accepted by type: ${Object.entries(report.byType)
        .sort((a, b) => b[1] - a[1])
        .map(([k, n]) => `${k} ${n}`)
        .join(', ')}`,
    );
    return 0;
  } catch (err) {
    if (err instanceof SimulationFailed) {
      console.error(err.message);
      return 1;
    }
    throw err;
  } finally {
    await database.close();
    await drop();
  }
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error(err);
    process.exit(1);
  },
);
