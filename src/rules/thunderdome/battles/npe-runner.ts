import { refuse } from '../../errors.ts';
import { endOfDayAfter } from '../../deadlines.ts';
import type { Decider } from '../decider.ts';
import type { Battle, NpeBattle, Player, Vote } from '../state.ts';
import { openVote } from '../vote-open.ts';
import { openBattle } from './common.ts';

/**
 * Who runs an NPE (UTD5.43–5.44): the first volunteer takes the role; a second claimant before the
 * NPE force is fielded makes a dispute, settled by dice among the disputants (UTD5.44); a user
 * outside the campaign runs it only with a supermajority (UTD5.432), and any campaign player may
 * object to how such an outsider ran it, in which case a supermajority must validate the game or
 * the scenario is restarted. Readings: docs/rules-notes.md "NPE runners".
 */

/** UTD5.44: the faces of each disputant's die; the highest wins, the tied ones roll again. */
const DISPUTE_DIE = 6;
/** A bound on re-rolls of ties so that a decision is always total; 6 faces make 20 ties in a row vanishingly rare. */
const MAX_ROUNDS = 20;

/** Whether the NPE force is still unfielded, so that the role of runner may still be claimed. */
function runnerOpen(b: Battle): boolean {
  return b.stage === 'awaiting-runner' || (b.stage === 'fleet-selection' && b.npe?.force.length === 0);
}

/**
 * `userId` claims the NPE of battle `b` (UTD5.431 for a campaign player, UTD5.432 after the vote for
 * an outsider). With no runner yet the claimant runs it; with a runner who has not fielded the force
 * yet the claim is a dispute, and the dice choose (UTD5.44).
 */
export function claimNpe(d: Decider, b: Battle, userId: string, outsider: boolean): void {
  const npe = b.npe!;
  const volunteers = npe.volunteers.includes(userId) ? npe.volunteers : [...npe.volunteers, userId];
  if (!npe.runner) {
    const next: NpeBattle = { ...npe, volunteers, runner: userId };
    if (outsider) next.outsider = true;
    else delete next.outsider;
    d.emit({
      type: 'NpeBattleUpdated',
      battleId: b.id,
      npe: next,
      reason: outsider ? { code: 'runner-outsider-allowed' } : { code: 'runner-volunteered' },
    });
    d.emit({
      type: 'BattleStageChanged',
      battleId: b.id,
      stage: 'fleet-selection',
      deadlines: {},
      reason: { code: 'npe-runner-builds', runner: userId, available: npe.available },
    });
    return;
  }
  const disputants = [npe.runner, userId];
  const rounds: { playerId: string; die: number }[][] = [];
  let contenders = disputants;
  while (contenders.length > 1 && rounds.length < MAX_ROUNDS) {
    const round = contenders.map((playerId) => ({
      playerId,
      die: d.ctx.dice.roll(DISPUTE_DIE, 1, `NPE runner dispute in battle ${b.id} (UTD5.44): ${playerId}`)[0]!,
    }));
    rounds.push(round);
    const top = Math.max(...round.map((r) => r.die));
    contenders = round.filter((r) => r.die === top).map((r) => r.playerId);
  }
  // Still tied after MAX_ROUNDS: the runner in place keeps the role (nothing changes without a clear roll).
  const winner = contenders.length === 1 ? contenders[0]! : npe.runner;
  const winnerIsOutsider = winner === userId ? outsider : Boolean(npe.outsider);
  const next: NpeBattle = { ...npe, volunteers, runner: winner };
  if (winnerIsOutsider) next.outsider = true;
  else delete next.outsider;
  d.emit({
    type: 'NpeBattleUpdated',
    battleId: b.id,
    npe: next,
    reason: { code: 'runner-disputed', disputants, rounds },
  });
  if (winner !== npe.runner)
    d.emit({
      type: 'BattleStageChanged',
      battleId: b.id,
      stage: 'fleet-selection',
      deadlines: {},
      reason: { code: 'npe-runner-builds', runner: winner, available: npe.available },
    });
}

/** UTD5.431, 5.433, 5.44: a campaign player volunteers to run the NPE. */
export function volunteer(d: Decider, ref: string, p: Player): void {
  const b = openBattle(d.state, ref);
  if (!b.npe) refuse('battle/not-npe', 'UTD5.43', `Battle ${b.id} is not against an NPE.`);
  if (b.sides.includes(p.id))
    refuse(
      'npe/own-battle',
      'UTD5.431',
      'You are fighting this NPE; another player must run it, so that nobody plays both sides (UTD5.433).',
    );
  if (b.npe.runner === p.id) refuse('npe/already-runner', 'UTD5.431', `You already run the NPE of battle ${b.id}.`);
  if (!runnerOpen(b))
    refuse(
      'npe/runner-set',
      'UTD5.44',
      b.npe.runner
        ? `${d.state.players.find((x) => x.id === b.npe!.runner)?.name ?? 'Someone'} already runs this NPE and has fielded its force.`
        : `Battle ${b.id} is not looking for an NPE runner yet.`,
      b.npe.runner
        ? 'A dispute over the runner is settled by dice only until the NPE force is fielded (UTD5.44).'
        : undefined,
    );
  claimNpe(d, b, p.id, false);
}

/** UTD5.432: a campaign player proposes that a user outside the campaign run the NPE; a supermajority decides. */
export function proposeOutsider(d: Decider, ref: string, userId: string, p: Player): void {
  const b = openBattle(d.state, ref);
  if (!b.npe) refuse('battle/not-npe', 'UTD5.43', `Battle ${b.id} is not against an NPE.`);
  if (d.state.players.some((x) => x.id === userId && x.status === 'active'))
    refuse(
      'npe/outsider-is-player',
      'UTD5.432',
      'That user plays in this campaign: a campaign player volunteers with `/battle volunteer` (UTD5.431).',
    );
  if (b.npe.runner === userId) refuse('npe/already-runner', 'UTD5.432', 'That user already runs this NPE.');
  if (!runnerOpen(b))
    refuse(
      'npe/runner-set',
      'UTD5.44',
      `Battle ${b.id} is not looking for an NPE runner: the force is fielded or the NPE is not yet met.`,
    );
  if (
    d.state.votes.some((v) => v.status === 'open' && v.payload.kind === 'npe-outsider' && v.payload.battleId === b.id)
  )
    refuse('vote/duplicate', 'UTD5.432', `A vote on an outside runner for battle ${b.id} is already open.`);
  openVote(
    d,
    { kind: 'npe-outsider', battleId: b.id, userId },
    `${p.name} proposes that <@${userId}>, who is not in the campaign, run the NPE of battle ${b.id} (UTD5.432)?`,
  );
}

/** Battle stages in which the NPE is being fought, so that how its runner plays can be objected to. */
const IN_COMBAT: ReadonlySet<Battle['stage']> = new Set([
  'awaiting-contact',
  'awaiting-response',
  'in-play',
  'result-proposed',
  'negotiating',
  'stalled',
]);

/** Whether `/battle object` is an objection to an outside runner's handling of the NPE (UTD5.432). */
export function isOutsiderObjection(b: Battle): boolean {
  return Boolean(b.npe?.outsider && IN_COMBAT.has(b.stage));
}

/** UTD5.432: a campaign player objects to how the outsider handled the NPE; a supermajority must validate the game. */
export function objectToOutsider(d: Decider, b: Battle, p: Player): void {
  if (
    d.state.votes.some(
      (v) => v.status === 'open' && v.payload.kind === 'npe-outsider-validate' && v.payload.battleId === b.id,
    )
  )
    refuse('vote/duplicate', 'UTD5.432', 'An objection to the outside runner is already being voted on.');
  openVote(
    d,
    { kind: 'npe-outsider-validate', battleId: b.id },
    `${p.name} objects to how <@${b.npe!.runner}> runs the NPE of battle ${b.id}: validate the game as played (UTD5.432)? If not, the scenario is restarted.`,
  );
}

/** What a closed runner vote does (UTD5.432). */
export function onRunnerVoteClosed(d: Decider, v: Vote, passed: boolean): void {
  const p = v.payload;
  if (p.kind !== 'npe-outsider' && p.kind !== 'npe-outsider-validate') return;
  const b = d.state.battles.find((x) => x.id === p.battleId);
  if (b?.status !== 'open' || !b.npe) return;
  if (p.kind === 'npe-outsider') {
    // The runner clock may have run out, or the force been fielded, while the vote was open.
    if (passed && runnerOpen(b) && b.npe.runner !== p.userId) claimNpe(d, b, p.userId, true);
    return;
  }
  if (passed) return;
  // Not validated: the scenario is restarted. Open proposals fall, any quick resolution starts over,
  // and the sides play again from the setup card with a fresh resolution clock (ISS-A62 reading).
  for (const proposal of b.proposals.filter((x) => x.status === 'open'))
    d.emit({
      type: 'BattleProposalAnswered',
      battleId: b.id,
      proposalId: proposal.id,
      playerId: 'vote',
      accepted: false,
    });
  if (b.quick) d.emit({ type: 'BattleQuickUpdated', battleId: b.id, quick: null });
  const s = d.state;
  d.emit({
    type: 'BattleStageChanged',
    battleId: b.id,
    stage: 'in-play',
    deadlines: {
      window: null,
      resolve: endOfDayAfter(
        d.ctx.now,
        s.settings['deadline.battleResolveDays'] + 1,
        s.settings['deadline.timezone'],
      ).toISOString(),
    },
    reason: { code: 'npe-scenario-restarted' },
  });
}
