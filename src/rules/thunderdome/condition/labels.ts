import type { Ship } from '../state.ts';
import type { UnitCatalog, UnitInfo } from '../units.ts';
import { attritionOf } from './attrition.ts';
import { wreckThreshold } from './wreck.ts';

/**
 * A ship's campaign condition as short labels, for the navy views and `/ship status`:
 * wrecked or crippled, captured and not inspected, D9.4 used, dry dock, fighters and PFs against
 * the complement, reported damage, expendables spent since resupply and the owner's note. Pass the
 * catalog to count heavy fighters right; pass the half-cycle to show this cycle's self-repair.
 */
export function conditionLabels(
  ship: Ship,
  unit: UnitInfo | undefined,
  opts: { catalog?: UnitCatalog; halfCycles?: number } = {},
): string[] {
  const catalog: UnitCatalog = opts.catalog ?? {
    version: '',
    get: (id) => (id === unit?.unitId ? unit : undefined),
    all: () => (unit ? [unit] : []),
  };
  const c = ship.condition ?? {};
  const labels: string[] = [];
  if (ship.wrecked)
    labels.push(
      `wrecked${unit?.maxSpeed ? ` (speed ≤ ${wreckThreshold(unit.maxSpeed)}), must be towed` : ', must be towed'}`,
    );
  else if (ship.crippled) labels.push('crippled');
  if (ship.captured) labels.push(ship.uninspected ? 'captured, not inspected: may only move' : 'captured');
  if (ship.unorganized) labels.push('to be organized');
  if (ship.d94Used) labels.push('D9.4 used');
  if (ship.dock) labels.push('in dry dock');
  const a = attritionOf(ship, catalog);
  if (a.full.fighters + a.full.fighterSpares > 0)
    labels.push(`fighters ${a.fighters}/${a.full.fighters}, spares ${a.fighterSpares}/${a.full.fighterSpares}`);
  if (a.full.pfs + a.full.pfSpares > 0)
    labels.push(`PFs ${a.pfs}/${a.full.pfs}, spares ${a.pfSpares}/${a.full.pfSpares}`);
  const damage = [
    c.boxesDestroyed !== undefined ? `${c.boxesDestroyed} box${c.boxesDestroyed === 1 ? '' : 'es'} destroyed` : '',
    c.damageControl !== undefined
      ? `DC ${c.damageControl}${unit?.damageControl != null ? `/${unit.damageControl}` : ''}`
      : '',
    c.speed !== undefined ? `speed ${c.speed}${unit?.maxSpeed ? `/${unit.maxSpeed}` : ''}` : '',
    c.tractors !== undefined
      ? `tractors ${c.tractors}${unit?.tractorBeams !== undefined ? `/${unit.tractorBeams}` : ''}`
      : '',
  ].filter(Boolean);
  if (damage.length) labels.push(damage.join(', '));
  if (opts.halfCycles !== undefined && c.selfRepairedHalfCycle === opts.halfCycles)
    labels.push('self-repaired this cycle');
  if (c.expended?.length) labels.push(`expended: ${c.expended.join(', ')}`);
  if (c.note) labels.push(`note: ${c.note}`);
  return labels;
}
