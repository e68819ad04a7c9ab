import type { Decider } from '../decider.ts';
import { adjacentSectors } from '../orders.ts';
import type { ForcedRetreatCause } from '../reasons.ts';
import type { Battle } from '../state.ts';
import { openAppealVote } from './appeal.ts';
import { organizeCapturedByDefault } from './captures.ts';
import { hoursFrom, NPE } from './common.ts';
import { DEFAULT_SETTINGS } from '../settings.ts';
import { anschluss } from './npe.ts';
import { explorationClock } from '../exploration-offer.ts';
import { applyResult } from './outcome.ts';
import { remindBattles } from './reminders.ts';
import { remindSessions } from './session.ts';
import { defaultSelections } from './selection.ts';
import { standInClock } from './resignation.ts';

/**
 * Every battle clock that ran out (requirements §6.3; UTD3.42–3.5, 5.431, 7.421), applied once:
 * each consequence moves the battle to a stage whose clock is not yet due.
 */
export function runBattleClocks(d: Decider): void {
  // Paused by vote (pause.ts): the battle clocks wait with the time they had left.
  if (d.state.paused) return;
  const due = (iso: string | null | undefined) => Boolean(iso && new Date(iso) <= d.ctx.now);
  for (const id of d.state.battles.filter((b) => b.status === 'open').map((b) => b.id)) {
    const b = d.state.battles.find((x) => x.id === id)!;
    if (b.status !== 'open') continue;
    if (
      (b.stage === 'awaiting-runner' || (b.stage === 'fleet-selection' && b.npe?.runner)) &&
      due(b.deadlines.runner)
    ) {
      anschluss(d, id, { code: 'no-volunteer' });
    } else if (b.stage === 'fleet-selection' && !b.npe?.runner && due(b.deadlines.selection)) {
      defaultSelections(d, b);
    } else if (b.stage === 'awaiting-contact' && due(b.deadlines.contact)) {
      forcedRetreat(d, b, b.contactBy, { code: 'no-contact' });
    } else if (b.stage === 'awaiting-response' && due(b.deadlines.contact)) {
      // UTD3.43 #1, ISS-A16: the defender may first choose its lane (lane-choice.ts).
      defenderDidNotAnswer(d, b);
    } else if (b.stage === 'awaiting-lane') {
      laneClock(d, b);
    } else if (['in-play', 'negotiating', 'result-proposed'].includes(b.stage) && due(b.deadlines.resolve)) {
      d.emit({
        type: 'BattleStageChanged',
        battleId: id,
        stage: 'stalled',
        deadlines: {},
        reason: { code: 'stalled-four-weeks' },
      });
    } else if (b.stage === 'objection-window' && due(b.deadlines.window)) {
      const p = b.proposals.find((x) => x.status === 'open')!;
      applyResult(d, id, p.result, 'negotiated');
    } else if (b.stage === 'appeal' && due(b.deadlines.window) && !b.appeal?.voteId) {
      openAppealVote(d, id);
    } else if (b.stage === 'awaiting-stand-in') {
      standInClock(d, b);
    }
  }
  const turn = d.state.turn;
  if (turn?.phase === 'captures' && due(turn.capturesDue)) organizeCapturedByDefault(d);
  // UTD5.221–5.224: an unanswered balancing question is answered by the standing instruction.
  if (turn?.phase === 'exploration' && due(turn.explorationOffer?.due)) explorationClock(d);
  remindBattles(d);
  remindSessions(d);
}

/**
 * A side that misses a battle clock is forced to retreat (UTD3.42#1, 3.43#1, 3.42#2): the current
 * player back through the lane it came from, anyone else through a lane rolled at random
 * (ISS-A16). An unresponsive NPE runner means nobody runs the NPE: Anschluss (UTD5.431). Immobile
 * units cannot retreat: the battle then goes on for them as a stalled battle.
 */
export function forcedRetreat(d: Decider, b: Battle, side: string, why: ForcedRetreatCause, chosen?: string): void {
  if (side === NPE) return anschluss(d, b.id, { code: 'runner-forced', why });
  const lanes = adjacentSectors(d.state, b.sector);
  // ISS-A16: a lane the defender chose in time (lane-choice.ts) comes before the entry lane and the roll.
  let to = chosen ?? b.entry[side] ?? null;
  if (!to || !lanes.includes(to)) {
    const [roll] = d.ctx.dice.roll(lanes.length, 1, `forced retreat of ${side} from ${b.sector}: lane`);
    to = lanes[roll! - 1]!;
  }
  const winner = b.sides.find((x) => x !== side)!;
  const immobile = d.state.bases.some((x) => x.owner === side && x.sector === b.sector);
  if (immobile || b.sides.length > 2) {
    const fleetIds = d.state.fleets.filter((f) => f.owner === side && f.sector === b.sector).map((f) => f.id);
    if (fleetIds.length) {
      d.emit({
        type: 'RetreatOrdered',
        retreat: {
          id: `R${d.state.nextId}`,
          playerId: side,
          from: b.sector,
          to,
          fleetIds,
          battleId: b.id,
          cause: 'forced',
          incurredHalfCycle: d.state.halfCycles,
          incurredTurnOf: d.state.turn?.playerId ?? '',
          incurredSeat: d.state.turn?.seat ?? 0,
          moved: false,
          charged: false,
        },
      });
    }
    d.emit({
      type: 'BattleStageChanged',
      battleId: b.id,
      stage: 'stalled',
      deadlines: {},
      reason: { code: 'forced-retreat', why, immobile: Boolean(immobile) },
    });
    return;
  }
  applyResult(
    d,
    b.id,
    { winner, units: {}, retreats: { [side]: to }, provisional: [], planetDamage: 0, note: '' },
    'forced-retreat',
    why,
  );
}

/** ISS-A16: the defender's time to choose its lane. */
export const LANE_CHOICE_HOURS = 24;

/** The side that must answer (UTD3.43 #1): the one that is not making contact. */
export function silentSide(b: Battle): string {
  return b.sides.find((x) => x !== b.contactBy)!;
}

/** The answer clock ran out: the silent defender chooses its lane first, or the lane is rolled now. */
export function defenderDidNotAnswer(d: Decider, b: Battle): void {
  const side = silentSide(b);
  const mode = d.state.settings['battle.defenderNoResponse'] ?? DEFAULT_SETTINGS['battle.defenderNoResponse'];
  const hasFleets = d.state.fleets.some((f) => f.owner === side && f.sector === b.sector);
  if (mode !== 'chooseThenRandom' || side === NPE || !hasFleets)
    return forcedRetreat(d, b, side, { code: 'no-answer' });
  d.emit({
    type: 'BattleStageChanged',
    battleId: b.id,
    stage: 'awaiting-lane',
    // The answer clock is spent; the lane clock replaces it.
    deadlines: { contact: null, window: hoursFrom(d.ctx.now, LANE_CHOICE_HOURS) },
    reason: { code: 'defender-chooses-lane', side },
  });
}

/** The lane-choice clock: when the 24 hours pass, the lane is rolled (ISS-A16). */
export function laneClock(d: Decider, b: Battle): void {
  if (b.deadlines.window && new Date(b.deadlines.window) <= d.ctx.now)
    forcedRetreat(d, b, silentSide(b), { code: 'no-answer' });
}
