import type { Verification } from '../app/verify.ts';
import type { ChainBreak } from '../rules/event-chain.ts';
import type { Variant } from '../rules/kernel/tables.ts';
import type { CampaignEvent, CampaignState } from '../rules/thunderdome/index.ts';
import type { Correction, CorrectionChange } from '../rules/thunderdome/correction-events.ts';
import type { Words } from './words-context.ts';

/** The words of governance by the players: pause, the tamper-evident history (`/campaign verify`, the turn-start post). */

/** The events worded here. */
export type GovernanceEvent = Variant<
  CampaignEvent,
  | 'CampaignPaused'
  | 'CampaignResumed'
  | 'AmendmentProposed'
  | 'StateAmended'
  | 'AmendmentFailed'
  | 'RevertProposed'
  | 'CycleReverted'
  | 'RevertFailed'
  | 'DiceRedrawn'
  | 'SeatTakenOver'
  | 'AbsenceDeclared'
  | 'TurnExcused'
>;

const duration = (ms: number): string => {
  const hours = Math.round(ms / 3_600_000);
  return hours >= 48 ? `${Math.round(hours / 24)} days` : `${hours} hour${hours === 1 ? '' : 's'}`;
};

export const GOVERNANCE_WORDS = {
  CampaignPaused: (e, { state }) =>
    `⏸️ **${state.name}** is paused by vote ${e.voteId} (UTD1.7): every clock stops, and no orders are given until a vote resumes it (\`/vote pause\`).`,
  CampaignResumed: (e, { state }) =>
    `▶️ **${state.name}** resumes by vote ${e.voteId} (UTD1.7): every clock runs again with the time it had left (paused ${duration(e.pausedMs)}).`,
  AmendmentProposed: (e, { who, state }) =>
    [
      `📝 **Amendment** (vote ${e.voteId}, UTD1.7): set ${correctionText(e.correction, who)}. Reason: ${e.reason}`,
      'What changes, before → after:',
      ...changeLines(e.changes, state),
    ].join('\n'),
  StateAmended: (e, { who, state }) =>
    [
      `📝 **${state.name}** is amended by vote ${e.voteId} (UTD1.7): ${correctionText(e.correction, who)}.`,
      ...changeLines(e.changes, state),
    ].join('\n'),
  AmendmentFailed: (e, { who }) =>
    `⚠️ Vote ${e.voteId} passed, but the amendment (${correctionText(e.correction, who)}) no longer applies: ${e.failure.message} Nothing changed; propose it again if it is still needed.`,
  RevertProposed: (e, { who, state }) =>
    [
      `⏪ **Revert proposed** (vote ${e.voteId}, UTD1.7): return to the state just before event #${e.toSeq}, undoing #${e.toSeq}–#${e.lastSeq}: ${some(
        e.undone.map((u) => `#${u.seq} ${u.type} (${who(u.by)})`),
        10,
      )}.`,
      'What changes back, now → then:',
      ...changeLines(e.changes, state),
      rollsLine(e.rolls),
    ].join('\n'),
  CycleReverted: (e, { state }) =>
    [
      `⏪ **${state.name}** is back to its state before event #${e.toSeq}, by the consent of every player concerned (vote ${e.voteId}). Events #${e.toSeq}–#${e.lastSeq} stay in the log, marked reverted.`,
      'What changed back, now → then:',
      ...changeLines(e.changes, state),
      rollsLine(e.rolls),
    ].join('\n'),
  RevertFailed: (e, { who }) =>
    `⚠️ Vote ${e.voteId} passed, but the revert to event #${e.toSeq} no longer applies: ${
      e.unasked.length
        ? `${e.unasked.map(who).join(', ')} acted since it was proposed and ${e.unasked.length === 1 ? 'was' : 'were'} not asked`
        : (REVERT_FAILURE_WORDS[e.reason] ?? e.reason)
    }. Nothing changed.`,
  AbsenceDeclared: (e, { who }) =>
    e.proxy
      ? `🏖️ **${who(e.playerId)}** is away until ${e.until.slice(0, 10)}; <@${e.proxy}> plays for them meanwhile, as their proxy (UTD3.2).`
      : `🏖️ **${who(e.playerId)}** is away until ${e.until.slice(0, 10)}, with no proxy: their turns pass as they come, without orders and without a forfeit (UTD3.31), ${e.excusedLeft} more this year (\`absence.excusedTurnsPerYear\`); after that a turn waits for its deadline as usual.`,
  TurnExcused: (e, { who }) =>
    `🏖️ **${who(e.playerId)}** is away: the turn passes without orders and is no forfeit (UTD3.31) — ${e.excusedLeft} excused turn${e.excusedLeft === 1 ? '' : 's'} left this year.`,
  SeatTakenOver: (e, { state }) => {
    const p = state.players.find((x) => x.id === e.userId);
    return `🪑 <@${e.userId}> takes over the seat of the **${p?.empire ?? 'departed'}** empire by vote ${e.voteId} (UTD3.91, \`removal.seat\`): its forces, bank (${p?.bank ?? '?'} BPV) and obligations are theirs, and they play its turns from now on.`;
  },
  DiceRedrawn: (e) =>
    `🎲 Dice undone by a revert stay drawn (UTD1.7, no re-roll): ${some(
      e.rolls.map((r) => `${r.purpose} ${r.results.join(', ')} (as drawn at #${r.eventSeq})`),
      5,
    )}.`,
} satisfies Words<GovernanceEvent>;

const REVERT_FAILURE_WORDS: Record<string, string> = {
  'revert/stale': 'its event is no longer in the log',
  'revert/not-this-cycle': 'the cycle has moved on',
  'revert/over-vote': 'a vote passed since it was proposed',
};

/** Lists at most `max` items, then how many more. */
function some(items: readonly string[], max: number): string {
  if (items.length === 0) return 'none';
  return items.length > max ? `${items.slice(0, max).join(', ')} and ${items.length - max} more` : items.join(', ');
}

/** The rolls a revert undoes: they stay drawn, so asking the same roll again gives the same dice. */
function rollsLine(rolls: readonly { seq: number; purpose: string; results: number[] }[]): string {
  return rolls.length === 0
    ? '🎲 No dice were rolled in those events.'
    : `🎲 Dice rolls undone (they stay drawn: the same roll asked again gets the same dice): ${some(
        rolls.map((r) => `#${r.seq} ${r.purpose}: ${r.results.join(', ')}`),
        8,
      )}.`;
}

/** What a correction sets, in the players' words. */
function correctionText(c: Correction, who: (id: string) => string): string {
  switch (c.kind) {
    case 'bank':
      return `${who(c.player)}'s bank to ${c.bank} BPV`;
    case 'condition':
      return `ship ${c.ship} to ${c.condition}`;
    case 'sector':
      return `${c.unit} to sector ${c.sector}`;
    case 'owner':
      return `${c.unit} to ${who(c.owner)}`;
    case 'development':
      return `the ${c.development} of ${c.sector} to ${c.owner === null ? 'none' : `an active one of ${who(c.owner)}`}`;
    case 'battle':
      return `the fate of ${c.unit} in battle ${c.battle} to ${c.fate}`;
  }
}

/** A state path with player ids given as names: `players[Alice].bank`. */
function pathText(path: string, state: CampaignState): string {
  return path.replace(/\[([^\]]+)\]/g, (all, id: string) => {
    const p = state.players.find((x) => x.id === id);
    return p ? `[${p.name}]` : all;
  });
}

/** The before/after lines of a correction (at most 12; the rest counted). */
export function changeLines(changes: readonly CorrectionChange[], state: CampaignState): string[] {
  const lines = changes
    .slice(0, 12)
    .map((c) => `  • \`${pathText(c.path, state)}\`: ${shown(c.before)} → ${shown(c.after)}`);
  if (changes.length > 12) lines.push(`  • … and ${changes.length - 12} more.`);
  return lines;
}

/** A departure under `removal.seat: takeover-by-vote`: the seat stays, with everything it holds. */
export function vacantSeatText(reason: 'resigned' | 'forfeits' | 'eliminated' | 'conceded', name: string): string {
  const why = {
    resigned: 'resigns',
    forfeits: 'is dropped after forfeits (UTD3.92)',
    eliminated: 'is out',
    conceded: 'concedes',
  }[reason];
  return `🪑 **${name}** ${why}. Their seat stays vacant with its forces, bank and obligations (\`removal.seat: takeover-by-vote\`): the players may vote a newcomer into it with \`/vote replace\` (UTD3.91, UTD1.7).`;
}

/** How a chain head is shown: enough hex to compare by eye, and the whole of it in the verify answer. */
export function shortHash(hash: string): string {
  return hash.slice(0, 16);
}

/** The line under a turn-start post: the chain head vouches for the whole log so far. */
export function chainHeadLine(head: string): string {
  return `🔗 Log chain head: \`${shortHash(head)}\` — \`/campaign verify\` checks the log against it.`;
}

const BREAK_WORDS = {
  'event-altered': (b) => `event #${b.seq} was changed after it was stored (its content no longer matches its hash)`,
  'link-broken': (b) =>
    `event #${b.seq} does not link to the event before it (an event was removed, inserted or re-hashed before it)`,
  'seq-gap': (b) => `event #${b.seq} stands where event #${b.expected} should (the sequence has a gap)`,
  unchained: (b) => `event #${b.seq} was stored before the log was chained (the next command chains it)`,
} satisfies { [K in ChainBreak['code']]: (b: Extract<ChainBreak, { code: K }>) => string };

export function breakText(b: ChainBreak): string {
  return (BREAK_WORDS[b.code] as (b: ChainBreak) => string)(b);
}

const shown = (v: unknown): string => {
  const text = v === undefined ? 'nothing' : JSON.stringify(v);
  return text.length > 60 ? `${text.slice(0, 57)}…` : text;
};

/** The answer to `/campaign verify`. */
export function verificationText(name: string, v: Verification): string {
  const unchained = v.breaks.filter((b) => b.code === 'unchained');
  const broken = v.breaks.filter((b) => b.code !== 'unchained');
  if (broken.length === 0 && v.state.length === 0 && !v.replayFailed) {
    const legacy = unchained.length
      ? ` Events #${unchained[0]!.seq}–#${unchained.at(-1)!.seq} were stored before the log was chained; the next command chains them.`
      : '';
    return `🔗 **${name}**: the log of ${v.events} events verifies — every hash links, and replaying it gives the stored state. Chain head \`${v.head}\`.${legacy}`;
  }
  const lines = [`⚠️ **${name}**: the log does not verify.`];
  for (const b of broken.slice(0, 10)) lines.push(`- ${breakText(b)}`);
  if (broken.length > 10) lines.push(`- … and ${broken.length - 10} more`);
  if (v.replayFailed) lines.push(`- the log cannot be replayed: event #${v.replayFailed.seq} does not apply`);
  for (const d of v.state)
    lines.push(
      `- the stored state differs from the log at \`${d.path}\`: stored ${shown(d.before)}, the log gives ${shown(d.after)}`,
    );
  return lines.join('\n');
}
