import type { RuleError } from '../rules/errors.ts';
import {
  cycleLabel,
  empireName,
  season,
  yearLabel,
  type CampaignState,
  type StoredEvent,
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
  const e = stored.event;
  switch (e.type) {
    case 'CampaignCreated':
      return [
        `📜 ${mention(e.createdBy)} created the Thunderdome III campaign **${e.name}** in this channel.`,
        'Join with `/campaign join empire:<empire>`; the creator or a server manager starts it with `/campaign start`.',
        `🔒 Dice seed commitment (SHA-256): \`${e.seedCommitment}\` — every roll can be checked against it when the seed is revealed.`,
      ].join('\n');
    case 'PlayerJoined':
      return `⚔️ **${e.playerName}** joins **${state.name}** as the **${empireName(e.empire)}** (${state.players.length} player${state.players.length === 1 ? '' : 's'}).`;
    case 'PlayerChangedEmpire':
      return `🔁 **${playerName(state, e.playerId)}** switches from the ${empireName(e.from)} to the **${empireName(e.to)}**.`;
    case 'PlayerLeft':
      return `👋 ${mention(e.playerId)} left **${state.name}** before the start.`;
    case 'TurnOrderRolled': {
      const lines = e.order.map((id, i) => {
        const rolls = e.rolls.find((r) => r.playerId === id)?.rolls ?? [];
        const shown = rolls.length > 1 ? `${rolls.join(' → ')} (tie re-rolled)` : String(rolls[0]);
        return `${i + 1}. **${playerName(state, id)}** (${empireName(state.players.find((p) => p.id === id)!.empire)}) — D1000: ${shown}`;
      });
      return ['🎲 **Turn order** (UTD8.14: each player rolls D1000, highest first):', ...lines].join('\n');
    }
    case 'CampaignStarted':
      return `🚀 **${state.name}** has begun: ${calendarLine(state)}. Each bank holds **${e.startingBpv} BPV** (UTD8.132: 500 + 150 × ${state.players.length} players).`;
    case 'TurnStarted':
      return `▶️ ${calendarLine(state)}: it is ${mention(e.playerId)}'s turn (seat ${e.seat}) with **${e.opsBase} order points** (UTD6.2).`;
    case 'DiceRolled': {
      const parts = e.terms.map((t, i) => {
        const sign = i === 0 ? (t.sign < 0 ? '-' : '') : t.sign < 0 ? ' - ' : ' + ';
        return `${sign}${t.sides > 0 ? `${t.count}d${t.sides} [${t.results.join(', ')}]` : String(t.value)}`;
      });
      return `🎲 ${mention(stored.actor.userId)} rolled \`${e.expression}\`: ${parts.join('')} = **${e.total}** (roll #${stored.seq}, recorded and verifiable).`;
    }
    case 'CampaignImported':
      return `📦 **${state.name}** was imported into this channel with its full history (${stored.seq - 1} events).`;
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
  incident: (id: string) => `⚠️ Something went wrong on our side (incident \`${id}\`). Nothing was changed; please try again.`,
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
    const chunks = line.length > limit ? line.match(new RegExp(`.{1,${limit}}`, 'gs')) ?? [] : [line];
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
