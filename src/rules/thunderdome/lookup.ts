import { FLEET_LIMIT, parseMoveClass, type MoveClass } from '../exact/move-class.ts';
import type { CampaignState, Fleet, Player, RetreatObligation, Sector } from './state.ts';

/** Lookups that must succeed (the rules checked existence when the event was decided). */
export function playerById(s: CampaignState, id: string): Player {
  const p = s.players.find((x) => x.id === id);
  if (!p) throw new Error(`no player ${id}`);
  return p;
}

export function sectorByKey(s: CampaignState, key: string): Sector {
  const sector = s.map?.sectors.find((x) => x.key === key);
  if (!sector) throw new Error(`no sector ${key}`);
  return sector;
}

/** The sector holds a developed (active) colony of this player (UTD4.33): free moves, repairs, refits, yards. */
export function hasDevelopedColony(sector: Sector, playerId: string): boolean {
  return sector.colony?.owner === playerId && sector.colony.status === 'active';
}

export function fleetById(s: CampaignState, id: string): Fleet {
  const f = s.fleets.find((x) => x.id === id);
  if (!f) throw new Error(`no fleet ${id}`);
  return f;
}

/** The name players see: the given name, else the map key. */
export function sectorLabel(s: CampaignState, key: string): string {
  const sector = s.map?.sectors.find((x) => x.key === key);
  return sector?.name ?? key;
}

export function activePlayers(s: CampaignState): Player[] {
  return s.players.filter((p) => p.status === 'active');
}

/** A fleet's move-cost limit in sixtieths (UTD7.23, `fleet.maxMc`, default 5 = 300). */
export function fleetLimit(state: CampaignState): MoveClass {
  return parseMoveClass(state.settings['fleet.maxMc']) ?? FLEET_LIMIT;
}

/**
 * P, the number of players, for base order points (UTD6.2) and base fleets (UTD7.21) under
 * `players.countBasis` (ISS-A20): the active players (`current`), or everyone who started the
 * campaign, whoever resigned or was removed since (`initial`). Votes always count the active
 * players (UTD1.7).
 */
export function playerCount(s: CampaignState): number {
  return s.settings['players.countBasis'] === 'initial' ? s.players.length : activePlayers(s).length;
}

/** A sector by key or by given name, ignoring case; undefined when there is none. */
export function findSector(s: CampaignState, ref: string): Sector | undefined {
  const t = ref.trim().toLowerCase();
  return s.map?.sectors.find((x) => x.key.toLowerCase() === t || x.name?.toLowerCase() === t);
}

/**
 * UTD3.2: the player a non-player acts for when they hold exactly one valid proxy; null when the
 * user is a player themselves, holds no proxy, or several (then they must name the player).
 */
export function proxiedPlayer(s: CampaignState, userId: string, now: Date): Player | null {
  if (s.players.some((p) => p.id === userId)) return null;
  const mine = s.players.filter(
    (p) =>
      p.status === 'active' &&
      p.proxies.some((x) => x.userId === userId && (!x.expiresAt || new Date(x.expiresAt) > now)),
  );
  return mine.length === 1 ? mine[0]! : null;
}

/**
 * The retreat obligation a fleet still waits to carry out (UTD6.3G, 7.4665): it stays in the sector
 * it lost until the retreat moves it, and meanwhile takes no other order and holds nothing at step 9.
 */
export function pendingRetreat(s: CampaignState, fleetId: string): RetreatObligation | undefined {
  return s.retreats.find((r) => !r.moved && r.fleetIds.includes(fleetId));
}

/** Enemy units that pin a fleet entering the sector (UTD6.31, 2.3(5)(d), ISS-A48). */
export function enemyPresence(
  state: CampaignState,
  player: string,
  sectorKey: string,
): { fleet: boolean; base: boolean; fort: boolean; npe: boolean } {
  const sector = state.map!.sectors.find((s) => s.key === sectorKey)!;
  return {
    fleet: state.fleets.some((f) => f.sector === sectorKey && f.owner !== player),
    base: state.bases.some((b) => b.sector === sectorKey && b.owner !== player && !b.pending),
    fort: Boolean(sector.fort && sector.fort.owner !== player && sector.fort.status !== 'pending'),
    npe: sector.npe?.status === 'active',
  };
}
