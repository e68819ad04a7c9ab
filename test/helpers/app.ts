import pino from 'pino';
import { createHash } from 'node:crypto';
import { VirtualClock } from '../../src/clock.ts';
import { catalogSource } from '../../src/app/catalogs.ts';
import { sequentialIds, type AppContext } from '../../src/app/context.ts';
import type { Database } from '../../src/db/client.ts';
import type { Actor } from '../../src/rules/thunderdome/index.ts';
import { runCommand, type CommandResult } from '../../src/app/run-command.ts';

/** An app context for tests: virtual clock, sequential ids, deterministic seeds, test hooks on. */
let apps = 0;

export function testApp(
  database: Database,
  opts: { start?: string; idPrefix?: string } = {},
): AppContext & { clock: VirtualClock } {
  let n = 0;
  const prefix = opts.idPrefix ?? `00000000-0000-4000-${(8000 + ++apps).toString(16)}-`;
  return {
    database,
    clock: new VirtualClock(opts.start ?? '2026-11-21T12:00:00Z'),
    log: pino({ level: 'silent' }),
    ids: sequentialIds(prefix),
    seeds: { newSeed: () => createHash('sha256').update(`test-seed-${++n}`).digest('hex') },
    catalogs: catalogSource(database),
    testHooks: { forcedDice: [], nextSeed: null },
  };
}

export function actor(userId: string, opts: Partial<Actor> = {}): Actor {
  return { userId, displayName: opts.displayName ?? userId, isServerAdmin: opts.isServerAdmin ?? false };
}

export const TARGET = { guildId: 'g1', channelId: 'c1' };

/**
 * A three-player campaign (a Lyran, b Kzinti, c Gorn) on a generated map, approved and started:
 * the setup is under way. `order` forces the D1000 turn order rolls.
 */
export async function setupCampaign(
  app: AppContext,
  target: { guildId: string; channelId: string },
  order: number[] = [3, 2, 1],
): Promise<void> {
  const must = (r: CommandResult) => {
    if (!r.ok) throw new Error(`setup failed: ${r.error.message}`);
  };
  must(await runCommand(app, { target, actor: actor('a'), command: { type: 'create', name: 'Test campaign' } }));
  for (const [u, e] of [
    ['a', 'lyran'],
    ['b', 'kzinti'],
    ['c', 'gorn'],
  ] as const)
    must(await runCommand(app, { target, actor: actor(u), command: { type: 'join', empire: e } }));
  must(await runCommand(app, { target, actor: actor('a'), command: { type: 'map-generate', sectorsPerPlayer: 3 } }));
  for (const u of ['a', 'b', 'c'])
    must(await runCommand(app, { target, actor: actor(u), command: { type: 'map-approve' } }));
  app.testHooks!.forcedDice.push(...order);
  must(await runCommand(app, { target, actor: actor('a'), command: { type: 'start' } }));
}
