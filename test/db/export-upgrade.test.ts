import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { campaignEvents, campaignInChannel, importCampaign } from '../../src/app/campaigns.ts';
import { canonicalJson } from '../../src/app/export.ts';
import { runCommand, type CommandResult } from '../../src/app/run-command.ts';
import { verifyRoll } from '../../src/rules/dice.ts';
import { replay, type CampaignState, type StoredEvent } from '../../src/rules/thunderdome/index.ts';
import { actor, testApp } from '../helpers/app.ts';
import { forEachDriver } from '../helpers/databases.ts';

/**
 * Campaigns exported by earlier versions keep importing and playing on. The fixture is a real
 * export made by commit 4dedd6e (format 1) and must never be regenerated: it stands for the files
 * players hold (test/fixtures/exports/README.md). Only stable facts of the old file are asserted
 * here (ids, seats, sectors), never its English texts, so that this test holds across redesigns
 * of the event shapes.
 */
const FIXTURE = join(import.meta.dirname, '../fixtures/exports/campaign-export-v1.json');
const text = readFileSync(FIXTURE, 'utf8');
const file = JSON.parse(text) as {
  format: number;
  exportedAt: string;
  campaign: CampaignState;
  events: StoredEvent[];
  secretSeeds: { fromSeq: number; seed: string }[];
};
const playerId = (name: string) => file.campaign.players.find((p) => p.name === name)!.id;
const ALICE = playerId('alice');
const BOB = playerId('bob');
const CAROL = playerId('carol');
/** bob's fleet 1: at the export he had just moved it A → C (his last, undoable order). */
const BOB_FLEET = 'F34';

function must(r: CommandResult): Extract<CommandResult, { duplicate: false }> {
  if (!r.ok) throw new Error(`refused: ${r.error.code} ${r.error.message}`);
  if (r.duplicate) throw new Error('duplicate');
  return r;
}

it('the fixture is what format 1 exported at cycle 2.0: bob in the middle of his orders, the secret seed included', () => {
  expect(file.format).toBe(1);
  expect(file.events).toHaveLength(146);
  expect(file.campaign.status).toBe('active');
  expect(file.campaign.turn).toMatchObject({ playerId: BOB, phase: 'orders' });
  expect(file.campaign.halfCycles).toBe(4);
  expect(file.campaign.turn!.orders.map((o) => o.kind)).toEqual(['buy-ops', 'move']);
  expect(file.campaign.fleets.find((f) => f.id === BOB_FLEET)!.sector).toBe('C');
  expect(file.secretSeeds).toHaveLength(1);
});

forEachDriver('export upgrade', (db, skip, driver) => {
  it.skipIf(skip)(
    'export format v1 imports into this version and plays on: undo of an old order, a move, a /roll, the turn ended',
    async () => {
      // The clock goes on from the export (bob's orders are due 2027-01-11).
      const app = testApp(db().database, { start: '2027-01-02T12:00:00Z' });
      const target = { guildId: `g-upgrade-${driver}`, channelId: `c-upgrade-${driver}` };
      const admin = actor('server-admin', { isServerAdmin: true });

      const imported = await importCampaign(app, target, admin, text);
      if (!imported.ok) throw new Error(`import refused: ${imported.error.message}`);
      expect(imported.value.events).toBe(147);

      const stateAndLog = async () => {
        const state = (await campaignInChannel(app, target.channelId))!;
        const log = await campaignEvents(app, target.channelId);
        expect(log.map((e) => e.seq)).toEqual(log.map((_, i) => i + 1));
        expect(canonicalJson(replay(log))).toBe(canonicalJson(state));
        return { state, log };
      };

      // Imported: the whole log plus one CampaignImported, the state is its replay, moved here.
      const first = await stateAndLog();
      expect(first.log).toHaveLength(147);
      expect(first.log.at(-1)!.event).toMatchObject({ type: 'CampaignImported', fromFormat: 1 });
      expect(first.state).toMatchObject({ guildId: target.guildId, channelId: target.channelId, status: 'active' });
      expect(first.state.players.map((p) => [p.id, p.status])).toEqual([
        [ALICE, 'active'],
        [BOB, 'active'],
        [CAROL, 'active'],
      ]);
      expect(first.state.turn).toMatchObject({ playerId: BOB, opsSpent: 1 });
      expect(first.state.turn!.orders).toHaveLength(2);
      expect(first.state.fleets.find((f) => f.id === BOB_FLEET)!.sector).toBe('C');
      const bankBefore = first.state.players.find((p) => p.id === BOB)!.bank;

      // 1. bob undoes his last order, recorded by the old version: the fleet is back in A.
      const undo = must(await runCommand(app, { target, actor: actor(BOB), command: { type: 'undo' } }));
      expect(undo.events.map((e) => e.event.type)).toEqual(['OrderUndone']);
      expect(undo.state.fleets.find((f) => f.id === BOB_FLEET)!.sector).toBe('A');
      expect(undo.state.turn).toMatchObject({ playerId: BOB, opsSpent: 0 });
      expect(undo.state.turn!.orders.map((o) => o.kind)).toEqual(['buy-ops']);

      // 2. He moves it again (1 order point).
      const move = must(
        await runCommand(app, { target, actor: actor(BOB), command: { type: 'move', fleet: '1', to: 'C' } }),
      );
      expect(move.events.map((e) => e.event.type)).toEqual(['FleetMoved']);
      expect(move.state.fleets.find((f) => f.id === BOB_FLEET)!.sector).toBe('C');
      expect(move.state.turn).toMatchObject({ playerId: BOB, opsSpent: 1 });
      expect(move.state.turn!.orders).toHaveLength(2);

      // 3. A /roll: recorded, and fair under the secret seed the file carried (the import kept it).
      const roll = must(
        await runCommand(app, { target, actor: actor(CAROL), command: { type: 'roll', expression: '2d6' } }),
      );
      const rolled = roll.events[0]!;
      expect(rolled.event).toMatchObject({ type: 'DiceRolled', expression: '2d6' });
      const total = (rolled.event as { total: number }).total;
      expect(total).toBeGreaterThanOrEqual(2);
      expect(total).toBeLessThanOrEqual(12);
      expect(rolled.rolls).toHaveLength(1);
      expect(verifyRoll(file.secretSeeds[0]!.seed, rolled.rolls[0]!)).toBe('fair');

      // 4. bob ends his turn: carol's turn of cycle 2.0 begins.
      const end = must(await runCommand(app, { target, actor: actor(BOB), command: { type: 'end-turn' } }));
      expect(end.events.map((e) => e.event.type)).toContain('TurnEnded');
      expect(end.state.turn).toMatchObject({ playerId: CAROL, opsSpent: 0 });
      expect(end.state.turn!.orders).toEqual([]);
      expect(end.state.halfCycles).toBe(4);
      expect(end.state.players.find((p) => p.id === BOB)!.bank).toBe(bankBefore);

      // The state after playing on is still exactly the replay of the whole log, old events included.
      const last = await stateAndLog();
      expect(last.log.length).toBe(147 + 3 + end.events.length);
      expect(canonicalJson(last.state)).toBe(canonicalJson(end.state));
    },
  );
});
