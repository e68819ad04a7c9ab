import { refuse } from '../../errors.ts';
import { bpvToString, type Bpv } from '../../exact/bpv.ts';
import type { Decider } from '../decider.ts';
import type { Player, Ship } from '../state.ts';
import type { UnitInfo } from '../units.ts';
import { chooseYard, ownShips } from '../shipyards/choose.ts';
import { chargeLine, costSettings, refitCapacity } from '../shipyards/costs.ts';
import { unitOf } from '../shipyards/edges.ts';
import { crewCost, officerCost } from './costs.ts';
import { crewIneligible, officerIneligible } from './eligibility.ts';
import { officersInFleet } from './fleet-limit.ts';
import { LEGENDARY_OFFICER_TYPES, officerName, parseOfficerType } from './types.ts';

/**
 * UTD6.376 / 6.3J4 (ISS-A97): "any ship eligible to receive a refit may also be provided …
 * legendary officers (or crew)". Buying one is therefore a refit at an activated shipyard: the
 * yard must be able to refit the ship (size class and capacity, UTD6.3754) and spends a refit's
 * capacity, half the ship's MC (UTD6.3755; UTD6.3753 counts buying COs as a refit).
 */
export interface Purchase {
  p: Player;
  ship: Ship;
  unit: UnitInfo;
  yardId: string;
  capacity: number;
  exact: Bpv;
  charge: Bpv;
}

export function atYard(
  d: Decider,
  shipRef: string,
  what: string,
  price: (unit: UnitInfo, ship: Ship) => Bpv,
  check: (p: Player, ship: Ship, unit: UnitInfo) => void,
  yardRef: string | undefined,
  p: Player,
): Purchase {
  const turn = d.state.turn!;
  const [ship] = ownShips(d, p, shipRef, 'UTD6.376');
  if (!ship) refuse('ship/none', 'UTD6.376', 'Name one ship.');
  if (shipRef.split(/[\s,]+/).filter(Boolean).length > 1)
    refuse('ship/one', 'UTD6.376', 'Name one ship: each officer or crew goes to one ship.');
  if (ship.uninspected)
    refuse(
      'yard/uninspected',
      'UTD6.3773',
      `${ship.unitId} (${ship.id}) is a captured ship not yet inspected: it cannot be refitted.`,
      'Inspect it with `/yard inspect` first.',
    );
  const unit = unitOf(d, ship);
  check(p, ship, unit);
  const capacity = refitCapacity(unit.mc);
  const y = chooseYard(
    d,
    p,
    turn,
    ship.sector,
    {
      what: `${what} for ${unit.hullCode || unit.name} (${ship.id})`,
      sizeClass: unit.sizeClass,
      whereMc: unit.mc,
      capacity,
      sizeRule: 'UTD6.3754',
      whereRule: 'UTD6.3754',
    },
    yardRef,
  );
  const exact = price(unit, ship);
  const charge = chargeLine([exact], costSettings(d.state).rounding);
  if (charge.gt(p.bank))
    refuse(
      'bank/insufficient',
      'UTD6.376',
      `${what[0]!.toUpperCase()}${what.slice(1)} costs ${bpvToString(charge)} BPV; your bank holds ${p.bank}.`,
    );
  return { p, ship, unit, yardId: y.base.id, capacity, exact, charge };
}

/**
 * UTD7.26A, 8.23: a legendary officer on an eligible warship; one of each type per navy, never
 * again a type that was lost, and no second officer in the ship's fleet.
 */
export function buyOfficer(
  d: Decider,
  shipRef: string,
  typeText: string,
  yardRef: string | undefined,
  p: Player,
): void {
  const type = parseOfficerType(typeText);
  if (!type)
    refuse(
      'officer/unknown-type',
      'UTD8.23',
      `\`${typeText.slice(0, 40)}\` is not a legendary-officer type.`,
      `Types: ${Object.keys(LEGENDARY_OFFICER_TYPES).join(', ')}.`,
    );
  const name = officerName(type);
  const bought = atYard(
    d,
    shipRef,
    `a ${name}`,
    (_unit, ship) => officerCost(d.state.settings, ship.bpv),
    (p, ship, unit) => {
      const why = officerIneligible(unit);
      if (why)
        refuse(
          'officer/ineligible',
          why.rule,
          `No legendary officer may serve on ${unit.unitId} (${ship.id}): ${why.reason}.`,
          'Legendary officers serve on SC3 and SC4 warships other than battle tugs, dreadnoughts, battleships and X-ships.',
        );
      if ((p.officersLost ?? []).includes(type))
        refuse(
          'officer/lost',
          'UTD8.23',
          `Your ${name} was lost; a lost legendary officer cannot be replaced during the campaign.`,
        );
      const serving = d.state.ships.find((s) => s.owner === p.id && s.legendaryOfficer?.type === type);
      if (serving)
        refuse(
          'officer/type-held',
          'UTD8.23',
          `Your navy already has a ${name}, on ${serving.unitId} (${serving.id}); a navy has no more than one of each type.`,
        );
      if (ship.legendaryOfficer)
        refuse(
          'officer/fleet-limit',
          'UTD7.26A',
          `${ship.unitId} (${ship.id}) already carries a ${officerName(ship.legendaryOfficer.type)}.`,
        );
      const other = ship.fleetId ? officersInFleet(d.state, ship.fleetId)[0] : undefined;
      if (other)
        refuse(
          'officer/fleet-limit',
          'UTD7.26A',
          `Fleet ${d.state.fleets.find((f) => f.id === ship.fleetId)?.slot ?? '?'} already has a legendary officer (${officerName(other.legendaryOfficer!.type)} on ${other.unitId}, ${other.id}); a fleet may have no more than one.`,
        );
    },
    yardRef,
    p,
  );
  d.emit({
    type: 'OfficerBought',
    playerId: bought.p.id,
    shipId: bought.ship.id,
    officer: type,
    yardId: bought.yardId,
    capacity: bought.capacity,
    cost: bpvToString(bought.charge),
    exactCost: bpvToString(bought.exact),
  });
}

/** UTD7.26B: one outstanding-crew ship per navy, on an eligible hull, never replaced once lost. */
export function buyCrew(d: Decider, shipRef: string, yardRef: string | undefined, p: Player): void {
  const bought = atYard(
    d,
    shipRef,
    'an outstanding crew',
    () => crewCost(d.state.settings),
    (p, ship, unit) => {
      const why = crewIneligible(unit);
      if (why)
        refuse(
          'crew/ineligible',
          why.rule,
          `${unit.unitId} (${ship.id}) cannot have an outstanding crew: ${why.reason}.`,
          'The OC ship has MC 1 or less and is not a DN, battle tug, SC2 ship, X-ship, stasis ship or mauler.',
        );
      if (p.crewLost)
        refuse(
          'crew/lost',
          'UTD7.26B',
          'Your outstanding-crew ship was lost; it cannot be replaced during the campaign.',
        );
      const current = d.state.ships.find((s) => s.owner === p.id && s.outstandingCrew);
      if (current)
        refuse(
          'crew/one-per-navy',
          'UTD7.26B',
          `${current.unitId} (${current.id}) already has your navy's outstanding crew; a player may have one OC ship.`,
        );
    },
    yardRef,
    p,
  );
  d.emit({
    type: 'CrewBought',
    playerId: bought.p.id,
    shipId: bought.ship.id,
    yardId: bought.yardId,
    capacity: bought.capacity,
    cost: bpvToString(bought.charge),
    exactCost: bpvToString(bought.exact),
  });
}
