/**
 * Campaign settings (requirements §3.3): every house rule is a key with a default. Changing
 * one takes a supermajority vote and applies from the next cycle (rules-notes §4); the vote
 * mechanism is in votes.ts, the values live in campaign state from day one.
 */
export const DEFAULT_SETTINGS = {
  startYear: 165,
  'rng.provider': 'bot',
  'deadline.timezone': 'UTC',
  'deadline.ordersDays': 7,
  'deadline.ordersTargetDays': 3,
  'deadline.battleContactDays': 3,
  'deadline.battleResolveDays': 28,
  'deadline.npeVolunteerDays': 7,
  'deadline.autoExtensionDays': 7,
  'deadline.maxAutoExtensions': 1,
  'deadline.applyTo2Players': true,
  'deadline.forfeitsBeforeRemoval': 3,
  'deadline.reminderOffsetsHours': [72, 24, 1],
  'vote.windowHours': 72,
  'battle.selectionHours': 24,
  'battle.failuresBeforeRetreat': 2,
  'battle.rlExcusesPerBattle': 1,
  'battle.appealSubmissionHours': 48,
  'battle.capturedOrganizeHours': 24,
  'npe.objectionWindowHours': 48,
  'npe.anschlussAt': 'gte',
  'npe.rewardBpv': 150,
  'repair.colonyRequiresStartOfTurn': true,
  'repair.supportingRfCounts': true,
  'capture.dryDockOptional': false,
  'allow.feSitConversions': false,
  'capital.countsTowardColonyLimits': true,
  'vote.appealExcludesParticipants': true,
  'players.countBasis': 'current',
  'players.min': 2,
  'players.max': 13,
  'ops.tempPricing': 'exampleTkPlusT',
  'ops.tempPrices': [100, 200, 400],
  'ops.permanentPrice': 750,
  'ops.maxExtra': 3,
  'fleets.extraPrices': [250, 500, 1000],
  'fleets.extraPricing': 'cumulativeDifference',
  'cost.overhaulPct': 10,
  'cost.refitMinPct': 0,
  'cost.conversionMinPct': 25,
  'cost.inspectionPct': 25,
  'cost.rounding': 'perLine',
  'shipyard.activationScope': 'sector',
  'capital.replacementCost': 600,
  'income.perMine': 100,
  'deadDrop.value': 100,
  'deadDrop.cost': 110,
  'removal.removeDevelopments': true,
  'move.freeMoveRequiresSectorOwnership': true,
  'move.pinOnAnyEnemyCombatUnit': true,
  'establish.freighterTest': 'boxes50',
  'explore.balanceGap': 2,
  'explore.balanceCounts': 'owned',
  'npe.excludePlayerEmpires': false,
  'development.resolution': 'anyTurnExceptPostFort',
  'ownership.captureTransfersSector': false,
  'capital.mayEnterEnemySector': false,
  'siege.successMax': 3,
  'siege.autoSuccessAfterFailures': 3,
  'siege.autoSuccessWithinAttempt': true,
  'map.sectorsPerPlayer': 8,
  'victory.endByVote': 'supermajority',
  // Ship condition (condition/): functional tractor beams needed per wrecked ship in tow (UTD6.3E, ISS-A73).
  'tow.tractorsPerWreck': 1,
  // Officers and options (officers/, docs/rules-notes.md "Officers and options").
  'co.poolPct': 20,
  'lo.costModel': 'fixed',
  'lo.cost': 10,
  'oc.cost': 10,
  'drones.extraBpvEach': 1,
  // Defenses (defenses/, docs/rules-notes.md "Defenses"): a fortification is needed outside a home
  // sector (ISS-A35) and one supporting repair freighter per life or home sector (ISS-A34).
  'defense.requireFortification': true,
  'defense.maxSupportingRf': 1,
  // SIDCORS quick resolution (battles/quick.ts; docs/rules-notes.md "SIDCORS"): the extract's
  // optional procedures and the readings the digest leaves open (§A.2.14, A.4 V22, V24).
  'sidcors.directedDamage': true,
  'sidcors.plusMinus': true,
  'sidcors.fightersInComPot': true,
  /** Both sides with a working scout: `net` (digest V22) or `cancel`. */
  'sidcors.bothScouts': 'net',
  /**
   * VBSF fleet-size system binding every battle fleet (fleet-size/, digest A.2.11–A.2.13): `none`
   * (advice only, `/fleet check`), `bpv` (BPV Capacity), `bigships` (Big Ships) or `fcp` (Flexible Command).
   */
  'fleet.sizeLimit': 'none',
  /** UTD8.21: restricted units (catalog ids) the players voted in with `/vote restricted`. */
  'units.allowedRestricted': [] as readonly string[],
} as const;

type Widen<T> = T extends string
  ? string
  : T extends number
    ? number
    : T extends boolean
      ? boolean
      : T extends readonly number[]
        ? number[]
        : T;
export type Settings = { -readonly [K in keyof typeof DEFAULT_SETTINGS]: Widen<(typeof DEFAULT_SETTINGS)[K]> };

/** A setting's value; a campaign stored before the key existed reads the default. */
export function settingOf<K extends keyof Settings>(settings: Settings, key: K): Settings[K] {
  return (settings[key] ?? DEFAULT_SETTINGS[key]) as Settings[K];
}

export function defaultSettings(): Settings {
  return structuredClone(DEFAULT_SETTINGS) as unknown as Settings;
}

/**
 * Settings whose value is one of a few words: a vote naming another is refused (UTD1.11). The
 * SIDCORS and fleet-size words match `BOTH_SCOUTS` (sidcors/types.ts) and `FLEET_SYSTEMS`.
 */
export const SETTING_CHOICES: Readonly<Partial<Record<keyof Settings, readonly string[]>>> = {
  'sidcors.bothScouts': ['net', 'cancel'],
  'fleet.sizeLimit': ['none', 'bpv', 'bigships', 'fcp'],
};
