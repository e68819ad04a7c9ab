import type { DiceSource } from '../dice.ts';
import { refuse } from '../errors.ts';
import { applyEvent } from './apply.ts';
import type { CampaignEvent, StoredEvent } from './events.ts';
import type { MapGenerator } from './map/index.ts';
import { proxiedPlayer } from './lookup.ts';
import { officerLosses } from './officers/apply-officers.ts';
import type { CampaignState, Player } from './state.ts';
import type { UnitCatalog } from './units.ts';

export interface Actor {
  userId: string;
  displayName: string;
  /** Holds the server's Manage Server permission (or the campaign-admin role). */
  isServerAdmin: boolean;
}

/** The scheduler acts as this user when a clock runs out. */
export const SYSTEM_USER = 'system';

/** The history a revert is decided with (revert.ts): the state just before its event, and the stored events since. */
export interface RevertHistory {
  before: CampaignState;
  events: readonly StoredEvent[];
}

export interface DecisionContext {
  actor: Actor;
  now: Date;
  dice: DiceSource;
  catalog: UnitCatalog;
  /**
   * The catalog an amendment puts to the players' vote (catalog-amend.ts, UTD1.7), while one is
   * proposed or open; absent otherwise. The campaign still plays with `catalog` until it passes.
   */
  proposedCatalog?: UnitCatalog;
  /**
   * A revert's history (revert.ts, UTD1.7): the state just before its event and the stored events
   * since, loaded by the app for the commands `revertHistoryFrom` names; absent otherwise.
   */
  revertHistory?: RevertHistory;
  /** Sequence number the first event of this command will get (for automatic follow-ups). */
  firstSeq: number;
  /**
   * Makes the map of a `/map generate` (UTD8.16); absent, it is generated here (`generateSeededMap`).
   * The bot has it made in a worker thread: a pure function of its request, so either way the map is the same.
   */
  generateMap?: MapGenerator;
}

/**
 * Builds a command's events one at a time, applying each to a working copy of the state, so
 * that automatic steps later in the same command (a turn that ends and the next that starts)
 * see what the earlier events did. The caller stores exactly these events.
 */
/**
 * Steps of the turn sequence that orders elsewhere must trigger (a battle resolved, a capture
 * organized: the turn goes on). The sequence (turn.ts) imports the step modules, so they reach
 * it through the Decider instead of importing it back; decide.ts wires it (`newDecider`).
 */
export interface TurnHooks {
  finishTurn(d: Decider, forfeited: boolean): void;
}

const UNWIRED: TurnHooks = {
  finishTurn: () => {
    throw new Error('the turn sequence is not wired into this Decider: build it with newDecider (decide.ts)');
  },
};

export class Decider {
  readonly events: CampaignEvent[] = [];
  /** The player this command was given for by their proxy (UTD3.2), marked on its stored events; null: in person. */
  actingFor: string | null = null;
  private working: CampaignState;

  constructor(
    state: CampaignState,
    readonly ctx: DecisionContext,
    readonly hooks: TurnHooks = UNWIRED,
  ) {
    this.working = state;
  }

  get state(): CampaignState {
    return this.working;
  }

  emit(event: CampaignEvent): void {
    const seq = this.ctx.firstSeq + this.events.length;
    const before = this.working;
    this.working = applyEvent(this.working, {
      seq,
      at: this.ctx.now.toISOString(),
      actor: { userId: this.ctx.actor.userId },
      event,
      rolls: [],
    });
    this.events.push(event);
    // Officers and options: a legendary officer or outstanding crew lost with its ship, by whatever
    // event, is recorded right after it so the loss is announced (UTD7.26A, 7.26B, 8.23).
    if (event.type !== 'OfficersLost') {
      const losses = officerLosses(before, this.working);
      if (losses.length) this.emit({ type: 'OfficersLost', losses });
    }
  }

  get seq(): number {
    return this.ctx.firstSeq + this.events.length;
  }
}

/**
 * The player an actor speaks for: themselves, or the player named by `as` if the actor is that
 * player's proxy (UTD3.2). Refuses anyone else.
 */
export function actingPlayer(state: CampaignState, ctx: DecisionContext, as?: string): Player {
  const me = ctx.actor.userId;
  if (as && as !== me) {
    const target = state.players.find((p) => p.id === as && p.status === 'active');
    if (!target) refuse('player/unknown', 'UTD3.2', 'That player is not in this campaign.');
    if (!holdsProxy(target, me, ctx.now))
      refuse(
        'proxy/not-granted',
        'UTD3.2',
        `You are not a proxy of ${target.name}.`,
        `${target.name} can grant it with \`/proxy grant\`.`,
      );
    return target;
  }
  const p = state.players.find((x) => x.id === me) ?? proxiedPlayer(state, me, ctx.now);
  if (!p)
    refuse(
      'player/not-joined',
      'UTD8.11',
      `You are not a player of **${state.name}**.`,
      'Anyone may look (`/campaign status`), but only players give orders.',
    );
  if (p.status !== 'active') refuse('player/out', 'UTD3.9', `You are no longer in **${state.name}** (${p.status}).`);
  return p;
}

/** Whether `userId` holds a proxy of `p` that has not expired (UTD3.2). */
export function holdsProxy(p: Player, userId: string, now: Date): boolean {
  return p.proxies.some((x) => x.userId === userId && (!x.expiresAt || new Date(x.expiresAt) > now));
}

/**
 * The player who gives an order on their turn: the actor in person, or the player whose turn it is
 * when the actor, a fellow player, holds that player's proxy (UTD3.2: a fellow player may stand in;
 * on another's turn their own orders are not due, so an order without `as` is for the one on turn).
 */
export function turnPlayer(state: CampaignState, ctx: DecisionContext, as?: string): Player {
  const me = ctx.actor.userId;
  if (!as && state.players.some((x) => x.id === me && x.status === 'active')) {
    const onTurn = state.players.find((x) => x.id === state.turn?.playerId && x.status === 'active');
    if (onTurn && onTurn.id !== me && holdsProxy(onTurn, me, ctx.now)) return onTurn;
  }
  return actingPlayer(state, ctx, as);
}

/**
 * The player themselves, never their proxy (UTD3.2: a proxy defines orders and conducts battles;
 * only the player names or takes back proxies, resigns, and puts questions to the vote, UTD1.7).
 */
export function playerInPerson(state: CampaignState, ctx: DecisionContext, as?: string): Player {
  const me = ctx.actor.userId;
  const named = as && as !== me ? (state.players.find((p) => p.id === as) ?? null) : undefined;
  const proxied =
    named !== undefined ? named : state.players.some((p) => p.id === me) ? null : proxiedPlayer(state, me, ctx.now);
  if (named !== undefined || proxied) {
    const name = proxied?.name ?? 'the player';
    refuse(
      'proxy/out-of-scope',
      'UTD3.2',
      `A proxy gives orders and conducts battles for ${name}; only ${name} can do this.`,
      'Granting or revoking proxies, resigning and proposing votes are the player’s own acts.',
    );
  }
  return actingPlayer(state, ctx);
}

export function requireAdmin(state: CampaignState, ctx: DecisionContext, what: string): void {
  if (ctx.actor.userId !== state.createdBy && !ctx.actor.isServerAdmin) {
    refuse('permission/admin', 'UTD8.1', `Only the campaign creator or a server manager can ${what}.`);
  }
}
