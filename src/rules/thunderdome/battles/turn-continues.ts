import type { Decider } from '../decider.ts';
import { hoursFrom } from './common.ts';
import { releaseDepartedForces } from './departed.ts';

/**
 * UTD2.3 8b: when the last battle of the turn is resolved the turn goes on. Captured ships must
 * be organized first, during record keeping (UTD6.3I2), so the turn waits for that too.
 */
export function continueTurnIfDone(d: Decider): void {
  // UTD3.91: the forces of a resigned player that a battle held leave once it is over.
  releaseDepartedForces(d);
  const turn = d.state.turn;
  if (!turn || (turn.phase !== 'battles' && turn.phase !== 'captures')) return;
  if (d.state.battles.some((b) => b.status === 'open')) return;
  if (d.state.ships.some((s) => s.unorganized)) {
    if (turn.phase !== 'captures') {
      d.emit({
        type: 'TurnPhaseChanged',
        phase: 'captures',
        due: hoursFrom(d.ctx.now, d.state.settings['battle.capturedOrganizeHours']),
      });
    }
    return;
  }
  d.hooks.finishTurn(d, turn.forfeited);
}
