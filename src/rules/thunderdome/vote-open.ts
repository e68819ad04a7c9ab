import { refuse } from '../errors.ts';
import { supermajorityThreshold } from '../supermajority.ts';
import { actingPlayer, type Decider } from './decider.ts';
import { activePlayers } from './lookup.ts';
import type { Vote, VotePayload } from './state.ts';

/**
 * One mechanism for every decision the rules put to the players (UTD1.7): the electorate is the
 * active players, the threshold their supermajority, silence counts as no, and a vote closes as
 * soon as its result is certain or at its deadline (rules-notes §6).
 */
export function openVote(
  d: Decider,
  payload: VotePayload,
  question: string,
  /** `unanimous`: every voter must say yes (ISS-A89 `victory.endByVote`); the supermajority otherwise. */
  opts: {
    threshold?: 'supermajority' | 'unanimous';
    /** The players asked, when not every active player is (a revert asks those whose actions it undoes, revert.ts). */
    electorate?: string[];
  } = {},
): Vote {
  const state = d.state;
  if (state.status === 'finished') refuse('vote/finished', 'UTD1.7', 'The campaign is over.');
  const proposer = actingPlayer(state, d.ctx);
  const electorate = opts.electorate ?? activePlayers(state).map((p) => p.id);
  const vote: Vote = {
    id: `V${state.nextId}`,
    payload,
    question,
    proposer: proposer.id,
    electorate,
    threshold: opts.threshold === 'unanimous' ? electorate.length : supermajorityThreshold(electorate.length),
    ballots: {},
    openedAt: d.ctx.now.toISOString(),
    closesAt: new Date(d.ctx.now.getTime() + state.settings['vote.windowHours'] * 3_600_000).toISOString(),
    status: 'open',
    messageId: null,
  };
  d.emit({ type: 'VoteOpened', vote });
  return vote;
}
