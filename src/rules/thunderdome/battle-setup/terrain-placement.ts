import type { DiceSource } from '../../dice.ts';
import { SUNSPOT_NOTE, TERRAIN } from '../exploration/tables.ts';
import type { OverlayId, TerrainComponent, TerrainComponentKind, TerrainId } from '../exploration/tables.ts';
import { CENTRE, CENTRE_HEX, directionOf, euclid, formatHex, hexesWithin, move, onMap, parseHex } from './hex.ts';
import type { Direction, Hex } from './hex.ts';

/**
 * Terrain placement for one battle (UTD7.4551x). Every component of every terrain of the sector
 * is placed by the rule its table entry names (exploration/tables.ts `Placement`); composite
 * terrains place each component by its own rule (ISS-A70). Hexes are SFB numbers.
 */

export type PointKind = 'class-m-planet' | 'small-moon' | 'black-hole' | 'pulsar';

export interface PointDice {
  direction: number;
  distance: number[];
}

export interface GasGiantMoon {
  /** Null when the moon lands off the map ("the gas giant has many more moons, but they are off map"). */
  hex: string | null;
  direction: Direction;
  /** Hexes beyond the gas giant's edge hex in `direction`. */
  distance: number;
  /** The last hex of the gas giant in `direction`, from which the distance is counted. */
  edgeHex: string;
  dice: PointDice;
}

export type PlacedTerrain =
  /** The home sector's Class-M planet: always hex 3030, no roll (UTD4.321, ISS-A69). */
  | { placement: 'fixed'; kind: 'class-m-planet'; name: string; hex: string; rule: 'UTD4.321' }
  | {
      placement: 'point';
      kind: PointKind;
      name: string;
      hex: string;
      direction: Direction;
      distance: number;
      dice: PointDice;
      rule: 'UTD7.45513';
    }
  | {
      placement: 'gas-giant';
      kind: 'gas-giant';
      name: string;
      /** The centre hex. */
      hex: string;
      direction: Direction;
      distance: number;
      /** In hexes; the giant covers the hexes whose centres lie inside this circle (see `gasGiantHexes`). */
      diameter: number;
      moons: GasGiantMoon[];
      dice: PointDice & { diameter: number[]; moons: number };
      rule: 'UTD7.45514';
    }
  | {
      placement: 'comet';
      kind: 'comet';
      name: string;
      hex: string;
      tailDirection: 'B';
      tailEnd: string;
      rule: 'UTD7.45516';
    }
  | { placement: 'fills-map'; kind: TerrainComponentKind; name: string; note: string | null; rule: 'UTD7.45515' }
  | { placement: 'overlay'; kind: TerrainComponentKind; name: string; overlay: OverlayId; rule: 'UTD7.45512#2' };

export const COMET_NUCLEUS = '1050';

/** The display name of an SFBOL overlay id (the overlay ids are terrain ids). */
export function overlayName(overlay: string): string {
  return TERRAIN[overlay as TerrainId]?.name ?? overlay;
}

/** Rounding slack: neighbouring centres are exactly 1 apart, which floating point can put at 0.9999…. */
const EPS = 1e-9;

function inGiant(h: Hex, centre: Hex, diameter: number): boolean {
  return euclid(h, centre) < diameter / 2 - EPS;
}

/**
 * The hexes of a gas giant: those whose centres lie strictly inside the circle of `diameter` hexes
 * round its centre hex. A 2D6 diameter is a length, and only odd diameters fit a hex disc exactly;
 * the circle reading gives every even diameter its own size too (2 → 1 hex, 3 → 7, 4 → 13, 7 → 43).
 */
export function gasGiantHexes(centre: Hex, diameter: number): Hex[] {
  return hexesWithin(centre, Math.ceil(diameter / 2)).filter((h) => inGiant(h, centre, diameter));
}

/** The last hex of the gas giant reached going out from its centre in `dir`. */
export function gasGiantEdge(centre: Hex, diameter: number, dir: Direction): Hex {
  let h = centre;
  while (inGiant(move(h, dir), centre, diameter)) h = move(h, dir);
  return h;
}

/** The comet's tail: every hex from the nucleus in direction B up to the map edge (nucleus excluded). */
export function cometTail(): Hex[] {
  const out: Hex[] = [];
  for (let h = move(parseHex(COMET_NUCLEUS), 'B'); onMap(h); h = move(h, 'B')) out.push(h);
  return out;
}

/** A terrain body that occupies hexes: what warp points and start hexes must keep clear of. */
export interface Body {
  name: string;
  kind: TerrainComponentKind;
  hexes: Hex[];
  /** Can destroy a fleet (black hole, pulsar): start hexes keep 5 hexes away (UTD7.45712). */
  dangerous: boolean;
}

/**
 * The bodies of the placed terrain. UTD7.45531 names sun, planet, black hole, pulsar, small moon
 * and anything impassable or needing a survival roll; the comet's nucleus is a solid body too
 * (its tail is not: it is a region ships fly through). Overlay terrain is not known hex by hex.
 */
export function bodiesOf(terrain: readonly PlacedTerrain[]): Body[] {
  const out: Body[] = [];
  for (const t of terrain) {
    switch (t.placement) {
      case 'fixed':
      case 'point':
        out.push({
          name: t.name,
          kind: t.kind,
          hexes: [parseHex(t.hex)],
          dangerous: t.kind === 'black-hole' || t.kind === 'pulsar',
        });
        break;
      case 'gas-giant':
        out.push({ name: t.name, kind: t.kind, hexes: gasGiantHexes(parseHex(t.hex), t.diameter), dangerous: false });
        t.moons.forEach((m, i) => {
          if (m.hex !== null)
            out.push({
              name: `small moon ${i + 1} of the gas giant`,
              kind: 'small-moon',
              hexes: [parseHex(m.hex)],
              dangerous: false,
            });
        });
        break;
      case 'comet':
        out.push({ name: 'comet nucleus', kind: 'comet', hexes: [parseHex(t.hex)], dangerous: false });
        break;
      case 'fills-map':
      case 'overlay':
        break;
    }
  }
  return out;
}

/** Names each component so that several of the same kind stay apart in the roll purposes. */
function labelled(components: TerrainComponent[]): { c: TerrainComponent; label: string }[] {
  const counts = new Map<string, number>();
  for (const c of components) counts.set(c.name, (counts.get(c.name) ?? 0) + 1);
  const seen = new Map<string, number>();
  return components.map((c) => {
    const n = (seen.get(c.name) ?? 0) + 1;
    seen.set(c.name, n);
    return { c, label: (counts.get(c.name) ?? 0) > 1 ? `${c.name} ${n}` : c.name };
  });
}

function rollDirection(dice: DiceSource, purpose: string): { die: number; dir: Direction } {
  const die = dice.roll(6, 1, `${purpose}: direction (1D6, 1=A … 6=F)`)[0]!;
  return { die, dir: directionOf(die) };
}

const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);

export interface TerrainPlacementInput {
  terrain: readonly string[];
  /** A home sector: its Class-M planet is fixed at 3030 (UTD4.321). */
  home: boolean;
}

/** The terrain components of a sector, in table order; throws on an id the tables do not know. */
export function componentsOf(terrain: readonly string[]): TerrainComponent[] {
  return terrain.flatMap((id) => {
    const info = TERRAIN[id as TerrainId];
    if (!info) throw new RangeError(`unknown terrain "${id}"`);
    return [...info.components];
  });
}

/** Rolls the placement of every terrain component of the sector (UTD7.4551x), in order. */
export function placeTerrain(input: TerrainPlacementInput, dice: DiceSource): PlacedTerrain[] {
  const out: PlacedTerrain[] = [];
  let homePlanetPlaced = !input.home;
  for (const { c, label } of labelled(componentsOf(input.terrain))) {
    const p = c.placement;
    switch (p.kind) {
      case 'point': {
        if (c.kind === 'class-m-planet' && !homePlanetPlaced) {
          homePlanetPlaced = true;
          out.push({
            placement: 'fixed',
            kind: 'class-m-planet',
            name: 'Home Class-M planet',
            hex: CENTRE_HEX,
            rule: 'UTD4.321',
          });
          break;
        }
        const { die, dir } = rollDirection(dice, label);
        const dist = dice.roll(6, 1, `${label}: distance from 3030 (1D6)`);
        out.push({
          placement: 'point',
          kind: c.kind as PointKind,
          name: c.name,
          hex: formatHex(move(CENTRE, dir, sum(dist))),
          direction: dir,
          distance: sum(dist),
          dice: { direction: die, distance: dist },
          rule: 'UTD7.45513',
        });
        break;
      }
      case 'gas-giant': {
        const { die, dir } = rollDirection(dice, `${label}: centre`);
        const dist = dice.roll(6, 3, `${label}: centre distance from 3030 (3D6)`);
        const centre = move(CENTRE, dir, sum(dist));
        const diam = dice.roll(6, 2, `${label}: diameter (2D6)`);
        const count = dice.roll(4, 1, `${label}: number of small moons (1D4)`)[0]!;
        const moons: GasGiantMoon[] = [];
        for (let i = 1; i <= count; i++) {
          const m = rollDirection(dice, `${label}: small moon ${i}`);
          const md = dice.roll(6, 4, `${label}: small moon ${i} distance from the edge (4D6)`);
          const edge = gasGiantEdge(centre, sum(diam), m.dir);
          const at = move(edge, m.dir, sum(md));
          moons.push({
            hex: onMap(at) ? formatHex(at) : null,
            direction: m.dir,
            distance: sum(md),
            edgeHex: formatHex(edge),
            dice: { direction: m.die, distance: md },
          });
        }
        out.push({
          placement: 'gas-giant',
          kind: 'gas-giant',
          name: c.name,
          hex: formatHex(centre),
          direction: dir,
          distance: sum(dist),
          diameter: sum(diam),
          moons,
          dice: { direction: die, distance: dist, diameter: diam, moons: count },
          rule: 'UTD7.45514',
        });
        break;
      }
      case 'comet': {
        const tail = cometTail();
        out.push({
          placement: 'comet',
          kind: 'comet',
          name: c.name,
          hex: COMET_NUCLEUS,
          tailDirection: 'B',
          tailEnd: formatHex(tail[tail.length - 1]!),
          rule: 'UTD7.45516',
        });
        break;
      }
      case 'fills-map':
        out.push({
          placement: 'fills-map',
          kind: c.kind,
          name: c.name,
          note: c.kind === 'sunspot-activity' ? SUNSPOT_NOTE : null,
          rule: 'UTD7.45515',
        });
        break;
      case 'overlay':
        out.push({ placement: 'overlay', kind: c.kind, name: c.name, overlay: p.overlay, rule: 'UTD7.45512#2' });
        break;
    }
  }
  return out;
}
