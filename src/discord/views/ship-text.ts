import { sectorLabel, type CampaignState, type UnitCatalog } from '../../rules/thunderdome/index.ts';
import { conditionLabels } from '../../rules/thunderdome/condition/index.ts';

/** `/ship status`: one line per ship of the player with its condition labels. */
export function shipStatusText(state: CampaignState, playerId: string, catalog: UnitCatalog, shipId?: string): string {
  const name = state.players.find((p) => p.id === playerId)?.name ?? playerId;
  const ships = state.ships.filter((s) => s.owner === playerId && (!shipId || s.id === shipId.trim().toUpperCase()));
  if (ships.length === 0) return shipId ? `${name} has no ship \`${shipId.slice(0, 20)}\`.` : `${name} has no ships.`;
  const lines = ships.map((s) => {
    const where = s.dock
      ? `dry dock, ${sectorLabel(state, s.sector)}`
      : s.fleetId
        ? `fleet ${state.fleets.find((f) => f.id === s.fleetId)?.slot ?? '?'}, ${sectorLabel(state, s.sector)}`
        : sectorLabel(state, s.sector);
    const labels = conditionLabels(s, catalog.get(s.unitId), { catalog, halfCycles: state.halfCycles });
    return `**${s.unitId}** ${s.id} — ${where}${labels.length ? `: ${labels.join(' · ')}` : ': as built'}`;
  });
  return [`🚢 **${name}'s ships**`, ...lines].join('\n');
}
