import { bpv, bpvToString } from '../exact/bpv.ts';
import { loseIfReceivedWithoutBank } from './bank.ts';
import type { Decider } from './decider.ts';
import { pendingRetreat } from './lookup.ts';
import { maxFleets } from './navy-limits.ts';
import type { CampaignState, Sector } from './state.ts';
import type { UnitInfo } from './units.ts';

/**
 * Does any ship of `player`'s fleets that hold `sector` satisfy `test` (catalog flags: minesweeper,
 * troop ship)? A fleet waiting to retreat holds nothing (UTD4.333, 6.3G).
 */
export function playerHasInSector(d: Decider, player: string, sector: string, test: (u: UnitInfo) => boolean): boolean {
  return d.state.ships.some(
    (s) =>
      s.owner === player &&
      s.sector === sector &&
      s.fleetId !== null &&
      !pendingRetreat(d.state, s.fleetId) &&
      test(d.ctx.catalog.get(s.unitId) ?? ({} as UnitInfo)),
  );
}

/**
 * The sides that lost a battle fought in `sector` during the current turn (UTD7.44): whatever
 * they still have there does not hold the sector at step 9.
 */
function losersHere(state: CampaignState, sector: string): Set<string> {
  const turn = state.turn;
  const losers = new Set<string>();
  for (const b of state.battles) {
    if (b.sector !== sector || b.status !== 'resolved' || !b.result || !turn) continue;
    if (b.openedHalfCycle !== state.halfCycles || b.turnPlayer !== turn.playerId) continue;
    for (const side of b.sides) if (side !== b.result.winner) losers.add(side);
  }
  return losers;
}

/**
 * Players who hold the sector after combat (UTD2.3(9), UTD4.333, 4.343, 4.352): a fleet there that
 * is not waiting to retreat (UTD6.3G, 7.4665), of a player who did not lose a battle there this
 * turn. The current player first, then by seat (who acts first at step 9).
 */
function holders(state: CampaignState, sector: string): string[] {
  const losers = losersHere(state, sector);
  const present = new Set(
    state.fleets
      .filter((f) => f.sector === sector && !pendingRetreat(state, f.id) && !losers.has(f.owner))
      .map((f) => f.owner),
  );
  const current = state.turn?.playerId;
  return [...present].sort(
    (a, b) => Number(b === current) - Number(a === current) || state.turnOrder.indexOf(a) - state.turnOrder.indexOf(b),
  );
}

/**
 * Step 9 (UTD2.3(9)): after combat, enemy fleets that hold a sector destroy a fortification with a
 * minesweeper (UTD4.352), capture colonies and mines with a troop ship or destroy them
 * (UTD4.332–4.343) unless a fortification protects them (UTD4.353, ISS-A41), and collect dead
 * drops (UTD6.3D).
 */
export function developmentStep(d: Decider): void {
  for (const sector of d.state.map?.sectors ?? []) {
    const present = holders(d.state, sector.key);
    if (present.length === 0) continue;
    fortStep(d, sector, present);
    for (const kind of ['colony', 'mine'] as const)
      colonyOrMineStep(d, d.state.map!.sectors.find((s) => s.key === sector.key)!, kind, present);
    deadDropStep(d, sector.key, present);
  }
}

function fortStep(d: Decider, sector: Sector, present: string[]): void {
  const fort = sector.fort;
  if (!fort || fort.status === 'pending') return;
  const sweeper = present.find((p) => p !== fort.owner && playerHasInSector(d, p, sector.key, (u) => u.isMinesweeper));
  if (!sweeper) return;
  d.emit({ type: 'FortDestroyed', sector: sector.key, owner: fort.owner, by: sweeper });
  // ISS-A41: what the fort protected can fall only if the same player stays until its next own turn.
  for (const kind of ['colony', 'mine'] as const) {
    const dev = sector[kind];
    if (dev && dev.owner === fort.owner && dev.status === 'active') {
      d.emit({
        type: 'DevelopmentExposed',
        sector: sector.key,
        kind,
        to: sweeper,
        fromHalfCycle: d.state.halfCycles + 1,
      });
    }
  }
}

function colonyOrMineStep(d: Decider, sector: Sector, kind: 'colony' | 'mine', present: string[]): void {
  const dev = sector[kind];
  if (dev?.status !== 'active') return;
  if (sector.fort && sector.fort.owner === dev.owner && sector.fort.status !== 'pending') return;
  let occupier: string | undefined;
  if (dev.exposedTo) {
    const turnOf = d.state.turn?.playerId;
    if (
      turnOf !== dev.exposedTo.player ||
      d.state.halfCycles < dev.exposedTo.fromHalfCycle ||
      !present.includes(turnOf)
    )
      return;
    occupier = turnOf;
  } else if (d.state.settings['development.resolution'] === 'occupierTurnOnly') {
    // ISS-A41 alternative: a colony or mine falls only at step 9 of the occupier's own turn.
    const turnOf = d.state.turn?.playerId;
    occupier = turnOf !== undefined && turnOf !== dev.owner && present.includes(turnOf) ? turnOf : undefined;
  } else {
    occupier = present.find((p) => p !== dev.owner);
  }
  if (!occupier) return;
  if (playerHasInSector(d, occupier, sector.key, (u) => u.isTroopShip)) {
    d.emit({ type: 'DevelopmentCaptured', sector: sector.key, kind, from: dev.owner, to: occupier });
    // `ownership.captureTransfersSector` (ISS-A40): off by default, the capturer claims the sector
    // as usual at a later step 1 (UTD4.13); on, the capture also transfers it, unless another
    // player's fortification blocks a change of owner (UTD4.353).
    const blocked = sector.fort && sector.fort.owner !== occupier && sector.fort.status !== 'pending';
    if (d.state.settings['ownership.captureTransfersSector'] && sector.owner !== occupier && !blocked)
      d.emit({ type: 'SectorClaimed', sector: sector.key, playerId: occupier, from: sector.owner });
  } else {
    d.emit({ type: 'DevelopmentDestroyed', sector: sector.key, kind, owner: dev.owner, by: occupier });
  }
}

/** UTD6.3D: the first enemy fleet to hold the sector after combat takes the containers and derelicts. */
function deadDropStep(d: Decider, sectorKey: string, present: string[]): void {
  const sector = d.state.map!.sectors.find((s) => s.key === sectorKey)!;
  for (const collector of present) {
    const theirs = sector.containers.filter((c) => c.by !== collector);
    if (theirs.length > 0) {
      const amount = theirs.reduce((sum, c) => sum.add(c.value), bpv(0));
      d.emit({
        type: 'ContainersCollected',
        sector: sectorKey,
        by: collector,
        amount: bpvToString(amount),
        count: theirs.length,
      });
      loseIfReceivedWithoutBank(d, collector);
      break;
    }
  }
  // Ships in dry dock (UTD7.6) and captured ships awaiting organization are not derelicts.
  const derelicts = d.state.ships.filter(
    (s) => s.sector === sectorKey && s.fleetId === null && !s.dock && !s.unorganized,
  );
  for (const collector of present) {
    const theirs = derelicts.filter((s) => s.owner !== collector).map((s) => s.id);
    if (theirs.length === 0) continue;
    const p = d.state.players.find((x) => x.id === collector)!;
    const used = new Set(d.state.fleets.filter((f) => f.owner === collector).map((f) => f.slot));
    const slot = Array.from({ length: maxFleets(d.state, p) }, (_, i) => i + 1).find((n) => !used.has(n));
    if (slot === undefined) break;
    const id = `F${d.state.nextId}`;
    d.emit({
      type: 'DerelictsCaptured',
      sector: sectorKey,
      by: collector,
      shipIds: theirs,
      nextId: d.state.nextId + 1,
      fleet: {
        id,
        owner: collector,
        slot,
        sector: sectorKey,
        startSector: null,
        pinned: false,
        establishing: false,
        trapped: null,
        releasedFromHalfCycle: null,
        claimSector: null,
      },
    });
    break;
  }
}
