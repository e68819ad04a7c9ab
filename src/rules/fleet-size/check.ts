import { checkBigShips } from './big-ships.ts';
import { checkBpvCapacity } from './bpv-capacity.ts';
import { checkFlexibleCommand } from './flexible-command.ts';
import type { BigShipsOptions, BpvCapacityOptions, FleetCheck, FleetUnit, FlexibleCommandOptions } from './types.ts';

/**
 * The battle-size limiter chosen for the campaign (V34: BPV Capacity is the one VBSF's main text
 * names; Big Ships and Flexible Command are alternatives). Bad input (unknown flagship, duplicate
 * ids, negative BPV) throws a RuleViolation; a fleet that breaks the limit comes back with ok false.
 */
export function checkFleet(system: 'bpv', fleet: readonly FleetUnit[], options: BpvCapacityOptions): FleetCheck;
export function checkFleet(system: 'bigships', fleet: readonly FleetUnit[], options: BigShipsOptions): FleetCheck;
export function checkFleet(system: 'fcp', fleet: readonly FleetUnit[], options: FlexibleCommandOptions): FleetCheck;
export function checkFleet(
  system: 'bpv' | 'bigships' | 'fcp',
  fleet: readonly FleetUnit[],
  options: BpvCapacityOptions | BigShipsOptions | FlexibleCommandOptions,
): FleetCheck {
  switch (system) {
    case 'bpv':
      return checkBpvCapacity(fleet, options as BpvCapacityOptions);
    case 'bigships':
      return checkBigShips(fleet, options);
    case 'fcp':
      return checkFlexibleCommand(fleet, options as FlexibleCommandOptions);
  }
}
