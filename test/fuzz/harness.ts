/**
 * The fuzzer's world and judge. The world: the real bot (router, commands, discord.js) over the
 * Discord stand-in, via the playground, on PGlite, with three channels — a campaign in play, a
 * campaign still in registration (so map imports get parsed), and a channel with none — plus
 * players, outsiders and direct messages. The judge, for every case: the bot answered; nothing
 * escaped the error funnel (no incident, no request Discord refused) unless the input was
 * malformed in a way Discord itself never delivers; and a command that was not accepted left the
 * stored state, the event count and the claimed interaction ids exactly as they were. The same
 * judge holds for presses on the buttons the bot showed; a reaction that is no ballot or approval
 * (another emoji, or an outsider's) changes nothing. After every case, no message the bot sent or
 * edited lets Discord parse mentions out of its text: only users named by id may be pinged.
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
import type { StoredMessage } from '../../src/discord/standin/index.ts';
import { createPgliteDatabase, type TestDatabase } from '../helpers/databases.ts';
import { mentionParsingBodies } from '../helpers/mentions.ts';
import { storedFingerprint } from './fingerprint.ts';
import { nextCase, type Contract, type FuzzCase, type FuzzWorld, type Place } from './generate.ts';
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
  presses: number;
  reactions: number;
  /** Message bodies the bot sent, each checked for parsed mentions. */
  messagesChecked: number;
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
    presses: 0,
    reactions: 0,
    messagesChecked: 0,
    tolerated: new Map(),
  };
  /** Accepted interactions, with what they were, for redelivery. */
  private readonly delivered: { id: string; label: string }[] = [];
  /** Private answers that carried buttons, with the user they were shown to (the last few). */
  private readonly prompts: { channelId: string; messageId: string; ownerId: string }[] = [];
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
    const logMark = this.play.standIn.log.length;
    await this.runCaseOnly(index, c);
    // Whatever the case was, what the bot sent because of it (replies, posts, edits, the outbox's
    // announcements) pings only the users it names.
    const sent = this.play.standIn.log.slice(logMark);
    this.tally.messagesChecked += sent.length;
    const leak = mentionParsingBodies(sent)[0];
    if (leak) {
      const body = leak.request.body as { content?: unknown; data?: { content?: unknown } };
      const text = String(body.content ?? body.data?.content ?? '').slice(0, 80);
      this.failures.push({
        index,
        label: c.label,
        problem: `${leak.request.method} ${leak.request.route}: ${leak.problem} (text ${JSON.stringify(text)})`,
      });
    }
  }

  private async runCaseOnly(index: number, c: FuzzCase): Promise<void> {
    const fail = (problem: string) => this.failures.push({ index, label: c.label, problem });
    if (c.kind === 'press') return this.press(index, c);
    if (c.kind === 'react') return this.react(index, c);
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
    const shown = handle.original();
    if (shown && buttonsOf(shown).length > 0) {
      this.prompts.push({ channelId: shown.channelId, messageId: shown.id, ownerId: c.userId });
      if (this.prompts.length > 10) this.prompts.shift();
    }
    this.judgeAnswer(
      { index, label: c.label, contract: c.contract, what: `/${c.name}` },
      { id: handle.id, responses, escaped, before, after },
    );
  }

  /** The judge of an interaction that expects an answer: a command, a press on a button. */
  private judgeAnswer(
    c: { index: number; label: string; contract: Contract; what: string },
    r: { id: string; responses: { kind: string }[]; escaped: LogLine[]; before: string; after: string },
  ): void {
    const fail = (problem: string) => this.failures.push({ index: c.index, label: c.label, problem });
    const first = r.responses[0]!;
    if (first.kind === 'defer' && !r.responses.some((x) => x.kind === 'editOriginal' || x.kind === 'followup'))
      fail('deferred and never answered');
    const ok = this.play.bot.router.outcomes.get(r.id)?.ok ?? false;
    if (ok) {
      this.tally.accepted++;
      this.delivered.push({ id: r.id, label: c.label });
    } else {
      this.tally.refused++;
      if (r.after !== r.before) fail('not accepted (refused, or its answer failed), yet the stored state changed');
    }
    if (c.contract === 'malformed') this.tally.malformed++;
    if (c.contract === 'outside') this.tally.outsideContract++;
    if (r.escaped.length === 0) return;
    const what = r.escaped.map(describeLog).join('; ');
    if (c.contract === 'kept') fail(`escaped the funnel: ${what}`);
    else this.tally.tolerated.set(`${c.what}: ${what}`, (this.tally.tolerated.get(`${c.what}: ${what}`) ?? 0) + 1);
  }

  /** The bot's messages in the fuzzer's channels and their threads, as they are now. */
  private botMessages(): StoredMessage[] {
    const standIn = this.play.standIn;
    const channelIds = Object.values(this.channels).flatMap((id) => [id, ...standIn.threads(id).map((t) => t.id)]);
    return channelIds.flatMap((id) => standIn.channelMessages(id)).filter((m) => m.author.id === standIn.botUserId);
  }

  /**
   * A press on a button the bot is showing: on a private prompt by the player it was shown to (no
   * one else sees it: the stand-in, like Discord, refuses anyone else's click), on a public post or
   * prompt by anyone.
   */
  private async press(index: number, c: Extract<FuzzCase, { kind: 'press' }>): Promise<void> {
    const standIn = this.play.standIn;
    const onScreen = [
      ...this.prompts.map((p) => ({ message: standIn.message(p.messageId), ownerId: p.ownerId as string | null })),
      ...this.botMessages().map((message) => ({ message, ownerId: null })),
    ].flatMap(({ message, ownerId }) =>
      message ? buttonsOf(message).map((customId) => ({ message, customId, ownerId })) : [],
    );
    if (onScreen.length === 0) return;
    const { message, customId, ownerId } = onScreen[c.pick % onScreen.length]!;
    const userId = ownerId && (message.ephemeral || c.byOwner) ? ownerId : c.userId;
    const label = `press ${customId} on ${message.ephemeral ? 'the private prompt' : 'the post'} ${message.id} by ${userId}`;
    this.tally.presses++;
    const before = await storedFingerprint(this.play.app.database);
    const logMark = this.logs.length;
    const handle = await standIn.clickButton({ channelId: message.channelId, messageId: message.id, userId, customId });
    try {
      await handle.firstResponse(15_000);
    } catch {
      this.failures.push({ index, label, problem: 'no answer within 15 s' });
      return;
    }
    await this.play.bot.whenIdle();
    const after = await storedFingerprint(this.play.app.database);
    this.judgeAnswer(
      { index, label, contract: 'kept', what: `button ${customId.split(':').slice(0, 2).join(':')}` },
      {
        id: handle.id,
        responses: handle.responses(),
        escaped: this.logs.slice(logMark).filter(ESCAPED),
        before,
        after,
      },
    );
  }

  /**
   * A reaction added to (or taken off) a post of the bot. A ballot or an approval may change the
   * campaign; any other emoji, or an outsider's reaction, must change nothing. Nothing escapes.
   */
  private async react(index: number, c: Extract<FuzzCase, { kind: 'react' }>): Promise<void> {
    const standIn = this.play.standIn;
    const posts = this.botMessages().filter((m) => m.guildId !== null);
    if (posts.length === 0) return;
    const message = posts[c.pick % posts.length]!;
    const own = message.reactions.filter((r) => r.userIds.includes(c.userId)).map((r) => r.emoji);
    const botEmoji = message.reactions.filter((r) => r.me).map((r) => r.emoji);
    let emoji = c.emoji ?? (botEmoji.length ? botEmoji[c.pick % botEmoji.length]! : '✅');
    let remove = own.includes(emoji);
    if (c.remove && own.length > 0) {
      emoji = own[c.pick % own.length]!;
      remove = true;
    }
    const label = `${remove ? 'take back' : 'add'} ${emoji} on the post ${message.id} by ${c.userId}`;
    this.tally.reactions++;
    const before = await storedFingerprint(this.play.app.database);
    const logMark = this.logs.length;
    const seen = this.play.bot.reactionsSeen;
    const reaction = { channelId: message.channelId, messageId: message.id, userId: c.userId, emoji };
    if (remove) await standIn.removeReaction(reaction);
    else await standIn.addReaction(reaction);
    for (let waited = 0; this.play.bot.reactionsSeen === seen && waited < 2000; waited += 5)
      await new Promise((r) => setTimeout(r, 5));
    const fail = (problem: string) => this.failures.push({ index, label, problem });
    if (this.play.bot.reactionsSeen === seen) fail('the bot never saw the reaction');
    await this.play.bot.whenIdle();
    const escaped = this.logs.slice(logMark).filter(ESCAPED);
    if (escaped.length) fail(`escaped the funnel: ${escaped.map(describeLog).join('; ')}`);
    const after = await storedFingerprint(this.play.app.database);
    const ballotEmoji = emoji === '✅' || emoji === '❌' || /^[\u{1f1e6}-\u{1f1ff}]$/u.test(emoji);
    if (after !== before && (!ballotEmoji || this.world.outsiders.includes(c.userId)))
      fail(`a reaction that is no ballot or approval changed the stored state`);
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

/** The custom ids of a message's buttons (link buttons have none). */
function buttonsOf(message: StoredMessage): string[] {
  const rows = message.components as { components?: { type?: number; custom_id?: string }[] }[];
  return rows.flatMap((row) => row.components ?? []).flatMap((b) => (b.type === 2 && b.custom_id ? [b.custom_id] : []));
}
