/**
 * The campaign simulator for Star Fleet Warlord (docs/performance.md, "The campaign simulator"):
 * plays a whole game through the app path (`runCommand`, as the bot does) for 2–N corporations on
 * a generated galaxy, from a seed. Each step one corporation's player submits (or revises) a random
 * order sheet built from what its corporation knows — its ships, the hexes adjacent to them, the
 * sites its view shows, the purchases it can afford (the rules' own `sectorView`, `neighbours`,
 * `purchasePrice`, `checkSheet`) — sometimes with malformed lines, which must be reported by line
 * and the rest kept (§4.6, §9.1); or someone who may not acts (a stranger's sheet, a late sheet, an
 * early turn), which must be refused without change; or the clock passes the deadline and the
 * scheduler (`runDue`) processes the turn, the missing sheets waived (§11.4). After every command:
 *  - every ship is listed once, in a hex of the galaxy, alive, owned by a live corporation or the
 *    computer forces (§2.20, §11.2);
 *  - no treasury below zero beyond what the rules let spends take it (BO, §9.9, and toll zones,
 *    App E: the simulator bounds both from the sheets it sent and the ships present), loans and
 *    stock not negative;
 *  - site production inside its SITE_TABLE range (T4, §6) and prices whole, at or above the S&D
 *    floor (§3.4);
 *  - fog of war (§8, §11.3): a corporation's knowledge names only sectors it was shown (its home,
 *    its sites' sectors, and the 3×3 block of sectors around each sector its ships were in, since
 *    a turn's six pulses move six hexes of a 16-hex sector), and its views hold no hex or ship
 *    beyond its knowledge;
 *  - the waived corporations of a processed turn are exactly those without a sheet (§11.4);
 *  - the stored state is the replay of the stored log; a refused command changed nothing; after a
 *    scheduler pass nothing is left due.
 * A failure names the seed, the step and the command (`npm run simulate -- --ruleset warlord --seed …`).
 *
 * Tools and tests use it; the bot never imports it (test/layers.test.ts).
 */
import { createHash } from 'node:crypto';
import pino from 'pino';
import { catalogSource } from '../app/catalogs.ts';
import { type AppContext, sequentialIds } from '../app/context.ts';
import type { CommandInput } from '../app/run-command.ts';
import { runDue } from '../app/scheduler.ts';
import { WARLORD_RULESET, type WarlordCampaign } from '../app/warlord-types.ts';
import { VirtualClock } from '../clock.ts';
import type { Database } from '../db/client.ts';
import { SAMPLE_CATALOG, type ShipType } from '../rules/warlord/catalog.ts';
import { checkSheet } from '../rules/warlord/check.ts';
import { RESOURCES } from '../rules/warlord/tables.ts';
import { ep, purchasePrice, roundHalfUp } from '../rules/warlord/economy.ts';
import { gameCatalog } from '../rules/warlord/galaxy.ts';
import { type SectorId, addressName, hexDistance, hexName, neighbours, sectorName } from '../rules/warlord/hex.ts';
import { parseSheet } from '../rules/warlord/orders.ts';
import { type SheetEdit, blankSheet, editSheet } from '../rules/warlord/sheet-edit.ts';
import { activePulses, speed } from '../rules/warlord/ships.ts';
import { MONSTER_CORP, type WarlordState } from '../rules/warlord/state.ts';
import { LIMITS, SITE_TABLE } from '../rules/warlord/tables.ts';
import { sectorView } from '../rules/warlord/view.ts';
import {
  HOUR,
  type SimFailure,
  SimulationFailed,
  type Where,
  actorOf,
  leftDue,
  replayProblem,
  runJudged,
  storedCampaign,
} from './common.ts';
import { SimRng } from './random.ts';

export interface WarlordSimOptions {
  database: Database;
  seed: string;
  /** 2–8 corporations; drawn from the seed when absent. */
  corps?: number;
  /** Commands and scheduler passes after the setup. */
  commands: number;
  /** Check replay = stored state every this many steps (1: after each). */
  replayEvery?: number;
  onStep?: (step: number, report: WarlordSimReport) => void;
  start?: string;
}

export interface WarlordSimReport {
  seed: string;
  corps: number;
  galaxy: string;
  steps: number;
  accepted: number;
  refused: number;
  schedulerPasses: number;
  turnsProcessed: number;
  sheetsSubmitted: number;
  sheetsWaived: number;
  /** Small edits accepted (`warlord-edit`). */
  edits: number;
  malformedLines: number;
  shipsBought: number;
  battles: number;
  events: number;
  status: WarlordCampaign['status'] | null;
  /** Refusals by code, to see what the run exercised. */
  refusals: Record<string, number>;
  failure: SimFailure | null;
}

const TARGET = { guildId: 'sim-guild', channelId: 'sim-warlord' };
const REPLAY_ARGS = '--ruleset warlord';

/**
 * Lines that are malformed on purpose, each with the reason the parser must give (§4.6: reported
 * with its line number, the rest of the sheet kept).
 */
const MALFORMED: readonly string[] = [
  'FA 75 50',
  'CT 12 3',
  'PS Q XX',
  'A% 10',
  'RO MAYBE',
  'EC 1',
  'NH "toolong"',
  'ZZ top',
  'BF',
  'FS 0101',
  'PS F',
];

type Step =
  | {
      actor: string;
      command: CommandInput;
      expect?: 'refused';
      sheet?: Planned;
      /** An edit's sheet as the rules' `editSheet` gives it: what must be stored. */
      edited?: string;
    }
  | { advanceMs: number };

/** A generated sheet: its text and the line numbers that are malformed on purpose. */
interface Planned {
  text: string;
  malformed: number[];
  bo: number;
}

export class WarlordSimulator {
  readonly rng: SimRng;
  readonly app: AppContext & { clock: VirtualClock };
  readonly report: WarlordSimReport;
  private campaign: WarlordCampaign | null = null;
  private readonly userIds: string[];
  private catalog: Map<string, ShipType> | null = null;
  /** Sectors each corporation was shown (fog of war), kept from every state the simulator saw. */
  private readonly shown = new Map<number, Set<string>>();
  /** How far below zero each corporation's treasury may go (BO and toll zones so far). */
  private readonly negativeAllowance = new Map<number, number>();
  /** BO lines in each corporation's sheet of this turn. */
  private readonly boThisTurn = new Map<number, number>();
  private lastTurn = -1;

  constructor(private readonly opts: WarlordSimOptions) {
    this.rng = new SimRng(opts.seed);
    const corps = opts.corps ?? this.rng.between(2, 6);
    if (corps < 2 || corps > 8) throw new Error('the Warlord simulator plays 2 to 8 corporations (§11.8)');
    const seedOf = (n: number) => createHash('sha256').update(`${opts.seed}:warlord-seed:${n}`).digest('hex');
    let seeds = 0;
    this.app = {
      database: opts.database,
      clock: new VirtualClock(opts.start ?? '2026-11-21T12:00:00Z'),
      log: pino({ level: 'silent' }),
      ids: sequentialIds('5a5b0000-0000-4000-8000-'),
      seeds: { newSeed: () => seedOf(++seeds) },
      catalogs: catalogSource(opts.database),
      testHooks: null,
    };
    this.userIds = Array.from({ length: corps }, (_, i) => `wl-p${i + 1}`);
    this.report = {
      seed: opts.seed,
      corps,
      galaxy: '',
      steps: 0,
      accepted: 0,
      refused: 0,
      schedulerPasses: 0,
      turnsProcessed: 0,
      sheetsSubmitted: 0,
      sheetsWaived: 0,
      edits: 0,
      malformedLines: 0,
      shipsBought: 0,
      battles: 0,
      events: 0,
      status: null,
      refusals: {},
      failure: null,
    };
  }

  async run(): Promise<WarlordSimReport> {
    await this.setup();
    for (let i = 0; i < this.opts.commands; i++) {
      if (this.campaign?.status === 'over') break;
      await this.step(this.next(), (i + 1) % (this.opts.replayEvery ?? 1) === 0);
      this.opts.onStep?.(this.report.steps, this.report);
    }
    await this.check({ step: this.report.steps, actor: '-', command: '(end of run)' }, true);
    return this.report;
  }

  private async setup(): Promise<void> {
    const r = this.rng;
    await this.must(this.userIds[0]!, { type: 'create', name: `Warlord ${this.opts.seed}`, ruleset: WARLORD_RULESET });
    for (const [i, u] of this.userIds.entries())
      await this.must(u, { type: 'warlord-join', corpName: `Sim Corp ${i + 1}` });
    const width = r.between(4, 5);
    const height = r.between(4, 5);
    this.report.galaxy = `${width}×${height}`;
    await this.must(this.userIds[0]!, {
      type: 'warlord-start',
      width,
      height,
      turnHours: r.pick([24, 48, 168]),
    } as never);
    await this.check({ step: this.report.steps, actor: '-', command: '(setup)' }, true);
  }

  private async must(userId: string, command: unknown): Promise<void> {
    const run = await runJudged(this.app, TARGET, actorOf(userId), command as CommandInput);
    if (run.kind !== 'accepted')
      throw new Error(
        `simulated setup: ${JSON.stringify(command)} by ${userId}: ${run.kind === 'refused' ? run.message : run.problem}`,
      );
    this.report.steps++;
  }

  /** What happens next: a sheet, something that must be refused, or time passing. */
  private next(): Step {
    const c = this.campaign!;
    const game = c.game!;
    const r = this.rng;
    const live = c.players.filter((p) => !game.corps.find((x) => x.id === p.corp)?.eliminated);
    const late = c.deadline !== null && Date.parse(c.deadline) <= this.app.clock.now().getTime();
    const allIn = live.every((p) => c.sheets[String(p.corp)] !== undefined);
    if (late || r.chance(0.12)) {
      // Sometimes a sheet arrives just after the deadline (refused: waived, §11.4) before the pass.
      if (late && r.chance(0.3) && live.length > 0) {
        const p = r.pick(live);
        return { actor: p.userId, command: { type: 'warlord-submit', text: '# late' } as never, expect: 'refused' };
      }
      const toDeadline = c.deadline ? Date.parse(c.deadline) - this.app.clock.now().getTime() : HOUR;
      return { advanceMs: r.chance(0.6) ? Math.max(HOUR, toDeadline) : r.pick([1, 6, 12]) * HOUR };
    }
    if (allIn && game.settings.processWhenAllIn && r.chance(0.5))
      return { actor: r.pick(live).userId, command: { type: 'warlord-process' } as never };
    const roll = r.int(100);
    if (roll < 4)
      return { actor: 'wl-stranger', command: { type: 'warlord-submit', text: 'PR F' } as never, expect: 'refused' };
    if (roll < 8 && !allIn)
      return { actor: r.pick(this.userIds), command: { type: 'warlord-process' } as never, expect: 'refused' };
    if (roll < 10)
      return {
        actor: r.pick(this.userIds),
        command: { type: 'warlord-join', corpName: 'Too Late Inc' } as never,
        expect: 'refused',
      };
    if (roll < 18 && live.length > 0) return this.editFor(game, r.pick(live));
    // Most sheets come from corporations that have none in yet; some revise theirs; some never send one.
    const missing = live.filter((p) => c.sheets[String(p.corp)] === undefined && !this.lazy(p.corp, game.turn));
    const p = missing.length > 0 && r.chance(0.8) ? r.pick(missing) : r.pick(live.length ? live : c.players);
    const sheet = this.sheetFor(game, p.corp);
    return { actor: p.userId, command: { type: 'warlord-submit', text: sheet.text } as never, sheet };
  }

  /**
   * A small edit of a sheet (`/warlord order`, `/warlord misc`): a slot of one of its ships, a misc
   * order added (sometimes malformed: refused, §9.1) or removed (sometimes past the last: refused).
   */
  private editFor(game: WarlordState, player: WarlordCampaign['players'][number]): Step {
    const r = this.rng;
    const c = this.campaign!;
    const current = c.sheets[String(player.corp)] ?? blankSheet(game, player.corp, this.catalog!);
    const ships = game.ships.filter((s) => s.owner === player.corp && speed(s) > 0);
    const kind = r.int(3);
    let edit: SheetEdit;
    if (kind === 0 && ships.length > 0) {
      const ship = r.pick(ships);
      const t = this.catalog!.get(ship.typeId);
      edit = {
        kind: 'slot',
        ship: `${t?.race ?? ship.typeId[0]} ${t?.designation ?? ship.typeId.slice(2)} ${ship.seq}`,
        slot: r.between(1, LIMITS.slots),
        order: r.pick(['-', 'REPR', 'TRNG', 'PRSP', hexName(r.pick(neighbours(game.settings.galaxy, ship.at)))]),
      };
    } else if (kind === 1)
      edit = {
        kind: 'misc-add',
        order: r.chance(0.3) ? r.pick(MALFORMED) : r.pick(['A% 110', 'CT 3 4', 'AC 0', 'RO OFF']),
      };
    else edit = { kind: 'misc-remove', index: r.between(1, 4) };
    const expected = editSheet(current, edit);
    return {
      actor: player.userId,
      command: { type: 'warlord-edit', edit } as never,
      ...(expected.ok ? { edited: expected.value } : { expect: 'refused' as const }),
    };
  }

  /** A corporation that sends no sheet this turn (waived at the deadline, §11.4): about one in six. */
  private lazy(corp: number, turn: number): boolean {
    return createHash('sha256').update(`${this.opts.seed}:${corp}:${turn}`).digest()[0]! < 43;
  }

  /** A random sheet of legal orders from what the corporation knows, with some malformed lines. */
  private sheetFor(game: WarlordState, corpId: number): Planned {
    const r = this.rng;
    const corp = game.corps.find((c) => c.id === corpId)!;
    const g = game.settings.galaxy;
    const catalog = this.catalog!;
    const lines: string[] = [`# ${corp.name}, turn ${game.turn}`];
    const malformed: number[] = [];
    const maybeBad = () => {
      if (r.chance(0.04)) {
        lines.push(r.pick(MALFORMED));
        malformed.push(lines.length);
      }
    };
    // Sites it can see: those its sector views show (production learned or not).
    const views = new Map<string, ReturnType<typeof sectorView>>();
    const viewOf = (s: SectorId) => {
      const key = sectorName(s);
      let v = views.get(key);
      if (!v) views.set(key, (v = sectorView(game, corpId, s)));
      return v;
    };
    const ships = game.ships.filter((s) => s.owner === corpId).sort((a, b) => a.seq - b.seq);
    for (const ship of ships) {
      maybeBad();
      if (r.chance(0.2)) continue; // no orders: it holds
      const t = catalog.get(ship.typeId);
      const head = `${t?.race ?? ship.typeId[0]} ${t?.designation ?? ship.typeId.slice(2)} ${ship.seq}:`;
      const view = viewOf({ x: ship.at.sx, y: ship.at.sy });
      const sites = view.hexes.filter((h) => h?.site).map((h) => h!.name);
      const whole = r.int(10);
      if (whole === 0) {
        lines.push(`${head} PRSP`);
        continue;
      }
      if (whole === 1) {
        lines.push(`${head} SCAN ${r.pick(['TERR', 'SHIP'])}`);
        continue;
      }
      if (whole === 2 && sites.length > 0) {
        const near = sites.filter(
          (h) => hexDistance(ship.at, { col: Number(h.slice(0, 2)), row: Number(h.slice(2)) }) <= 3,
        );
        if (near.length > 0) {
          lines.push(`${head} BOMB ${r.pick(near)}`);
          continue;
        }
      }
      const slots = activePulses(speed(ship), corp.settings.reversedMoves).length;
      const entries: string[] = [];
      let at = ship.at;
      // Half the ships head for ships their view shows (sightings, monsters), so battles happen.
      const marks = view.ships.filter((m) => m.kind !== 'own');
      const prey = marks.length > 0 && r.chance(0.5) ? r.pick(marks) : null;
      const target = prey ? { col: Number(prey.hex.slice(0, 2)), row: Number(prey.hex.slice(2)) } : null;
      for (let i = 0; i < slots; i++) {
        const k = r.int(10);
        if (k < 7) {
          const around = neighbours(g, at);
          const inside = around.filter((n) => n.sx === ship.at.sx && n.sy === ship.at.sy);
          const next =
            target && inside.length > 0
              ? inside.reduce((best, n) => (hexDistance(n, target) < hexDistance(best, target) ? n : best))
              : r.pick(around);
          entries.push(hexName(next));
          at = next;
        } else if (k === 7) entries.push('-');
        else entries.push(r.pick(['REPR', 'TRNG', 'UPGR', 'REFT', 'SRVY', 'GARR']));
      }
      lines.push(`${head} ${entries.join(' ')}`.trimEnd());
    }
    // Misc orders (§9): purchases it can afford at the prices it is shown, and settings.
    const budget = LIMITS.baseMiscOrders + corp.extraOrders;
    let misc = 0;
    let funds = ep(corp.treasury);
    let bo = 0;
    const copies = new Map<string, number>();
    const buyable = [...catalog.values()].filter((t) => t.race !== 'M' && t.year <= game.year);
    const primaryOk = (t: ShipType) => t.race === 'C' || corp.primaries.includes(t.race) || game.turn === 0;
    if (game.turn === 0 && corp.primaries.length === 0 && r.chance(0.8)) {
      const races = [...new Set(buyable.map((t) => t.race).filter((x) => x !== 'C'))];
      if (races.length) {
        lines.push(`PR ${r.pick(races)}`);
        misc++;
      }
    }
    const wanted = r.between(0, 4);
    for (let i = 0; i < wanted && misc < budget; i++) {
      maybeBad();
      const kind = r.int(14);
      if (kind < 6 && buyable.length > 0) {
        const t = r.pick(buyable);
        const before = copies.get(t.id) ?? 0;
        const price = purchasePrice({
          base: t.cost,
          current: game.prices[t.id] ?? t.cost,
          copiesBefore: before,
          nonPrimaryPct: primaryOk(t) ? 0 : 100,
          cloak: false,
        });
        if (price > funds) continue;
        funds -= price;
        copies.set(t.id, before + 1);
        lines.push(`PS ${t.race} ${t.designation}${r.chance(0.3) ? ` "${`Sim ${r.int(1000)}`}"` : ''}`);
      } else if (kind === 6) lines.push(`A% ${r.between(LIMITS.aPctRange[0], LIMITS.aPctRange[1])}`);
      else if (kind === 7) lines.push(`CT ${r.int(10)} ${r.int(10)}`);
      else if (kind === 8 && game.year <= LIMITS.lastLoanYear) lines.push(`RL ${r.between(10, 200)}`);
      else if (kind === 9 && corp.loan > 0) {
        // The dry run counts a repayment against the funds left for purchases (§9.6).
        const pay = r.between(10, 999);
        funds -= Math.min(funds, pay);
        lines.push(`PL ${pay}`);
      } else if (kind === 10) {
        const others = game.corps.filter((x) => x.id !== corpId).map((x) => x.id);
        lines.push(`${r.pick(['AC', 'DC'])} ${r.chance(0.3) ? 0 : r.pick(others)}`);
      } else if (kind === 11 && game.turn >= LIMITS.boFromTurn && bo === 0) {
        bo++;
        lines.push(`BO ${r.between(1, game.turn >= LIMITS.boTenFromTurn ? 10 : 5)}`);
      } else if (kind === 12 && buyable.length > 0) {
        const t = r.pick(buyable);
        lines.push(`AA ${t.race} ${t.designation}`);
      } else if (kind === 13) {
        const own = game.sites.filter((s) => s.owner === corpId);
        if (own.length > 0 && funds >= 10) {
          const site = r.pick(own);
          const spend = Math.min(funds, r.between(10, 60));
          funds -= spend;
          lines.push(`FS ${sectorName({ x: site.at.sx, y: site.at.sy })} ${hexName(site.at)} ${spend}`);
        } else continue;
      } else continue;
      misc++;
    }
    maybeBad();
    return { text: lines.join('\n'), malformed, bo };
  }

  private async step(step: Step, replayToo: boolean): Promise<void> {
    const index = this.report.steps++;
    if ('advanceMs' in step) {
      const where = { step: index, actor: 'scheduler', command: `advance ${step.advanceMs / HOUR} h` };
      this.app.clock.advance(step.advanceMs);
      const before = this.campaign;
      await runDue(this.app);
      this.report.schedulerPasses++;
      const due = await leftDue(this.app);
      if (due) this.fail(where, due);
      await this.check(where, replayToo, before);
      return;
    }
    const where = { step: index, actor: step.actor, command: JSON.stringify(step.command).slice(0, 400) };
    if (step.sheet) this.judgeSheet(where, step.sheet);
    const before = this.campaign;
    const run = await runJudged(this.app, TARGET, actorOf(step.actor), step.command);
    if (run.kind === 'broken') this.fail(where, run.problem);
    if (run.kind === 'accepted') {
      if (step.expect === 'refused') this.fail(where, 'accepted a command the rules must refuse');
      this.report.accepted++;
      if (step.edited !== undefined) {
        this.report.edits++;
        const corp = before!.players.find((p) => p.userId === step.actor)!.corp;
        const after = await storedCampaign(this.app.database, TARGET.channelId);
        const stored = (after?.state as unknown as WarlordCampaign | undefined)?.sheets[String(corp)];
        if (stored !== step.edited)
          this.fail(
            where,
            `the edit stored ${JSON.stringify(stored)}, not the edited sheet ${JSON.stringify(step.edited)}`,
          );
      }
      if (step.sheet) {
        this.report.sheetsSubmitted++;
        this.report.malformedLines += step.sheet.malformed.length;
        const corp = before!.players.find((p) => p.userId === step.actor)!.corp;
        this.boThisTurn.set(corp, step.sheet.bo);
      }
    } else {
      this.report.refused++;
      this.report.refusals[run.code] = (this.report.refusals[run.code] ?? 0) + 1;
    }
    await this.check(where, replayToo, before);
  }

  /**
   * The sheet as the rules read it (§4.6, §9.1): each malformed line reported with its own number,
   * every other line kept, and the dry run finds nothing wrong with the orders built as legal.
   */
  private judgeSheet(where: Where, planned: Planned): void {
    const game = this.campaign!.game!;
    const corp = this.campaign!.players.find((p) => p.userId === where.actor)?.corp;
    const sheet = parseSheet(planned.text);
    const errorLines = sheet.errors.map((e) => e.line).sort((a, b) => a - b);
    if (errorLines.join(',') !== planned.malformed.join(','))
      this.fail(
        where,
        `the parser reported lines [${errorLines.join(', ')}], the malformed ones are [${planned.malformed.join(', ')}]: ${sheet.errors.map((e) => `${e.line}: ${e.message}`).join('; ')}`,
      );
    const kept = sheet.ships.length + sheet.misc.length;
    const written = planned.text.split('\n').filter((l) => l.trim() !== '' && !l.trim().startsWith('#')).length;
    if (kept + errorLines.length !== written)
      this.fail(where, `${written} lines written, ${kept} kept and ${errorLines.length} reported: some were lost`);
    if (corp === undefined) return;
    const check = checkSheet(game, corp, sheet, this.catalog!);
    const wrong = check.errors.filter((e) => !planned.malformed.includes(e.line));
    if (wrong.length > 0)
      this.fail(
        where,
        `the dry run refuses orders built from what the corporation knows: ${wrong.map((e) => `line ${e.line} "${e.text}": ${e.message} (${e.rule})`).join('; ')}`,
      );
  }

  private fail(where: Where, problem: string): never {
    this.report.failure = { seed: this.opts.seed, ...where, problem };
    throw new SimulationFailed(this.report.failure, REPLAY_ARGS);
  }

  /** The invariants on the stored game (see the module comment). */
  private async check(where: Where, replayToo: boolean, before: WarlordCampaign | null = null): Promise<void> {
    const row = await storedCampaign(this.app.database, TARGET.channelId);
    if (!row) this.fail(where, 'the game is gone');
    const c = row.state as unknown as WarlordCampaign;
    this.campaign = c;
    this.report.events = row.version;
    this.report.status = c.status;
    const game = c.game;
    if (!game) this.fail(where, 'the game has no galaxy after the start');
    this.catalog ??= gameCatalog(SAMPLE_CATALOG, game.settings);
    if (before?.game && game.turn !== before.game.turn) this.turnProcessed(where, before, c);
    this.see(game);
    if (game.turn !== this.lastTurn) {
      this.lastTurn = game.turn;
      this.boThisTurn.clear();
      const leak = viewLeak(game);
      if (leak) this.fail(where, leak);
    }
    const problem = warlordInvariantProblem(c, this.catalog, this.shown, this.negativeAllowance);
    if (problem) this.fail(where, problem);
    if (replayToo) {
      const replayed = await replayProblem(this.app.database, row);
      if (replayed) this.fail(where, replayed);
    }
  }

  /** A processed turn: the waived corporations are those that sent no sheet (§11.4); bounds move on. */
  private turnProcessed(where: Where, before: WarlordCampaign, after: WarlordCampaign): void {
    const b = before.game!;
    const a = after.game!;
    this.report.turnsProcessed++;
    const expected = b.corps.filter((x) => !x.eliminated && before.sheets[String(x.id)] === undefined).map((x) => x.id);
    this.report.sheetsWaived += expected.length;
    for (const x of a.corps) {
      const was = b.corps.find((y) => y.id === x.id)!;
      if (was.eliminated) continue;
      const want = expected.includes(x.id) ? was.waivedInRow + 1 : 0;
      if (x.waivedInRow !== want)
        this.fail(where, `${x.name} has waived ${x.waivedInRow} turns in a row, the sheets say ${want} (§11.4)`);
      // The spends that may go below zero: BO (≤ 200 EP, §9.9) and toll zones (≤ 10 EP a ship a pulse, App E).
      const ships = b.ships.filter((s) => s.owner === x.id).length + a.ships.filter((s) => s.owner === x.id).length;
      const allowance = (this.boThisTurn.get(x.id) ?? 0) * LIMITS.boPackageOfTen + ships * LIMITS.slots * 10;
      this.negativeAllowance.set(x.id, (this.negativeAllowance.get(x.id) ?? 0) + allowance);
    }
    this.report.shipsBought += Math.max(
      0,
      a.ships.filter((s) => s.owner !== MONSTER_CORP).length - b.ships.filter((s) => s.owner !== MONSTER_CORP).length,
    );
    for (const x of a.corps) {
      const k = a.knowledge[x.id];
      const n = k?.battles.filter((bt) => bt.turn === b.turn && bt.attacker === x.id).length ?? 0;
      this.report.battles += n;
    }
  }

  /** Records what each corporation is shown: its home, its sites' sectors, the sectors around its ships. */
  private see(game: WarlordState): void {
    const g = game.settings.galaxy;
    for (const corp of game.corps) {
      let s = this.shown.get(corp.id);
      if (!s) this.shown.set(corp.id, (s = new Set()));
      s.add(sectorName({ x: corp.homeOffice.sx, y: corp.homeOffice.sy }));
      for (const site of game.sites) if (site.owner === corp.id) s.add(sectorName({ x: site.at.sx, y: site.at.sy }));
      for (const ship of game.ships) {
        if (ship.owner !== corp.id) continue;
        const here = { x: ship.at.sx, y: ship.at.sy };
        // Six pulses move at most six hexes, so a turn's path stays in the 3×3 block of sectors
        // around the ship (a sector is 16 hexes wide), corners and wrapping included (§4.5).
        for (let dx = -1; dx <= 1; dx++)
          for (let dy = -1; dy <= 1; dy++)
            s.add(sectorName({ x: (here.x + dx + g.width) % g.width, y: (here.y + dy + g.height) % g.height }));
      }
    }
  }
}

/** The first broken invariant of a stored Warlord game, or null (see the module comment). */
export function warlordInvariantProblem(
  c: WarlordCampaign,
  catalog: ReadonlyMap<string, ShipType>,
  shown: ReadonlyMap<number, ReadonlySet<string>> | null,
  negativeAllowance: ReadonlyMap<number, number> = new Map(),
): string | null {
  const game = c.game;
  if (!game) return c.status === 'joining' ? null : 'a started game without a galaxy';
  const g = game.settings.galaxy;
  const live = new Set(game.corps.filter((x) => !x.eliminated).map((x) => x.id));
  if ((game.winner !== null) !== (c.status === 'over')) return `winner ${game.winner} but the game is ${c.status}`;
  const ids = new Set<string>();
  for (const s of game.ships) {
    if (ids.has(s.id)) return `ship ${s.id} is listed twice`;
    ids.add(s.id);
    if (s.owner !== MONSTER_CORP && !live.has(s.owner))
      return `ship ${s.id} belongs to corporation ${s.owner}, which is not in the game (§11.2)`;
    const a = s.at;
    if (
      a.sx < 0 ||
      a.sx >= g.width ||
      a.sy < 0 ||
      a.sy >= g.height ||
      a.col < 1 ||
      a.col > 16 ||
      a.row < 1 ||
      a.row > 16
    )
      return `ship ${s.id} is at ${JSON.stringify(a)}, outside the ${g.width}×${g.height} galaxy`;
    if (s.internals > s.hp) return `ship ${s.id} is destroyed (internals ${s.internals} > HP ${s.hp}) yet still listed`;
    if (s.crew < 0 || s.crew > s.maxCrew) return `ship ${s.id} has crew ${s.crew} of ${s.maxCrew}`;
  }
  for (const x of game.corps) {
    const floor = -(negativeAllowance.get(x.id) ?? 0);
    for (const k of RESOURCES)
      if (x.treasury[k] < floor)
        return `${x.name}'s ${k} is ${x.treasury[k]}, below what BO and toll zones allow (${floor}; §7.1, §9.9)`;
    if (x.loan < 0) return `${x.name} owes ${x.loan}`;
    if (x.stock < 0) return `${x.name}'s stock is ${x.stock}`;
  }
  for (const site of game.sites) {
    if (site.owner !== null && !live.has(site.owner) && site.owner !== MONSTER_CORP)
      return `site ${addressName(site.at)} belongs to corporation ${site.owner}, which is not in the game`;
    const table = SITE_TABLE[site.kind];
    if (!table) continue;
    for (const k of RESOURCES) {
      const range = table.produce[k];
      const v = site.production[k];
      if (range === null ? v !== 0 : v < 0 || v > range[1])
        return `site ${addressName(site.at)} (${site.kind}) produces ${v} ${k}, outside T4 (${range ? range.join('–') : 'none'})`;
    }
  }
  for (const [id, price] of Object.entries(game.prices)) {
    const t = catalog.get(id);
    if (!t) return `a price for ${id}, which is on no list`;
    const floor = roundHalfUp((t.cost * game.settings.supplyDemand.floorPct) / 100);
    if (!Number.isInteger(price) || price < floor)
      return `${id} costs ${price} EP, below the S&D floor ${floor} (§3.4)`;
  }
  if (!shown) return null;
  for (const x of game.corps) {
    const k = game.knowledge[x.id];
    if (!k) continue;
    const seen = shown.get(x.id) ?? new Set<string>();
    const inShown = (where: string) => seen.has(where.slice(0, 2));
    const leak =
      k.terrainSectors.find((s) => !seen.has(s)) ??
      k.hexes.find((h) => !inShown(h)) ??
      Object.keys(k.sites).find((h) => !inShown(h)) ??
      k.sightings.map((s) => s.where).find((h) => !inShown(h));
    if (leak) return `${x.name} knows ${leak}, in a sector it was never shown (fog of war, §8)`;
  }
  return null;
}

/**
 * Fog of war in the views (§8, §11.3): every hex a corporation's sector view shows is one it has
 * seen (its knowledge, a scanned sector, its home sector or its own site), and every ship mark not
 * its own is a sighting it holds. Costly (every sector of every corporation), so run once a turn.
 */
export function viewLeak(game: WarlordState): string | null {
  for (const x of game.corps) {
    const k = game.knowledge[x.id];
    const hexes = new Set(k?.hexes ?? []);
    const terrain = new Set(k?.terrainSectors ?? []);
    const home = sectorName({ x: x.homeOffice.sx, y: x.homeOffice.sy });
    for (let sy = 0; sy < game.settings.galaxy.height; sy++)
      for (let sx = 0; sx < game.settings.galaxy.width; sx++) {
        const sec = sectorName({ x: sx, y: sy });
        const v = sectorView(game, x.id, { x: sx, y: sy });
        const scanned = terrain.has(sec) || sec === home;
        for (const h of v.hexes) {
          if (!h || scanned) continue;
          const full = `${sec}-${h.name}`;
          const own = game.sites.some((s) => s.owner === x.id && addressName(s.at) === full);
          if (!hexes.has(full) && !own) return `${x.name}'s view of ${sec} shows ${h.name}, which it has not seen (§8)`;
        }
        for (const m of v.ships) {
          if (m.kind === 'own') continue;
          if (!k?.sightings.some((s) => s.where === `${sec}-${m.hex}` && s.turn === m.turn))
            return `${x.name}'s view of ${sec} shows ships at ${m.hex} it never sighted (§8)`;
        }
      }
  }
  return null;
}

/** Plays one Warlord game (see WarlordSimulator). */
export function simulateWarlord(opts: WarlordSimOptions): Promise<WarlordSimReport> {
  return new WarlordSimulator(opts).run();
}
