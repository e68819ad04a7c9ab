import { bpv, bpvToString, ZERO } from '../../rules/exact/bpv.ts';
import { formatMoveClass, mc } from '../../rules/exact/move-class.ts';
import {
  empireName,
  fleetMc,
  maxFleets,
  opsLeft,
  sectorLabel,
  type Base,
  type CampaignState,
  type Ship,
  type UnitCatalog,
} from '../../rules/thunderdome/index.ts';
import { namesEscaped } from '../words-context.ts';

/** How a base is named in the navy text, by its role. */
const BASE_ROLE_WORDS: Record<Base['role'], (name: string) => string> = {
  capital: (name) => `capital (${name})`,
  'capital-rf': (name) => `capital's repair freighter (${name})`,
  shipyard: (name) => `shipyard (${name})`,
  defense: (name) => name,
  'supporting-rf': (name) => `supporting repair freighter (${name})`,
  'defending-ship': (name) => `defending ship ${name}`,
};

/**
 * A navy in words (UTD3.1), the same content as the navy sheet image: every fleet with its
 * ships, move class used of 5 (UTD7.23), BPV, conditions and location; ships in dry dock (where,
 * which position, UTD7.6), ships being built this turn (arrive at step 10, UTD6.3734), captured
 * ships not yet organized (UTD6.3I2), and bases by sector with those still arriving (UTD6.3A).
 */
export function navyText(plainState: CampaignState, playerId: string, catalog: UnitCatalog): string | null {
  const state = namesEscaped(plainState);
  const p = state.players.find((x) => x.id === playerId);
  if (!p) return null;
  const fleets = state.fleets.filter((f) => f.owner === p.id).sort((a, b) => a.slot - b.slot);
  const lines = [
    `**${p.name}** — ${empireName(p.empire)} · bank ${p.bank} BPV · fleets ${fleets.length}/${maxFleets(state, p)}${p.permanentOps ? ` · ${p.permanentOps} permanent OP` : ''}${state.turn?.playerId === p.id ? ` · ${opsLeft(state.turn)} OP left this turn` : ''}`,
  ];
  const shipLine = (s: Ship, where = '') => {
    const u = catalog.get(s.unitId);
    const cond = [
      s.crippled && 'crippled',
      s.wrecked && 'wrecked',
      s.uninspected && 'uninspected',
      s.d94Used && 'D9.4 used',
      s.captured && 'captured',
    ]
      .filter(Boolean)
      .join(', ');
    return `  • ${s.id} ${u?.name ?? s.unitId} — ${u?.bpv ?? s.bpv} BPV, MC ${u ? formatMoveClass(mc(u.mc)) : '?'}${where}${cond ? ` (${cond})` : ''}`;
  };
  for (const f of fleets) {
    const ships = state.ships.filter((s) => s.fleetId === f.id);
    const bpvSum = ships.reduce((sum, s) => sum.add(bpv(catalog.get(s.unitId)?.bpv ?? s.bpv)), ZERO);
    const flags = [f.pinned && 'pinned', f.trapped && 'trapped', f.establishing && 'establishing']
      .filter(Boolean)
      .join(', ');
    lines.push(
      `Fleet ${f.slot} in ${sectorLabel(state, f.sector)} — MC ${formatMoveClass(mc(fleetMc(state, f.id, catalog)))} of 5, ${bpvToString(bpvSum)} BPV${flags ? ` (${flags})` : ''}`,
    );
    for (const s of ships) lines.push(shipLine(s));
  }

  const yardName = (yardId: string) => {
    const yard = state.bases.find((b) => b.id === yardId);
    if (!yard) return yardId;
    return `${yard.role === 'capital' ? 'the capital' : `shipyard ${yard.id}`} in ${sectorLabel(state, yard.sector)}`;
  };
  const outside = state.ships.filter((s) => s.owner === p.id && s.fleetId === null);
  const docked = outside
    .filter((s) => s.dock)
    .sort((a, b) =>
      a.dock!.yardId === b.dock!.yardId
        ? a.dock!.position - b.dock!.position
        : a.dock!.yardId < b.dock!.yardId
          ? -1
          : 1,
    );
  if (docked.length) {
    lines.push(`In dry dock (UTD7.6: in no fleet, unpowered):`);
    for (const s of docked) lines.push(shipLine(s, `, position ${s.dock!.position} at ${yardName(s.dock!.yardId)}`));
  }
  const builds = (state.pendingBuilds ?? []).filter((b) => b.owner === p.id);
  if (builds.length) {
    lines.push(`Being built this turn (arrive at step 10, UTD6.3734):`);
    for (const b of builds) {
      const u = catalog.get(b.unitId);
      lines.push(
        `  • ${b.shipId} ${u?.name ?? b.unitId} — ${b.cost} BPV paid, MC ${u ? formatMoveClass(mc(u.mc)) : '?'}, at ${yardName(b.yardId)} → ${b.planned.kind === 'fleet' ? `fleet ${b.planned.slot}` : 'dry dock'}`,
      );
    }
  }
  const unorganized = outside.filter((s) => !s.dock && s.unorganized);
  if (unorganized.length) {
    lines.push(`Captured, not yet organized (UTD6.3I2: into a fleet, dry dock or scrap):`);
    for (const s of unorganized) lines.push(shipLine(s, ` in ${sectorLabel(state, s.sector)}`));
  }
  const loose = outside.filter((s) => !s.dock && !s.unorganized);
  if (loose.length) {
    lines.push('Not in a fleet:');
    for (const s of loose) lines.push(shipLine(s, ` in ${sectorLabel(state, s.sector)}`));
  }

  // Bases by sector, repetitions grouped ("3 × Ground Defense Phaser Base"); a defense is named by
  // its class alone, the other roles (capital, shipyard, freighters, defending ships) say what they are.
  const bySector = new Map<string, Map<string, number>>();
  for (const b of state.bases.filter((x) => x.owner === p.id)) {
    const name = catalog.get(b.unitId)?.name ?? b.unitId;
    const label = `${BASE_ROLE_WORDS[b.role](name)}${b.pending ? ' (arriving at step 10)' : ''}`;
    const here = bySector.get(b.sector) ?? new Map<string, number>();
    here.set(label, (here.get(label) ?? 0) + 1);
    bySector.set(b.sector, here);
  }
  for (const [sector, list] of bySector)
    lines.push(
      `At ${sectorLabel(state, sector)}: ${[...list].map(([label, n]) => (n === 1 ? label : `${n} × ${label}`)).join(', ')}`,
    );
  return lines.join('\n');
}
