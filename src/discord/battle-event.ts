import { GuildScheduledEventEntityType, GuildScheduledEventPrivacyLevel } from 'discord.js';
import type { RowDelivery } from './delivery.ts';
import { isMissingPermissions } from './delivery.ts';
import { timestamp } from './words.ts';

/** How long a session's event lasts on the server calendar (an SFB game of a few hours). */
const SESSION_HOURS = 4;

/**
 * A `battle-event` row (docs/me.md): the agreed session of a battle (battles/session.ts) as a
 * Discord server event, which Discord itself shows in everyone's time zone and reminds the
 * interested of. Only while that time still stands (a newer proposal supersedes it). A retry after
 * a crash finds the event already made by its name and time; without Create Events the session is
 * told in the channel instead.
 */
export async function deliverBattleEvent(d: RowDelivery): Promise<void> {
  const at = d.row.payload['at'];
  const current = await d.current();
  if (typeof at !== 'string' || !current || d.done('event')) return;
  const { state } = current;
  const b = state.battles.find((x) => x.id === d.row.subject);
  if (b?.status !== 'open' || b.session?.status !== 'agreed' || b.session.at !== at) return;
  const guild = await d.client.guilds.fetch(state.guildId).catch(() => null);
  if (!guild) return;
  const name = `Battle ${b.id} in ${b.sector} — ${state.name}`.slice(0, 100);
  const start = new Date(at);
  const existing = await guild.scheduledEvents.fetch().catch(() => null);
  if (existing?.some((e) => e.name === name && e.scheduledStartTimestamp === start.getTime())) {
    await d.mark('event');
    return;
  }
  const sides = b.sides.map((s) => (s === 'npe' ? `the ${b.npe?.empire ?? ''} NPE`.replace('  ', ' ') : `<@${s}>`));
  const names = b.sides
    .map((s) => (s === 'npe' ? 'NPE' : (state.players.find((p) => p.id === s)?.name ?? s)))
    .join(' vs ');
  try {
    await guild.scheduledEvents.create({
      name,
      scheduledStartTime: start,
      scheduledEndTime: new Date(start.getTime() + SESSION_HOURS * 3_600_000),
      privacyLevel: GuildScheduledEventPrivacyLevel.GuildOnly,
      entityType: GuildScheduledEventEntityType.External,
      entityMetadata: {
        location: b.threadId ? `https://discord.com/channels/${guild.id}/${b.threadId}` : 'Star Fleet Battles',
      },
      description: `Star Fleet Battles: ${names}. Agreed in the campaign ${state.name} (UTD3.42).`.slice(0, 1000),
    });
  } catch (err) {
    if (!isMissingPermissions(err)) throw err;
    d.app.log.warn({ campaign: state.id, battle: b.id }, 'Discord refused the server event (Create Events missing)');
    const channel = await d.channel();
    if (channel)
      await d.send(channel, 'e', {
        content: `📅 Battle ${b.id}: ${sides.join(' vs ')} play ${timestamp(at, 'F')} (${timestamp(at, 'R')}). I may not create server events here (Create Events), so there is no calendar entry; I remind you here an hour before.`,
        allowedMentions: { parse: [] },
      });
  }
  await d.mark('event');
}
