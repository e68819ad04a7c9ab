import { refuse } from '../../errors.ts';
import type { Decider } from '../decider.ts';
import type { Battle } from '../state.ts';
import { NPE, openBattle, speakerOf } from './common.ts';
import { mySide, noteContact } from './negotiation.ts';

/**
 * An agreed time to play (UTD3.42–3.43, docs/me.md): one side proposes a time (typed in its own
 * time zone, kept as an instant), every other side accepts; the bot then posts a Discord server
 * event, reminds the sides an hour before, and after the time offers a no-show as the UTD3.42#2
 * failure it is (`/battle failure`). Proposing is making contact, accepting is answering (UTD3.42#1,
 * 3.43#1), as `/battle schedule` always was.
 */

/** The stages in which a session may be set: contact made or to be made, and play under way. */
const SCHEDULABLE: readonly Battle['stage'][] = [
  'awaiting-contact',
  'awaiting-response',
  'in-play',
  'negotiating',
  'result-proposed',
  'stalled',
];

/** How long after the agreed time a no-show is offered as a failure (UTD3.42#2: a reasonable wait). */
export const NO_SHOW_AFTER_MS = 3_600_000;
/** The reminder before the agreed time. */
export const SESSION_REMINDER_MS = 3_600_000;

/** `/battle schedule when:<a time>`: proposes the session at `at` (an instant, ISO 8601). */
export function proposeSession(d: Decider, ref: string, at: string, when: string | null): void {
  const b = openBattle(d.state, ref);
  const side = mySide(d, b);
  if (!SCHEDULABLE.includes(b.stage))
    refuse(
      'battle/not-ready',
      'UTD3.4',
      `Battle ${b.id} is still ${b.stage.replace(/-/g, ' ')}: no session can be set.`,
    );
  const t = Date.parse(at);
  if (!Number.isFinite(t) || t <= d.ctx.now.getTime())
    refuse('battle/session-past', 'UTD3.42', 'Propose a time still to come.');
  // UTD3.5: the battle is resolved within four weeks; a session after that clock is of no use.
  if (b.deadlines.resolve && t > Date.parse(b.deadlines.resolve))
    refuse(
      'battle/session-too-late',
      'UTD3.5',
      `That is after the battle's deadline (${b.deadlines.resolve.slice(0, 16).replace('T', ' ')} UTC): ask \`/battle extension\` first (UTD3.44).`,
    );
  d.emit({ type: 'BattleSessionProposed', battleId: b.id, by: side, at: new Date(t).toISOString() });
  noteContact(d, b, side, when);
}

/** `/battle schedule accept:true`: a side other than the proposer's accepts the proposed time. */
export function acceptSession(d: Decider, ref: string): void {
  const b = openBattle(d.state, ref);
  const side = mySide(d, b);
  const s = b.session;
  if (s?.status !== 'proposed')
    refuse(
      'battle/no-session',
      'UTD3.42',
      `Battle ${b.id} has no proposed time to accept: propose one with \`/battle schedule when:\`.`,
    );
  if (s.by === side) refuse('battle/own-session', 'UTD3.42', 'You proposed this time: the other side accepts it.');
  if (s.acceptedBy.includes(side)) refuse('battle/session-accepted', 'UTD3.42', 'You already accepted this time.');
  const after = { ...b, session: { ...s, acceptedBy: [...s.acceptedBy, side] } };
  d.emit({ type: 'BattleSessionAccepted', battleId: b.id, by: side, agreed: sessionAgreed(after) });
  noteContact(d, b, side, null);
}

/** The sides that must accept a proposal: every side but the proposer's (an NPE speaks through its runner). */
export function sessionAgreed(b: Battle): boolean {
  const s = b.session;
  if (!s) return false;
  return b.sides.filter((x) => x !== s.by && (x !== NPE || speakerOf(b, x))).every((x) => s.acceptedBy.includes(x));
}

/** The times the scheduler wakes for an agreed session: the reminder, then the no-show offer. */
export function sessionClocks(b: Battle): number[] {
  const s = b.session;
  if (b.status !== 'open' || s?.status !== 'agreed') return [];
  const t = Date.parse(s.at);
  const out: number[] = [];
  if (!(b.reminders ?? []).includes('session')) out.push(t - SESSION_REMINDER_MS);
  if (!(b.reminders ?? []).includes('no-show') && SCHEDULABLE.includes(b.stage)) out.push(t + NO_SHOW_AFTER_MS);
  return out;
}

/** Posts the session reminder an hour before, and after the time the no-show offer, each once. */
export function remindSessions(d: Decider): void {
  const now = d.ctx.now.getTime();
  for (const b of d.state.battles.filter((x) => x.status === 'open' && x.session?.status === 'agreed')) {
    const t = Date.parse(b.session!.at);
    const players = b.sides.map((x) => speakerOf(b, x)).filter((x): x is string => Boolean(x) && x !== NPE);
    const sent = b.reminders ?? [];
    // Late (the bot was down) it still goes out once, so the clock does not stay due.
    if (!sent.includes('session') && now >= t - SESSION_REMINDER_MS)
      d.emit({ type: 'BattleReminder', battleId: b.id, key: 'session', players, deadline: b.session!.at });
    if (!sent.includes('no-show') && now >= t + NO_SHOW_AFTER_MS && SCHEDULABLE.includes(b.stage))
      d.emit({ type: 'BattleReminder', battleId: b.id, key: 'no-show', players, deadline: b.session!.at });
  }
}
