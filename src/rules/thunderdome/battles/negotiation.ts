import { z } from 'zod';
import type { BattleExtensionReason } from '../reasons.ts';
import { refuse } from '../../errors.ts';
import { endOfDayAfter } from '../../deadlines.ts';
import { actingPlayer, type Decider } from '../decider.ts';
import { findSector } from '../lookup.ts';
import type { Battle, BattleProposal, BattleResult, ResultEvidence, UnitFate } from '../state.ts';
import { hoursFrom, NPE, openBattle, playerSides, sideOfUser, speakerOf } from './common.ts';
import { proposeExcuse } from './excuse-vote.ts';
import { applyResult, validateResult } from './outcome.ts';
import { backToPlay } from './progress.ts';

/** What a player types in `/battle propose` or `/battle report`, before it is checked. */
export interface ResultInput {
  winner: string;
  destroyed: string[];
  crippled: string[];
  wrecked: string[];
  captured: string[];
  /** A sector for every loser, or `player=sector` pairs in a battle of three or more. */
  retreat: string | null;
  provisional: string[];
  planetDamage: number;
  note: string;
  /** An SFB Online log or a screenshot attached as evidence (UTD7.44): kept with the result. */
  evidence?: ResultEvidence | null;
}

/**
 * Evidence is a link the players can open, nothing the rules read: only a web address is kept,
 * and its name and address are bounded so the stored result stays small.
 */
function evidenceOf(e: ResultEvidence): ResultEvidence {
  if (!/^https?:\/\/\S+$/.test(e.url) || e.url.length > 1000)
    refuse('result/bad-evidence', 'UTD7.44', 'The evidence must be a file attached to the command (a web link).');
  return { url: e.url, name: e.name.slice(0, 100) || 'evidence' };
}

/** The input schema of a result (`battle-propose`, `battle-appeal`): shapes only, the rules judge the rest. */
export const resultInput = z.object({
  winner: z.string(),
  destroyed: z.array(z.string()),
  crippled: z.array(z.string()),
  wrecked: z.array(z.string()),
  captured: z.array(z.string()),
  retreat: z.string().nullable(),
  provisional: z.array(z.string()),
  planetDamage: z.int(),
  note: z.string(),
  evidence: z.object({ url: z.string(), name: z.string() }).nullable().exactOptional(),
}) satisfies z.ZodType<ResultInput>;

const PLAYING: readonly Battle['stage'][] = [
  'awaiting-contact',
  'awaiting-response',
  'in-play',
  'negotiating',
  'result-proposed',
  'stalled',
];

/** The side the acting user speaks for, refusing anyone else. */
export function mySide(d: Decider, b: Battle): string {
  // The NPE runner speaks for the NPE; anyone else for the player they are (or are proxy of).
  const side = sideOfUser(b, d.ctx.actor.userId) ?? actingPlayer(d.state, d.ctx).id;
  if (!b.sides.includes(side)) refuse('battle/not-a-side', 'UTD7.42', `You are not fighting in battle ${b.id}.`);
  return side;
}

function unitRef(b: Battle, ref: string): string {
  const id = ref.trim().toUpperCase();
  const all = b.participants.flatMap((p) => [...p.units, ...p.heldOut]);
  if (!all.includes(id))
    refuse(
      'result/unknown-unit',
      'UTD7.4234',
      `\`${ref.slice(0, 20)}\` is not a unit of battle ${b.id}.`,
      `Units: ${b.participants.flatMap((p) => p.units).join(', ')}.`,
    );
  return id;
}

/** A side by player id, mention, name, or `npe`. */
function sideRef(d: Decider, ref: string): string {
  const t = ref.trim().replace(/^<@!?(\d+)>$/, '$1');
  if (/^npe$/i.test(t)) return NPE;
  return d.state.players.find((p) => p.id === t || p.name.toLowerCase() === t.toLowerCase())?.id ?? t;
}

/** Turns the form into a result: captures go to the winner (or to the other side when the winner lost the ship). */
export function buildResult(d: Decider, b: Battle, input: ResultInput): BattleResult {
  const winner = sideRef(d, input.winner);
  if (!b.sides.includes(winner))
    refuse('result/bad-winner', 'UTD7.44', `The winner must be one of the sides of battle ${b.id}.`);
  const units: BattleResult['units'] = {};
  const mark = (list: string[], fate: UnitFate) => {
    for (const ref of list) {
      const id = unitRef(b, ref);
      if (units[id]) refuse('result/twice', 'UTD7.4', `${id} is named twice in the result.`);
      if (fate === 'captured') {
        const owner = b.participants.find((p) => p.units.includes(id))!.side;
        const by = owner === winner ? b.sides.find((x) => x !== owner)! : winner;
        units[id] = { fate, capturedBy: by };
      } else units[id] = { fate };
    }
  };
  mark(input.destroyed, 'destroyed');
  mark(input.captured, 'captured');
  mark(input.crippled, 'crippled');
  mark(input.wrecked, 'wrecked');
  const retreats: Record<string, string> = {};
  if (input.retreat) {
    const losers = b.sides.filter((x) => x !== winner && x !== NPE);
    const pairs = input.retreat.includes('=')
      ? input.retreat.split(',').map((x) => x.split('=').map((y) => y.trim()) as [string, string])
      : losers.map((l) => [l, input.retreat!] as [string, string]);
    for (const [who, where] of pairs) {
      const player = d.state.players.find((p) => p.id === who || p.name.toLowerCase() === who.toLowerCase());
      if (!player || !losers.includes(player.id))
        refuse('result/bad-retreat', 'UTD7.466', `\`${who.slice(0, 30)}\` is not a losing player of this battle.`);
      const sector = findSector(d.state, where);
      if (!sector) refuse('sector/unknown', 'UTD7.46', `There is no sector \`${where.slice(0, 30)}\`.`);
      retreats[player.id] = sector.key;
    }
  }
  const provisional = input.provisional.map((r) => unitRef(b, r));
  return validateResult(d, b, {
    winner,
    units,
    retreats,
    provisional,
    planetDamage: input.planetDamage,
    note: input.note.slice(0, 500),
    ...(input.evidence ? { evidence: evidenceOf(input.evidence) } : {}),
  });
}

/**
 * `/battle propose` (UTD3.41, a settlement) or `/battle report` (a game played in SFB): one side
 * states the whole result; it also counts as making contact (UTD3.42, 3.43).
 */
export function propose(d: Decider, ref: string, kind: BattleProposal['kind'], input: ResultInput): void {
  const b = openBattle(d.state, ref);
  const side = mySide(d, b);
  if (!PLAYING.includes(b.stage))
    refuse(
      'battle/not-ready',
      'UTD7.45',
      `Battle ${b.id} is ${b.stage.replace('-', ' ')}; results come after the fleets and setup.`,
    );
  const result = buildResult(d, b, input);
  noteContact(d, b, side);
  const proposal: BattleProposal = {
    id: b.proposals.length + 1,
    by: side,
    kind,
    result,
    at: d.ctx.now.toISOString(),
    acceptedBy: [side],
    status: 'open',
  };
  d.emit({ type: 'BattleProposed', battleId: b.id, proposal });
  d.emit({
    type: 'BattleStageChanged',
    battleId: b.id,
    stage: kind === 'report' ? 'result-proposed' : 'negotiating',
    deadlines: {},
    reason: { code: kind === 'report' ? 'result-reported' : 'settlement-proposed' },
  });
}

/** `/battle accept` or `/battle confirm`: all sides agree → applied, except a negotiated NPE result, which waits 48 h for objections (UTD5.47, ISS-A61). */
export function accept(d: Decider, ref: string): void {
  const b = openBattle(d.state, ref);
  const side = mySide(d, b);
  const p = b.proposals.find((x) => x.status === 'open');
  if (!p || (b.stage !== 'negotiating' && b.stage !== 'result-proposed'))
    refuse('battle/no-proposal', 'UTD3.41', `Battle ${b.id} has no result waiting for an answer.`);
  if (p.acceptedBy.includes(side))
    refuse('battle/already-agreed', 'UTD3.41', 'You already agreed to this result; the other side must answer.');
  noteContact(d, b, side);
  d.emit({ type: 'BattleProposalAnswered', battleId: b.id, proposalId: p.id, playerId: side, accepted: true });
  const agreed = [...p.acceptedBy, side];
  if (!b.sides.every((x) => agreed.includes(x) || (x === NPE && !b.npe?.runner))) return;
  if (b.npe && p.kind === 'negotiated') {
    d.emit({
      type: 'BattleStageChanged',
      battleId: b.id,
      stage: 'objection-window',
      deadlines: { window: hoursFrom(d.ctx.now, d.state.settings['npe.objectionWindowHours']) },
      reason: { code: 'npe-objection-window' },
    });
    return;
  }
  applyResult(d, b.id, p.result, p.kind === 'report' ? 'confirmed' : 'negotiated');
}

/** `/battle reject`: a settlement goes back to play; a disputed report stalls the battle (negotiate, extend or appeal). */
export function reject(d: Decider, ref: string): void {
  const b = openBattle(d.state, ref);
  const side = mySide(d, b);
  const p = b.proposals.find((x) => x.status === 'open');
  if (!p) refuse('battle/no-proposal', 'UTD3.41', `Battle ${b.id} has no result waiting for an answer.`);
  if (p.by === side) {
    d.emit({ type: 'BattleProposalAnswered', battleId: b.id, proposalId: p.id, playerId: side, accepted: false });
    backToPlay(d, b.id, { code: 'proposal-withdrawn' });
    return;
  }
  d.emit({ type: 'BattleProposalAnswered', battleId: b.id, proposalId: p.id, playerId: side, accepted: false });
  if (p.kind === 'report')
    d.emit({
      type: 'BattleStageChanged',
      battleId: b.id,
      stage: 'stalled',
      deadlines: {},
      reason: { code: 'result-disputed' },
    });
  else backToPlay(d, b.id, { code: 'settlement-rejected' });
}

/** Contact and answer (UTD3.42#1, 3.43#1): the first word from each side stops its three-day clock. */
export function noteContact(d: Decider, b: Battle, side: string, when: string | null = null): void {
  const current = d.state.battles.find((x) => x.id === b.id)!;
  const speaker = speakerOf(current, side) ?? side;
  if (side === current.contactBy && !current.contactedAt) {
    d.emit({ type: 'BattleContactMade', battleId: b.id, playerId: speaker, kind: 'contact', when });
    if (current.stage === 'awaiting-contact')
      d.emit({
        type: 'BattleStageChanged',
        battleId: b.id,
        stage: 'awaiting-response',
        deadlines: {},
        reason: { code: 'contact-made' },
      });
    return;
  }
  if (side !== current.contactBy && !current.respondedAt) {
    if (!current.contactedAt)
      d.emit({ type: 'BattleContactMade', battleId: b.id, playerId: speaker, kind: 'contact', when: null });
    d.emit({ type: 'BattleContactMade', battleId: b.id, playerId: speaker, kind: 'response', when });
    const now = d.state.battles.find((x) => x.id === b.id)!;
    if (now.stage === 'awaiting-contact' || now.stage === 'awaiting-response')
      d.emit({
        type: 'BattleStageChanged',
        battleId: b.id,
        stage: 'in-play',
        deadlines: { contact: null },
        reason: { code: 'in-touch' },
      });
    return;
  }
  if (when) d.emit({ type: 'BattleContactMade', battleId: b.id, playerId: speaker, kind: 'session', when });
}

/** `/battle schedule`: makes contact, answers, or logs a session time (UTD3.4). */
export function schedule(d: Decider, ref: string, when: string | null): void {
  const b = openBattle(d.state, ref);
  const side = mySide(d, b);
  if (!PLAYING.includes(b.stage))
    refuse('battle/not-ready', 'UTD3.4', `Battle ${b.id} is still ${b.stage.replace('-', ' ')}.`);
  const text = when?.trim().slice(0, 100) || null;
  const before = d.events.length;
  noteContact(d, b, side, text);
  if (d.events.length === before)
    refuse('battle/nothing-new', 'UTD3.4', 'Contact is already made; give a session time to log it.');
}

/**
 * UTD3.42#2 with ISS-A15: an opponent reports a failure to show up or to give reasonable time.
 * The second unexcused failure in a battle forces the failing side to retreat.
 */
export function reportFailure(d: Decider, ref: string, player: string): { forced: boolean } {
  const b = openBattle(d.state, ref);
  const side = mySide(d, b);
  const target = b.sides.includes(player) ? player : b.npe?.runner === player ? NPE : null;
  if (!target || target === side)
    refuse('battle/bad-failure', 'UTD3.42', 'Report a failure of your opponent in this battle.');
  if (!['awaiting-response', 'in-play', 'negotiating', 'result-proposed', 'stalled'].includes(b.stage))
    refuse('battle/not-ready', 'UTD3.42', 'Failures to play count once the battle is being scheduled.');
  d.emit({ type: 'BattleFailureReported', battleId: b.id, player: target, reportedBy: side, excused: false });
  const unexcused = unexcusedFailures(d.state.battles.find((x) => x.id === b.id)!, target);
  return { forced: unexcused >= d.state.settings['battle.failuresBeforeRetreat'] };
}

/** UTD3.42#2: the one failure excused by citing real life, which need not be described. */
export function excuseFailure(d: Decider, ref: string): void {
  const b = openBattle(d.state, ref);
  const side = mySide(d, b);
  const mine = b.failures.filter((f) => f.player === side);
  const excused = mine.filter((f) => f.excused).length;
  if (unexcusedFailures(b, side) === 0)
    refuse('battle/no-failure', 'UTD3.42', 'You have no failure to excuse in this battle.');
  // Beyond the real-life excuses, the other players may excuse it by supermajority (ISS-A15, TC-114).
  if (excused >= d.state.settings['battle.rlExcusesPerBattle']) return proposeExcuse(d, b, side);
  d.emit({ type: 'BattleFailureReported', battleId: b.id, player: side, reportedBy: side, excused: true });
}

/** Unexcused failures of a side, an excuse cancelling one. */
export function unexcusedFailures(b: Battle, side: string): number {
  const f = b.failures.filter((x) => x.player === side);
  return Math.max(0, f.filter((x) => !x.excused).length - f.filter((x) => x.excused).length);
}

/**
 * UTD3.44: a one-week extension is automatic when the asker cites real life, or when every side
 * asks; anything else goes to a supermajority vote. Returns the vote question when one is needed.
 */
export function askExtension(d: Decider, ref: string, reason: 'real-life' | 'other', days: number): { vote: boolean } {
  const b = openBattle(d.state, ref);
  const side = mySide(d, b);
  if (!Number.isInteger(days) || days < 1 || days > 28)
    refuse('extension/bad-days', 'UTD3.44', 'Ask for 1 to 28 days.');
  const week = d.state.settings['deadline.autoExtensionDays'];
  const tz = d.state.settings['deadline.timezone'];
  const which = b.stage === 'awaiting-contact' || b.stage === 'awaiting-response' ? 'contact' : 'resolve';
  const current = b.deadlines[which] ?? b.deadlines.resolve!;
  const extend = (why: BattleExtensionReason) => {
    const deadline = endOfDayAfter(new Date(current), days, tz).toISOString();
    d.emit({
      type: 'BattleExtended',
      battleId: b.id,
      days,
      reason: why,
      automatic: true,
      resolve: which === 'resolve' ? deadline : b.deadlines.resolve!,
    });
    if (which === 'contact')
      d.emit({
        type: 'BattleStageChanged',
        battleId: b.id,
        stage: b.stage,
        deadlines: { contact: deadline },
        reason: { code: 'contact-deadline-moved', deadline },
      });
    if (b.stage === 'stalled') backToPlay(d, b.id, { code: 'extended' });
  };
  if (days === week && reason === 'real-life') {
    extend({ code: 'real-life-automatic' });
    return { vote: false };
  }
  if (days === week) {
    d.emit({ type: 'BattleExtensionAsked', battleId: b.id, playerId: side });
    const asks = d.state.battles.find((x) => x.id === b.id)!.extensionAsks;
    if (playerSides(b).every((x) => asks.includes(x))) {
      // Every side asked (TC-115): automatic; the vote the first ask opened is no longer needed.
      for (const v of d.state.votes.filter(
        (x) => x.status === 'open' && x.payload.kind === 'battle-extension' && x.payload.battleId === b.id,
      ))
        d.emit({ type: 'VoteWithdrawn', voteId: v.id, playerId: v.proposer });
      extend({ code: 'both-asked' });
      return { vote: false };
    }
    // One side alone without real life: the others decide by vote, unless the other side asks too (TC-115).
    return {
      vote: !d.state.votes.some(
        (x) => x.status === 'open' && x.payload.kind === 'battle-extension' && x.payload.battleId === b.id,
      ),
    };
  }
  return { vote: true };
}
