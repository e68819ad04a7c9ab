import type { Player } from './state.ts';
import type { VoteCloseReason } from './reasons.ts';
import { refuse } from '../errors.ts';
import { endOfDayAfter } from '../deadlines.ts';
import type { Decider } from './decider.ts';
import {
  allowedText,
  isSettingKey,
  parseSetting,
  SETTINGS,
  settingsConflict,
  settingText,
  type Settings,
} from './settings.ts';
import { onVoteClosed } from './battles/votes.ts';
import { onPlayerVoteClosed } from './player-votes.ts';
import { onRunnerVoteClosed } from './battles/npe-runner.ts';
import { onEndVoteClosed } from './vote-end.ts';
import { onStandInVoteClosed } from './battles/resignation.ts';
import { onExcuseVoteClosed } from './battles/excuse-vote.ts';
import { onAmendmentVoteClosed } from './catalog-amend.ts';
import { onPauseVoteClosed } from './pause.ts';
import { onStateAmendmentVoteClosed } from './amend-state.ts';
import { onRevertVoteClosed } from './revert.ts';
import { onReplacementVoteClosed } from './replacement.ts';
import type { Vote } from './state.ts';
import { openVote } from './vote-open.ts';

export { openVote };

/**
 * A house-rule or setting change (UTD1.11, rules-notes §4): from the next cycle, or at once before
 * play starts. The value is checked against the key's allowed range or set here, when the vote is
 * proposed, and against the other keys as they will stand (requirements §3.3), so a passed vote
 * can never leave the campaign with a value the rules cannot use.
 */
export function proposeSetting(d: Decider, key: string, raw: string): void {
  if (!isSettingKey(key))
    refuse(
      'setting/unknown',
      'UTD1.11',
      `There is no setting \`${key.slice(0, 60)}\`.`,
      'See every setting with `/campaign settings`.',
    );
  const current = d.state.settings[key];
  const parsed = parseSetting(key, raw);
  if (!parsed.ok)
    refuse(
      'setting/bad-value',
      'UTD1.11',
      `\`${raw.slice(0, 40)}\` is not a valid value for ${key} (${SETTINGS[key].rule}; now ${settingText(key, current)}).`,
      `${key} must be ${allowedText(key)}.`,
    );
  const value = parsed.value;
  if (JSON.stringify(value) === JSON.stringify(current))
    refuse('setting/no-change', 'UTD1.11', `${key} is already ${settingText(key, current)}.`);
  // The other keys as they will stand once the votes already passed take effect.
  const after = structuredClone(d.state.settings) as Record<string, unknown>;
  for (const pending of d.state.pendingSettings) after[pending.key] = pending.value;
  after[key] = value;
  const conflict = settingsConflict(after as Settings);
  if (conflict)
    refuse(
      'setting/conflict',
      'UTD1.11',
      `${key} cannot be ${settingText(key, value)} (${SETTINGS[key].rule}): ${conflict}.`,
    );
  if (d.state.votes.some((v) => v.status === 'open' && v.payload.kind === 'setting' && v.payload.key === key))
    refuse('vote/duplicate', 'UTD1.7', `A vote on ${key} is already open.`);
  openVote(
    d,
    { kind: 'setting', key, value },
    `Change **${key}** from \`${settingText(key, current)}\` to \`${settingText(key, value)}\`?`,
  );
}

/** UTD3.32: an extension beyond the automatic week needs a supermajority. */
export function proposeExtension(d: Decider, days: number, p: Player): void {
  const turn = d.state.turn;
  if (!turn || turn.playerId !== p.id || !turn.deadline)
    refuse('extension/not-your-turn', 'UTD3.32', 'You can ask for more time for your own orders, on your turn.');
  if (!Number.isInteger(days) || days < 1 || days > 28)
    refuse('extension/bad-days', 'UTD3.32', 'Ask for 1 to 28 days.');
  openVote(
    d,
    { kind: 'extension', playerId: p.id, days },
    `Give **${p.name}** ${days} more day${days === 1 ? '' : 's'} for this turn's orders (UTD3.32)?`,
  );
}

export function attachVoteMessage(d: Decider, voteId: string, messageId: string): void {
  const v = d.state.votes.find((x) => x.id === voteId);
  if (!v) refuse('vote/unknown', 'UTD1.7', 'No such vote.');
  d.emit({ type: 'VoteMessageAttached', voteId, messageId });
}

/**
 * A reaction on a vote message: only the electorate counts, one vote each, the latest reaction
 * counts and removing it withdraws it. Anyone else's reaction changes nothing. A button under the
 * message (`button`) casts the same ballot; the latest ballot counts, whichever way it was cast.
 */
export function castBallot(d: Decider, messageId: string, choice: string, present: boolean, button = false): void {
  const v = d.state.votes.find((x) => x.messageId === messageId && x.status === 'open');
  const voter = d.ctx.actor.userId;
  if (!v?.electorate.includes(voter)) return;
  if (v.options ? !v.options.some((o) => o.key === choice) : choice !== 'yes' && choice !== 'no') return;
  const current = v.ballots[voter] ?? null;
  const next = present ? choice : current === choice ? null : current;
  const byButton = v.buttonBallots?.includes(voter) ?? false;
  // The same ballot again changes nothing, except that one now cast by button or by reaction says so.
  if (next === current && (!present || button === byButton)) return;
  d.emit({
    type: 'BallotCast',
    voteId: v.id,
    playerId: voter,
    choice: next,
    ...(button && next ? { byButton: true as const } : {}),
  });
  settleIfCertain(d, v.id);
}

function settleIfCertain(d: Decider, voteId: string): void {
  const v = d.state.votes.find((x) => x.id === voteId)!;
  if (v.options) return settleOptions(d, v, false);
  const yes = Object.values(v.ballots).filter((b) => b === 'yes').length;
  const no = Object.values(v.ballots).filter((b) => b === 'no').length;
  if (yes >= v.threshold)
    close(d, v, true, yes, no, { code: 'supermajority', electorate: v.electorate.length, threshold: v.threshold });
  else if (v.electorate.length - no < v.threshold)
    close(d, v, false, yes, no, { code: 'yes-unreachable', threshold: v.threshold });
}

/** At the deadline an open vote without its supermajority is rejected (UTD1.7; silence is no). */
export function closeDueVotes(d: Decider): void {
  // Paused by vote (pause.ts): a vote opened before the pause waits with the time it had left.
  const since = d.state.paused?.since;
  const running = (x: Vote) => x.status === 'open' && (!since || x.openedAt >= since);
  for (const v of d.state.votes.filter((x) => running(x) && new Date(x.closesAt) <= d.ctx.now)) {
    if (v.options) {
      settleOptions(d, v, true);
      continue;
    }
    const yes = Object.values(v.ballots).filter((b) => b === 'yes').length;
    const no = Object.values(v.ballots).filter((b) => b === 'no').length;
    close(d, v, yes >= v.threshold, yes, no, { code: 'deadline', threshold: v.threshold });
  }
}

/**
 * A multi-option vote (UTF3.45) passes when one option has the supermajority; it fails once no
 * option can reach it, or at the deadline.
 */
function settleOptions(d: Decider, v: Vote, atDeadline: boolean): void {
  const counts = new Map(v.options!.map((o) => [o.key, 0]));
  for (const b of Object.values(v.ballots)) counts.set(b, (counts.get(b) ?? 0) + 1);
  const cast = Object.keys(v.ballots).length;
  const winner = [...counts].find(([, n]) => n >= v.threshold);
  const reachable = [...counts].some(([, n]) => n + (v.electorate.length - cast) >= v.threshold);
  const top = Math.max(0, ...counts.values());
  if (winner)
    return close(
      d,
      v,
      true,
      winner[1],
      cast - winner[1],
      { code: 'option-chosen', option: winner[0], electorate: v.electorate.length, threshold: v.threshold },
      winner[0],
    );
  if (!reachable || atDeadline)
    close(d, v, false, top, cast - top, {
      code: atDeadline ? 'no-option-by-deadline' : 'no-option-reachable',
      threshold: v.threshold,
    });
}

function close(
  d: Decider,
  v: Vote,
  passed: boolean,
  yes: number,
  no: number,
  reason: VoteCloseReason,
  chosen?: string,
): void {
  d.emit(
    chosen
      ? { type: 'VoteClosed', voteId: v.id, passed, yes, no, reason, chosen }
      : { type: 'VoteClosed', voteId: v.id, passed, yes, no, reason },
  );
  onVoteClosed(d, v, passed, chosen);
  onPlayerVoteClosed(d, v, passed);
  onRunnerVoteClosed(d, v, passed);
  onEndVoteClosed(d, v, passed);
  onStandInVoteClosed(d, v, passed);
  onExcuseVoteClosed(d, v, passed);
  onAmendmentVoteClosed(d, v, passed);
  onPauseVoteClosed(d, v, passed);
  onStateAmendmentVoteClosed(d, v, passed);
  onRevertVoteClosed(d, v, passed);
  onReplacementVoteClosed(d, v, passed);
  if (!passed) return;
  const payload = v.payload;
  if (payload.kind === 'setting') {
    const inPlay = d.state.status === 'active';
    d.emit({
      type: 'SettingChanged',
      key: payload.key,
      value: payload.value,
      fromHalfCycle: inPlay ? d.state.halfCycles + 1 : null,
    });
  } else if (payload.kind === 'extension') {
    const turn = d.state.turn;
    if (turn?.playerId === payload.playerId && turn.deadline && turn.phase === 'orders') {
      const deadline = endOfDayAfter(new Date(turn.deadline), payload.days, d.state.settings['deadline.timezone']);
      d.emit({
        type: 'TurnExtended',
        playerId: payload.playerId,
        deadline: deadline.toISOString(),
        automatic: false,
        reason: { code: 'granted-by-vote' },
      });
    }
  }
}

/**
 * After a restart the bot re-reads the reactions of an open vote (so reactions made while it was down count): a player who
 * reacted with one mark votes that way; one with both keeps the recorded ballot if it is among
 * them; one with none has no ballot, unless the ballot was cast with a button (no reaction shows it).
 */
export function syncBallots(
  d: Decider,
  messageId: string,
  yesUsers: string[],
  noUsers: string[],
  options?: Record<string, string[]>,
): void {
  const v = d.state.votes.find((x) => x.messageId === messageId && x.status === 'open');
  if (!v) return;
  if (v.options) {
    for (const voter of v.electorate) {
      const marked = v.options.map((o) => o.key).filter((k) => options?.[k]?.includes(voter));
      const current = v.ballots[voter] ?? null;
      // A ballot cast by button has no reaction: kept unless the voter's reactions now say otherwise.
      if (v.buttonBallots?.includes(voter) && (marked.length === 0 || (current && marked.includes(current)))) continue;
      const next = marked.length === 0 ? null : current && marked.includes(current) ? current : marked[0]!;
      if (next !== current) d.emit({ type: 'BallotCast', voteId: v.id, playerId: voter, choice: next });
    }
    settleIfCertain(d, v.id);
    return;
  }
  for (const voter of v.electorate) {
    const y = yesUsers.includes(voter);
    const n = noUsers.includes(voter);
    const current = v.ballots[voter] ?? null;
    if (v.buttonBallots?.includes(voter) && ((!y && !n) || (current === 'yes' ? y : n))) continue;
    const next = y && n ? (current ?? 'yes') : y ? 'yes' : n ? 'no' : null;
    if (next !== current) d.emit({ type: 'BallotCast', voteId: v.id, playerId: voter, choice: next });
  }
  settleIfCertain(d, v.id);
}
