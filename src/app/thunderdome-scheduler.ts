import type { RulesetDue, RulesetScheduler } from '../ruleset.ts';
import { BATTLE_REMINDERS } from '../rules/thunderdome/battles/reminders.ts';
import { sessionClocks } from '../rules/thunderdome/battles/session.ts';
import { SYSTEM_USER, type CampaignCommand, type CampaignState } from '../rules/thunderdome/index.ts';
import type { Battle } from '../rules/thunderdome/state.ts';
import { unfinished } from '../rules/thunderdome/finished.ts';
import { orderReminderOffsets } from '../rules/thunderdome/turn.ts';
import { turnPassesForAbsence } from '../rules/thunderdome/absence.ts';

/**
 * Thunderdome III's clocks, for the scheduler (src/app/scheduler.ts): the orders deadline (UTD3.3,
 * 3.31) and its reminders, the votes' deadlines (UTD1.7), the battle clocks (UTD3.4–3.5, 5.431,
 * 7.421) with their reminders (each once, as the rules list them in BATTLE_REMINDERS), the
 * record-keeping deadline for captured ships (UTD6.3I2) and an explorer's balancing question
 * (UTD5.221–5.224), the last two given with the battle clocks. Each is an ordinary command the rules
 * decide, and refuse once applied; this only says when to give it.
 */
export const thunderdomeScheduler: RulesetScheduler<CampaignState, CampaignCommand> = {
  systemUserId: SYSTEM_USER,
  nextDue(state) {
    let next = Number.POSITIVE_INFINITY;
    for (const t of clocks(state)) if (t < next) next = t;
    return Number.isFinite(next) ? new Date(next).toISOString() : null;
  },
  due(state, now) {
    const t = now.getTime();
    const due: RulesetDue<CampaignCommand>[] = [];
    if (runningVotes(state).some((v) => time(v.closesAt) <= t))
      due.push({ command: { type: 'vote-close-due' }, reason: 'a vote closes (UTD1.7)' });
    // Paused by vote (pause.ts): only the votes opened during the pause run.
    if (state.status !== 'active' || state.paused) return due;
    const deadline = ordersDeadline(state);
    if (deadline > t && pendingReminders(state).some((at) => at <= t))
      due.push({ command: { type: 'remind' }, reason: 'the orders deadline is near (UTD3.3)' });
    if (battleClocks(state).some((c) => c <= t))
      due.push({ command: { type: 'battle-clocks' }, reason: 'a battle clock ran out or its reminder is due' });
    // A forfeited turn may start a next turn that is itself overdue (the bot was down): catch up in order.
    if (deadline <= t || turnPassesForAbsence(state, now))
      due.push({ command: { type: 'expire-turn' }, reason: 'the orders deadline passed (UTD3.31)', repeat: true });
    return due;
  },
};

/**
 * The times of the orders reminders not yet sent this turn (the end of the target day, 24 h and 1 h
 * before the deadline by default, turn.ts `remindOrders`). Only the unsent ones: once a reminder
 * is out, the campaign is next due at the following one, so the scheduler does not read it on
 * every pass until the deadline.
 */
function pendingReminders(state: CampaignState): number[] {
  const deadline = ordersDeadline(state);
  if (Number.isNaN(deadline)) return [];
  const sent = state.turn?.remindersSent ?? [];
  return orderReminderOffsets(state.settings)
    .filter((h) => !sent.includes(h))
    .map((h) => deadline - h * 3_600_000);
}

const BATTLE_DEADLINES = ['selection', 'contact', 'resolve', 'runner', 'window'] as const;

/** A stored time in ms; NaN (never due) for none. */
function time(iso: string | null | undefined): number {
  return iso ? Date.parse(iso) : Number.NaN;
}

function ordersDeadline(state: CampaignState): number {
  return state.turn?.phase === 'orders' ? time(state.turn.deadline) : Number.NaN;
}

/** Every time at which something may fall due (NaN entries never do). */
function clocks(state: CampaignState): number[] {
  const out = runningVotes(state).map((v) => time(v.closesAt));
  if (state.status === 'active' && !state.paused)
    out.push(...pendingReminders(state), ordersDeadline(state), ...battleClocks(state));
  // A turn of a player away without a proxy passes at once (absence.ts).
  if (state.turn && turnPassesForAbsence(state, new Date(state.turn.startedAt))) out.push(time(state.turn.startedAt));
  return out.filter((t) => !Number.isNaN(t));
}

/**
 * The open votes whose clock runs: all of them, but while the campaign is paused (pause.ts) only
 * those opened during the pause (a vote to resume is one); the others wait with the time they had left.
 */
function runningVotes(state: CampaignState): CampaignState['votes'] {
  const since = state.paused?.since;
  // The unfinished votes are exactly the open ones (finished.ts).
  const open = unfinished('votes', state.votes);
  return since ? open.filter((v) => v.openedAt >= since) : open;
}

/** The times of the battle clocks, their reminders and the captured ships' record-keeping deadline. */
function battleClocks(state: CampaignState): number[] {
  // …and the explorer's balancing question (UTD5.221–5.224, exploration-offer.ts).
  const out: number[] = [time(state.turn?.capturesDue), time(state.turn?.explorationOffer?.due)];
  for (const b of unfinished('battles', state.battles)) {
    for (const key of stageDeadlines(b)) out.push(time(b.deadlines[key]));
    for (const r of BATTLE_REMINDERS)
      if (r.stages.includes(b.stage) && !reminded(b, r.key))
        out.push(time(b.deadlines[r.deadline]) - r.hours * 3_600_000);
    // An agreed session's reminder and no-show offer (battles/session.ts).
    out.push(...sessionClocks(b));
  }
  return out;
}

/**
 * The deadlines the battle clocks act on in the battle's stage (battles/clock.ts `runBattleClocks`):
 * a deadline of a stage the battle has left (the contact deadline of a battle now negotiating) stays
 * in the record but is never acted on, and counted as due it would have the scheduler read the
 * campaign on every pass until the battle ends. Stages whose clock reads something else (the lane
 * choice, the stand-in offer) keep every deadline, as before.
 */
function stageDeadlines(b: Battle): readonly (typeof BATTLE_DEADLINES)[number][] {
  switch (b.stage) {
    case 'awaiting-runner':
      return ['runner'];
    case 'fleet-selection':
      return b.npe?.runner ? ['runner'] : ['selection'];
    case 'awaiting-contact':
    case 'awaiting-response':
      return ['contact'];
    case 'in-play':
    case 'negotiating':
    case 'result-proposed':
      return ['resolve'];
    case 'objection-window':
      return ['window'];
    case 'appeal':
      return b.appeal?.voteId ? [] : ['window'];
    case 'stalled':
      return [];
    default:
      return BATTLE_DEADLINES;
  }
}

function reminded(b: Battle, key: string): boolean {
  return (b.reminders ?? []).includes(key);
}
