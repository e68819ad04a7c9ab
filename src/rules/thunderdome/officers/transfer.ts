import type { Player } from '../state.ts';
import { refuse } from '../../errors.ts';
import { bpvToString } from '../../exact/bpv.ts';
import type { Decider } from '../decider.ts';
import { sectorLabel } from '../lookup.ts';
import { spend } from '../orders.ts';
import type { CampaignState, Ship } from '../state.ts';
import { ownShips } from '../shipyards/choose.ts';
import { unitOf } from '../shipyards/edges.ts';
import { transferSurcharge } from './costs.ts';
import { officerIneligible } from './eligibility.ts';
import { officersInFleet } from './fleet-limit.ts';
import { officerName } from './types.ts';

function where(state: CampaignState, ship: Ship): string {
  if (ship.fleetId) return `fleet ${state.fleets.find((f) => f.id === ship.fleetId)?.slot ?? '?'}`;
  return ship.dock ? 'dry dock' : 'no fleet';
}

/**
 * UTD7.26A with UTD6.33 and 7.25: an Organize Fleets order (1 order point) moves a legendary
 * officer to another ship in the same sector, in the same fleet, another fleet or dry dock
 * (UTD7.66). Free to a ship of BPV ≤ the current ship's; to a larger ship it costs the
 * surcharge of `transferSurcharge`. The receiving fleet must not already have an officer.
 */
export function transferOfficer(d: Decider, fromRef: string, toRef: string, p: Player): void {
  const turn = d.state.turn!;
  const [from] = ownShips(d, p, fromRef, 'UTD7.26A');
  const [to] = ownShips(d, p, toRef, 'UTD7.26A');
  if (!from || !to) refuse('ship/none', 'UTD7.26A', 'Name the ship the officer leaves and the ship that receives it.');
  if (!from.legendaryOfficer)
    refuse(
      'officer/none',
      'UTD7.26A',
      `${from.unitId} (${from.id}) carries no legendary officer.`,
      'See `/officer list`.',
    );
  if (from.id === to.id) refuse('officer/same-ship', 'UTD7.26A', 'The officer is already on that ship.');
  if (from.sector !== to.sector)
    refuse(
      'organize/other-sector',
      'UTD6.33',
      `${from.id} is in ${sectorLabel(d.state, from.sector)} and ${to.id} in ${sectorLabel(d.state, to.sector)}; an officer moves only between ships in one sector.`,
    );
  if (to.uninspected)
    refuse(
      'yard/uninspected',
      'UTD6.3773',
      `${to.unitId} (${to.id}) is a captured ship not yet inspected: only its shields and engines work.`,
    );
  const unit = unitOf(d, to);
  const why = officerIneligible(unit);
  if (why)
    refuse(
      'officer/ineligible',
      why.rule,
      `No legendary officer may serve on ${unit.unitId} (${to.id}): ${why.reason}.`,
    );
  if (to.legendaryOfficer)
    refuse(
      'officer/fleet-limit',
      'UTD7.26A',
      `${to.unitId} (${to.id}) already carries a ${officerName(to.legendaryOfficer.type)}.`,
    );
  const other = to.fleetId && to.fleetId !== from.fleetId ? officersInFleet(d.state, to.fleetId)[0] : undefined;
  if (other)
    refuse(
      'officer/fleet-limit',
      'UTD7.26A',
      `${where(d.state, to)} already has a legendary officer (${officerName(other.legendaryOfficer!.type)} on ${other.unitId}, ${other.id}); a fleet may have no more than one.`,
    );
  spend(turn, 1, 'Transferring a legendary officer (an Organize Fleets order)', 'UTD6.33');
  const surcharge = transferSurcharge(d.state.settings, from.bpv, to.bpv);
  if (surcharge.gt(p.bank))
    refuse(
      'bank/insufficient',
      'UTD7.26A',
      `Moving the ${officerName(from.legendaryOfficer.type)} from a ${from.bpv} BPV ship to a ${to.bpv} BPV ship costs a surcharge of ${bpvToString(surcharge)} BPV; your bank holds ${p.bank}.`,
    );
  d.emit({
    type: 'OfficerTransferred',
    playerId: p.id,
    officer: from.legendaryOfficer.type,
    from: from.id,
    to: to.id,
    surcharge: bpvToString(surcharge),
    opCost: 1,
  });
}
