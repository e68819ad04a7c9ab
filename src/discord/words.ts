import { escapeMarkdown } from 'discord.js';
import type { RuleError } from '../rules/errors.ts';
import type { Variant } from '../rules/kernel/tables.ts';
import type { BattleEvent } from '../rules/thunderdome/battles/apply-battle.ts';
import type { RetreatWrecksSettled } from '../rules/thunderdome/battles/retreat-wreck-event.ts';
import type { ConditionEvent } from '../rules/thunderdome/condition/events.ts';
import type { DefenseEvent } from '../rules/thunderdome/defenses/apply-defense.ts';
import type { OfficerEvent } from '../rules/thunderdome/officers/events.ts';
import type { YardEvent } from '../rules/thunderdome/shipyards/apply-yard.ts';
import { isUndoableEvent, type UndoableType } from '../rules/thunderdome/undo.ts';
import { BATTLE_WORDS } from './battle-words.ts';
import { CATALOG_WORDS, type CatalogEvent } from './catalog-words.ts';
import { CONDITION_WORDS } from './condition-words.ts';
import { DEFENSE_WORDS } from './defense-words.ts';
import { OFFICER_WORDS } from './officer-words.ts';
import {
  bankLostReason,
  developmentCancelledReason,
  exploredStep,
  freeMove,
  seedsRevealedReason,
  turnExtensionReason,
  voteCloseReason,
} from './reason-words.ts';
import { RETREAT_WRECK_WORDS } from './retreat-wreck-words.ts';
import { EXPLORATION_ANSWER_WORDS, explorationQuestion } from './exploration-words.ts';
import { GOVERNANCE_WORDS, type GovernanceEvent, vacantSeatText } from './governance-words.ts';
import { type AnyWords, plainName, type Words, wordsContext } from './words-context.ts';
import { YARD_WORDS } from './yard-words.ts';
import {
  cycleLabel,
  empireName,
  season,
  sectorLabel,
  SETTING_KEYS,
  settingText,
  yearLabel,
  type CampaignEvent,
  type CampaignState,
  type SettingKey,
  type StoredEvent,
  type Vote,
} from '../rules/thunderdome/index.ts';

/**
 * All user-facing words live here (design §3.6), keyed by event type and error. Mentions use
 * Discord's `<@id>` form so players get notified; the playground turns them back into names.
 */
export function mention(userId: string): string {
  return `<@${userId}>`;
}

export function timestamp(date: Date | string, style: 'R' | 'f' | 'F' | 'd' = 'f'): string {
  return `<t:${Math.floor(new Date(date).getTime() / 1000)}:${style}>`;
}

export function calendarLine(state: CampaignState): string {
  return `cycle ${cycleLabel(state.halfCycles)}, ${season(state.halfCycles)} ${yearLabel(state.settings.startYear, state.halfCycles)}`;
}

function playerName(state: CampaignState, id: string): string {
  const name = state.players.find((p) => p.id === id)?.name;
  return name === undefined ? id : plainName(name);
}

/**
 * The order points a turn starts with, net of the retreats charged first at its start (UTD7.4663):
 * the turn-start post must not promise points the retreat charge below it takes away. The charge
 * is read from the turn (spent before any order) or, in a state before the charge, from the
 * retreats still due.
 */
function turnStartPoints(playerId: string, opsBase: number, state: CampaignState): string {
  const t = state.turn;
  const charge =
    t && t.playerId === playerId && t.orders.length === 0
      ? t.opsSpent || state.retreats.filter((r) => r.playerId === playerId && !r.charged).length
      : 0;
  if (charge === 0) return `**${opsBase} order points** (UTD6.2)`;
  const left = Math.max(0, opsBase - charge);
  return `**${left} order point${left === 1 ? '' : 's'}** for orders: ${opsBase} (UTD6.2) less ${charge} spent first on retreats (UTD7.4663)`;
}

/** A setting's value as `/campaign settings` shows it (its own words, never JSON quotes). */
function settingValue(key: string, value: unknown): string {
  return SETTING_KEYS.includes(key as SettingKey) ? settingText(key as SettingKey, value) : JSON.stringify(value);
}

/** The events whose words are here; each area's table words its own. */
type CoreEvent = Exclude<
  CampaignEvent,
  | BattleEvent
  | YardEvent
  | DefenseEvent
  | OfficerEvent
  | ConditionEvent
  | CatalogEvent
  | RetreatWrecksSettled
  | GovernanceEvent
>;

/** Announcement lines for the core events: setup, the turn, orders, sectors, players, votes, dice. */
const CORE_WORDS = {
  CampaignCreated: (e) =>
    [
      `📜 ${mention(e.createdBy)} created the Thunderdome III campaign **${e.name}** in this channel.`,
      'Join with `/campaign join empire:<empire>`; the creator sets the map (`/map generate` or `/map import`), everyone approves it (✅ on the map approval message, or `/map approve`), then `/campaign start`.',
      `🔒 Dice seed commitment (SHA-256): \`${e.seedCommitment}\` — every roll can be checked against it when the seed is revealed.`,
    ].join('\n'),
  PlayerJoined: (e, { state }) =>
    `⚔️ **${plainName(e.playerName)}** joins **${state.name}** as the **${empireName(e.empire)}** (${state.players.length} player${state.players.length === 1 ? '' : 's'}).`,
  PlayerChangedEmpire: (e, { who }) =>
    `🔁 **${who(e.playerId)}** switches from the ${empireName(e.from)} to the **${empireName(e.to)}**.`,
  PlayerLeft: (e, { state }) => `👋 ${mention(e.playerId)} left **${state.name}** before the start.`,
  EmpireContested: (e, { who }) => {
    const shown = e.rolls.map(([h, c]) => `${h} vs ${c}`).join(', then ');
    const settled = e.challengerEmpire ? ' This roll settles their claim.' : '';
    if (e.winner !== e.challenger)
      return `🎲 ${plainName(e.challengerName)} contests the ${empireName(e.empire)} (UTD8.113): ${shown} — **${who(e.holder)}** keeps it.${settled}`;
    return e.challengerEmpire
      ? `🎲 ${plainName(e.challengerName)} contests the ${empireName(e.empire)} (UTD8.113): ${shown} — **${plainName(e.challengerName)}** wins it; ${mention(e.holder)} takes the ${empireName(e.challengerEmpire)} and may pick another free empire with \`/campaign join\`.${settled}`
      : `🎲 ${plainName(e.challengerName)} contests the ${empireName(e.empire)} (UTD8.113): ${shown} — **${plainName(e.challengerName)}** wins it; ${mention(e.holder)} must join again with another empire.`;
  },
  MapSet: (e) =>
    `🗺️ New map (${e.map.source}): ${e.map.sectors.length} sectors, ${e.map.lanes.length} warp lanes, ${e.map.sectors.filter((x) => x.homeSlot !== null).length} home sectors.\n${e.map.fairness}\nEvery player must approve it: ✅ on the approval message, or \`/map approve\` (UTD8.16: unanimous).`,
  MapApproved: (e, { who, state }) =>
    e.unanimous
      ? `✅ **${who(e.playerId)}** approves the map — approved unanimously (UTD8.16). The campaign can start.`
      : `👍 **${who(e.playerId)}** approves the map (${state.map?.approvals.length ?? 0} of ${state.players.length}).`,
  // The approval message is the announcement (map-approval-words.ts, UTD8.16).
  MapApprovalPosted: () => null,
  TurnOrderRolled: (e, { who, state }) => {
    const lines = e.order.map((id, i) => {
      const rolls = e.rolls.find((r) => r.playerId === id)?.rolls ?? [];
      const shown = rolls.length > 1 ? `${rolls.join(' → ')} (tie re-rolled)` : String(rolls[0]);
      return `${i + 1}. **${who(id)}** (${empireName(state.players.find((p) => p.id === id)!.empire)}) — D1000: ${shown}`;
    });
    return ['🎲 **Turn order** (UTD8.14: each player rolls D1000, highest first):', ...lines].join('\n');
  },
  SetupBegan: (e, { who, sec, state }) =>
    [
      `🏗️ Setup: each player's home holds a capital (SC2 shipyard, capacity 2, the bank), its large repair freighter, the home defenses and a developed colony, mine and fortification (UTD8.13). Each bank holds **${e.startingBpv} BPV** (UTD8.132: 500 + 150 × ${state.players.length}).`,
      ...e.homes.map((h) => `• **${who(h.playerId)}** — home ${sec(h.sector)}`),
      'Buy your initial ships with `/setup buy unit:<class>` and finish with `/setup ready` (ISS-A103).',
    ].join('\n'),
  DefendingShipChosen: (e, { who }) =>
    `🛡️ ${who(e.base.owner)} places ${e.base.unitId} as a defending ship at home (UTD8.134); ${e.allowanceLeft} BPV of defending ships left.`,
  ShipBought: (e, { who, state }) => {
    const fleet = state.fleets.find((f) => f.id === e.ship.fleetId);
    return `🛠️ **${who(e.ship.owner)}** buys ${e.ship.unitId} (${e.cost} BPV) into fleet ${fleet?.slot ?? '?'} — bank ${state.players.find((p) => p.id === e.ship.owner)?.bank} BPV.`;
  },
  SetupPurchaseReturned: (e) => `↩️ Ship ${e.shipId} returned for ${e.refund} BPV.`,
  PlayerReady: (e, { who }) =>
    e.ready ? `🟢 **${who(e.playerId)}** is ready.` : `🟡 **${who(e.playerId)}** is changing their forces.`,
  CampaignStarted: (_e, { state }) => `🚀 **${state.name}** is in play: ${calendarLine(state)}.`,
  TurnStarted: (e, { state }) =>
    `▶️ ${calendarLine(state)}: it is ${mention(e.playerId)}'s turn (seat ${e.seat}) with ${turnStartPoints(e.playerId, e.opsBase, state)}${e.deadline ? `; orders are due ${timestamp(e.deadline, 'F')} (${timestamp(e.deadline, 'R')}): a turn with no order by then is forfeited, one with orders ends there (UTD3.31)` : ''}.`,
  DevelopmentActivated: (e, { who, sec }) =>
    `🏙️ ${who(e.owner)}'s ${e.kind === 'fort' ? 'fortification' : e.kind} in ${sec(e.sector)} is established (UTD2.3 step 1).`,
  DevelopmentCancelled: (e, { who, sec }) =>
    `✖️ ${who(e.owner)}'s ${e.kind} in ${sec(e.sector)} is not established: ${developmentCancelledReason(e.reason)}.`,
  FortRemoved: (e, { who, sec }) => `🧱 ${who(e.owner)} removed the fortification in ${sec(e.sector)} (UTD4.352).`,
  SectorClaimed: (e, { who, sec }) =>
    `🚩 **${who(e.playerId)}** now owns ${sec(e.sector)}${e.from ? ` (from ${who(e.from)})` : ''} (UTD4.13).`,
  IncomePaid: (e, { who, sec, state }) =>
    `💰 ${who(e.playerId)} receives **${e.amount} BPV** from ${e.mines.length} mine${e.mines.length === 1 ? '' : 's'} (UTD4.344): ${e.mines.map(sec).join(', ')}${
      state.players.find((p) => p.id === e.playerId)?.hasBank === false
        ? '. With no capital there is no bank: what is not spent this turn is lost at its end (UTD4.3236, ISS-A86)'
        : ''
    }.`,
  TurnPhaseChanged: (e) => {
    if (e.phase === 'captures')
      return `📋 All battles are resolved. Captured ships must be organized (UTD6.3I2) with \`/battle organize\`${e.due ? ` by ${timestamp(e.due, 'f')}` : ''}; then the turn goes on.`;
    return e.phase === 'battles' ? '⚔️ The turn waits for its battles to be resolved (UTD2.3 step 8).' : null;
  },
  TurnEnded: (e, { who }) => (e.forfeited ? null : `⏹️ ${who(e.playerId)} ends the turn.`),
  TurnForfeited: (e) =>
    `⌛ ${mention(e.playerId)} gave no orders by the deadline: the turn is forfeited (UTD3.31) — ${e.consecutive} in a row. The income of its start was kept; retreats, exploration, battles and arrivals still happen (ISS-A19).`,
  TurnTimedOut: (e, { who }) =>
    `⌛ ${who(e.playerId)}'s orders deadline passed before the turn was ended: the ${e.orders} order${e.orders === 1 ? '' : 's'} given stand${e.orders === 1 ? 's' : ''} and the turn ends now (UTD3.31, ISS-A128). This is not a forfeit and does not count toward removal.`,
  TurnExtended: (e, { who }) =>
    `⏳ ${who(e.playerId)}'s orders are now due ${timestamp(e.deadline, 'F')} (${turnExtensionReason(e.reason)}).`,
  ReminderSent: (e) => {
    if (e.skipped) return null;
    return `⏰ ${mention(e.playerId)}, your orders are due ${timestamp(e.deadline, 'R')} (${timestamp(e.deadline, 'f')}); if you give none by then your turn is forfeited; orders you have given stand and the turn ends then (UTD3.31). \`/turn extension\` gives one more week for a real-life reason.`;
  },
  BankLost: (e, { who }) => `🕳️ ${who(e.playerId)} loses ${e.amount} BPV: ${bankLostReason(e.reason)}.`,
  OrderPointsBought: (e, { who, left }) =>
    e.permanent > 0
      ? `➕ ${who(e.playerId)} buys ${e.permanent} permanent order point${e.permanent === 1 ? '' : 's'} for ${e.cost} BPV (UTD6.22)${left()}.`
      : `➕ ${who(e.playerId)} buys ${e.temporary} temporary order point${e.temporary === 1 ? '' : 's'} for ${e.cost} BPV (UTD6.21, 6.23)${left()}.`,
  FleetMoved: (e, { sec, ops, left, fleetName, state }) => {
    const notes = [
      e.free ? `free ${freeMove(e.free, (key) => sectorLabel(state, key))}` : ops(e.opCost),
      e.freedFromTrap ? 'jail break (UTD4.3564)' : '',
      e.pinned ? 'pinned (UTD6.31)' : '',
      e.trapped ? 'trapped by the fortification (UTD4.356)' : '',
    ].filter(Boolean);
    return `🚀 ${fleetName(e.fleetId)}: ${sec(e.from)} → ${sec(e.to)} (${notes.join(', ')})${left()}.`;
  },
  CapitalMoved: (e, { who, sec, ops, left }) =>
    `🏛️ ${who(e.playerId)}'s capital moves ${sec(e.from)} → ${sec(e.to)} with ${e.baseIds.length - 1} supporting unit${e.baseIds.length === 2 ? '' : 's'} (${ops(e.opCost)}, UTD6.32)${left()}.`,
  DevelopmentOrdered: (e, { sec, ops, left, fleetName }) =>
    `🏗️ ${fleetName(e.fleetId)} ${e.remove ? 'starts removing the fortification' : `starts establishing a ${e.kind === 'fort' ? 'fortification' : e.kind}`} in ${sec(e.sector)} (${e.freeBy ? `free thanks to ${e.freeBy}` : ops(e.opCost)}); it takes effect at the start of the next turn if the fleet stays${left()}.`,
  SiegeRolled: (e, { left, fleetName }) => {
    const dice = [...e.dice.map(String), ...Array.from({ length: e.automatic }, () => 'automatic (UTD4.3563)')];
    return `🎲 ${fleetName(e.fleetId)} siege roll${e.bpvPaid !== '0' ? ` with desperation (${e.bpvPaid} BPV)` : ''}: ${dice.join(', ')} → ${e.released ? '**released**; it may move from the next cycle (UTD4.3561)' : `still trapped (${e.failedDice} failed in a row)`}${left()}.`;
  },
  ContainerDropped: (e, { sec, left, fleetName }) =>
    `📦 ${fleetName(e.fleetId)} leaves a container worth ${e.value} BPV in ${sec(e.sector)} (cost ${e.cost} BPV, UTD6.3D1)${left()}.`,
  DerelictLeft: (e, { sec, left, fleetName }) =>
    `🛰️ ${fleetName(e.fleetId)} leaves ship ${e.shipId} as a derelict in ${sec(e.sector)} (UTD6.3D2)${left()}.`,
  FleetsBought: (e, { who, state }) =>
    `⛵ ${who(e.playerId)} buys ${e.count} extra fleet${e.count === 1 ? '' : 's'} for ${e.cost} BPV (UTD7.22) — ${state.players.find((p) => p.id === e.playerId)!.extraFleets} extra in all.`,
  FleetsOrganized: (e, { who, left, state }) => {
    const to = state.fleets.find((f) => f.id === e.to);
    return `🔀 ${who(e.playerId)} moves ${e.shipIds.join(', ')} into fleet ${to?.slot ?? '?'} (1 OP, UTD6.33)${left()}.`;
  },
  ShipsScrapped: (e, { who, ops, left }) =>
    `♻️ ${who(e.playerId)} scraps ${e.shipIds.join(', ')} for ${e.refund} BPV (half value, UTD6.3F; ${ops(e.opCost)})${left()}.`,
  OrderUndone: (e, { left, state }) => `↩️ Order undone: ${describeUndone(e.undone, state)}${left()}.`,
  SectorExplored: (e, { who, sec }) =>
    [
      `🔭 ${who(e.by)} explores ${sec(e.sector)}: **${e.sectorType}** sector, terrain ${e.terrain.join(', ')}${e.npe ? `, and discovers a non-player empire: the **${empireName(e.npe)}**!` : '.'}`,
      ...e.steps.map((x) => `  • ${exploredStep(x)} (${x.rule})`),
      `  ${mention(e.by)}, you may name it with \`/sector name\` (UTD4.12).`,
    ].join('\n'),
  SectorNamed: (e, { who }) => `🏷️ ${who(e.by)} names ${e.sector} **${plainName(e.name)}** (UTD4.12).`,
  SectorNameObjected: (e, { who, sec }) =>
    `🙅 ${who(e.by)} objects to the name of ${sec(e.sector)}: its namer must rename it (UTD4.12).`,
  SectorDisavowed: (e, { who, sec }) =>
    `${e.disavowed ? '🚫' : '✅'} ${who(e.playerId)} ${e.disavowed ? 'disavows' : 'no longer disavows'} ${sec(e.sector)} (UTD4.13).`,
  ExploreBalancingSet: (e, { who }) =>
    `⚖️ ${who(e.playerId)} sets exploration balancing to **${e.mode}**: the answer when a balancing question at the roll goes unanswered (UTD5.22).`,
  ExplorationChoiceOffered: (e, { sec }) => explorationQuestion(e.offer, sec),
  ExplorationChoiceWithdrawn: (e, { who, sec }) =>
    `🚪 ${who(e.playerId)} left the campaign with the balancing question about ${sec(e.sector)} open: it lapses, and the sector stays unexplored (UTD3.91).`,
  ExplorationChoiceMade: (e, { who, sec, state }) =>
    e.by === 'deadline'
      ? `⌛ ${who(e.playerId)} did not answer in time: the standing instruction (\`${state.players.find((p) => p.id === e.playerId)?.exploreBalancing ?? 'none'}\`, \`/sector balancing\`) answers **${EXPLORATION_ANSWER_WORDS[e.answer]}** for ${sec(e.sector)} (UTD5.22).`
      : `⚖️ ${who(e.playerId)} answers **${EXPLORATION_ANSWER_WORDS[e.answer]}** for ${sec(e.sector)} (UTD5.22).`,
  FortDestroyed: (e, { who, sec }) =>
    `💥 ${who(e.by)}'s minesweeper destroys ${who(e.owner)}'s fortification in ${sec(e.sector)} (UTD4.352).`,
  DevelopmentCaptured: (e, { who, sec }) =>
    `🏴 ${who(e.to)} captures ${who(e.from)}'s ${e.kind} in ${sec(e.sector)} with a troop ship (UTD4.332).`,
  DevelopmentDestroyed: (e, { who, sec }) =>
    `🔥 ${who(e.by)} destroys ${who(e.owner)}'s ${e.kind} in ${sec(e.sector)} (UTD4.333).`,
  DevelopmentExposed: (e, { who, sec }) =>
    `⚠️ ${sec(e.sector)}'s ${e.kind} falls to ${who(e.to)} if ${who(e.to)}'s fleet is still there on its next turn (UTD4.353).`,
  ContainersCollected: (e, { who, sec }) =>
    `💰 ${who(e.by)} collects ${e.count} container${e.count === 1 ? '' : 's'} in ${sec(e.sector)}: +${e.amount} BPV (UTD6.3D1).`,
  DerelictsCaptured: (e, { who, sec }) =>
    `🛰️ ${who(e.by)} captures ${e.shipIds.length} derelict${e.shipIds.length === 1 ? '' : 's'} in ${sec(e.sector)} (UTD6.3D2); they must be inspected before use.`,
  ProxyGranted: (e, { who }) =>
    `🤝 ${who(e.playerId)} names ${mention(e.proxyUserId)} as proxy${e.expiresAt ? ` until ${timestamp(e.expiresAt, 'f')}` : ''} (UTD3.2).`,
  ProxyRevoked: (e, { who }) => `🤝 ${who(e.playerId)} revokes ${mention(e.proxyUserId)} as proxy.`,
  PlayerRemoved: (e, { who, state }) =>
    // `removal.seat: takeover-by-vote`: the seat and all it holds wait for a newcomer (governance-words.ts).
    state.players.find((p) => p.id === e.playerId)?.vacantSeat
      ? vacantSeatText(e.reason, who(e.playerId))
      : {
          resigned: `🏳️ **${who(e.playerId)}** resigns; all their forces leave the map (UTD3.91).`,
          forfeits: `❌ **${who(e.playerId)}** forfeited ${state.settings['deadline.forfeitsBeforeRemoval']} turns in a row and is dropped from the campaign (UTD3.31, 3.92).`,
          eliminated: `☠️ **${who(e.playerId)}** has no unit left on the map and is out (UTD4.32).`,
          conceded: `🏳️ **${who(e.playerId)}** concedes the campaign; all their forces leave the map (UTD3.91).`,
        }[e.reason],
  CampaignWon: (e, { who, state }) =>
    `🏆 **${who(e.playerId)}** is the last player on the map and wins **${state.name}** (UTD1.9)!`,
  StartingDefenseChosen: (e, { who }) =>
    `🛡️ ${who(e.playerId)} chooses ${e.unitId} instead of ${e.from} for starting defense ${e.baseId} (UTD8.134).`,
  DepartedForcesRemoved: (e, { who }) =>
    `🏳️ The forces ${who(e.playerId)} left in battle leave the map now that the battle is over (UTD3.91): ${[...e.shipIds, ...e.baseIds].join(', ')}.`,
  CampaignEndedByAgreement: (e, { who, state }) =>
    e.winner
      ? `🏆 By agreement (vote ${e.voteId}), **${state.name}** ends and **${who(e.winner)}** wins (UTD1.9).`
      : `🤝 By agreement (vote ${e.voteId}), **${state.name}** ends with no winner (UTD1.9).`,
  VoteOpened: (e, { who }) =>
    `🗳️ ${who(e.vote.proposer)} opens vote ${e.vote.id}: ${e.vote.question} React on the vote message.`,
  VoteMessageAttached: () => null,
  BallotCast: () => null,
  VoteClosed: (e, { state }) => {
    const v = state.votes.find((x) => x.id === e.voteId);
    return `${e.passed ? '✅ Passed' : '❌ Rejected'}: ${v?.question ?? e.voteId} — ${voteCloseReason(e.reason, e)} (UTD1.7).`;
  },
  VoteWithdrawn: (e, { who, state }) =>
    `↩️ ${who(e.playerId)} withdraws vote ${e.voteId}: ${state.votes.find((x) => x.id === e.voteId)?.question ?? ''} Nothing changes (UTD1.7).`,
  SettingChanged: (e, { state }) =>
    e.fromHalfCycle !== null && e.fromHalfCycle > state.halfCycles
      ? `⚙️ **${e.key}** becomes \`${settingValue(e.key, e.value)}\` from the next cycle.`
      : `⚙️ **${e.key}** is now \`${settingValue(e.key, e.value)}\`.`,
  SeedsRevealed: (e) =>
    `🔓 The secret dice seed${e.seeds.length === 1 ? ' is' : 's are'} revealed (${seedsRevealedReason(e.reason)}): ${e.seeds.map((x) => `\`${x.seed}\` from event ${x.fromSeq}`).join(', ')}. Check every roll with \`/dice verify\`.`,
  // After a reveal by vote (UTD1.7), a fresh secret seed takes over.
  SeedCommitted: (e) =>
    `🔒 A fresh secret dice seed is committed for the rolls from now on: SHA-256 \`${e.seedCommitment}\`.`,
  DiceRolled: (e, { stored }) => {
    const parts = e.terms.map((t, i) => {
      const sign = i === 0 ? (t.sign < 0 ? '-' : '') : t.sign < 0 ? ' - ' : ' + ';
      return `${sign}${t.sides > 0 ? `${t.count}d${t.sides} [${t.results.join(', ')}]` : String(t.value)}`;
    });
    return `🎲 ${mention(stored.actor.userId)} rolled \`${e.expression}\`: ${parts.join('')} = **${e.total}** (roll #${stored.seq}, recorded and verifiable).`;
  },
  CampaignImported: (_e, { state, stored }) =>
    `📦 **${state.name}** was imported into this channel with its full history (${stored.seq - 1} events).`,
} satisfies Words<CoreEvent>;

/**
 * One sentence-maker per event type of the ruleset (the core's and each area's table): a missing,
 * misspelt or left-over entry is a compile error, so no event can change the campaign unannounced.
 */
export const EVENT_WORDS = {
  ...CORE_WORDS,
  ...BATTLE_WORDS,
  ...YARD_WORDS,
  ...DEFENSE_WORDS,
  ...OFFICER_WORDS,
  ...CONDITION_WORDS,
  ...CATALOG_WORDS,
  ...RETREAT_WRECK_WORDS,
  ...GOVERNANCE_WORDS,
} satisfies Words<CampaignEvent>;

/** One announcement line per event; null for events that speak through another line. */
export function describeEvent(stored: StoredEvent, state: CampaignState): string | null {
  return (EVENT_WORDS[stored.event.type] as AnyWords)(stored.event, wordsContext(stored, state));
}

/** The vote message: the question, who may vote, what is needed, the live tally and the deadline. */
export function voteText(v: Vote, state: CampaignState): string {
  if (v.options) {
    const status = (
      {
        open: `closes ${timestamp(v.closesAt, 'R')}`,
        passed: `**option ${v.chosen} chosen**`,
        rejected: '**no option reached the supermajority**',
        withdrawn: '**withdrawn by its proposer**',
      } satisfies Record<Vote['status'], string>
    )[v.status];
    const letter = (key: string) => String.fromCodePoint(0x1f1e6 + key.charCodeAt(0) - 65);
    const lines = v.options.map((o) => {
      const voters = Object.entries(v.ballots)
        .filter(([, b]) => b === o.key)
        .map(([id]) => playerName(state, id));
      return `${letter(o.key)} ${o.label}: ${voters.length}${voters.length ? ` (${voters.join(', ')})` : ''}`;
    });
    return [
      `🗳️ **Vote ${v.id}**: ${v.question}`,
      `React with one letter. ${v.threshold} of ${v.electorate.length} voters (${v.electorate.map((id) => playerName(state, id)).join(', ')}) must choose the same option (UTD1.7 supermajority); your latest reaction counts.`,
      ...lines,
      status,
    ].join('\n');
  }
  const yes = Object.entries(v.ballots)
    .filter(([, b]) => b === 'yes')
    .map(([id]) => playerName(state, id));
  const no = Object.entries(v.ballots)
    .filter(([, b]) => b === 'no')
    .map(([id]) => playerName(state, id));
  const status = (
    {
      open: `closes ${timestamp(v.closesAt, 'R')}`,
      passed: '**passed**',
      rejected: '**rejected**',
      withdrawn: '**withdrawn by its proposer**',
    } satisfies Record<Vote['status'], string>
  )[v.status];
  return [
    `🗳️ **Vote ${v.id}** by ${playerName(state, v.proposer)}: ${v.question}`,
    v.payload.kind === 'revert'
      ? `React ✅ or ❌. Asked: ${v.electorate.map((id) => playerName(state, id)).join(', ')}, whose actions it undoes; every one must say yes (consent, UTD1.7); silence counts as no. Nobody else's reaction counts.`
      : `React ✅ or ❌. ${v.threshold} of ${v.electorate.length} players must say yes (${v.payload.kind === 'end-campaign' && v.threshold === v.electorate.length && v.electorate.length > 2 ? 'unanimous, `victory.endByVote`' : 'UTD1.7 supermajority'}); silence counts as no. Only players vote; your latest reaction counts.`,
    `Tally: ✅ ${yes.length}${yes.length ? ` (${yes.join(', ')})` : ''} · ❌ ${no.length}${no.length ? ` (${no.join(', ')})` : ''} — ${status}`,
  ].join('\n');
}

/** What an undone order was (UTD6.12), one entry per undoable order event (undo.ts). */
const UNDONE_WORDS = {
  FleetMoved: (e, state) =>
    `fleet move ${sectorLabel(state, e.from)} → ${sectorLabel(state, e.to)} (${e.opCost} OP back)`,
  CapitalMoved: (e) => `capital move (${e.opCost} OP back)`,
  DevelopmentOrdered: (e, state) =>
    `${e.remove ? 'removal' : 'establishment'} of the ${e.kind} in ${sectorLabel(state, e.sector)}`,
  OrderPointsBought: (e) => `purchase of order points (${e.cost} BPV back)`,
  ContainerDropped: (e) => `dead drop (${e.cost} BPV back)`,
} satisfies { [K in UndoableType]: (e: Variant<CampaignEvent, K>, state: CampaignState) => string };

function describeUndone(e: CampaignEvent, state: CampaignState): string {
  if (!isUndoableEvent(e)) return e.type;
  return (UNDONE_WORDS[e.type] as (e: CampaignEvent, state: CampaignState) => string)(e, state);
}

export function describeError(error: RuleError): string {
  const { message, hint } = refusalText(error);
  const lines = [`❌ ${message}`];
  if (hint) lines.push(`💡 ${hint}`);
  lines.push(`-# Rule ${error.rule} · \`${error.code}\``);
  return lines.join('\n');
}

/**
 * Text a player typed, made inert in a message: Markdown shows as typed and no mention forms
 * (`@everyone`, `<@id>` get a zero-width space after the `@`). Allowed mentions are off for such
 * messages anyway; this also keeps them from rendering as mentions.
 */
export function inertText(text: string): string {
  return escapeMarkdown(text).replace(/@/g, '@\u200b');
}

/**
 * A refusal's message and hint as Discord shows them: the rules write plain text, and the names
 * players typed that it quotes (`RuleError.quoted`) are made inert where they occur, so a player
 * named `*x*` or `@everyone` reads as typed while the rules' own `**bold**` stays bold. A name of
 * Markdown characters only (`**`) is left alone: it could not be told from the rules' own markup.
 */
export function refusalText(error: RuleError): { message: string; hint: string | undefined } {
  const names = [...new Set(error.quoted ?? [])]
    .filter((n) => /[\p{L}\p{N}]/u.test(n) && inertText(n) !== n)
    .sort((a, b) => b.length - a.length);
  if (names.length === 0) return { message: error.message, hint: error.hint };
  const pattern = new RegExp(names.map((n) => n.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|'), 'g');
  const inert = (text: string) => text.replace(pattern, (m) => inertText(m));
  return { message: inert(error.message), hint: error.hint === undefined ? undefined : inert(error.hint) };
}

export const WORDS = {
  duplicate: 'This command was already handled; nothing was done twice.',
  notInGuild: 'Campaign Master works in server channels, not in direct messages.',
  unknownAction:
    'That command or option is not known (the command list may be out of date; try again in a minute). Nothing was changed.',
  incident: (id: string) =>
    `⚠️ Something went wrong on our side (incident \`${id}\`). Nothing was changed; please try again.`,
  discordError: 'Discord refused that message (it may be too long or the channel is gone). Nothing was changed.',
  noCampaign: 'There is no campaign in this channel. Create one with `/campaign create name:<text>`.',
  adminOnly: 'Only a server manager (Manage Server) or the campaign-admin role can do that.',
  settingsAttached: (n: number) => `… the whole list of ${n} settings is in the attached settings.txt.`,
  controlCharacter: (option: string) =>
    `The option \`${option}\` contains a control character (an invisible code such as NUL, a tab or a line break). Type plain text. Nothing was changed.`,
  emptyOption: (option: string) => `The option \`${option}\` is empty: give it a value. Nothing was changed.`,
} as const;

/** Long text in pieces that fit a message, split at lines and spaces (split-text.ts). */
export { splitMessage } from './split-text.ts';
