/**
 * The fuzzer's world and judge. The world: the real bot (router, commands, discord.js) over the
 * Discord stand-in, via the playground, on PGlite, with three channels — a campaign in play, a
 * campaign still in registration (so map imports get parsed), and a channel with none — plus
 * players, outsiders and direct messages. The judge, for every case: the bot answered; nothing
 * escaped the error funnel (no incident, no request Discord refused) unless the input was
 * malformed in a way Discord itself never delivers; and a command that was not accepted left the
 * stored state, the event count and the claimed interaction ids exactly as they were.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import pino from 'pino';
import { exportCampaign } from '../../src/app/campaigns.ts';
import { canonicalJson } from '../../src/app/export.ts';
import { stateLayout } from '../../src/app/rulesets.ts';
import { findCampaignByChannel, loadEvents } from '../../src/db/campaign-repo.ts';
import { Playground, stableSnowflake } from '../../src/playground/playground.ts';
import { replay as replayEvents } from '../../src/rules/thunderdome/index.ts';
import { createPgliteDatabase, type TestDatabase } from '../helpers/databases.ts';
import { storedFingerprint } from './fingerprint.ts';
import { nextCase, type FuzzCase, type FuzzWorld, type Place } from './generate.ts';
import { Rng } from './random.ts';

const MAP_TEMPLATE = readFileSync(new URL('../../assets/maps/three-players.json', import.meta.url), 'utf8');
const UNIT_IDS = readFileSync(new URL('../../assets/catalog/sample/units.csv', import.meta.url), 'utf8')
  .split('\n')
  .slice(1)
  .map((l) => l.split(',')[0]!)
  .filter(Boolean);

interface LogLine {
  level: number;
  msg: string;
}

export interface FuzzFailure {
  index: number;
  label: string;
  problem: string;
}

export interface FuzzTally {
  cases: number;
  accepted: number;
  refused: number;
  outsideContract: number;
  malformed: number;
  replays: number;
  autocompletes: number;
  /** What escaped the funnel on inputs Discord would never deliver, by log message and error. */
  tolerated: Map<string, number>;
}

function describeLog(l: LogLine): string {
  const err = (l as { err?: { message?: string } }).err?.message;
  return err ? `${l.msg} (${err.slice(0, 120)})` : l.msg;
}

/** Log lines that mean something escaped: an incident, or a request Discord would refuse. */
const ESCAPED = (l: LogLine) =>
  l.level >= 50 || /Discord refused|could not tell the user|autocomplete failed/.test(l.msg);

export class FuzzSession {
  readonly failures: FuzzFailure[] = [];
  readonly tally: FuzzTally = {
    cases: 0,
    accepted: 0,
    refused: 0,
    outsideContract: 0,
    malformed: 0,
    replays: 0,
    autocompletes: 0,
    tolerated: new Map(),
  };
  /** Accepted interactions, with what they were, for redelivery. */
  private readonly delivered: { id: string; label: string }[] = [];
  private readonly world: FuzzWorld;

  private constructor(
    readonly rng: Rng,
    private readonly play: Playground,
    private readonly tdb: TestDatabase,
    private readonly outDir: string,
    private readonly logs: LogLine[],
    private readonly channels: Record<Exclude<Place, 'dm'>, string>,
    players: string[],
    outsiders: string[],
  ) {
    this.world = {
      players,
      outsiders,
      botUserId: play.standIn.botUserId,
      live: { sectors: [], fleets: [], ships: [], units: UNIT_IDS },
      templates: { map: MAP_TEMPLATE, export: null },
    };
  }

  static async start(seed: string): Promise<FuzzSession> {
    const tdb = await createPgliteDatabase();
    const outDir = mkdtempSync(join(tmpdir(), 'cm-fuzz-'));
    const logs: LogLine[] = [];
    const sink = new Writable({
      write(chunk, _enc, done) {
        for (const line of String(chunk).split('\n').filter(Boolean)) logs.push(JSON.parse(line) as LogLine);
        done();
      },
    });
    const play = await Playground.start({ database: tdb.database, outDir, log: pino({ level: 'warn' }, sink) });
    let n = 0;
    const run = async (line: string) => {
      const r = await play.run(line, ++n);
      if (r && !r.ok) throw new Error(`fuzz setup failed at ${line}: ${r.content}`);
    };
    // A campaign in play: three players, a generated map, a few frigates each, first turn under way.
    await run('!admin @p1');
    await run('@p1 /campaign create name:Fuzz');
    for (const [p, e] of [
      ['p1', 'lyran'],
      ['p2', 'kzinti'],
      ['p3', 'gorn'],
    ])
      await run(`@${p} /campaign join empire:${e}`);
    await run('@p1 /map generate sectors_per_player:4');
    for (const p of ['p1', 'p2', 'p3']) await run(`@${p} /map approve`);
    await run('@p1 /campaign start');
    for (const [p, u] of [
      ['p1', 'LYR-FF'],
      ['p2', 'KZI-FF'],
      ['p3', 'GOR-FF'],
    ])
      for (let k = 0; k < 3; k++) await run(`@${p} /setup buy unit:${u}`);
    for (const p of ['p1', 'p2', 'p3']) await run(`@${p} /setup ready`);
    // A campaign still in registration, where map files are read.
    await run('!channel registration');
    await run('@p1 /campaign create name:FuzzRegistration');
    for (const [p, e] of [
      ['p1', 'federation'],
      ['p2', 'klingon'],
      ['p3', 'romulan'],
    ])
      await run(`@${p} /campaign join empire:${e}`);
    await run('!channel empty');
    await run('!channel campaign');
    const outsiders = ['x1', 'x2'].map(
      (name) => play.standIn.addUser({ id: stableSnowflake(`user:${name}`), username: name }).id,
    );
    const players = ['p1', 'p2', 'p3'].map((p) => stableSnowflake(`user:${p}`));
    const channels = {
      active: stableSnowflake('channel:campaign'),
      registration: stableSnowflake('channel:registration'),
      empty: stableSnowflake('channel:empty'),
    };
    const session = new FuzzSession(new Rng(seed), play, tdb, outDir, logs, channels, players, outsiders);
    const exported = await exportCampaign(play.app, channels.active, { includeSecret: false });
    if (exported.ok) session.world.templates.export = JSON.stringify(exported.value);
    await session.refreshLive();
    return session;
  }

  async close(): Promise<void> {
    await this.play.close();
    await this.tdb.drop();
    rmSync(this.outDir, { recursive: true, force: true });
  }

  /** Generates and judges `count` cases; returns after the first failure or when done. */
  async runMany(count: number): Promise<void> {
    for (let i = 0; i < count && this.failures.length === 0; i++) {
      const c = nextCase(this.rng, this.world);
      await this.runCase(i, c);
      if (i % 25 === 24) await this.refreshLive();
    }
  }

  /** The stored state of every campaign must still be the replay of its stored events. */
  async checkReplay(): Promise<void> {
    for (const channelId of [this.channels.active, this.channels.registration, this.channels.empty]) {
      const row = await findCampaignByChannel(this.play.app.database.db, channelId, stateLayout);
      if (!row) continue;
      const events = await loadEvents(this.play.app.database.db, row.id);
      if (canonicalJson(replayEvents(events)) !== canonicalJson(row.state))
        this.failures.push({
          index: -1,
          label: `campaign in ${channelId}`,
          problem: 'the stored state is not the replay of its events',
        });
    }
  }

  private async runCase(index: number, c: FuzzCase): Promise<void> {
    this.tally.cases++;
    const fail = (problem: string) => this.failures.push({ index, label: c.label, problem });
    if (c.kind === 'advance') {
      await this.play.run(`!advance ${c.duration}`, index);
      return;
    }
    const standIn = this.play.standIn;
    const bot = this.play.bot;
    const before = await storedFingerprint(this.play.app.database);
    const logMark = this.logs.length;
    if (c.kind === 'replay') {
      this.tally.replays++;
      if (this.delivered.length === 0) return;
      // One of the last few accepted interactions: a duplicate delivery comes soon after the first
      // (Discord expires an interaction's token after 15 minutes, so older ones cannot recur).
      const recent = this.delivered.slice(-3);
      const { id, label } = recent[c.pick % recent.length]!;
      const payload = standIn.interaction(id)?.payload;
      // The same INTERACTION_CREATE arriving a second time (a gateway replay): same id, same token.
      (
        bot.client as unknown as { actions: { InteractionCreate: { handle(data: unknown): void } } }
      ).actions.InteractionCreate.handle(payload);
      await bot.whenIdle();
      if ((await storedFingerprint(this.play.app.database)) !== before)
        fail(`a second delivery of interaction ${id} (${label}) changed the stored state`);
      const escaped = this.logs.slice(logMark).filter((l) => l.level >= 50);
      if (escaped.length) fail(`a second delivery of ${label} logged: ${escaped.map(describeLog).join('; ')}`);
      return;
    }
    const where = this.target(c.place, c.userId);
    let handle: Awaited<ReturnType<typeof standIn.invokeCommand>>;
    try {
      handle =
        c.kind === 'autocomplete'
          ? await standIn.invokeAutocomplete({ ...where, name: c.name, options: c.options as never })
          : await standIn.invokeCommand({
              ...where,
              name: c.name,
              options: c.options as never,
              attachments: c.attachments,
            });
    } catch (err) {
      fail(`the stand-in would not deliver it: ${(err as Error).message}`);
      return;
    }
    try {
      await handle.firstResponse(15_000);
    } catch {
      fail('no answer within 15 s');
      return;
    }
    await bot.whenIdle();
    const responses = handle.responses();
    const escaped = this.logs.slice(logMark).filter(ESCAPED);
    const after = await storedFingerprint(this.play.app.database);
    if (c.kind === 'autocomplete') {
      this.tally.autocompletes++;
      if (responses[0]?.kind !== 'autocomplete') fail(`answered an autocomplete with ${responses[0]?.kind}`);
      if (after !== before) fail('an autocomplete changed the stored state');
      if (escaped.length && c.contract === 'kept') fail(`escaped the funnel: ${escaped.map(describeLog).join('; ')}`);
      return;
    }
    const first = responses[0]!;
    if (first.kind === 'defer' && !responses.some((r) => r.kind === 'editOriginal' || r.kind === 'followup'))
      fail('deferred and never answered');
    const ok = bot.router.outcomes.get(handle.id)?.ok ?? false;
    if (ok) {
      this.tally.accepted++;
      this.delivered.push({ id: handle.id, label: c.label });
    } else {
      this.tally.refused++;
      if (after !== before) fail('not accepted (refused, or its answer failed), yet the stored state changed');
    }
    if (c.contract === 'malformed') this.tally.malformed++;
    if (c.contract === 'outside') this.tally.outsideContract++;
    if (escaped.length === 0) return;
    const what = escaped.map(describeLog).join('; ');
    if (c.contract === 'kept') fail(`escaped the funnel: ${what}`);
    else this.tally.tolerated.set(`/${c.name}: ${what}`, (this.tally.tolerated.get(`/${c.name}: ${what}`) ?? 0) + 1);
  }

  private target(place: Place, userId: string): { guildId?: string; channelId?: string; userId: string } {
    if (place === 'dm') return { userId };
    return { guildId: stableSnowflake('guild:Playground'), channelId: this.channels[place], userId };
  }

  private async refreshLive(): Promise<void> {
    const row = await findCampaignByChannel(this.play.app.database.db, this.channels.active, stateLayout);
    const state = row?.state;
    this.world.live.sectors = state?.map?.sectors.map((s) => s.key) ?? [];
    this.world.live.fleets = state?.fleets.map((f) => f.id) ?? [];
    this.world.live.ships = state?.ships.map((s) => s.id) ?? [];
  }
}
