import { EmbedBuilder } from 'discord.js';
import { supermajorityThreshold } from '../../rules/supermajority.ts';
import { empireName, type CampaignState } from '../../rules/thunderdome/index.ts';
import { calendarLine, mention } from '../words.ts';

const STATUS_LABEL: Record<CampaignState['status'], string> = {
  registration: 'Registration: players join with `/campaign join`',
  setup: 'Setup: players buy their initial forces (`/setup buy`) and declare `/setup ready`',
  active: 'In play',
  finished: 'Finished',
};

/** The campaign at a glance: calendar, whose turn, and every player's seat, empire and bank. */
export function statusEmbed(state: CampaignState): EmbedBuilder {
  const seated = [...state.players].sort(
    (a, b) => (a.seat ?? 99) - (b.seat ?? 99) || a.joinedAt.localeCompare(b.joinedAt),
  );
  const rows = seated.map((p) => {
    const seat = p.seat ? `${p.seat}.` : '•';
    const turn = state.turn?.playerId === p.id ? ' ◀ turn' : '';
    return `${seat} ${mention(p.id)} — **${empireName(p.empire)}** — bank ${p.bank} BPV${turn}`;
  });
  const embed = new EmbedBuilder()
    .setTitle(`${state.name} — Thunderdome III`)
    .setColor(state.status === 'active' ? 0x3ba55d : state.status === 'finished' ? 0x99aab5 : 0xfaa61a)
    .addFields(
      { name: 'Status', value: STATUS_LABEL[state.status], inline: true },
      {
        name: 'Calendar',
        value: state.status === 'registration' ? `starts ${calendarLine(state)}` : calendarLine(state),
        inline: true,
      },
      { name: `Players (${state.players.length})`, value: rows.join('\n').slice(0, 1024) || 'nobody yet' },
    );
  if (state.turn) {
    const left = state.turn.opsBase - state.turn.opsSpent;
    embed.addFields({
      name: 'Turn',
      value: `${mention(state.turn.playerId)}: ${left} of ${state.turn.opsBase} order points left`,
      inline: true,
    });
  }
  if (state.players.length >= 1) {
    embed.addFields({
      name: 'Supermajority (UTD1.7)',
      value: `${supermajorityThreshold(state.players.length)} of ${state.players.length}`,
      inline: true,
    });
  }
  embed.setFooter({ text: `Dice commitment ${state.seedCommitments.at(-1)?.hash.slice(0, 16) ?? '?'}…` });
  return embed;
}
