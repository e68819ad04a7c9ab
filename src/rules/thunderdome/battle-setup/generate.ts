import type { DiceSource } from '../../dice.ts';
import { refuse } from '../../errors.ts';
import { bodiesOf, componentsOf, overlayName, placeTerrain } from './terrain-placement.ts';
import type { PlacedTerrain } from './terrain-placement.ts';
import { assignRing, planRing, startRing, twoSideStarts } from './start-areas.ts';
import type { PositionRoll, Side, StartArea } from './start-areas.ts';
import { colocated, placeWarpPoints } from './warp-points.ts';
import type { Lane, WarpPoint } from './warp-points.ts';
import { formatHex } from './hex.ts';

export interface BattleSetupInput {
  sector: {
    key: string;
    label: string;
    terrain: string[];
    overlays: string[];
    /** A home sector: its Class-M planet is fixed at 3030, no roll (UTD4.321, ISS-A69). */
    home?: boolean;
  };
  /** One warp point per lane out of the sector (UTD7.4552x): the neighbour sector key and its display label. */
  lanes: Lane[];
  /** Participants, in order. With 2 sides: sides[0] is the current player (position A) unless randomPositions. */
  sides: Side[];
  /** UTD7.4561: nobody in the battle is the current player -> roll who takes A and who takes B. */
  randomPositions: boolean;
  /** Side ids that may NOT disengage because an enemy fortification is present (UTD7.4622). */
  cannotDisengage: string[];
  /** UTD7.45713: a participant of a 3+ side battle demanded terrain deletion. */
  deleteTerrain?: boolean;
}

/** JSON-serialisable; stored in the campaign state with the battle. */
export interface BattleSetup {
  weaponStatus: 'WS-III';
  starts: StartArea[];
  /** The UTD7.4561 roll for A/B, when the battle is on another player's turn. */
  positionRoll: PositionRoll | null;
  /** With 3+ sides: the ring spread (UTD7.45711–2); null with 2 sides. */
  ring: { excluded: string[]; fair: boolean; adjusted: boolean; minGap: number } | null;
  terrain: PlacedTerrain[];
  /** SFBOL overlay files to load (UTD7.45512#2). */
  overlays: string[];
  warpPoints: WarpPoint[];
  disengagement: { fromTurn: 4; fromImpulse: 1; blocked: string[] };
  terrainDeleted: boolean;
  notes: string[];
}

/**
 * UTD7.45713: the terrain of a 3+ side battle may be deleted on demand, except when its only
 * terrain is a planet, gas giant or small moon (all placed round the centre of the map).
 */
export function terrainDeletionRefusal(
  input: Pick<BattleSetupInput, 'sector' | 'sides'>,
): { code: string; message: string } | null {
  if (input.sides.length < 3)
    return {
      code: 'BATTLE_TERRAIN_DELETE_TWO_SIDES',
      message: 'Terrain can be deleted only in a battle of three or more players.',
    };
  const kinds = componentsOf(input.sector.terrain).map((c) => c.kind);
  if (kinds.length === 0 && input.sector.overlays.length === 0)
    return { code: 'BATTLE_TERRAIN_DELETE_NONE', message: `${input.sector.label} has no terrain to delete.` };
  const central = new Set(['class-m-planet', 'gas-giant', 'small-moon']);
  if (input.sector.overlays.length === 0 && kinds.every((k) => central.has(k))) {
    return {
      code: 'BATTLE_TERRAIN_DELETE_CENTRAL',
      message: `The only terrain of ${input.sector.label} is a planet, gas giant or small moon in the centre of the map; it cannot be deleted.`,
    };
  }
  return null;
}

function checkInput(input: BattleSetupInput): void {
  const ids = input.sides.map((s) => s.id);
  if (ids.length < 2) throw new RangeError('a battle needs at least two sides');
  if (new Set(ids).size !== ids.length) throw new RangeError(`duplicate side in ${ids.join(', ')}`);
  for (const id of input.cannotDisengage)
    if (!ids.includes(id)) throw new RangeError(`cannotDisengage names ${id}, who is not in the battle`);
}

/**
 * Rolls the setup of one battle (UTD7.45). Roll order: terrain (UTD7.45512#1), warp points in
 * lane order, then the A/B roll (UTD7.4561) or the ring assignment (UTD7.45711). Each die goes
 * through `dice` with its purpose, so the published card can be checked roll by roll.
 */
export function generateBattleSetup(input: BattleSetupInput, dice: DiceSource): BattleSetup {
  checkInput(input);
  const deleted = input.deleteTerrain === true;
  if (deleted) {
    const no = terrainDeletionRefusal(input);
    if (no) refuse(no.code, 'UTD7.45713', no.message);
  }
  const notes: string[] = [];
  const terrain = deleted
    ? []
    : placeTerrain({ terrain: input.sector.terrain, home: input.sector.home === true }, dice);
  const overlays = deleted
    ? []
    : [
        ...new Set([
          ...terrain.flatMap((t) => (t.placement === 'overlay' ? [t.overlay] : [])),
          ...input.sector.overlays,
        ]),
      ];
  const bodies = bodiesOf(terrain);
  const warpPoints = placeWarpPoints(input.lanes, bodies, dice);

  let starts: StartArea[];
  let positionRoll: PositionRoll | null = null;
  let ring: BattleSetup['ring'] = null;
  if (input.sides.length === 2) {
    const two = twoSideStarts([input.sides[0]!, input.sides[1]!], input.randomPositions, dice);
    starts = two.starts;
    positionRoll = two.roll;
  } else {
    const plan = planRing(input.sides.length, bodies);
    const hexes = startRing();
    starts = assignRing(input.sides, plan, dice);
    ring = {
      excluded: plan.excluded.map((i) => formatHex(hexes[i]!)),
      fair: plan.fair,
      adjusted: plan.adjusted,
      minGap: plan.minGap,
    };
    if (!plan.fair) {
      notes.push(
        'No fair start: too few ring hexes are clear of terrain (UTD7.45712). Any participant may demand that the terrain be deleted for this battle (UTD7.45713).',
      );
    } else if (plan.adjusted) {
      notes.push(
        `Start hexes moved off the even spread to avoid terrain (UTD7.45712); participants may agree other hexes, or demand terrain deletion (UTD7.45713).`,
      );
    }
  }

  if (deleted)
    notes.push(`Terrain deleted for this battle only (UTD7.45713); ${input.sector.label} keeps it for later battles.`);
  for (const t of terrain) {
    if (t.placement === 'fills-map')
      notes.push(`${t.name} fills the whole map${t.note ? ` (${t.note})` : ''} (UTD7.45515).`);
    if (t.placement === 'gas-giant') {
      const off = t.moons.filter((m) => m.hex === null).length;
      if (off)
        notes.push(
          `${off === 1 ? 'One' : off} of the gas giant's small moons ${off === 1 ? 'falls' : 'fall'} off the map (UTD7.45514).`,
        );
    }
  }
  for (const o of overlays)
    notes.push(
      `Load the SFBOL ${overlayName(o)} overlay (UTD7.45512#2); move a warp point or start hex off its solid terrain by hand (UTD7.45532).`,
    );
  for (const c of colocated(warpPoints))
    notes.push(
      `Warp points to ${c.labels.join(' and ')} share hex ${c.hex}; announce which one you leave by (UTD7.45522, 7.463).`,
    );
  if (input.lanes.length === 0) notes.push('The sector has no warp lanes: nobody can disengage (UTD7.46).');

  return {
    weaponStatus: 'WS-III',
    starts,
    positionRoll,
    ring,
    terrain,
    overlays,
    warpPoints,
    disengagement: { fromTurn: 4, fromImpulse: 1, blocked: [...input.cannotDisengage] },
    terrainDeleted: deleted,
    notes,
  };
}
