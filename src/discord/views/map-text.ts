import { adjacentSectors, type CampaignState } from '../../rules/thunderdome/index.ts';
import { namesEscaped } from '../words-context.ts';

/** A text view of the map until the rendered image arrives: each sector with its type, owner, developments and lanes. */
export function mapText(plainState: CampaignState): string {
  const state = namesEscaped(plainState);
  const map = state.map!;
  const name = (id: string | null) => (id ? (state.players.find((p) => p.id === id)?.name ?? '?') : '—');
  const label = (key: string) => map.sectors.find((s) => s.key === key)?.name ?? key;
  const lines = map.sectors.map((s) => {
    const devs = [
      s.colony ? `colony${s.colony.status !== 'active' ? ` (${s.colony.status})` : ''}` : '',
      s.mine ? `mine${s.mine.status !== 'active' ? ` (${s.mine.status})` : ''}` : '',
      s.fort ? `fort${s.fort.status !== 'active' ? ` (${s.fort.status})` : ''}` : '',
    ]
      .filter(Boolean)
      .join(', ');
    const fleets = state.fleets.filter((f) => f.sector === s.key).map((f) => `${name(f.owner)} F${f.slot}`);
    return `**${label(s.key)}** [${s.type}] owner ${name(s.owner)}${devs ? ` · ${devs}` : ''}${fleets.length ? ` · fleets ${fleets.join(', ')}` : ''} → ${adjacentSectors(state, s.key).map(label).join(', ')}`;
  });
  const head = `🗺️ ${map.title ?? 'Campaign map'} — ${map.sectors.length} sectors, ${map.lanes.length} lanes${map.approved ? '' : ` · approvals ${map.approvals.length}/${state.players.length}`}`;
  return [head, ...lines].join('\n');
}
