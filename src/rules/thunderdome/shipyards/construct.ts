import type { Player } from '../state.ts';
import { requireInYear } from '../availability.ts';
import { refuse } from '../../errors.ts';
import { bpv, bpvToString } from '../../exact/bpv.ts';
import { formatMoveClass } from '../../exact/move-class.ts';
import { actingPlayer, requireAdmin, type Decider } from '../decider.ts';
import { hasDevelopedColony, sectorLabel } from '../lookup.ts';
import { sectorOf, spend } from '../orders.ts';
import { empireUnit } from '../navy-limits.ts';
import type { Base } from '../state.ts';
import { dockedAt } from './placement.ts';
import { capacityUsed, yardByRef, yardInfo, yardLabel } from './yards.ts';

/** UTD6.3843: a capacity-2 yard (the capital, or a yard built as one). */
const CAPACITY_TWO = 120;

/**
 * UTD6.38 BUILD A SHIPYARD at a developed colony of the player, 1 OP per yard (UTD6.383), its BPV
 * from the catalog (UTD6.381); it arrives at step 10 and acts from the next own turn (UTD6.382).
 * The three limits of UTD6.384: at most 2 yards and a combined capacity of 3 at a colony; a
 * capacity-2 yard only in a starting sector and only one there. The player's own starting sector
 * takes 3 yards and capacity 5 (UTD6.3844). The capital counts where it stands (ISS-A31).
 *
 * The same order builds a replacement capital (UTD4.3235 with ISS-A32): the empire's LCD, only
 * while the player has no capital, for `capital.replacementCost` (600) BPV; capacity 2 at any of
 * its developed colonies, counted in the colony's yard limits except in its own starting sector.
 * It arrives at step 10 and re-establishes the bank (UTD4.3236).
 */
export function constructYard(d: Decider, sectorRef: string, unitId: string, p: Player): void {
  const turn = d.state.turn!;
  const state = d.state;
  const sector = sectorOf(d, sectorRef);
  const label = sectorLabel(state, sector.key);
  const unit = d.ctx.catalog.get(unitId.trim());
  const replacement = unit?.unitKind === 'capital_lcd';
  if (unit?.unitKind !== 'shipyard' && !replacement)
    refuse(
      'yard/not-a-yard',
      'UTD6.38',
      `\`${unitId.slice(0, 40)}\` is not a shipyard or a capital in this campaign's catalog.`,
      'Search the catalog for the yards (SC2, SC3, SC4), or your empire’s LCD for a replacement capital (UTD4.3235).',
    );
  if (replacement) {
    empireUnit(p, unit, unit.unitId);
    const capital = state.bases.find((b) => b.owner === p.id && b.role === 'capital');
    if (capital)
      refuse(
        'capital/exists',
        'UTD4.3235',
        capital.pending
          ? `Your replacement capital is already being built in ${sectorLabel(state, capital.sector)}.`
          : `Your capital stands in ${sectorLabel(state, capital.sector)}; a replacement capital is built only once it is destroyed (ISS-A32).`,
      );
  }
  requireInYear(state, unit, 'UTD8.12');
  if (!hasDevelopedColony(sector, p.id)) {
    refuse(
      'yard/no-colony',
      'UTD6.38',
      `A shipyard is built at a developed colony of yours; ${label} has ${sector.colony ? (sector.colony.owner === p.id ? 'a colony not yet developed' : 'another player’s colony') : 'no colony'}.`,
    );
  }
  const countsCapital = (state.settings as Record<string, unknown>)['capital.countsTowardColonyLimits'] !== false;
  const present = state.bases.filter(
    (b) => b.sector === sector.key && (b.role === 'shipyard' || (b.role === 'capital' && countsCapital)),
  );
  const capacities = present.map((b) => yardInfo(b, d.ctx.catalog).capacity);
  const capacity =
    unit.shipyardCapacity ??
    yardInfo(
      { id: '', owner: p.id, unitId: unit.unitId, sector: sector.key, role: 'shipyard', bpv: unit.bpv, pending: true },
      d.ctx.catalog,
    ).capacity;
  const ownHome = p.homeSector === sector.key;
  const maxYards = ownHome ? 3 : 2;
  const maxCapacity = ownHome ? 300 : 180;
  // ISS-A32: a replacement capital in the player's own starting sector is outside the yard limits.
  if (!(replacement && ownHome)) checkYardLimits();
  const cost = replacement ? bpv(state.settings['capital.replacementCost']) : bpv(unit.bpv);
  if (cost.gt(p.bank))
    refuse(
      'bank/insufficient',
      replacement ? 'UTD4.3235' : 'UTD6.381',
      `${replacement ? `A replacement capital (${unit.name})` : unit.name} costs ${bpvToString(cost)} BPV; your bank holds ${p.bank}.`,
    );
  spend(turn, 1, replacement ? 'Building a replacement capital' : 'Building a shipyard', 'UTD6.383');
  const base: Base = {
    id: `B${state.nextId}`,
    owner: p.id,
    unitId: unit.unitId,
    sector: sector.key,
    role: replacement ? 'capital' : 'shipyard',
    bpv: bpvToString(cost),
    pending: true,
  };
  d.emit({ type: 'ShipyardOrdered', playerId: p.id, base, cost: bpvToString(cost), opCost: 1 });

  function checkYardLimits(): void {
    if (present.length + 1 > maxYards)
      refuse(
        'yard/too-many',
        ownHome ? 'UTD6.3844' : 'UTD6.3841',
        `${label} already has ${present.length} shipyard${present.length === 1 ? '' : 's'}${countsCapital && present.some((b) => b.role === 'capital') ? ' (the capital included)' : ''}; ${ownHome ? 'your starting sector supports 3' : 'a colony supports 2'}.`,
        'A yard cannot be upgraded: scrap one and build another (UTD6.385).',
      );
    const total = capacities.reduce((a, b) => a + b, 0) + capacity;
    if (total > maxCapacity)
      refuse(
        'yard/capacity-limit',
        ownHome ? 'UTD6.3844' : 'UTD6.3842',
        `The yards at ${label} would have a combined capacity of ${formatMoveClass(total as never)}; ${ownHome ? 'your starting sector allows 5' : 'a colony allows 3'}.`,
      );
    // ISS-A32: a replacement capital has capacity 2 wherever it is built.
    if (capacity >= CAPACITY_TWO && !replacement) {
      if (sector.type !== 'home')
        refuse(
          'yard/capacity-two',
          'UTD6.3843',
          `A capacity-2 shipyard can stand only in a starting sector; ${label} is not one.`,
        );
      if (capacities.some((c) => c >= CAPACITY_TWO))
        refuse(
          'yard/capacity-two',
          'UTD6.3843',
          `${label} already has a capacity-2 shipyard${present.some((b) => b.role === 'capital') ? ' (the capital)' : ''}; a starting sector supports only one.`,
        );
    }
  }
}

/**
 * UTD6.3H OVERHAUL A SHIPYARD: 1 OP per yard repairs it fully; it takes no shipyard actions this
 * turn (UTD6.3726), so a yard that already worked this turn cannot be overhauled.
 */
export function overhaulYard(d: Decider, yardRef: string, p: Player): void {
  const turn = d.state.turn!;
  const y = yardByRef(d.state, p.id, d.ctx.catalog, yardRef, 'UTD6.3H');
  const label = yardLabel(d.state, y);
  if (y.base.pending) refuse('yard/not-ready', 'UTD6.382', `${label} is still being built.`);
  if ((turn.yardsOverhauled ?? []).includes(y.base.id))
    refuse('yard/overhauled', 'UTD6.3H', `${label} is already being overhauled this turn.`);
  if (capacityUsed(turn, y.base.id) > 0)
    refuse(
      'yard/busy',
      'UTD6.3726',
      `${label} already took shipyard actions this turn; an overhauled yard takes none.`,
    );
  spend(turn, 1, 'Overhauling a shipyard', 'UTD6.3H');
  d.emit({ type: 'ShipyardOverhauled', playerId: p.id, yardId: y.base.id, opCost: 1 });
}

/**
 * UTD6.3F SCRAP one shipyard for 1 OP and half its value, every fraction kept. The capital cannot
 * be scrapped (ISS-A75); nor can a yard still holding ships in dry dock or work of this turn.
 */
export function scrapYard(d: Decider, yardRef: string, p: Player): void {
  const turn = d.state.turn!;
  const y = yardByRef(d.state, p.id, d.ctx.catalog, yardRef, 'UTD6.3F');
  const label = yardLabel(d.state, y);
  if (y.base.role === 'capital') refuse('yard/capital', 'ISS-A75', 'The capital cannot be scrapped.');
  if (y.base.pending) refuse('yard/not-ready', 'UTD6.382', `${label} is still being built.`);
  const docked = dockedAt(d.state, y.base.id);
  if (docked.length)
    refuse(
      'yard/docked',
      'UTD7.62',
      `${label} holds ${docked.length} ship${docked.length === 1 ? '' : 's'} in dry dock.`,
      'Move them into a fleet first with `/yard undock`.',
    );
  if (capacityUsed(turn, y.base.id) > 0)
    refuse(
      'yard/busy',
      'UTD6.3F',
      `${label} worked this turn (ships under construction or refit); scrap it on a later turn.`,
    );
  spend(turn, 1, 'Scrapping a shipyard', 'UTD6.3F');
  const value = bpv(y.unit?.bpv ?? y.base.bpv);
  d.emit({ type: 'ShipyardScrapped', playerId: p.id, yardId: y.base.id, refund: bpvToString(value.div(2)), opCost: 1 });
}

/**
 * UTD6.3724: the owner records how many works boxes of a yard are destroyed (battles are played
 * in SFB). At any time; the capacity follows at once. The campaign creator may correct it.
 */
export function reportWorks(d: Decider, yardRef: string, worksDestroyed: number): void {
  const state = d.state;
  const base = state.bases.find(
    (b) => b.id.toLowerCase() === yardRef.trim().toLowerCase() && (b.role === 'capital' || b.role === 'shipyard'),
  );
  if (!base) refuse('yard/unknown', 'UTD6.3724', `There is no shipyard \`${yardRef.slice(0, 20)}\`.`);
  const admin = d.ctx.actor.userId === state.createdBy || d.ctx.actor.isServerAdmin;
  if (!admin && actingPlayer(state, d.ctx).id !== base.owner)
    requireAdmin(state, d.ctx, 'record damage to another player’s shipyard');
  const y = yardInfo(base, d.ctx.catalog);
  if (y.works === null)
    refuse(
      'yard/no-works',
      'UTD6.3724',
      `The catalog gives ${y.name} no works boxes, so its damage cannot be counted.`,
    );
  if (!Number.isInteger(worksDestroyed) || worksDestroyed < 0 || worksDestroyed > y.works)
    refuse(
      'yard/works-range',
      'UTD6.3724',
      `${y.name} has ${y.works} works boxes; give a number from 0 to ${y.works}.`,
    );
  if (worksDestroyed === y.worksDestroyed)
    refuse(
      'yard/no-change',
      'UTD6.3724',
      `${yardLabel(state, y)} already has ${worksDestroyed} works boxes destroyed.`,
    );
  d.emit({
    type: 'ShipyardWorksReported',
    playerId: base.owner,
    yardId: base.id,
    worksDestroyed,
    previous: y.worksDestroyed,
  });
}
