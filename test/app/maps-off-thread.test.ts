import { afterAll, expect, it, vi } from 'vitest';
import { runCommand } from '../../src/app/run-command.ts';
import { closeRenderPool } from '../../src/render/pool.ts';
import type * as MapModule from '../../src/rules/thunderdome/map/index.ts';
import { actor, setupCampaign, testApp } from '../helpers/app.ts';
import { forEachDriver } from '../helpers/databases.ts';
import { stateLayout } from '../../src/app/rulesets.ts';
import { findCampaignByChannel } from '../../src/db/campaign-repo.ts';

/**
 * UTD8.16 `/map generate`, made off the bot's event loop (docs/performance.md, "Nothing blocks the
 * event loop"): a 300-sector map took 150–300 ms of the bot's thread to generate. In this thread
 * the generator refuses to run, so a map the bot's commands get was made in a worker.
 */
const here = vi.hoisted(() => ({ generated: 0 }));
vi.mock('../../src/rules/thunderdome/map/index.ts', async (importActual) => {
  const actual = await importActual<typeof MapModule>();
  return {
    ...actual,
    generateSeededMap: () => {
      here.generated++;
      throw new Error('generated on the event loop');
    },
  };
});
const actual = await vi.importActual<typeof MapModule>('../../src/rules/thunderdome/map/index.ts');

afterAll(() => closeRenderPool());

forEachDriver('maps generated off the event loop', (db, skip, driver) => {
  it.skipIf(skip)(
    'UTD8.16 /map generate gets its map from a worker: the very map the rules make in place from the same seed, with its fairness report',
    async () => {
      const app = testApp(db().database);
      const target = { guildId: 'g', channelId: `maps-${driver}` };
      await setupCampaign(app, target);
      // A second map, larger, replaces the first before anyone approves it.
      const row = (await findCampaignByChannel(app.database.db, target.channelId, stateLayout))!;
      expect(row.state.map?.sectors.length).toBe(9);
      const again = await runCommand(app, {
        target: { ...target, channelId: `maps-${driver}-2` },
        actor: actor('a'),
        command: { type: 'create', name: 'Second' },
      });
      expect(again.ok).toBe(true);
      const second = { ...target, channelId: `maps-${driver}-2` };
      for (const [u, e] of [
        ['a', 'lyran'],
        ['b', 'kzinti'],
        ['c', 'gorn'],
        ['d', 'hydran'],
      ] as const)
        expect(
          (await runCommand(app, { target: second, actor: actor(u), command: { type: 'join', empire: e } })).ok,
        ).toBe(true);
      const made = await runCommand(app, {
        target: second,
        actor: actor('a'),
        command: { type: 'map-generate', sectorsPerPlayer: 20 },
      });
      if (!made.ok || made.duplicate) throw new Error('map-generate refused');
      expect(here.generated).toBe(0);
      const map = made.state.map!;
      const seed = Number(/seed (\d+)/.exec(map.source)?.[1]);
      expect(map.source).toBe(`generated for 4 players, 20 sectors each, seed ${seed}`);
      const inPlace = actual.generateSeededMap({ players: 4, sectorsPerPlayer: 20, seed });
      expect(map.sectors.map((s) => [s.key, s.x, s.y])).toEqual(inPlace.sectors.map((s) => [s.key, s.x, s.y]));
      expect(map.lanes).toEqual(inPlace.lanes);
      expect(map.fairness).toEqual(actual.fairnessReport(inPlace).summary);
      // The seed is the command's die, rolled once: the log records that one roll.
      expect(made.events[0]?.rolls.map((r) => r.purpose)).toEqual(['map generator seed (UTD8.16)']);
    },
    60_000,
  );
});
