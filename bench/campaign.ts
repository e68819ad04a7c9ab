/**
 * The bench campaign (docs/performance.md): 8 players on a generated map of about 100 sectors, 400 ships in
 * 80 fleets bought in the setup, and a log filled with recorded dice rolls to 2,000 events. The
 * players join, approve and buy through the playground (the real bot over the Discord stand-in);
 * the dice rolls that only fill the log go through the app path, which keeps the bench quick. It is
 * built once, on the first database, and loaded into the next one through export and import.
 *
 * 50 ships each do not fit in the starting BPV (UTD8.132: 1,700 BPV for 8 players) at the sample
 * catalog's prices, so the campaign plays with a catalog imported in registration, as any campaign
 * may (`/catalog import`): the sample with frigates at 30 BPV. Nothing else differs.
 */
import { exportCampaign, importCampaign, rollInCampaign } from '../src/app/campaigns.ts';
import { stateLayout } from '../src/app/rulesets.ts';
import { findCampaignByChannel } from '../src/db/campaign-repo.ts';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Playground, stableSnowflake } from '../src/playground/playground.ts';
import { removeFolder } from './stats.ts';

const EMPIRES = ['lyran', 'kzinti', 'hydran', 'klingon', 'federation', 'romulan', 'gorn', 'isc'] as const;
const CODES: Record<(typeof EMPIRES)[number], string> = {
  lyran: 'LYR',
  kzinti: 'KZI',
  hydran: 'HYD',
  klingon: 'KLI',
  federation: 'FED',
  romulan: 'ROM',
  gorn: 'GOR',
  isc: 'ISC',
};

export interface BenchCampaign {
  guildId: string;
  channelId: string;
  campaignId: string;
  /** Playground name (p1…p8) and Discord id of the player whose turn it is. */
  turnPlayer: { name: string; userId: string };
  players: { name: string; userId: string }[];
  events: number;
  stateBytes: number;
  ships: number;
  fleets: number;
}

export const userIdOf = (name: string) => stableSnowflake(`user:${name}`);

const SHIPS_PER_PLAYER = 50;
const FLEETS_PER_PLAYER = 10;
const EVENTS = 2000;
const SAMPLE = fileURLToPath(new URL('../assets/catalog/sample/', import.meta.url));

/** The sample catalog with every frigate (`XXX-FF`) at 30 BPV, written to `dir`; returns the three file paths. */
function benchCatalog(dir: string): { units: string; refits: string; conversions: string } {
  const units = readFileSync(join(SAMPLE, 'units.csv'), 'utf8')
    .split('\n')
    .map((line) =>
      /^[A-Z]{3}-FF,/.test(line)
        ? line
            .split(',')
            .map((f, i) => (i === 8 ? '30' : f))
            .join(',')
        : line,
    )
    .join('\n');
  const files = {
    units: join(dir, 'units.csv'),
    refits: join(dir, 'refits.csv'),
    conversions: join(dir, 'conversions.csv'),
  };
  writeFileSync(files.units, units);
  writeFileSync(files.refits, readFileSync(join(SAMPLE, 'refits.csv')));
  writeFileSync(files.conversions, readFileSync(join(SAMPLE, 'conversions.csv')));
  return files;
}

/** Builds the campaign in the playground's channel; `line` numbers the scenario lines. */
export async function buildBenchCampaign(play: Playground, events = EVENTS): Promise<BenchCampaign> {
  let line = 0;
  const run = async (input: string) => {
    const r = await play.run(input, ++line);
    if (r && !r.ok) throw new Error(`bench setup failed at ${input}: ${r.content}`);
    return r;
  };
  const dir = mkdtempSync(join(tmpdir(), 'cm-bench-catalog-'));
  try {
    await run('!admin @p1');
    await run('@p1 /campaign create name:Bench');
    for (const [i, e] of EMPIRES.entries()) await run(`@p${i + 1} /campaign join empire:${e}`);
    const catalog = benchCatalog(dir);
    await run(`@p1 /catalog import units:${catalog.units} refits:${catalog.refits} conversions:${catalog.conversions}`);
  } finally {
    await removeFolder(dir);
  }
  await run('@p1 /map generate sectors_per_player:12');
  for (let i = 1; i <= 8; i++) await run(`@p${i} /map approve`);
  await run('@p1 /campaign start');
  for (const [i, e] of EMPIRES.entries()) {
    for (let k = 0; k < SHIPS_PER_PLAYER; k++)
      await run(`@p${i + 1} /setup buy unit:${CODES[e]}-FF fleet:${1 + (k % FLEETS_PER_PLAYER)}`);
  }
  for (let i = 1; i <= 8; i++) await run(`@p${i} /setup ready`);
  const target = benchTarget();
  const roller = { userId: userIdOf('p2'), displayName: 'p2', isServerAdmin: false };
  const logged = (await findCampaignByChannel(play.app.database.db, target.channelId, stateLayout))!.version;
  for (let k = logged; k < events; k++) {
    const r = await rollInCampaign(play.app, target, roller, '3d6');
    if (!r.ok) throw new Error(`bench roll refused: ${r.error.message}`);
  }
  return describeBenchCampaign(play);
}

/** The campaign as a `/campaign export` file, secret seed included, to load it elsewhere. */
export async function exportBenchCampaign(play: Playground): Promise<string> {
  const exported = await exportCampaign(play.app, benchTarget().channelId, { includeSecret: true });
  if (!exported.ok) throw new Error(`bench export failed: ${exported.error.message}`);
  return JSON.stringify(exported.value);
}

/** Loads an exported bench campaign into the playground's channel (the import path, one transaction). */
export async function importBenchCampaign(play: Playground, file: string): Promise<BenchCampaign> {
  const r = await importCampaign(
    play.app,
    benchTarget(),
    { userId: userIdOf('p1'), displayName: 'p1', isServerAdmin: true },
    file,
  );
  if (!r.ok) throw new Error(`bench import failed: ${r.error.message}`);
  return describeBenchCampaign(play);
}

function benchTarget(): { guildId: string; channelId: string } {
  return { guildId: stableSnowflake('guild:Playground'), channelId: stableSnowflake('channel:campaign') };
}

async function describeBenchCampaign(play: Playground): Promise<BenchCampaign> {
  const { guildId, channelId } = benchTarget();
  const row = (await findCampaignByChannel(play.app.database.db, channelId, stateLayout))!;
  const turnUser = row.state.turn?.playerId;
  const players = row.state.players.map((p) => ({ name: p.name, userId: p.id }));
  const turn = players.find((p) => p.userId === turnUser);
  if (!turn) throw new Error('the bench campaign has no player on turn');
  return {
    guildId,
    channelId,
    campaignId: row.id,
    turnPlayer: turn,
    players,
    events: row.version,
    stateBytes: JSON.stringify(row.state).length,
    ships: row.state.ships.length,
    fleets: row.state.fleets.length,
  };
}
