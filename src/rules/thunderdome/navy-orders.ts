import type { Player } from './state.ts';
import { fleetLimit } from './lookup.ts';
import { refuse } from '../errors.ts';
import { bpv, bpvToString } from '../exact/bpv.ts';
import type { Decider } from './decider.ts';
import { ownFleet, refuseIfRetreating, spend } from './orders.ts';
import { maxFleets } from './navy-limits.ts';
import { refuseOverFleetLimit } from './condition/attrition.ts';
import type { Fleet } from './state.ts';
import { requireTurnOf } from './turn.ts';
import { refuseSecondOfficer } from './officers/fleet-limit.ts';
import { scrapRefund } from './scrap-value.ts';
import { requireEscorts } from './carriers.ts';

function shipsOf(d: Decider, f: Fleet, list: string): string[] {
  const inFleet = d.state.ships.filter((s) => s.fleetId === f.id).map((s) => s.id);
  if (list.trim().toLowerCase() === 'all') return inFleet;
  const ids = [...new Set(list.split(/[\s,]+/).filter(Boolean))];
  const stray = ids.filter((id) => !inFleet.includes(id));
  if (stray.length)
    refuse(
      'ship/not-in-fleet',
      'UTD6.33',
      `Not in fleet ${f.slot}: ${stray.slice(0, 5).join(', ')}.`,
      `Fleet ${f.slot} holds ${inFleet.join(', ') || 'nothing'}.`,
    );
  if (ids.length === 0) refuse('ship/none', 'UTD6.33', 'Name at least one ship, or `all`.');
  return ids;
}

/**
 * UTD7.22 with ISS-A22: extra fleets cost 250, 500 or 1000 in total for one, two or three; buying
 * in steps pays the difference between totals (`fleets.extraPricing`). Permanent; no order point.
 */
export function buyFleets(d: Decider, count: number, p: Player): void {
  if (d.state.status === 'active') requireTurnOf(d, p);
  else if (d.state.status !== 'setup')
    refuse('campaign/not-in-play', 'UTD7.22', 'Extra fleets are bought in the setup or on your turn.');
  if (!Number.isInteger(count) || count < 1)
    refuse(
      'fleets/bad-count',
      'UTD7.22',
      `\`count\` is how many extra fleets to buy: a whole number from 1; you gave ${count}.`,
      p.extraFleets < 3
        ? `You may buy up to ${3 - p.extraFleets} more (at most three extra fleets in all).`
        : undefined,
    );
  if (p.extraFleets + count > 3)
    refuse(
      'fleets/limit',
      'UTD7.22',
      `At most three extra fleets in all; you have ${p.extraFleets}, so ${count} more would make ${p.extraFleets + count}.`,
    );
  const totals = [0, ...d.state.settings['fleets.extraPrices']];
  // `fleets.extraPricing`: the listed prices are totals, so a later purchase pays the difference
  // (ISS-A22), or each purchase pays the listed price of the number it buys (`perPurchase`).
  const cost =
    d.state.settings['fleets.extraPricing'] === 'perPurchase'
      ? bpv(totals[count]!)
      : bpv(totals[p.extraFleets + count]!).sub(totals[p.extraFleets]!);
  if (cost.gt(p.bank))
    refuse(
      'bank/insufficient',
      'UTD7.22',
      `${count} extra fleet${count === 1 ? '' : 's'} cost ${bpvToString(cost)} BPV; your bank holds ${p.bank}.`,
    );
  d.emit({ type: 'FleetsBought', playerId: p.id, count, cost: bpvToString(cost) });
}

/**
 * UTD6.33 ORGANIZE FLEETS: one order point transfers any number of ships between two fleets in the
 * same sector (three fleets take two points, four take three: do it as successive transfers). The
 * receiving fleet may be a new one in a free slot; each fleet stays within 5 MC (UTD7.23).
 */
export function organize(d: Decider, fromSlot: string, toSlot: string, shipList: string, p: Player): void {
  const turn = d.state.turn!;
  const from = ownFleet(d, p, fromSlot);
  const ships = shipsOf(d, from, shipList);
  const slot = Number(toSlot.replace(/^fleet\s*/i, ''));
  const existing = d.state.fleets.find((x) => x.owner === p.id && x.slot === slot);
  if (existing?.id === from.id) refuse('organize/same-fleet', 'UTD6.33', 'Transfers need two different fleets.');
  let newFleet: Fleet | null = null;
  if (existing) {
    if (existing.sector !== from.sector)
      refuse('organize/other-sector', 'UTD6.33', `Fleets ${from.slot} and ${existing.slot} are in different sectors.`);
    refuseIfRetreating(d, existing);
  } else {
    const max = maxFleets(d.state, p);
    if (!Number.isInteger(slot) || slot < 1 || slot > max)
      refuse('fleet/bad-slot', 'UTD7.21', `Fleet slots run from 1 to ${max}.`);
    newFleet = {
      ...from,
      id: `F${d.state.nextId}`,
      slot,
      pinned: from.pinned,
      establishing: false,
      trapped: from.trapped,
      claimSector: from.claimSector,
    };
  }
  const catalog = d.ctx.catalog;
  // Ship condition: fighters and PFs pool in the receiving fleet (UTD7.24), so count the fleet as it will be.
  refuseOverFleetLimit(
    d.state.ships.filter((s) => ships.includes(s.id) || (existing !== undefined && s.fleetId === existing.id)),
    catalog,
    fleetLimit(d.state),
    `Fleet ${slot}`,
  );
  // Officers and options: at most one legendary officer per fleet (UTD7.26A).
  refuseSecondOfficer(d.state, existing?.id ?? null, ships);
  // Carriers keep their escorts in the same fleet (UTD8.22, ISS-A100).
  const fromShips = d.state.ships.filter((s) => s.fleetId === from.id);
  const toShips = existing ? d.state.ships.filter((s) => s.fleetId === existing.id) : [];
  const moved = fromShips.filter((s) => ships.includes(s.id));
  requireEscorts(
    d,
    [
      { label: `Fleet ${from.slot}`, before: fromShips, after: fromShips.filter((s) => !ships.includes(s.id)) },
      { label: `Fleet ${slot}`, before: toShips, after: [...toShips, ...moved] },
    ],
    'UTD6.33',
  );
  spend(turn, 1, 'Organizing fleets', 'UTD6.33');
  d.emit({
    type: 'FleetsOrganized',
    playerId: p.id,
    from: from.id,
    to: existing?.id ?? newFleet!.id,
    shipIds: ships,
    newFleet,
    opCost: 1,
  });
}

/** UTD6.3F SCRAP: one order point scraps any number of ships of one fleet for half their value, every fraction kept. */
export function scrapShips(d: Decider, fleetSlot: string, shipList: string, p: Player): void {
  const turn = d.state.turn!;
  const f = ownFleet(d, p, fleetSlot);
  const ids = shipsOf(d, f, shipList);
  const inFleet = d.state.ships.filter((s) => s.fleetId === f.id);
  requireEscorts(
    d,
    [{ label: `Fleet ${f.slot}`, before: inFleet, after: inFleet.filter((s) => !ids.includes(s.id)) }],
    'UTD6.3F',
  );
  spend(turn, 1, 'Scrapping', 'UTD6.3F');
  // Half the ships' value, their fighters and PFs, and their BPV-bought mines (UTD6.3F, ISS-A38).
  const refund = scrapRefund(
    ids.map((id) => d.state.ships.find((s) => s.id === id)!),
    d.ctx.catalog,
  );
  d.emit({
    type: 'ShipsScrapped',
    playerId: p.id,
    fleetId: f.id,
    shipIds: ids,
    refund: bpvToString(refund),
    opCost: 1,
  });
}
