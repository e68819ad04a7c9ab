import { z } from 'zod';
import { RuleViolation, ok, refuse, type Result } from '../errors.ts';
import { formatExpression, parseDiceExpression, rollExpression } from '../dice-expression.ts';
import { Decider, actingPlayer, playerInPerson, turnPlayer, type Actor, type DecisionContext } from './decider.ts';
import type { CampaignEvent } from './events.ts';
import { BATTLE_ORDERS, type BattleCommand } from './battles/commands.ts';
import { YARD_ORDERS, type YardCommand } from './shipyards/commands.ts';
import { DEFENSE_ORDERS, type DefenseCommand } from './defenses/commands.ts';
import { CONDITION_ORDERS, type ConditionCommand } from './condition/commands.ts';
import { setCatalog } from './catalog-switch.ts';
import { OFFICER_ORDERS, type OfficerCommand } from './officers/commands.ts';
import { checkInput } from './order-input.ts';
import { asField, noInput, type InputDrift, type NoDrift, type OrderSpec, type OrderTable } from './order-spec.ts';
import { UNDOABLE } from './undo.ts';
import {
  buyOrderPoints,
  dropContainer,
  establish,
  extendTurn,
  leaveDerelict,
  moveCapital,
  moveFleet,
  siegeRoll,
  undoLastOrder,
} from './orders.ts';
import { buyFleets, organize, scrapShips } from './navy-orders.ts';
import { concede, grantProxy, resign, revokeProxy } from './players.ts';
import { disavow, nameSector, objectToName, setBalancing } from './sectors.ts';
import { answerExploration, EXPLORATION_ANSWERS, type ExplorationReply } from './exploration-offer.ts';
import { defaultSettings, settingsSchema, type Settings } from './settings.ts';
import {
  approveMap,
  chooseDefendingShip,
  contestEmpire,
  join,
  leave,
  setMap,
  setupBuy,
  setupReady,
  setupReturn,
  start,
} from './setup.ts';
import type { CampaignState, ExploreBalancing } from './state.ts';
import { endTurn, expireTurn, finishTurn, remindOrders, requireTurnOf } from './turn.ts';
import {
  attachVoteMessage,
  castBallot,
  closeDueVotes,
  proposeExtension,
  proposeSetting,
  syncBallots,
} from './votes.ts';
import { proposeDiceReveal, proposeRestrictedUnit } from './player-votes.ts';
// Map approval by reaction (UTD8.16)
import { MAP_APPROVAL_ORDERS, type MapApprovalCommand } from './map-approval.ts';
import { VOTE_WITHDRAW_ORDERS, type VoteWithdrawCommand } from './vote-withdraw.ts';
import { VOTE_END_ORDERS, type VoteEndCommand } from './vote-end.ts';
import { SETUP_DEFENSE_ORDERS, type SetupDefenseCommand } from './setup-defenses.ts';
import { CATALOG_AMEND_ORDERS, type CatalogAmendCommand } from './catalog-amend.ts';
import { PAUSE_ORDERS, type PauseCommand } from './pause.ts';
import { AMEND_ORDERS, type AmendCommand } from './amend-state.ts';
import { RedrawingDice, REVERT_ORDERS, type RevertCommand } from './revert.ts';
import { REPLACEMENT_ORDERS, type ReplacementCommand } from './replacement.ts';
import { ABSENCE_ORDERS, type AbsenceCommand } from './absence.ts';

export type { Actor, DecisionContext };

/** Every command the rules understand; `as` names the player a proxy acts for (UTD3.2). */
export type CampaignCommand =
  | { type: 'create'; campaignId: string; name: string; guildId: string; channelId: string; seedCommitment: string }
  | { type: 'join'; empire: string }
  | { type: 'leave' }
  | { type: 'contest'; empire: string }
  | { type: 'map-generate'; sectorsPerPlayer?: number }
  | { type: 'map-import'; json: string }
  | { type: 'map-approve' }
  // Map approval by reaction (UTD8.16, map-approval.ts)
  | MapApprovalCommand
  | { type: 'start' }
  | { type: 'setup-buy'; unitId: string; fleetSlot: number | null }
  | { type: 'setup-return'; shipId: string }
  | { type: 'setup-defender'; unitId: string }
  | { type: 'setup-ready'; ready: boolean }
  // Catalog import (UTD8.1): switch to a stored catalog version before play starts.
  | { type: 'catalog-set'; version: string }
  | { type: 'roll'; expression: string }
  | { type: 'buy-ops'; kind: 'temporary' | 'permanent'; count: number; as?: string }
  | { type: 'move'; fleet: string; to: string; as?: string }
  | { type: 'move-capital'; to: string; withDefenses: boolean; as?: string }
  | { type: 'establish'; fleet: string; kind: 'colony' | 'mine' | 'fort'; remove?: boolean; as?: string }
  | { type: 'siege'; fleet: string; desperation: number; as?: string }
  | { type: 'dead-drop'; fleet: string; derelictShip?: string; as?: string }
  | { type: 'undo'; as?: string }
  | { type: 'buy-fleets'; count: number }
  | { type: 'organize'; from: string; to: string; ships: string }
  | { type: 'scrap'; fleet: string; ships: string }
  | { type: 'end-turn'; as?: string }
  | { type: 'expire-turn' }
  | { type: 'remind' }
  | { type: 'extend-turn'; realLife: boolean; as?: string }
  | { type: 'name-sector'; sector: string; name: string; as?: string }
  | { type: 'object-name'; sector: string; as?: string }
  | { type: 'disavow'; sector: string; disavowed: boolean; as?: string }
  | { type: 'balancing'; mode: ExploreBalancing; as?: string }
  // The explorer's answer to a balancing question at the roll (UTD5.221–5.224; exploration-offer.ts)
  | { type: 'explore-choice'; answer: ExplorationReply; offer?: number; as?: string }
  | { type: 'proxy-grant'; userId: string; expiresAt: Date | null }
  | { type: 'proxy-revoke'; userId: string }
  | { type: 'resign' }
  | { type: 'concede' }
  | { type: 'vote-setting'; key: string; value: string }
  | { type: 'vote-extension'; days: number }
  // Player votes: dice reveal and restricted units (UTD1.7, UTD8.21; player-votes.ts)
  | { type: 'vote-dice-reveal' }
  | { type: 'vote-restricted'; unitId: string }
  | { type: 'vote-attach'; voteId: string; messageId: string }
  | { type: 'ballot'; messageId: string; choice: string; present: boolean; button?: boolean }
  | { type: 'vote-close-due' }
  | {
      type: 'ballot-sync';
      messageId: string;
      yes: string[];
      no: string[];
      /** Multi-option votes: reactors per option key. */
      options?: Record<string, string[]>;
    }
  | BattleCommand
  | YardCommand
  // Defenses (defenses/commands.ts)
  | DefenseCommand
  // Officers and options (officers/commands.ts)
  | OfficerCommand
  // Ship condition (condition/commands.ts)
  | ConditionCommand
  | VoteWithdrawCommand
  // Ending the campaign by agreement (UTD1.9, ISS-A89; vote-end.ts)
  | VoteEndCommand
  // Starting defenses: the player's choice of variants (UTD8.134; setup-defenses.ts)
  | SetupDefenseCommand
  | CatalogAmendCommand
  // Pause by vote (UTD1.7, pause.ts)
  | PauseCommand
  // Corrections by vote (UTD1.7, amend-state.ts)
  | AmendCommand
  // Revert within the cycle by consent (UTD1.7, revert.ts)
  | RevertCommand
  // Replacement players by vote (UTD3.91, replacement.ts)
  | ReplacementCommand
  // Absence (UTD3.2, UTD3.31, absence.ts)
  | AbsenceCommand;

/**
 * The rules' single entry point: given the current state (null before creation), one command,
 * the actor, the time, the dice and the catalog, it returns the events to append, or a rule
 * error. Pure.
 */
export function decide(
  state: CampaignState | null,
  command: CampaignCommand,
  ctx: DecisionContext,
): Result<CampaignEvent[]> {
  const decided = decideWithState(state, command, ctx);
  return decided.ok ? ok(decided.value.events) : decided;
}

/**
 * Performance (docs/performance.md): `decide`, also giving the state after the events. The Decider has
 * already applied each event to its working copy as it was emitted (with the same sequence
 * numbers and time the caller stores), so the caller need not copy and apply them all again.
 * `state` is null for creation, which has no Decider: the caller applies those events itself.
 */
export function decideWithState(
  state: CampaignState | null,
  command: CampaignCommand,
  ctx: DecisionContext,
): Result<{ events: CampaignEvent[]; state: CampaignState | null; asPlayer?: string }> {
  try {
    if (command.type === 'create') {
      checkInput(ORDERS.create, command);
      return ok({ events: create(state, command, ctx.actor, ctx.catalog.version), state: null });
    }
    if (!state)
      refuse(
        'campaign/none',
        'UTD8.1',
        'There is no campaign in this channel.',
        'Start one with `/campaign create name:<text>`.',
      );
    // Dice a revert undid stay drawn: the same roll asked again gets them (revert.ts).
    const drawn = (state.drawnDice ?? []).filter((r) => r.halfCycles === state.halfCycles);
    const redraw = drawn.length ? new RedrawingDice(ctx.dice, drawn) : null;
    const d = newDecider(state, redraw ? { ...ctx, dice: redraw } : ctx);
    run(d, command);
    if (redraw?.redrawn.length)
      d.emit({
        type: 'DiceRedrawn',
        rolls: redraw.redrawn.map((r) => ({
          eventSeq: r.eventSeq,
          counter: r.counter,
          purpose: r.purpose,
          results: r.results,
        })),
      });
    return ok({ events: d.events, state: d.state, ...(d.actingFor ? { asPlayer: d.actingFor } : {}) });
  } catch (err) {
    if (err instanceof RuleViolation) return { ok: false, error: err.error };
    throw err;
  }
}

/** Every order of Thunderdome III, one spec each (order-spec.ts): a missing or extra entry is a compile error. */
export const ORDERS = {
  create: {
    input: z.object({
      campaignId: z.string(),
      name: z.string(),
      guildId: z.string(),
      channelId: z.string(),
      seedCommitment: z.string(),
    }),
    who: 'anyone',
    // Creation has no state and no Decider: decideWithState handles it before any order runs.
    decide: () => {
      throw new Error('create is decided by decideWithState');
    },
  },
  join: { input: z.object({ empire: z.string() }), who: 'anyone', decide: (d, c) => join(d, c.empire) },
  leave: { input: noInput, who: 'anyone', decide: (d) => leave(d) },
  contest: { input: z.object({ empire: z.string() }), who: 'anyone', decide: (d, c) => contestEmpire(d, c.empire) },
  'map-generate': {
    input: z.object({ sectorsPerPlayer: z.int().exactOptional() }),
    who: 'anyone',
    decide: (d, c) => {
      return setMap(d, {
        kind: 'generate',
        sectorsPerPlayer: c.sectorsPerPlayer ?? d.state.settings['map.sectorsPerPlayer'],
      });
    },
  },
  'map-import': {
    input: z.object({ json: z.string() }),
    who: 'anyone',
    decide: (d, c) => setMap(d, { kind: 'import', json: c.json }),
  },
  'map-approve': { input: noInput, who: 'player', decide: (d, _c, p) => approveMap(d, p) },
  start: { input: noInput, who: 'anyone', decide: (d) => start(d) },
  'setup-buy': {
    input: z.object({ unitId: z.string(), fleetSlot: z.int().nullable() }),
    who: 'player',
    decide: (d, c, p) => setupBuy(d, c.unitId, c.fleetSlot, p),
  },
  'setup-defender': {
    input: z.object({ unitId: z.string() }),
    who: 'player',
    decide: (d, c, p) => chooseDefendingShip(d, c.unitId, p),
  },
  'setup-return': {
    input: z.object({ shipId: z.string() }),
    who: 'player',
    decide: (d, c, p) => setupReturn(d, c.shipId, p),
  },
  'setup-ready': {
    input: z.object({ ready: z.boolean() }),
    who: 'player',
    decide: (d, c, p) => setupReady(d, c.ready, p),
  },
  'catalog-set': {
    input: z.object({ version: z.string() }),
    who: 'anyone',
    decide: (d, c) => setCatalog(d, c.version),
  },
  roll: { input: z.object({ expression: z.string() }), who: 'anyone', decide: (d, c) => roll(d, c.expression) },
  'buy-ops': {
    input: z.object({ kind: z.enum(['temporary', 'permanent']), count: z.int(), ...asField }),
    who: 'turn-even-locked',
    decide: (d, c, p) => buyOrderPoints(d, c.kind, c.count, p),
    undo: UNDOABLE.OrderPointsBought,
  },
  move: {
    input: z.object({ fleet: z.string(), to: z.string(), ...asField }),
    who: 'turn',
    decide: (d, c, p) => moveFleet(d, c.fleet, c.to, p),
    undo: UNDOABLE.FleetMoved,
  },
  'move-capital': {
    input: z.object({ to: z.string(), withDefenses: z.boolean(), ...asField }),
    who: 'turn',
    decide: (d, c, p) => moveCapital(d, c.to, c.withDefenses, p),
    undo: UNDOABLE.CapitalMoved,
  },
  establish: {
    input: z.object({
      fleet: z.string(),
      kind: z.enum(['colony', 'mine', 'fort']),
      remove: z.boolean().exactOptional(),
      ...asField,
    }),
    who: 'turn',
    decide: (d, c, p) => establish(d, c.fleet, c.kind, c.remove ?? false, p),
    undo: UNDOABLE.DevelopmentOrdered,
  },
  siege: {
    input: z.object({ fleet: z.string(), desperation: z.number().int().min(0).max(100_000), ...asField }),
    who: 'turn',
    decide: (d, c, p) => siegeRoll(d, c.fleet, c.desperation, p),
  },
  // A container can be taken back; a derelict left behind is final (undo.ts).
  'dead-drop': {
    input: z.object({ fleet: z.string(), derelictShip: z.string().exactOptional(), ...asField }),
    who: 'turn',
    decide: (d, c, p) => (c.derelictShip ? leaveDerelict(d, c.fleet, c.derelictShip, p) : dropContainer(d, c.fleet, p)),
    undo: UNDOABLE.ContainerDropped,
  },
  undo: { input: z.object(asField), who: 'turn', decide: (d) => undoLastOrder(d) },
  'buy-fleets': { input: z.object({ count: z.int() }), who: 'player', decide: (d, c, p) => buyFleets(d, c.count, p) },
  organize: {
    input: z.object({ from: z.string(), to: z.string(), ships: z.string() }),
    who: 'turn',
    decide: (d, c, p) => organize(d, c.from, c.to, c.ships, p),
  },
  scrap: {
    input: z.object({ fleet: z.string(), ships: z.string() }),
    who: 'turn',
    decide: (d, c, p) => scrapShips(d, c.fleet, c.ships, p),
  },
  'end-turn': { input: z.object(asField), who: 'turn-even-locked', decide: (d) => endTurn(d) },
  'expire-turn': { input: noInput, who: 'anyone', decide: (d) => expireTurn(d) },
  remind: { input: noInput, who: 'anyone', decide: (d) => remindOrders(d) },
  'extend-turn': {
    input: z.object({ realLife: z.boolean(), ...asField }),
    who: 'turn',
    decide: (d, c, p) => extendTurn(d, c.realLife, p),
  },
  'name-sector': {
    input: z.object({ sector: z.string(), name: z.string(), ...asField }),
    who: 'player',
    decide: (d, c, p) => nameSector(d, c.sector, c.name, p),
  },
  'object-name': {
    input: z.object({ sector: z.string(), ...asField }),
    who: 'player',
    decide: (d, c, p) => objectToName(d, c.sector, p),
  },
  disavow: {
    input: z.object({ sector: z.string(), disavowed: z.boolean(), ...asField }),
    who: 'player',
    decide: (d, c, p) => disavow(d, c.sector, c.disavowed, p),
  },
  balancing: {
    input: z.object({ mode: z.enum(['none', 'mineral', 'life', 'choose-life', 'choose-mineral']), ...asField }),
    who: 'player',
    decide: (d, c, p) => setBalancing(d, c.mode, p),
  },
  'explore-choice': {
    input: z.object({ answer: z.enum(EXPLORATION_ANSWERS), offer: z.int().exactOptional(), ...asField }),
    who: 'player',
    decide: (d, c, p) => answerExploration(d, c.answer, c.offer, p),
  },
  'proxy-grant': {
    input: z.object({ userId: z.string(), expiresAt: z.date().nullable() }),
    who: 'self',
    decide: (d, c, p) => grantProxy(d, c.userId, c.expiresAt, p),
  },
  'proxy-revoke': {
    input: z.object({ userId: z.string() }),
    who: 'self',
    decide: (d, c, p) => revokeProxy(d, c.userId, p),
  },
  resign: { input: noInput, who: 'self', decide: (d, _c, p) => resign(d, p) },
  concede: { input: noInput, who: 'self', decide: (d, _c, p) => concede(d, p) },
  'vote-setting': {
    input: z.object({ key: z.string(), value: z.string() }),
    who: 'self',
    decide: (d, c) => proposeSetting(d, c.key, c.value),
  },
  'vote-extension': {
    input: z.object({ days: z.int() }),
    who: 'self',
    decide: (d, c, p) => proposeExtension(d, c.days, p),
  },
  'vote-dice-reveal': { input: noInput, who: 'self', decide: (d) => proposeDiceReveal(d) },
  'vote-restricted': {
    input: z.object({ unitId: z.string() }),
    who: 'self',
    decide: (d, c) => proposeRestrictedUnit(d, c.unitId),
  },
  'vote-attach': {
    input: z.object({ voteId: z.string(), messageId: z.string() }),
    who: 'anyone',
    decide: (d, c) => attachVoteMessage(d, c.voteId, c.messageId),
  },
  ballot: {
    input: z.object({
      messageId: z.string(),
      choice: z.string(),
      present: z.boolean(),
      button: z.boolean().exactOptional(),
    }),
    who: 'anyone',
    decide: (d, c) => castBallot(d, c.messageId, c.choice, c.present, c.button === true),
  },
  'vote-close-due': { input: noInput, who: 'anyone', decide: (d) => closeDueVotes(d) },
  'ballot-sync': {
    input: z.object({
      messageId: z.string(),
      yes: z.array(z.string()),
      no: z.array(z.string()),
      options: z.record(z.string(), z.array(z.string())).exactOptional(),
    }),
    who: 'anyone',
    decide: (d, c) => syncBallots(d, c.messageId, c.yes, c.no, c.options),
  },
  ...MAP_APPROVAL_ORDERS,
  ...BATTLE_ORDERS,
  ...YARD_ORDERS,
  ...DEFENSE_ORDERS,
  ...OFFICER_ORDERS,
  ...CONDITION_ORDERS,
  ...VOTE_WITHDRAW_ORDERS,
  ...VOTE_END_ORDERS,
  ...SETUP_DEFENSE_ORDERS,
  ...CATALOG_AMEND_ORDERS,
  ...PAUSE_ORDERS,
  ...AMEND_ORDERS,
  ...REVERT_ORDERS,
  ...REPLACEMENT_ORDERS,
  ...ABSENCE_ORDERS,
} satisfies OrderTable<CampaignCommand>;

/**
 * A compile error naming any order whose `input` schema outputs other than exactly its command's
 * input: a literal left out, an optional field misspelled or added (order-spec.ts `InputDrift`).
 */
export type OrderInputsMatch = NoDrift<InputDrift<typeof ORDERS, CampaignCommand>>;

/** A Decider with the turn sequence wired in (TurnHooks, decider.ts). */
export function newDecider(state: CampaignState, ctx: DecisionContext): Decider {
  return new Decider(state, ctx, { finishTurn });
}

/**
 * Runs one order: the shape of its input and who may give it are checked here, once
 * (order-spec.ts, order-input.ts), then the order's own rules decide its events.
 */
function run(d: Decider, c: Exclude<CampaignCommand, { type: 'create' }>): void {
  const spec = ORDERS[c.type] as OrderSpec<typeof c>;
  checkInput(spec, c);
  if (spec.who === 'anyone') return spec.decide(d, c);
  const as = 'as' in c ? c.as : undefined;
  const p =
    spec.who === 'self'
      ? playerInPerson(d.state, d.ctx, as)
      : spec.who === 'player'
        ? actingPlayer(d.state, d.ctx, as)
        : turnPlayer(d.state, d.ctx, as);
  if (spec.who === 'turn' || spec.who === 'turn-even-locked')
    requireTurnOf(d, p, { evenLocked: spec.who === 'turn-even-locked' });
  // UTD3.2: an order given by a proxy is marked with the player it was for.
  if (p.id !== d.ctx.actor.userId) d.actingFor = p.id;
  spec.decide(d, c, p);
}

const NAME_MAX = 60;

function create(
  state: CampaignState | null,
  c: Extract<CampaignCommand, { type: 'create' }>,
  actor: Actor,
  catalogVersion: string,
): CampaignEvent[] {
  if (state)
    refuse(
      'campaign/exists',
      'UTD8.1',
      `This channel already runs the campaign **${state.name}**.`,
      'Create a new campaign in another channel: one campaign per channel.',
    );
  const name = c.name.trim().replace(/\s+/g, ' ');
  if (name.length === 0) refuse('campaign/name-empty', 'UTD8.1', 'The campaign needs a name.');
  if (name.length > NAME_MAX)
    refuse(
      'campaign/name-long',
      'UTD8.1',
      `A campaign name has at most ${NAME_MAX} characters (this one has ${name.length}).`,
    );
  return [
    {
      type: 'CampaignCreated',
      campaignId: c.campaignId,
      name,
      guildId: c.guildId,
      channelId: c.channelId,
      createdBy: actor.userId,
      // Checked like a vote's value (requirements §3.3): the defaults are within every key's range.
      settings: settingsSchema.parse(defaultSettings()) as Settings,
      catalogVersion,
      seedCommitment: c.seedCommitment,
    },
  ];
}

function roll(d: Decider, expression: string): void {
  const parsed = parseDiceExpression(expression);
  if (!parsed.ok) throw new RuleViolation(parsed.error);
  const purpose = `/roll by ${d.ctx.actor.displayName}`;
  const rolled = rollExpression(parsed.value, d.ctx.dice, purpose);
  d.emit({
    type: 'DiceRolled',
    expression: formatExpression(parsed.value),
    purpose,
    terms: rolled.terms,
    total: rolled.total,
  });
}
