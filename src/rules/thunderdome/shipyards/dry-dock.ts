import type { Player } from '../state.ts';
import { refuse } from '../../errors.ts';
import { continueTurnIfDone } from '../battles/progress.ts';
import type { Decider } from '../decider.ts';
import { fleetLimit, sectorLabel } from '../lookup.ts';
import { refuseIfRetreating, spend } from '../orders.ts';
import { maxFleets } from '../navy-limits.ts';
import { refuseOverFleetLimit } from '../condition/attrition.ts';
import type { Fleet } from '../state.ts';
import { oneSector, ownShips } from './choose.ts';
import { freeDockPosition, isProblem, planPlacement } from './placement.ts';
import { yardByRef, yardLabel, yardsOf } from './yards.ts';
import { refuseSecondOfficer } from '../officers/fleet-limit.ts';

/**
 * UTD6.3I5 with UTD7.61 (ISS-A78): a captured ship taken in a sector with a friendly shipyard may
 * be organized into a free dry-dock position there, free of order points (UTD6.3I1), but only when
 * no fleet can take it, unless the campaign voted dry dock optional (`capture.dryDockOptional`).
 */
export function dockCaptured(d: Decider, shipRef: string, yardRef: string | undefined, p: Player): void {
  const state = d.state;
  const ship = state.ships.find((s) => s.id === shipRef.trim().toUpperCase() && s.owner === p.id && s.unorganized);
  if (!ship) {
    const waiting = state.ships.filter((s) => s.owner === p.id && s.unorganized).map((s) => `${s.unitId} (${s.id})`);
    refuse(
      'capture/unknown',
      'UTD6.3I5',
      `\`${shipRef.slice(0, 20)}\` is not a captured ship of yours waiting to be organized.`,
      waiting.length ? `Waiting: ${waiting.join(', ')}.` : undefined,
    );
  }
  const label = sectorLabel(state, ship.sector);
  const yards = yardsOf(state, p.id, d.ctx.catalog, { sector: ship.sector });
  if (yards.length === 0)
    refuse(
      'capture/no-yard',
      'UTD6.3I5',
      `You have no shipyard in ${label}, where the ship was captured.`,
      'Organize it into a fleet or scrap it with `/battle organize`.',
    );
  const optional = (state.settings as Record<string, unknown>)['capture.dryDockOptional'] === true;
  if (!optional) {
    // The captured ship counts with what it carries, pooled with each fleet's fighters and PFs (UTD7.24).
    const plan = planPlacement(state, d.ctx.catalog, p, ship.sector, ship, {
      slot: null,
      preferYard: null,
      reservations: state.pendingBuilds ?? [],
    });
    if (!isProblem(plan) && plan.kind === 'fleet') {
      refuse(
        'dock/fleet-available',
        'UTD7.61',
        `Dry dock is for urgent cases only: ${plan.fleetId ? `fleet ${plan.slot} in ${label} has room` : `fleet slot ${plan.slot} is free`} for it.`,
        'Organize it into that fleet with `/battle organize`.',
      );
    }
  }
  const y = yardRef ? yardByRef(state, p.id, d.ctx.catalog, yardRef, 'UTD6.3I5') : null;
  if (y && y.base.sector !== ship.sector)
    refuse('dock/elsewhere', 'UTD6.3I5', `${yardLabel(state, y)} is not in ${label}.`);
  const reservations = state.pendingBuilds ?? [];
  const choice = (y ? [y] : yards)
    .map((x) => ({ y: x, position: freeDockPosition(state, x, reservations) }))
    .find((x) => x.position !== null);
  if (!choice)
    refuse(
      'dock/full',
      'UTD7.62',
      `Every dry-dock position ${y ? `at ${yardLabel(state, y)}` : `in ${label}`} is taken.`,
      'Organize the ship into a fleet, or scrap it (UTD6.3I3).',
    );
  d.emit({ type: 'CapturedShipDocked', shipId: ship.id, yardId: choice.y.base.id, position: choice.position! });
  continueTurnIfDone(d);
}

/**
 * UTD7.66: one organize order (1 OP, UTD6.33) moves any number of ships in dry dock in one sector,
 * whichever yards they are docked at, into one fleet there (an existing one or a new one).
 */
export function undockShips(d: Decider, list: string, fleetRef: string, p: Player): void {
  const turn = d.state.turn!;
  const state = d.state;
  const ships = ownShips(d, p, list, 'UTD7.66');
  const notDocked = ships.filter((s) => !s.dock);
  if (notDocked.length)
    refuse(
      'dock/not-docked',
      'UTD7.66',
      `Not in dry dock: ${notDocked.map((s) => `${s.unitId} (${s.id})`).join(', ')}.`,
    );
  const sector = oneSector(d, ships, 'UTD7.66');
  const slot = Number(fleetRef.trim().replace(/^fleet\s*/i, ''));
  const existing = state.fleets.find((f) => f.owner === p.id && f.slot === slot);
  let newFleet: Fleet | null = null;
  if (existing) {
    if (existing.sector !== sector)
      refuse(
        'dock/fleet-elsewhere',
        'UTD7.66',
        `Fleet ${slot} is in ${sectorLabel(state, existing.sector)}, not in ${sectorLabel(state, sector)} where the ships are docked.`,
      );
    refuseIfRetreating(d, existing);
  } else {
    const max = maxFleets(state, p);
    if (!Number.isInteger(slot) || slot < 1 || slot > max)
      refuse('fleet/bad-slot', 'UTD7.21', `Fleet slots run from 1 to ${max}.`);
    newFleet = {
      id: `F${state.nextId}`,
      owner: p.id,
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
  // Fighters and PFs aboard the undocked ships pool with the fleet's (UTD7.24).
  refuseOverFleetLimit(
    [...(existing ? state.ships.filter((s) => s.fleetId === existing.id) : []), ...ships],
    d.ctx.catalog,
    fleetLimit(state),
    `Fleet ${slot}`,
  );
  // Officers and options: at most one legendary officer per fleet (UTD7.26A).
  refuseSecondOfficer(
    state,
    existing?.id ?? null,
    ships.map((s) => s.id),
  );
  spend(turn, 1, 'Organizing ships out of dry dock', 'UTD7.66');
  d.emit({
    type: 'ShipsUndocked',
    playerId: p.id,
    shipIds: ships.map((s) => s.id),
    fleetId: existing?.id ?? newFleet!.id,
    newFleet,
    opCost: 1,
  });
}
