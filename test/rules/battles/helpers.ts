import type { ResultInput } from '../../../src/rules/thunderdome/battles/negotiation.ts';
import { type Game, startedGame } from '../td3/harness.ts';

/** Makes a sector explored with a given type and no terrain, without rolling (test surgery). */
export function explored(g: Game, key: string, type: 'life' | 'mineral' | 'dead', owner: string | null = null): void {
  g.patch((s) => {
    const sector = s.map!.sectors.find((x) => x.key === key)!;
    Object.assign(sector, { type, terrain: [], overlays: [], exploredBy: owner ?? 'p1', owner });
  });
}

/** Puts all of a player's fleet-1 ships in a sector (test surgery). */
export function placeFleet(g: Game, owner: string, slot: number, sector: string): void {
  g.patch((s) => {
    const f = s.fleets.find((x) => x.owner === owner && x.slot === slot)!;
    f.sector = sector;
    f.startSector = sector;
    for (const ship of s.ships) if (ship.fleetId === f.id) ship.sector = sector;
  });
}

export function result(partial: Partial<ResultInput> & { winner: string }): ResultInput {
  return {
    destroyed: [],
    crippled: [],
    wrecked: [],
    captured: [],
    retreat: null,
    provisional: [],
    planetDamage: 0,
    note: '',
    ...partial,
  };
}

export function shipsOf(g: Game, owner: string, unitId?: string): string[] {
  return g.state.ships.filter((s) => s.owner === owner && (!unitId || s.unitId === unitId)).map((s) => s.id);
}

/**
 * p2's fleet 1 waits in A (explored, dead); p1 moves fleet 1 from H1 to A and ends the turn:
 * battle K… opens in A between p1 (attacker, position A) and p2, with both fleets chosen.
 */
export function battleInA(ships: Record<string, string[]> = {}): { g: Game; battle: string } {
  const g = startedGame(ships);
  explored(g, 'A', 'dead');
  placeFleet(g, 'p2', 1, 'A');
  g.do('p1', { type: 'move', fleet: '1', to: 'A' });
  g.do('p1', { type: 'end-turn' });
  const b = g.state.battles.find((x) => x.status === 'open')!;
  return { g, battle: b.id };
}
