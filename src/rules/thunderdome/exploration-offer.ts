import { refuse } from '../errors.ts';
import { openBattles } from './battles/open.ts';
import type { Decider } from './decider.ts';
import { emitExplored, explorationStep, offerExplorationChoice, standingInstruction } from './exploration-step.ts';
import { resumeExploration } from './exploration/index.ts';
import { refuseWhilePaused } from './pause.ts';
import type { ExplorationOffer, ExplorationReply, Player } from './state.ts';

export { EXPLORATION_ANSWERS, type ExplorationReply } from './state.ts';

/**
 * Exploration balancing asked at the roll (UTD5.221–5.224, TC-032). exploration-step.ts stops an
 * exploration where the explorer has a decision and records the question (ExplorationChoiceOffered,
 * phase `exploration`); this answers it, from the explorer (a button or `/sector choose`) or, when
 * its clock runs out, from the standing instruction of `/sector balancing`, then lets the turn go on:
 * the other unknown sectors of step 7, then the battles of step 8 or steps 9–12.
 */

/** The explorer answers the open question (`offer`: the id a button carries, so an old button is refused). */
export function answerExploration(d: Decider, answer: ExplorationReply, offerId: number | undefined, p: Player): void {
  refuseWhilePaused(d.state);
  const offer = d.state.turn?.explorationOffer;
  if (d.state.status !== 'active' || d.state.turn?.phase !== 'exploration' || !offer)
    refuse('explore/no-question', 'UTD5.22', 'No exploration is waiting for a balancing choice.');
  const sector = sectorLabel(d, offer.sector);
  if (offerId !== undefined && offerId !== offer.id)
    refuse(
      'explore/stale-question',
      'UTD5.22',
      'That question was already answered; the buttons of an older message no longer count.',
      `The open question is about ${sector}: see the latest message, or use \`/sector choose\`.`,
    );
  if (offer.playerId !== p.id) {
    const name = d.state.players.find((x) => x.id === offer.playerId)?.name ?? 'another player';
    refuse(
      'explore/not-yours',
      'UTD5.22',
      `The balancing choice for ${sector} is ${name}'s: they explored it (UTD5.221–5.224).`,
    );
  }
  const q = offer.pending.question;
  if (!(q.options as readonly string[]).includes(answer))
    refuse(
      'explore/bad-answer',
      q.rule,
      q.kind === 'free-choice'
        ? `"${answer}" is not an answer here: you may choose a life or a mineral sector, or roll (UTD5.224).`
        : `"${answer}" is not an answer here: the ${q.rolled} roll may be kept or changed to ${q.options.filter((o) => o !== 'keep').join(' or ')} (${q.rule}).`,
      `Answer one of: ${q.options.join(', ')}.`,
    );
  resolve(d, offer, answer, 'player');
}

/** The question's clock ran out (run with the battle clocks): the standing instruction answers. */
export function explorationClock(d: Decider): void {
  const offer = d.state.turn?.explorationOffer;
  if (d.state.turn?.phase !== 'exploration' || !offer || new Date(offer.due) > d.ctx.now) return;
  const explorer = d.state.players.find((p) => p.id === offer.playerId);
  if (explorer?.status !== 'active') return withdrawExplorationOffer(d, offer.playerId);
  const mode = explorer.exploreBalancing;
  const q = offer.pending.question;
  const standing = standingInstruction(mode, offer.pending.input.allowed);
  if (q.kind === 'free-choice') {
    if (typeof standing === 'object') return resolve(d, offer, standing.choose as ExplorationReply, 'deadline');
    // Roll, and let the instruction settle what the roll allows, without asking again.
    const pending = { ...offer.pending, input: { ...offer.pending.input, balancing: standing } };
    return resolve(d, { ...offer, pending }, 'roll', 'deadline');
  }
  const want = typeof standing === 'object' ? standing.choose : standing;
  resolve(d, offer, (q.options as readonly string[]).includes(want) ? (want as ExplorationReply) : 'keep', 'deadline');
}

/**
 * UTD3.91: the explorer left the campaign (resigned, conceded) with the question open. Their fleet
 * left with them, so nothing ended its movement there for them and the sector stays unexplored (the
 * type die already rolled, if any, stays in the record); the turn goes on.
 */
export function withdrawExplorationOffer(d: Decider, playerId: string): void {
  const offer = d.state.turn?.explorationOffer;
  if (d.state.turn?.phase !== 'exploration' || !offer || offer.playerId !== playerId) return;
  d.emit({ type: 'ExplorationChoiceWithdrawn', offerId: offer.id, playerId, sector: offer.sector });
  goOn(d);
}

function resolve(d: Decider, offer: ExplorationOffer, answer: ExplorationReply, by: 'player' | 'deadline'): void {
  d.emit({
    type: 'ExplorationChoiceMade',
    offerId: offer.id,
    playerId: offer.playerId,
    sector: offer.sector,
    answer,
    by,
  });
  const r = resumeExploration(offer.pending, answer, d.ctx.dice);
  if (!r.ok) refuse(r.error.code, r.error.rule, r.error.message, r.error.hint);
  if (r.value.status === 'needs-choice') {
    // UTD5.224 declined: the die was rolled and may now be changed (UTD5.221/5.222).
    offerExplorationChoice(d, offer.playerId, offer.sector, offer.fleetId, r.value.pending);
    return;
  }
  emitExplored(d, offer.sector, offer.playerId, offer.fleetId, r.value.result);
  goOn(d);
}

/** The rest of step 7, then step 8 (battles) or steps 9–12, as the turn would have gone on (turn.ts). */
function goOn(d: Decider): void {
  const turn = d.state.turn!;
  if (explorationStep(d, turn.playerId)) return;
  if (openBattles(d)) return;
  d.hooks.finishTurn(d, turn.forfeited);
}

function sectorLabel(d: Decider, key: string): string {
  return d.state.map?.sectors.find((s) => s.key === key)?.name ?? key;
}
