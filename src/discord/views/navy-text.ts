import { formatMoveClass } from '../../rules/exact/move-class.ts';
import { empireName, fleetMc, maxFleets, opsLeft, sectorLabel, type CampaignState, type UnitCatalog } from '../../rules/thunderdome/index.ts';

/** A navy in words until the navy sheet image arrives (rendering issue). */
export function navyText(state: CampaignState, playerId: string, catalog: UnitCatalog): string | null {
  const p = state.players.find((x) => x.id === playerId);
  if (!p) return null;
  const fleets = state.fleets.filter((f) => f.owner === p.id).sort((a, b) => a.slot - b.slot);
  const lines = [`**${p.name}** — ${empireName(p.empire)} · bank ${p.bank} BPV · fleets ${fleets.length}/${maxFleets(state, p)}${p.permanentOps ? ` · ${p.permanentOps} permanent OP` : ''}${state.turn?.playerId === p.id ? ` · ${opsLeft(state.turn)} OP left this turn` : ''}`];
  for (const f of fleets) {
    const ships = state.ships.filter((s) => s.fleetId === f.id);
    const bpvSum = ships.reduce((sum, s) => sum + Number(catalog.get(s.unitId)?.bpv ?? s.bpv), 0);
    const flags = [f.pinned && 'pinned', f.trapped && 'trapped', f.establishing && 'establishing'].filter(Boolean).join(', ');
    lines.push(`Fleet ${f.slot} in ${sectorLabel(state, f.sector)} — MC ${formatMoveClass(fleetMc(state, f.id, catalog) as never)}/5, ${bpvSum} BPV${flags ? ` (${flags})` : ''}`);
    for (const s of ships) {
      const u = catalog.get(s.unitId);
      const cond = [s.crippled && 'crippled', s.wrecked && 'wrecked', s.uninspected && 'uninspected', s.d94Used && 'D9.4 used'].filter(Boolean).join(', ');
      lines.push(`  • ${s.id} ${u?.name ?? s.unitId} — ${u?.bpv ?? s.bpv} BPV, MC ${formatMoveClass((u?.mc ?? 0) as never)}${cond ? ` (${cond})` : ''}`);
    }
  }
  const bases = state.bases.filter((b) => b.owner === p.id);
  const bySector = new Map<string, string[]>();
  for (const b of bases) bySector.set(b.sector, [...(bySector.get(b.sector) ?? []), `${b.role} ${catalog.get(b.unitId)?.name ?? b.unitId}${b.pending ? ' (arriving)' : ''}`]);
  for (const [sector, list] of bySector) lines.push(`At ${sectorLabel(state, sector)}: ${list.join(', ')}`);
  return lines.join('\n');
}
