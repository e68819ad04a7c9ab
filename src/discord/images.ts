import type { CampaignState, UnitCatalog } from '../rules/thunderdome/index.ts';
import { ImageCache, renderMap, renderNavySheet } from '../render/index.ts';

/**
 * Images are cached by campaign version (the last event's sequence number), so an unchanged state
 * is never drawn twice (issue 7 §6).
 */
const cache = new ImageCache({ maxEntries: 64 });

export function mapImage(state: CampaignState, version: number, focus?: string): Promise<Buffer> {
  return cache.get(focus ? `map:focus=${focus}` : 'map', state.id, version, () => renderMap(state, focus ? { focus } : {}));
}

export function navyImage(state: CampaignState, version: number, playerId: string, catalog: UnitCatalog): Promise<Buffer> {
  return cache.get(`navy:${playerId}`, state.id, version, () => renderNavySheet(state, playerId, catalog));
}
