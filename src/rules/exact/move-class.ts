/**
 * Move class (MC) and shipyard capacity are exact rationals. The rules print 0.33, 0.67 and
 * 4/3, yet six FFs of "0.33" must make exactly 2 (UTD6.3722). We count in whole sixtieths:
 * 1/3 = 20, 1/2 = 30, 2/3 = 40, 1 = 60, the fleet limit of 5 = 300 (requirements §0.2).
 */
export type MoveClass = number & { readonly __unit: 'sixtieths' };

export const SIXTIETHS = 60;

export function mc(sixtieths: number): MoveClass {
  if (!Number.isInteger(sixtieths)) throw new Error(`move class must be whole sixtieths, got ${sixtieths}`);
  return sixtieths as MoveClass;
}

export const FLEET_LIMIT = mc(300);

/** Accepts `1/3`, `0.33`, `.333`, `1`, `1.5`, `4/3`; null unless within ±0.006 of a multiple of 1/60. */
export function parseMoveClass(text: string): MoveClass | null {
  const t = text.trim();
  let value: number;
  const fraction = /^(\d+)\s*\/\s*(\d+)$/.exec(t);
  if (fraction) {
    const num = Number(fraction[1]);
    const den = Number(fraction[2]);
    if (den === 0) return null;
    // Exact path for true fractions: only accept if num*60/den is whole.
    if ((num * SIXTIETHS) % den === 0) return mc((num * SIXTIETHS) / den);
    value = num / den;
  } else if (/^\d*\.?\d+$/.test(t)) {
    value = Number(t);
  } else {
    return null;
  }
  const nearest = Math.round(value * SIXTIETHS);
  if (Math.abs(value - nearest / SIXTIETHS) > 0.006) return null;
  return mc(nearest);
}

/** Human form: whole numbers as "2", common fractions as "1/3", others as "4/3". */
export function formatMoveClass(value: MoveClass): string {
  if (value % SIXTIETHS === 0) return String(value / SIXTIETHS);
  const g = gcd(value, SIXTIETHS);
  return `${value / g}/${SIXTIETHS / g}`;
}

function gcd(a: number, b: number): number {
  return b === 0 ? Math.abs(a) : gcd(b, a % b);
}
