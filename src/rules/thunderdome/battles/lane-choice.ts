import { refuse } from '../../errors.ts';
import type { Decider } from '../decider.ts';
import { adjacentSectors } from '../orders.ts';
import { forcedRetreat, silentSide } from './clock.ts';
import { openBattle } from './common.ts';
import { mySide } from './negotiation.ts';

/**
 * The defender who does not answer (UTD3.43 #1) is forced to retreat, but the rule gives no lane
 * (ISS-A16): under `battle.defenderNoResponse = chooseThenRandom` it has 24 hours to choose one
 * of the sector's lanes (`/battle lane`), and only then is a lane rolled; under `random` the lane
 * is rolled at once (the clock side is `defenderDidNotAnswer` and `laneClock` in clock.ts).
 * Readings: docs/rules-notes.md "The defender who does not answer".
 */

/** `/battle lane`: the defender who did not answer names the lane its fleets retreat through (ISS-A16). */
export function chooseLane(d: Decider, ref: string, to: string): void {
  const b = openBattle(d.state, ref);
  const side = mySide(d, b);
  if (b.stage !== 'awaiting-lane' || side !== silentSide(b))
    refuse(
      'battle/no-lane-choice',
      'ISS-A16',
      `Nobody in battle ${b.id} is choosing a retreat lane: only a defender who did not answer in time does (UTD3.43 #1).`,
    );
  const lanes = adjacentSectors(d.state, b.sector);
  const key = to.trim().toUpperCase();
  const lane = lanes.find((x) => x.toUpperCase() === key);
  if (!lane)
    refuse(
      'battle/not-a-lane',
      'ISS-A16',
      `There is no warp lane from ${b.sector} to \`${to.slice(0, 20)}\`.`,
      `Lanes out: ${lanes.join(', ')}.`,
    );
  forcedRetreat(d, b, side, { code: 'no-answer' }, lane);
}
