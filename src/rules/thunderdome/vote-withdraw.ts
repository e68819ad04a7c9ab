import { z } from 'zod';
import { refuse } from '../errors.ts';
import type { Decider } from './decider.ts';
import { asField, type OrderTable } from './order-spec.ts';
import type { Player, VotePayload } from './state.ts';

/** `/vote withdraw`: the proposer takes back an open vote (UTD1.7; docs/rules-notes.md). */
export type VoteWithdrawCommand = { type: 'vote-withdraw'; vote: string; as?: string };

/**
 * The votes a player puts to the others of their own accord. The votes a battle opens (a longer
 * extension to finish it, an appeal, an objection to an NPE result) hold the battle until they
 * close, so they run to their end.
 */
const WITHDRAWABLE: ReadonlySet<VotePayload['kind']> = new Set([
  'setting',
  'extension',
  'dice-reveal',
  'restricted-unit',
  'end-campaign',
  'catalog-amendment',
  'pause',
  'resume',
]);

/**
 * UTD1.7 does not say whether a proposal can be taken back; players expect to cancel a vote they
 * opened by mistake (a wrong value, a wrong setting), and only the proposer's own proposal is
 * affected, so the proposer may withdraw it while it is open (docs/rules-notes.md).
 */
export function withdrawVote(d: Decider, ref: string, p: Player): void {
  const wanted = ref.trim().toUpperCase().replace(/^(\d)/, 'V$1');
  const v = d.state.votes.find((x) => x.id.toUpperCase() === wanted);
  if (!v) refuse('vote/unknown', 'UTD1.7', `There is no vote \`${ref.slice(0, 20)}\`.`, 'See `/vote status`.');
  if (v.status !== 'open') refuse('vote/closed', 'UTD1.7', `Vote ${v.id} is closed already (${v.status}).`);
  if (v.proposer !== p.id) {
    const proposer = d.state.players.find((x) => x.id === v.proposer)?.name ?? 'its proposer';
    refuse('vote/not-proposer', 'UTD1.7', `Only ${proposer}, who proposed vote ${v.id}, can withdraw it.`);
  }
  if (!WITHDRAWABLE.has(v.payload.kind))
    refuse(
      'vote/holds-a-battle',
      'UTD3.44#2',
      `Vote ${v.id} decides a battle, which waits for it; it runs until it closes.`,
    );
  d.emit({ type: 'VoteWithdrawn', voteId: v.id, playerId: p.id });
}

export const VOTE_WITHDRAW_ORDERS = {
  'vote-withdraw': {
    input: z.object({ vote: z.string(), ...asField }),
    who: 'self',
    decide: (d, c, p) => withdrawVote(d, c.vote, p),
  },
} satisfies OrderTable<VoteWithdrawCommand>;
