import { refuse } from '../../errors.ts';
import type { Decider } from '../decider.ts';
import type { Battle, Vote } from '../state.ts';
import { openVote } from '../vote-open.ts';

/**
 * UTD3.42#2 with ISS-A15 (TC-114): a side's real-life excuses per battle are limited
 * (`battle.rlExcusesPerBattle`); beyond them a failure is excused only by a supermajority vote,
 * which takes one failure off the count, as a real-life excuse does.
 */
export function proposeExcuse(d: Decider, b: Battle, side: string): void {
  if (
    d.state.votes.some((v) => v.status === 'open' && v.payload.kind === 'battle-excuse' && v.payload.battleId === b.id)
  )
    refuse('vote/duplicate', 'ISS-A15', `A vote to excuse a failure in battle ${b.id} is already open.`);
  const name = d.state.players.find((x) => x.id === side)?.name ?? side;
  openVote(
    d,
    { kind: 'battle-excuse', battleId: b.id, player: side },
    `Excuse a failure of ${name} to play battle ${b.id}: one failure off the count (UTD3.42#2, ISS-A15)?`,
  );
}

export function onExcuseVoteClosed(d: Decider, v: Vote, passed: boolean): void {
  const p = v.payload;
  if (p.kind !== 'battle-excuse' || !passed) return;
  const b = d.state.battles.find((x) => x.id === p.battleId);
  if (b?.status !== 'open') return;
  d.emit({ type: 'BattleFailureReported', battleId: b.id, player: p.player, reportedBy: 'vote', excused: true });
}
