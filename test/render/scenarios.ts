import { seededDie } from '../../src/rules/prng.ts';
import { EMPIRES } from '../../src/rules/thunderdome/empires.ts';
import { generateMap } from '../../src/rules/thunderdome/map/generate.ts';
import type { MapSpec } from '../../src/rules/thunderdome/map/types.ts';
import type { Battle, CampaignState, Development, Sector } from '../../src/rules/thunderdome/state.ts';
import { Game, startedGame, who } from '../rules/td3/harness.ts';

/** Campaign states for the image tests, played through the real rules with a little surgery. */

const dev = (owner: string, status: Development['status'] = 'active'): Development => ({
  owner,
  status,
  fleetId: null,
  orderedHalfCycle: 2,
  exposedTo: null,
});

function sectorOf(s: CampaignState, key: string): Sector {
  return s.map!.sectors.find((x) => x.key === key)!;
}

/**
 * The three-player test map in mid-game: explored sectors of every type, colonies, a mine, an
 * ordered fort, a development being removed, a shipyard, an NPE, fleets of several owners in
 * one sector and an open battle, named sectors (one long, one with an emoji).
 */
export function richGame(): Game {
  const g = startedGame();
  g.do('p1', { type: 'move', fleet: '1', to: 'A' });
  g.patch((s) => {
    s.name = 'Thunderdome III — Autumn League';
    s.players.find((p) => p.id === 'p1')!.name = 'Alice';
    s.players.find((p) => p.id === 'p2')!.name = 'Bob the Bold';
    s.players.find((p) => p.id === 'p3')!.name = 'Chen 🚀';
    Object.assign(sectorOf(s, 'A'), {
      type: 'life',
      owner: 'p1',
      name: 'Aldebaran',
      nameStatus: 'named',
      colony: dev('p1'),
      fort: dev('p1', 'pending'),
    });
    Object.assign(sectorOf(s, 'B'), { type: 'mineral', owner: 'p1', mine: dev('p1') });
    Object.assign(sectorOf(s, 'C'), {
      type: 'dead',
      owner: 'p2',
      name: 'Cygnus Reach of the Far Drift',
      nameStatus: 'named',
    });
    Object.assign(sectorOf(s, 'D'), {
      type: 'life',
      owner: 'p2',
      colony: dev('p2', 'pending-removal'),
      mine: dev('p2', 'pending'),
    });
    Object.assign(sectorOf(s, 'E'), {
      type: 'mineral',
      owner: null,
      npe: { empire: 'romulan', status: 'active' },
      name: 'Eridani ✨',
      nameStatus: 'named',
    });
    Object.assign(sectorOf(s, 'X'), { type: 'life', owner: null });
    // Terrain as exploration leaves it (UTD5.3; E keeps its NPE's planet, UTD5.41): every glyph
    // kind of a composite, a `‡` overlay, a point hazard.
    const terrain: Record<string, [string[], string[]]> = {
      A: [['nebula-class-m'], []],
      B: [['radiation-zone'], ['asteroid-field']],
      C: [['black-hole'], []],
      D: [['gas-giant-moons'], []],
      E: [['class-m-planet'], []],
      X: [['comet'], []],
    };
    for (const [key, [t, o]] of Object.entries(terrain)) Object.assign(sectorOf(s, key), { terrain: t, overlays: o });
    // p2 and p3 fleets meet p1 in X: an open battle there.
    for (const f of s.fleets.filter((x) => x.owner !== 'p1')) f.sector = 'X';
    s.fleets.push({ ...s.fleets.find((f) => f.owner === 'p2')!, id: 'F990', slot: 2, sector: 'X' });
    s.fleets.push({ ...s.fleets.find((f) => f.owner === 'p1')!, id: 'F991', slot: 2, sector: 'X' });
    s.battles.push({
      id: 'BT1',
      sector: 'X',
      sides: ['p1', 'p2', 'p3'],
      openedHalfCycle: s.halfCycles,
      status: 'open',
    } as Battle);
    s.bases.push({
      id: 'B990',
      owner: 'p1',
      unitId: 'NEU-SY2',
      sector: 'A',
      role: 'shipyard',
      bpv: '0',
      pending: true,
    });
    s.turn!.deadline = '2026-03-11T15:00:00.000Z';
  });
  return g;
}

/** A map spec from the generator. */
export function generated(players: number, seed: number, sectorsPerPlayer?: number): MapSpec {
  return generateMap({
    players,
    rng: seededDie(seed * 1009 + players),
    ...(sectorsPerPlayer ? { sectorsPerPlayer } : {}),
  }).map;
}

export function withoutCoordinates(map: MapSpec): MapSpec {
  return { ...map, sectors: map.sectors.map(({ x: _x, y: _y, ...rest }) => rest) };
}

/**
 * An active campaign of `players` players on a generated map, each with fleet 1 (a CA and an FF)
 * at home; some sectors around the homes are owned, so the map shows every player's colour.
 */
export function bigGame(players: number, seed = 1, map: MapSpec = generated(players, seed)): Game {
  const g = new Game();
  g.do(who('u1'), {
    type: 'create',
    name: `Big ${players}`,
    campaignId: `big-${players}-${seed}`,
    guildId: 'g',
    channelId: 'ch',
    seedCommitment: 'h',
  });
  const ids = Array.from({ length: players }, (_, i) => `u${i + 1}`);
  ids.forEach((id, i) => g.do(id, { type: 'join', empire: EMPIRES[i]!.key }));
  g.do('u1', { type: 'map-import', json: JSON.stringify(map) });
  for (const id of ids) g.do(id, { type: 'map-approve' });
  g.dice(...ids.map((_, i) => 999 - i * 37)).do('u1', { type: 'start' });
  for (const [i, id] of ids.entries()) {
    const code = EMPIRES[i]!.code;
    for (const unit of [`${code}-CA`, `${code}-FF`]) g.do(id, { type: 'setup-buy', unitId: unit, fleetSlot: 1 });
  }
  for (const id of ids) {
    const p = g.state.players.find((x) => x.id === id)!;
    if (p.defenseAllowance !== '0') g.do(id, { type: 'setup-defender', unitId: 'NEU-MON' });
    g.do(id, { type: 'setup-ready', ready: true });
  }
  g.patch((s) => {
    // Each player owns the sectors next to their home.
    for (const p of s.players) {
      const home = p.homeSector!;
      for (const [a, b] of s.map!.lanes) {
        const other = a === home ? b : b === home ? a : null;
        if (other) Object.assign(sectorOf(s, other), { type: 'life', owner: p.id, colony: dev(p.id) });
      }
    }
  });
  return g;
}

/** richGame plus a varied navy for p1: two fleets, every ship condition, flags, bases in two sectors. */
export function navyGame(): Game {
  const g = richGame();
  g.patch((s) => {
    const f1 = s.fleets.find((f) => f.owner === 'p1' && f.slot === 1)!;
    const f2 = s.fleets.find((f) => f.owner === 'p1' && f.slot === 2)!;
    f2.pinned = true;
    const base = s.ships.find((x) => x.owner === 'p1')!;
    const add = (id: string, unitId: string, fleetId: string, sector: string, extra: Partial<typeof base> = {}) =>
      s.ships.push({
        ...base,
        id,
        unitId,
        fleetId,
        sector,
        crippled: false,
        wrecked: false,
        d94Used: false,
        captured: false,
        uninspected: false,
        ...extra,
      });
    add('S901', 'LYR-DN', f2.id, f2.sector, { crippled: true, d94Used: true });
    add('S902', 'LYR-FF', f2.id, f2.sector, { wrecked: true });
    add('S903', 'LYR-DD', f2.id, f2.sector, { uninspected: true });
    add('S904', 'NEU-F-L', f1.id, f1.sector);
  });
  return g;
}
