import type { Variant } from '../kernel/tables.ts';
import { bpv, bpvToString } from '../exact/bpv.ts';
import { EMPIRES } from './empires.ts';
import { orderEvent, type CampaignEvent, type StoredEvent } from './events.ts';
import { TERRAIN, TERRAIN_IDS } from './exploration/tables.ts';
import type {
  AnschlussCause,
  BankLostReason,
  BattleExtensionReason,
  BattleSummaryLine,
  BpvAwardReason,
  DefenseCancelReason,
  DevelopmentCancelledReason,
  DevelopmentGrantReason,
  ExploredStep,
  ExploredStepDetail,
  ForcedRetreatCause,
  FreeMove,
  NpeUpdateReason,
  SeedsRevealedReason,
  ShipsGainedReason,
  StageReason,
  TurnExtensionReason,
  UnitRef,
  VoteCloseReason,
  YardCancelReason,
} from './reasons.ts';
import { SETTING_KEYS, withDefaults, type Settings } from './settings.ts';
import type { CampaignState, NpeBattle, TurnOrder } from './state.ts';

/** True when stored settings have every key of this version and none it dropped. */
function settingsCurrent(stored: Settings): boolean {
  const keys = Object.keys(stored);
  return keys.length === SETTING_KEYS.length && SETTING_KEYS.every((k) => k in stored);
}

/**
 * The upcaster: stored events and states of older versions, read as this version's shapes. Pure;
 * applied wherever stored events enter the program (loading a campaign's log or state from the
 * database, importing an export), so the rules and the words only ever see the current shapes.
 *
 * Older versions stored English sentences in events (a battle's stage change, an extension). They
 * are mapped back to the reason codes the words layer words (reasons.ts); the sentences below are
 * the ones the old versions wrote, frozen here whatever the words say today. A sentence that maps
 * to no code is kept as `{ code: 'text', text }`, so nothing stored is lost.
 */

/** The old sentences of BattleStageChanged.reason without parameters (UTD3.4–3.5, UTF3.45, UTD5.43–5.47). */
const OLD_STAGE_SENTENCES: Readonly<Record<string, StageReason>> = {
  'every side has its battle fleet; the setup is rolled': { code: 'setup-rolled' },
  'contact made; the other side must answer within the same three days (UTD3.43)': { code: 'contact-made' },
  'both sides are in touch; the battle is scheduled or played (UTD3.5)': { code: 'in-touch' },
  'four weeks have passed (UTD3.5): settle it, ask for an extension, or appeal (UTD3.43#2–3.45)': {
    code: 'stalled-four-weeks',
  },
  extended: { code: 'extended' },
  'extended by vote': { code: 'extended-by-vote' },
  'a result is reported; the other side accepts or rejects': { code: 'result-reported' },
  'a settlement is proposed; the other side accepts or rejects': { code: 'settlement-proposed' },
  'the reported result is disputed: negotiate, ask for an extension or appeal (UTD3.43#2–3.45)': {
    code: 'result-disputed',
  },
  'the settlement was rejected; counter with `/battle propose`': { code: 'settlement-rejected' },
  'the proposer withdrew it': { code: 'proposal-withdrawn' },
  'any player may object to a negotiated NPE result (UTD5.47)': { code: 'npe-objection-window' },
  'the negotiated NPE result was not approved by a supermajority of all players (UTD5.47)': {
    code: 'npe-result-not-approved',
  },
  'an appeal is under way: every side may submit its case within 48 hours (UTF3.45)': { code: 'appeal-under-way' },
  'the appeal found no supermajority; negotiate or appeal again (UTF3.45)': { code: 'appeal-no-supermajority' },
  'a player outside the battle may volunteer to run the NPE (UTD5.431)': { code: 'npe-runner-wanted' },
};

const CONTACT_MOVED = /^the contact deadline moves to (\S+)$/;
const FORCED_IMMOBILE =
  /^the fleets of a side that (.+) retreat; its immobile units cannot, so the other side reports a result for them \(ISS-A16\)$/s;
const FORCED = /^a side that (.+) retreats; the others settle the battle$/s;

/** BattleStageChanged.reason: a sentence (before export format 2) or a code. */
export function upcastStageReason(reason: unknown): StageReason {
  if (typeof reason !== 'string') {
    const r = reason as StageReason;
    // The first format 2 release kept the forced retreat's cause as its sentence.
    return r.code === 'forced-retreat' && typeof r.why === 'string'
      ? { ...r, why: upcastForcedRetreatCause(r.why) }
      : r;
  }
  const known = OLD_STAGE_SENTENCES[reason];
  if (known) return { ...known };
  let m = CONTACT_MOVED.exec(reason);
  if (m) return { code: 'contact-deadline-moved', deadline: m[1]! };
  m = FORCED_IMMOBILE.exec(reason);
  if (m) return { code: 'forced-retreat', why: upcastForcedRetreatCause(m[1]), immobile: true };
  m = FORCED.exec(reason);
  if (m) return { code: 'forced-retreat', why: upcastForcedRetreatCause(m[1]), immobile: false };
  // `<name> now builds the NPE force within N BPV (UTD5.467)` named the runner, not their id: kept as written.
  return { code: 'text', text: reason };
}

const OLD_FORCED_RETREAT_CAUSES: Readonly<Record<string, ForcedRetreatCause>> = {
  'made no contact within three days (UTD3.42#1)': { code: 'no-contact' },
  'did not answer within three days (UTD3.43#1)': { code: 'no-answer' },
  'failed to play twice (UTD3.42#2)': { code: 'failed-twice' },
};

/** The `why` of a forced retreat (ISS-A16): the verb phrase the old sentences embedded, or a code. */
export function upcastForcedRetreatCause(why: unknown): ForcedRetreatCause {
  if (typeof why !== 'string') return why as ForcedRetreatCause;
  const known = OLD_FORCED_RETREAT_CAUSES[why];
  return known ? { ...known } : { code: 'text', text: why };
}

const OLD_BATTLE_EXTENSION_SENTENCES: Readonly<Record<string, BattleExtensionReason>> = {
  'real life (UTD3.44, automatic)': { code: 'real-life-automatic' },
  'both players asked (UTD3.44#2, automatic)': { code: 'both-asked' },
  'granted by vote (UTD3.44#2)': { code: 'granted-by-vote' },
};

/** BattleExtended.reason and a battle's `extensions[].reason` in the state (UTD3.44). */
export function upcastBattleExtensionReason(reason: unknown): BattleExtensionReason {
  if (typeof reason !== 'string') return reason as BattleExtensionReason;
  const known = OLD_BATTLE_EXTENSION_SENTENCES[reason];
  return known ? { ...known } : { code: 'text', text: reason };
}

const OLD_TURN_EXTENSION_SENTENCES: Readonly<Record<string, TurnExtensionReason>> = {
  'real life (UTD3.32)': { code: 'real-life' },
  'granted by vote (UTD3.32)': { code: 'granted-by-vote' },
};

/** TurnExtended.reason (UTD3.32). */
export function upcastTurnExtensionReason(reason: unknown): TurnExtensionReason {
  if (typeof reason !== 'string') return reason as TurnExtensionReason;
  const known = OLD_TURN_EXTENSION_SENTENCES[reason];
  return known ? { ...known } : { code: 'text', text: reason };
}

/**
 * VoteClosed.reason (UTD1.7). The old sentence repeated the event's own count (`yes`, or `no` when
 * yes could no longer be reached); a sentence whose count differs from the event's is kept as text.
 */
export function upcastVoteCloseReason(reason: unknown, yes: number, no: number): VoteCloseReason {
  if (typeof reason !== 'string') return reason as VoteCloseReason;
  const n = Number;
  let m = /^(\d+) of (\d+) said yes; (\d+) were needed$/.exec(reason);
  if (m && n(m[1]) === yes) return { code: 'supermajority', electorate: n(m[2]), threshold: n(m[3]) };
  m = /^(\d+) said no, so (\d+) yes votes can no longer be reached$/.exec(reason);
  if (m && n(m[1]) === no) return { code: 'yes-unreachable', threshold: n(m[2]) };
  m = /^the vote closed with (\d+) yes of (\d+) needed$/.exec(reason);
  if (m && n(m[1]) === yes) return { code: 'deadline', threshold: n(m[2]) };
  m = /^(\d+) of (\d+) chose option (.+); (\d+) were needed$/.exec(reason);
  if (m && n(m[1]) === yes) return { code: 'option-chosen', option: m[3]!, electorate: n(m[2]), threshold: n(m[4]) };
  m = /^no option reached (\d+) votes by the deadline$/.exec(reason);
  if (m) return { code: 'no-option-by-deadline', threshold: n(m[1]) };
  m = /^no option can reach (\d+) votes any more$/.exec(reason);
  if (m) return { code: 'no-option-reachable', threshold: n(m[1]) };
  return { code: 'text', text: reason };
}

/** BankLost.reason (UTD4.3236). */
export function upcastBankLostReason(reason: unknown): BankLostReason {
  if (typeof reason !== 'string') return reason as BankLostReason;
  return reason === 'no capital, so no bank (UTD4.3236)' ? { code: 'no-capital' } : { code: 'text', text: reason };
}

/** SeedsRevealed.reason (UTD1.7). */
export function upcastSeedsRevealedReason(reason: unknown): SeedsRevealedReason {
  if (typeof reason !== 'string') return reason as SeedsRevealedReason;
  if (reason === 'the campaign ended') return { code: 'campaign-ended' };
  return reason === 'the players voted for it (UTD1.7)' ? { code: 'voted' } : { code: 'text', text: reason };
}

/** DevelopmentCancelled.reason (UTD2.3 step 1). */
export function upcastDevelopmentCancelledReason(reason: unknown): DevelopmentCancelledReason {
  if (typeof reason !== 'string') return reason as DevelopmentCancelledReason;
  return reason === 'the establishing fleet did not stay in the sector'
    ? { code: 'fleet-left' }
    : { code: 'text', text: reason };
}

/**
 * NpeBattleUpdated.reason (UTD5.46, 5.465, 5.467). The old sentences repeated what the event's
 * `npe` record holds (the attacker's BPV and the budget, the runner, the force); a sentence whose
 * numbers or units differ from the record's is kept as text. The runner's sentence named the
 * runner, who is the record's `runner`.
 */
export function upcastNpeUpdateReason(reason: unknown, npe: NpeBattle): NpeUpdateReason {
  if (typeof reason !== 'string') return reason as NpeUpdateReason;
  let m = /^the attacking fleet is worth (\S+) BPV, so the NPE may field (\S+) BPV \(UTD5\.465\)$/.exec(reason);
  if (m && m[1] === npe.attackerBpv && m[2] === npe.available) return { code: 'npe-budget' };
  m = /^.+ volunteered first and runs the NPE \(UTD5\.46\)$/s.exec(reason);
  if (m && npe.runner) return { code: 'runner-volunteered' };
  m = /^the NPE fields (.*) for (\S+) BPV$/s.exec(reason);
  const total = () => bpvToString(npe.force.reduce((sum, f) => sum.add(f.bpv), bpv(0)));
  if (m && m[1] === npe.force.map((f) => f.unitId).join(', ') && m[2] === total()) return { code: 'force-fielded' };
  return { code: 'text', text: reason };
}

const OLD_SHIPS_GAINED_SENTENCES: Readonly<Record<string, ShipsGainedReason>> = {
  'Anschluss tribute (UTD5.4A1)': { code: 'anschluss-tribute' },
  'Anschluss tribute chosen (UTD5.4A1)': { code: 'anschluss-tribute-chosen' },
  'captured from the NPE (UTD5.4A2)': { code: 'captured-from-npe' },
};

/** ShipsGained.reason (UTD5.4A1, 5.4A2). */
export function upcastShipsGainedReason(reason: unknown): ShipsGainedReason {
  if (typeof reason !== 'string') return reason as ShipsGainedReason;
  const known = OLD_SHIPS_GAINED_SENTENCES[reason];
  return known ? { ...known } : { code: 'text', text: reason };
}

/** BpvAwarded.reason (UTD5.4A2). */
export function upcastBpvAwardReason(reason: unknown): BpvAwardReason {
  if (typeof reason !== 'string') return reason as BpvAwardReason;
  return reason === 'NPE conquered (UTD5.4A2)' ? { code: 'npe-conquered' } : { code: 'text', text: reason };
}

/** DevelopmentGranted.reason (UTD5.4A1, 5.4A2). */
export function upcastDevelopmentGrantReason(reason: unknown): DevelopmentGrantReason {
  if (typeof reason !== 'string') return reason as DevelopmentGrantReason;
  if (reason === 'Anschluss (UTD5.4A1)') return { code: 'anschluss' };
  return reason === 'NPE conquered with a troop ship (UTD5.4A2)'
    ? { code: 'npe-conquered-troops' }
    : { code: 'text', text: reason };
}

/** Why the NPE surrendered, the first line of an old Anschluss summary (UTD5.4A1). */
export function upcastAnschlussCause(why: string): AnschlussCause {
  if (why === 'no volunteer ran the NPE within a week (UTD5.431)') return { code: 'no-volunteer' };
  let m = /^the NPE runner (.+)$/s.exec(why);
  if (m) return { code: 'runner-forced', why: upcastForcedRetreatCause(m[1]) };
  m = /^the attacker's (\S+) BPV is at least twice the NPE's (\S+) \(UTD5\.422\)$/.exec(why);
  if (m) return { code: 'attacker-twice', attackerBpv: m[1]!, available: m[2]! };
  return { code: 'text', text: why };
}

/** A unit as battles/common.ts `unitLabel` named it: `LYR-CA (S12)`, `BATS (B3, defense)`, `NPE FED-FF (N40)` or a bare id. */
function parseUnitLabel(label: string): UnitRef | null {
  let m = /^NPE (\S+) \(([^\s,()]+)\)$/.exec(label);
  if (m) return { kind: 'npe', id: m[2]!, unitId: m[1]! };
  m = /^(\S+) \(([^\s,()]+), ([^()]+)\)$/.exec(label);
  if (m) return { kind: 'base', id: m[2]!, unitId: m[1]!, role: m[3]! };
  m = /^(\S+) \(([^\s,()]+)\)$/.exec(label);
  if (m) return { kind: 'ship', id: m[2]!, unitId: m[1]! };
  return /^[^\s,()]+$/.test(label) ? { kind: 'unknown', id: label } : null;
}

/** A list joined with `, `, split where no parenthesis is open (a base's label holds a comma). */
function splitList(list: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < list.length; i++) {
    const c = list[i];
    if (c === '(') depth++;
    else if (c === ')') depth--;
    else if (depth === 0 && list.startsWith(', ', i)) {
      parts.push(list.slice(start, i));
      start = i + 2;
    }
  }
  parts.push(list.slice(start));
  return parts;
}

function parseUnitList(list: string): UnitRef[] | null {
  const units = splitList(list).map(parseUnitLabel);
  return units.every((u) => u !== null) ? (units as UnitRef[]) : null;
}

type Resolved = Extract<CampaignEvent, { type: 'BattleResolved' }>;

/**
 * One line of an old BattleResolved.summary. The lines named players and sectors by their names
 * then; the ids come from the event's own result (the captor of a unit, the winner, the loser's
 * retreat), and a line whose player cannot be told that way is kept as text.
 */
export function upcastSummaryLine(
  line: string,
  e: Pick<Resolved, 'result' | 'resolution'>,
  first: boolean,
): BattleSummaryLine {
  const text: BattleSummaryLine = { code: 'text', text: line };
  const result = e.result;
  if (first && e.resolution === 'anschluss') return { code: 'anschluss', why: upcastAnschlussCause(line) };
  let m = /^destroyed: (.+)$/s.exec(line);
  if (m) {
    const units = parseUnitList(m[1]!);
    return units ? { code: 'destroyed', units } : text;
  }
  m = /^damaged: (.+)$/s.exec(line);
  if (m) {
    const ships = splitList(m[1]!).map((x) => {
      const d = /^(.+) (crippled|wrecked)$/.exec(x);
      const unit = d && parseUnitLabel(d[1]!);
      return unit ? { unit, wrecked: d![2] === 'wrecked' } : null;
    });
    return ships.every((x) => x !== null) ? { code: 'damaged', ships } : text;
  }
  m = /^NPE losses now (\S+) BPV, offset (\S+) \(UTD5\.4633, 5\.492\)$/.exec(line);
  if (m) return { code: 'npe-tallied', losses: m[1]!, offset: m[2]! };
  m = /^NPE conquered: \+(\S+) BPV to .+; its (colony|mine) (captured by the troop ship|destroyed)$/s.exec(line);
  if (m) {
    const player = result?.winner;
    if (!player) return text;
    const kind = m[2] as 'colony' | 'mine';
    return { code: 'npe-conquered', player, reward: m[1]!, kind, troops: m[3] !== 'destroyed' };
  }
  m =
    /^.+ retreats (\d+) fleets? to (.+) at the next player's turn; 1 order point on their next turn \(UTD7\.4663\)$/s.exec(
      line,
    );
  if (m) {
    const retreats = Object.entries(result?.retreats ?? {});
    const byKey = retreats.filter(([, to]) => to === m![2]);
    const [only] = retreats.length === 1 ? retreats : byKey.length === 1 ? byKey : [];
    return only ? { code: 'retreats', player: only[0], fleets: Number(m[1]), to: only[1] } : text;
  }
  m = /^(colony|mine) granted$/.exec(line);
  if (m) return { code: 'development-granted', kind: m[1] as 'colony' | 'mine' };
  m = /^tribute: (.+)$/s.exec(line);
  if (m) return { code: 'tribute', unitIds: m[1] === 'none available' ? [] : m[1]!.split(', ') };
  m = /^(.+) captured by .+$/s.exec(line);
  if (m) {
    const unit = parseUnitLabel(m[1]!);
    const by = unit && result?.units[unit.id]?.capturedBy;
    return unit && by ? { code: 'captured', unit, by } : text;
  }
  return text;
}

/** BattleResolved.summary: sentences (before export format 2) or lines. */
export function upcastBattleSummary(e: Resolved): BattleSummaryLine[] {
  return (e.summary as unknown[]).map((line, i) =>
    typeof line === 'string' ? upcastSummaryLine(line, e, i === 0) : (line as BattleSummaryLine),
  );
}

/** FleetMoved.free (UTD4.334): the old sentence labelled the sector the fleet left, which is the move's `from`. */
export function upcastFreeMove(free: unknown, from: string): FreeMove | null {
  if (typeof free !== 'string') return free as FreeMove | null;
  return /^from .+, an owned colony \(UTD4\.334\)$/s.test(free)
    ? { code: 'owned-colony', sector: from }
    : { code: 'text', text: free };
}

const SECTOR_TYPE = '(life|mineral|dead)';
type Kind = 'life' | 'mineral' | 'dead';
const OLD_STEP_SENTENCES: Readonly<Record<string, ExploredStepDetail>> = {
  'declined the free choice: the type is rolled': { code: 'free-choice-declined' },
  'dead sector: no NPE roll': { code: 'no-npe-dead' },
  'every allowed empire is a player empire (npe.excludePlayerEmpires): no NPE can be here': {
    code: 'npe-none-possible',
  },
};

const empireByName = (name: string) => EMPIRES.find((x) => x.name === name)?.key;
const terrainByName = (name: string) => TERRAIN_IDS.find((id) => TERRAIN[id].name === name);

/** A terrain as the old steps described it (`Name`, or `Name (overlay: a + b; note)`), back to its id and overlays. */
function parseTerrain(text: string): { terrain: string; overlays: string[] } | null {
  for (const id of TERRAIN_IDS) {
    const { name, note } = TERRAIN[id];
    if (text !== name && !text.startsWith(`${name} (`)) continue;
    const extras = text === name ? '' : text.slice(name.length + 2, -1);
    const m = /^overlay: ([^;]+)/.exec(extras);
    const overlays = m ? m[1]!.split(' + ') : [];
    const rebuilt = [overlays.length ? `overlay: ${overlays.join(' + ')}` : '', note ?? ''].filter(Boolean).join('; ');
    if (rebuilt === extras) return { terrain: id, overlays };
  }
  return null;
}

/** One of SectorExplored.steps as format 1 stored it (`{ rule, meaning }`), as data (UTD5.2–5.41). */
export function upcastExploredStep(step: { rule: string; meaning: string }): ExploredStep {
  const { rule, meaning } = step;
  const known = OLD_STEP_SENTENCES[meaning];
  if (known) return { rule, ...known };
  let m = /^chose a (life|mineral) sector instead of rolling$/.exec(meaning);
  if (m) return { rule, code: 'type-chosen', type: m[1] as 'life' | 'mineral' };
  m = new RegExp(`^sector type: (\\d+) → ${SECTOR_TYPE} sector$`).exec(meaning);
  if (m) return { rule, code: 'type-rolled', die: Number(m[1]), type: m[2] as Kind };
  m = new RegExp(`^the rolled ${SECTOR_TYPE} sector becomes a (life|mineral) sector$`).exec(meaning);
  if (m) return { rule, code: 'converted', rolled: m[1] as Kind, type: m[2] as 'life' | 'mineral' };
  m = new RegExp(
    `^kept the ${SECTOR_TYPE} sector \\(could have changed it to ((?:life|mineral)(?: or (?:life|mineral))?)\\)$`,
  ).exec(meaning);
  if (m) {
    const offered = m[2]!.split(' or ') as ('life' | 'mineral')[];
    return { rule, code: 'conversion-declined', rolled: m[1] as Kind, offered };
  }
  m = /^terrain: (\d+) → Special: roll on the special table$/.exec(meaning);
  if (m) return { rule, code: 'terrain-special', die: Number(m[1]) };
  m = /^(special terrain|terrain): (\d+) → (.+)$/s.exec(meaning);
  const terrain = m && parseTerrain(m[3]!);
  if (m && terrain) return { rule, code: 'terrain-rolled', die: Number(m[2]), special: m[1] !== 'terrain', ...terrain };
  m = /^NPE check: (\d+) → (NPE discovered|no NPE)$/.exec(meaning);
  if (m) return { rule, code: 'npe-rolled', die: Number(m[1]), found: m[2] === 'NPE discovered' };
  m =
    /^NPE identity(?: re-roll (\d+))?: (\d+) → (.+?)(, a player's empire: re-roll \(npe\.excludePlayerEmpires\)| NPE)$/.exec(
      meaning,
    );
  const identity = m && empireByName(m[3]!);
  if (m && identity)
    return {
      rule,
      code: 'npe-identity',
      die: Number(m[2]),
      empire: identity,
      reroll: Number(m[1] ?? 0),
      excluded: m[4] !== ' NPE',
    };
  m = /^(.+) NPE: the terrain is (.+) only; it replaces the rolled (.+) \(ISS-A54\)$/.exec(meaning);
  const [empire, npeTerrain, replaced] = m ? [empireByName(m[1]!), terrainByName(m[2]!), terrainByName(m[3]!)] : [];
  if (empire && npeTerrain && replaced) return { rule, code: 'npe-terrain', empire, terrain: npeTerrain, replaced };
  return { rule, code: 'text', text: meaning };
}

const OLD_YARD_CANCEL_SENTENCES: Readonly<Record<string, YardCancelReason>> = {
  'the shipyard was destroyed before the ship was finished': { code: 'yard-destroyed' },
  'no fleet and no dry-dock position was left for it (UTD7.63)': { code: 'no-place' },
};

/** YardDelivery.reason (UTD6.3734–6.3735): null for a delivered build. */
export function upcastYardCancelReason(reason: unknown): YardCancelReason | null {
  if (typeof reason !== 'string') return reason as YardCancelReason | null;
  const known = OLD_YARD_CANCEL_SENTENCES[reason];
  return known ? { ...known } : { code: 'text', text: reason };
}

/**
 * DefensesArrived.cancelled[].reason (UTD6.3A, 7.33). The old site sentence labelled the sector
 * by its name, which cannot be told back into a key without the state: it is kept as text.
 */
export function upcastDefenseCancelReason(reason: unknown): DefenseCancelReason {
  if (typeof reason !== 'string') return reason as DefenseCancelReason;
  if (reason === 'its sector is gone') return { code: 'sector-gone' };
  if (reason === 'the capital it was to support is no longer there (UTD4.3237)') return { code: 'capital-gone' };
  return { code: 'text', text: reason };
}

/** A reason stored as a sentence, before export format 2 (the types say code; old logs say text). */
function isSentence(e: object): boolean {
  return typeof (e as { reason?: unknown }).reason === 'string';
}

/**
 * The events whose stored shape changed, each with its upcast. Deliberately partial: an event type
 * not listed here was never stored in another shape.
 */
const UPCASTS: { readonly [K in CampaignEvent['type']]?: (e: Variant<CampaignEvent, K>) => CampaignEvent } = {
  // Before format 2 a battle reminder also stored its sentence (`what`); the words write it from `key`.
  BattleReminder: (e) => {
    if (!('what' in e)) return e;
    const { what: _sentence, ...current } = e as typeof e & { what?: string };
    return current;
  },
  // A setting added after the campaign was created starts at its default (requirements §3.3).
  CampaignCreated: (e) => (settingsCurrent(e.settings) ? e : { ...e, settings: withDefaults(e.settings) }),
  BattleStageChanged: (e) => {
    const reason = upcastStageReason(e.reason);
    return reason === e.reason ? e : { ...e, reason };
  },
  BattleResolved: (e) => (e.summary.some((x) => typeof x === 'string') ? { ...e, summary: upcastBattleSummary(e) } : e),
  BattleExtended: (e) => (isSentence(e) ? { ...e, reason: upcastBattleExtensionReason(e.reason) } : e),
  TurnExtended: (e) => (isSentence(e) ? { ...e, reason: upcastTurnExtensionReason(e.reason) } : e),
  VoteClosed: (e) => (isSentence(e) ? { ...e, reason: upcastVoteCloseReason(e.reason, e.yes, e.no) } : e),
  BankLost: (e) => (isSentence(e) ? { ...e, reason: upcastBankLostReason(e.reason) } : e),
  SeedsRevealed: (e) => (isSentence(e) ? { ...e, reason: upcastSeedsRevealedReason(e.reason) } : e),
  DevelopmentCancelled: (e) => (isSentence(e) ? { ...e, reason: upcastDevelopmentCancelledReason(e.reason) } : e),
  NpeBattleUpdated: (e) => (isSentence(e) ? { ...e, reason: upcastNpeUpdateReason(e.reason, e.npe) } : e),
  ShipsGained: (e) => (isSentence(e) ? { ...e, reason: upcastShipsGainedReason(e.reason) } : e),
  BpvAwarded: (e) => (isSentence(e) ? { ...e, reason: upcastBpvAwardReason(e.reason) } : e),
  DevelopmentGranted: (e) => (isSentence(e) ? { ...e, reason: upcastDevelopmentGrantReason(e.reason) } : e),
  FleetMoved: (e) => (typeof e.free === 'string' ? { ...e, free: upcastFreeMove(e.free, e.from) } : e),
  SectorExplored: (e) => {
    return e.steps.some((x) => 'meaning' in x)
      ? {
          ...e,
          steps: e.steps.map((x) =>
            'meaning' in x ? upcastExploredStep(x as unknown as { rule: string; meaning: string }) : x,
          ),
        }
      : e;
  },
  YardBuildDelivered: (e) => {
    return typeof e.delivery.reason === 'string'
      ? { ...e, delivery: { ...e.delivery, reason: upcastYardCancelReason(e.delivery.reason) } }
      : e;
  },
  DefensesArrived: (e) => {
    return e.cancelled.some((x) => typeof x.reason === 'string')
      ? { ...e, cancelled: e.cancelled.map((x) => ({ ...x, reason: upcastDefenseCancelReason(x.reason) })) }
      : e;
  },
  OrderUndone: (e) => {
    const undone = upcastCampaignEvent(e.undone);
    return undone === e.undone ? e : { ...e, undone };
  },
};

/** An event as stored by any version, in this version's shape; the very same object when it is current. */
export function upcastCampaignEvent(e: CampaignEvent): CampaignEvent {
  const upcast = UPCASTS[e.type] as ((e: CampaignEvent) => CampaignEvent) | undefined;
  return upcast ? upcast(e) : e;
}

/** A stored event in this version's shape; the very same object when it is current. */
export function upcastEvent(stored: StoredEvent): StoredEvent {
  const event = upcastCampaignEvent(stored.event);
  return event === stored.event ? stored : { ...stored, event };
}

/**
 * A state stored (or exported) by an older version in this version's shape: exactly the state
 * that replaying the upcast log gives. The state keeps copies of some events' fields: a battle's
 * extensions (BattleExtended) and the turn's orders with their events. Format 1's orders also
 * carried an `undoable` flag, which the undo specs (undo.ts) replaced, and a summary line, which
 * is kept only for an order stored without its event (TurnOrder.summary).
 */
export function upcastState(state: CampaignState): CampaignState {
  // Tolerant of partial states (a state's columns read on their own, campaign-repo.ts).
  const battles = (state.battles ?? []).map((b) =>
    b.extensions?.some((x) => typeof x.reason === 'string')
      ? { ...b, extensions: b.extensions.map((x) => ({ ...x, reason: upcastBattleExtensionReason(x.reason) })) }
      : b,
  );
  const orders = state.turn?.orders?.map((o) => {
    const stored = orderEvent(o);
    const event = stored && upcastCampaignEvent(stored);
    // States of format 1 flagged each order `undoable`; undo.ts now says so from the order's event (UTD6.12).
    // They and the first format 2 release also kept a summary line, which only an order without
    // its event still needs (the map reads its arrow from it, map-moves.ts).
    const staleSummary = event !== null && 'summary' in o;
    if (event === o.event && !('undoable' in o) && !staleSummary) return o;
    const { undoable: _flag, summary, ...current } = o as TurnOrder & { undoable?: boolean };
    return { ...current, event, ...(event === null && summary !== undefined ? { summary } : {}) };
  });
  const turnChanged = state.turn && orders?.some((o, i) => o !== state.turn!.orders[i]);
  const battlesChanged = battles.some((b, i) => b !== state.battles[i]);
  const settingsChanged = state.settings !== undefined && !settingsCurrent(state.settings);
  if (!turnChanged && !battlesChanged && !settingsChanged) return state;
  return {
    ...state,
    ...(settingsChanged ? { settings: withDefaults(state.settings) } : {}),
    ...(battlesChanged ? { battles } : {}),
    ...(turnChanged && state.turn ? { turn: { ...state.turn, orders: orders! } } : {}),
  };
}
