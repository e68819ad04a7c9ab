import { adjacentSectors, empireName, findSector, type CampaignState } from '../../rules/thunderdome/index.ts';
import { namesEscaped } from '../words-context.ts';

/** One sector in words: type, terrain, owner, developments, units present, lanes. */
export function sectorText(plainState: CampaignState, ref: string): string | null {
  const found = findSector(plainState, ref);
  if (!found) return null;
  // Found by the name as typed; shown with the names escaped.
  const state = namesEscaped(plainState);
  const s = state.map!.sectors.find((x) => x.key === found.key)!;
  const name = (id: string | null) => (id ? (state.players.find((p) => p.id === id)?.name ?? '?') : 'nobody');
  const label = (key: string) => state.map!.sectors.find((x) => x.key === key)?.name ?? key;
  const dev = (kind: 'colony' | 'mine' | 'fort') => {
    const d = s[kind];
    return d ? `${kind} of ${name(d.owner)} (${d.status})` : null;
  };
  return [
    `**${s.name ?? s.key}** (${s.key}) — ${s.type}${s.terrain.length ? `, terrain ${s.terrain.join(', ')}` : ''}${s.nameStatus === 'rename-required' ? ' — must be renamed' : ''}`,
    `Owner: ${name(s.owner)}${s.homeOf ? ` · home of ${name(s.homeOf)}` : ''}${s.exploredBy ? ` · explored by ${name(s.exploredBy)}` : ''}`,
    `Developments: ${[dev('colony'), dev('mine'), dev('fort')].filter(Boolean).join(', ') || 'none'}`,
    s.npe ? `Non-player empire: ${empireName(s.npe.empire)} (${s.npe.status})` : '',
    `Fleets: ${
      state.fleets
        .filter((f) => f.sector === s.key)
        .map((f) => `${name(f.owner)} fleet ${f.slot}${f.trapped ? ' (trapped)' : ''}`)
        .join(', ') || 'none'
    }`,
    `Bases: ${
      state.bases
        .filter((b) => b.sector === s.key)
        .map((b) => `${name(b.owner)} ${b.role} ${b.unitId}`)
        .join(', ') || 'none'
    }`,
    s.containers.length ? `Dead-drop containers: ${s.containers.length}` : '',
    `Lanes to: ${adjacentSectors(state, s.key).map(label).join(', ')}`,
  ]
    .filter(Boolean)
    .join('\n');
}
