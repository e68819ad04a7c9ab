import { refuse } from '../../errors.ts';
import type { Decider } from '../decider.ts';
import type { Fleet } from '../state.ts';
import { towingTractors } from './wreck.ts';

/**
 * UTD6.3E TOW A WRECKED SHIP, checked before a fleet moves: at least one non-wrecked ship must be
 * in the fleet, and the non-wrecked ships need `tow.tractorsPerWreck` functional tractor beams per
 * wreck (ISS-A73). Untowed wrecks must be scrapped or left as derelicts, or the fleet cannot move.
 * Returns the number of wrecks in tow: each costs one more order point per lane (the caller adds it).
 */
export function checkTow(d: Decider, f: Fleet): number {
  const ships = d.state.ships.filter((s) => s.fleetId === f.id);
  const wrecks = ships.filter((s) => s.wrecked);
  if (wrecks.length === 0) return 0;
  const hint = 'Scrap a wreck (`/fleet scrap`, 1 OP, UTD6.3F) or leave it as a derelict (`/deaddrop` with a ship, 1 OP, UTD6.3D2).';
  if (wrecks.length === ships.length) {
    refuse('tow/only-wrecks', 'UTD6.3E', `Fleet ${f.slot} holds only wrecked ships: at least one ship that is not wrecked must tow them, so the fleet cannot move.`, 'Organize a healthy ship into the fleet on a later turn (UTD6.33), or scrap the wrecks.');
  }
  // Campaigns created before the setting existed read the default.
  const perWreck = (d.state.settings['tow.tractorsPerWreck'] as number | undefined) ?? 1;
  const tractors = ships.reduce((sum, s) => sum + towingTractors(s, d.ctx.catalog.get(s.unitId)), 0);
  const needed = wrecks.length * perWreck;
  if (tractors < needed) {
    refuse(
      'tow/not-enough-tractors',
      'UTD6.3E',
      `Fleet ${f.slot} tows ${wrecks.length} wrecked ship${wrecks.length === 1 ? '' : 's'} (${wrecks.map((s) => `${s.unitId} ${s.id}`).join(', ')}), which needs ${needed} functional tractor beam${needed === 1 ? '' : 's'} on ships that are not wrecked; it has ${tractors}.`,
      hint,
    );
  }
  return wrecks.length;
}
