import { escapeMarkdown } from 'discord.js';
import type { PendingItem, PendingKind } from '../app/me.ts';
import type { DmEvent, UserSettings } from '../app/me-settings.ts';
import { mention, timestamp } from './words.ts';

/**
 * The words of `/me`: one line per waiting item, with its deadline as a Discord timestamp (each
 * reader sees it in their own time zone) and the exact command that acts on it. One entry per
 * kind (`Record`), so a new kind of item is a compile error until it has words.
 */
type Words = { [K in PendingKind]: (item: Extract<PendingItem, { kind: K }>) => { what: string; act: string } };

const battle = (i: { battleId: string; sector: string }) => `battle ${i.battleId} in ${i.sector}`;

export const PENDING_WORDS: Words = {
  orders: (i) => ({
    what: `your turn: orders (${i.opsLeft} order point${i.opsLeft === 1 ? '' : 's'} left, UTD3.3)`,
    act: '`/move fleet: to:` … then `/turn end`',
  }),
  captures: (i) => ({
    what: `captured ship${i.ships.length === 1 ? '' : 's'} ${i.ships.join(', ')} to organize (UTD6.3I2)`,
    act: `\`/battle organize ship:${i.ships[0]} into:\``,
  }),
  'map-approval': () => ({
    what: 'the map waits for your approval (UTD8.16)',
    act: '`/map approve` or ✅ on the map post',
  }),
  'setup-ready': () => ({ what: 'your initial forces (ISS-A103)', act: '`/setup buy unit:` … then `/setup ready`' }),
  'battle-fleet': (i) => ({
    what: `${battle(i)}: choose your fighting fleet (UTD7.421)`,
    act: `\`/battle fleet battle:${i.battleId}\``,
  }),
  'battle-contact': (i) => ({
    what: `${battle(i)}: make contact with your opponent (UTD3.42)`,
    act: `\`/battle schedule battle:${i.battleId} when:\` (a time in your zone, e.g. 2026-12-05 20:00, or a note)`,
  }),
  'battle-response': (i) => ({
    what: `${battle(i)}: answer your opponent's contact (UTD3.43)`,
    act: `\`/battle schedule battle:${i.battleId} when:\``,
  }),
  'battle-session': (i) => ({
    what: `${battle(i)}: your opponent proposes to play ${timestamp(i.at, 'f')} (UTD3.42)`,
    act: `\`/battle schedule battle:${i.battleId} accept:true\`, or propose another time with \`when:\``,
  }),
  'battle-result': (i) => ({
    what: `${battle(i)}: play it and report the result, or settle it (UTD3.5, 3.41)`,
    act: `\`/battle report battle:${i.battleId}\` or \`/battle propose battle:${i.battleId}\``,
  }),
  'battle-answer': (i) => ({
    what: `${battle(i)}: your opponent's ${i.proposalKind === 'report' ? 'reported result' : 'settlement'} waits for your answer (UTD3.41)`,
    act: `\`/battle ${i.proposalKind === 'report' ? 'confirm' : 'accept'} battle:${i.battleId}\` or \`/battle reject battle:${i.battleId}\``,
  }),
  'battle-lane': (i) => ({
    what: `${battle(i)}: choose the lane you retreat through (UTD3.43, ISS-A16)`,
    act: `\`/battle lane battle:${i.battleId} to:\``,
  }),
  'battle-stalled': (i) => ({
    what: `${battle(i)}: the result is disputed — settle, extend or appeal (UTD3.44, UTF3.45)`,
    act: `\`/battle propose battle:${i.battleId}\`, \`/battle extension battle:${i.battleId}\` or \`/battle appeal battle:${i.battleId}\``,
  }),
  'battle-appeal': (i) => ({
    what: `${battle(i)}: your side's explanation and plan for the appeal (UTF3.45)`,
    act: `\`/battle appeal battle:${i.battleId} explanation: plan:\``,
  }),
  'npe-volunteer': (i) => ({
    what: `${battle(i)}: the ${i.empire} NPE needs a player to run it (UTD5.431)`,
    act: `\`/battle volunteer battle:${i.battleId}\``,
  }),
  'npe-objection': (i) => ({
    what: `${battle(i)}: a negotiated NPE result you may object to (UTD5.47)`,
    act: `\`/battle object battle:${i.battleId}\` (or let it stand)`,
  }),
  vote: (i) => ({
    what: `vote: ${escapeMarkdown(i.question)} (UTD1.7)`,
    act: i.messageId
      ? `react ✅ or ❌ on https://discord.com/channels/${i.campaign.guildId}/${i.campaign.channelId}/${i.messageId}`
      : 'react on the vote post',
  }),
  balancing: (i) => ({
    what: `the exploration of ${escapeMarkdown(i.sector)} waits for your balancing choice (UTD5.221–5.224)`,
    act: 'a button under the question, or `/sector choose answer:`',
  }),
  proxy: (i) => ({
    what: `you hold the proxy of ${mention(i.forPlayer)}${i.expiresAt ? ', until the time shown' : ''} (UTD3.2)`,
    act: '`/proxy revoke` (by the player) ends it',
  }),
};

/** One item's line: deadline, campaign, what, and the command. */
export function pendingLine(item: PendingItem): string {
  const words = (PENDING_WORDS[item.kind] as (i: PendingItem) => { what: string; act: string })(item);
  const when = item.deadline ? timestamp(item.deadline, 'R') : 'no deadline';
  return `• ${when} — <#${item.campaign.channelId}> ${words.what} → ${words.act}`;
}

/** The whole `/me` text: the list (most urgent first), then the settings. */
export function meText(items: readonly PendingItem[], user: string, settings: UserSettings): string {
  const mine = items.map((i) =>
    i.forPlayer !== user && i.kind !== 'proxy' ? `${pendingLine(i)} (for ${mention(i.forPlayer)})` : pendingLine(i),
  );
  const head = items.length
    ? `📋 **Waiting on you** — ${items.length} item${items.length === 1 ? '' : 's'}, most urgent first:`
    : '📋 Nothing waits on you in this server’s campaigns.';
  return [head, ...mine, '', settingsLine(settings)].join('\n');
}

export const DM_EVENT_LABEL: Record<DmEvent, string> = {
  turn: 'my turn',
  reminder: 'deadline reminders',
  battle: 'a battle needing me',
  vote: 'a vote opened',
  result: 'a result to confirm',
};

export function settingsLine(s: UserSettings): string {
  const zone = s.timeZone ? `\`${s.timeZone}\`` : 'not set (UTC)';
  const dms = s.dm.length
    ? s.dm.map((e) => DM_EVENT_LABEL[e]).join(', ')
    : 'none (mentions in the campaign channel only)';
  const offsets = s.reminderHours.length
    ? ` · reminders ${s.reminderHours.map((h) => `${h} h`).join(', ')} before`
    : '';
  return `⚙️ Time zone ${zone} · direct messages: ${dms}${offsets}. Change with \`/me time_zone:\` \`dm_turn:\` \`dm_reminders:\` \`dm_battle:\` \`dm_vote:\` \`dm_result:\` \`reminder_hours:\`.`;
}
