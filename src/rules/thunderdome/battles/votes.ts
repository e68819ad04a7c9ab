import { endOfDayAfter } from '../../deadlines.ts';
import type { Decider } from '../decider.ts';
import type { Vote } from '../state.ts';
import { applyResult } from './outcome.ts';
import { backToPlay } from './progress.ts';

/** What a closed battle vote does (UTD3.44#2, UTF3.45, UTD5.47). */
export function onVoteClosed(d: Decider, v: Vote, passed: boolean, chosen: string | undefined): void {
  const p = v.payload;
  if (p.kind !== 'battle-extension' && p.kind !== 'appeal' && p.kind !== 'npe-result') return;
  const b = d.state.battles.find((x) => x.id === p.battleId);
  if (b?.status !== 'open') return;
  if (p.kind === 'battle-extension') {
    if (!passed) return;
    const deadline = endOfDayAfter(
      new Date(b.deadlines.resolve ?? d.ctx.now.toISOString()),
      p.days,
      d.state.settings['deadline.timezone'],
    ).toISOString();
    d.emit({
      type: 'BattleExtended',
      battleId: b.id,
      days: p.days,
      reason: { code: 'granted-by-vote' },
      automatic: false,
      resolve: deadline,
    });
    if (b.stage === 'stalled') backToPlay(d, b.id, { code: 'extended-by-vote' });
  } else if (p.kind === 'appeal') {
    if (!passed || !chosen) {
      // A new round: the sides may submit again (requirements §6.3 APPEAL).
      d.emit({
        type: 'BattleStageChanged',
        battleId: b.id,
        stage: 'stalled',
        deadlines: { window: null },
        reason: { code: 'appeal-no-supermajority' },
      });
      return;
    }
    const sub = b.appeal!.submissions[chosen.charCodeAt(0) - 65]!;
    const proposal = b.proposals.find((x) => x.id === sub.proposalId)!;
    applyResult(d, b.id, proposal.result, 'appeal');
  } else {
    const proposal = b.proposals.find((x) => x.id === p.proposalId && x.status === 'open');
    if (passed && proposal) applyResult(d, b.id, proposal.result, 'negotiated');
    else if (!passed) {
      if (proposal)
        d.emit({
          type: 'BattleProposalAnswered',
          battleId: b.id,
          proposalId: proposal.id,
          playerId: 'vote',
          accepted: false,
        });
      backToPlay(d, b.id, { code: 'npe-result-not-approved' });
    }
  }
}
