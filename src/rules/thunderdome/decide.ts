import { RuleViolation, ok, refuse, type Result } from '../errors.ts';
import type { DiceSource } from '../dice.ts';
import { formatExpression, parseDiceExpression, rollExpression } from '../dice-expression.ts';
import { bpvToString } from '../exact/bpv.ts';
import { FIRST_HALF_CYCLE } from './calendar.ts';
import { EMPIRES, empireByKey } from './empires.ts';
import type { CampaignEvent } from './events.ts';
import { defaultSettings } from './settings.ts';
import { startingBpv } from './setup.ts';
import type { CampaignState } from './state.ts';

export interface Actor {
  userId: string;
  displayName: string;
  /** Holds the server's Manage Server permission (or the campaign-admin role). */
  isServerAdmin: boolean;
}

export interface DecisionContext {
  actor: Actor;
  now: Date;
  dice: DiceSource;
}

export type CampaignCommand =
  | { type: 'create'; campaignId: string; name: string; guildId: string; channelId: string; seedCommitment: string }
  | { type: 'join'; empire: string }
  | { type: 'leave' }
  | { type: 'start' }
  | { type: 'roll'; expression: string };

/**
 * The rules' single entry point: given the current state (null before creation), one command,
 * the actor, the time and the dice, it returns the events to append, or a rule error. Pure.
 */
export function decide(state: CampaignState | null, command: CampaignCommand, ctx: DecisionContext): Result<CampaignEvent[]> {
  try {
    return ok(decideOrThrow(state, command, ctx));
  } catch (err) {
    if (err instanceof RuleViolation) return { ok: false, error: err.error };
    throw err;
  }
}

function decideOrThrow(state: CampaignState | null, command: CampaignCommand, ctx: DecisionContext): CampaignEvent[] {
  if (command.type === 'create') return create(state, command, ctx.actor);
  if (!state) refuse('campaign/none', 'UTD8.1', 'There is no campaign in this channel.', 'Start one with `/campaign create name:<text>`.');
  switch (command.type) {
    case 'join':
      return join(state, command.empire, ctx.actor);
    case 'leave':
      return leave(state, ctx.actor);
    case 'start':
      return start(state, ctx);
    case 'roll':
      return roll(command.expression, ctx);
  }
}

const NAME_MAX = 60;

function create(state: CampaignState | null, c: Extract<CampaignCommand, { type: 'create' }>, actor: Actor): CampaignEvent[] {
  if (state) refuse('campaign/exists', 'UTD8.1', `This channel already runs the campaign **${state.name}**.`, 'Create a new campaign in another channel: one campaign per channel.');
  const name = c.name.trim().replace(/\s+/g, ' ');
  if (name.length === 0) refuse('campaign/name-empty', 'UTD8.1', 'The campaign needs a name.');
  if (name.length > NAME_MAX) refuse('campaign/name-long', 'UTD8.1', `A campaign name has at most ${NAME_MAX} characters (this one has ${name.length}).`);
  return [
    {
      type: 'CampaignCreated',
      campaignId: c.campaignId,
      name,
      guildId: c.guildId,
      channelId: c.channelId,
      createdBy: actor.userId,
      settings: defaultSettings(),
      seedCommitment: c.seedCommitment,
    },
  ];
}

function requireRegistration(state: CampaignState, what: string): void {
  if (state.status !== 'registration') {
    refuse('campaign/started', 'UTD8.1', `**${state.name}** has already started, so you cannot ${what} now.`);
  }
}

function join(state: CampaignState, empireText: string, actor: Actor): CampaignEvent[] {
  requireRegistration(state, 'join or change empire');
  const empire = empireByKey(empireText);
  const free = () => EMPIRES.filter((e) => !state.players.some((p) => p.empire === e.key && p.id !== actor.userId)).map((e) => e.name);
  if (!empire) {
    refuse('empire/not-allowed', 'UTD8.111', `\`${empireText.slice(0, 40)}\` is not an allowed empire.`, `Allowed and free: ${free().join(', ')}.`);
  }
  const holder = state.players.find((p) => p.empire === empire.key);
  const me = state.players.find((p) => p.id === actor.userId);
  if (holder && holder.id !== actor.userId) {
    refuse(
      'empire/taken',
      'UTD8.113',
      `${empire.name} is already played by ${holder.name}; each empire has one player.`,
      `Agree with ${holder.name} who takes it, or pick a free empire: ${free().join(', ')}.`,
    );
  }
  if (me) {
    if (me.empire === empire.key) refuse('player/already-joined', 'UTD8.11', `You already play ${empire.name} in **${state.name}**.`);
    return [{ type: 'PlayerChangedEmpire', playerId: me.id, from: me.empire, to: empire.key }];
  }
  const max = state.settings['players.max'];
  if (state.players.length >= max) refuse('campaign/full', 'UTD8.111', `**${state.name}** already has ${max} players.`);
  return [{ type: 'PlayerJoined', playerId: actor.userId, playerName: actor.displayName, empire: empire.key }];
}

function leave(state: CampaignState, actor: Actor): CampaignEvent[] {
  requireRegistration(state, 'leave that way (use resignation, UTD3.91)');
  if (!state.players.some((p) => p.id === actor.userId)) refuse('player/not-joined', 'UTD8.11', `You have not joined **${state.name}**.`);
  return [{ type: 'PlayerLeft', playerId: actor.userId }];
}

function start(state: CampaignState, ctx: DecisionContext): CampaignEvent[] {
  requireRegistration(state, 'start it again');
  if (ctx.actor.userId !== state.createdBy && !ctx.actor.isServerAdmin) {
    refuse('permission/admin', 'UTD8.1', 'Only the campaign creator or a server manager can start the campaign.');
  }
  const min = state.settings['players.min'];
  if (state.players.length < min) {
    refuse('campaign/too-few-players', 'UTD8.132', `A campaign needs at least ${min} players; **${state.name}** has ${state.players.length}.`, 'Ask players to `/campaign join`.');
  }
  const P = state.players.length;
  const order = rollTurnOrder(state, ctx.dice);
  return [
    order,
    { type: 'CampaignStarted', startingBpv: bpvToString(startingBpv(P)), startYear: state.settings.startYear },
    { type: 'TurnStarted', playerId: order.order[0]!, seat: 1, halfCycles: FIRST_HALF_CYCLE, opsBase: P },
  ];
}

/**
 * UTD8.14: every player rolls D1000; play runs from highest to lowest. Players who tie re-roll
 * among themselves until the tie is broken (ISS-A104); every roll is kept.
 */
export function rollTurnOrder(state: CampaignState, dice: DiceSource): Extract<CampaignEvent, { type: 'TurnOrderRolled' }> {
  const rolls = new Map(state.players.map((p) => [p.id, [] as number[]]));
  const nameOf = (id: string) => state.players.find((p) => p.id === id)?.name ?? id;
  const rank = (ids: string[]): string[] => {
    for (const id of ids) rolls.get(id)!.push(dice.roll(1000, 1, `turn order (UTD8.14): ${nameOf(id)}`)[0]!);
    const last = (id: string) => rolls.get(id)!.at(-1)!;
    const groups = new Map<number, string[]>();
    for (const id of ids) groups.set(last(id), [...(groups.get(last(id)) ?? []), id]);
    return [...groups.entries()].sort((a, b) => b[0] - a[0]).flatMap(([, g]) => (g.length > 1 ? rank(g) : g));
  };
  const order = rank(state.players.map((p) => p.id));
  return { type: 'TurnOrderRolled', rolls: order.map((id) => ({ playerId: id, rolls: rolls.get(id)! })), order };
}

function roll(expression: string, ctx: DecisionContext): CampaignEvent[] {
  const parsed = parseDiceExpression(expression);
  if (!parsed.ok) throw new RuleViolation(parsed.error);
  const purpose = `/roll by ${ctx.actor.displayName}`;
  const rolled = rollExpression(parsed.value, ctx.dice, purpose);
  return [{ type: 'DiceRolled', expression: formatExpression(parsed.value), purpose, terms: rolled.terms, total: rolled.total }];
}

