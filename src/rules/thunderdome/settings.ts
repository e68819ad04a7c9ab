import { z } from 'zod';
import { formatMoveClass, parseMoveClass } from '../exact/move-class.ts';

/**
 * Campaign settings (requirements §3.3): every house rule is a key with a default, a zod schema
 * of its allowed values and the rule it changes. Changing one takes a supermajority vote and
 * applies from the next cycle (rules-notes §4); the vote mechanism is in votes.ts, the values
 * live in campaign state from day one. A proposed value is checked against the schema when the
 * vote is proposed, and the whole set (with the cross-key checks of `checkSettings`) when a
 * campaign is created or imported, so no vote can leave a campaign with a value the rules cannot
 * use (docs/rules-notes.md "Settings").
 *
 * Keys of requirements §3.3 merged under another name: `prompt.windowHours` is
 * `battle.selectionHours`; `capture.orgWindowHours` is `battle.capturedOrganizeHours`;
 * `npe.anschlussInclusive` is `npe.anschlussAt` (gte = inclusive); `npe.anschlussShipBpv` and
 * `npe.conquestBonus` are one `npe.rewardBpv`; `allow.conjectural`/`xShips`/`battleships` are the
 * per-class list `units.allowedRestricted`. `rng.provider` is not a setting: the bot always rolls
 * (docs/rules-notes.md "Settings").
 */

/** One setting: its schema, default, the rule it changes, and how a vote's text becomes a value. */
export interface SettingSpec<S extends z.ZodType = z.ZodType> {
  schema: S;
  default: z.output<S>;
  /** The rule ids the setting changes (shown by `/campaign settings`). */
  rule: string;
  /** The text a vote gives, to the value the schema checks; undefined when it cannot be read. */
  parse?: (raw: string) => unknown;
  /** The value as a vote would write it. */
  text?: (value: z.output<S>) => string;
  /** What the value must be, where the schema's type and bounds do not say it. */
  allowed?: string;
}

function spec<S extends z.ZodType>(
  schema: S,
  dflt: z.output<S>,
  rule: string,
  extra: Pick<SettingSpec<S>, 'parse' | 'text' | 'allowed'> = {},
): SettingSpec<S> {
  return { schema, default: dflt, rule, ...extra };
}

const int = (min: number, max: number) => z.number().int().min(min).max(max);
const bpvAmount = int(0, 100_000);
const hours = int(1, 24 * 60);
const days = int(1, 120);
const pct = int(0, 100);
const bool = z.boolean();
const ints = (min: number, max: number, minLength: number, maxLength: number) =>
  z.array(int(min, max)).min(minLength).max(maxLength);

/** An IANA time zone the platform knows (deadlines are 23:59:59 there, ISS-A11). */
const timeZone = z.string().refine((tz) => {
  try {
    new Intl.DateTimeFormat('en-CA', { timeZone: tz });
    return true;
  } catch {
    return false;
  }
});

/** UTD7.21: the fleet count `fixed + perPlayer × P`, written `3+P`, `4+2P`, `6`. */
const fleetsBase = z.object({ fixed: int(0, 20), perPlayer: int(0, 3) });
function parseFleetsBase(raw: string): unknown {
  const m = /^(\d+)?\s*(?:\+?\s*(\d*)\s*P)?$/i.exec(raw.replace(/\s+/g, ''));
  if (!m || (m[1] === undefined && !/P/i.test(raw))) return undefined;
  const perPlayer = /P/i.test(raw) ? (m[2] ? Number(m[2]) : 1) : 0;
  return { fixed: m[1] ? Number(m[1]) : 0, perPlayer };
}
function fleetsBaseText(v: z.output<typeof fleetsBase>): string {
  const p = v.perPlayer === 0 ? '' : v.perPlayer === 1 ? 'P' : `${v.perPlayer}P`;
  return [v.fixed ? String(v.fixed) : '', p].filter(Boolean).join('+') || '0';
}

/** UTD7.23: a fleet's move-cost limit, an exact MC written as 5, 5.5 or 16/3 (requirements §0.2). */
const maxMc = z.string().refine((t) => {
  const v = parseMoveClass(t);
  return v !== null && v >= 60 && v <= 1200;
});
function parseMaxMc(raw: string): unknown {
  const v = parseMoveClass(raw);
  return v === null ? undefined : formatMoveClass(v);
}

/** UTD5.4: the NPE-check 1D6 faces that find an NPE, written `1-2`. */
const dieRange = z.object({ min: int(1, 6), max: int(1, 6) }).refine((r) => r.min <= r.max);
function parseDieRange(raw: string): unknown {
  const m = /^(\d)\s*[-–]\s*(\d)$/.exec(raw.trim()) ?? /^(\d)$/.exec(raw.trim());
  if (!m) return undefined;
  return { min: Number(m[1]), max: Number(m[2] ?? m[1]) };
}

/** UTD4.3562: the BPV paid for a second, third … siege die, in order, written `50,100`. */
const desperation = ints(0, 100_000, 0, 5).refine((p) => p.every((x, i) => i === 0 || x > p[i - 1]!));

const nullablePct = z.number().int().min(0).max(1000).nullable();
function parseNullable(raw: string): unknown {
  const t = raw.trim().toLowerCase();
  if (t === 'none' || t === 'null' || t === 'off') return null;
  return /^\d+$/.test(t) ? Number(t) : undefined;
}

export const SETTINGS = {
  startYear: spec(int(100, 250), 165, 'UTD2.2, UTD8.12'),
  'deadline.timezone': spec(timeZone, 'UTC', 'ISS-A11', { allowed: 'a time zone such as UTC or Europe/Berlin' }),
  'deadline.ordersDays': spec(days, 7, 'UTD3.3'),
  'deadline.ordersTargetDays': spec(days, 3, 'UTD3.3, ISS-A09'),
  'deadline.battleContactDays': spec(days, 3, 'UTD3.4'),
  'deadline.battleResolveDays': spec(days, 28, 'UTD3.5'),
  'deadline.npeVolunteerDays': spec(days, 7, 'UTD5.431'),
  'deadline.autoExtensionDays': spec(days, 7, 'UTD3.32, UTD3.44'),
  'deadline.maxAutoExtensions': spec(int(0, 10), 1, 'UTD3.32, ISS-A13'),
  'deadline.applyTo2Players': spec(bool, true, 'ISS-A12'),
  'deadline.forfeitsBeforeRemoval': spec(int(1, 20), 3, 'UTD3.31, UTD3.92'),
  'deadline.reminderOffsetsHours': spec(ints(1, 24 * 60, 0, 5), [24, 1], 'UTD3.3'),
  'vote.windowHours': spec(hours, 72, 'UTD1.7, ISS-A107'),
  'vote.appealExcludesParticipants': spec(bool, true, 'UTF3.45, ISS-A08'),
  'battle.selectionHours': spec(hours, 24, 'UTD7.423, ISS-A137'),
  'battle.failuresBeforeRetreat': spec(int(1, 10), 2, 'UTD3.42'),
  'battle.rlExcusesPerBattle': spec(int(0, 10), 1, 'UTD3.42, ISS-A15'),
  'battle.appealSubmissionHours': spec(hours, 48, 'UTF3.45'),
  'battle.capturedOrganizeHours': spec(hours, 24, 'UTD6.3I2, ISS-A77'),
  'battle.defenderNoResponse': spec(z.enum(['chooseThenRandom', 'random']), 'chooseThenRandom', 'UTD3.43, ISS-A16'),
  'npe.objectionWindowHours': spec(hours, 48, 'UTD5.47, ISS-A61'),
  'npe.anschlussAt': spec(z.enum(['gte', 'gt']), 'gte', 'UTD5.422, ISS-A56'),
  'npe.anschlussRatio': spec(z.number().min(1).max(10), 2, 'UTD5.422, ISS-A56'),
  'npe.rewardBpv': spec(bpvAmount, 150, 'UTD5.4A1, UTD5.4A2'),
  'npe.rollRange': spec(dieRange, { min: 1, max: 2 }, 'UTD5.4', {
    parse: parseDieRange,
    text: (r) => (r.min === r.max ? String(r.min) : `${r.min}-${r.max}`),
    allowed: 'a range of 1D6 faces such as 1-2 or 1-3',
  }),
  'npe.excludePlayerEmpires': spec(bool, false, 'UTD5.41, ISS-A53'),
  'npe.baselineMin': spec(bpvAmount, 250, 'UTD5.462'),
  'npe.baselineMax': spec(bpvAmount, 600, 'UTD5.462'),
  'npe.absoluteMin': spec(bpvAmount, 150, 'UTD5.464'),
  'npe.attackBpvIncludesAttrition': spec(bool, true, 'UTD5.462, ISS-A55'),
  'npe.attackBpvIncludesExtraCo': spec(bool, true, 'UTD5.462, ISS-A55'),
  'repair.colonyRequiresStartOfTurn': spec(bool, true, 'UTD4.335, ISS-A24'),
  'repair.supportingRfCounts': spec(bool, true, 'UTD4.3373, ISS-A26'),
  'capture.dryDockOptional': spec(bool, false, 'UTD6.3I2, ISS-A78'),
  'allow.feSitConversions': spec(bool, false, 'UTD6.3762'),
  'capital.countsTowardColonyLimits': spec(bool, true, 'UTD6.384, ISS-A31'),
  'capital.actsOutsideColony': spec(bool, true, 'UTD4.3234, ISS-A117'),
  'capital.mayEnterEnemySector': spec(bool, false, 'UTD6.32, UTD7.4222, ISS-A132'),
  'capital.replacementCost': spec(bpvAmount, 600, 'UTD4.3235'),
  'players.countBasis': spec(z.enum(['current', 'initial']), 'current', 'UTD6.2, UTD7.21, ISS-A20'),
  'players.min': spec(int(2, 13), 2, 'UTD8.11'),
  'players.max': spec(int(2, 13), 13, 'UTD8.11'),
  'ops.tempPricing': spec(z.enum(['exampleTkPlusT', 'incremental']), 'exampleTkPlusT', 'UTD6.23, ISS-A21'),
  'ops.tempPrices': spec(ints(0, 100_000, 1, 10), [100, 200, 400], 'UTD6.21'),
  'ops.permanentPrice': spec(bpvAmount, 750, 'UTD6.22'),
  'ops.maxExtra': spec(int(0, 10), 3, 'UTD6.22, UTD6.23'),
  'fleets.base': spec(fleetsBase, { fixed: 3, perPlayer: 1 }, 'UTD7.21', {
    parse: parseFleetsBase,
    text: fleetsBaseText,
    allowed: 'a count such as 3+P, 4+2P or 6 (P = the number of players; up to 20 plus 3 per player)',
  }),
  'fleets.extraPrices': spec(ints(0, 100_000, 3, 3), [250, 500, 1000], 'UTD7.22'),
  'fleets.extraPricing': spec(
    z.enum(['cumulativeDifference', 'perPurchase']),
    'cumulativeDifference',
    'UTD7.22, ISS-A22',
  ),
  'fleet.maxMc': spec(maxMc, '5', 'UTD7.23', {
    parse: parseMaxMc,
    allowed: 'a move cost from 1 to 20, such as 5, 5.5 or 16/3',
  }),
  'fleet.requireCarrierEscorts': spec(bool, true, 'UTD8.22, ISS-A100'),
  'cost.overhaulPct': spec(pct, 10, 'UTD6.3726, ISS-A01'),
  'cost.refitMinPct': spec(pct, 0, 'UTD6.3755, ISS-A02'),
  'cost.conversionMinPct': spec(pct, 25, 'UTD6.3764'),
  'cost.inspectionPct': spec(pct, 25, 'UTD6.3775'),
  'cost.rounding': spec(z.enum(['perLine', 'perShip', 'none']), 'perLine', 'ISS-A03'),
  'shipyard.activationScope': spec(z.enum(['sector', 'shipyard']), 'sector', 'UTD6.371, ISS-A04'),
  'income.perMine': spec(bpvAmount, 100, 'UTD4.344'),
  'deadDrop.value': spec(bpvAmount, 100, 'UTD6.3D1'),
  'deadDrop.cost': spec(bpvAmount, 110, 'UTD6.3D1'),
  'removal.removeDevelopments': spec(bool, true, 'UTD3.91, ISS-A87'),
  // Replacement players (replacement.ts): the rule's removal of the forces, or a vacant seat a newcomer takes over by vote.
  // Absence (absence.ts): the longest absence, and the turns a year that pass without a forfeit.
  'absence.maxDays': spec(int(1, 90), 14, 'UTD3.31, UTD3.2'),
  'absence.excusedTurnsPerYear': spec(int(0, 24), 2, 'UTD3.31, UTD3.92'),
  'removal.seat': spec(z.enum(['remove-forces', 'takeover-by-vote']), 'remove-forces', 'UTD3.91, UTD1.7'),
  'move.freeMoveRequiresSectorOwnership': spec(bool, true, 'UTD4.334, ISS-A130'),
  'move.pinOnAnyEnemyCombatUnit': spec(bool, true, 'UTD2.3(5)(d), ISS-A48'),
  'establish.freighterTest': spec(
    z.enum(['boxes50', 'containers2', 'either']),
    'boxes50',
    'UTD4.331, UTD6.34, ISS-A07',
  ),
  'explore.balanceGap': spec(int(1, 20), 2, 'UTD5.22, ISS-A66'),
  'explore.balanceCounts': spec(z.enum(['owned', 'explored']), 'owned', 'UTD5.22, ISS-A66'),
  'explore.onRetreatArrival': spec(bool, true, 'UTD5.1, ISS-A18'),
  'retreat.timing': spec(z.enum(['afterOrders', 'startOfStep5']), 'afterOrders', 'UTD6.3G, ISS-A17'),
  'development.resolution': spec(
    z.enum(['anyTurnExceptPostFort', 'occupierTurnOnly']),
    'anyTurnExceptPostFort',
    'UTD4.333, UTD4.353, ISS-A41',
  ),
  'ownership.captureTransfersSector': spec(bool, false, 'UTD4.13, UTD4.332, ISS-A40'),
  'siege.successMax': spec(int(1, 5), 3, 'UTD4.3561'),
  'siege.desperation': spec(desperation, [50, 100], 'UTD4.3562', {
    allowed: 'rising BPV prices for a second, third … die, separated by commas, such as 50,100 (none: no desperation)',
  }),
  'siege.autoSuccessAfterFailures': spec(int(1, 20), 3, 'UTD4.3563'),
  'siege.autoSuccessWithinAttempt': spec(bool, true, 'UTD4.3563, ISS-A50'),
  'map.sectorsPerPlayer': spec(int(3, 30), 8, 'UTD8.15'),
  'victory.endByVote': spec(z.enum(['supermajority', 'unanimous']), 'supermajority', 'UTD1.9, ISS-A89'),
  'tow.tractorsPerWreck': spec(int(1, 5), 1, 'UTD6.3E, ISS-A73'),
  'co.poolPct': spec(pct, 20, 'UTD7.A2'),
  'co.extraCapPctOfBpv': spec(nullablePct, null, 'UTD2.3(3), ISS-A39', {
    parse: parseNullable,
    text: (v) => (v === null ? 'none' : String(v)),
    allowed: "none, or a whole number from 0 to 1000 (percent of the ship's BPV)",
  }),
  'co.mediumGroundBaseEligible': spec(bool, false, 'UTD7.A, ISS-A124'),
  'lo.costModel': spec(z.enum(['fixed', 'pctOfShipBpv']), 'fixed', 'UTD7.26A'),
  'lo.cost': spec(int(0, 1000), 10, 'UTD7.26A'),
  'oc.cost': spec(int(0, 1000), 10, 'UTD7.26B'),
  'drones.extraBpvEach': spec(int(0, 100), 1, 'UTD7.A832'),
  'defense.requireFortification': spec(bool, true, 'UTD6.3A, ISS-A35'),
  'defense.maxSupportingRf': spec(int(0, 5), 1, 'UTD4.3373, ISS-A34'),
  'setup.purchaseIgnoresCapacity': spec(bool, true, 'UTD8.1, ISS-A103'),
  // SIDCORS quick resolution (battles/quick.ts; docs/rules-notes.md "SIDCORS"): the extract's
  // optional procedures and the reading the digest leaves open when both sides have a scout.
  'sidcors.directedDamage': spec(bool, true, 'SIDCORS (A.2.14) directed damage'),
  'sidcors.plusMinus': spec(bool, true, 'SIDCORS (A.2.14) plus/minus'),
  'sidcors.fightersInComPot': spec(bool, true, 'SIDCORS (A.2.14) fighters'),
  'sidcors.bothScouts': spec(z.enum(['net', 'cancel']), 'net', 'SIDCORS (A.2.14 special units: scouts)'),
  // A VBSF fleet-size system binding every battle fleet (battles/fleet-size-limit.ts, digest
  // A.2.11–A.2.13): none (advice only, /fleet check), BPV Capacity, Big Ships or Flexible Command.
  'fleet.sizeLimit': spec(z.enum(['none', 'bpv', 'bigships', 'fcp']), 'none', 'VBSF fleet composition'),
  /** UTD8.21: restricted units (catalog ids) the players voted in with `/vote restricted`. */
  'units.allowedRestricted': spec(z.array(z.string().min(1).max(40)).max(200), [], 'UTD8.21', {
    parse: (raw) => (raw === '-' || raw.toLowerCase() === 'none' ? [] : raw.split(',').map((x) => x.trim())),
    allowed: 'catalog unit ids separated by commas (or none)',
  }),
} as const satisfies Record<string, SettingSpec>;

export type SettingKey = keyof typeof SETTINGS;
export type Settings = { -readonly [K in SettingKey]: z.output<(typeof SETTINGS)[K]['schema']> };
export const SETTING_KEYS = Object.keys(SETTINGS) as SettingKey[];

export const DEFAULT_SETTINGS: Readonly<Settings> = Object.fromEntries(
  SETTING_KEYS.map((k) => [k, SETTINGS[k].default]),
) as unknown as Settings;

export function defaultSettings(): Settings {
  return structuredClone(DEFAULT_SETTINGS) as Settings;
}

export function isSettingKey(key: string): key is SettingKey {
  return Object.hasOwn(SETTINGS, key);
}

/** The value as a vote would write it: `true`, `7`, `50,100`, `3+P`, `1-2`, `none`. */
export function settingText(key: SettingKey, value: unknown): string {
  const s = SETTINGS[key] as SettingSpec;
  if (s.text && s.schema.safeParse(value).success) return s.text(value as never);
  if (Array.isArray(value)) return value.join(',');
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/** What a value must be, in the words of the schema (for refusals): `a whole number from 1 to 120`. */
export function allowedText(key: SettingKey): string {
  const s = SETTINGS[key] as SettingSpec;
  if (s.allowed) return s.allowed;
  const json = z.toJSONSchema(s.schema, { unrepresentable: 'any' }) as Record<string, unknown>;
  if (Array.isArray(json.enum)) return `one of ${(json.enum as string[]).join(', ')}`;
  if (json.type === 'boolean') return 'true or false';
  if (json.type === 'integer' || json.type === 'number')
    return `${json.type === 'integer' ? 'a whole number' : 'a number'} from ${json.minimum} to ${json.maximum}`;
  const item = json.items as Record<string, unknown> | undefined;
  if (json.type === 'array' && item?.type === 'integer') {
    const n = json.minItems === json.maxItems ? `${json.minItems} ` : `up to ${json.maxItems} `;
    return `${n}whole numbers from ${item.minimum} to ${item.maximum}, separated by commas`;
  }
  return 'a valid value';
}

/**
 * Reads a vote's text for `key` and checks it against the key's schema: the value, or why not
 * (requirements §3.3: a value outside the allowed range or set is refused when the vote is
 * proposed, never discovered later when a rule uses it).
 */
export function parseSetting(key: SettingKey, raw: string): { ok: true; value: unknown } | { ok: false } {
  const s = SETTINGS[key] as SettingSpec;
  const t = raw.trim();
  if (t.length === 0 || t.length > 60) return { ok: false };
  const candidate = s.parse ? s.parse(t) : readPlain(s.default, t);
  if (candidate === undefined) return { ok: false };
  const r = s.schema.safeParse(candidate);
  return r.success ? { ok: true, value: r.data } : { ok: false };
}

function readPlain(dflt: unknown, t: string): unknown {
  if (typeof dflt === 'number') return /^-?\d+(\.\d+)?$/.test(t) ? Number(t) : undefined;
  if (typeof dflt === 'boolean') return /^(true|false)$/i.test(t) ? t.toLowerCase() === 'true' : undefined;
  if (Array.isArray(dflt)) {
    if (t === '-' || t.toLowerCase() === 'none') return [];
    const parts = t.split(',').map((x) => x.trim());
    return parts.every((x) => /^-?\d+(\.\d+)?$/.test(x)) ? parts.map(Number) : undefined;
  }
  if (typeof dflt === 'string') return t;
  return undefined;
}

/**
 * Checks that hold between keys (a vote changes one key, so the others are those in force):
 * the reason in plain words, or null. A key's own range is its schema's.
 */
export function settingsConflict(s: Settings): string | null {
  if (s['deadline.ordersTargetDays'] > s['deadline.ordersDays'])
    return `the orders target (${s['deadline.ordersTargetDays']} days) would be later than the orders deadline (${s['deadline.ordersDays']} days)`;
  if (s['npe.baselineMin'] > s['npe.baselineMax'])
    return `the NPE baseline minimum (${s['npe.baselineMin']}) would be above its maximum (${s['npe.baselineMax']})`;
  if (s['npe.absoluteMin'] > s['npe.baselineMin'])
    return `the NPE absolute minimum (${s['npe.absoluteMin']}) would be above the baseline minimum (${s['npe.baselineMin']})`;
  if (s['players.min'] > s['players.max'])
    return `the minimum number of players (${s['players.min']}) would be above the maximum (${s['players.max']})`;
  if (s['ops.tempPrices'].length < s['ops.maxExtra'])
    return `${s['ops.maxExtra']} extra order points need ${s['ops.maxExtra']} temporary prices; ${s['ops.tempPrices'].length} are set`;
  return null;
}

/** The whole set, each key by its schema and the cross-key checks (campaign creation, import). */
export const settingsSchema = z
  .object(
    Object.fromEntries(SETTING_KEYS.map((k) => [k, SETTINGS[k].schema])) as {
      [K in SettingKey]: (typeof SETTINGS)[K]['schema'];
    },
  )
  .superRefine((s, ctx) => {
    const conflict = settingsConflict(s as unknown as Settings);
    if (conflict) ctx.addIssue({ code: 'custom', message: conflict });
  });

/**
 * Settings stored by an older version in this version's keys (upcast.ts): a key added later
 * starts at its default, a key no longer in the catalogue (`rng.provider`) is dropped.
 */
export function withDefaults(stored: Record<string, unknown>): Settings {
  const out = defaultSettings() as Record<string, unknown>;
  for (const k of SETTING_KEYS) if (k in stored) out[k] = structuredClone(stored[k]);
  return out as Settings;
}
