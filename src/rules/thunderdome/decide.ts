import { RuleViolation, ok, refuse, type Result } from '../errors.ts';
import { formatExpression, parseDiceExpression, rollExpression } from '../dice-expression.ts';
import { Decider, actingPlayer, type Actor, type DecisionContext } from './decider.ts';
import type { CampaignEvent } from './events.ts';
import { runBattleCommand, type BattleCommand } from './battles/commands.ts';
import { runYardCommand, type YardCommand } from './shipyards/commands.ts';
import { runDefenseCommand, type DefenseCommand } from './defenses/commands.ts';
import { runConditionCommand, type ConditionCommand } from './condition/commands.ts';
import { setCatalog } from './catalog-switch.ts';
import { runOfficerCommand, type OfficerCommand } from './officers/commands.ts';
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
import { grantProxy, resign, revokeProxy } from './players.ts';
import { disavow, nameSector, objectToName, setBalancing } from './sectors.ts';
import { defaultSettings } from './settings.ts';
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
import { endTurn, expireTurn, remindOrders } from './turn.ts';
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
import { runMapApprovalCommand, type MapApprovalCommand } from './map-approval.ts';

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
  | { type: 'siege'; fleet: string; desperation: 0 | 50 | 100; as?: string }
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
  | { type: 'proxy-grant'; userId: string; expiresAt: Date | null }
  | { type: 'proxy-revoke'; userId: string }
  | { type: 'resign' }
  | { type: 'vote-setting'; key: string; value: string }
  | { type: 'vote-extension'; days: number }
  // Player votes: dice reveal and restricted units (UTD1.7, UTD8.21; player-votes.ts)
  | { type: 'vote-dice-reveal' }
  | { type: 'vote-restricted'; unitId: string }
  | { type: 'vote-attach'; voteId: string; messageId: string }
  | { type: 'ballot'; messageId: string; choice: string; present: boolean }
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
  | ConditionCommand;

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
): Result<{ events: CampaignEvent[]; state: CampaignState | null }> {
  try {
    if (command.type === 'create')
      return ok({ events: create(state, command, ctx.actor, ctx.catalog.version), state: null });
    if (!state)
      refuse(
        'campaign/none',
        'UTD8.1',
        'There is no campaign in this channel.',
        'Start one with `/campaign create name:<text>`.',
      );
    const d = new Decider(state, ctx);
    run(d, command);
    return ok({ events: d.events, state: d.state });
  } catch (err) {
    if (err instanceof RuleViolation) return { ok: false, error: err.error };
    throw err;
  }
}

function run(d: Decider, c: Exclude<CampaignCommand, { type: 'create' }>): void {
  switch (c.type) {
    case 'join':
      return join(d, c.empire);
    case 'leave':
      return leave(d);
    case 'contest':
      return contestEmpire(d, c.empire);
    case 'map-generate':
      return setMap(d, {
        kind: 'generate',
        sectorsPerPlayer: c.sectorsPerPlayer ?? d.state.settings['map.sectorsPerPlayer'],
      });
    case 'map-import':
      return setMap(d, { kind: 'import', json: c.json });
    case 'map-approve':
      return approveMap(d);
    // Map approval by reaction (UTD8.16)
    case 'map-approval-attach':
      return runMapApprovalCommand(d, c);
    case 'start':
      return start(d);
    case 'setup-buy':
      return setupBuy(d, c.unitId, c.fleetSlot);
    case 'setup-defender':
      return chooseDefendingShip(d, c.unitId);
    case 'setup-return':
      return setupReturn(d, c.shipId);
    case 'setup-ready':
      return setupReady(d, c.ready);
    case 'catalog-set':
      return setCatalog(d, c.version);
    case 'roll':
      return roll(d, c.expression);
    case 'buy-ops':
      return buyOrderPoints(d, c.kind, c.count, c.as);
    case 'move':
      return moveFleet(d, c.fleet, c.to, c.as);
    case 'move-capital':
      return moveCapital(d, c.to, c.withDefenses, c.as);
    case 'establish':
      return establish(d, c.fleet, c.kind, c.remove ?? false, c.as);
    case 'siege':
      return siegeRoll(d, c.fleet, c.desperation, c.as);
    case 'dead-drop':
      return c.derelictShip ? leaveDerelict(d, c.fleet, c.derelictShip, c.as) : dropContainer(d, c.fleet, c.as);
    case 'undo':
      return undoLastOrder(d, c.as);
    case 'buy-fleets':
      return buyFleets(d, c.count);
    case 'organize':
      return organize(d, c.from, c.to, c.ships);
    case 'scrap':
      return scrapShips(d, c.fleet, c.ships);
    case 'end-turn':
      return endTurn(d, actingPlayer(d.state, d.ctx, c.as));
    case 'expire-turn':
      return expireTurn(d);
    case 'remind':
      return remindOrders(d);
    case 'extend-turn':
      return extendTurn(d, c.realLife, c.as);
    case 'name-sector':
      return nameSector(d, c.sector, c.name, c.as);
    case 'object-name':
      return objectToName(d, c.sector, c.as);
    case 'disavow':
      return disavow(d, c.sector, c.disavowed, c.as);
    case 'balancing':
      return setBalancing(d, c.mode, c.as);
    case 'proxy-grant':
      return grantProxy(d, c.userId, c.expiresAt);
    case 'proxy-revoke':
      return revokeProxy(d, c.userId);
    case 'resign':
      return resign(d);
    case 'vote-setting':
      return proposeSetting(d, c.key, c.value);
    case 'vote-extension':
      return proposeExtension(d, c.days);
    case 'vote-dice-reveal':
      return proposeDiceReveal(d);
    case 'vote-restricted':
      return proposeRestrictedUnit(d, c.unitId);
    case 'vote-attach':
      return attachVoteMessage(d, c.voteId, c.messageId);
    case 'ballot':
      return castBallot(d, c.messageId, c.choice, c.present);
    case 'vote-close-due':
      return closeDueVotes(d);
    case 'ballot-sync':
      return syncBallots(d, c.messageId, c.yes, c.no, c.options);
    case 'yard-activate':
    case 'yard-build':
    case 'yard-overhaul':
    case 'yard-refit':
    case 'yard-convert':
    case 'yard-inspect':
    case 'yard-construct':
    case 'yard-overhaul-yard':
    case 'yard-scrap':
    case 'yard-damage':
    case 'yard-dock':
    case 'yard-undock':
    case 'repair-fleet':
    case 'repair-ships':
      return runYardCommand(d, c);
    // Defenses (defenses/)
    case 'defense-revise':
    case 'defense-scrap':
      return runDefenseCommand(d, c);
    // Officers and options (officers/)
    case 'officer-buy':
    case 'officer-transfer':
    case 'crew-buy':
    // Navy loose ends: minesweeper mines (UTD8.253)
    case 'mines-buy':
      return runOfficerCommand(d, c);
    // Ship condition (condition/)
    case 'ship-report':
    case 'ship-losses':
    case 'ship-breakout':
    case 'ship-expend':
    case 'ship-self-repair':
    case 'ship-replace':
    case 'refit-fleet':
      return runConditionCommand(d, c);
    default:
      return runBattleCommand(d, c);
  }
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
      settings: defaultSettings(),
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
