import { refuse } from '../../errors.ts';
import { supermajorityThreshold } from '../../supermajority.ts';
import type { Decider } from '../decider.ts';
import { activePlayers } from '../lookup.ts';
import type { Vote } from '../state.ts';
import { hoursFrom, openBattle } from './common.ts';
import { buildResult, mySide, type ResultInput } from './negotiation.ts';

/**
 * UTF3.45: when a stalled battle cannot be settled, each side submits an explanation, a battle
 * plan and a proposed result; the players outside the battle then choose one by supermajority.
 * There is nobody to appeal to in a two-player campaign.
 */
export function submitAppeal(d: Decider, ref: string, explanation: string, plan: string, input: ResultInput): void {
  const b = openBattle(d.state, ref);
  const side = mySide(d, b);
  if (b.stage !== 'stalled' && b.stage !== 'appeal')
    refuse(
      'appeal/not-stalled',
      'UTF3.45',
      `An appeal is for a battle whose deadline passed or whose result is disputed; battle ${b.id} is ${b.stage.replace('-', ' ')}.`,
    );
  if (electorate(d, b.sides).length === 0)
    refuse(
      'appeal/no-one',
      'UTF3.45',
      'In a two-player game there is no one to appeal to; settle it by negotiation or ask for an extension.',
    );
  if (b.appeal?.voteId) refuse('appeal/voting', 'UTF3.45', 'The appeal is already being voted on.');
  if (!explanation.trim() || !plan.trim())
    refuse('appeal/empty', 'UTF3.45', 'An appeal needs an explanation of the situation and a battle plan.');
  const result = buildResult(d, b, input);
  const proposal = {
    id: b.proposals.length + 1,
    by: side,
    kind: 'negotiated' as const,
    result,
    at: d.ctx.now.toISOString(),
    acceptedBy: [side],
    status: 'withdrawn' as const,
  };
  d.emit({ type: 'BattleProposed', battleId: b.id, proposal });
  const dueAt = b.appeal?.dueAt ?? hoursFrom(d.ctx.now, d.state.settings['battle.appealSubmissionHours']);
  d.emit({
    type: 'BattleAppealSubmitted',
    battleId: b.id,
    side,
    proposalId: proposal.id,
    explanation: explanation.slice(0, 1500),
    plan: plan.slice(0, 1500),
    dueAt,
  });
  if (b.stage !== 'appeal')
    d.emit({
      type: 'BattleStageChanged',
      battleId: b.id,
      stage: 'appeal',
      deadlines: { window: dueAt },
      reason: { code: 'appeal-under-way' },
    });
  const now = d.state.battles.find((x) => x.id === b.id)!;
  if (now.appeal!.submissions.length === now.sides.length) openAppealVote(d, b.id);
}

function electorate(d: Decider, sides: string[]): string[] {
  const excluded = d.state.settings['vote.appealExcludesParticipants'];
  return activePlayers(d.state)
    .map((p) => p.id)
    .filter((id) => !excluded || !sides.includes(id));
}

/** The vote: one option per submitted case, a supermajority of the players outside the battle on one. */
export function openAppealVote(d: Decider, battleId: string): void {
  const b = d.state.battles.find((x) => x.id === battleId)!;
  const subs = b.appeal?.submissions ?? [];
  if (subs.length === 0 || b.appeal?.voteId) return;
  const voters = electorate(d, b.sides);
  const name = (side: string) => d.state.players.find((p) => p.id === side)?.name ?? side;
  const vote: Vote = {
    id: `V${d.state.nextId}`,
    payload: { kind: 'appeal', battleId },
    question: `Appeal of battle ${battleId} (UTF3.45): which side's proposed result stands?`,
    proposer: subs[0]!.side,
    electorate: voters,
    threshold: supermajorityThreshold(voters.length),
    ballots: {},
    options: subs.map((s, i) => ({
      key: String.fromCharCode(65 + i),
      label: `${name(s.side)}'s result (proposal ${s.proposalId})`,
    })),
    openedAt: d.ctx.now.toISOString(),
    closesAt: hoursFrom(d.ctx.now, d.state.settings['vote.windowHours']),
    status: 'open',
    messageId: null,
  };
  d.emit({ type: 'VoteOpened', vote });
  d.emit({ type: 'BattleAppealVoteOpened', battleId, voteId: vote.id });
}
