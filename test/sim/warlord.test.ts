import { randomBytes } from 'node:crypto';
import { expect, it } from 'vitest';
import { SimulationFailed } from '../../src/sim/common.ts';
import { simulateWarlord, warlordInvariantProblem } from '../../src/sim/warlord.ts';
import type { WarlordCampaign } from '../../src/app/warlord-types.ts';
import { SAMPLE_CATALOG } from '../../src/rules/warlord/catalog.ts';
import { gameCatalog, generateGalaxy } from '../../src/rules/warlord/galaxy.ts';
import { defaultSettings } from '../../src/rules/warlord/state.ts';
import { forEachDriver } from '../helpers/databases.ts';

/**
 * Star Fleet Warlord games played through the app path (src/sim/warlord.ts), on both drivers.
 * WLSIM_COMMANDS sets how many steps (60 here, each driver; `npm run fuzz` plays long ones),
 * SIM_SEED replays a run (SIM_SEED=random draws one). A failure names the seed, step and command.
 */
const COMMANDS = Number(process.env.WLSIM_COMMANDS ?? 60);
const SEED =
  process.env.SIM_SEED === 'random' ? randomBytes(6).toString('hex') : (process.env.SIM_SEED ?? 'warlord-sim-1');

forEachDriver('Warlord simulator', (db, skip, driver) => {
  it.skipIf(skip)(
    `${COMMANDS} random sheets (some malformed, some missing), small edits, deadlines and scheduler passes keep every invariant: ships in one place and owned by a live corporation, treasuries, sites and prices within the tables, fog of war, waivers (§11.4), replay = stored state, refusals change nothing (seed ${SEED})`,
    async () => {
      const report = await simulateWarlord({
        database: db().database,
        seed: `${SEED}:${driver}`,
        corps: 3,
        commands: COMMANDS,
        replayEvery: Number(process.env.SIM_REPLAY_EVERY ?? 5),
      }).catch((err: unknown) => {
        if (err instanceof SimulationFailed) expect.fail(err.message);
        throw err;
      });
      expect(report.failure).toBeNull();
      // A run that never processed a turn, never waived a sheet or never bought a ship would prove little.
      expect(report.turnsProcessed).toBeGreaterThan(2);
      expect(report.sheetsSubmitted).toBeGreaterThan(COMMANDS / 4);
      expect(report.sheetsWaived).toBeGreaterThan(0);
      expect(report.malformedLines).toBeGreaterThan(0);
      expect(report.edits).toBeGreaterThan(0);
      expect(report.shipsBought).toBeGreaterThan(0);
      expect(report.refused).toBeGreaterThan(0);
    },
    Math.max(90_000, COMMANDS * 3_000),
  );
});

function startedGame(): WarlordCampaign {
  const game = generateGalaxy({
    seed: 7,
    settings: defaultSettings({ width: 4, height: 4 }),
    corps: [
      { id: 1, name: 'One' },
      { id: 2, name: 'Two' },
    ],
  });
  return {
    ruleset: 'star-fleet-warlord',
    id: 'x',
    guildId: 'g',
    channelId: 'c',
    name: 'n',
    status: 'running',
    players: [
      { userId: 'a', corp: 1, name: 'One' },
      { userId: 'b', corp: 2, name: 'Two' },
    ],
    game,
    sheets: {},
    deadline: null,
    turnHours: 24,
    threads: {},
  } as WarlordCampaign;
}

it('the Warlord invariants catch a ship of an eliminated corporation, a treasury below zero, a price under the S&D floor and knowledge of an unseen sector', () => {
  const c = startedGame();
  const catalog = gameCatalog(SAMPLE_CATALOG, c.game!.settings);
  const home = c.game!.corps[0]!.homeOffice;
  const shown = new Map([
    [1, new Set([`${home.sx}${home.sy}`])],
    [2, new Set<string>()],
  ]);
  expect(warlordInvariantProblem(c, catalog, shown)).toBeNull();

  const out = structuredClone(c);
  out.game!.corps[1]!.eliminated = true;
  out.game!.ships.push({
    ...structuredClone(c.game!.ships.find((s) => s.owner !== 998) ?? c.game!.ships[0]!),
    id: 'z',
    owner: 2,
  });
  expect(warlordInvariantProblem(out, catalog, shown)).toMatch(/belongs to corporation 2, which is not in the game/);

  const poor = structuredClone(c);
  poor.game!.corps[0]!.treasury.FP = -1;
  expect(warlordInvariantProblem(poor, catalog, shown)).toMatch(/FP is -1, below what BO and toll zones allow/);
  // BO and toll zones may take it below zero (§9.9, App E): within the allowance it passes.
  expect(warlordInvariantProblem(poor, catalog, shown, new Map([[1, 200]]))).toBeNull();

  const cheap = structuredClone(c);
  cheap.game!.prices['F-CA'] = 1;
  expect(warlordInvariantProblem(cheap, catalog, shown)).toMatch(/F-CA costs 1 EP, below the S&D floor/);

  const nosy = structuredClone(c);
  const far = `${(home.sx + 2) % 4}${(home.sy + 2) % 4}`;
  nosy.game!.knowledge[1]!.hexes.push(`${far}-0101`);
  expect(warlordInvariantProblem(nosy, catalog, shown)).toMatch(
    new RegExp(`One knows ${far}-0101, in a sector it was never shown`),
  );
});
