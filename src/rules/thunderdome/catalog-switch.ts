import { bpv } from '../exact/bpv.ts';
import { fleetLimit } from './lookup.ts';
import { formatMoveClass, mc } from '../exact/move-class.ts';
import { refuse } from '../errors.ts';
import { requireAdmin, type Decider } from './decider.ts';
import { shortVersion } from './catalog/version.ts';
import { fleetMc } from './navy-limits.ts';
import type { Base, CampaignState } from './state.ts';
import type { UnitCatalog } from './units.ts';

/**
 * Switching a campaign to another catalog version (UTD8.1). Requirements §4.2: a version is
 * pinned to the campaign at setup, so the switch is only possible before play starts (status
 * `registration` or `setup`); during play only the players' supermajority vote replaces it, after
 * the difference is shown to them (catalog-amend.ts, UTD1.7). The command is decided with the catalog it switches
 * to (`ctx.catalog`), and everything already placed or bought must still make sense under it:
 *
 * - every ship and base of the campaign names a unit of the new catalog (the starting forces of
 *   UTD8.13 and the initial purchases of ISS-A103 are kept, not re-bought);
 * - a bought ship's economic BPV is unchanged (UTD1.2: the bank was charged that price, and
 *   `/setup return` refunds what was paid);
 * - a defending ship is still a warship (UTD8.134) and every fleet still fits 5 MC (UTD7.23).
 *
 * Anything else refuses the switch, naming the first units at fault; nothing changes.
 */
export function setCatalog(d: Decider, version: string): void {
  const state = d.state;
  requireAdmin(state, d.ctx, 'change the ship catalog');
  if (state.status === 'active' || state.status === 'finished') {
    refuse(
      'catalog/pinned',
      'UTD8.1',
      `**${state.name}** is already under way: its ship catalog was pinned when play began (requirements §4.2), so it cannot change now.`,
      'During play the players may vote a stored version in: `/catalog amend version:` (UTD1.7).',
    );
  }
  const catalog = d.ctx.catalog;
  if (catalog.version !== version) throw new Error(`catalog-set ${version} decided with catalog ${catalog.version}`);
  if (state.catalogVersion === version)
    refuse('catalog/no-change', 'UTD8.1', `**${state.name}** already plays with catalog \`${shortVersion(version)}\`.`);

  const misfits = catalogMisfits(state, catalog);
  const problems: string[] = [
    ...misfits.undefinedUnits.map((u) => `${u.what} ${u.id} is a \`${u.unitId}\`, which the new catalog lacks`),
    ...misfits.repriced.map(
      (u) => `ship ${u.id} (\`${u.unitId}\`) was bought for ${u.paid} BPV; the new catalog prices it at ${u.price}`,
    ),
    ...misfits.notWarship.map((u) => `defending ship ${u.id} (\`${u.unitId}\`) is no longer a warship (UTD8.134)`),
    ...misfits.overLimit.map(
      (f) =>
        `fleet ${f.slot} of ${state.players.find((p) => p.id === f.owner)?.name ?? f.owner} would hold MC ${formatMoveClass(mc(f.mc))} of ${formatMoveClass(fleetLimit(state))} (UTD7.23)`,
    ),
  ];
  if (problems.length > 0) {
    const shown = problems.slice(0, 5).join('; ');
    const more = problems.length > 5 ? `; and ${problems.length - 5} more` : '';
    refuse(
      'catalog/units-differ',
      'UTD8.1',
      `The new catalog does not fit what is already placed or bought in **${state.name}**: ${shown}${more}.`,
      'Return the purchases concerned with `/setup return`, or import a catalog that keeps those units and prices.',
    );
  }
  d.emit({ type: 'CatalogSet', version, previous: state.catalogVersion, units: catalog.all().length });
}

/** What of a campaign a catalog would not fit (`catalogMisfits`). */
export interface CatalogMisfits {
  /** Ships, bases and ordered ships whose unit the catalog lacks: they would have no definition. */
  undefinedUnits: { what: 'ship' | Base['role'] | 'ordered ship'; id: string; unitId: string }[];
  /** Ships whose recorded price differs from the catalog's BPV (UTD1.2). */
  repriced: { id: string; unitId: string; paid: string; price: string }[];
  /** Defending ships that would no longer be warships (UTD8.134). */
  notWarship: { id: string; unitId: string }[];
  /** Fleets over the fleet limit (MC 5 unless fleet.maxMc says otherwise) under the catalog's move costs (UTD7.23), in sixtieths. */
  overLimit: { fleetId: string; slot: number; owner: string; mc: number }[];
}

/**
 * Checks everything the campaign holds against a catalog: the switch before play and an
 * amendment during it (catalog-amend.ts) read the same list, each keeping what concerns it.
 */
export function catalogMisfits(state: CampaignState, catalog: UnitCatalog): CatalogMisfits {
  const out: CatalogMisfits = { undefinedUnits: [], repriced: [], notWarship: [], overLimit: [] };
  for (const ship of state.ships) {
    const unit = catalog.get(ship.unitId);
    if (!unit) out.undefinedUnits.push({ what: 'ship', id: ship.id, unitId: ship.unitId });
    else if (!bpv(unit.bpv).eq(ship.bpv))
      out.repriced.push({ id: ship.id, unitId: ship.unitId, paid: ship.bpv, price: unit.bpv });
  }
  for (const base of state.bases) {
    const unit = catalog.get(base.unitId);
    if (!unit) out.undefinedUnits.push({ what: base.role, id: base.id, unitId: base.unitId });
    else if (base.role === 'defending-ship' && unit.unitKind !== 'warship')
      out.notWarship.push({ id: base.id, unitId: base.unitId });
  }
  for (const build of state.pendingBuilds ?? [])
    if (!catalog.get(build.unitId))
      out.undefinedUnits.push({ what: 'ordered ship', id: build.shipId, unitId: build.unitId });
  for (const fleet of state.fleets) {
    const used = fleetMc(state, fleet.id, catalog);
    if (used > fleetLimit(state))
      out.overLimit.push({ fleetId: fleet.id, slot: fleet.slot, owner: fleet.owner, mc: used });
  }
  return out;
}
