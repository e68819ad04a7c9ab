/**
 * Campaign states for the picture figures: generated maps of a
 * given size played to the first turn through the pure rules (no database, no Discord), and a
 * navy of 10 fleets. Built with forced-free seeded dice, so every run draws the same pictures.
 */
import { sampleCatalog } from '../src/app/catalogs.ts';
import { SeededDice } from '../src/rules/dice.ts';
import { seededDie } from '../src/rules/prng.ts';
import { EMPIRES } from '../src/rules/thunderdome/empires.ts';
import {
  applyEvent,
  decide,
  type CampaignCommand,
  type CampaignState,
  type StoredEvent,
  type UnitCatalog,
} from '../src/rules/thunderdome/index.ts';
import { generateMap } from '../src/rules/thunderdome/map/generate.ts';
import { startWorker } from '../src/render/pool.ts';

const SEED = '7b'.repeat(32);
const NOW = new Date('2026-11-21T12:00:00Z');

class Builder {
  state: CampaignState | null = null;
  seq = 0;
  readonly forced: number[] = [];
  constructor(readonly catalog: UnitCatalog) {}

  do(user: string, command: CampaignCommand): void {
    const dice = new SeededDice(SEED, this.seq + 1, this.forced);
    const r = decide(this.state, command, {
      actor: { userId: user, displayName: user, isServerAdmin: false },
      now: NOW,
      dice,
      catalog: this.catalog,
      firstSeq: this.seq + 1,
    });
    if (!r.ok) throw new Error(`bench setup refused: ${r.error.rule} ${r.error.message}`);
    for (const event of r.value) {
      const stored: StoredEvent = { seq: ++this.seq, at: NOW.toISOString(), actor: { userId: user }, event, rolls: [] };
      this.state = applyEvent(this.state, stored);
    }
  }
}

/** A started campaign of `players` players on a generated map of players × perPlayer sectors. */
export function campaignWithSectors(players: number, perPlayer: number): CampaignState {
  const b = new Builder(sampleCatalog());
  const ids = Array.from({ length: players }, (_, i) => `u${i + 1}`);
  b.do('u1', {
    type: 'create',
    name: `Bench ${players * perPlayer} sectors`,
    campaignId: `bench-${players}-${perPlayer}`,
    guildId: 'g',
    channelId: 'ch',
    seedCommitment: 'h',
  });
  ids.forEach((id, i) => b.do(id, { type: 'join', empire: EMPIRES[i]!.key }));
  const map = generateMap({ players, sectorsPerPlayer: perPlayer, rng: seededDie(players * 1009 + perPlayer) }).map;
  b.do('u1', { type: 'map-import', json: JSON.stringify(map) });
  for (const id of ids) b.do(id, { type: 'map-approve' });
  b.forced.push(...ids.map((_, i) => 999 - i * 37));
  b.do('u1', { type: 'start' });
  for (const [i, id] of ids.entries()) {
    const code = EMPIRES[i]!.code;
    for (const unit of [`${code}-CA`, `${code}-FF`]) b.do(id, { type: 'setup-buy', unitId: unit, fleetSlot: 1 });
  }
  for (const id of ids) {
    if (b.state!.players.find((p) => p.id === id)!.defenseAllowance !== '0')
      b.do(id, { type: 'setup-defender', unitId: 'NEU-MON' });
    b.do(id, { type: 'setup-ready', ready: true });
  }
  return b.state!;
}

/**
 * `campaignWithSectors` built in a worker thread: generating a map of 300 sectors and playing it to
 * the first turn holds a thread 300–700 ms, and the bench's whole-run event-loop figure counts its
 * own setup too (docs/performance.md, "Nothing blocks the event loop"). The state comes back by
 * structured clone.
 */
export function campaignWithSectorsOffThread(players: number, perPlayer: number): Promise<CampaignState> {
  const worker = startWorker(new URL('./render-states-worker.ts', import.meta.url), { players, perPlayer });
  return new Promise<CampaignState>((resolve, reject) => {
    worker.once('message', (state: CampaignState) => {
      resolve(state);
      void worker.terminate();
    });
    worker.once('error', reject);
    worker.once('exit', (code) => reject(new Error(`campaign state worker exited with code ${code}`)));
  });
}

/** The first player of a small campaign given 10 fleets of three ships each (copies of fleet 1, test surgery). */
export function tenFleetNavy(): { state: CampaignState; playerId: string; catalog: UnitCatalog } {
  const state = structuredClone(campaignWithSectors(8, 8));
  const playerId = 'u1';
  const model = state.fleets.find((f) => f.owner === playerId)!;
  const ship = state.ships.find((s) => s.owner === playerId)!;
  const code = EMPIRES[0]!.code;
  const units = [`${code}-CA`, `${code}-FF`, `${code}-FF`];
  state.fleets = state.fleets.filter((f) => f.owner !== playerId);
  state.ships = state.ships.filter((s) => s.owner !== playerId);
  for (let slot = 1; slot <= 10; slot++) {
    const id = `BF${slot}`;
    state.fleets.push({ ...model, id, slot });
    units.forEach((unitId, k) => state.ships.push({ ...ship, id: `BS${slot}-${k}`, unitId, fleetId: id }));
  }
  return { state, playerId, catalog: sampleCatalog() };
}
