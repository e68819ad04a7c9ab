import {
  DEFAULT_SETTINGS,
  SETTING_KEYS,
  SETTINGS,
  settingText,
  type CampaignState,
  type SettingKey,
} from '../rules/thunderdome/index.ts';
import { cycleLabel } from '../rules/thunderdome/calendar.ts';
import { splitMessage, WORDS } from './words.ts';

/**
 * What each house rule changes, in the players' words (`/campaign settings`, requirements §3.3).
 * One entry per key: a key added to the catalogue without words is a compile error.
 */
export const SETTING_WORDS = {
  startYear: 'the SFB year of cycle 1, which decides which units may be bought',
  'deadline.timezone': 'the time zone whose 23:59:59 ends every deadline',
  'deadline.ordersDays': 'days a player has to give orders before the turn is forfeited',
  'deadline.ordersTargetDays': 'the day by which orders are hoped for: the first reminder comes at its end',
  'deadline.battleContactDays': 'days to contact the opponent after a battle opens',
  'deadline.battleResolveDays': 'days to play or settle a battle before it stalls',
  'deadline.npeVolunteerDays': 'days for a player to volunteer to run a non-player empire',
  'deadline.autoExtensionDays': 'the extension granted without a vote for a real-life reason',
  'deadline.maxAutoExtensions': 'how many automatic order extensions a turn may have',
  'deadline.applyTo2Players': 'whether a 2-player campaign has an orders deadline at all',
  'deadline.forfeitsBeforeRemoval': 'forfeited turns in a row that remove a player',
  'deadline.reminderOffsetsHours': 'hours before the orders deadline at which the bot reminds the player',
  'vote.windowHours': 'hours a vote stays open; silence counts as no',
  'vote.appealExcludesParticipants': "whether the battle's players are left out of the vote on its appeal",
  'battle.selectionHours': 'hours to name the fighting fleet before the strongest is taken',
  'battle.failuresBeforeRetreat': 'unexcused failures to play that force a retreat',
  'battle.rlExcusesPerBattle': 'real-life excuses each player has per battle',
  'battle.appealSubmissionHours': 'hours to submit an appeal once one side appealed',
  'battle.capturedOrganizeHours': 'hours to organize captured ships before the default is applied',
  'battle.defenderNoResponse':
    'what happens when the attacked player does not answer: a choice first, or a random lane',
  'npe.objectionWindowHours': 'hours in which any player may object to a negotiated NPE result',
  'npe.anschlussAt': 'whether exactly the Anschluss ratio suffices (gte) or it must be exceeded (gt)',
  'npe.anschlussRatio': "how many times the NPE's BPV an attacker needs for Anschluss without a fight",
  'npe.rewardBpv': 'the BPV of the Anschluss tribute ships and of the conquest bonus',
  'npe.rollRange': 'the 1D6 faces that find a non-player empire in a life or mineral sector',
  'npe.excludePlayerEmpires': 'whether the empires the players play may not be NPEs (re-rolled)',
  'npe.baselineMin': "the least of an NPE's BPV baseline",
  'npe.baselineMax': "the most of an NPE's BPV baseline",
  'npe.absoluteMin': 'the BPV an NPE never falls below',
  'npe.attackBpvIncludesAttrition': "whether fighters and PFs count in the attacker's BPV against an NPE",
  'npe.attackBpvIncludesExtraCo': "whether extra COs bought with BPV count in the attacker's BPV against an NPE",
  'repair.colonyRequiresStartOfTurn': 'whether colony repairs need the fleet to have begun its turn there',
  'repair.supportingRfCounts': "whether a colony's supporting repair freighter makes colony repairs free",
  'capture.dryDockOptional': 'whether a captured ship may go to dry dock while a fleet has room',
  'allow.feSitConversions': 'whether conversions from the F&E SITs may be built',
  'capital.countsTowardColonyLimits': "whether the capital counts toward a colony's shipyard limits",
  'capital.actsOutsideColony': 'whether the capital works as a shipyard outside a colony of its owner',
  'capital.mayEnterEnemySector': 'whether the capital may move into a sector with enemy units or a fort',
  'capital.replacementCost': 'the BPV of a replacement capital',
  'players.countBasis': 'P for order points and fleets: the players now (current) or at the start (initial)',
  'players.min': 'the fewest players to start',
  'players.max': 'the most players who may join',
  'ops.tempPricing': 'how temporary order points are priced',
  'ops.tempPrices': 'the prices of 1, 2, 3 temporary order points',
  'ops.permanentPrice': 'the price of a permanent order point',
  'ops.maxExtra': 'the most extra order points, permanent and temporary',
  'fleets.base': 'the fleets every player may have (P = players)',
  'fleets.extraPrices': 'the total price of 1, 2, 3 extra fleets',
  'fleets.extraPricing': 'whether a later purchase pays the difference of totals or its own listed price',
  'fleet.maxMc': 'the move cost a fleet may hold',
  'fleet.requireCarrierEscorts': 'whether carriers need their escorts in the fleet',
  'cost.overhaulPct': "an overhaul's cost, percent of the ship's BPV",
  'cost.refitMinPct': "a refit's least cost, percent of the ship's BPV",
  'cost.conversionMinPct': "a conversion's least cost, percent of the ship's BPV",
  'cost.inspectionPct': "an inspection's cost, percent of the captured ship's BPV",
  'cost.rounding': 'how yard charges are rounded up: per line, per ship, or not at all',
  'shipyard.activationScope': 'whether one order point activates every yard of a sector or one yard',
  'income.perMine': 'the BPV each mine pays per cycle',
  'deadDrop.value': 'what a dead-drop container is worth to the one who collects it',
  'deadDrop.cost': 'what a dead-drop container costs',
  'removal.removeDevelopments': "whether a removed player's colonies, mines, forts and sectors go with them",
  'absence.maxDays': 'the longest absence a player may declare, in days',
  'absence.excusedTurnsPerYear':
    'how many turns a calendar year pass without a forfeit while a player is away without a proxy',
  'removal.seat':
    "whether a departing player's forces leave the map (remove-forces) or stay in a vacant seat the players may vote a newcomer into (takeover-by-vote)",
  'move.freeMoveRequiresSectorOwnership': "whether the free move from a colony needs the sector's ownership",
  'move.pinOnAnyEnemyCombatUnit': 'whether enemy bases and NPEs pin a fleet that enters, as fleets do',
  'establish.freighterTest': 'which large freighter makes a colony or mine free: 50 boxes, 2 containers, either',
  'explore.balanceGap': 'the lead in sectors that makes exploration balancing apply',
  'explore.balanceCounts': 'whether balancing counts owned or explored sectors',
  'explore.onRetreatArrival': 'whether a fleet that retreats into an unknown sector explores it',
  'retreat.timing': 'when a retreat is carried out',
  'development.resolution': 'on whose turns colonies and mines fall to an occupier',
  'ownership.captureTransfersSector': 'whether capturing a colony or mine also takes the sector',
  'siege.successMax': 'the highest 1D6 face that frees a trapped fleet',
  'siege.desperation': 'the BPV for a second, third … siege die',
  'siege.autoSuccessAfterFailures': 'failed siege dice after which the next one succeeds by itself',
  'siege.autoSuccessWithinAttempt': 'whether that automatic success comes even inside a multi-die attempt',
  'map.sectorsPerPlayer': 'sectors per player on a generated map',
  'victory.endByVote': 'the majority that ends the campaign by agreement',
  'tow.tractorsPerWreck': 'functional tractor beams needed per wreck in tow',
  'co.poolPct': "a unit's free commander's-option pool, percent of its BPV",
  'co.extraCapPctOfBpv': "a cap on extra COs bought with BPV, percent of the ship's BPV (none: no cap)",
  'co.mediumGroundBaseEligible': "whether medium ground bases receive commander's options",
  'lo.costModel': "whether a legendary officer costs a fixed BPV or a percent of the ship's",
  'lo.cost': 'the price of a legendary officer',
  'oc.cost': 'the price of the outstanding crew',
  'drones.extraBpvEach': 'the BPV of each extra drone',
  'defense.requireFortification': 'whether defenses outside a home sector need a fortification',
  'defense.maxSupportingRf': 'supporting repair freighters per sector',
  'setup.purchaseIgnoresCapacity': "whether setup purchases ignore the home yards' capacity",
  'units.allowedRestricted': 'the restricted units the players voted in',
  'sidcors.directedDamage': 'whether each side may give a secret Directed Damage order in a SIDCORS quick battle',
  'sidcors.plusMinus': "whether a SIDCORS quick battle's die rolls get the plus/minus shift",
  'sidcors.fightersInComPot': 'whether fighters add to a SIDCORS combat potential',
  'sidcors.bothScouts': 'when both sides have a working scout: the net shift, or the scouts cancel',
  'fleet.sizeLimit': 'the VBSF fleet-size system that binds every battle fleet (none: /fleet check only advises)',
} as const satisfies Record<SettingKey, string>;

/**
 * `/campaign settings`: every setting with its value, its default and the rule it changes; those
 * changed from the default first marked ✱, then the votes passed that apply from a later cycle.
 */
export function settingsListText(state: CampaignState | null): string {
  const current = (state?.settings ?? DEFAULT_SETTINGS) as Record<SettingKey, unknown>;
  const lines = SETTING_KEYS.map((k) => {
    const value = settingText(k, current[k]);
    const dflt = settingText(k, DEFAULT_SETTINGS[k]);
    const changed = value !== dflt;
    return `${changed ? '✱ ' : ''}**${k}** = \`${value || 'none'}\`${changed ? ` (default \`${dflt || 'none'}\`)` : ' (default)'} — ${SETTING_WORDS[k]} (${SETTINGS[k].rule})`;
  });
  const pending = (state?.pendingSettings ?? []).map(
    (x) =>
      `⏳ **${x.key}** becomes \`${SETTING_KEYS.includes(x.key as SettingKey) ? settingText(x.key as SettingKey, x.value) : JSON.stringify(x.value)}\` from cycle ${cycleLabel(x.fromHalfCycle)}`,
  );
  const head = state
    ? `**Settings of ${state.name}** (${SETTING_KEYS.length}; change one with \`/vote setting\`, UTD1.11)`
    : `**Default settings** (${SETTING_KEYS.length}; no campaign in this channel)`;
  return [head, ...pending, ...lines].join('\n');
}

/** The reply to `/campaign settings`: the list when it fits one message, else its first part and the whole list as a file. */
export function settingsReply(state: CampaignState | null): { content: string; file: string | null } {
  const text = settingsListText(state);
  if (splitMessage(text).length === 1) return { content: text, file: null };
  return {
    content: `${splitMessage(text, 1900)[0]!}\n${WORDS.settingsAttached(SETTING_KEYS.length)}`,
    file: text.replace(/\*\*|`/g, ''),
  };
}
