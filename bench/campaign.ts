/**
 * The bench campaign (issue 8 §1): 8 players on a generated map of about 100 sectors, 80 ships
 * bought in the setup, and a log filled with recorded dice rolls to about 1,600 events. The players
 * join, approve and buy through the playground (the real bot over the Discord stand-in); the dice
 * rolls that only fill the log go through the app path, which keeps the bench quick. It is built
 * once, on the first database, and loaded into the next one through export and import.
 */
import { exportCampaign, importCampaign, rollInCampaign } from '../src/app/campaigns.ts';
import { findCampaignByChannel } from '../src/db/campaign-repo.ts';
import { Playground, stableSnowflake } from '../src/playground/playground.ts';

const EMPIRES = ['lyran', 'kzinti', 'hydran', 'klingon', 'federation', 'romulan', 'gorn', 'isc'] as const;
const CODES: Record<(typeof EMPIRES)[number], string> = { lyran: 'LYR', kzinti: 'KZI', hydran: 'HYD', klingon: 'KLI', federation: 'FED', romulan: 'ROM', gorn: 'GOR', isc: 'ISC' };

export interface BenchCampaign {
  guildId: string;
  channelId: string;
  campaignId: string;
  /** Playground name (p1…p8) and Discord id of the player whose turn it is. */
  turnPlayer: { name: string; userId: string };
  players: { name: string; userId: string }[];
  events: number;
  stateBytes: number;
}

export const userIdOf = (name: string) => stableSnowflake(`user:${name}`);

/** Builds the campaign in the playground's channel; `line` numbers the scenario lines. */
export async function buildBenchCampaign(play: Playground, fillRolls = 1500): Promise<BenchCampaign> {
  let line = 0;
  const run = async (input: string) => {
    const r = await play.run(input, ++line);
    if (r && !r.ok) throw new Error(`bench setup failed at ${input}: ${r.content}`);
    return r;
  };
  await run('!admin @p1');
  await run('@p1 /campaign create name:Bench');
  for (const [i, e] of EMPIRES.entries()) await run(`@p${i + 1} /campaign join empire:${e}`);
  await run('@p1 /map generate sectors_per_player:12');
  for (let i = 1; i <= 8; i++) await run(`@p${i} /map approve`);
  await run('@p1 /campaign start');
  for (const [i, e] of EMPIRES.entries()) {
    for (let k = 0; k < 10; k++) await run(`@p${i + 1} /setup buy unit:${CODES[e]}-FF`);
  }
  for (let i = 1; i <= 8; i++) await run(`@p${i} /setup ready`);
  const target = benchTarget();
  const roller = { userId: userIdOf('p2'), displayName: 'p2', isServerAdmin: false };
  for (let k = 0; k < fillRolls; k++) {
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
  const r = await importCampaign(play.app, benchTarget(), { userId: userIdOf('p1'), displayName: 'p1', isServerAdmin: true }, file);
  if (!r.ok) throw new Error(`bench import failed: ${r.error.message}`);
  return describeBenchCampaign(play);
}

function benchTarget(): { guildId: string; channelId: string } {
  return { guildId: stableSnowflake('guild:Playground'), channelId: stableSnowflake('channel:campaign') };
}

async function describeBenchCampaign(play: Playground): Promise<BenchCampaign> {
  const { guildId, channelId } = benchTarget();
  const row = (await findCampaignByChannel(play.app.database.db, channelId))!;
  const turnUser = row.state.turn?.playerId;
  const players = row.state.players.map((p) => ({ name: p.name, userId: p.id }));
  const turn = players.find((p) => p.userId === turnUser);
  if (!turn) throw new Error('the bench campaign has no player on turn');
  return { guildId, channelId, campaignId: row.id, turnPlayer: turn, players, events: row.version, stateBytes: JSON.stringify(row.state).length };
}
