import { overlayName } from './terrain-placement.ts';
import type { PlacedTerrain } from './terrain-placement.ts';
import type { BattleSetup, BattleSetupInput } from './generate.ts';
import type { WarpPoint } from './warp-points.ts';

/**
 * The battle card as Discord markdown (SETUP_ROLLED): weapon status, map, start areas, every
 * terrain and warp point with the dice that placed it, the disengagement rule and the notes.
 * Kept under Discord's limits with room to spare; when a big setup would not fit, the dice are
 * left out first (they stay in the roll log), then the notes are cut.
 */
export const CARD_TEXT_LIMIT = 1800;

/** Escapes the characters Discord reads as markdown in a name. */
export function md(text: string): string {
  return text.replace(/[\\*_~`|>]/g, (c) => `\\${c}`);
}

const dice = (xs: readonly number[]) => `[${xs.join('+')}]`;

function terrainLine(t: PlacedTerrain, withDice: boolean): string {
  const d = (xs: readonly number[]) => (withDice ? ` ${dice(xs)}` : '');
  switch (t.placement) {
    case 'fixed':
      return `• ${t.name} **${t.hex}** (fixed, UTD4.321)`;
    case 'point':
      return `• ${t.name} **${t.hex}**: dir ${t.direction}${d([t.dice.direction])}, ${t.distance} from 3030${d(t.dice.distance)}`;
    case 'gas-giant': {
      const moons = t.moons.map(
        (m) =>
          `${m.hex ?? 'off map'}${withDice ? ` (${m.direction}${d([m.dice.direction])}, ${m.distance}${d(m.dice.distance)} from ${m.edgeHex})` : ''}`,
      );
      return (
        `• ${t.name}: centre **${t.hex}** dir ${t.direction}${d([t.dice.direction])}, ${t.distance} from 3030${d(t.dice.distance)}; ` +
        `diameter **${t.diameter}**${d(t.dice.diameter)}; ${t.moons.length} small moon${t.moons.length === 1 ? '' : 's'}${d([t.dice.moons])}: ${moons.join(', ')}`
      );
    }
    case 'comet':
      return `• Comet nucleus **${t.hex}**, tail in direction ${t.tailDirection} to ${t.tailEnd}`;
    case 'fills-map':
      return `• ${t.name} fills the map${t.note ? ` (${t.note})` : ''}`;
    case 'overlay':
      return `• ${t.name}: SFBOL overlay`;
  }
}

function warpLine(w: WarpPoint, withDice: boolean): string {
  let line = `• → **${md(w.label)}**: **${w.hex}**`;
  if (withDice) {
    // The last three dice are the roll that stood; earlier ones were re-rolled.
    const kept = w.dice.slice(-3);
    line += ` · dir ${w.direction} [${kept[0]}], ${w.distance} [${kept[1]}+${kept[2]}]`;
  }
  if (w.shiftedBy) line += `, moved ${w.shiftedBy} past ${w.shiftedPast.join(', ')}`;
  if (w.rerolls) line += `; re-rolled ${w.rerolls}×${withDice ? ` ${dice(w.dice.slice(0, -3))}` : ''}`;
  return line;
}

/** Notes the terrain lines already say (map-filling terrain, moons off the map) are not repeated. */
function notListedAbove(note: string): boolean {
  return !/\(UTD7\.4551[45]\)\.$/.test(note);
}

function build(setup: BattleSetup, input: BattleSetupInput, withDice: boolean, noteCount: number): string {
  const label = new Map(input.sides.map((s) => [s.id, md(s.label)]));
  const lines: string[] = [];
  lines.push(`**Battle setup: ${md(input.sector.label)}** (UTD7.45)`);
  lines.push(`Weapon status **${setup.weaponStatus}** (UTD7.452) · 60×60 map, death barrier at the edge (UTD7.454)`);
  lines.push('');
  lines.push(`**Start areas** (set up within ${setup.starts[0]?.radius ?? 3} hexes)`);
  for (const s of setup.starts)
    lines.push(`• **${s.position}** ${label.get(s.sideId) ?? md(s.sideId)}: around **${s.hex}**`);
  if (setup.positionRoll)
    lines.push(
      `Not the current player's battle: 1D6 = ${setup.positionRoll.die} → ${label.get(setup.positionRoll.sideA)} is A (UTD7.4561)`,
    );
  if (setup.ring) {
    const n = setup.ring.excluded.length;
    const ex = n ? `; excluded by terrain: ${n} ring hex${n === 1 ? '' : 'es'}` : '';
    lines.push(`Ring of range 15 round 3030, hexes by roll (UTD7.45711)${ex}`);
  }
  lines.push('');
  lines.push('**Terrain** (UTD7.4551)');
  if (setup.terrainDeleted) lines.push('• Deleted for this battle (UTD7.45713)');
  else if (setup.terrain.length === 0) lines.push('• None');
  for (const t of setup.terrain) lines.push(terrainLine(t, withDice));
  for (const o of setup.overlays)
    if (!setup.terrain.some((t) => t.placement === 'overlay' && t.overlay === o))
      lines.push(`• ${overlayName(o)}: SFBOL overlay`);
  lines.push('');
  lines.push(`**Warp points** (UTD7.4552: dir 1D6, 2D6 hexes from 3030)`);
  if (setup.warpPoints.length === 0) lines.push('• None');
  for (const w of setup.warpPoints) lines.push(warpLine(w, withDice));
  lines.push('');
  const blocked = setup.disengagement.blocked.map((id) => label.get(id) ?? md(id));
  lines.push(
    `**Disengagement** only through a warp point, from Turn ${setup.disengagement.fromTurn} Impulse ${setup.disengagement.fromImpulse} (UTD7.46, 7.461)` +
      (blocked.length ? `. Cannot disengage (enemy fortification, UTD7.4622): ${blocked.join(', ')}` : ''),
  );
  const notes = setup.notes.filter(notListedAbove).slice(0, noteCount);
  if (notes.length) {
    lines.push('**Notes**');
    for (const n of notes) lines.push(`• ${md(n)}`);
  }
  const hidden = setup.notes.filter(notListedAbove).length - notes.length;
  if (hidden > 0) lines.push(`… ${hidden} more note(s) on the battle image`);
  return lines.join('\n');
}

/** Discord-friendly markdown of a rolled setup, under CARD_TEXT_LIMIT characters. */
export function battleCardText(setup: BattleSetup, input: BattleSetupInput): string {
  for (const withDice of [true, false]) {
    for (let n = setup.notes.filter(notListedAbove).length; n >= 0; n--) {
      const text = build(setup, input, withDice, n);
      if (text.length < CARD_TEXT_LIMIT) return text;
      if (withDice) break;
    }
  }
  const text = build(setup, input, false, 0);
  return text.length < CARD_TEXT_LIMIT ? text : `${text.slice(0, CARD_TEXT_LIMIT - 2)}…`;
}
