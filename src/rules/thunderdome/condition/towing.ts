import { refuse } from '../../errors.ts';
import type { Decider } from '../decider.ts';
import type { CampaignState, Fleet, Ship } from '../state.ts';
import type { UnitCatalog } from '../units.ts';
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
  const hint =
    'Scrap a wreck (`/fleet scrap`, 1 OP, UTD6.3F) or leave it as a derelict (`/deaddrop` with a ship, 1 OP, UTD6.3D2).';
  if (wrecks.length === ships.length) {
    refuse(
      'tow/only-wrecks',
      'UTD6.3E',
      `Fleet ${f.slot} holds only wrecked ships: at least one ship that is not wrecked must tow them, so the fleet cannot move.`,
      'Organize a healthy ship into the fleet on a later turn (UTD6.33), or scrap the wrecks.',
    );
  }
  const perWreck = tractorsPerWreck(d.state);
  const tractors = towingTractorsOf(ships, d.ctx.catalog);
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

/**
 * UTD6.3E as `checkTow` counts it, without refusing: how many wrecks the ships that are not
 * wrecked among `ships` can tow, `tow.tractorsPerWreck` functional tractor beams each (ISS-A73).
 * None when every ship is a wreck. Used where the fleet must move anyway (an involuntary retreat,
 * ISS-A74) and the wrecks beyond this number are scrapped.
 */
export function towCapacity(state: CampaignState, catalog: UnitCatalog, ships: readonly Ship[]): number {
  if (!ships.some((s) => !s.wrecked)) return 0;
  const perWreck = tractorsPerWreck(state);
  return perWreck <= 0 ? ships.length : Math.floor(towingTractorsOf(ships, catalog) / perWreck);
}

/** `tow.tractorsPerWreck`; campaigns created before the setting existed read the default, 1. */
function tractorsPerWreck(state: CampaignState): number {
  return (state.settings['tow.tractorsPerWreck'] as number | undefined) ?? 1;
}

/** Functional tractor beams the ships can lend to a tow (wrecks and uninspected ships lend none). */
function towingTractorsOf(ships: readonly Ship[], catalog: UnitCatalog): number {
  return ships.reduce((sum, s) => sum + towingTractors(s, catalog.get(s.unitId)), 0);
}
