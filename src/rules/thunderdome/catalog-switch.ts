import { bpv } from '../exact/bpv.ts';
import { fleetLimit } from './lookup.ts';
import { formatMoveClass, mc } from '../exact/move-class.ts';
import { refuse } from '../errors.ts';
import { requireAdmin, type Decider } from './decider.ts';
import { shortVersion } from './catalog/version.ts';
import { fleetMc } from './navy-limits.ts';

/**
 * Switching a campaign to another catalog version (UTD8.1). Requirements §4.2: a version is
 * pinned to the campaign at setup; switching mid-campaign would need a supermajority vote and a
 * migration report, which the bot does not offer, so the switch is only possible before play
 * starts (status `registration` or `setup`). The command is decided with the catalog it switches
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
      'A new catalog can be used by a new campaign; import it in that campaign’s channel before the first turn.',
    );
  }
  const catalog = d.ctx.catalog;
  if (catalog.version !== version) throw new Error(`catalog-set ${version} decided with catalog ${catalog.version}`);
  if (state.catalogVersion === version)
    refuse('catalog/no-change', 'UTD8.1', `**${state.name}** already plays with catalog \`${shortVersion(version)}\`.`);

  const problems: string[] = [];
  for (const ship of state.ships) {
    const unit = catalog.get(ship.unitId);
    if (!unit) problems.push(`ship ${ship.id} is a \`${ship.unitId}\`, which the new catalog lacks`);
    else if (!bpv(unit.bpv).eq(ship.bpv))
      problems.push(
        `ship ${ship.id} (\`${ship.unitId}\`) was bought for ${ship.bpv} BPV; the new catalog prices it at ${unit.bpv}`,
      );
  }
  for (const base of state.bases) {
    const unit = catalog.get(base.unitId);
    if (!unit) problems.push(`${base.role} ${base.id} is a \`${base.unitId}\`, which the new catalog lacks`);
    else if (base.role === 'defending-ship' && unit.unitKind !== 'warship')
      problems.push(`defending ship ${base.id} (\`${base.unitId}\`) is no longer a warship (UTD8.134)`);
  }
  for (const fleet of state.fleets) {
    const used = fleetMc(state, fleet.id, catalog);
    if (used > fleetLimit(state))
      problems.push(
        `fleet ${fleet.slot} of ${state.players.find((p) => p.id === fleet.owner)?.name ?? fleet.owner} would hold MC ${formatMoveClass(mc(used))} of ${formatMoveClass(fleetLimit(state))} (UTD7.23)`,
      );
  }
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
