import { createHash } from 'node:crypto';
import { refuse } from '../rules/errors.ts';
import {
  battleIntensityRating,
  ODDS_LIMITS,
  oddsSimulation,
  type OddsAnswer,
  type OddsRequest,
  type OddsSimulation,
} from '../rules/sidcors/index.ts';
import { quickForces, sidcorsOptionsOf } from '../rules/thunderdome/battles/quick.ts';
import { unitName } from '../rules/thunderdome/battles/common.ts';
import type { Battle } from '../rules/thunderdome/index.ts';
import { findBattle } from './battles.ts';
import { campaignInChannel } from './campaigns.ts';
import type { AppContext } from './context.ts';
import { guarded, type Outcome } from './errors.ts';

/**
 * `/battle odds` (research digest §A.2.14): the spread of outcomes of a SIDCORS quick resolution
 * of a battle, from its two declared fleets (or, once a quick resolution is under way, from where
 * it stands) and the campaign's SIDCORS settings. Many simulated battles, each with dice from a
 * seeded generator that is not the campaign's: it reads the campaign and changes nothing — no
 * event, no state, no committed dice — so two sides can negotiate a result or agree to SIDCORS
 * knowing the odds. The same seed gives the same answer.
 */
export interface OddsQuery {
  battle: string;
  /** Intensity assumed for each side every round (default 2 each, BIR 4). */
  attackerIntensity?: number;
  defenderIntensity?: number;
  /** Rounds fought before the sides stop (default 3). */
  rounds?: number;
  /** Simulated battles (default 500). */
  runs?: number;
  seed?: number;
}

export const ODDS_DEFAULTS = { intensity: 2, rounds: 3, runs: 500 } as const;
export { ODDS_LIMITS };

export interface PreparedOdds {
  battle: Battle;
  /** The unit names, by id, as the campaign names them now. */
  names: Record<string, string>;
  /** Rounds already fought in a quick resolution under way. */
  underway: number;
  request: OddsRequest;
  /** Built (and its limits checked) here; `runOdds` runs it. */
  simulation: OddsSimulation;
}

export interface BattleOdds extends Omit<PreparedOdds, 'simulation'> {
  answer: OddsAnswer;
}

/** A seed of the battle and how far it stands, so that asking twice gives the same answer. */
function defaultSeed(b: Battle): number {
  const digest = createHash('sha256')
    .update(`${b.id}:${b.quick?.rounds.length ?? 0}`)
    .digest();
  return digest.readUInt32BE(0);
}

/** Checks the question and builds the simulation's input: cheap, so a refusal can still be private. */
export async function prepareOdds(app: AppContext, channelId: string, q: OddsQuery): Promise<Outcome<PreparedOdds>> {
  const state = await campaignInChannel(app, channelId);
  if (!state)
    return {
      ok: false,
      error: { code: 'campaign/none', rule: 'UTD8.1', message: 'There is no campaign in this channel.' },
    };
  const found = findBattle(state, q.battle);
  if (!found.ok) return found;
  const b = found.value;
  const catalog = await app.catalogs.get(state.catalogVersion);
  return guarded((): PreparedOdds => {
    if (b.status !== 'open') refuse('quick/closed', 'SIDCORS (A.2.14)', `Battle ${b.id} is already resolved.`);
    if (b.sides.length !== 2)
      refuse('quick/two-sides', 'SIDCORS (A.2.14)', 'SIDCORS resolves battles between two sides.');
    if (b.participants.some((p) => p.units.length === 0))
      refuse(
        'quick/no-fleets',
        'UTD7.421',
        `Battle ${b.id} has no fighting fleet on every side yet; the odds need both.`,
        'Each side names its fleet with `/battle fleet`.',
      );
    const bif = {
      A: q.attackerIntensity ?? ODDS_DEFAULTS.intensity,
      B: q.defenderIntensity ?? ODDS_DEFAULTS.intensity,
    };
    battleIntensityRating(bif);
    const units = b.quick?.units ?? quickForces(state, catalog, b);
    const underway = b.quick?.rounds.length ?? 0;
    const names = Object.fromEntries(units.map((u) => [u.id, unitName(state, u.id)]));
    const request: OddsRequest = {
      units,
      attacker: 'A',
      options: sidcorsOptionsOf(state.settings),
      bif,
      rounds: q.rounds ?? ODDS_DEFAULTS.rounds,
      runs: q.runs ?? ODDS_DEFAULTS.runs,
      seed: q.seed ?? defaultSeed(b),
      ...(b.quick && underway > 0 ? { resume: { roundsFought: underway, carry: b.quick.carry } } : {}),
    };
    return { battle: b, names, underway, request, simulation: oddsSimulation(request) };
  });
}

/** Battles simulated between two turns of the event loop. */
const SLICE = 20;

/** Runs the simulation in slices, giving the event loop back between them. */
export async function runOdds(prepared: PreparedOdds): Promise<BattleOdds> {
  const { simulation, ...rest } = prepared;
  while (!simulation.done) {
    simulation.run(SLICE);
    await new Promise<void>((resolve) => setImmediate(resolve));
  }
  return { ...rest, answer: simulation.answer() };
}
