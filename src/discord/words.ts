import type { RuleError } from '../rules/errors.ts';
import { describeBattleEvent } from './battle-words.ts';
import { describeYardEvent } from './yard-words.ts';
// Defenses
import { describeDefenseEvent } from './defense-words.ts';
// Officers and options
import { describeOfficerEvent } from './officer-words.ts';
import { describeConditionEvent } from './condition-words.ts';
import { describeCatalogEvent } from './catalog-words.ts';
// Navy loose ends: wrecks of fleets forced to retreat (ISS-A74)
import { describeRetreatWreckEvent } from './retreat-wreck-words.ts';
import {
  cycleLabel,
  empireName,
  opsLeft,
  season,
  sectorLabel,
  yearLabel,
  type CampaignEvent,
  type CampaignState,
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
  return state.players.find((p) => p.id === id)?.name ?? id;
}

/** One announcement line per event; null for events that speak through another line. */
export function describeEvent(stored: StoredEvent, state: CampaignState): string | null {
  // Catalog import chains after the battle and yard words.
  // Ship condition chains after them too.
  const battleLine =
    describeBattleEvent(stored, state) ??
    describeYardEvent(stored, state) ??
    describeCatalogEvent(stored, state) ??
    describeConditionEvent(stored, state) ??
    describeOfficerEvent(stored, state) ??
    describeDefenseEvent(stored, state) ??
    describeRetreatWreckEvent(stored, state);
  if (battleLine !== undefined) return battleLine;
  const e = stored.event;
  const who = (id: string) => playerName(state, id);
  const sec = (key: string) => `**${sectorLabel(state, key)}**`;
  const ops = (n: number) => (n === 0 ? 'free' : `${n} OP`);
  const left = () => (state.turn ? ` · ${opsLeft(state.turn)} OP left` : '');
  const fleetName = (id: string) => {
    const f = state.fleets.find((x) => x.id === id);
    return f ? `${who(f.owner)}'s fleet ${f.slot}` : `fleet ${id}`;
  };
  switch (e.type) {
    case 'CampaignCreated':
      return [
        `📜 ${mention(e.createdBy)} created the Thunderdome III campaign **${e.name}** in this channel.`,
        'Join with `/campaign join empire:<empire>`; the creator sets the map (`/map generate` or `/map import`), everyone approves it (✅ on the map approval message, or `/map approve`), then `/campaign start`.',
        `🔒 Dice seed commitment (SHA-256): \`${e.seedCommitment}\` — every roll can be checked against it when the seed is revealed.`,
      ].join('\n');
    case 'PlayerJoined':
      return `⚔️ **${e.playerName}** joins **${state.name}** as the **${empireName(e.empire)}** (${state.players.length} player${state.players.length === 1 ? '' : 's'}).`;
    case 'PlayerChangedEmpire':
      return `🔁 **${who(e.playerId)}** switches from the ${empireName(e.from)} to the **${empireName(e.to)}**.`;
    case 'PlayerLeft':
      return `👋 ${mention(e.playerId)} left **${state.name}** before the start.`;
    case 'EmpireContested': {
      const shown = e.rolls.map(([h, c]) => `${h} vs ${c}`).join(', then ');
      return e.winner === e.challenger
        ? `🎲 ${e.challengerName} contests the ${empireName(e.empire)} (UTD8.113): ${shown} — **${e.challengerName}** wins it; ${mention(e.holder)} must join again with another empire.`
        : `🎲 ${e.challengerName} contests the ${empireName(e.empire)} (UTD8.113): ${shown} — **${who(e.holder)}** keeps it.`;
    }
    case 'MapSet':
      return `🗺️ New map (${e.map.source}): ${e.map.sectors.length} sectors, ${e.map.lanes.length} warp lanes, ${e.map.sectors.filter((x) => x.homeSlot !== null).length} home sectors.\n${e.map.fairness}\nEvery player must approve it: ✅ on the approval message, or \`/map approve\` (UTD8.16: unanimous).`;
    case 'MapApproved':
      return e.unanimous
        ? `✅ **${who(e.playerId)}** approves the map — approved unanimously (UTD8.16). The campaign can start.`
        : `👍 **${who(e.playerId)}** approves the map (${state.map?.approvals.length ?? 0} of ${state.players.length}).`;
    case 'TurnOrderRolled': {
      const lines = e.order.map((id, i) => {
        const rolls = e.rolls.find((r) => r.playerId === id)?.rolls ?? [];
        const shown = rolls.length > 1 ? `${rolls.join(' → ')} (tie re-rolled)` : String(rolls[0]);
        return `${i + 1}. **${who(id)}** (${empireName(state.players.find((p) => p.id === id)!.empire)}) — D1000: ${shown}`;
      });
      return ['🎲 **Turn order** (UTD8.14: each player rolls D1000, highest first):', ...lines].join('\n');
    }
    case 'SetupBegan':
      return [
        `🏗️ Setup: each player's home holds a capital (SC2 shipyard, capacity 2, the bank), its large repair freighter, the home defenses and a developed colony, mine and fortification (UTD8.13). Each bank holds **${e.startingBpv} BPV** (UTD8.132: 500 + 150 × ${state.players.length}).`,
        ...e.homes.map((h) => `• **${who(h.playerId)}** — home ${sec(h.sector)}`),
        'Buy your initial ships with `/setup buy unit:<class>` and finish with `/setup ready` (ISS-A103).',
      ].join('\n');
    case 'DefendingShipChosen':
      return `🛡️ ${who(e.base.owner)} places ${e.base.unitId} as a defending ship at home (UTD8.134); ${e.allowanceLeft} BPV of defending ships left.`;
    case 'ShipBought': {
      const fleet = state.fleets.find((f) => f.id === e.ship.fleetId);
      return `🛠️ **${who(e.ship.owner)}** buys ${e.ship.unitId} (${e.cost} BPV) into fleet ${fleet?.slot ?? '?'} — bank ${state.players.find((p) => p.id === e.ship.owner)?.bank} BPV.`;
    }
    case 'SetupPurchaseReturned':
      return `↩️ Ship ${e.shipId} returned for ${e.refund} BPV.`;
    case 'PlayerReady':
      return e.ready ? `🟢 **${who(e.playerId)}** is ready.` : `🟡 **${who(e.playerId)}** is changing their forces.`;
    case 'CampaignStarted':
      return `🚀 **${state.name}** is in play: ${calendarLine(state)}.`;
    case 'TurnStarted':
      return `▶️ ${calendarLine(state)}: it is ${mention(e.playerId)}'s turn (seat ${e.seat}) with **${e.opsBase} order points** (UTD6.2)${e.deadline ? `; orders are due ${timestamp(e.deadline, 'F')} (${timestamp(e.deadline, 'R')}) or the turn is forfeited (UTD3.31)` : ''}.`;
    case 'DevelopmentActivated':
      return `🏙️ ${who(e.owner)}'s ${e.kind === 'fort' ? 'fortification' : e.kind} in ${sec(e.sector)} is established (UTD2.3 step 1).`;
    case 'DevelopmentCancelled':
      return `✖️ ${who(e.owner)}'s ${e.kind} in ${sec(e.sector)} is not established: ${e.reason}.`;
    case 'FortRemoved':
      return `🧱 ${who(e.owner)} removed the fortification in ${sec(e.sector)} (UTD4.352).`;
    case 'SectorClaimed':
      return `🚩 **${who(e.playerId)}** now owns ${sec(e.sector)}${e.from ? ` (from ${who(e.from)})` : ''} (UTD4.13).`;
    case 'IncomePaid':
      return `💰 ${who(e.playerId)} receives **${e.amount} BPV** from ${e.mines.length} mine${e.mines.length === 1 ? '' : 's'} (UTD4.344): ${e.mines.map(sec).join(', ')}.`;
    case 'TurnPhaseChanged':
      if (e.phase === 'captures')
        return `📋 All battles are resolved. Captured ships must be organized (UTD6.3I2) with \`/battle organize\`${e.due ? ` by ${timestamp(e.due, 'f')}` : ''}; then the turn goes on.`;
      return e.phase === 'battles' ? '⚔️ The turn waits for its battles to be resolved (UTD2.3 step 8).' : null;
    case 'TurnEnded':
      return e.forfeited ? null : `⏹️ ${who(e.playerId)} ends the turn.`;
    case 'TurnForfeited':
      return `⌛ ${mention(e.playerId)} missed the orders deadline: the turn is forfeited, no orders are executed (UTD3.31) — ${e.consecutive} in a row.`;
    case 'TurnExtended':
      return `⏳ ${who(e.playerId)}'s orders are now due ${timestamp(e.deadline, 'F')} (${e.reason}).`;
    case 'ReminderSent':
      if (e.skipped) return null;
      return `⏰ ${mention(e.playerId)}, your orders are due ${timestamp(e.deadline, 'R')} (${timestamp(e.deadline, 'f')}); if you give none by then your turn is forfeited (UTD3.31). \`/turn extension\` gives one more week for a real-life reason.`;
    case 'BankLost':
      return `🕳️ ${who(e.playerId)} loses ${e.amount} unspent BPV: ${e.reason}.`;
    case 'OrderPointsBought':
      return e.permanent > 0
        ? `➕ ${who(e.playerId)} buys ${e.permanent} permanent order point${e.permanent === 1 ? '' : 's'} for ${e.cost} BPV (UTD6.22)${left()}.`
        : `➕ ${who(e.playerId)} buys ${e.temporary} temporary order point${e.temporary === 1 ? '' : 's'} for ${e.cost} BPV (UTD6.21, 6.23)${left()}.`;
    case 'FleetMoved': {
      const notes = [
        e.free ? `free ${e.free}` : ops(e.opCost),
        e.freedFromTrap ? 'jail break (UTD4.3564)' : '',
        e.pinned ? 'pinned (UTD6.31)' : '',
        e.trapped ? 'trapped by the fortification (UTD4.356)' : '',
      ].filter(Boolean);
      return `🚀 ${fleetName(e.fleetId)}: ${sec(e.from)} → ${sec(e.to)} (${notes.join(', ')})${left()}.`;
    }
    case 'CapitalMoved':
      return `🏛️ ${who(e.playerId)}'s capital moves ${sec(e.from)} → ${sec(e.to)} with ${e.baseIds.length - 1} supporting unit${e.baseIds.length === 2 ? '' : 's'} (${ops(e.opCost)}, UTD6.32)${left()}.`;
    case 'DevelopmentOrdered':
      return `🏗️ ${fleetName(e.fleetId)} ${e.remove ? 'starts removing the fortification' : `starts establishing a ${e.kind === 'fort' ? 'fortification' : e.kind}`} in ${sec(e.sector)} (${e.freeBy ? `free thanks to ${e.freeBy}` : ops(e.opCost)}); it takes effect at the start of the next turn if the fleet stays${left()}.`;
    case 'SiegeRolled': {
      const dice = [...e.dice.map(String), ...Array.from({ length: e.automatic }, () => 'automatic (UTD4.3563)')];
      return `🎲 ${fleetName(e.fleetId)} siege roll${e.bpvPaid !== '0' ? ` with desperation (${e.bpvPaid} BPV)` : ''}: ${dice.join(', ')} → ${e.released ? '**released**; it may move from the next cycle (UTD4.3561)' : `still trapped (${e.failedDice} failed in a row)`}${left()}.`;
    }
    case 'ContainerDropped':
      return `📦 ${fleetName(e.fleetId)} leaves a container worth ${e.value} BPV in ${sec(e.sector)} (cost ${e.cost} BPV, UTD6.3D1)${left()}.`;
    case 'DerelictLeft':
      return `🛰️ ${fleetName(e.fleetId)} leaves ship ${e.shipId} as a derelict in ${sec(e.sector)} (UTD6.3D2)${left()}.`;
    case 'FleetsBought':
      return `⛵ ${who(e.playerId)} buys ${e.count} extra fleet${e.count === 1 ? '' : 's'} for ${e.cost} BPV (UTD7.22) — ${state.players.find((p) => p.id === e.playerId)!.extraFleets} extra in all.`;
    case 'FleetsOrganized': {
      const to = state.fleets.find((f) => f.id === e.to);
      return `🔀 ${who(e.playerId)} moves ${e.shipIds.join(', ')} into fleet ${to?.slot ?? '?'} (1 OP, UTD6.33)${left()}.`;
    }
    case 'ShipsScrapped':
      return `♻️ ${who(e.playerId)} scraps ${e.shipIds.join(', ')} for ${e.refund} BPV (half value, UTD6.3F; ${ops(e.opCost)})${left()}.`;
    case 'OrderUndone':
      return `↩️ Order undone: ${describeUndone(e.undone, state)}${left()}.`;
    case 'SectorExplored':
      return [
        `🔭 ${who(e.by)} explores ${sec(e.sector)}: **${e.sectorType}** sector, terrain ${e.terrain.join(', ')}${e.npe ? `, and discovers a non-player empire: the **${empireName(e.npe)}**!` : '.'}`,
        ...e.steps.map((x) => `  • ${x.meaning} (${x.rule})`),
        `  ${mention(e.by)}, you may name it with \`/sector name\` (UTD4.12).`,
      ].join('\n');
    case 'SectorNamed':
      return `🏷️ ${who(e.by)} names ${e.sector} **${e.name}** (UTD4.12).`;
    case 'SectorNameObjected':
      return `🙅 ${who(e.by)} objects to the name of ${sec(e.sector)}: its namer must rename it (UTD4.12).`;
    case 'SectorDisavowed':
      return `${e.disavowed ? '🚫' : '✅'} ${who(e.playerId)} ${e.disavowed ? 'disavows' : 'no longer disavows'} ${sec(e.sector)} (UTD4.13).`;
    case 'ExploreBalancingSet':
      return `⚖️ ${who(e.playerId)} sets exploration balancing to **${e.mode}** (UTD5.22).`;
    case 'FortDestroyed':
      return `💥 ${who(e.by)}'s minesweeper destroys ${who(e.owner)}'s fortification in ${sec(e.sector)} (UTD4.352).`;
    case 'DevelopmentCaptured':
      return `🏴 ${who(e.to)} captures ${who(e.from)}'s ${e.kind} in ${sec(e.sector)} with a troop ship (UTD4.332).`;
    case 'DevelopmentDestroyed':
      return `🔥 ${who(e.by)} destroys ${who(e.owner)}'s ${e.kind} in ${sec(e.sector)} (UTD4.333).`;
    case 'DevelopmentExposed':
      return `⚠️ ${sec(e.sector)}'s ${e.kind} falls to ${who(e.to)} if ${who(e.to)}'s fleet is still there on its next turn (UTD4.353).`;
    case 'ContainersCollected':
      return `💰 ${who(e.by)} collects ${e.count} container${e.count === 1 ? '' : 's'} in ${sec(e.sector)}: +${e.amount} BPV (UTD6.3D1).`;
    case 'DerelictsCaptured':
      return `🛰️ ${who(e.by)} captures ${e.shipIds.length} derelict${e.shipIds.length === 1 ? '' : 's'} in ${sec(e.sector)} (UTD6.3D2); they must be inspected before use.`;
    case 'ProxyGranted':
      return `🤝 ${who(e.playerId)} names ${mention(e.proxyUserId)} as proxy${e.expiresAt ? ` until ${timestamp(e.expiresAt, 'f')}` : ''} (UTD3.2).`;
    case 'ProxyRevoked':
      return `🤝 ${who(e.playerId)} revokes ${mention(e.proxyUserId)} as proxy.`;
    case 'PlayerRemoved':
      return {
        resigned: `🏳️ **${who(e.playerId)}** resigns; all their forces leave the map (UTD3.91).`,
        forfeits: `❌ **${who(e.playerId)}** forfeited three turns in a row and is dropped from the campaign (UTD3.31, 3.92).`,
        eliminated: `☠️ **${who(e.playerId)}** has no unit left on the map and is out (UTD4.32).`,
      }[e.reason];
    case 'CampaignWon':
      return `🏆 **${who(e.playerId)}** is the last player on the map and wins **${state.name}** (UTD1.9)!`;
    case 'VoteOpened':
      return `🗳️ ${who(e.vote.proposer)} opens vote ${e.vote.id}: ${e.vote.question} React on the vote message.`;
    case 'VoteMessageAttached':
      return null;
    case 'BallotCast':
      return null;
    case 'VoteClosed': {
      const v = state.votes.find((x) => x.id === e.voteId);
      return `${e.passed ? '✅ Passed' : '❌ Rejected'}: ${v?.question ?? e.voteId} — ${e.reason} (UTD1.7).`;
    }
    case 'SettingChanged':
      return e.fromHalfCycle !== null && e.fromHalfCycle > state.halfCycles
        ? `⚙️ **${e.key}** becomes \`${JSON.stringify(e.value)}\` from the next cycle.`
        : `⚙️ **${e.key}** is now \`${JSON.stringify(e.value)}\`.`;
    case 'SeedsRevealed':
      return `🔓 The secret dice seed${e.seeds.length === 1 ? ' is' : 's are'} revealed (${e.reason}): ${e.seeds.map((x) => `\`${x.seed}\` from event ${x.fromSeq}`).join(', ')}. Check every roll with \`/dice verify\`.`;
    // After a reveal by vote (UTD1.7), a fresh secret seed takes over.
    case 'SeedCommitted':
      return `🔒 A fresh secret dice seed is committed for the rolls from now on: SHA-256 \`${e.seedCommitment}\`.`;
    case 'DiceRolled': {
      const parts = e.terms.map((t, i) => {
        const sign = i === 0 ? (t.sign < 0 ? '-' : '') : t.sign < 0 ? ' - ' : ' + ';
        return `${sign}${t.sides > 0 ? `${t.count}d${t.sides} [${t.results.join(', ')}]` : String(t.value)}`;
      });
      return `🎲 ${mention(stored.actor.userId)} rolled \`${e.expression}\`: ${parts.join('')} = **${e.total}** (roll #${stored.seq}, recorded and verifiable).`;
    }
    case 'CampaignImported':
      return `📦 **${state.name}** was imported into this channel with its full history (${stored.seq - 1} events).`;
    default:
      return null;
  }
}

/** The vote message: the question, who may vote, what is needed, the live tally and the deadline. */
export function voteText(v: Vote, state: CampaignState): string {
  if (v.options) {
    const status =
      v.status === 'open'
        ? `closes ${timestamp(v.closesAt, 'R')}`
        : v.status === 'passed'
          ? `**option ${v.chosen} chosen**`
          : '**no option reached the supermajority**';
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
  const status =
    v.status === 'open'
      ? `closes ${timestamp(v.closesAt, 'R')}`
      : v.status === 'passed'
        ? '**passed**'
        : '**rejected**';
  return [
    `🗳️ **Vote ${v.id}** by ${playerName(state, v.proposer)}: ${v.question}`,
    `React ✅ or ❌. ${v.threshold} of ${v.electorate.length} players must say yes (UTD1.7 supermajority); silence counts as no. Only players vote; your latest reaction counts.`,
    `Tally: ✅ ${yes.length}${yes.length ? ` (${yes.join(', ')})` : ''} · ❌ ${no.length}${no.length ? ` (${no.join(', ')})` : ''} — ${status}`,
  ].join('\n');
}

function describeUndone(e: CampaignEvent, state: CampaignState): string {
  switch (e.type) {
    case 'FleetMoved':
      return `fleet move ${sectorLabel(state, e.from)} → ${sectorLabel(state, e.to)} (${e.opCost} OP back)`;
    case 'CapitalMoved':
      return `capital move (${e.opCost} OP back)`;
    case 'DevelopmentOrdered':
      return `${e.remove ? 'removal' : 'establishment'} of the ${e.kind} in ${sectorLabel(state, e.sector)}`;
    case 'OrderPointsBought':
      return `purchase of order points (${e.cost} BPV back)`;
    case 'ContainerDropped':
      return `dead drop (${e.cost} BPV back)`;
    default:
      return e.type;
  }
}

export function describeError(error: RuleError): string {
  const lines = [`❌ ${error.message}`];
  if (error.hint) lines.push(`💡 ${error.hint}`);
  lines.push(`-# Rule ${error.rule} · \`${error.code}\``);
  return lines.join('\n');
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
} as const;

/** Splits long text at line breaks so every piece fits Discord's 2,000-character limit. */
export function splitMessage(text: string, limit = 2000): string[] {
  if (text.length <= limit) return [text];
  const pieces: string[] = [];
  let current = '';
  for (const line of text.split('\n')) {
    const chunks = line.length > limit ? (line.match(new RegExp(`.{1,${limit}}`, 'gs')) ?? []) : [line];
    for (const chunk of chunks) {
      if (current.length + chunk.length + 1 > limit) {
        pieces.push(current);
        current = chunk;
      } else {
        current = current ? `${current}\n${chunk}` : chunk;
      }
    }
  }
  if (current) pieces.push(current);
  return pieces;
}
