import { plainName } from '../words-context.ts';
import { EmbedBuilder, escapeMarkdown } from 'discord.js';
import { supermajorityThreshold } from '../../rules/supermajority.ts';
import {
  empireName,
  type Battle,
  type CampaignState,
  type Player,
  type TurnState,
} from '../../rules/thunderdome/index.ts';
import { calendarLine, mention, timestamp } from '../words.ts';

const STATUS_LABEL: Record<CampaignState['status'], string> = {
  registration: 'Registration: players join with `/campaign join`',
  setup: 'Setup: players buy their initial forces (`/setup buy`) and declare `/setup ready`',
  active: 'In play',
  finished: 'Finished',
};

const PLAYER_STATUS: Record<Exclude<Player['status'], 'active'>, string> = {
  resigned: 'resigned (UTD3.91)',
  removed: 'removed',
  eliminated: 'eliminated',
};

const TURN_PHASE: Record<TurnState['phase'], string> = {
  orders: 'giving orders',
  battles: 'battles being fought (UTD2.3 step 8)',
  captures: 'organizing captured ships (UTD6.3I2)',
  exploration: 'an explorer choosing exploration balancing (UTD5.22)',
  done: 'turn over',
};

function mapLine(state: CampaignState): string {
  const m = state.map;
  if (!m) return 'none yet: `/map generate` or `/map import`';
  if (m.approved) return '✅ approved';
  const voters = state.players.filter((p) => p.status === 'active');
  const missing = voters.filter((p) => !m.approvals.includes(p.id)).map((p) => mention(p.id));
  return `not approved: ${m.approvals.length} of ${voters.length}${missing.length ? `; waiting for ${missing.join(', ')}` : ''}`;
}

function battleLine(b: Battle): string {
  const sides = b.sides.map((x) => (x === 'npe' ? `NPE ${b.npe?.empire ?? ''}`.trim() : mention(x))).join(' vs ');
  const due =
    b.deadlines.selection ?? b.deadlines.contact ?? b.deadlines.window ?? b.deadlines.runner ?? b.deadlines.resolve;
  return `• ${b.id} in ${b.sector}: ${sides} — ${b.stage.replace(/-/g, ' ')}${due ? `, due ${timestamp(due, 'R')}` : ''}`;
}

/** Lines in one embed field (1,024 characters), the rest counted. */
function listField(lines: string[]): string {
  const out: string[] = [];
  let size = 0;
  for (const [n, line] of lines.entries()) {
    const more = `… and ${lines.length - n} more`;
    if (size + line.length + 1 > 1024 - more.length - 1) {
      out.push(more);
      break;
    }
    out.push(line);
    size += line.length + 1;
  }
  return out.join('\n');
}

/**
 * The campaign at a glance: calendar, every player's seat, empire, bank and whether they left, the
 * winner, the map's approval, whose turn until when, the open battles and votes.
 */
export function statusEmbed(state: CampaignState): EmbedBuilder {
  const seated = [...state.players].sort(
    (a, b) => (a.seat ?? 99) - (b.seat ?? 99) || a.joinedAt.localeCompare(b.joinedAt),
  );
  const rows = seated.map((p) => {
    const seat = p.seat ? `${p.seat}.` : '•';
    const turn = state.turn?.playerId === p.id ? ' ◀ turn' : '';
    const gone = p.status === 'active' ? '' : ` — **${PLAYER_STATUS[p.status]}**`;
    return `${seat} ${mention(p.id)} — **${empireName(p.empire)}** — bank ${p.bank} BPV${gone}${turn}`;
  });
  const embed = new EmbedBuilder()
    .setTitle(`${plainName(state.name)} — Thunderdome III`)
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
  if (state.status === 'finished')
    embed.addFields({
      name: 'Winner',
      value: state.winner
        ? `🏆 ${mention(state.winner)}${state.finishedAt ? ` (${timestamp(state.finishedAt, 'd')})` : ''}`
        : 'none (ended without a winner)',
      inline: true,
    });
  if (state.status === 'registration' || state.status === 'setup')
    embed.addFields({ name: 'Map (UTD8.16)', value: mapLine(state), inline: true });
  if (state.paused)
    embed.addFields({
      name: 'Paused by vote (UTD1.7)',
      value: `since ${timestamp(state.paused.since, 'f')}: no clock runs`,
    });
  if (state.turn) {
    const t = state.turn;
    const left = t.opsBase + t.opsTempBought - t.opsSpent;
    const until = t.deadline ? `, orders due ${timestamp(t.deadline, 'f')} (${timestamp(t.deadline, 'R')})` : '';
    embed.addFields({
      name: 'Turn',
      value: `${mention(t.playerId)}: ${TURN_PHASE[t.phase]}${t.phase === 'orders' ? ` — ${left} of ${t.opsBase + t.opsTempBought} order points left${until}` : ''}`,
    });
  }
  const battles = state.battles.filter((b) => b.status === 'open');
  if (battles.length)
    embed.addFields({ name: `Open battles (${battles.length})`, value: listField(battles.map(battleLine)) });
  const votes = state.votes.filter((v) => v.status === 'open');
  if (votes.length)
    embed.addFields({
      name: `Open votes (${votes.length})`,
      value: listField(
        votes.map((v) => {
          const yes = Object.values(v.ballots).filter((b) => b === 'yes').length;
          return `• ${escapeMarkdown(v.question).slice(0, 160)} — ${v.options ? `${Object.keys(v.ballots).length} voted` : `${yes} yes`} of ${v.threshold} needed, closes ${timestamp(v.closesAt, 'R')}`;
        }),
      ),
    });
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
