/**
 * The campaign simulator (docs/performance.md, "The campaign simulator"): plays a whole
 * Thunderdome III campaign through the app path (`runCommand`, as the playground and the bot do)
 * for 2–12 players on a generated map, from a seed. Each step one player gives an order chosen at
 * random among what autocomplete would offer them (their fleets, the lanes out of a fleet's sector,
 * their empire's units: src/discord/autocomplete.ts), or the clock moves on and the scheduler
 * (`runDue`, injected clock) applies what fell due: expired turns and forfeits, battle clocks,
 * vote closes. Battles are opened by moves, and settled with random results the sides propose and
 * accept or reject. The rules decide what is legal; the simulator judges, after every command:
 *  - every ship is in exactly one place (one fleet of its owner's in the fleet's sector, or a dry
 *    dock, never both), ids are unique, every owner is a player of the campaign;
 *  - banks are never negative (UTD4.3236) and order points never overspent (UTD6.2) unless the
 *    turn is locked by pre-spent retreat points (UTD7.46723);
 *  - the stored state is the replay of the stored log;
 *  - a refused command changed nothing (state, version, seeds, events, deadlines).
 * A failure names the seed and the command, so `npm run simulate -- --seed …` replays it.
 *
 * Tools, tests and the bench use it; the bot never imports it (test/layers.test.ts).
 */
import { createHash } from 'node:crypto';
import { Decimal } from 'decimal.js';
import pino from 'pino';
import { VirtualClock } from '../clock.ts';
import { catalogSource } from '../app/catalogs.ts';
import { sequentialIds, type AppContext } from '../app/context.ts';
import { stateLayout } from '../app/rulesets.ts';
import { runCommand, type CommandInput } from '../app/run-command.ts';
import { runDue } from '../app/scheduler.ts';
import { findCampaignByChannel } from '../db/campaign-repo.ts';
import type { Database } from '../db/client.ts';
import { defenseVariantChoices, unitChoices } from '../discord/autocomplete.ts';
import { adjacentSectors, opsLeft } from '../rules/thunderdome/orders.ts';
import { EMPIRES } from '../rules/thunderdome/empires.ts';
import { EXPLORATION_ANSWERS } from '../rules/thunderdome/exploration-offer.ts';
import { replay, type Actor, type CampaignState, type UnitCatalog } from '../rules/thunderdome/index.ts';
import {
  HOUR,
  type SimFailure,
  SimulationFailed,
  type Where,
  actorOf,
  leftDue,
  replayProblem,
  runJudged,
} from './common.ts';
import { SimRng } from './random.ts';

export { type SimFailure, SimulationFailed } from './common.ts';

export interface SimOptions {
  database: Database;
  seed: string;
  /** 2–12 (UTD8.1); drawn from the seed when absent. */
  players?: number;
  /** Commands to give after the setup (accepted or refused; scheduler passes count as one). */
  commands: number;
  /** Check replay = stored state every this many commands (1: after each; the log grows, so long runs space it). */
  replayEvery?: number;
  /** Called after each step, for progress output. */
  onStep?: (step: number, report: SimReport) => void;
  /** Stop once the campaign has this many resolved battles (the bench's aged campaign). */
  untilResolvedBattles?: number;
  start?: string;
}

export interface SimReport {
  seed: string;
  players: number;
  steps: number;
  accepted: number;
  refused: number;
  schedulerPasses: number;
  scheduled: number;
  battlesOpened: number;
  battlesResolved: number;
  halfCycles: number;
  events: number;
  status: CampaignState['status'] | null;
  /** Accepted commands by type, to see what the run exercised. */
  byType: Record<string, number>;
  failure: SimFailure | null;
}

const PLAYABLE = EMPIRES.filter((e) => e.key !== 'tholian').map((e) => e.key);
const TARGET = { guildId: 'sim-guild', channelId: 'sim-channel' };

type Step = { actor: Actor; command: CommandInput } | { advanceMs: number };

/** A simulated campaign, step by step; `run` plays it to the end of its budget. */
export class CampaignSimulator {
  readonly rng: SimRng;
  readonly app: AppContext & { clock: VirtualClock };
  readonly report: SimReport;
  private state: CampaignState | null = null;
  private catalog: UnitCatalog | null = null;
  private readonly userIds: string[];

  constructor(private readonly opts: SimOptions) {
    this.rng = new SimRng(opts.seed);
    const players = opts.players ?? this.rng.between(2, 12);
    if (players < 2 || players > 12) throw new Error('the simulator plays 2 to 12 players (UTD8.1)');
    const seedOf = (n: number) => createHash('sha256').update(`${opts.seed}:campaign-seed:${n}`).digest('hex');
    let seeds = 0;
    this.app = {
      database: opts.database,
      clock: new VirtualClock(opts.start ?? '2026-11-21T12:00:00Z'),
      log: pino({ level: 'silent' }),
      ids: sequentialIds(`5a5a0000-0000-4000-8000-`),
      seeds: { newSeed: () => seedOf(++seeds) },
      catalogs: catalogSource(opts.database),
      testHooks: null,
    };
    this.userIds = Array.from({ length: players }, (_, i) => `sim-p${i + 1}`);
    this.report = {
      seed: opts.seed,
      players,
      steps: 0,
      accepted: 0,
      refused: 0,
      schedulerPasses: 0,
      scheduled: 0,
      battlesOpened: 0,
      battlesResolved: 0,
      halfCycles: 0,
      events: 0,
      status: null,
      byType: {},
      failure: null,
    };
  }

  /** Plays the campaign; throws SimulationFailed at the first broken invariant. */
  async run(): Promise<SimReport> {
    await this.setup();
    for (let i = 0; i < this.opts.commands; i++) {
      if (this.state?.status === 'finished') break;
      if (this.opts.untilResolvedBattles !== undefined && this.report.battlesResolved >= this.opts.untilResolvedBattles)
        break;
      await this.step(this.next(), (i + 1) % (this.opts.replayEvery ?? 1) === 0);
      this.opts.onStep?.(this.report.steps, this.report);
    }
    await this.check({ step: this.report.steps, actor: '-', command: '(end of run)' }, true);
    return this.report;
  }

  /** Registration and setup: every seat joins, the map is generated and approved, the game starts. */
  private async setup(): Promise<void> {
    const empires: string[] = [...PLAYABLE];
    for (let i = empires.length - 1; i > 0; i--) {
      const j = this.rng.int(i + 1);
      [empires[i], empires[j]] = [empires[j]!, empires[i]!];
    }
    await this.must(this.userIds[0]!, { type: 'create', name: `Simulated ${this.opts.seed}` });
    for (const [i, u] of this.userIds.entries()) await this.must(u, { type: 'join', empire: empires[i]! });
    await this.must(this.userIds[0]!, { type: 'map-generate', sectorsPerPlayer: this.rng.between(3, 6) });
    for (const u of this.userIds) await this.must(u, { type: 'map-approve' });
    await this.must(this.userIds[0]!, { type: 'start' });
    await this.refresh();
  }

  private async must(userId: string, command: CommandInput): Promise<void> {
    const r = await runCommand(this.app, { target: TARGET, actor: actorOf(userId), command });
    if (!r.ok) throw new Error(`simulated setup refused ${command.type} by ${userId}: ${r.error.message}`);
    this.report.steps++;
  }

  /** What happens next: a player's command (as autocomplete would offer it), or time passing. */
  private next(): Step {
    const s = this.state!;
    const r = this.rng;
    if (s.status === 'setup') return this.setupStep(s);
    const live = s.players.filter((p) => p.status === 'active').map((p) => p.id);
    const open = s.battles.filter((b) => b.status === 'open');
    // Time passes now and then, and whenever nothing else can move (a turn waiting for its clock).
    if (r.chance(open.length > 0 ? 0.12 : 0.06)) return { advanceMs: r.pick([1, 6, 25, 49, 7 * 24 + 1]) * HOUR };
    if (open.length > 0 && r.chance(0.7)) {
      const step = this.battleStep(s, r.pick(open));
      if (step) return step;
    }
    const turn = s.turn;
    const mover = turn && r.chance(0.85) ? turn.playerId : r.pick(live.length ? live : this.userIds);
    const command = this.orderFor(s, mover);
    return { actor: actorOf(mover), command };
  }

  private setupStep(s: CampaignState): Step {
    const r = this.rng;
    const waiting = s.players.filter((p) => !p.ready);
    if (waiting.length === 0) return { advanceMs: HOUR };
    const p = r.pick(waiting);
    const units = unitChoices(s, p.id, this.catalog!).map((c) => c.value);
    const defenders = defenseVariantChoices(s, p.id, this.catalog!).map((c) => c.value);
    const mine = s.ships.filter((x) => x.owner === p.id);
    const command = r.weighted<() => CommandInput>([
      [mine.length < 3 ? 6 : 2, () => ({ type: 'setup-buy', unitId: r.pick(units), fleetSlot: r.pick([null, 1, 2]) })],
      [
        new Decimal(p.defenseAllowance).gt(0) && defenders.length ? 2 : 0,
        () => ({ type: 'setup-defender', unitId: r.pick(defenders) }),
      ],
      [mine.length ? 0.5 : 0, () => ({ type: 'setup-return', shipId: r.pick(mine).id })],
      [mine.length >= 2 ? 3 : 0.5, () => ({ type: 'setup-ready', ready: true })],
    ])();
    return { actor: actorOf(p.id), command };
  }

  /** A player's order, from the choices autocomplete offers them (fleets by slot, adjacent sectors). */
  private orderFor(s: CampaignState, userId: string): CommandInput {
    const r = this.rng;
    const fleets = s.fleets.filter((f) => f.owner === userId);
    const sectors = s.map?.sectors.map((x) => x.key) ?? [];
    const fleet = fleets.length ? r.pick(fleets) : null;
    const slot = fleet ? String(fleet.slot) : '1';
    const lanes = fleet ? adjacentSectors(s, fleet.sector) : [];
    const ships = s.ships.filter((x) => x.owner === userId && x.fleetId);
    return r.weighted<() => CommandInput>([
      [lanes.length ? 30 : 0, () => ({ type: 'move', fleet: slot, to: r.pick(lanes) })],
      [12, () => ({ type: 'end-turn' })],
      [3, () => ({ type: 'establish', fleet: slot, kind: r.pick(['colony', 'mine', 'fort'] as const) })],
      [3, () => ({ type: 'buy-ops', kind: 'temporary', count: 1 })],
      [0.3, () => ({ type: 'buy-ops', kind: 'permanent', count: 1 })],
      [3, () => ({ type: 'undo' })],
      [4, () => ({ type: 'explore-choice', answer: r.pick(EXPLORATION_ANSWERS) })],
      [
        1,
        () => ({
          type: 'balancing',
          mode: r.pick(['none', 'mineral', 'life', 'choose-life', 'choose-mineral'] as const),
        }),
      ],
      [1, () => ({ type: 'siege', fleet: slot, desperation: r.pick([0, 0, 1, 2]) })],
      [1, () => ({ type: 'buy-fleets', count: 1 })],
      [
        ships.length && fleets.length > 1 ? 2 : 0,
        () => {
          const ship = r.pick(ships);
          const into = r.pick(fleets.filter((f) => f.id !== ship.fleetId));
          const from = fleets.find((f) => f.id === ship.fleetId)!;
          return { type: 'organize', from: String(from.slot), to: String(into.slot), ships: ship.id };
        },
      ],
      [
        ships.length ? 0.3 : 0,
        () => {
          const ship = r.pick(ships);
          return { type: 'scrap', fleet: String(fleets.find((f) => f.id === ship.fleetId)!.slot), ships: ship.id };
        },
      ],
      [sectors.length ? 1 : 0, () => ({ type: 'name-sector', sector: r.pick(sectors), name: `Sim ${r.int(1000)}` })],
      [sectors.length ? 0.5 : 0, () => ({ type: 'disavow', sector: r.pick(sectors), disavowed: r.chance(0.5) })],
      [1, () => ({ type: 'roll', expression: r.pick(['1d6', '2d6', '3d6', '1d1000']) })],
      [0.5, () => ({ type: 'vote-extension', days: r.between(1, 3) })],
      [0.5, () => ({ type: 'extend-turn', realLife: r.chance(0.5) })],
      // Leaving the game is rare: a forfeit by resignation or concession (UTD3.9).
      [0.05, () => ({ type: 'resign' })],
      [0.03, () => ({ type: 'concede' })],
    ])();
  }

  /** A battle's next move: fleet selection, a proposed result, an answer to it, a volunteer runner. */
  private battleStep(s: CampaignState, b: CampaignState['battles'][number]): Step | null {
    const r = this.rng;
    const humans = b.sides.filter((x) => x !== 'npe');
    if (humans.length === 0) return null;
    const side = r.pick(humans);
    const battle = b.id;
    switch (b.stage) {
      case 'fleet-selection': {
        const here = s.fleets.filter((f) => f.owner === side && f.sector === b.sector);
        const fleet = here.length && r.chance(0.8) ? String(r.pick(here).slot) : null;
        return { actor: actorOf(side), command: { type: 'battle-fleet', battle, fleet, units: [] } };
      }
      case 'awaiting-runner': {
        const outsiders = s.players.filter((p) => p.status === 'active' && !b.sides.includes(p.id));
        return outsiders.length
          ? { actor: actorOf(r.pick(outsiders).id), command: { type: 'battle-volunteer', battle } }
          : null;
      }
      case 'result-proposed':
      case 'negotiating':
        return {
          actor: actorOf(side),
          command: r.chance(0.8) ? { type: 'battle-accept', battle } : { type: 'battle-reject', battle },
        };
      case 'awaiting-lane': {
        const lanes = adjacentSectors(s, b.sector);
        return lanes.length
          ? { actor: actorOf(side), command: { type: 'battle-lane', battle, to: r.pick(lanes) } }
          : null;
      }
      default: {
        // A result: a random winner among the sides, some of the losers' units destroyed or crippled,
        // sometimes a retreat to an adjacent sector (the rules refuse what is not legal).
        const winner = r.pick(b.sides);
        const lost = b.participants.filter((p) => p.side !== winner).flatMap((p) => p.units);
        const destroyed = r.some(lost, 0.3);
        const crippled = r.some(
          lost.filter((u) => !destroyed.includes(u)),
          0.3,
        );
        const lanes = adjacentSectors(s, b.sector);
        return {
          actor: actorOf(side),
          command: {
            type: 'battle-propose',
            battle,
            kind: r.chance(0.8) ? 'negotiated' : 'report',
            result: {
              winner,
              destroyed,
              crippled,
              wrecked: [],
              captured: [],
              retreat: lanes.length && r.chance(0.3) ? r.pick(lanes) : null,
              provisional: [],
              planetDamage: 0,
              note: 'simulated',
            },
          },
        };
      }
    }
  }

  private async step(step: Step, replayToo: boolean): Promise<void> {
    const index = this.report.steps++;
    if ('advanceMs' in step) {
      this.app.clock.advance(step.advanceMs);
      const outcomes = await runDue(this.app);
      this.report.schedulerPasses++;
      this.report.scheduled += outcomes.filter((o) => o.result.ok).length;
      const where = { step: index, actor: 'scheduler', command: `advance ${step.advanceMs / HOUR} h` };
      const due = await leftDue(this.app);
      if (due) this.fail(where, due);
      await this.check(where, replayToo);
      return;
    }
    const where = { step: index, actor: step.actor.userId, command: JSON.stringify(step.command) };
    const run = await runJudged(this.app, TARGET, step.actor, step.command);
    if (run.kind === 'broken') this.fail(where, run.problem);
    if (run.kind === 'accepted') {
      this.report.accepted++;
      this.report.byType[step.command.type] = (this.report.byType[step.command.type] ?? 0) + 1;
    } else this.report.refused++;
    await this.check(where, replayToo);
  }

  private fail(where: Where, problem: string): never {
    this.report.failure = { seed: this.opts.seed, ...where, problem };
    throw new SimulationFailed(this.report.failure);
  }

  private async refresh(): Promise<CampaignState> {
    const row = await findCampaignByChannel(this.app.database.db, TARGET.channelId, stateLayout);
    if (!row) throw new Error('the simulated campaign is not stored');
    this.state = row.state;
    this.catalog ??= await this.app.catalogs.get(row.state.catalogVersion);
    return row.state;
  }

  /** The invariants, on the stored campaign. */
  private async check(where: Where, replayToo: boolean): Promise<void> {
    const row = await findCampaignByChannel(this.app.database.db, TARGET.channelId, stateLayout);
    if (!row) this.fail(where, 'the campaign is gone');
    const s = row.state;
    const before = this.state;
    this.state = s;
    this.report.events = row.version;
    this.report.halfCycles = s.halfCycles;
    this.report.status = s.status;
    const opened = s.battles.length;
    const resolved = s.battles.filter((b) => b.status === 'resolved').length;
    this.report.battlesOpened = Math.max(this.report.battlesOpened, opened);
    this.report.battlesResolved = Math.max(this.report.battlesResolved, resolved);
    const problem = invariantProblem(s);
    if (problem) this.fail(where, problem);
    if (before && before.status !== 'setup' && s.status === 'setup')
      this.fail(where, 'the campaign went back to setup');
    if (replayToo) {
      const problem = await replayProblem(this.app.database, row, replay);
      if (problem) this.fail(where, problem);
    }
  }
}

/** The first broken invariant of a state, or null (see the module comment). */
export function invariantProblem(s: CampaignState): string | null {
  const players = new Set(s.players.map((p) => p.id));
  const sectors = new Set(s.map?.sectors.map((x) => x.key) ?? []);
  const fleets = new Map(s.fleets.map((f) => [f.id, f]));
  if (fleets.size !== s.fleets.length) return 'two fleets share an id';
  const slots = new Set<string>();
  for (const f of s.fleets) {
    if (!players.has(f.owner)) return `fleet ${f.id} belongs to ${f.owner}, who is not a player`;
    if (slots.has(`${f.owner}:${f.slot}`)) return `${f.owner} has two fleets in slot ${f.slot}`;
    slots.add(`${f.owner}:${f.slot}`);
    if (sectors.size && !sectors.has(f.sector)) return `fleet ${f.id} is in ${f.sector}, not a sector of the map`;
  }
  const shipIds = new Set<string>();
  for (const ship of s.ships) {
    if (shipIds.has(ship.id)) return `ship ${ship.id} is in two places (listed twice)`;
    shipIds.add(ship.id);
    if (!players.has(ship.owner)) return `ship ${ship.id} belongs to ${ship.owner}, who is not a player`;
    if (ship.fleetId && ship.dock) return `ship ${ship.id} is both in fleet ${ship.fleetId} and in dry dock`;
    if (ship.fleetId) {
      const f = fleets.get(ship.fleetId);
      if (!f) return `ship ${ship.id} is in fleet ${ship.fleetId}, which does not exist`;
      if (f.owner !== ship.owner) return `ship ${ship.id} of ${ship.owner} is in fleet ${f.id} of ${f.owner}`;
      if (f.sector !== ship.sector)
        return `ship ${ship.id} is in ${ship.sector} but its fleet ${f.id} is in ${f.sector}`;
    }
  }
  for (const b of s.bases) if (!players.has(b.owner)) return `base ${b.id} belongs to ${b.owner}, who is not a player`;
  for (const x of s.map?.sectors ?? [])
    if (x.owner !== null && !players.has(x.owner)) return `sector ${x.key} is owned by ${x.owner}, who is not a player`;
  for (const p of s.players)
    if (new Decimal(p.bank).lt(0)) return `${p.id}'s bank is ${p.bank}, below zero (UTD4.3236)`;
  const t = s.turn;
  if (t) {
    if (!players.has(t.playerId)) return `the turn belongs to ${t.playerId}, who is not a player`;
    if (t.opsSpent < 0) return `order points spent this turn are ${t.opsSpent}`;
    if (!t.locked && opsLeft(t) < 0)
      return `${t.playerId} spent ${t.opsSpent} order points, more than the turn has (UTD6.2)`;
  }
  return null;
}

/** Plays one campaign (see CampaignSimulator). */
export function simulate(opts: SimOptions): Promise<SimReport> {
  return new CampaignSimulator(opts).run();
}
