import {
  CALC_TURN_MODES,
  calcArc,
  calcExplosion,
  calcOrbit,
  calcTurnMode,
  calcWeb,
  type CalcAnswer,
  type CalcTurnMode,
} from '../rules/n3d/calc.ts';
import type { Tac } from '../rules/n3d/turn-modes.ts';
import { guarded, type Outcome } from './errors.ts';

/**
 * `/calc`: the stateless 'n3D calculators (C3.31, D2, D5.2, P8.413, G10). Nothing is stored and nothing needs a
 * campaign; a malformed number or point comes back as a refusal citing its rule.
 */

/** The turn-mode classes `/calc turnmode` offers (C3.31, plus seeking weapons and multi-hex). */
export { CALC_TURN_MODES };
export type { CalcAnswer };

/** One calculation as the command's options give it (option names as in the definition). */
export type CalcRequest =
  | { sub: 'explosion'; strength: number; distance: string; in_web?: boolean }
  | {
      sub: 'turnmode';
      mode: CalcTurnMode;
      speed: string;
      hexes?: number;
      tac?: Tac;
      outstanding_crew?: boolean;
    }
  | { sub: 'arc'; shooter: string; facing: string; target: string }
  | { sub: 'orbit'; distance: string }
  | { sub: 'web'; length: string; from?: string; traditional_strength?: string };

export function calculate(req: CalcRequest): Outcome<CalcAnswer> {
  return guarded(() => {
    switch (req.sub) {
      case 'explosion':
        return calcExplosion({ strength: req.strength, distance: req.distance, inWeb: req.in_web ?? false });
      case 'turnmode':
        return calcTurnMode({
          mode: req.mode,
          speed: req.speed,
          ...(req.hexes !== undefined ? { hexes: req.hexes } : {}),
          tac: req.tac ?? 'none',
          outstandingCrew: req.outstanding_crew ?? false,
        });
      case 'arc':
        return calcArc({ shooter: req.shooter, facing: req.facing, target: req.target });
      case 'orbit':
        return calcOrbit({ distance: req.distance });
      case 'web':
        return calcWeb({
          length: req.length,
          ...(req.from !== undefined ? { from: req.from } : {}),
          ...(req.traditional_strength !== undefined ? { traditionalStrength: req.traditional_strength } : {}),
        });
    }
  });
}
