import { z } from 'zod';
import type { DiceSource, RollRecord } from '../dice.ts';
import { refuse } from '../errors.ts';
import { jsonDifferences } from '../json-diff.ts';
import { openVoteOnSubject } from './amend-state.ts';
import { cycleLabel } from './calendar.ts';
import type { CorrectionChange } from './correction-events.ts';
import type { Decider, RevertHistory } from './decider.ts';

export type { RevertHistory };
import type { CampaignEvent, StoredEvent } from './events.ts';
import type { OrderTable } from './order-spec.ts';
import type { CampaignState, DrawnRoll, Vote } from './state.ts';
import { openVote } from './vote-open.ts';

/**
 * Revert within the cycle by consent (UTD1.7; docs/rules-notes.md "Corrections by consent"). A
 * mistyped order or a wrong click need not be permanent: any player may propose returning the
 * campaign to its state just before an event of the current cycle. Every player whose actions it
 * would undo must agree (a unanimous reaction vote of just those players, within the vote window);
 * then `CycleReverted` restores that state. The log keeps the reverted events (the state lists the
 * reverted spans); replay honours the revert because the event carries the state it returns to.
 *
 * A revert never buys a re-roll: the dice come from the committed seed and each event's sequence
 * number, which never goes back, and the rolls the revert undoes stay drawn: the same roll asked
 * again (same purpose, same dice) within the cycle gets the same results (`drawnDice`, `DiceRedrawn`). Votes are
 * the players' decisions, not actions: a revert keeps them, and refuses a span in which a vote
 * passed (its effect is amended by vote instead).
 */
export type RevertCommand = { type: 'revert-propose'; event: number };

/** Events that record votes, not actions: a revert keeps them and no one's consent is asked for them. */
const VOTE_RECORDS: ReadonlySet<CampaignEvent['type']> = new Set([
  'VoteOpened',
  'VoteMessageAttached',
  'BallotCast',
  'VoteClosed',
  'VoteWithdrawn',
  'RevertProposed',
  'RevertFailed',
  'AmendmentProposed',
  'AmendmentFailed',
  'CatalogAmendmentProposed',
  'CatalogAmendmentFailed',
]);

type RevertVote = Vote & { payload: Extract<Vote['payload'], { kind: 'revert' }> };

export function openRevert(state: CampaignState): RevertVote | undefined {
  return state.votes.find((v): v is RevertVote => v.status === 'open' && v.payload.kind === 'revert');
}

/** The first event the app loads history from for this command (the app's seam, src/ruleset.ts `historyFrom`). */
export function revertHistoryFrom(state: CampaignState | null, command: { type: string }): number | null {
  if (command.type === 'revert-propose') return (command as RevertCommand).event;
  // Whichever command may close the consent vote is decided with its history.
  if (state && (command.type === 'ballot' || command.type === 'ballot-sync' || command.type === 'vote-close-due'))
    return openRevert(state)?.payload.toSeq ?? null;
  return null;
}

function history(d: Decider, toSeq: number): RevertHistory | null {
  const h = d.ctx.revertHistory;
  // The app loads history from `revertHistoryFrom`; anything else is a wiring bug.
  if (h === undefined) throw new Error(`revert to #${toSeq} decided without its history`);
  if (h.events[0]?.seq !== toSeq) return null;
  return h;
}

/** The players whose actions a revert of these events undoes (a proxy's action is its player's). */
export function playersUndone(state: CampaignState, events: readonly StoredEvent[]): string[] {
  const out = new Set<string>();
  for (const e of events) {
    if (VOTE_RECORDS.has(e.event.type)) continue;
    const who = e.actor.asPlayer ?? e.actor.userId;
    if (state.players.some((p) => p.id === who && p.status === 'active')) out.add(who);
  }
  return [...out];
}

/** The last action of the span: the vote records after it (this very vote's) are kept, not reverted. */
function lastAction(events: readonly StoredEvent[]): number {
  return events.findLast((e) => !VOTE_RECORDS.has(e.event.type))?.seq ?? events[0]!.seq;
}

/** The dice drawn in these events (each stays drawn: `drawnDice`). */
function rollsOf(events: readonly StoredEvent[]): DrawnRoll[] {
  return events.flatMap((e) =>
    e.rolls.map((r) => ({
      purpose: r.purpose,
      sides: r.sides,
      results: [...r.results],
      eventSeq: r.eventSeq,
      counter: r.counter,
      ...(r.forced ? { forced: true as const } : {}),
    })),
  );
}

/** The state a revert returns to: the one before its event, keeping what a revert never takes back. */
export function revertedState(
  now: CampaignState,
  before: CampaignState,
  spanFrom: number,
  spanTo: number,
  voteId: string,
  drawn: DrawnRoll[],
): CampaignState {
  return {
    ...structuredClone(before),
    // The players' decisions, and the dice and ids already used, stay as they are.
    votes: structuredClone(now.votes),
    nextId: Math.max(now.nextId, before.nextId),
    seedCommitments: structuredClone(now.seedCommitments),
    revealedSeeds: structuredClone(now.revealedSeeds),
    reverted: [...(now.reverted ?? []), { from: spanFrom, to: spanTo, voteId }],
    // Kept only for this cycle: a roll drawn again later would be a die known in advance.
    drawnDice: [
      ...(now.drawnDice ?? []).filter((r) => r.halfCycles === now.halfCycles),
      ...drawn.map((r) => ({ ...r, halfCycles: now.halfCycles })),
    ],
  };
}

/** The state paths a revert changes back (the summary the channel gets), without the bookkeeping it keeps. */
function changesBack(now: CampaignState, target: CampaignState): CorrectionChange[] {
  const { votes: _v, reverted: _r, drawnDice: _d, nextId: _n, ...a } = now;
  const { votes: _v2, reverted: _r2, drawnDice: _d2, nextId: _n2, ...b } = target;
  return jsonDifferences(a, b, 20);
}

type Problem = { code: string; rule: string; message: string; hint?: string };

function spanProblem(state: CampaignState, toSeq: number, h: RevertHistory | null): Problem | null {
  if (!h)
    return {
      code: 'revert/stale',
      rule: 'UTD1.7',
      message: `There is no event #${toSeq} in the log of **${state.name}**.`,
      hint: 'Name an event of this cycle by its number (`/campaign log`).',
    };
  if (h.before.status !== 'active' || h.before.halfCycles !== state.halfCycles)
    return {
      code: 'revert/not-this-cycle',
      rule: 'UTD1.7',
      message: `Event #${toSeq} is not of the current cycle (${cycleLabel(state.halfCycles)}): only this cycle's events can be reverted.`,
      hint: 'Correct an earlier mistake by vote: `/vote amend`.',
    };
  const passed = h.events.find((e) => e.event.type === 'VoteClosed' && e.event.passed);
  if (passed)
    return {
      code: 'revert/over-vote',
      rule: 'UTD1.7',
      message: `A vote passed at event #${passed.seq}: a revert does not undo the players' decisions.`,
      hint: `Revert to an event after #${passed.seq}, or correct by vote with \`/vote amend\`.`,
    };
  return null;
}

export function proposeRevert(d: Decider, toSeq: number): void {
  const state = d.state;
  if (state.status !== 'active')
    refuse('revert/not-in-play', 'UTD1.7', `**${state.name}** is not in play: there is no cycle to revert.`);
  // Event #1 creates the campaign: nothing stands before it, and it is never of a cycle in play.
  if (!Number.isInteger(toSeq) || toSeq < 2)
    refuse('revert/stale', 'UTD1.7', `#${toSeq} is not an event of this cycle.`);
  const h = history(d, toSeq);
  const problem = spanProblem(state, toSeq, h);
  if (problem) refuse(problem.code, problem.rule, problem.message, problem.hint);
  const electorate = playersUndone(state, h!.events);
  if (electorate.length === 0)
    refuse(
      'revert/no-actions',
      'UTD1.7',
      `Since event #${toSeq} no player has acted: there is nobody whose consent could revert it.`,
      'Correct the campaign by vote: `/vote amend`.',
    );
  const open = openVoteOnSubject(state, ['everything']);
  if (open)
    refuse(
      'vote/duplicate',
      'UTD1.7',
      `Vote ${open.id} on the same subject is open: ${open.question.slice(0, 200)}`,
      'Wait for it to close, or let its proposer withdraw it.',
    );
  const last = lastAction(h!.events);
  const target = revertedState(state, h!.before, toSeq, last, '', []);
  const changes = changesBack(state, target);
  const rolls = rollsOf(h!.events);
  const vote = openVote(
    d,
    { kind: 'revert', toSeq },
    `Return **${state.name}** to its state just before event #${toSeq} (undoing events #${toSeq}–#${last})? Every player whose actions it undoes must agree.`,
    { threshold: 'unanimous', electorate },
  );
  d.emit({
    type: 'RevertProposed',
    voteId: vote.id,
    toSeq,
    lastSeq: last,
    undone: h!.events
      .filter((e) => !VOTE_RECORDS.has(e.event.type))
      .map((e) => ({ seq: e.seq, type: e.event.type, by: e.actor.asPlayer ?? e.actor.userId })),
    changes,
    rolls: rolls.map((r) => ({ seq: r.eventSeq, purpose: r.purpose, results: r.results })),
  });
}

/** Called when any vote closes (votes.ts): with every consent the campaign returns to the state before the event. */
export function onRevertVoteClosed(d: Decider, v: Vote, passed: boolean): void {
  const p = v.payload;
  if (!passed || p.kind !== 'revert') return;
  const h = history(d, p.toSeq);
  const problem = spanProblem(d.state, p.toSeq, h);
  // Someone acted since the proposal who was not asked: their consent is missing.
  const unasked = h ? playersUndone(d.state, h.events).filter((x) => !v.electorate.includes(x)) : [];
  if (problem || unasked.length > 0) {
    d.emit({
      type: 'RevertFailed',
      voteId: v.id,
      toSeq: p.toSeq,
      reason: problem ? problem.code : 'revert/unasked',
      unasked,
    });
    return;
  }
  const last = lastAction(h!.events);
  const drawn = rollsOf(h!.events);
  const state = revertedState(d.state, h!.before, p.toSeq, last, v.id, drawn);
  d.emit({
    type: 'CycleReverted',
    voteId: v.id,
    toSeq: p.toSeq,
    lastSeq: last,
    changes: changesBack(d.state, state),
    rolls: drawn.map((r) => ({ seq: r.eventSeq, purpose: r.purpose, results: r.results })),
    state,
  });
}

/**
 * The dice a command draws after a revert: a roll asked again with the same purpose and dice gets
 * the results already drawn for it (they stay drawn; no re-roll), recorded by `DiceRedrawn`.
 */
export class RedrawingDice implements DiceSource {
  readonly redrawn: DrawnRoll[] = [];
  private readonly left: DrawnRoll[];

  constructor(
    private readonly inner: DiceSource,
    drawn: readonly DrawnRoll[],
  ) {
    this.left = [...drawn];
  }

  get records(): readonly RollRecord[] {
    return this.inner.records;
  }

  roll(sides: number, count: number, purpose: string): number[] {
    const i = this.left.findIndex((r) => r.purpose === purpose && r.sides === sides && r.results.length === count);
    if (i < 0) return this.inner.roll(sides, count, purpose);
    const [r] = this.left.splice(i, 1);
    this.redrawn.push(r!);
    return [...r!.results];
  }
}

export const REVERT_ORDERS = {
  'revert-propose': {
    input: z.object({ event: z.int() }),
    who: 'self',
    decide: (d, c) => proposeRevert(d, c.event),
  },
} satisfies OrderTable<RevertCommand>;
