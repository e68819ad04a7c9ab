import { bpv, bpvToString } from '../rules/exact/bpv.ts';
import { unitLabel } from '../rules/thunderdome/battles/common.ts';
import { siteProblemText } from '../rules/thunderdome/defenses/sites.ts';
import { empireName, type EmpireKey } from '../rules/thunderdome/empires.ts';
import { TERRAIN, type TerrainId } from '../rules/thunderdome/exploration/tables.ts';
import type {
  AnschlussCause,
  BankLostReason,
  BattleExtensionReason,
  BattleSummaryLine,
  BpvAwardReason,
  DefenseCancelReason,
  DevelopmentCancelledReason,
  DevelopmentGrantReason,
  ExploredStepDetail,
  ForcedRetreatCause,
  FreeMove,
  NpeUpdateReason,
  SeedsRevealedReason,
  ShipsGainedReason,
  StageReason,
  TurnExtensionReason,
  VoteCloseReason,
  YardCancelReason,
} from '../rules/thunderdome/reasons.ts';
import type { NpeBattle } from '../rules/thunderdome/state.ts';

/** The sentence of each reason code (reasons.ts); `text` is a reason stored before the codes, as it was worded. */
type ReasonWords<R extends { code: string }> = {
  readonly [K in R['code']]: (r: Extract<R, { code: K }>, who: (id: string) => string) => string;
};

const STAGE_REASONS = {
  'setup-rolled': () => 'every side has its battle fleet; the setup is rolled',
  'contact-made': () => 'contact made; the other side must answer within the same three days (UTD3.43)',
  'in-touch': () => 'both sides are in touch; the battle is scheduled or played (UTD3.5)',
  'contact-deadline-moved': (r) => `the contact deadline moves to ${r.deadline}`,
  'stalled-four-weeks': () =>
    'four weeks have passed (UTD3.5): settle it, ask for an extension, or appeal (UTD3.43#2–3.45)',
  extended: () => 'extended',
  'extended-by-vote': () => 'extended by vote',
  'result-reported': () => 'a result is reported; the other side accepts or rejects',
  'settlement-proposed': () => 'a settlement is proposed; the other side accepts or rejects',
  'result-disputed': () =>
    'the reported result is disputed: negotiate, ask for an extension or appeal (UTD3.43#2–3.45)',
  'settlement-rejected': () => 'the settlement was rejected; counter with `/battle propose`',
  'proposal-withdrawn': () => 'the proposer withdrew it',
  'npe-objection-window': () => 'any player may object to a negotiated NPE result (UTD5.47)',
  'npe-result-not-approved': () =>
    'the negotiated NPE result was not approved by a supermajority of all players (UTD5.47)',
  'appeal-under-way': () => 'an appeal is under way: every side may submit its case within 48 hours (UTF3.45)',
  'appeal-no-supermajority': () => 'the appeal found no supermajority; negotiate or appeal again (UTF3.45)',
  'npe-runner-wanted': () => 'a player outside the battle may volunteer to run the NPE (UTD5.431)',
  'npe-runner-builds': (r, who) => `${who(r.runner)} now builds the NPE force within ${r.available} BPV (UTD5.467)`,
  'defender-chooses-lane': (r, who) =>
    `${who(r.side)} did not answer in time and is forced to retreat (UTD3.43 #1); they choose the lane out with \`/battle lane\` within 24 hours, or one is rolled (ISS-A16)`,
  'npe-scenario-restarted': () =>
    'the players did not validate how the outside runner played the NPE, so the scenario is restarted: open proposals fall and the resolution clock starts again (UTD5.432)',
  'forced-retreat': (r) =>
    r.immobile
      ? `the fleets of a side that ${forcedRetreatCause(r.why)} retreat; its immobile units cannot, so the other side reports a result for them (ISS-A16)`
      : `a side that ${forcedRetreatCause(r.why)} retreats; the others settle the battle`,
  text: (r) => r.text,
} satisfies ReasonWords<StageReason>;

const BATTLE_EXTENSION_REASONS = {
  'real-life-automatic': () => 'real life (UTD3.44, automatic)',
  'both-asked': () => 'both players asked (UTD3.44#2, automatic)',
  'granted-by-vote': () => 'granted by vote (UTD3.44#2)',
  text: (r) => r.text,
} satisfies ReasonWords<BattleExtensionReason>;

const TURN_EXTENSION_REASONS = {
  'real-life': () => 'real life (UTD3.32)',
  'granted-by-vote': () => 'granted by vote (UTD3.32)',
  text: (r) => r.text,
} satisfies ReasonWords<TurnExtensionReason>;

/** `yes` and `no` are the VoteClosed event's counts (for an option vote: the option's votes and the others). */
const VOTE_CLOSE_REASONS = {
  supermajority: (r, c) => `${c.yes} of ${r.electorate} said yes; ${r.threshold} were needed`,
  'yes-unreachable': (r, c) => `${c.no} said no, so ${r.threshold} yes votes can no longer be reached`,
  deadline: (r, c) => `the vote closed with ${c.yes} yes of ${r.threshold} needed`,
  'option-chosen': (r, c) => `${c.yes} of ${r.electorate} chose option ${r.option}; ${r.threshold} were needed`,
  'no-option-by-deadline': (r) => `no option reached ${r.threshold} votes by the deadline`,
  'no-option-reachable': (r) => `no option can reach ${r.threshold} votes any more`,
  text: (r) => r.text,
} satisfies {
  readonly [K in VoteCloseReason['code']]: (r: Extract<VoteCloseReason, { code: K }>, c: VoteCounts) => string;
};

type VoteCounts = { yes: number; no: number };

const BANK_LOST_REASONS = {
  'no-capital': () =>
    'it was not spent by the end of the turn, and without a capital there is no bank to keep it (UTD4.3236, ISS-A86)',
  'capital-destroyed': () => 'the capital was destroyed and the bank with it, with every BPV in it (UTD4.3236)',
  'received-without-bank': () =>
    'it came outside its own turn, and without a capital there is no bank to keep it (UTD4.3236, ISS-A86)',
  text: (r) => r.text,
} satisfies ReasonWords<BankLostReason>;

const SEEDS_REVEALED_REASONS = {
  'campaign-ended': () => 'the campaign ended',
  voted: () => 'the players voted for it (UTD1.7)',
  text: (r) => r.text,
} satisfies ReasonWords<SeedsRevealedReason>;

const DEVELOPMENT_CANCELLED_REASONS = {
  'fleet-left': () => 'the establishing fleet did not stay in the sector',
  text: (r) => r.text,
} satisfies ReasonWords<DevelopmentCancelledReason>;

type AnyReasonWords = (r: { code: string }, who: (id: string) => string) => string;

function say<R extends { code: string }>(table: ReasonWords<R>, r: R, who: (id: string) => string): string {
  return (table[r.code as R['code']] as AnyReasonWords)(r, who);
}

export const stageReason = (r: StageReason, who: (id: string) => string) => say(STAGE_REASONS, r, who);
export const battleExtensionReason = (r: BattleExtensionReason) => say(BATTLE_EXTENSION_REASONS, r, String);
export const turnExtensionReason = (r: TurnExtensionReason) => say(TURN_EXTENSION_REASONS, r, String);
export const voteCloseReason = (r: VoteCloseReason, counts: VoteCounts) =>
  (VOTE_CLOSE_REASONS[r.code] as (r: VoteCloseReason, c: VoteCounts) => string)(r, counts);
export const bankLostReason = (r: BankLostReason) => say(BANK_LOST_REASONS, r, String);
export const seedsRevealedReason = (r: SeedsRevealedReason) => say(SEEDS_REVEALED_REASONS, r, String);
export const developmentCancelledReason = (r: DevelopmentCancelledReason) =>
  say(DEVELOPMENT_CANCELLED_REASONS, r, String);

/** The numbers and ids come from the NpeBattleUpdated event's own `npe` record. */
const NPE_UPDATE_REASONS = {
  'npe-budget': (_r, npe) =>
    `the attacking fleet is worth ${npe.attackerBpv} BPV, so the NPE may field ${npe.available} BPV (UTD5.465)`,
  'runner-volunteered': (_r, npe, who) => `${who(npe.runner ?? '')} volunteered first and runs the NPE (UTD5.46)`,
  'runner-outsider-allowed': (_r, npe, who) =>
    `a supermajority lets ${who(npe.runner ?? '')}, from outside the campaign, run the NPE (UTD5.432)`,
  'runner-disputed': (r, npe, who) =>
    `${r.disputants.map(who).join(' and ')} both claim the NPE; the dice settle it (UTD5.44): ${r.rounds
      .map((round) => round.map((x) => `${who(x.playerId)} ${x.die}`).join(', '))
      .join('; then ')}. ${who(npe.runner ?? '')} runs the NPE`,
  'force-fielded': (_r, npe) =>
    `the NPE fields ${npe.force.map((f) => f.unitId).join(', ')} for ${bpvToString(npe.force.reduce((sum, f) => sum.add(f.bpv), bpv(0)))} BPV`,
  text: (r) => r.text,
} satisfies {
  readonly [K in NpeUpdateReason['code']]: (
    r: Extract<NpeUpdateReason, { code: K }>,
    npe: NpeBattle,
    who: (id: string) => string,
  ) => string;
};

const SHIPS_GAINED_REASONS = {
  'anschluss-tribute': () => 'Anschluss tribute (UTD5.4A1)',
  'anschluss-tribute-chosen': () => 'Anschluss tribute chosen (UTD5.4A1)',
  'captured-from-npe': () => 'captured from the NPE (UTD5.4A2)',
  text: (r) => r.text,
} satisfies ReasonWords<ShipsGainedReason>;

const BPV_AWARD_REASONS = {
  'npe-conquered': () => 'NPE conquered (UTD5.4A2)',
  text: (r) => r.text,
} satisfies ReasonWords<BpvAwardReason>;

const DEVELOPMENT_GRANT_REASONS = {
  anschluss: () => 'Anschluss (UTD5.4A1)',
  'npe-conquered-troops': () => 'NPE conquered with a troop ship (UTD5.4A2)',
  text: (r) => r.text,
} satisfies ReasonWords<DevelopmentGrantReason>;

export const npeUpdateReason = (r: NpeUpdateReason, npe: NpeBattle, who: (id: string) => string) =>
  (NPE_UPDATE_REASONS[r.code] as (r: NpeUpdateReason, npe: NpeBattle, who: (id: string) => string) => string)(
    r,
    npe,
    who,
  );
export const shipsGainedReason = (r: ShipsGainedReason) => say(SHIPS_GAINED_REASONS, r, String);
export const bpvAwardReason = (r: BpvAwardReason) => say(BPV_AWARD_REASONS, r, String);
export const developmentGrantReason = (r: DevelopmentGrantReason) => say(DEVELOPMENT_GRANT_REASONS, r, String);

/** What a side forced to retreat failed to do, as the verb phrase of “a side that … retreats”. */
const FORCED_RETREAT_CAUSES = {
  'no-contact': () => 'made no contact within three days (UTD3.42#1)',
  'no-answer': () => 'did not answer within three days (UTD3.43#1)',
  'failed-twice': () => 'failed to play twice (UTD3.42#2)',
  text: (r) => r.text,
} satisfies ReasonWords<ForcedRetreatCause>;

const ANSCHLUSS_CAUSES = {
  'no-volunteer': () => 'no volunteer ran the NPE within a week (UTD5.431)',
  'runner-forced': (r) => `the NPE runner ${forcedRetreatCause(r.why)}`,
  'attacker-twice': (r) => `the attacker's ${r.attackerBpv} BPV is at least twice the NPE's ${r.available} (UTD5.422)`,
  'runner-resigned': () =>
    'the NPE runner resigned and no stand-in was approved, so nobody runs the NPE (UTD3.91, 5.431)',
  text: (r) => r.text,
} satisfies ReasonWords<AnschlussCause>;

/** How a battle summary line names a side (a player or the NPE) and a sector. */
export interface SummaryNames {
  side(id: string): string;
  sector(key: string): string;
}

const BATTLE_SUMMARY_LINES = {
  destroyed: (l) => `destroyed: ${l.units.map(unitLabel).join(', ')}`,
  damaged: (l) =>
    `damaged: ${l.ships.map((x) => `${unitLabel(x.unit)} ${x.wrecked ? 'wrecked' : 'crippled'}`).join(', ')}`,
  captured: (l, n) => `${unitLabel(l.unit)} captured by ${n.side(l.by)}`,
  'npe-tallied': (l) => `NPE losses now ${l.losses} BPV, offset ${l.offset} (UTD5.4633, 5.492)`,
  'npe-conquered': (l, n) =>
    `NPE conquered: +${l.reward} BPV to ${n.side(l.player)}; its ${l.kind} ${l.troops ? 'captured by the troop ship' : 'destroyed'}`,
  retreats: (l, n) =>
    `${n.side(l.player)} retreats ${l.fleets} fleet${l.fleets === 1 ? '' : 's'} to ${n.sector(l.to)} at the next player's turn; 1 order point on their next turn (UTD7.4663)`,
  anschluss: (l) => anschlussCause(l.why),
  'development-granted': (l) => `${l.kind} granted`,
  tribute: (l) => `tribute: ${l.unitIds.join(', ') || 'none available'}`,
  'cancelled-resignation': (l, n) =>
    `${n.side(l.player)} resigned and no stand-in was approved: the battle is cancelled, ${l.holders.map(n.side).join(' and ')} ${l.holders.length === 1 ? 'holds' : 'hold'} the sector, and the resigned player's forces leave the map (UTD3.91)`,
  text: (l) => l.text,
} satisfies {
  readonly [K in BattleSummaryLine['code']]: (l: Extract<BattleSummaryLine, { code: K }>, n: SummaryNames) => string;
};

export const forcedRetreatCause = (r: ForcedRetreatCause) => say(FORCED_RETREAT_CAUSES, r, String);
export const anschlussCause = (r: AnschlussCause) => say(ANSCHLUSS_CAUSES, r, String);
export const battleSummaryLine = (l: BattleSummaryLine, names: SummaryNames) =>
  (BATTLE_SUMMARY_LINES[l.code] as (l: BattleSummaryLine, n: SummaryNames) => string)(l, names);

/** `sector` labels a sector key (its name, or the key) as the sentence shows it. */
type SectorWords<R extends { code: string }> = {
  readonly [K in R['code']]: (r: Extract<R, { code: K }>, sector: (key: string) => string) => string;
};

const FREE_MOVES = {
  'owned-colony': (r, sector) => `from ${sector(r.sector)}, an owned colony (UTD4.334)`,
  text: (r) => r.text,
} satisfies SectorWords<FreeMove>;

const YARD_CANCEL_REASONS = {
  'yard-destroyed': () => 'the shipyard was destroyed before the ship was finished',
  'no-place': () => 'no fleet and no dry-dock position was left for it (UTD7.63)',
  text: (r) => r.text,
} satisfies ReasonWords<YardCancelReason>;

/** A site problem is worded as the rules' refusals word it (defenses/sites.ts `siteProblemText`). */
const DEFENSE_CANCEL_REASONS = {
  'sector-gone': () => 'its sector is gone',
  'capital-gone': () => 'the capital it was to support is no longer there (UTD4.3237)',
  'site-lost': (r, sector) =>
    `${sector(r.sector)} can no longer hold defenses: ${siteProblemText(r.problem)} (UTD7.33)`,
  text: (r) => r.text,
} satisfies SectorWords<DefenseCancelReason>;

function saySector<R extends { code: string }>(table: SectorWords<R>, r: R, sector: (key: string) => string): string {
  return (table[r.code as R['code']] as (r: R, sector: (key: string) => string) => string)(r, sector);
}

export const freeMove = (r: FreeMove, sector: (key: string) => string) => saySector(FREE_MOVES, r, sector);
export const yardCancelReason = (r: YardCancelReason) => say(YARD_CANCEL_REASONS, r, String);
export const defenseCancelReason = (r: DefenseCancelReason, sector: (key: string) => string) =>
  saySector(DEFENSE_CANCEL_REASONS, r, sector);

const terrainName = (id: string) => TERRAIN[id as TerrainId]?.name ?? id;

/** A terrain with its overlays and its printed note: `Sunspot (overlay: asteroid-field; no flare, …)`. */
function terrainWords(id: string, overlays: readonly string[]): string {
  const extras: string[] = [];
  if (overlays.length > 0) extras.push(`overlay: ${overlays.join(' + ')}`);
  const note = TERRAIN[id as TerrainId]?.note;
  if (note) extras.push(note);
  return extras.length > 0 ? `${terrainName(id)} (${extras.join('; ')})` : terrainName(id);
}

const npeName = (key: string) => empireName(key as EmpireKey);

/** A step with a die starts with what was rolled: `sector type: 3 → mineral sector`. */
const EXPLORED_STEPS = {
  'free-choice-declined': () => 'declined the free choice: the type is rolled',
  'type-chosen': (x) => `chose a ${x.type} sector instead of rolling`,
  'type-rolled': (x) => `sector type: ${x.die} → ${x.type} sector`,
  converted: (x) => `the rolled ${x.rolled} sector becomes a ${x.type} sector`,
  'conversion-declined': (x) => `kept the ${x.rolled} sector (could have changed it to ${x.offered.join(' or ')})`,
  'terrain-special': (x) => `terrain: ${x.die} → Special: roll on the special table`,
  'terrain-rolled': (x) =>
    `${x.special ? 'special terrain' : 'terrain'}: ${x.die} → ${terrainWords(x.terrain, x.overlays)}`,
  'no-npe-dead': () => 'dead sector: no NPE roll',
  'npe-rolled': (x) => `NPE check: ${x.die} → ${x.found ? 'NPE discovered' : 'no NPE'}`,
  'npe-none-possible': () => 'every allowed empire is a player empire (npe.excludePlayerEmpires): no NPE can be here',
  'npe-identity': (x) =>
    `NPE identity${x.reroll ? ` re-roll ${x.reroll}` : ''}: ${x.die} → ${npeName(x.empire)}${x.excluded ? ", a player's empire: re-roll (npe.excludePlayerEmpires)" : ' NPE'}`,
  'npe-terrain': (x) =>
    `${npeName(x.empire)} NPE: the terrain is ${terrainName(x.terrain)} only; it replaces the rolled ${terrainName(x.replaced)} (ISS-A54)`,
  text: (x) => x.text,
} satisfies ReasonWords<ExploredStepDetail>;

export const exploredStep = (x: ExploredStepDetail) => say(EXPLORED_STEPS, x, String);
