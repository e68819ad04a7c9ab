import type { DiceSource, RollRecord } from '../rules/dice.ts';
import { fail, ok } from '../rules/errors.ts';
import { SAMPLE_CATALOG } from '../rules/warlord/catalog.ts';
import { checkSheet } from '../rules/warlord/check.ts';
import { gameCatalog, generateGalaxy } from '../rules/warlord/galaxy.ts';
import { describeError, parseSheet } from '../rules/warlord/orders.ts';
import { type WarlordState, defaultSettings } from '../rules/warlord/state.ts';
import { castStandbyBallot, proposeStandby, seatHanded, standbyTally } from '../rules/warlord/standby.ts';
import { blankSheet, editSheet } from '../rules/warlord/sheet-edit.ts';
import { processGameTurn } from '../rules/warlord/turn.ts';
import type { Ruleset, StoredEventOf } from '../ruleset.ts';
import { warlordPosts } from './warlord-posts.ts';
import {
  WARLORD_CLOCK,
  WARLORD_RULESET,
  type WarlordCampaign,
  type WarlordCommand,
  type WarlordEvent,
} from './warlord-types.ts';

/**
 * Star Fleet Warlord on the ruleset seam (src/ruleset.ts): players join as corporations, the game
 * starts on a seeded galaxy, each corporation submits (and may revise) its order sheet until the
 * deadline, and the turn is processed when every sheet is in (if the game allows it) or at the
 * deadline by the scheduler, late sheets waived (§11.4). The rules are src/rules/warlord/.
 *
 * The turn is folded by replaying it: the `TurnProcessed` event carries its dice (the stored rolls),
 * and `apply` runs the same pure processing on a dice source that gives those rolls back in order.
 */
export {
  WARLORD_CLOCK,
  WARLORD_RULESET,
  type WarlordCampaign,
  type WarlordCommand,
  type WarlordEvent,
  type WarlordPlayer,
} from './warlord-types.ts';

/** Every Warlord command type, checked at run time (a Record, so a new command must be listed). */
const WARLORD_COMMANDS = new Set(
  Object.keys({
    create: 1,
    'warlord-join': 1,
    'warlord-start': 1,
    'warlord-submit': 1,
    'warlord-edit': 1,
    'warlord-process': 1,
    'warlord-thread': 1,
    'warlord-standby': 1,
    'warlord-standby-ballot': 1,
  } satisfies Record<WarlordCommand['type'], 1>),
);

const CATALOG = (s: WarlordState) => gameCatalog(SAMPLE_CATALOG, s.settings);
const RULE = '§11';
/** The actor the deliverer gives its own bookkeeping as (src/discord/delivery.ts `RowDelivery.system`). */
const SYSTEM_USER = 'system';
/** Far above any real sheet (100 ships × 6 slots and 20 misc orders fit in a tenth of it). */
const SHEET_LIMIT = 50_000;

/** A dice source that gives recorded rolls back in order (replaying a processed turn). */
export class ReplayDice implements DiceSource {
  readonly records: RollRecord[] = [];
  private readonly queue: { sides: number; value: number }[];
  constructor(rolls: readonly RollRecord[]) {
    this.queue = rolls.flatMap((r) => r.results.map((value) => ({ sides: r.sides, value })));
  }
  roll(sides: number, count: number, purpose: string): number[] {
    const out: number[] = [];
    for (let i = 0; i < count; i++) {
      const next = this.queue.shift();
      if (!next || next.sides !== sides) throw new Error(`replay out of step at "${purpose}" (d${sides})`);
      out.push(next.value);
    }
    this.records.push({ purpose, sides, results: out, counter: 0, eventSeq: 0 });
    return out;
  }
}

function sheetsOf(c: WarlordCampaign) {
  return new Map(Object.entries(c.sheets).map(([k, text]) => [Number(k), parseSheet(text)]));
}

/** The due time of a game whose every sheet is in: already passed, so the next scheduler pass runs the turn. */
const ALL_IN_DUE = new Date(0).toISOString();

/** Every live corporation has a sheet in and the game processes then (§11.3 setting). */
function everySheetIn(c: WarlordCampaign): boolean {
  const game = c.game;
  if (!game?.settings.processWhenAllIn) return false;
  return game.corps.every((x) => x.eliminated || c.sheets[String(x.id)] !== undefined);
}

function addHours(iso: string, hours: number): string {
  return new Date(Date.parse(iso) + hours * 3_600_000).toISOString();
}

function processed(
  c: WarlordCampaign,
  game: WarlordState,
  e: Extract<WarlordEvent, { type: 'WarlordTurnProcessed' }>,
): WarlordCampaign {
  return { ...c, game, sheets: {}, deadline: e.deadline, status: e.winner !== null ? 'over' : 'running' };
}

export const warlord: Ruleset<WarlordCampaign, WarlordCommand, WarlordEvent> = {
  id: WARLORD_RULESET,
  decide(state, command, ctx) {
    if (command.type === 'create') {
      if (state) return fail('campaign/exists', RULE, 'This channel already has a campaign.');
      const { campaignId: id, guildId, channelId, name } = command;
      return ok({ events: [{ type: 'WarlordCreated', id, guildId, channelId, name }], state: null });
    }
    if (!state) return fail('campaign/none', RULE, 'There is no Warlord game in this channel.');
    // Another ruleset's command (a Thunderdome slash command typed in a Warlord channel) reaches
    // here at run time although the types exclude it: refused by name, never a crash.
    if (!WARLORD_COMMANDS.has(command.type))
      return fail(
        'warlord/other-ruleset',
        RULE,
        'This channel plays Star Fleet Warlord: its commands are `/warlord join|start|sheet|check|status`.',
      );
    const me = state.players.find((p) => p.userId === ctx.actor.userId);
    switch (command.type) {
      case 'warlord-thread': {
        if (ctx.actor.userId !== SYSTEM_USER)
          return fail('warlord/system-only', RULE, 'Only the bot records a corporation’s private thread.');
        if (!state.players.some((p) => p.corp === command.corp))
          return fail('warlord/no-corp', RULE, `There is no corporation ${command.corp}.`);
        if (state.threads?.[String(command.corp)] === command.threadId)
          return fail('warlord/thread-known', RULE, 'That thread is recorded already.');
        const { corp, threadId } = command;
        return ok({ events: [{ type: 'WarlordThreadOpened', corp, threadId }], state: null });
      }
      case 'warlord-join': {
        if (state.status !== 'joining')
          return fail('warlord/started', '§11.2', 'The game has started; a seat can go to a standby player by vote.');
        if (me) return fail('warlord/joined', '§1.4', `You already run ${me.name}.`);
        const name = command.corpName.trim();
        if (name.length < 1 || name.length > 20 || /^the\b/i.test(name)) {
          return fail(
            'warlord/corp-name',
            '§11.6',
            'A corporation name has 1–20 characters and does not start with "the".',
          );
        }
        const corp = state.players.length + 1;
        return ok({ events: [{ type: 'WarlordJoined', userId: ctx.actor.userId, corp, name }], state: null });
      }
      case 'warlord-start': {
        if (state.status !== 'joining') return fail('warlord/started', RULE, 'The game has already started.');
        if (!me) return fail('warlord/not-player', RULE, 'Only a player can start the game.');
        if (state.players.length < 2)
          return fail('warlord/players', '§11.8', 'A game needs at least two corporations.');
        const { width, height } = command;
        if (!(width >= 4 && width <= 10 && height >= 4 && height <= 10))
          return fail('warlord/size', '§4.1', 'The galaxy is 4×4 to 10×10 sectors.');
        if (state.players.length > width * height - 1)
          return fail('warlord/size', '§4.1', 'The galaxy is too small for that many corporations.');
        const seed = ctx.dice.roll(0x7fffffff, 1, 'Warlord galaxy seed')[0] ?? 1;
        const deadline = addHours(ctx.now.toISOString(), command.turnHours);
        return ok({
          events: [{ type: 'WarlordStarted', seed, width, height, turnHours: command.turnHours, deadline }],
          state: null,
        });
      }
      case 'warlord-submit':
      case 'warlord-edit': {
        if (state.status !== 'running' || !state.game)
          return fail('warlord/not-running', RULE, 'The game is not running.');
        if (!me) return fail('warlord/not-player', RULE, 'Only a corporation’s player submits its sheet.');
        const corp = state.game.corps.find((c) => c.id === me.corp);
        if (!corp || corp.eliminated)
          return fail('warlord/eliminated', '§11.2', 'Your corporation is out of the game.');
        if (state.deadline !== null && Date.parse(state.deadline) <= ctx.now.getTime()) {
          return fail(
            'warlord/late',
            '§11.4',
            `The deadline (${state.deadline}) has passed: this turn your orders are waived.`,
          );
        }
        // An edit works on the sheet in (or the blank one), in this command's transaction, so two
        // quick edits never lose one another.
        let text: string;
        if (command.type === 'warlord-edit') {
          const edited = editSheet(
            state.sheets[String(me.corp)] ?? blankSheet(state.game, me.corp, CATALOG(state.game)),
            command.edit,
          );
          if (!edited.ok) return edited;
          text = edited.value;
        } else text = command.text;
        if (text.length > SHEET_LIMIT) {
          return fail(
            'warlord/sheet-size',
            '§9.1',
            `An order sheet has at most ${SHEET_LIMIT} characters (this one has ${text.length}).`,
          );
        }
        // The sheet is kept with its bad lines (they fail at processing, earlier steps standing);
        // `sheetReply` tells the player each one with its line, form and rule, and the preview.
        return ok({ events: [{ type: 'WarlordSheetSubmitted', corp: me.corp, text }], state: null });
      }
      case 'warlord-standby': {
        if (state.status !== 'running' || !state.game || state.deadline === null)
          return fail('warlord/not-running', '§11.4', 'The game is not running: no seat can change hands.');
        const vote = proposeStandby(state.game, state.players, Object.values(state.standby ?? {}), {
          proposer: ctx.actor.userId,
          corp: command.corp,
          to: command.userId,
          deadline: state.deadline,
        });
        if (!vote.ok) return vote;
        const events: WarlordEvent[] = [{ type: 'WarlordStandbyProposed', vote: vote.value }];
        // An electorate of one decides with the proposal itself.
        if (standbyTally(vote.value).decided === 'passed')
          events.push({
            type: 'WarlordStandbyClosed',
            corp: command.corp,
            passed: true,
            from: vote.value.from,
            to: vote.value.to,
          });
        return ok({ events, state: null });
      }
      case 'warlord-standby-ballot': {
        const vote = state.standby?.[String(command.corp)];
        if (!vote)
          return fail(
            'warlord/standby-none',
            '§11.4',
            `No vote is open on corporation ${command.corp}'s seat: propose one with \`/warlord standby\`.`,
          );
        const ballot = castStandbyBallot(vote, ctx.actor.userId, command.choice);
        if (!ballot.ok) return ballot;
        const events: WarlordEvent[] = [
          { type: 'WarlordStandbyBallot', corp: command.corp, userId: ctx.actor.userId, choice: ballot.value },
        ];
        const decided = standbyTally({
          ...vote,
          ballots: { ...vote.ballots, [ctx.actor.userId]: ballot.value },
        }).decided;
        if (decided !== null)
          events.push({
            type: 'WarlordStandbyClosed',
            corp: command.corp,
            passed: decided === 'passed',
            from: vote.from,
            to: vote.to,
          });
        return ok({ events, state: null });
      }
      case 'warlord-process': {
        if (state.status !== 'running' || !state.game)
          return fail('warlord/not-running', RULE, 'The game is not running.');
        const live = state.game.corps.filter((c) => !c.eliminated).map((c) => String(c.id));
        const allIn = live.every((c) => state.sheets[c] !== undefined);
        const due = state.deadline !== null && Date.parse(state.deadline) <= ctx.now.getTime();
        if (!due && !(allIn && state.game.settings.processWhenAllIn)) {
          return fail(
            'warlord/not-due',
            '§11.3',
            `The turn runs at the deadline (${state.deadline}) or when every sheet is in.`,
          );
        }
        // A standby vote not passed by the turn's end has failed (§11.4; docs/rules-notes.md). Its
        // closing follows the turn's event: the command's dice are stored with its first event,
        // and the turn is what replays them.
        const closed: WarlordEvent[] = Object.values(state.standby ?? {}).map((v) => ({
          type: 'WarlordStandbyClosed',
          corp: v.corp,
          passed: false,
          from: v.from,
          to: v.to,
        }));
        const r = processGameTurn(state.game, sheetsOf(state), ctx.dice, CATALOG(state.game));
        const event: WarlordEvent = {
          type: 'WarlordTurnProcessed',
          turn: state.game.turn,
          deadline: r.state.winner === null ? addHours(ctx.now.toISOString(), state.turnHours) : null,
          waived: r.corps.filter((c) => c.waived).map((c) => c.corp),
          winner: r.state.winner,
        };
        const after = processed(state, r.state, event);
        return ok({ events: [event, ...closed], state: closed.length > 0 ? { ...after, standby: {} } : after });
      }
    }
  },
  apply(state, stored: StoredEventOf<WarlordEvent>) {
    const e = stored.event;
    const need = (): WarlordCampaign => {
      if (!state) throw new Error(`${e.type} before WarlordCreated`);
      return state;
    };
    switch (e.type) {
      case 'WarlordCreated':
        return {
          ruleset: WARLORD_RULESET,
          id: e.id,
          guildId: e.guildId,
          channelId: e.channelId,
          name: e.name,
          status: 'joining',
          players: [],
          game: null,
          sheets: {},
          deadline: null,
          turnHours: 168,
          threads: {},
        };
      case 'WarlordJoined':
        return { ...need(), players: [...need().players, { userId: e.userId, corp: e.corp, name: e.name }] };
      case 'WarlordStarted': {
        const game = generateGalaxy({
          seed: e.seed,
          settings: defaultSettings({ width: e.width, height: e.height }),
          corps: need().players.map((p) => ({ id: p.corp, name: p.name })),
        });
        return { ...need(), status: 'running', game, deadline: e.deadline, turnHours: e.turnHours };
      }
      case 'WarlordSheetSubmitted':
        return { ...need(), sheets: { ...need().sheets, [String(e.corp)]: e.text } };
      case 'WarlordTurnProcessed': {
        const c = need();
        if (!c.game) throw new Error('turn processed before the game started');
        const r = processGameTurn(c.game, sheetsOf(c), new ReplayDice(stored.rolls), CATALOG(c.game));
        return processed(c, r.state, e);
      }
      case 'WarlordThreadOpened':
        return { ...need(), threads: { ...need().threads, [String(e.corp)]: e.threadId } };
      case 'WarlordStandbyProposed':
        return { ...need(), standby: { ...need().standby, [String(e.vote.corp)]: e.vote } };
      case 'WarlordStandbyBallot': {
        const c = need();
        const vote = c.standby?.[String(e.corp)];
        if (!vote) throw new Error(`ballot on corporation ${e.corp} without an open vote`);
        const ballots = { ...vote.ballots, [e.userId]: e.choice };
        return { ...c, standby: { ...c.standby, [String(e.corp)]: { ...vote, ballots } } };
      }
      case 'WarlordStandbyClosed': {
        const c = need();
        const standby = { ...c.standby };
        delete standby[String(e.corp)];
        if (!e.passed) return { ...c, standby };
        // The seat passes: the new player runs the corporation from now on (§11.4).
        return {
          ...c,
          standby,
          players: c.players.map((p) => (p.corp === e.corp ? { ...p, userId: e.to } : p)),
          game: c.game ? seatHanded(c.game, e.corp) : c.game,
        };
      }
    }
  },
  posts: warlordPosts,
  scheduler: {
    systemUserId: WARLORD_CLOCK,
    // A game that processes as soon as every sheet is in (§11.3 setting) is due at once then: no
    // player command runs the turn, so the scheduler's next pass does.
    nextDue: (s) => (s.status !== 'running' ? null : everySheetIn(s) ? ALL_IN_DUE : s.deadline),
    due: (s, now) => {
      if (s.status !== 'running') return [];
      if (s.deadline !== null && Date.parse(s.deadline) <= now.getTime())
        return [{ command: { type: 'warlord-process' }, reason: 'Warlord turn deadline (§11.3)' }];
      return everySheetIn(s)
        ? [{ command: { type: 'warlord-process' }, reason: 'every Warlord sheet is in (§11.3)' }]
        : [];
    },
  },
};

/** The reply to a submitted sheet: its errors by line, then the dry-run preview (§4.6). */
export function sheetReply(state: WarlordCampaign, userId: string, text: string): string {
  const me = state.players.find((p) => p.userId === userId);
  if (!me || !state.game) return '';
  const check = checkSheet(state.game, me.corp, parseSheet(text), CATALOG(state.game));
  const lines = [...check.errors.map(describeError), ...check.preview];
  return lines.join('\n');
}
