import { shortVersion } from '../rules/thunderdome/catalog/version.ts';
import type { CampaignEvent } from '../rules/thunderdome/index.ts';
import type { Variant } from '../rules/kernel/tables.ts';
import type { Words } from './words-context.ts';

/** The catalog import's event (UTD8.1): the campaign plays with another catalog version from now on. */
export type CatalogEvent = Variant<CampaignEvent, 'CatalogSet'>;

/** Announcement line for a catalog switch (UTD8.1, requirements §4.2). */
export const CATALOG_WORDS = {
  CatalogSet: (e, { state, stored }) =>
    [
      `📚 <@${stored.actor.userId}> switched **${state.name}** to ship catalog \`${shortVersion(e.version)}\` (${e.units} unit${e.units === 1 ? '' : 's'}; it was \`${shortVersion(e.previous)}\`).`,
      'Every price, move class and refit now comes from it; it stays pinned once play begins (requirements §4.2). Look units up with `/catalog search` and `/catalog show`.',
    ].join('\n'),
} satisfies Words<CatalogEvent>;
