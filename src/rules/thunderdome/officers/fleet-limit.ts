import { refuse } from '../../errors.ts';
import type { CampaignState, Ship } from '../state.ts';
import { officerName } from './types.ts';

/** The ships of a fleet that carry a legendary officer. */
export function officersInFleet(state: CampaignState, fleetId: string): Ship[] {
  return state.ships.filter((s) => s.fleetId === fleetId && s.legendaryOfficer);
}

/**
 * UTD7.26A: a fleet holds at most one legendary officer. Refuses moving `shipIds` into the fleet
 * `fleetId` (null: a new fleet) when that would put a second one there. Used by Organize Fleets
 * (UTD6.33) and undocking (UTD7.66).
 */
export function refuseSecondOfficer(state: CampaignState, fleetId: string | null, shipIds: readonly string[]): void {
  const moving = state.ships.filter((s) => shipIds.includes(s.id) && s.legendaryOfficer);
  const staying = fleetId ? officersInFleet(state, fleetId).filter((s) => !shipIds.includes(s.id)) : [];
  const all = [...staying, ...moving];
  if (all.length > 1) {
    const names = all.map((s) => `${officerName(s.legendaryOfficer!.type)} on ${s.unitId} (${s.id})`).join(' and ');
    refuse(
      'officer/fleet-limit',
      'UTD7.26A',
      `A fleet may have no more than one legendary officer; this would bring together ${names}.`,
      'Move one officer to a ship of another fleet first (`/officer transfer`), or keep the ships apart.',
    );
  }
}
