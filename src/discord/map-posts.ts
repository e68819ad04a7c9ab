import { AttachmentBuilder } from 'discord.js';
import { mapDigest } from '../app/thunderdome-posts.ts';
import { outboxRepo } from '../app/outbox.ts';
import { cycleLabel, season, yearLabel } from '../rules/thunderdome/calendar.ts';
import type { CampaignState } from '../rules/thunderdome/index.ts';
import type { RowDelivery } from './delivery.ts';
import { mapImage } from './images.ts';

/**
 * UTD1.12 (the map "rendered after every state change"): "the map is posted after every change of
 * the map, throttled so a burst of orders makes one image, not twenty". Each committed change that
 * alters what the map shows writes (or, while one waits, moves the due time of) a throttled
 * `map-post` outbox row in its own transaction (src/app/thunderdome-posts.ts): due once the
 * campaign has been quiet for 30 s, or at the latest 3 minutes after the first change not yet
 * posted. A crash loses no map post: the row waits in the database, and whichever process runs
 * the deliverer posts it (docs/delivery.md).
 *
 * At delivery the map is drawn as it is now. Nothing is posted when a turn start's ping already
 * carried this map or a newer one (TURN_START, requirements §6.2), when an earlier map post
 * already showed it, or when the changes cancelled out (an order undone): the map is the one shown
 * before the burst.
 */
export async function deliverMapPost(d: RowDelivery): Promise<void> {
  if (!d.host.mapPosts) return;
  const current = await d.current();
  if (!current?.state.map || current.state.status === 'registration') return;
  if (await outboxRepo.turnStartSince(d.app, d.row)) return;
  if (mapDigest(current.state) === d.row.payload['shown']) return;
  // An earlier row, due while this change was made, already drew the map as of this change or later.
  if ((await outboxRepo.lastRenderedVersion(d.app, d.row)) >= d.row.version) return;
  const channel = await d.channel();
  if (!channel) return;
  const png = await mapImage(current.state, current.version, await d.app.catalogs.get(current.state.catalogVersion));
  await d.send(channel, 'p', {
    content: mapPostCaption(current.state),
    files: [new AttachmentBuilder(png, { name: 'map.png' })],
    allowedMentions: { parse: [] },
  });
  d.progress.renderedVersion = current.version;
  d.point('after-send');
}

/** The one-line caption of a posted map. */
export function mapPostCaption(state: CampaignState): string {
  const when = `cycle ${cycleLabel(state.halfCycles)}, ${season(state.halfCycles) === 'spring' ? 'spring' : 'fall'} ${yearLabel(state.settings.startYear, state.halfCycles)}`;
  return `🗺️ The map of **${state.name}** now (${when}).`;
}
