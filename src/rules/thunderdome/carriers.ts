import { refuse } from '../errors.ts';
import type { Decider } from './decider.ts';
import { DEFAULT_SETTINGS } from './settings.ts';
import type { CampaignState, Player, Ship } from './state.ts';
import type { UnitCatalog, UnitInfo } from './units.ts';

/**
 * Carriers and escorts (UTD8.22, ISS-A100): the rule body "carriers must have escorts" is missing
 * (the "UTD7.265" it points to does not exist), so a carrier or PFT needs the number of escorts its
 * catalog row names (`escort_requirement`) in the same fleet, escorts counted once (`is_escort`),
 * under `fleet.requireCarrierEscorts`. A player may also have at most one megafighter squadron
 * (12 fighters, or 6 heavy: 12 fighter equivalents), all on a single true carrier. Imports no order,
 * so every order may use it. Readings: docs/rules-notes.md "Carriers and escorts".
 */

/** UTD8.22: a megafighter squadron is 12 normal or 6 heavy fighters: 12 fighter equivalents. */
export const MEGAFIGHTER_SQUADRON_FE = 12;

/** Escorts a fleet of these ships needs and has (ISS-A100). */
export function escortCount(
  ships: readonly Pick<Ship, 'unitId'>[],
  catalog: UnitCatalog,
): { need: number; have: number } {
  let need = 0;
  let have = 0;
  for (const s of ships) {
    const u = catalog.get(s.unitId);
    need += u?.escortRequirement ?? 0;
    if (u?.isEscort) have += 1;
  }
  return { need, have };
}

/** How many escorts a fleet of these ships lacks (0 when it has enough). */
export function escortShortfall(ships: readonly Pick<Ship, 'unitId'>[], catalog: UnitCatalog): number {
  const { need, have } = escortCount(ships, catalog);
  return Math.max(0, need - have);
}

function escortsRequired(state: CampaignState): boolean {
  return state.settings['fleet.requireCarrierEscorts'] ?? DEFAULT_SETTINGS['fleet.requireCarrierEscorts'];
}

/**
 * Refuses an order that leaves a fleet with fewer escorts than its carriers need, unless it was
 * already that short (losses in battle do not freeze a fleet; the order must only not make it worse).
 */
export function requireEscorts(
  d: Decider,
  fleets: readonly { label: string; before: readonly Pick<Ship, 'unitId'>[]; after: readonly Pick<Ship, 'unitId'>[] }[],
  rule: string,
): void {
  if (!escortsRequired(d.state)) return;
  for (const f of fleets) {
    const after = escortShortfall(f.after, d.ctx.catalog);
    if (after === 0 || after <= escortShortfall(f.before, d.ctx.catalog)) continue;
    const { need, have } = escortCount(f.after, d.ctx.catalog);
    const carriers = f.after
      .map((s) => d.ctx.catalog.get(s.unitId))
      .filter((u): u is UnitInfo => Boolean(u?.escortRequirement))
      .map((u) => `${u.name} needs ${u.escortRequirement}`);
    refuse(
      'fleet/carrier-escorts',
      'UTD8.22',
      `${f.label} would have ${have} escort${have === 1 ? '' : 's'} for carriers that need ${need} (${carriers.join(', ')}; ISS-A100, ${rule}).`,
      'Put escorts in the same fleet as the carriers, or vote `fleet.requireCarrierEscorts` off.',
    );
  }
}

/** Whether a configuration carries megafighters (its fighter type is a megafighter row). */
export function carriesMegafighters(unit: UnitInfo | undefined, catalog: UnitCatalog): boolean {
  const type = unit?.fighterTypeId ? catalog.get(unit.fighterTypeId) : undefined;
  return type?.unitKind === 'megafighter';
}

/**
 * UTD8.22: at most one megafighter squadron, all on a single true carrier. Refuses `unit` joining the
 * navy of `p` (or a ship of it, `shipId`, becoming that configuration) if it breaks that.
 */
export function requireMegafighterLimit(d: Decider, p: Player, unit: UnitInfo, shipId: string | null = null): void {
  const catalog = d.ctx.catalog;
  if (!carriesMegafighters(unit, catalog)) return;
  if (unit.carrierType !== 'true_carrier')
    refuse(
      'fleet/megafighter-carrier',
      'UTD8.22',
      `${unit.name} would carry megafighters, but megafighters may only be on a single true carrier.`,
    );
  const fe = unit.fighters ?? 0;
  if (fe > MEGAFIGHTER_SQUADRON_FE)
    refuse(
      'fleet/megafighter-squadron',
      'UTD8.22',
      `${unit.name} carries ${fe} fighter equivalents of megafighters; a player may have one squadron: 12 fighters or 6 heavy.`,
    );
  const other = d.state.ships.find(
    (s) => s.owner === p.id && s.id !== shipId && carriesMegafighters(catalog.get(s.unitId), catalog),
  );
  if (other)
    refuse(
      'fleet/megafighter-squadron',
      'UTD8.22',
      `You already have a megafighter squadron on ${other.id} (${other.unitId}); a player may have only one, on a single true carrier.`,
    );
}
