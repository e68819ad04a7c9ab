import { shortVersion } from '../rules/thunderdome/catalog/version.ts';
import type { CampaignState, StoredEvent } from '../rules/thunderdome/index.ts';

/**
 * Announcement line for a catalog switch (UTD8.1, requirements §4.2); `undefined` when the event is another
 * one, so `describeEvent` can chain it.
 */
export function describeCatalogEvent(stored: StoredEvent, state: CampaignState): string | undefined {
  const e = stored.event;
  if (e.type !== 'CatalogSet') return undefined;
  return [
    `📚 <@${stored.actor.userId}> switched **${state.name}** to ship catalog \`${shortVersion(e.version)}\` (${e.units} unit${e.units === 1 ? '' : 's'}; it was \`${shortVersion(e.previous)}\`).`,
    'Every price, move class and refit now comes from it; it stays pinned once play begins (requirements §4.2). Look units up with `/catalog search` and `/catalog show`.',
  ].join('\n');
}
