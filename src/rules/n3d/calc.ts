import { refuse } from '../errors.ts';
import { arcSummary, type RrReading } from './arcs.ts';
import { explosionDamageAtKm } from './explosion.ts';
import { ORBIT_MAX_KM, orbitYawRateDegrees } from './orbit.ts';
import { orientation, type Orientation } from './orientation.ts';
import { rangeBetween } from './range.ts';
import { TURN_MODE_CLASSES, type TurnModeClass } from './tables.ts';
import { tacLimit, turnModeLimit, type Tac, type TurnMode } from './turn-modes.ts';
import {
  formatDegrees,
  formatHexes,
  formatHexes4,
  parseDecimal,
  parseDegrees,
  parseHexes,
  signedAngle,
} from './units.ts';
import type { Vec3 } from './vector.ts';
import { webLayCost, webStrength } from './web.ts';

/**
 * The stateless `/calc` answers (digest P-B2), as text. Pure: the command only reads Discord
 * options, calls one of these and posts the lines; bad input is refused with the rule cited.
 */
export interface CalcAnswer {
  title: string;
  lines: string[];
}

function hexes(text: string, what: string, rule: string): number {
  const km = parseHexes(text);
  if (km === null) refuse('n3d/bad-number', rule, `${what} must be a number of hexes, like 1.25 (got "${text}").`);
  return km;
}

/** "x, y, z" or "x y z" in hexes → km. */
export function parsePoint(text: string, what: string): Vec3 {
  const parts = text
    .trim()
    .split(/[\s,;]+/)
    .filter(Boolean);
  const km = parts.map((p) => parseHexes(p));
  if (km.length !== 3 || km.some((k) => k === null))
    refuse(
      'n3d/bad-point',
      'C1.12',
      `${what} must be three numbers x, y, z in hexes (x north, y up, z west), like "3, 0, -1.5" (got "${text}").`,
    );
  return { x: km[0]!, y: km[1]!, z: km[2]! };
}

/** "pitch, yaw, roll" in degrees. */
export function parseFacing(text: string, what: string): Orientation {
  const parts = text
    .trim()
    .split(/[\s,;]+/)
    .filter(Boolean);
  const deg = parts.map((p) => parseDegrees(p));
  if (deg.length !== 3 || deg.some((d) => d === null))
    refuse(
      'n3d/bad-facing',
      'C1.21',
      `${what} must be three angles pitch, yaw, roll in degrees (yaw + = left), like "0, 90, 0" (got "${text}").`,
    );
  return orientation(deg[0]!, deg[1]!, deg[2]!);
}

export function calcExplosion(input: { strength: number; distance: string; inWeb?: boolean }): CalcAnswer {
  const km = hexes(input.distance, 'The distance', 'D5.2');
  const hit = explosionDamageAtKm(input.strength, km, input.inWeb ?? false);
  const lines = [
    `Distance ${formatHexes4(Math.abs(km))} hexes: strength ${hit.strength} ÷ ${formatHexes(Math.abs(km))}² = **${hit.damage}** damage (fractions dropped).`,
  ];
  if (input.inWeb)
    lines.unshift(
      `In a web: strength ${input.strength} − ${hit.webReduction} (one per whole 0.1 hex, G10.72) = ${hit.strength}.`,
    );
  if (km === 0) lines.push('At distance 0 the victim is treated as 1 km away.');
  return { title: `💥 Explosion of strength ${input.strength} (D5.2)`, lines };
}

export type CalcTurnMode = TurnModeClass | 'seeking' | 'multi-hex';
export const CALC_TURN_MODES: readonly CalcTurnMode[] = [...TURN_MODE_CLASSES, 'seeking', 'multi-hex'];

export function calcTurnMode(input: {
  mode: CalcTurnMode;
  speed: string;
  hexes?: number;
  tac?: Tac;
  outstandingCrew?: boolean;
}): CalcAnswer {
  const speed = hexes(input.speed, 'The speed', 'C3.31');
  if (speed < 0) refuse('n3d/bad-speed', 'C3.31', 'Speed cannot be negative.');
  let mode: TurnMode;
  if (input.mode === 'seeking') mode = { kind: 'seeking' };
  else if (input.mode === 'multi-hex') {
    if (input.hexes === undefined || !Number.isInteger(input.hexes) || input.hexes < 0)
      refuse(
        'n3d/bad-turn-mode',
        'C3.31',
        'A multi-hex turn mode needs the number of hexes T (a whole number, 0 or more).',
      );
    mode = { kind: 'multi-hex', hexes: input.hexes };
  } else mode = { kind: 'class', class: input.mode };
  const limit = turnModeLimit(mode, speed);
  const tac = input.tac ?? 'none';
  const lines = [
    `Turn mode ${input.mode === 'multi-hex' ? `${input.hexes} hexes` : input.mode} at speed ${formatHexes(speed)}: **${formatDegrees(limit)}°** per impulse on each of pitch, yaw and roll.`,
  ];
  if (input.mode === 'multi-hex')
    lines.push(
      `(The printed formula 60 ÷ (T+1) ÷ (S÷32) would give ${formatDegrees(turnModeLimit(mode, speed, 'literal'))}°; the bot uses 60 × (S÷32) ÷ (T+1), digest N4.)`,
    );
  if (tac !== 'none') {
    const t = tacLimit(tac, input.outstandingCrew ?? false);
    lines.push(
      `With ${tac === 'both' ? 'sub-light and warp' : tac} tactical maneuvers: up to ${formatDegrees(t)}° (C5), so the limit is **${formatDegrees(Math.max(limit, t))}°**.`,
    );
  }
  lines.push('The floor is 1.5° (C3.31, the zero-energy turn C5.13).');
  return { title: '↪️ Turn limit (C3.31)', lines };
}

export function calcArc(input: { shooter: string; facing: string; target: string; rr?: RrReading }): CalcAnswer {
  const from = parsePoint(input.shooter, 'The shooter position');
  const facing = parseFacing(input.facing, 'The shooter facing');
  const to = parsePoint(input.target, 'The target position');
  const r = rangeBetween(from, to);
  const s = arcSummary(facing, from, to, input.rr ?? 'recommended');
  return {
    title: '🎯 Firing arc (D2)',
    lines: [
      `Distance ${formatHexes4(r.distanceKm)} hexes → range **${r.range}**${r.sameHex ? ' (same hex, D1.4)' : ''}.`,
      `Bearing ${formatDegrees(s.arcBearing)}° (+ = starboard), relative pitch ${formatDegrees(s.relPitch)}° (relative yaw ${formatDegrees(signedAngle(s.relYaw))}°, + = left).`,
      `Yaw arcs: ${s.yawArcs.length ? s.yawArcs.join(', ') : 'none'}.`,
      `Pitch mounts: ${s.mounts.length ? s.mounts.join(', ') : 'none'}.`,
      `Mauler (±15°): ${s.mauler ? 'yes' : 'no'} · plasma swivel (pitch within ±60°): ${s.swivel ? 'yes' : 'no'}.`,
    ],
  };
}

export function calcOrbit(input: { distance: string }): CalcAnswer {
  const km = hexes(input.distance, 'The distance', 'P8.413');
  if (km <= 0) refuse('n3d/orbit-range', 'P8.413', 'The distance to the body must be more than 0.');
  const rec = orbitYawRateDegrees(km);
  const lit = orbitYawRateDegrees(km, 'literal');
  return {
    title: '🪐 Standard orbit (P8)',
    lines: [
      `At ${formatHexes4(km)} hexes: speed 1 and yaw **${rec.toFixed(4)}°** per impulse (5.625 ÷ (π × range)); body on the right: −${rec.toFixed(4)}°.`,
      `(The formula as printed, 5.625 ÷ range × π, would give ${lit.toFixed(4)}°, ten times too fast: digest N5.)`,
      km > ORBIT_MAX_KM
        ? '⚠️ Orbit can only be established within 3 hexes (P8.41).'
        : 'Within 3 hexes: orbit may be established (P8.41).',
    ],
  };
}

export function calcWeb(input: { length: string; from?: string; traditionalStrength?: string }): CalcAnswer {
  const to = hexes(input.length, 'The web length', 'G10.211');
  const from = input.from === undefined ? 0 : hexes(input.from, 'The previous length', 'G10.211');
  if (to < 0 || from < 0) refuse('n3d/web-length', 'G10.211', 'Web lengths cannot be negative.');
  const lines = [
    `Laying from ${formatHexes(from)} to ${formatHexes(to)} hexes costs **${webLayCost(from, to)}** energy (6 per hex, G10.211).`,
  ];
  if (input.traditionalStrength !== undefined) {
    const t = parseDecimal(input.traditionalStrength);
    if (!t || t.isNeg())
      refuse(
        'n3d/bad-number',
        'G10.3',
        `The traditional strength must be a number, 0 or more (got "${input.traditionalStrength}").`,
      );
    lines.push(
      `Traditional strength ${t.toFixed()} → 'n3D strength **${formatHexes(webStrength(t.toFixed()))}** (× 4, at most 35; G10.3).`,
    );
  }
  return { title: '🕸️ Tholian web (G10)', lines };
}
