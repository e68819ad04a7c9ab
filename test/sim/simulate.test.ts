import { randomBytes } from 'node:crypto';
import { expect, it } from 'vitest';
import { invariantProblem, SimulationFailed, simulate } from '../../src/sim/simulator.ts';
import { forEachDriver } from '../helpers/databases.ts';

/**
 * Whole campaigns played through the app path (src/sim/simulator.ts), on both drivers. SIM_COMMANDS
 * sets how many commands (200 here; `npm run fuzz` plays long ones), SIM_SEED replays a run
 * (SIM_SEED=random draws one). A failure names the seed and the command.
 */
const COMMANDS = Number(process.env.SIM_COMMANDS ?? 200);
const SEED =
  process.env.SIM_SEED === 'random'
    ? randomBytes(6).toString('hex')
    : (process.env.SIM_SEED ?? 'campaign-master-sim-1');

forEachDriver('campaign simulator', (db, skip, driver) => {
  it.skipIf(skip)(
    `${COMMANDS} random legal orders, battles and scheduler passes keep every invariant: ships in one place, banks and order points within the rules, replay = stored state, refusals change nothing (seed ${SEED})`,
    async () => {
      const report = await simulate({
        database: db().database,
        seed: `${SEED}:${driver}`,
        players: 4,
        commands: COMMANDS,
        replayEvery: Number(process.env.SIM_REPLAY_EVERY ?? 1),
      }).catch((err: unknown) => {
        if (err instanceof SimulationFailed) expect.fail(err.message);
        throw err;
      });
      expect(report.failure).toBeNull();
      // A run that never got past the setup or never fought would prove little.
      expect(report.status).not.toBe('setup');
      expect(report.accepted).toBeGreaterThan(COMMANDS / 5);
      expect(report.byType.move ?? 0).toBeGreaterThan(0);
      expect(report.byType['end-turn'] ?? 0).toBeGreaterThan(0);
      expect(report.halfCycles).toBeGreaterThan(1);
    },
    Math.max(60_000, COMMANDS * 300),
  );
});

it('the invariants catch a ship in a fleet of another sector, an overdrawn bank and a ship listed twice', () => {
  const state = {
    players: [{ id: 'p1', bank: '10' }],
    map: {
      sectors: [
        { key: 'A', owner: null },
        { key: 'B', owner: 'p1' },
      ],
    },
    fleets: [{ id: 'F1', owner: 'p1', slot: 1, sector: 'A' }],
    ships: [{ id: 'S1', owner: 'p1', fleetId: 'F1', sector: 'A', dock: null }],
    bases: [],
    turn: null,
  } as never;
  expect(invariantProblem(state)).toBeNull();
  const moved = structuredClone(state) as { ships: { sector: string }[] };
  moved.ships[0]!.sector = 'B';
  expect(invariantProblem(moved as never)).toMatch(/S1 is in B but its fleet F1 is in A/);
  const twice = structuredClone(state) as { ships: unknown[] };
  twice.ships.push(twice.ships[0]);
  expect(invariantProblem(twice as never)).toMatch(/S1 is in two places/);
  const overdrawn = structuredClone(state) as { players: { bank: string }[] };
  overdrawn.players[0]!.bank = '-1';
  expect(invariantProblem(overdrawn as never)).toMatch(/below zero/);
});
