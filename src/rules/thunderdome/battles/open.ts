import { endOfDayAfter } from '../../deadlines.ts';
import { fleetLimit } from '../lookup.ts';
import type { Decider } from '../decider.ts';
import type { Battle, BattleParticipant, Sector } from '../state.ts';
import { hoursFrom, NPE } from './common.ts';
import { battleMcOf } from '../defenses/kinds.ts';
import { afterSelection } from './progress.ts';
import { bindingFleetSystem, judgeFleet } from './fleet-size-limit.ts';

/**
 * Step 8 (UTD2.3(8), UTD4.2, UTD7.42): a battle opens in every sector where hostile units meet:
 * fleets of two players, a fleet and enemy immobile units (defenses, yards, capital), or a fleet and
 * an active NPE. Arrivals by retreat count (UTD7.456, TC-100); three or more sides make one battle
 * (UTD7.457). Returns whether any battle is open, in which case the turn waits (UTD2.3 8b).
 */
export function openBattles(d: Decider): boolean {
  const s = d.state;
  for (const sector of s.map?.sectors ?? []) {
    const sides = sidesIn(d, sector);
    if (sides.length < 2 || s.battles.some((b) => b.sector === sector.key && b.status === 'open')) continue;
    openOne(d, sector, sides);
  }
  const open = d.state.battles.some((b) => b.status === 'open');
  // From step 7 too: a balancing question (exploration-offer.ts) held the turn in phase `exploration`.
  if (open && (d.state.turn?.phase === 'orders' || d.state.turn?.phase === 'exploration'))
    d.emit({ type: 'TurnPhaseChanged', phase: 'battles' });
  return open;
}

/** Who is in the sector: players with fleets or immobile units, then the NPE if it is still active. */
function sidesIn(d: Decider, sector: Sector): string[] {
  const s = d.state;
  const players = new Set<string>();
  for (const f of s.fleets) if (f.sector === sector.key) players.add(f.owner);
  for (const b of s.bases) if (b.sector === sector.key && !b.pending) players.add(b.owner);
  const ordered = [...players].sort((a, b) => seatRank(d, a) - seatRank(d, b));
  // A player's fleets and bases alone are no battle; an NPE fights whoever enters (UTD5.42).
  if (
    sector.npe?.status === 'active' &&
    ordered.some((p) => s.fleets.some((f) => f.owner === p && f.sector === sector.key))
  )
    ordered.push(NPE);
  return ordered;
}

/** The current player first, then by seat (who is "A", who makes contact). */
function seatRank(d: Decider, player: string): number {
  const current = d.state.turn?.playerId;
  if (player === current) return -1;
  return d.state.turnOrder.indexOf(player);
}

function openOne(d: Decider, sector: Sector, sides: string[]): void {
  const s = d.state;
  const now = d.ctx.now;
  const turnPlayer = s.turn?.playerId ?? sides[0]!;
  const id = `K${s.nextId}`;
  const playerSides = sides.filter((x) => x !== NPE);
  const entry: Record<string, string | null> = {};
  for (const p of playerSides) {
    const moved = s.fleets.find(
      (f) =>
        f.owner === p &&
        f.sector === sector.key &&
        f.enteredFrom &&
        f.enteredFrom !== sector.key &&
        f.startSector !== sector.key,
    );
    entry[p] = moved?.enteredFrom ?? null;
  }
  const participants: BattleParticipant[] = sides.map((side) => ({
    side,
    fleetId: null,
    units: [],
    heldOut: [],
    selected: false,
  }));
  // UTD3.5: four weeks to resolve, starting the day after the orders were submitted.
  const resolve = endOfDayAfter(
    now,
    s.settings['deadline.battleResolveDays'] + 1,
    s.settings['deadline.timezone'],
  ).toISOString();
  const battle: Battle = {
    id,
    sector: sector.key,
    sides,
    kind: sides.includes(NPE) ? 'npe' : sides.length > 2 ? 'multi' : 'pvp',
    openedHalfCycle: s.halfCycles,
    openedAt: now.toISOString(),
    turnPlayer,
    contactBy: playerSides.includes(turnPlayer) ? turnPlayer : playerSides[0]!,
    stage: 'fleet-selection',
    status: 'open',
    entry,
    participants,
    setup: null,
    deadlines: {
      selection: hoursFrom(now, s.settings['battle.selectionHours']),
      contact: null,
      resolve,
      runner: null,
      window: null,
    },
    contactedAt: null,
    respondedAt: null,
    sessions: [],
    failures: [],
    extensions: [],
    extensionAsks: [],
    proposals: [],
    npe: sector.npe
      ? {
          empire: sector.npe.empire,
          attackerBpv: null,
          available: null,
          runner: null,
          volunteers: [],
          force: [],
          objections: [],
        }
      : null,
    appeal: null,
    quick: null,
    result: null,
    resolution: null,
    resolvedAt: null,
  };
  d.emit({ type: 'BattleOpened', battle });
  // A side with nothing to choose fights with what it has (UTD7.421).
  for (const side of playerSides) {
    const choice = onlyChoice(d, battle, side);
    if (choice) d.emit({ type: 'BattleFleetChosen', battleId: id, side, ...choice, automatic: true });
  }
  afterSelection(d, id);
}

/** One fleet and no immobile units, or immobile units only that all fit: no choice to make. */
function onlyChoice(
  d: Decider,
  b: Battle,
  side: string,
): { fleetId: string | null; units: string[]; heldOut: string[] } | null {
  const fleets = d.state.fleets.filter((f) => f.owner === side && f.sector === b.sector);
  const bases = d.state.bases.filter((x) => x.owner === side && x.sector === b.sector && !x.pending);
  if (fleets.length > 1) return null;
  const fleet = fleets[0] ?? null;
  const ships = fleet ? d.state.ships.filter((x) => x.fleetId === fleet.id).map((x) => x.id) : [];
  const composed = composeDefendingFleet(
    d,
    ships,
    bases.map((x) => x.id),
  );
  if (composed.choice) return null;
  // Under a binding fleet-size limit (VBSF) a fleet that breaks it is the player's to cut down.
  const limit = bindingFleetSystem(d.state);
  if (limit && !judgeFleet(d.state, d.ctx.catalog, limit, composed.units).ok) return null;
  return { fleetId: fleet?.id ?? null, units: composed.units, heldOut: composed.heldOut };
}

/**
 * UTD7.4233–7.4236: the defender's legal battle fleet from the chosen fleet plus the defenses.
 * Shipyards, the capital and permanent repair freighters join free; the others count their move
 * cost against the limit of 5. `choice` is true when not everything fits, so the player must say
 * what fights (else the default keeps the fleet and adds defenses while they fit).
 */
export function composeDefendingFleet(
  d: Decider,
  shipIds: string[],
  baseIds: string[],
): { units: string[]; heldOut: string[]; choice: boolean } {
  // Defenses count the rule MC of UTD7.4236 (monitor 1/2, small GB 1/5, medium GB 1/3, DefSat 1/5), not the catalog's (defenses/kinds.ts).
  const mc = (id: string) => battleMcOf(d.state, d.ctx.catalog, id);
  const free = baseIds.filter((id) => isFreeJoiner(d, id));
  const counted = [...shipIds, ...baseIds.filter((id) => !free.includes(id))];
  let used = 0;
  const units = [...free];
  const heldOut: string[] = [];
  for (const id of counted) {
    if (used + mc(id) <= fleetLimit(d.state)) {
      used += mc(id);
      units.push(id);
    } else heldOut.push(id);
  }
  return { units, heldOut, choice: heldOut.length > 0 };
}

/** UTD7.4235, UTD4.3372: shipyards, the capital and its permanent repair freighter cost no move class. */
export function isFreeJoiner(d: Decider, baseId: string): boolean {
  const base = d.state.bases.find((x) => x.id === baseId);
  return Boolean(
    base &&
      (base.role === 'shipyard' ||
        base.role === 'capital' ||
        base.role === 'capital-rf' ||
        base.role === 'supporting-rf'),
  );
}
