import { refuse } from '../errors.ts';
import { RULE } from './rules.ts';

/** One side of a counter: attack, defence and fighter/PF factors. */
export interface FactorSide {
  attack: number;
  defense: number;
  fighters: number;
}

export interface UnitFactors {
  uncrippled: FactorSide;
  /** Absent for units with no crippled side (convoys, FRDs): they are destroyed when damaged. */
  crippled: FactorSide | null;
}

/** The digest's recommended pattern for `A-D(F)/CA-CD(CF)` (§A.2.14). */
const FACTORS = /^(\d+)(?:-(\d+))?(?:\((\d+(?:\.\d+)?)\))?(?:\/(\d+)(?:-(\d+))?(?:\((\d+(?:\.\d+)?)\))?)?$/;

/**
 * Reads an F&E factor string. D defaults to A and F to 0 on each side ("if this is missing then use
 * the Attack Factor number"; "if this is missing, then it is zero"). Spaces are ignored.
 * Fractional fighter factors match the pattern but are refused: the engine is exact and integer,
 * and every fighter factor is a whole damage-absorbing unit in allocation.
 */
export function parseFactors(text: string): UnitFactors {
  const compact = text.replace(/\s+/g, '');
  const m = FACTORS.exec(compact);
  if (!m) {
    refuse(
      'sidcors/bad-factors',
      RULE.factors,
      `\`${text.slice(0, 40)}\` is not a factor string of the form A-D(F)/CA-CD(CF).`,
      'Examples: `8`, `8-8/4-4`, `10-10(6)/5-5(3)`, `0-6` (a convoy with no crippled side).',
    );
  }
  const whole = (cell: string | undefined, fallback: number): number => {
    if (cell === undefined) return fallback;
    if (cell.includes('.')) {
      refuse(
        'sidcors/fractional-factor',
        RULE.factors,
        `\`${text.slice(0, 40)}\` has a fractional fighter factor (${cell}); the engine counts whole fighter factors only.`,
        'Round the fighter factor to a whole number in the unit data.',
      );
    }
    return Number(cell);
  };
  const attack = whole(m[1], 0);
  const uncrippled: FactorSide = { attack, defense: whole(m[2], attack), fighters: whole(m[3], 0) };
  let crippled: FactorSide | null = null;
  if (m[4] !== undefined) {
    const cAttack = whole(m[4], 0);
    crippled = { attack: cAttack, defense: whole(m[5], cAttack), fighters: whole(m[6], 0) };
  }
  // A zero defence would make a damage step that resolves nothing, so allocation could never finish.
  if (uncrippled.defense === 0 || (crippled !== null && crippled.defense === 0)) {
    refuse(
      'sidcors/zero-defense',
      RULE.factors,
      `\`${text.slice(0, 40)}\` gives a defence factor of 0; every unit needs a defence factor of at least 1.`,
      'Write the defence factor explicitly, for example `0-4` for an unarmed unit with defence 4.',
    );
  }
  return { uncrippled, crippled };
}

/** Writes factors back in the canonical long form, for logs and round reports. */
export function formatFactors(f: UnitFactors): string {
  const one = (s: FactorSide): string => `${s.attack}-${s.defense}${s.fighters > 0 ? `(${s.fighters})` : ''}`;
  return f.crippled === null ? one(f.uncrippled) : `${one(f.uncrippled)}/${one(f.crippled)}`;
}
