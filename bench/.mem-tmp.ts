import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase } from '../src/db/client.ts';
import { Playground } from '../src/playground/playground.ts';
import { importBenchCampaign } from './campaign.ts';
import { listCopies, storeCopies } from './copies.ts';
import { processFigures } from './processes.ts';
const DIR = process.env.MEM_DIR ?? '/tmp/h7/data1000';
const WORLD = `${DIR}.world.json`;
const STORED = Number(process.env.MEM_STORED ?? 1000);
if (!existsSync(WORLD)) {
  const database = await openDatabase({ kind: 'pglite', dataDir: DIR });
  const play = await Playground.start({ database, outDir: mkdtempSync(join(tmpdir(), 'memt-')), clockStart: '2026-11-21T12:00:00Z' });
  const c = await importBenchCampaign(play, readFileSync('/tmp/cm-bench-campaign.json', 'utf8'));
  const t0 = Date.now();
  await storeCopies(database, c.campaignId, 1, STORED - 1);
  console.log('copied in', Date.now() - t0, 'ms');
  const active = await listCopies(database, 50);
  writeFileSync(WORLD, JSON.stringify({ guildId: c.guildId, campaigns: active, players: c.players, turnUserId: c.turnPlayer.userId }));
  await play.close();
  await database.close();
}
const world = JSON.parse(readFileSync(WORLD, 'utf8'));
const p = await processFigures({ kind: 'pglite', where: DIR, clockIso: '2026-11-21T12:00:00Z' }, world, Number(process.env.MEM_COLD ?? 0));
console.log(`rss ${(p.rss / 1048576).toFixed(0)} MiB heap ${(p.heapUsed / 1048576).toFixed(0)} MiB cold ${p.coldStart.median}`);
