import type { CampaignState, UnitCatalog } from '../rules/thunderdome/index.ts';
import { ImageCache, renderMap, renderNavySheet } from '../render/index.ts';

/** Images are cached by campaign version, so an unchanged state is never drawn twice (issue 7 §6). */
const cache = new ImageCache({ maxEntries: 64 });

export function mapImage(state: CampaignState, focus?: string): Promise<Buffer> {
  return cache.get(focus ? `map:focus=${focus}` : 'map', state.id, versionOf(state), () => renderMap(state, focus ? { focus } : {}));
}

export function navyImage(state: CampaignState, playerId: string, catalog: UnitCatalog): Promise<Buffer> {
  return cache.get(`navy:${playerId}`, state.id, versionOf(state), () => renderNavySheet(state, playerId, catalog));
}

/** The state document has no version field of its own; its turn and size change with every event. */
function versionOf(state: CampaignState): number {
  return hash(JSON.stringify(state));
}

function hash(text: string): number {
  let h = 2166136261;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 16777619);
  return h >>> 0;
}
