/**
 * Standby players (§11.2, §11.4): a seat whose orders were waived more than twice in a row may be
 * handed to a standby player, someone not yet in the game, by the vote of the other corporations'
 * players. The book leaves the decision to the moderator ("we will not give you a position we do
 * not feel is viable"); here the players decide, by the campaign machinery's supermajority
 * (src/rules/supermajority.ts), within the turn: the readings are in docs/rules-notes.md.
 *
 * Pure: a proposal is checked against the game and the seats, a ballot against the vote, and the
 * tally says whether the vote is decided. Who sits where (Discord users) is the app's; the rules
 * see user ids as opaque strings.
 */
import { type Result, fail, ok } from '../errors.ts';
import { supermajorityThreshold } from '../supermajority.ts';
import type { WarlordState } from './state.ts';

/** A seat of the game: a corporation and the user who plays it. */
export interface Seat {
  userId: string;
  corp: number;
}

export type Ballot = 'yes' | 'no';

export interface StandbyVote {
  corp: number;
  /** The seat's player when the vote opened, and the standby player proposed. */
  from: string;
  to: string;
  proposer: string;
  /** The players of the other corporations still in the game when the vote opened. */
  electorate: string[];
  /** The latest ballot of each voter. */
  ballots: Record<string, Ballot>;
  /** The vote closes at this deadline (the turn's), failing if not passed by then. */
  deadline: string;
}

/** More than two turns waived in a row (§11.4), the seat still in the game. */
export const STANDBY_AFTER_WAIVED = 2;
/** "Standby positions are usually not awarded after Y170" (§11.2): the last year one may be proposed. */
export const STANDBY_LAST_YEAR = 170;

const refuse = (code: string, rule: string, message: string): Result<never> => fail(code, rule, message);

/**
 * The electorate and threshold of a proposal to hand `corp`'s seat to `to`, or the refusal naming
 * the rule. `open` lists the votes already open.
 */
export function proposeStandby(
  game: WarlordState,
  seats: readonly Seat[],
  open: readonly StandbyVote[],
  p: { proposer: string; corp: number; to: string; deadline: string },
): Result<StandbyVote> {
  const me = seats.find((s) => s.userId === p.proposer);
  if (!me)
    return refuse('warlord/standby-not-player', '§11.4', 'Only the players of the game propose a standby player.');
  const seat = seats.find((s) => s.corp === p.corp);
  const corp = game.corps.find((c) => c.id === p.corp);
  if (!seat || !corp) return refuse('warlord/no-corp', '§11.4', `There is no corporation ${p.corp} in this game.`);
  if (corp.eliminated)
    return refuse(
      'warlord/standby-eliminated',
      '§11.2',
      `${corp.name} is out of the game: a fired corporation's position is not offered (§11.2).`,
    );
  if (seat.userId === p.proposer)
    return refuse(
      'warlord/standby-own-seat',
      '§11.4',
      'The other players hand a silent seat to a standby player; its own player cannot propose it.',
    );
  if (corp.waivedInRow <= STANDBY_AFTER_WAIVED)
    return refuse(
      'warlord/standby-not-eligible',
      '§11.4',
      `${corp.name} has had ${corp.waivedInRow} turn(s) waived in a row: a seat goes to a standby player only after more than ${STANDBY_AFTER_WAIVED} (§11.4).`,
    );
  if (game.year > STANDBY_LAST_YEAR)
    return refuse(
      'warlord/standby-late',
      '§11.2',
      `It is Y${game.year}: standby positions are not awarded after Y${STANDBY_LAST_YEAR} (§11.2).`,
    );
  if (seats.some((s) => s.userId === p.to))
    return refuse(
      'warlord/standby-in-game',
      '§11.4',
      'A standby player is someone not yet in the game: that user already runs a corporation here.',
    );
  if (open.some((v) => v.corp === p.corp))
    return refuse('warlord/standby-open', '§11.4', `A vote on ${corp.name}'s seat is already open.`);
  const live = new Set(game.corps.filter((c) => !c.eliminated).map((c) => c.id));
  const electorate = seats.filter((s) => s.corp !== p.corp && live.has(s.corp)).map((s) => s.userId);
  return ok({
    corp: p.corp,
    from: seat.userId,
    to: p.to,
    proposer: p.proposer,
    electorate,
    // The proposal is the proposer's yes: they asked for it.
    ballots: electorate.includes(p.proposer) ? { [p.proposer]: 'yes' } : {},
    deadline: p.deadline,
  });
}

/** A ballot on an open vote, or the refusal. The latest ballot of a voter counts. */
export function castStandbyBallot(vote: StandbyVote, voter: string, choice: string): Result<Ballot> {
  if (!vote.electorate.includes(voter))
    return refuse(
      'warlord/standby-not-voter',
      '§11.4',
      'Only the players of the other corporations still in the game vote on this seat.',
    );
  if (choice !== 'yes' && choice !== 'no')
    return refuse('warlord/standby-choice', '§11.4', `"${choice.slice(0, 20)}" is not a ballot: vote yes or no.`);
  return ok(choice);
}

export interface StandbyTally {
  yes: number;
  no: number;
  needed: number;
  /** Passed once the yes votes reach the threshold; failed once the rest could not reach it. */
  decided: 'passed' | 'failed' | null;
}

export function standbyTally(vote: StandbyVote): StandbyTally {
  const values = Object.values(vote.ballots);
  const yes = values.filter((b) => b === 'yes').length;
  const no = values.filter((b) => b === 'no').length;
  const needed = vote.electorate.length === 0 ? 1 : supermajorityThreshold(vote.electorate.length);
  const decided = yes >= needed ? 'passed' : vote.electorate.length - no < needed ? 'failed' : null;
  return { yes, no, needed, decided };
}

/**
 * The game after the seat passed: the new player starts with a clean record of waived turns (the
 * count was the old player's silence, §11.4).
 */
export function seatHanded(game: WarlordState, corp: number): WarlordState {
  return { ...game, corps: game.corps.map((c) => (c.id === corp ? { ...c, waivedInRow: 0 } : c)) };
}
