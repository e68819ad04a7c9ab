import type { Player } from '../state.ts';
import { fleetLimit } from '../lookup.ts';
import { refuse } from '../../errors.ts';
import { bpv, bpvToString, type Bpv } from '../../exact/bpv.ts';
import { loseIfReceivedWithoutBank } from '../bank.ts';
import type { Decider } from '../decider.ts';
import { maxFleets } from '../navy-limits.ts';
import { mcOfShips, refuseOverFleetLimit } from '../condition/attrition.ts';
import { scrapRefund } from '../scrap-value.ts';
import type { Fleet, Ship } from '../state.ts';
import { freeDockIn } from '../shipyards/placement.ts';
import { unitBpv } from './common.ts';
import { continueTurnIfDone } from './progress.ts';

/**
 * UTD6.3I (free, UTD6.3I1): a captured ship is organized during record keeping into a friendly
 * fleet in the battle's sector, a new fleet, or scrapped for half its BPV (UTD6.3I6). Up to three
 * ships of the receiving fleet may be scrapped to make room, with no order point (UTD6.3I7).
 * Dry dock (UTD6.3I5) is `/yard dock` (shipyards/dry-dock.ts).
 */
export function organizeCaptured(d: Decider, shipRef: string, into: string, makeRoom: string[], p: Player): void {
  const ship = d.state.ships.find((s) => s.id === shipRef.trim().toUpperCase());
  if (!ship || ship.owner !== p.id || !ship.unorganized) {
    const mine = d.state.ships.filter((s) => s.owner === p.id && s.unorganized).map((s) => `${s.unitId} (${s.id})`);
    refuse(
      'capture/unknown',
      'UTD6.3I',
      `\`${shipRef.slice(0, 20)}\` is not a captured ship of yours waiting to be organized.`,
      mine.length ? `Waiting: ${mine.join(', ')}.` : 'You have no captured ship to organize.',
    );
  }
  const where = into.trim().toLowerCase();
  if (where === 'scrap') {
    d.emit({
      type: 'CapturedShipOrganized',
      shipId: ship.id,
      into: null,
      newFleet: null,
      scrapped: true,
      refund: bpvToString(capturedScrapRefund(d, ship)),
      scrappedToMakeRoom: [],
      automatic: false,
    });
  } else if (where === 'new') {
    if (makeRoom.length)
      refuse('capture/room-in-new', 'UTD6.3I7', 'Ships are scrapped to make room only in the capturing fleet.');
    const fleet = newFleetFor(d, p.id, ship.sector);
    if (!fleet)
      refuse(
        'fleet/none-free',
        'UTD6.3I4',
        `All ${maxFleets(d.state, d.state.players.find((x) => x.id === p.id)!)} of your fleets are in use.`,
        'Put it in a fleet here, or scrap it.',
      );
    d.emit({
      type: 'CapturedShipOrganized',
      shipId: ship.id,
      into: fleet.id,
      newFleet: fleet,
      scrapped: false,
      refund: '0',
      scrappedToMakeRoom: [],
      automatic: false,
    });
  } else {
    const fleet = d.state.fleets.find(
      (f) => f.owner === p.id && (f.id.toLowerCase() === where || String(f.slot) === where.replace(/^fleet\s*/, '')),
    );
    if (!fleet || fleet.sector !== ship.sector)
      refuse(
        'capture/fleet-elsewhere',
        'UTD6.3I4',
        `Fleet \`${into.slice(0, 20)}\` is not one of yours in the sector of the battle.`,
      );
    const room = [...new Set(makeRoom.map((x) => x.trim().toUpperCase()))];
    if (room.length > 3)
      refuse('capture/too-many-scrapped', 'UTD6.3I7', 'At most three ships may be scrapped to make room.');
    for (const id of room)
      if (!d.state.ships.some((s) => s.id === id && s.fleetId === fleet.id))
        refuse('capture/not-in-fleet', 'UTD6.3I7', `${id} is not in fleet ${fleet.slot}.`);
    // The captured ship counts with the fighters and PFs it carries, pooled with the fleet's (UTD7.24).
    refuseOverFleetLimit(
      [...d.state.ships.filter((s) => s.fleetId === fleet.id && !room.includes(s.id)), ship],
      d.ctx.catalog,
      fleetLimit(d.state),
      `With ${ship.unitId} (${ship.id}) fleet ${fleet.slot}`,
      {
        rule: 'UTD6.3I3',
        hint: 'Scrap up to three of its ships to make room, use a new fleet, or scrap the captured ship.',
      },
    );
    const refund = room.reduce(
      (sum, id) => sum.add(capturedScrapRefund(d, d.state.ships.find((s) => s.id === id)!)),
      bpv(0),
    );
    d.emit({
      type: 'CapturedShipOrganized',
      shipId: ship.id,
      into: fleet.id,
      newFleet: null,
      scrapped: false,
      refund: bpvToString(refund),
      scrappedToMakeRoom: room,
      automatic: false,
    });
  }
  // ISS-A86 (TC-015): scrap proceeds of a player without a bank, outside its turn, are lost.
  loseIfReceivedWithoutBank(d, p.id);
  continueTurnIfDone(d);
}

/**
 * UTD6.3I6, 6.3I7: scrapping a captured ship, or a ship to make room for it, returns half its BPV
 * (as `unitBpv` values it), of the fighters and PFs it carried and of its mines (UTD8.253, ISS-A38).
 */
function capturedScrapRefund(d: Decider, ship: Ship): Bpv {
  return scrapRefund([ship], d.ctx.catalog, (s) => unitBpv(d, s.id));
}

function newFleetFor(d: Decider, owner: string, sector: string): Fleet | null {
  const player = d.state.players.find((x) => x.id === owner)!;
  const used = new Set(d.state.fleets.filter((f) => f.owner === owner).map((f) => f.slot));
  const slot = Array.from({ length: maxFleets(d.state, player) }, (_, i) => i + 1).find((n) => !used.has(n));
  if (slot === undefined) return null;
  return {
    id: `F${d.state.nextId}`,
    owner,
    slot,
    sector,
    startSector: sector,
    pinned: false,
    establishing: false,
    trapped: null,
    releasedFromHalfCycle: null,
    claimSector: null,
  };
}

/**
 * ISS-A77, at the record-keeping deadline: into a fleet with room, else a new fleet, else a free
 * dry-dock position at a yard of the sector (UTD6.3I5, 7.61), else scrapped (UTD6.3I3).
 */
export function organizeCapturedByDefault(d: Decider): void {
  for (const ship of d.state.ships.filter((s) => s.unorganized)) {
    // Room counts the ship's fighters and PFs pooled with the fleet's (UTD7.24).
    const fleet = d.state.fleets.find(
      (f) =>
        f.owner === ship.owner &&
        f.sector === ship.sector &&
        mcOfShips([...d.state.ships.filter((s) => s.fleetId === f.id), ship], d.ctx.catalog) <= fleetLimit(d.state),
    );
    if (fleet) {
      d.emit({
        type: 'CapturedShipOrganized',
        shipId: ship.id,
        into: fleet.id,
        newFleet: null,
        scrapped: false,
        refund: '0',
        scrappedToMakeRoom: [],
        automatic: true,
      });
      continue;
    }
    const fresh = newFleetFor(d, ship.owner, ship.sector);
    if (fresh) {
      d.emit({
        type: 'CapturedShipOrganized',
        shipId: ship.id,
        into: fresh.id,
        newFleet: fresh,
        scrapped: false,
        refund: '0',
        scrappedToMakeRoom: [],
        automatic: true,
      });
      continue;
    }
    const dock = freeDockIn(d.state, d.ctx.catalog, ship.owner, ship.sector);
    if (dock) d.emit({ type: 'CapturedShipDocked', shipId: ship.id, yardId: dock.yardId, position: dock.position });
    else
      d.emit({
        type: 'CapturedShipOrganized',
        shipId: ship.id,
        into: null,
        newFleet: null,
        scrapped: true,
        refund: bpvToString(capturedScrapRefund(d, ship)),
        scrappedToMakeRoom: [],
        automatic: true,
      });
    loseIfReceivedWithoutBank(d, ship.owner);
  }
  continueTurnIfDone(d);
}
