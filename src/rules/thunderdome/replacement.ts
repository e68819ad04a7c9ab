import { z } from 'zod';
import { refuse } from '../errors.ts';
import type { Decider } from './decider.ts';
import type { OrderTable } from './order-spec.ts';
import type { CampaignState, Vote } from './state.ts';
import { openVote } from './vote-open.ts';

/**
 * Seats that survive (UTD3.91 with UTD1.7; docs/rules-notes.md "Replacement players"). UTD3.91
 * removes a departing player's forces from the map; under the setting `removal.seat:
 * takeover-by-vote` a player who resigns, concedes or is removed after forfeits leaves a vacant
 * seat instead: the forces, developments, bank and obligations stay where they are (nobody moves
 * them, the seat's turns pass), and the players may vote a newcomer into it by supermajority. The
 * newcomer inherits the empire, the seat, the bank and every obligation under their own user id
 * (`SeatTakenOver`). An eliminated player leaves no seat.
 */
export type ReplacementCommand = { type: 'vote-replace'; player: string; userId: string; name: string };

function vacantSeat(state: CampaignState, ref: string) {
  return state.players.find((p) => p.id === ref && p.vacantSeat);
}

export function proposeReplacement(d: Decider, player: string, userId: string, name: string): void {
  const state = d.state;
  if (state.settings['removal.seat'] !== 'takeover-by-vote')
    refuse(
      'seat/no-takeover',
      'UTD3.91',
      `In **${state.name}** a departing player's forces leave the map (UTD3.91): there is no seat to take over.`,
      'The players may change that for the future: `/vote setting key:removal.seat value:takeover-by-vote`.',
    );
  if (state.status !== 'active') refuse('seat/not-in-play', 'UTD3.91', `**${state.name}** is not in play.`);
  const seat = vacantSeat(state, player);
  if (!seat)
    refuse(
      'seat/not-vacant',
      'UTD3.91',
      state.players.some((p) => p.id === player && p.status === 'active')
        ? 'That player is still in the campaign: only a seat left by resignation, concession or forfeits is taken over.'
        : 'That seat is not vacant: only a seat left by resignation, concession or forfeits is taken over.',
    );
  if (state.players.some((p) => p.id === userId))
    refuse('seat/already-player', 'UTD8.11', 'The newcomer has played in this campaign already: one seat per person.');
  const clean = name.trim().replace(/\s+/g, ' ').slice(0, 60);
  if (!clean) refuse('seat/no-name', 'UTD8.11', 'The newcomer needs a name.');
  if (state.votes.some((v) => v.status === 'open' && v.payload.kind === 'replacement' && v.payload.player === seat!.id))
    refuse('vote/duplicate', 'UTD1.7', `A vote on ${seat!.name}'s seat is already open.`);
  openVote(
    d,
    { kind: 'replacement', player: seat!.id, userId, name: clean },
    `Seat **${clean}** in ${seat!.name}'s place? They take over the ${seat!.empire} empire with its forces, bank (${seat!.bank} BPV) and obligations (UTD3.91).`,
  );
}

/** Called when any vote closes (votes.ts): a passed replacement seats the newcomer, if the seat is still vacant. */
export function onReplacementVoteClosed(d: Decider, v: Vote, passed: boolean): void {
  const p = v.payload;
  if (!passed || p.kind !== 'replacement') return;
  if (!vacantSeat(d.state, p.player) || d.state.players.some((x) => x.id === p.userId)) return;
  d.emit({ type: 'SeatTakenOver', voteId: v.id, playerId: p.player, userId: p.userId, name: p.name });
}

export const REPLACEMENT_ORDERS = {
  'vote-replace': {
    input: z.object({ player: z.string(), userId: z.string(), name: z.string() }),
    who: 'self',
    decide: (d, c) => proposeReplacement(d, c.player, c.userId, c.name),
  },
} satisfies OrderTable<ReplacementCommand>;
