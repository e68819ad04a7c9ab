import { z } from 'zod';
import { refuse } from '../errors.ts';
import type { Decider } from './decider.ts';
import { asField, type OrderTable } from './order-spec.ts';
import { DEFAULT_SETTINGS } from './settings.ts';
import type { Vote } from './state.ts';
import { openVote } from './vote-open.ts';

/**
 * Ending the campaign by agreement (UTD1.9, ISS-A89): UTD1.9 names an end "by agreement" but gives
 * no procedure, so a player proposes it as an ordinary reaction vote of all active players, naming
 * the winner or none (a draw). It passes with the UTD1.7 supermajority, or with every active
 * player under `victory.endByVote = unanimous` (docs/rules-notes.md).
 */
export type VoteEndCommand = { type: 'vote-end'; winner: string | null; as?: string };

export function proposeEnd(d: Decider, winner: string | null): void {
  const state = d.state;
  if (state.status !== 'active')
    refuse(
      'campaign/not-in-play',
      'UTD1.9',
      state.status === 'finished'
        ? 'The campaign is already over.'
        : 'Only a campaign in play can be ended by agreement; before the start, players may simply leave.',
    );
  if (winner !== null && !state.players.some((x) => x.id === winner && x.status === 'active'))
    refuse(
      'victory/not-a-player',
      'ISS-A89',
      'The winner you name must be an active player of this campaign.',
      'Leave `winner` empty to end it with no winner.',
    );
  if (state.votes.some((v) => v.status === 'open' && v.payload.kind === 'end-campaign'))
    refuse('vote/duplicate', 'ISS-A89', 'A vote to end the campaign is already open.', 'React on it with ✅ or ❌.');
  const rule = state.settings['victory.endByVote'] ?? DEFAULT_SETTINGS['victory.endByVote'];
  const unanimous = rule === 'unanimous';
  const winnerName = winner ? state.players.find((x) => x.id === winner)!.name : null;
  openVote(
    d,
    { kind: 'end-campaign', winner },
    winnerName
      ? `End **${state.name}** now by agreement, with **${winnerName}** as the winner (UTD1.9)?${unanimous ? ' Every active player must agree.' : ''}`
      : `End **${state.name}** now by agreement, with no winner (UTD1.9)?${unanimous ? ' Every active player must agree.' : ''}`,
    unanimous ? { threshold: 'unanimous' } : {},
  );
}

/** A passed end vote finishes the campaign at once; the seeds are then revealed as at any end. */
export function onEndVoteClosed(d: Decider, v: Vote, passed: boolean): void {
  const p = v.payload;
  if (p.kind !== 'end-campaign' || !passed || d.state.status !== 'active') return;
  // A winner removed while the vote was open cannot win; the agreement then ends it with no winner.
  const winner = p.winner && d.state.players.some((x) => x.id === p.winner && x.status === 'active') ? p.winner : null;
  d.emit({ type: 'CampaignEndedByAgreement', voteId: v.id, winner });
}

export const VOTE_END_ORDERS = {
  'vote-end': {
    input: z.object({ winner: z.string().nullable(), ...asField }),
    who: 'player',
    decide: (d, c) => proposeEnd(d, c.winner),
  },
} satisfies OrderTable<VoteEndCommand>;
