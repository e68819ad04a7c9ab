import { formatMoveClass } from '../../exact/move-class.ts';
import type { Base, CampaignState } from '../state.ts';
import type { UnitCatalog } from '../units.ts';
import { defenseBattleMc, defensesIn } from './kinds.ts';
import { defenseSiteProblem, hasGroundBaseSite } from './sites.ts';

export interface DefenseSectorStatus {
  sector: string;
  units: { base: Base; name: string; battleMc: string; value: string }[];
  counts: { monitors: number; groundBases: number; defsats: number; repairFreighters: number; defendingShips: number };
  /** The move cost these units count in a defending battle fleet (UTD7.4236); repair freighters are free (UTD7.4235). */
  battleMc: string;
  groundBaseSite: boolean;
  /** Why new defenses may not be bought here, or null (UTD7.33). */
  blocked: string | null;
}

/** Every sector where the player has defenses (arrived or arriving at step 10), for `/defense status`. */
export function defenseStatus(state: CampaignState, playerId: string, catalog: UnitCatalog): DefenseSectorStatus[] {
  const p = state.players.find((x) => x.id === playerId);
  if (!p) return [];
  const sectors = [...new Set(state.bases.filter((b) => b.owner === playerId).map((b) => b.sector))];
  const out: DefenseSectorStatus[] = [];
  for (const key of sectors) {
    const bases = defensesIn(state, playerId, key);
    if (bases.length === 0) continue;
    const sector = state.map?.sectors.find((s) => s.key === key);
    const kind = (b: Base) => catalog.get(b.unitId)?.unitKind;
    const counted = bases.filter((b) => b.role !== 'supporting-rf');
    const mc = counted.reduce(
      (sum, b) => sum + (catalog.get(b.unitId) ? defenseBattleMc(catalog.get(b.unitId)!) : 0),
      0,
    );
    out.push({
      sector: key,
      units: bases.map((b) => {
        const unit = catalog.get(b.unitId);
        return {
          base: b,
          name: unit?.name ?? b.unitId,
          battleMc: b.role === 'supporting-rf' ? 'free' : formatMoveClass((unit ? defenseBattleMc(unit) : 0) as never),
          value: unit?.bpv ?? b.bpv,
        };
      }),
      counts: {
        monitors: bases.filter((b) => kind(b) === 'monitor').length,
        groundBases: bases.filter((b) => kind(b) === 'ground_base').length,
        defsats: bases.filter((b) => kind(b) === 'defsat').length,
        repairFreighters: bases.filter((b) => b.role === 'supporting-rf').length,
        defendingShips: bases.filter((b) => b.role === 'defending-ship').length,
      },
      battleMc: formatMoveClass(mc as never),
      groundBaseSite: sector ? hasGroundBaseSite(sector) : false,
      blocked: sector ? defenseSiteProblem(state, p, sector) : 'unknown sector',
    });
  }
  return out;
}
