/**
 * Exploring an unknown sector (UTD5.1–UTD5.41): sector type, campaign balancing, terrain, NPE.
 *
 * Pure: dice come in through `DiceSource`, every die is rolled with a public purpose naming the
 * rule and the sector, and every result is plain JSON. Requirements: rule matrix §1.3, test cases
 * TC-030–TC-033, issues ISS-A53, ISS-A54, ISS-A66, ISS-A67, ISS-A68, settings `explore.balanceGap`,
 * `explore.balanceCounts`, `npe.rollRange`, `npe.excludePlayerEmpires` (§3.3).
 *
 * ORDER OF ROLLS (ISS-A54: "Roll the terrain first (for the record), then replace it permanently
 * with the NPE terrain"):
 *   1. sector type, 1D6 (UTD5.21), unless the player uses the free choice of UTD5.224;
 *   2. a UTD5.221 / UTD5.222 conversion, if the player invokes one (no die);
 *   3. terrain, 1D6 on the normal table, column of the (final) type (UTD5.3);
 *      on "Special", 1D6 on the special table, same column;
 *   4. life or mineral only: NPE check, 1D6, NPE on `npe.rollRange` (default 1–2) (UTD5.4);
 *      a dead sector gets no NPE die at all;
 *   5. on an NPE: identity, 1D13 over UTD8.111 in printed order (UTD5.41, ISS-A53); the sector's
 *      terrain becomes a Class-M planet (Hydran: a gas giant with moons) and nothing else, replacing
 *      the step-3 result, which stays in the result as `tableTerrain` for the record.
 * The brief for this module suggested skipping the terrain roll under an NPE; the requirements
 * (ISS-A54) settle it the other way, and they win.
 *
 * WHEN THE PLAYER DECIDES (UTD5.221/5.222/5.224). The rule text gives two different moments:
 *   - UTD5.221 / 5.222: "if you roll either a dead sector or a life sector, you may instead choose"
 *     → the player may decide AFTER seeing the type die (requirements UTD5.221 row: "the bot asks
 *     'change to mineral?'"; TC-032: "the player is always asked and may decline").
 *   - UTD5.224: "you may forgo the roll and instead choose" → that decision comes BEFORE the roll.
 * So `exploreSector` takes either a standing instruction given in advance ('none', 'mineral',
 * 'life', { choose }) and runs to the end in one go, or the instruction 'ask', with which it stops
 * at each honest decision point and returns `{ status: 'needs-choice', pending }` with no die rolled
 * past that point: before the type roll when UTD5.224 applies, after the type roll when a
 * conversion is available. `resumeExploration(pending, answer, dice)` continues from there. The
 * pending record is plain JSON (it keeps the steps and dice already rolled) so the app layer can
 * store it between the two events. A player who gives a standing instruction simply gives up the
 * chance to see the die first; nothing is rolled that the player could then take back.
 */
import type { DiceSource } from '../../dice.ts';
import { fail, ok, type Result } from '../../errors.ts';
import { EMPIRES, empireName, type EmpireKey } from '../empires.ts';
import type { ExploredStepDetail } from '../reasons.ts';
import {
  normalCell,
  overlaysFor,
  specialCell,
  TERRAIN,
  type OverlayId,
  type SectorType,
  type TerrainCell,
  type TerrainId,
} from './tables.ts';

// ---------------------------------------------------------------------------------------------
// Settings defaults (requirements §3.3)

export type CountBasis = 'owned' | 'explored';

export interface NpeRollRange {
  /** Lowest NPE-check die (1D6) that discovers an NPE. */
  min: number;
  /** Highest NPE-check die that discovers an NPE. */
  max: number;
}

/** Defaults of the settings this module takes as parameters. */
export const EXPLORATION_DEFAULTS = {
  /** `explore.balanceGap` (ISS-A66): "two fewer" read as "at least 2 fewer". */
  balanceGap: 2,
  /** `explore.balanceCounts` (ISS-A66): owned sectors, home counting as both. */
  balanceCounts: 'owned' as CountBasis,
  /** `npe.rollRange` (UTD5.4): 1–2 on 1D6. */
  npeRollRange: { min: 1, max: 2 } as NpeRollRange,
  /** `npe.excludePlayerEmpires` (ISS-A53): player empires may be NPEs. */
  excludePlayerEmpires: false,
} as const;

/** UTD8.111 (= UTD5.41): the allowed empires in printed order, 1 = Federation … 13 = Tholian. */
export const UTD8_111_EMPIRES: readonly EmpireKey[] = EMPIRES.map((e) => e.key);

// ---------------------------------------------------------------------------------------------
// Counting sectors and balancing eligibility (UTD5.221–UTD5.224, ISS-A66)

export type SectorStatus = 'home' | SectorType | 'unknown';

export interface CountableSector {
  /** The player who owns the sector (colony, mine, home), or null. */
  owner: string | null;
  type: SectorStatus;
  /** The player who explored it (UTD5.1); only read for the `explored` basis. */
  exploredBy?: string | null;
}

export interface TypeCounts {
  life: number;
  mineral: number;
}

/**
 * How many life and mineral sectors `player` "has" for UTD5.221/5.222.
 * - `owned` (default, ISS-A66): sectors whose owner is the player.
 * - `explored`: life/mineral sectors the player explored, whoever owns them now.
 * In both bases a home sector counts as one life AND one mineral sector for its owner (UTD4.312,
 * ISS-A66); homes are never explored, so they follow the owner under either basis. Dead and
 * unknown sectors never count.
 */
export function countSectorTypes(sectors: readonly CountableSector[], player: string, basis: CountBasis): TypeCounts {
  const counts: TypeCounts = { life: 0, mineral: 0 };
  for (const s of sectors) {
    if (s.type === 'home') {
      if (s.owner === player) {
        counts.life++;
        counts.mineral++;
      }
      continue;
    }
    if (s.type !== 'life' && s.type !== 'mineral') continue;
    const holder = basis === 'owned' ? s.owner : (s.exploredBy ?? null);
    if (holder === player) counts[s.type]++;
  }
  return counts;
}

/**
 * The leading counts among `players` (each maximum taken separately: the mineral leader and the
 * life leader may be different players, UTD5.223). Zero when the list is empty.
 */
export function leadingCounts(
  sectors: readonly CountableSector[],
  players: readonly string[],
  basis: CountBasis,
): TypeCounts {
  const max: TypeCounts = { life: 0, mineral: 0 };
  for (const p of players) {
    const c = countSectorTypes(sectors, p, basis);
    if (c.life > max.life) max.life = c.life;
    if (c.mineral > max.mineral) max.mineral = c.mineral;
  }
  return max;
}

export interface BalancingEligibility {
  /** UTD5.221 automatic mineral sector. */
  autoMineral: boolean;
  /** UTD5.222 automatic life sector. */
  autoLife: boolean;
}

export interface BalancingOptions extends BalancingEligibility {
  /** UTD5.224 free choice: both of the above (UTD5.223 evaluates each separately). */
  freeChoice: boolean;
  /** Leader's mineral count minus the explorer's. */
  mineralGap: number;
  /** Leader's life count minus the explorer's. */
  lifeGap: number;
  /** The `explore.balanceGap` used. */
  gap: number;
}

/**
 * UTD5.221 / 5.222 / 5.224 eligibility. `maxCounts` are the highest counts among the OTHER active
 * players (ISS-A66). Eligible when `leader − own ≥ gap` (ISS-A66: "two fewer" = at least two).
 */
export function balancingOptions(args: {
  explorerCounts: TypeCounts;
  maxCounts: TypeCounts;
  gap: number;
}): BalancingOptions {
  const { explorerCounts, maxCounts, gap } = args;
  if (!Number.isInteger(gap)) throw new Error(`explore.balanceGap must be an integer, got ${gap}`);
  const mineralGap = maxCounts.mineral - explorerCounts.mineral;
  const lifeGap = maxCounts.life - explorerCounts.life;
  const autoMineral = mineralGap >= gap;
  const autoLife = lifeGap >= gap;
  return { autoMineral, autoLife, freeChoice: autoMineral && autoLife, mineralGap, lifeGap, gap };
}

/** Convenience: count from a sector list and compare the explorer with the other active players. */
export function balancingFor(args: {
  sectors: readonly CountableSector[];
  explorer: string;
  activePlayers: readonly string[];
  basis: CountBasis;
  gap: number;
}): BalancingOptions {
  const others = args.activePlayers.filter((p) => p !== args.explorer);
  return balancingOptions({
    explorerCounts: countSectorTypes(args.sectors, args.explorer, args.basis),
    maxCounts: leadingCounts(args.sectors, others, args.basis),
    gap: args.gap,
  });
}

// ---------------------------------------------------------------------------------------------
// Exploration input and output

/**
 * What the explorer decided about balancing:
 * - 'none': roll the type and keep it.
 * - 'mineral': roll; if the roll is life or dead, invoke UTD5.221 (requires eligibility).
 * - 'life': roll; if the roll is dead, invoke UTD5.222 (requires eligibility).
 * - 'ask': roll; stop and ask whenever the rules give the player a decision (see the file comment).
 * - { choose }: UTD5.224, skip the type roll and take life or mineral (requires both eligibilities;
 *   'dead' is refused, ISS-A67).
 */
export type BalancingInstruction = 'none' | 'mineral' | 'life' | 'ask' | { choose: SectorType };

export interface NpeSettings {
  /** `npe.rollRange` (default 1–2). */
  rollRange: NpeRollRange;
  /**
   * Empires that cannot be the NPE: empty by default; the player empires when
   * `npe.excludePlayerEmpires` is on (see `npeExclusions`). An excluded result is re-rolled.
   */
  excludedEmpires: readonly EmpireKey[];
}

/** The exclusion list for `NpeSettings` from the `npe.excludePlayerEmpires` setting (ISS-A53). */
export function npeExclusions(excludePlayerEmpires: boolean, playerEmpires: readonly EmpireKey[]): EmpireKey[] {
  return excludePlayerEmpires ? [...new Set(playerEmpires)] : [];
}

export interface ExploreInput {
  /** The sector's name or label as shown to players; used in every dice purpose. */
  sectorLabel: string;
  balancing: BalancingInstruction;
  /** What the explorer is eligible for at this exploration (`balancingOptions`). */
  allowed: BalancingEligibility;
  npe: NpeSettings;
  /** The allowed empires in UTD8.111 order; the identity die has this many faces. */
  empires: readonly EmpireKey[];
}

export type TypeMethod = 'rolled' | 'converted-5.221' | 'converted-5.222' | 'chosen-5.224';

export interface TypeDecision {
  method: TypeMethod;
  /** The rule that fixed the type. */
  rule: 'UTD5.21' | 'UTD5.221' | 'UTD5.222' | 'UTD5.224';
  /** The UTD5.21 die, or null under UTD5.224. */
  die: number | null;
  /** The type the die showed, or null under UTD5.224. */
  rolled: SectorType | null;
}

export interface TerrainOutcome {
  id: TerrainId;
  name: string;
  source: 'normal-table' | 'special-table' | 'npe';
  /** The UTD5.3 normal-table die (null for NPE terrain). */
  normalDie: number | null;
  /** The special-table die, when the normal table said "Special". */
  specialDie: number | null;
  /** SFBOL overlays to attach: the terrain's own `*` overlay and, for `‡` cells, the asteroid field. */
  overlays: OverlayId[];
  /** Printed instructions (sunspot activity), else null. */
  note: string | null;
}

export interface NpeOutcome {
  empire: EmpireKey;
  name: string;
  /** The empire's number in the list rolled on (UTD8.111 numbering for the standard list). */
  number: number;
  /** Every identity die, re-rolls included. */
  identityDice: number[];
}

export type StepKind =
  | 'type-roll'
  | 'free-choice'
  | 'conversion'
  | 'conversion-declined'
  | 'terrain-roll'
  | 'special-terrain-roll'
  | 'npe-roll'
  | 'no-npe-roll'
  | 'npe-identity'
  | 'npe-none-possible'
  | 'npe-terrain';

/** One line of the public announcement. Steps with a die match a `DiceSource` record of the same purpose. */
export interface ExplorationStep {
  kind: StepKind;
  rule: string;
  /** The dice purpose for dice steps; a description for decisions. */
  purpose: string;
  sides: number | null;
  die: number | null;
  meaning: string;
  /** The step as data, for SectorExplored (the words layer writes it, reason-words.ts). */
  detail: ExploredStepDetail;
}

export interface ExplorationResult {
  sectorLabel: string;
  type: SectorType;
  typeDecision: TypeDecision;
  /** The sector's permanent terrain (UTD4.112). */
  terrain: TerrainOutcome;
  /** The UTD5.3 table result; differs from `terrain` only when an NPE replaced it (ISS-A54). */
  tableTerrain: TerrainOutcome;
  npe: NpeOutcome | null;
  steps: ExplorationStep[];
}

export type FreeChoiceAnswer = 'roll' | 'life' | 'mineral';
export type ConvertAnswer = 'keep' | 'life' | 'mineral';
export type ExplorationAnswer = FreeChoiceAnswer | ConvertAnswer | 'dead';

export type ExplorationQuestion =
  | {
      kind: 'free-choice';
      rule: 'UTD5.224';
      /** 'roll' = roll the type normally (conversions may still be offered after the roll). */
      options: FreeChoiceAnswer[];
      prompt: string;
    }
  | {
      kind: 'convert';
      /** 'UTD5.221', 'UTD5.222' or both, depending on what the roll allows. */
      rule: string;
      die: number;
      rolled: SectorType;
      /** 'keep' plus each type the roll may be changed into. */
      options: ConvertAnswer[];
      prompt: string;
    };

/** An exploration stopped at a decision point; plain JSON, resumed by `resumeExploration`. */
export interface PendingExploration {
  input: ExploreInput;
  question: ExplorationQuestion;
  /** Steps (and dice) already done. */
  steps: ExplorationStep[];
}

export type ExploreOutcome =
  | { status: 'done'; result: ExplorationResult }
  | { status: 'needs-choice'; pending: PendingExploration };

// ---------------------------------------------------------------------------------------------
// Rules

/** UTD5.21: 1–2 life, 3–4 mineral, 5–6 dead. */
export function sectorTypeForDie(die: number): SectorType {
  if (!Number.isInteger(die) || die < 1 || die > 6) throw new Error(`a sector-type die must be 1..6, got ${die}`);
  return die <= 2 ? 'life' : die <= 4 ? 'mineral' : 'dead';
}

/**
 * The types a rolled sector may be changed into: UTD5.221 turns life or dead into mineral,
 * UTD5.222 turns dead (only) into life. A mineral roll can never be changed.
 */
export function availableConversions(rolled: SectorType, allowed: BalancingEligibility): ('mineral' | 'life')[] {
  const out: ('mineral' | 'life')[] = [];
  if (allowed.autoMineral && (rolled === 'life' || rolled === 'dead')) out.push('mineral');
  if (allowed.autoLife && rolled === 'dead') out.push('life');
  return out;
}

/** UTD5.4: does an NPE-check die discover an NPE under `npe.rollRange`? */
export function isNpeDie(die: number, range: NpeRollRange): boolean {
  return die >= range.min && die <= range.max;
}

/** UTD5.41: the NPE's terrain, replacing any other (Hydran: gas giant with moons). */
export function npeTerrain(empire: EmpireKey): TerrainId {
  return empire === 'hydran' ? 'gas-giant-moons' : 'class-m-planet';
}

/** Starts an exploration. See the file comment for the decision points and the order of rolls. */
export function exploreSector(input: ExploreInput, dice: DiceSource): Result<ExploreOutcome> {
  checkInput(input);
  const b = input.balancing;
  if (typeof b === 'object' && b !== null) {
    const chosen = checkFreeChoice(b.choose, input.allowed);
    if (!chosen.ok) return chosen;
    return ok(done(chooseType(input, chosen.value, [], dice)));
  }
  if (b === 'mineral' && !input.allowed.autoMineral) {
    return fail(
      'explore/auto-mineral-not-eligible',
      'UTD5.221',
      'Automatic mineral sector is not available: you do not have enough fewer mineral sectors than the player with the most.',
      'Explore without balancing.',
    );
  }
  if (b === 'life' && !input.allowed.autoLife) {
    return fail(
      'explore/auto-life-not-eligible',
      'UTD5.222',
      'Automatic life sector is not available: you do not have enough fewer life sectors than the player with the most.',
      'Explore without balancing.',
    );
  }
  if (b !== 'none' && b !== 'mineral' && b !== 'life' && b !== 'ask') {
    return fail(
      'explore/bad-instruction',
      'UTD5.22',
      `Unknown balancing instruction ${JSON.stringify(b)}.`,
      "Use 'none', 'mineral', 'life', 'ask' or a choice of life or mineral.",
    );
  }
  if (b === 'ask' && input.allowed.autoMineral && input.allowed.autoLife) {
    return ok({
      status: 'needs-choice',
      pending: { input, question: freeChoiceQuestion(input.sectorLabel), steps: [] },
    });
  }
  return ok(rollType(input, b, [], dice));
}

/** Continues a stopped exploration with the player's answer; `dice` may be a new event's dice. */
export function resumeExploration(
  pending: PendingExploration,
  answer: ExplorationAnswer,
  dice: DiceSource,
): Result<ExploreOutcome> {
  const { input, question } = pending;
  checkInput(input);
  const steps = pending.steps.map((s) => ({ ...s }));
  if (question.kind === 'free-choice') {
    if (answer === 'roll') {
      steps.push({
        kind: 'free-choice',
        rule: 'UTD5.224',
        purpose: `free choice of sector type (UTD5.224): ${input.sectorLabel}`,
        sides: null,
        die: null,
        meaning: 'declined the free choice: the type is rolled',
        detail: { code: 'free-choice-declined' },
      });
      // A pending record whose instruction was replaced by a standing one (the deadline answering,
      // exploration-offer.ts) rolls on that instruction instead of asking again.
      const next = input.balancing === 'mineral' || input.balancing === 'life' || input.balancing === 'none';
      return ok(rollType(input, next ? (input.balancing as 'mineral' | 'life' | 'none') : 'ask', steps, dice));
    }
    const chosen = checkFreeChoice(answer, input.allowed);
    if (!chosen.ok) return chosen;
    return ok(done(chooseType(input, chosen.value, steps, dice)));
  }
  if (!(question.options as string[]).includes(answer)) {
    return fail(
      'explore/bad-answer',
      question.rule,
      `"${answer}" is not one of the choices: ${question.options.join(', ')}.`,
    );
  }
  const rolled = question.rolled;
  if (answer === 'keep') {
    steps.push(
      declinedStep(
        input.sectorLabel,
        rolled,
        question.options.filter((o): o is 'life' | 'mineral' => o !== 'keep'),
      ),
    );
    return ok(
      done(finish(input, { method: 'rolled', rule: 'UTD5.21', die: question.die, rolled }, rolled, steps, dice)),
    );
  }
  const target = answer as 'life' | 'mineral';
  steps.push(conversionStep(input.sectorLabel, rolled, target));
  return ok(done(finish(input, conversionDecision(question.die, rolled, target), target, steps, dice)));
}

// ---------------------------------------------------------------------------------------------
// Internals

function done(result: ExplorationResult): ExploreOutcome {
  return { status: 'done', result };
}

function checkInput(input: ExploreInput): void {
  if (typeof input.sectorLabel !== 'string' || input.sectorLabel.trim() === '')
    throw new Error('exploration needs a sector label');
  const { min, max } = input.npe.rollRange;
  if (!Number.isInteger(min) || !Number.isInteger(max) || min < 1 || max > 6 || min > max) {
    throw new Error(`npe.rollRange must be within 1..6 with min ≤ max, got ${min}–${max}`);
  }
  if (input.empires.length === 0) throw new Error('the allowed empire list is empty');
  if (new Set(input.empires).size !== input.empires.length)
    throw new Error('the allowed empire list repeats an empire');
  for (const e of input.empires) if (!EMPIRES.some((x) => x.key === e)) throw new Error(`unknown empire ${e}`);
}

function checkFreeChoice(choice: unknown, allowed: BalancingEligibility): Result<'life' | 'mineral'> {
  if (!(allowed.autoMineral && allowed.autoLife)) {
    const which = allowed.autoMineral
      ? 'only automatic mineral (UTD5.221) applies'
      : allowed.autoLife
        ? 'only automatic life (UTD5.222) applies'
        : 'neither UTD5.221 nor UTD5.222 applies';
    return fail(
      'explore/free-choice-not-eligible',
      'UTD5.224',
      `You may choose the sector type only when both UTD5.221 and UTD5.222 apply; ${which}.`,
      'Roll for the type; a conversion may still be offered.',
    );
  }
  if (choice === 'dead') {
    return fail(
      'explore/choice-dead',
      'UTD5.224',
      'The free choice is between a life and a mineral sector; a dead sector cannot be chosen (ISS-A67).',
      'Choose life or mineral.',
    );
  }
  if (choice !== 'life' && choice !== 'mineral') {
    return fail(
      'explore/bad-answer',
      'UTD5.224',
      `"${String(choice)}" is not a sector type you can choose.`,
      'Choose life or mineral.',
    );
  }
  return ok(choice);
}

function freeChoiceQuestion(label: string): ExplorationQuestion {
  return {
    kind: 'free-choice',
    rule: 'UTD5.224',
    options: ['roll', 'life', 'mineral'],
    prompt: `Both UTD5.221 and UTD5.222 apply: choose a life or mineral sector for ${label} instead of rolling, or roll.`,
  };
}

function roll(dice: DiceSource, sides: number, purpose: string): number {
  const [die] = dice.roll(sides, 1, purpose);
  if (die === undefined) throw new Error(`the dice source returned nothing for ${purpose}`);
  return die;
}

function chooseType(
  input: ExploreInput,
  type: 'life' | 'mineral',
  steps: ExplorationStep[],
  dice: DiceSource,
): ExplorationResult {
  steps.push({
    kind: 'free-choice',
    rule: 'UTD5.224',
    purpose: `free choice of sector type (UTD5.224): ${input.sectorLabel}`,
    sides: null,
    die: null,
    meaning: `chose a ${type} sector instead of rolling`,
    detail: { code: 'type-chosen', type },
  });
  return finish(input, { method: 'chosen-5.224', rule: 'UTD5.224', die: null, rolled: null }, type, steps, dice);
}

function rollType(
  input: ExploreInput,
  instruction: 'none' | 'mineral' | 'life' | 'ask',
  steps: ExplorationStep[],
  dice: DiceSource,
): ExploreOutcome {
  const label = input.sectorLabel;
  const purpose = `sector type (UTD5.21): ${label}`;
  const die = roll(dice, 6, purpose);
  const rolled = sectorTypeForDie(die);
  steps.push({
    kind: 'type-roll',
    rule: 'UTD5.21',
    purpose,
    sides: 6,
    die,
    meaning: `${die} → ${rolled} sector`,
    detail: { code: 'type-rolled', die, type: rolled },
  });

  const conversions = availableConversions(rolled, input.allowed);
  if (instruction === 'ask' && conversions.length > 0) {
    const rule = conversions.map((c) => (c === 'mineral' ? 'UTD5.221' : 'UTD5.222')).join(', ');
    return {
      status: 'needs-choice',
      pending: {
        input,
        steps,
        question: {
          kind: 'convert',
          rule,
          die,
          rolled,
          options: ['keep', ...conversions],
          prompt: `${label} rolled ${die}: a ${rolled} sector. Keep it, or change it to ${conversions.map((c) => `a ${c} sector`).join(' or ')} (${rule})?`,
        },
      },
    };
  }
  const target = instruction === 'mineral' || instruction === 'life' ? instruction : null;
  if (target !== null && conversions.includes(target)) {
    steps.push(conversionStep(label, rolled, target));
    return done(finish(input, conversionDecision(die, rolled, target), target, steps, dice));
  }
  if (conversions.length > 0) steps.push(declinedStep(label, rolled, conversions));
  return done(finish(input, { method: 'rolled', rule: 'UTD5.21', die, rolled }, rolled, steps, dice));
}

function conversionDecision(die: number, rolled: SectorType, target: 'life' | 'mineral'): TypeDecision {
  return target === 'mineral'
    ? { method: 'converted-5.221', rule: 'UTD5.221', die, rolled }
    : { method: 'converted-5.222', rule: 'UTD5.222', die, rolled };
}

function conversionStep(label: string, rolled: SectorType, target: 'life' | 'mineral'): ExplorationStep {
  const rule = target === 'mineral' ? 'UTD5.221' : 'UTD5.222';
  return {
    kind: 'conversion',
    rule,
    purpose: `automatic ${target} sector (${rule}): ${label}`,
    sides: null,
    die: null,
    meaning: `the rolled ${rolled} sector becomes a ${target} sector`,
    detail: { code: 'converted', rolled, type: target },
  };
}

function declinedStep(label: string, rolled: SectorType, offered: readonly ('life' | 'mineral')[]): ExplorationStep {
  const rule = offered.map((c) => (c === 'mineral' ? 'UTD5.221' : 'UTD5.222')).join(', ');
  return {
    kind: 'conversion-declined',
    rule,
    purpose: `balancing not invoked (${rule}): ${label}`,
    sides: null,
    die: null,
    meaning: `kept the ${rolled} sector (could have changed it to ${offered.join(' or ')})`,
    detail: { code: 'conversion-declined', rolled, offered: [...offered] },
  };
}

function cellOutcome(
  cell: TerrainCell,
  source: 'normal-table' | 'special-table',
  normalDie: number,
  specialDie: number | null,
): TerrainOutcome {
  const t = TERRAIN[cell.terrain];
  return {
    id: t.id,
    name: t.name,
    source,
    normalDie,
    specialDie,
    overlays: overlaysFor(cell.terrain, cell.alsoAsteroidOverlay),
    note: t.note,
  };
}

function terrainDetail(die: number, special: boolean, t: TerrainOutcome): ExploredStepDetail {
  return { code: 'terrain-rolled', die, special, terrain: t.id, overlays: [...t.overlays] };
}

function describeTerrain(t: TerrainOutcome): string {
  const extras: string[] = [];
  if (t.overlays.length > 0) extras.push(`overlay: ${t.overlays.join(' + ')}`);
  if (t.note) extras.push(t.note);
  return extras.length > 0 ? `${t.name} (${extras.join('; ')})` : t.name;
}

function finish(
  input: ExploreInput,
  decision: TypeDecision,
  type: SectorType,
  steps: ExplorationStep[],
  dice: DiceSource,
): ExplorationResult {
  const label = input.sectorLabel;

  // UTD5.3 terrain: always rolled, even when an NPE will replace it (ISS-A54).
  const normalPurpose = `terrain (UTD5.3, ${type} column): ${label}`;
  const normalDie = roll(dice, 6, normalPurpose);
  const first = normalCell(type, normalDie);
  let tableTerrain: TerrainOutcome;
  if (first.kind === 'special') {
    steps.push({
      kind: 'terrain-roll',
      rule: 'UTD5.3',
      purpose: normalPurpose,
      sides: 6,
      die: normalDie,
      meaning: `${normalDie} → Special: roll on the special table`,
      detail: { code: 'terrain-special', die: normalDie },
    });
    const specialPurpose = `special terrain (UTD5.3 special table, ${type} column): ${label}`;
    const specialDie = roll(dice, 6, specialPurpose);
    tableTerrain = cellOutcome(specialCell(type, specialDie), 'special-table', normalDie, specialDie);
    steps.push({
      kind: 'special-terrain-roll',
      rule: 'UTD5.3',
      purpose: specialPurpose,
      sides: 6,
      die: specialDie,
      meaning: `${specialDie} → ${describeTerrain(tableTerrain)}`,
      detail: terrainDetail(specialDie, true, tableTerrain),
    });
  } else {
    tableTerrain = cellOutcome(first, 'normal-table', normalDie, null);
    steps.push({
      kind: 'terrain-roll',
      rule: 'UTD5.3',
      purpose: normalPurpose,
      sides: 6,
      die: normalDie,
      meaning: `${normalDie} → ${describeTerrain(tableTerrain)}`,
      detail: terrainDetail(normalDie, false, tableTerrain),
    });
  }

  const result: ExplorationResult = {
    sectorLabel: label,
    type,
    typeDecision: decision,
    terrain: { ...tableTerrain, overlays: [...tableTerrain.overlays] },
    tableTerrain,
    npe: null,
    steps,
  };

  // UTD5.4: only life and mineral sectors can hold an NPE.
  if (type === 'dead') {
    steps.push({
      kind: 'no-npe-roll',
      rule: 'UTD5.4',
      purpose: `NPE check (UTD5.4): ${label}`,
      sides: null,
      die: null,
      meaning: 'dead sector: no NPE roll',
      detail: { code: 'no-npe-dead' },
    });
    return result;
  }
  const { min, max } = input.npe.rollRange;
  const range = min === max ? `${min}` : `${min}–${max}`;
  const npePurpose = `NPE check (UTD5.4, ${range} = NPE): ${label}`;
  const npeDie = roll(dice, 6, npePurpose);
  const found = isNpeDie(npeDie, input.npe.rollRange);
  steps.push({
    kind: 'npe-roll',
    rule: 'UTD5.4',
    purpose: npePurpose,
    sides: 6,
    die: npeDie,
    meaning: found ? `${npeDie} → NPE discovered` : `${npeDie} → no NPE`,
    detail: { code: 'npe-rolled', die: npeDie, found },
  });
  if (!found) return result;

  // UTD5.41: identity, uniform over the allowed list; excluded empires are re-rolled (ISS-A53).
  const excluded = new Set(input.npe.excludedEmpires);
  const candidates = input.empires.filter((e) => !excluded.has(e));
  if (candidates.length === 0) {
    steps.push({
      kind: 'npe-none-possible',
      rule: 'UTD5.41',
      purpose: `NPE identity (UTD5.41): ${label}`,
      sides: null,
      die: null,
      meaning: 'every allowed empire is a player empire (npe.excludePlayerEmpires): no NPE can be here',
      detail: { code: 'npe-none-possible' },
    });
    return result;
  }
  const sides = input.empires.length;
  const identityDice: number[] = [];
  let empire: EmpireKey | undefined;
  for (let attempt = 0; empire === undefined; attempt++) {
    if (attempt >= 1000) throw new Error('NPE identity: 1000 re-rolls without an allowed empire');
    const purpose =
      attempt === 0
        ? `NPE identity (UTD5.41, 1D${sides} over UTD8.111): ${label}`
        : `NPE identity re-roll ${attempt} (UTD5.41, npe.excludePlayerEmpires): ${label}`;
    const die = roll(dice, sides, purpose);
    identityDice.push(die);
    const key = input.empires[die - 1]!;
    const name = empireName(key);
    if (excluded.has(key)) {
      steps.push({
        kind: 'npe-identity',
        rule: 'UTD5.41',
        purpose,
        sides,
        die,
        meaning: `${die} → ${name}, a player's empire: re-roll (npe.excludePlayerEmpires)`,
        detail: { code: 'npe-identity', die, empire: key, reroll: attempt, excluded: true },
      });
    } else {
      steps.push({
        kind: 'npe-identity',
        rule: 'UTD5.41',
        purpose,
        sides,
        die,
        meaning: `${die} → ${name} NPE`,
        detail: { code: 'npe-identity', die, empire: key, reroll: attempt, excluded: false },
      });
      empire = key;
    }
  }
  const npe: NpeOutcome = { empire, name: empireName(empire), number: input.empires.indexOf(empire) + 1, identityDice };
  const t = TERRAIN[npeTerrain(empire)];
  const terrain: TerrainOutcome = {
    id: t.id,
    name: t.name,
    source: 'npe',
    normalDie: null,
    specialDie: null,
    overlays: [],
    note: null,
  };
  steps.push({
    kind: 'npe-terrain',
    rule: 'UTD5.41',
    purpose: `NPE terrain (UTD5.41): ${label}`,
    sides: null,
    die: null,
    meaning: `${npe.name} NPE: the terrain is ${t.name} only; it replaces the rolled ${tableTerrain.name} (ISS-A54)`,
    detail: { code: 'npe-terrain', empire, terrain: t.id, replaced: tableTerrain.id },
  });
  return { ...result, terrain, npe };
}
