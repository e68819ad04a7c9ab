import { z } from 'zod';
import { bpvToString, parseBpv } from '../exact/bpv.ts';
import { refuse, type RuleError } from '../errors.ts';
import { jsonDifferences } from '../json-diff.ts';
import type { Correction, CorrectionChange, DevelopmentKind, ShipConditionValue } from './correction-events.ts';
import type { Decider } from './decider.ts';
import { findSector } from './lookup.ts';
import { maxFleets } from './navy-limits.ts';
import type { OrderTable } from './order-spec.ts';
import type { CampaignState, Player, Vote } from './state.ts';
import { openVote } from './vote-open.ts';
import { applyCorrection } from './correction-apply.ts';

/**
 * Amend by vote (UTD1.7; docs/rules-notes.md "Corrections by consent"). Without a moderator the
 * players themselves put right what play got wrong: a mistyped bank, a ship's condition, a unit on
 * the wrong sector or of the wrong owner, a development, the fate a battle recorded. A player
 * proposes one typed correction with its reason; the channel sees the difference it makes before
 * anyone votes (`AmendmentProposed`); a UTD1.7 supermajority applies it (`StateAmended`, whose fold
 * is the correction itself, so a replay of the log gives the amended state). Stored events are
 * never rewritten. A correction whose target is gone or changed when its vote passes is not
 * applied (`AmendmentFailed`).
 */
export type AmendCommand = {
  type: 'vote-amend';
  /** What is corrected: `bank`, `condition`, `sector`, `owner`, `development`, `battle`. */
  what: string;
  /** The player, unit, sector or battle corrected. */
  target: string;
  /** The value it should have (see `AMEND_FORMATS`). */
  value: string;
  reason: string;
};

export const CORRECTION_KINDS = ['bank', 'condition', 'sector', 'owner', 'development', 'battle'] as const;

/** How each kind's target and value are written (the refusal of a malformed one quotes this). */
export const AMEND_FORMATS = {
  bank: 'target: a player (empire or name); value: the bank in BPV, e.g. 120 or 87.5',
  condition: 'target: a ship id (S12); value: undamaged, crippled or wrecked',
  sector: 'target: a fleet (F3), a base (B7) or a ship outside any fleet; value: a sector key or name',
  owner: 'target: a fleet (F3), a base (B7) or a ship outside any fleet; value: the new owner (empire or name)',
  development: 'target: a sector; value: colony, mine or fort, then its owner or none, e.g. `colony lyran`',
  battle: 'target: a resolved battle (B9); value: a unit of it and its fate, e.g. `S12 crippled`',
} as const satisfies Record<(typeof CORRECTION_KINDS)[number], string>;

const REASON_MAX = 300;
const CONDITIONS: readonly ShipConditionValue[] = ['undamaged', 'crippled', 'wrecked'];
const DEVELOPMENTS: readonly DevelopmentKind[] = ['colony', 'mine', 'fort'];

const malformed = (kind: string, message: string): never =>
  refuse(
    'amend/malformed',
    'UTD1.7',
    message,
    `A ${kind} correction is written so: ${AMEND_FORMATS[kind as keyof typeof AMEND_FORMATS]}.`,
  );

/** A player by Discord id, name or empire (ignoring case); still in the campaign. */
function playerRef(state: CampaignState, ref: string): Player | undefined {
  const t = ref
    .trim()
    .replace(/^<@!?(\d+)>$/, '$1')
    .toLowerCase();
  return state.players.find(
    (p) => p.status === 'active' && (p.id.toLowerCase() === t || p.name.toLowerCase() === t || p.empire === t),
  );
}

/** Reads the proposal's words into one typed correction, or refuses naming what is wrong. */
export function parseCorrection(state: CampaignState, what: string, target: string, value: string): Correction {
  const kind = what.trim().toLowerCase();
  if (!(CORRECTION_KINDS as readonly string[]).includes(kind))
    refuse(
      'amend/malformed',
      'UTD1.7',
      `\`${what.slice(0, 30)}\` is not something an amendment corrects.`,
      `Correct one of: ${CORRECTION_KINDS.join(', ')}.`,
    );
  const t = target.trim();
  const v = value.trim();
  switch (kind as (typeof CORRECTION_KINDS)[number]) {
    case 'bank': {
      const p = playerRef(state, t) ?? malformed('bank', `No active player \`${t.slice(0, 40)}\`.`);
      const amount = parseBpv(v);
      if (!amount || amount.isNegative())
        malformed('bank', `\`${v.slice(0, 30)}\` is not a bank: a bank is 0 BPV or more (UTD4.3236).`);
      return { kind: 'bank', player: p.id, bank: bpvToString(amount!) };
    }
    case 'condition': {
      const c = v.toLowerCase() as ShipConditionValue;
      if (!CONDITIONS.includes(c)) malformed('condition', `\`${v.slice(0, 30)}\` is not a ship condition.`);
      return { kind: 'condition', ship: t.toUpperCase(), condition: c };
    }
    case 'sector': {
      const sector =
        findSector(state, v) ?? malformed('sector', `There is no sector \`${v.slice(0, 40)}\` on the map.`);
      return { kind: 'sector', unit: t.toUpperCase(), sector: sector.key };
    }
    case 'owner': {
      const p = playerRef(state, v) ?? malformed('owner', `No active player \`${v.slice(0, 40)}\`.`);
      return { kind: 'owner', unit: t.toUpperCase(), owner: p.id };
    }
    case 'development': {
      const sector =
        findSector(state, t) ?? malformed('development', `There is no sector \`${t.slice(0, 40)}\` on the map.`);
      const [dev, who, ...rest] = v.split(/\s+/);
      if (!DEVELOPMENTS.includes(dev?.toLowerCase() as DevelopmentKind) || !who || rest.length)
        malformed('development', `\`${v.slice(0, 40)}\` does not name a development and its owner.`);
      const owner =
        who!.toLowerCase() === 'none'
          ? null
          : (playerRef(state, who!) ?? malformed('development', `No active player \`${who!.slice(0, 40)}\`.`)).id;
      return { kind: 'development', sector: sector.key, development: dev!.toLowerCase() as DevelopmentKind, owner };
    }
    case 'battle': {
      const [unit, fate, ...rest] = v.split(/\s+/);
      if (!unit || !CONDITIONS.includes(fate?.toLowerCase() as ShipConditionValue) || rest.length)
        malformed('battle', `\`${v.slice(0, 40)}\` does not name a unit and its fate.`);
      return {
        kind: 'battle',
        battle: t.toUpperCase(),
        unit: unit!.toUpperCase(),
        fate: fate!.toLowerCase() as ShipConditionValue,
      };
    }
  }
}

type Problem = Pick<RuleError, 'code' | 'rule' | 'message'> & { hint?: string };

/**
 * What keeps a correction from applying to this state (its target gone, no change, a fleet that
 * could not exist), or null. Asked when it is proposed and again when its vote passes.
 */
export function correctionProblem(state: CampaignState, c: Correction): Problem | null {
  const stale = (message: string, hint?: string): Problem => ({
    code: 'amend/stale',
    rule: 'UTD1.7',
    message,
    ...(hint ? { hint } : {}),
  });
  switch (c.kind) {
    case 'bank': {
      const p = state.players.find((x) => x.id === c.player && x.status === 'active');
      if (!p) return stale('That player is no longer in the campaign.');
      return null;
    }
    case 'condition': {
      const ship = state.ships.find((x) => x.id === c.ship);
      if (!ship) return stale(`There is no ship ${c.ship} on the map.`);
      return null;
    }
    case 'sector': {
      if (!state.map?.sectors.some((x) => x.key === c.sector)) return stale(`There is no sector ${c.sector}.`);
      const ship = state.ships.find((x) => x.id === c.unit);
      if (ship?.fleetId)
        return stale(
          `Ship ${c.unit} sails in fleet ${ship.fleetId}, and a fleet's ships share its sector (UTD7.2).`,
          `Correct the sector of fleet ${ship.fleetId} instead.`,
        );
      if (!ship && !state.fleets.some((f) => f.id === c.unit) && !state.bases.some((b) => b.id === c.unit))
        return stale(`There is no fleet, base or ship ${c.unit} on the map.`);
      return null;
    }
    case 'owner': {
      if (!state.players.some((x) => x.id === c.owner && x.status === 'active'))
        return stale('The new owner is no longer in the campaign.');
      const ship = state.ships.find((x) => x.id === c.unit);
      if (ship?.fleetId)
        return stale(
          `Ship ${c.unit} sails in fleet ${ship.fleetId}; a fleet holds only its owner's ships (UTD7.2).`,
          `Correct the owner of fleet ${ship.fleetId}, or organize the ship out of it first.`,
        );
      const fleet = state.fleets.find((f) => f.id === c.unit);
      if (fleet && fleet.owner !== c.owner) {
        const owner = state.players.find((x) => x.id === c.owner)!;
        const held = state.fleets.filter((f) => f.owner === c.owner).length;
        if (held >= maxFleets(state, owner))
          return {
            code: 'amend/fleet-limit',
            rule: 'UTD7.21',
            message: `${owner.name} already has ${held} fleets, the most allowed: fleet ${c.unit} could not be theirs.`,
          };
      }
      if (!ship && !fleet && !state.bases.some((b) => b.id === c.unit))
        return stale(`There is no fleet, base or ship ${c.unit} on the map.`);
      return null;
    }
    case 'development':
      if (!state.map?.sectors.some((x) => x.key === c.sector)) return stale(`There is no sector ${c.sector}.`);
      return null;
    case 'battle': {
      const battle = state.battles.find((b) => b.id === c.battle);
      if (!battle) return stale(`There is no battle ${c.battle}.`);
      if (battle.status !== 'resolved' || !battle.result)
        return stale(
          `Battle ${c.battle} is not settled yet: its result is still the players' to report.`,
          'Use `/battle` to propose or confirm its result.',
        );
      if (!battle.participants.some((p) => p.units.includes(c.unit)))
        return stale(`Unit ${c.unit} did not fight in battle ${c.battle}.`);
      if (!state.ships.some((x) => x.id === c.unit))
        return stale(
          `Unit ${c.unit} is no longer on the map: an amendment cannot bring back what the battle destroyed or took.`,
          'Within the cycle, `/campaign revert` returns to the state before the battle, with every player concerned agreeing.',
        );
      return null;
    }
  }
}

/** What the correction would change, path by path (the difference shown before the vote). */
export function correctionChanges(state: CampaignState, c: Correction): CorrectionChange[] {
  const after = structuredClone(state);
  applyCorrection(after, c);
  return jsonDifferences(state, after, 20);
}

/**
 * The subjects a vote concerns, so that two votes on the same thing are never open together:
 * an amendment's target (and a fleet's ships, a battle's units), any vote about a battle, and a
 * revert, which concerns everything since its event.
 */
export function voteSubjects(state: CampaignState, v: Vote['payload']): string[] {
  switch (v.kind) {
    case 'amendment': {
      const c = v.correction;
      switch (c.kind) {
        case 'bank':
          return [`bank:${c.player}`];
        case 'condition':
          return [`unit:${c.ship}`];
        case 'sector':
        case 'owner':
          return [
            `unit:${c.unit}`,
            ...state.ships.filter((x) => x.fleetId === c.unit || x.dock?.yardId === c.unit).map((x) => `unit:${x.id}`),
          ];
        case 'development':
          return [`development:${c.sector}:${c.development}`];
        case 'battle':
          return [`battle:${c.battle}`, `unit:${c.unit}`];
      }
      break;
    }
    case 'battle-extension':
    case 'appeal':
    case 'npe-result':
    case 'npe-outsider':
    case 'npe-outsider-validate':
    case 'battle-excuse':
    case 'battle-stand-in':
      return [`battle:${v.battleId}`];
    case 'revert':
      return ['everything'];
    default:
      return [];
  }
  return [];
}

/** UTD1.7: one vote at a time on one subject (an amendment also waits for an open revert). */
export function openVoteOnSubject(state: CampaignState, subjects: readonly string[]): Vote | undefined {
  const wanted = new Set(subjects);
  return state.votes.find(
    (v) =>
      v.status === 'open' &&
      voteSubjects(state, v.payload).some((s) => wanted.has(s) || s === 'everything' || wanted.has('everything')),
  );
}

export function proposeAmendmentOfState(d: Decider, what: string, target: string, value: string, reason: string): void {
  const state = d.state;
  if (state.status !== 'active')
    refuse(
      'amend/not-in-play',
      'UTD1.7',
      state.status === 'finished'
        ? `**${state.name}** is over; its record no longer changes.`
        : `**${state.name}** has not begun play: there is nothing played to correct.`,
    );
  const why = reason.trim().replace(/\s+/g, ' ');
  if (why.length === 0)
    refuse('amend/no-reason', 'UTD1.7', 'An amendment gives its reason, so the players know what they vote on.');
  if (why.length > REASON_MAX)
    refuse(
      'amend/reason-long',
      'UTD1.7',
      `A reason has at most ${REASON_MAX} characters (this one has ${why.length}).`,
    );
  const correction = parseCorrection(state, what, target, value);
  const problem = correctionProblem(state, correction);
  if (problem) refuse(problem.code, problem.rule, problem.message, problem.hint);
  const changes = correctionChanges(state, correction);
  if (changes.length === 0)
    refuse('amend/no-change', 'UTD1.7', 'The campaign already stands so: this amendment would change nothing.');
  const payload = { kind: 'amendment' as const, correction, reason: why };
  const open = openVoteOnSubject(state, voteSubjects(state, payload));
  if (open)
    refuse(
      'vote/duplicate',
      'UTD1.7',
      `Vote ${open.id} on the same subject is open: ${open.question.slice(0, 200)}`,
      'Wait for it to close, or let its proposer withdraw it.',
    );
  const vote = openVote(d, payload, `Amend the campaign (${correction.kind}): ${why}`);
  d.emit({ type: 'AmendmentProposed', voteId: vote.id, correction, reason: why, changes });
}

/** Called when any vote closes (votes.ts): a passed amendment applies now, if its target still fits. */
export function onStateAmendmentVoteClosed(d: Decider, v: Vote, passed: boolean): void {
  const p = v.payload;
  if (!passed || p.kind !== 'amendment') return;
  const problem = correctionProblem(d.state, p.correction);
  const changes = problem ? [] : correctionChanges(d.state, p.correction);
  if (problem || changes.length === 0) {
    d.emit({
      type: 'AmendmentFailed',
      voteId: v.id,
      correction: p.correction,
      failure: { code: 'stale', message: problem?.message ?? 'The campaign already stands as the amendment asked.' },
    });
    return;
  }
  d.emit({ type: 'StateAmended', voteId: v.id, correction: p.correction, reason: p.reason, changes });
}

export const AMEND_ORDERS = {
  'vote-amend': {
    input: z.object({ what: z.string(), target: z.string(), value: z.string(), reason: z.string() }),
    who: 'self',
    decide: (d, c) => proposeAmendmentOfState(d, c.what, c.target, c.value, c.reason),
  },
} satisfies OrderTable<AmendCommand>;
