/**
 * A bot-like process for the crash test: it opens the database the way the bot does, finishes
 * setting up a campaign if needed, then issues a burst of commands and prints `done <seq>` after
 * each commit. The test kills it with SIGKILL at random moments and restarts it.
 */
import { createHash } from 'node:crypto';
import pino from 'pino';
import { systemClock } from '../../src/clock.ts';
import {
  campaignInChannel,
  createCampaign,
  joinCampaign,
  rollInCampaign,
  startCampaign,
} from '../../src/app/campaigns.ts';
import { builtInCatalogs } from '../../src/app/catalogs.ts';
import { randomIds, type AppContext } from '../../src/app/context.ts';
import { openDatabase } from '../../src/db/client.ts';
import { runCommand } from '../../src/app/run-command.ts';

const [kind, where, countText] = process.argv.slice(2);
const database = await openDatabase(
  kind === 'postgres' ? { kind: 'postgres', url: where! } : { kind: 'pglite', dataDir: where! },
);
const app: AppContext = {
  database,
  clock: systemClock,
  log: pino({ level: 'silent' }),
  ids: randomIds,
  seeds: { newSeed: () => createHash('sha256').update('crash-test').digest('hex') },
  catalogs: builtInCatalogs(),
  testHooks: null,
};
const target = { guildId: 'crash-guild', channelId: 'crash-channel' };
const who = (id: string) => ({ userId: id, displayName: id, isServerAdmin: false });

let state = await campaignInChannel(app, target.channelId);
if (!state) await createCampaign(app, target, who('p1'), 'Crash Test');
state = await campaignInChannel(app, target.channelId);
const empires = ['federation', 'klingon', 'romulan'] as const;
for (const [i, empire] of empires.entries()) {
  if (state!.status === 'registration' && !state!.players.some((p) => p.id === `p${i + 1}`))
    await joinCampaign(app, target, who(`p${i + 1}`), empire);
}
if (!(await campaignInChannel(app, target.channelId))!.map)
  await runCommand(app, { target, actor: who('p1'), command: { type: 'map-generate', sectorsPerPlayer: 4 } });
for (const p of ['p1', 'p2', 'p3']) {
  const s = (await campaignInChannel(app, target.channelId))!;
  if (s.status === 'registration' && !s.map!.approvals.includes(p))
    await runCommand(app, { target, actor: who(p), command: { type: 'map-approve' } });
}
if ((await campaignInChannel(app, target.channelId))!.status === 'registration') {
  const r = await startCampaign(app, target, who('p1'));
  if (!r.ok) throw new Error(r.error.message);
}
console.log('ready');
for (let i = 0; i < Number(countText ?? 50); i++) {
  const r = await rollInCampaign(app, target, who(`p${(i % 3) + 1}`), '3d6+1');
  if (r.ok && !r.duplicate) console.log(`done ${r.events[0]!.seq}`);
}
await database.close();
console.log('finished');
