import type { Band } from './percentile.ts';
import { lookupBand } from './percentile.ts';

/**
 * Special Damage Table (Outline of Tactical Play step 9, before repairs; digest C.2.6). Rolled
 * secretly, 00–99, every turn a ship has lost more than 20% of its original PU, and after every
 * CapTac hit whatever the damage. `effect` is the source's wording (assets/tables/sfw/sfw_special_damage.csv).
 */
export const SPECIAL_DAMAGE_RULE = 'SFW Special Damage Table';

export type SpecialDamageCode =
  | 'none'
  | 'sensors'
  | 'of-minus-2'
  | 'pw-launchers-destroyed'
  | 'speed-minus-2'
  | 'no-attack-craft-launch'
  | 'cids-minus-2-rolls'
  | 'laser-dynamo'
  | 'df-minus-2'
  | 'stardrive-crippled'
  | 'reactors-critical';

export interface SpecialDamageResult {
  readonly code: SpecialDamageCode;
  readonly effect: string;
  /** Factors (OF, DF, speed) or CIDS rolls taken away; 0 when the effect is not a count. */
  readonly size: number;
  /**
   * Turns the effect lasts, counted from the turn after the roll; null = until repaired, for the
   * rest of the battle, or permanent. Sensors (83–85) give no duration: the rest of the battle (W13).
   * 86 says "until repaired" while its example says "for three turns" (W2): see `SpecialDamageOptions`.
   */
  readonly turns: number | null;
}

const row = (
  from: number,
  to: number,
  code: SpecialDamageCode,
  effect: string,
  size: number,
  turns: number | null,
): Band<SpecialDamageResult> => ({
  from,
  to,
  value: { code, effect, size, turns },
});

export const SPECIAL_DAMAGE_TABLE: readonly Band<SpecialDamageResult>[] = [
  row(0, 82, 'none', 'No additional damage', 0, null),
  row(
    83,
    85,
    'sensors',
    'Main sensors damaged: auxiliary sensors, max 36 inch range; may not fire beyond sensor range',
    0,
    null,
  ),
  row(86, 86, 'of-minus-2', 'Calculated Offensive Factors -2', 2, null),
  row(87, 87, 'pw-launchers-destroyed', 'Particle weapon launchers destroyed; no PW launches', 0, null),
  row(88, 89, 'speed-minus-2', 'Engines damaged: calculated speed -2', 2, null),
  row(90, 91, 'no-attack-craft-launch', 'Lose attack craft launch and recovery', 0, 4),
  row(92, 93, 'cids-minus-2-rolls', 'CIDS damaged: lose two die rolls', 2, null),
  row(94, 94, 'laser-dynamo', 'Laser dynamo hit: no Offensive Factors (CIDS and PW still fire)', 0, 2),
  row(95, 96, 'df-minus-2', 'Shields buckle: calculated Defensive Factors -2', 2, 4),
  row(97, 98, 'stardrive-crippled', 'Stardrive crippled: no FTL', 0, null),
  row(99, 99, 'reactors-critical', 'Reactors go critical: ship destroyed', 0, null),
];

export interface SpecialDamageOptions {
  /** Variant W2 (`sfw.ofPenaltyTurns`): give roll 86 a duration (the example's 3 turns) instead of "until repaired". */
  readonly ofPenaltyTurns?: number;
}

export function specialDamageFor(roll: number, options: SpecialDamageOptions = {}): SpecialDamageResult {
  const result = lookupBand(SPECIAL_DAMAGE_TABLE, roll, SPECIAL_DAMAGE_RULE);
  if (result.code === 'of-minus-2' && options.ofPenaltyTurns !== undefined)
    return { ...result, turns: options.ofPenaltyTurns };
  return result;
}

/**
 * "When a ship has lost more than 20% of its power units" (strictly more, W5; also for fortresses,
 * whose count is LSS damage over LSS PU). Integer test: 5·damage > max. INVINCIBLE: 48 no, 49 yes.
 */
export function specialDamageRequired(maxPU: number, damage: number): boolean {
  return 5 * damage > maxPU;
}
