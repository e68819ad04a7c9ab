import { describe, expect, it } from 'vitest';
import { sampleCatalog } from '../../../src/app/catalogs.ts';
import { bpv, bpvToString } from '../../../src/rules/exact/bpv.ts';
import { towCapacity } from '../../../src/rules/thunderdome/condition/towing.ts';
import { requiresFortification } from '../../../src/rules/thunderdome/defenses/sites.ts';
import { extraDronePrice } from '../../../src/rules/thunderdome/officers/drone-purchase.ts';
import {
  chargeLine,
  conversionCost,
  costSettings,
  inspectionCost,
  overhaulCost,
  refitCost,
} from '../../../src/rules/thunderdome/shipyards/costs.ts';
import type { CampaignState } from '../../../src/rules/thunderdome/state.ts';
import { unitCoPool } from '../../../src/rules/thunderdome/officers/co-pool.ts';
import { crewCost, officerCost } from '../../../src/rules/thunderdome/officers/costs.ts';
import {
  defaultSettings,
  parseSetting,
  SETTING_KEYS,
  SETTINGS,
  type SettingKey,
  type Settings,
} from '../../../src/rules/thunderdome/settings.ts';
import { orderReminderOffsets } from '../../../src/rules/thunderdome/turn.ts';
import type { UnitInfo } from '../../../src/rules/thunderdome/units.ts';
import { catalogWith } from '../shipyards/yard-harness.ts';
import { explored, placeFleet, result } from '../battles/helpers.ts';
import { Game, mappedGame, registeredGame } from './harness.ts';

/**
 * Requirements §3.3: every house rule is live. For EVERY key of the settings catalogue this table
 * holds a small scenario, played through the rules, that comes out one way under the default and
 * another under the value a vote could set (given as the vote's text, so it is also checked to be
 * a value a vote accepts). A key added to the catalogue without a case fails the first test.
 */
interface LiveCase {
  /** The non-default value, as a `/vote setting` text. */
  value: string;
  /** The scenario's observable outcome under the given settings. */
  run: (s: Settings) => unknown;
  /** The outcome under the defaults, and under `value`. */
  dflt: unknown;
  changed: unknown;
}

/** As the NPE battle tests: A is a life sector with an active Federation NPE; p1's fleet 1 enters it. */
function npeBattle(s: Settings, ships: string[] = ['LYR-CA', 'LYR-FF'], losses = '0'): { g: Game; battle: string } {
  const g = started(s, { p1: ships });
  g.patch((st) => {
    Object.assign(st.map!.sectors.find((x) => x.key === 'A')!, {
      type: 'life',
      terrain: ['class-m-planet'],
      overlays: [],
      exploredBy: 'p3',
      npe: { empire: 'federation', status: 'active', losses, offset: '0' },
    });
  });
  g.do('p1', { type: 'move', fleet: '1', to: 'A' });
  g.do('p1', { type: 'end-turn' });
  return { g, battle: g.state.battles[0]!.id };
}

/** …with p2 running the NPE with one FED-FF, and p1 and p2 agreeing that p1 destroyed it (UTD5.46–5.47). */
function negotiatedNpe(s: Settings): { g: Game; battle: string } {
  const { g, battle } = npeBattle(s);
  g.do('p2', { type: 'battle-volunteer', battle });
  g.do('p2', { type: 'battle-fleet', battle, fleet: null, units: ['FED-FF'] });
  const npeUnit = g.state.battles[0]!.npe!.force[0]!.id;
  g.do('p1', {
    type: 'battle-propose',
    battle,
    kind: 'negotiated',
    result: result({ winner: 'p1', destroyed: [npeUnit] }),
  });
  g.do('p2', { type: 'battle-accept', battle });
  return { g, battle };
}

/** p2's fleet 1 waits in A (explored, dead); p1's fleet 1 enters: a battle opens (as `battleInA`). */
function battle(s: Settings, ships: Record<string, string[]> = {}): { g: Game; battle: string } {
  const g = started(s, ships);
  explored(g, 'A', 'dead');
  placeFleet(g, 'p2', 1, 'A');
  g.do('p1', { type: 'move', fleet: '1', to: 'A' });
  g.do('p1', { type: 'end-turn' });
  return { g, battle: g.state.battles.find((x) => x.status === 'open')!.id };
}

const hoursAfter = (g: Game, iso: string | null | undefined) =>
  iso ? Math.round((Date.parse(iso) - g.now.getTime()) / 3_600_000) : null;

/**
 * Keys in the catalogue that no rule reads yet, so no scenario can come out differently. Empty:
 * every key has its case. A key leaves this list with its case when its rule is built.
 */
const NOT_YET_LIVE: readonly SettingKey[] = [];

/**
 * p1 (home only: one life, one mineral sector) moves into the unknown A and ends the turn, the
 * type die showing dead (UTD5.21); `mineralSectors` of p2's are set up first. Returns the phase the
 * turn is in: `exploration` while a balancing question waits for p1 (UTD5.221), `orders` once the
 * sector was explored without one and p2's turn began.
 */
function p1ExploresBehind(s: Settings, mineralSectors: { key: string; owner: string | null }[]): string {
  const g = started(s);
  g.patch((st) => {
    for (const m of mineralSectors)
      Object.assign(st.map!.sectors.find((x) => x.key === m.key)!, {
        type: 'mineral',
        terrain: [],
        overlays: [],
        exploredBy: 'p2',
        owner: m.owner,
      });
  });
  g.do('p1', { type: 'move', fleet: '1', to: 'A' });
  g.dice(5, 3).do('p1', { type: 'end-turn' });
  return g.state.turn!.phase;
}

/** p1 wins the battle in A (`battle`) by agreement and p2 must retreat to `to`; p2's turn begins. */
function p2Retreats(s: Settings, to: string, before: (g: Game) => void = () => {}): Game {
  const { g, battle: id } = battle(s);
  before(g);
  g.do('p1', { type: 'battle-propose', battle: id, kind: 'negotiated', result: result({ winner: 'p1', retreat: to }) });
  g.do('p2', { type: 'battle-accept', battle: id });
  return g;
}

/** A battle in A opened by `battle(s, ships)`, with both sides agreeing to SIDCORS at intensity 2 and the dice given. */
function quickRound(s: Settings, ships: Record<string, string[]>, dice: number[], catalog?: (g: Game) => void) {
  const { g, battle: id } = battle(s, ships);
  catalog?.(g);
  g.do('p1', { type: 'battle-quick', battle: id, intensity: 2 });
  g.dice(...dice).do('p2', { type: 'battle-quick', battle: id, intensity: 2 });
  return { g, battle: id, q: () => g.state.battles[0]!.quick! };
}

/** Test surgery on the catalog: `unitId` gets the given extra columns. */
function amendUnit(g: Game, unitId: string, extra: Partial<UnitInfo>): void {
  const base = g.catalog;
  g.catalog = { ...base, get: (id) => (id === unitId ? { ...base.get(id)!, ...extra } : base.get(id)) };
}

// ---- scenario helpers ----

const TEST_UNITS: UnitInfo[] = [
  // A large freighter with 50 boxes and no containers, and one with two containers and 20 boxes (ISS-A07).
  { ...sampleCatalog().get('NEU-F-L')!, unitId: 'NEU-F-BOX', cargoBoxes: 50, cargoContainers: 0 },
  { ...sampleCatalog().get('NEU-F-L')!, unitId: 'NEU-F-CON', cargoBoxes: 20, cargoContainers: 2 },
  // A Lyran carrier of 133 BPV with 5 fighters of 10 BPV aboard (ISS-A55).
  {
    ...sampleCatalog().get('LYR-CA')!,
    unitId: 'LYR-CVT',
    fighters: 5,
    fighterSpares: 0,
    fighterTypeId: 'HYD-FTR',
  },
  // A restricted Lyran battleship (UTD8.21).
  { ...sampleCatalog().get('LYR-CA')!, unitId: 'LYR-BB', restricted: 'battleship' },
  // A medium ground base (ISS-A124).
  {
    ...sampleCatalog().get('NEU-GBDP')!,
    unitId: 'NEU-GBM',
    groundBaseSize: 'medium',
    coEligible: false,
    coEligibleWithMediumGb: true,
  },
];

function withSettings(g: Game, s: Settings): Game {
  g.catalog = catalogWith(sampleCatalog(), TEST_UNITS);
  g.patch((st) => {
    st.settings = structuredClone(s);
  });
  return g;
}

/** As `startedGame`, with the settings in force from before the start. */
function started(s: Settings, ships: Record<string, string[]> = {}): Game {
  const g = withSettings(mappedGame(), s);
  g.dice(900, 500, 100).do('p1', { type: 'start' });
  const defaults: Record<string, string[]> = { p1: ['LYR-CA', 'LYR-FF'], p2: ['KZI-CA', 'KZI-FF'], p3: ['HYD-CA'] };
  for (const p of ['p1', 'p2', 'p3'])
    for (const unit of ships[p] ?? defaults[p]!) g.do(p, { type: 'setup-buy', unitId: unit, fleetSlot: 1 });
  for (const p of ['p1', 'p2', 'p3']) g.do(p, { type: 'setup-ready', ready: true });
  return g;
}

/** Runs a command and reports the refusal's code, or 'ok'. */
function attempt(g: Game, user: string, command: Parameters<Game['do']>[1]): string {
  try {
    g.do(user, command);
    return 'ok';
  } catch {
    return g.lastError!.code;
  }
}

function endTurns(g: Game, ...players: string[]): void {
  for (const p of players) g.do(p, { type: 'end-turn' });
}

/** p1's fleet 1 trapped by p2's fort in A (UTD4.356), with 1000 BPV in the bank. */
function trapped(s: Settings, failedDice = 0): Game {
  const g = started(s);
  explored(g, 'A', 'dead');
  placeFleet(g, 'p1', 1, 'A');
  g.patch((st) => {
    st.map!.sectors.find((x) => x.key === 'A')!.fort = {
      owner: 'p2',
      status: 'active',
      fleetId: null,
      orderedHalfCycle: 1,
      exposedTo: null,
    } as never;
    st.fleets.find((f) => f.owner === 'p1' && f.slot === 1)!.trapped = {
      fortSector: 'A',
      fortOwner: 'p2',
      failedDice,
      lastAttemptHalfCycle: null,
    } as never;
    st.players.find((p) => p.id === 'p1')!.bank = '1000';
  });
  return g;
}

const CASES: Partial<Record<SettingKey, LiveCase>> = {
  // ---- the calendar and the clocks ----
  startYear: {
    value: '170',
    run: (s) => {
      const g = started(s);
      return (g.events('CampaignStarted')[0]!.event as { startYear: number }).startYear;
    },
    dflt: 165,
    changed: 170,
  },
  'deadline.timezone': {
    value: 'Europe/Berlin',
    run: (s) => started(s).state.turn!.deadline,
    dflt: '2026-03-11T23:59:59.000Z',
    changed: '2026-03-11T22:59:59.000Z',
  },
  'deadline.ordersDays': {
    value: '10',
    run: (s) => started(s).state.turn!.deadline,
    dflt: '2026-03-11T23:59:59.000Z',
    changed: '2026-03-14T23:59:59.000Z',
  },
  'deadline.ordersTargetDays': {
    value: '5',
    run: (s) => {
      // 47 hours before the deadline: past the end of day 5, not yet 24 h before it.
      const g = started(s);
      g.now = new Date(Date.parse(g.state.turn!.deadline!) - 47 * 3_600_000);
      g.do('system', { type: 'remind' });
      return g.events('ReminderSent').map((e) => (e.event as { hoursBefore: number }).hoursBefore);
    },
    dflt: [96],
    changed: [48],
  },
  'deadline.reminderOffsetsHours': {
    value: '48,1',
    run: (s) => orderReminderOffsets(s),
    dflt: [96, 24, 1],
    changed: [96, 48, 1],
  },
  // ---- players, order points, fleets ----
  'players.countBasis': {
    value: 'initial',
    run: (s) => {
      // p3 resigns; p1's next turn counts P as the players now (2) or at the start (3): UTD6.2.
      const g = started(s);
      g.do('p3', { type: 'resign' });
      endTurns(g, 'p1', 'p2');
      return g.state.turn!.opsBase;
    },
    dflt: 2,
    changed: 3,
  },
  'players.min': {
    value: '4',
    run: (s) => attempt(withSettings(mappedGame(), s).dice(900, 500, 100), 'p1', { type: 'start' }),
    dflt: 'ok',
    changed: 'campaign/too-few-players',
  },
  'players.max': {
    value: '2',
    run: (s) => {
      const g = new Game();
      g.do('p1', { type: 'create', name: 'T', campaignId: 'c', guildId: 'g', channelId: 'ch', seedCommitment: 'h' });
      withSettings(g, s);
      g.do('p1', { type: 'join', empire: 'lyran' });
      g.do('p2', { type: 'join', empire: 'kzinti' });
      return attempt(g, 'p3', { type: 'join', empire: 'hydran' });
    },
    dflt: 'ok',
    changed: 'campaign/full',
  },
  'ops.tempPricing': {
    value: 'incremental',
    run: (s) => {
      const g = started(s);
      g.patch((st) => {
        st.players.find((p) => p.id === 'p1')!.permanentOps = 1;
      });
      g.do('p1', { type: 'buy-ops', kind: 'temporary', count: 1 });
      return (g.events('OrderPointsBought')[0]!.event as { cost: string }).cost;
    },
    dflt: '200',
    changed: '100',
  },
  'ops.tempPrices': {
    value: '50,100,200',
    run: (s) => {
      const g = started(s);
      g.do('p1', { type: 'buy-ops', kind: 'temporary', count: 1 });
      return (g.events('OrderPointsBought')[0]!.event as { cost: string }).cost;
    },
    dflt: '100',
    changed: '50',
  },
  'ops.permanentPrice': {
    value: '500',
    run: (s) => {
      const g = started(s);
      g.do('p1', { type: 'buy-ops', kind: 'permanent', count: 1 });
      return (g.events('OrderPointsBought')[0]!.event as { cost: string }).cost;
    },
    dflt: '750',
    changed: '500',
  },
  'ops.maxExtra': {
    value: '2',
    run: (s) => attempt(started(s), 'p1', { type: 'buy-ops', kind: 'temporary', count: 3 }),
    dflt: 'ok',
    changed: 'ops/extra-limit',
  },
  'fleets.base': {
    value: '4+P',
    run: (s) => {
      // Fleet slots 1..6 are allowed under 3 + P with three players; slot 7 only under 4 + P (UTD7.21).
      const g = withSettings(mappedGame(), s);
      g.dice(900, 500, 100).do('p1', { type: 'start' });
      return attempt(g, 'p1', { type: 'setup-buy', unitId: 'LYR-FF', fleetSlot: 7 });
    },
    dflt: 'fleet/bad-slot',
    changed: 'ok',
  },
  'fleets.extraPrices': {
    value: '200,400,800',
    run: (s) => {
      const g = started(s);
      g.do('p1', { type: 'buy-fleets', count: 1 });
      return (g.events('FleetsBought')[0]!.event as { cost: string }).cost;
    },
    dflt: '250',
    changed: '200',
  },
  'fleets.extraPricing': {
    value: 'perPurchase',
    run: (s) => {
      // One extra fleet, then two more: the difference of totals (1000 − 250), or the price of two.
      const g = started(s);
      g.patch((st) => {
        st.players.find((p) => p.id === 'p1')!.bank = '2000';
      });
      g.do('p1', { type: 'buy-fleets', count: 1 });
      g.do('p1', { type: 'buy-fleets', count: 2 });
      return (g.events('FleetsBought')[1]!.event as { cost: string }).cost;
    },
    dflt: '750',
    changed: '500',
  },
  'fleet.maxMc': {
    value: '1',
    run: (s) => {
      const g = withSettings(mappedGame(), s);
      g.dice(900, 500, 100).do('p1', { type: 'start' });
      g.do('p1', { type: 'setup-buy', unitId: 'LYR-CA', fleetSlot: 1 });
      return attempt(g, 'p1', { type: 'setup-buy', unitId: 'LYR-FF', fleetSlot: 1 });
    },
    dflt: 'ok',
    changed: 'fleet/move-cost-limit',
  },
  'setup.purchaseIgnoresCapacity': {
    value: 'false',
    run: (s) => {
      // The capital builds MC 2 in a setup with capacity (UTD4.3234): two CAs fit, an FF more does not.
      const g = withSettings(mappedGame(), s);
      g.dice(900, 500, 100).do('p1', { type: 'start' });
      g.do('p1', { type: 'setup-buy', unitId: 'LYR-CA', fleetSlot: 1 });
      g.do('p1', { type: 'setup-buy', unitId: 'LYR-CA', fleetSlot: 1 });
      return attempt(g, 'p1', { type: 'setup-buy', unitId: 'LYR-FF', fleetSlot: 2 });
    },
    dflt: 'ok',
    changed: 'setup/yard-capacity',
  },
  // ---- sieges (UTD4.356) ----
  'siege.successMax': {
    value: '4',
    run: (s) => {
      const g = trapped(s).dice(4);
      g.do('p1', { type: 'siege', fleet: '1', desperation: 0 });
      return (g.events('SiegeRolled')[0]!.event as { released: boolean }).released;
    },
    dflt: false,
    changed: true,
  },
  'siege.desperation': {
    value: '30,60',
    run: (s) => attempt(trapped(s).dice(5, 5, 5), 'p1', { type: 'siege', fleet: '1', desperation: 30 }),
    dflt: 'siege/bad-desperation',
    changed: 'ok',
  },
  'siege.autoSuccessAfterFailures': {
    value: '2',
    run: (s) => {
      const g = trapped(s, 2).dice(6);
      g.do('p1', { type: 'siege', fleet: '1', desperation: 0 });
      return (g.events('SiegeRolled')[0]!.event as { automatic: number }).automatic;
    },
    dflt: 0,
    changed: 1,
  },
  'siege.autoSuccessWithinAttempt': {
    value: 'false',
    run: (s) => {
      // Two failures so far; a three-die attempt fails its first die, then the counter reaches 3.
      const g = trapped(s, 2).dice(6, 6, 6);
      g.do('p1', { type: 'siege', fleet: '1', desperation: 100 });
      const e = g.events('SiegeRolled')[0]!.event as { dice: number[]; automatic: number; released: boolean };
      return { dice: e.dice, automatic: e.automatic, released: e.released };
    },
    dflt: { dice: [6], automatic: 1, released: true },
    changed: { dice: [6, 6, 6], automatic: 0, released: false },
  },
  // ---- non-player empires (UTD5.4) ----
  'npe.baselineMin': {
    value: '300',
    run: (s) => npeBattle(s).g.state.battles[0]!.npe!.available,
    dflt: '250',
    changed: '300',
  },
  'npe.baselineMax': {
    value: '300',
    run: (s) => npeBattle(s, ['LYR-CA', 'LYR-CA', 'LYR-CA', 'LYR-CA', 'LYR-CA']).g.state.battles[0]!.npe!.available,
    dflt: '600',
    changed: '300',
  },
  'npe.absoluteMin': {
    value: '100',
    run: (s) => npeBattle(s, ['LYR-FF'], '500').g.state.battles[0]!.npe!.available,
    dflt: '150',
    changed: '100',
  },
  'npe.anschlussRatio': {
    value: '1.3',
    // 329 BPV against 329 − 100 available: not twice, but 1.3 times (UTD5.422).
    run: (s) => npeBattle(s, ['LYR-CA', 'LYR-CA', 'LYR-FF'], '100').g.state.battles[0]!.resolution,
    dflt: null,
    changed: 'anschluss',
  },
  'npe.anschlussAt': {
    value: 'gt',
    // Exactly twice: 532 BPV of ships against 532 − 266 available (ISS-A56).
    run: (s) => npeBattle(s, ['LYR-CA', 'LYR-CA', 'LYR-CA', 'LYR-CA'], '266').g.state.battles[0]!.resolution,
    dflt: 'anschluss',
    changed: null,
  },
  'npe.attackBpvIncludesAttrition': {
    value: 'false',
    run: (s) => npeBattle(s, ['LYR-CVT']).g.state.battles[0]!.npe!.attackerBpv,
    dflt: '163',
    changed: '133',
  },
  'npe.attackBpvIncludesExtraCo': {
    value: 'false',
    run: (s) => {
      const g = started(s, { p1: ['LYR-CA', 'LYR-MS'] });
      g.patch((st) => {
        st.ships.find((x) => x.unitId === 'LYR-MS')!.minesBpv = '25';
        Object.assign(st.map!.sectors.find((x) => x.key === 'A')!, {
          type: 'life',
          terrain: [],
          overlays: [],
          exploredBy: 'p3',
          npe: { empire: 'federation', status: 'active', losses: '0', offset: '0' },
        });
      });
      g.do('p1', { type: 'move', fleet: '1', to: 'A' });
      g.do('p1', { type: 'end-turn' });
      return g.state.battles[0]!.npe!.attackerBpv;
    },
    dflt: '213',
    changed: '188',
  },
  'npe.rollRange': {
    value: '1-3',
    run: (s) => {
      // p1 explores B with the dice life (1), terrain (3), NPE check 3: an NPE only on 1–3 (UTD5.4).
      const g = started(s);
      g.do('p1', { type: 'move', fleet: '1', to: 'B' });
      g.dice(1, 3, 3, 1).do('p1', { type: 'end-turn' });
      return g.sector('B').npe?.empire ?? null;
    },
    dflt: null,
    changed: 'federation',
  },
  'npe.excludePlayerEmpires': {
    value: 'true',
    run: (s) => {
      // The identity die 5 names the Hydrans (UTD8.111), whom p3 plays: kept, or re-rolled (here 1, the Federation).
      const g = started(s);
      g.do('p1', { type: 'move', fleet: '1', to: 'B' });
      g.dice(1, 3, 1, 5, 1).do('p1', { type: 'end-turn' });
      return g.sector('B').npe?.empire ?? null;
    },
    dflt: 'hydran',
    changed: 'federation',
  },
  'deadline.npeVolunteerDays': {
    value: '3',
    run: (s) => {
      const { g } = npeBattle(s);
      return hoursAfter(g, g.state.battles[0]!.deadlines.runner);
    },
    dflt: 168,
    changed: 72,
  },
  'npe.objectionWindowHours': {
    value: '24',
    run: (s) => {
      const { g } = negotiatedNpe(s);
      return hoursAfter(g, g.state.battles[0]!.deadlines.window);
    },
    dflt: 48,
    changed: 24,
  },
  'npe.rewardBpv': {
    value: '200',
    run: (s) => {
      const { g } = negotiatedNpe(s);
      g.now = new Date(g.now.getTime() + 49 * 3_600_000);
      g.do('system', { type: 'battle-clocks' });
      return (g.events('BpvAwarded').at(-1)!.event as { amount: string }).amount;
    },
    dflt: '150',
    changed: '200',
  },
  // ---- battles (UTD3.4–3.5, UTD7.4) ----
  'deadline.battleContactDays': {
    value: '5',
    run: (s) => {
      const { g } = battle(s);
      return hoursAfter(g, g.state.battles[0]!.deadlines.contact);
    },
    dflt: 81,
    changed: 129,
  },
  'deadline.battleResolveDays': {
    value: '14',
    run: (s) => {
      const { g } = battle(s);
      return hoursAfter(g, g.state.battles[0]!.deadlines.resolve);
    },
    dflt: 705,
    changed: 369,
  },
  'battle.selectionHours': {
    value: '48',
    run: (s) => {
      // p2 has two fleets in A: it names the fighting one within the selection window (UTD7.421).
      const g = started(s, { p2: ['KZI-CA', 'KZI-FF', 'KZI-FF'] });
      explored(g, 'A', 'dead');
      g.patch((st) => {
        const f1 = st.fleets.find((f) => f.owner === 'p2' && f.slot === 1)!;
        st.fleets.push({ ...f1, id: 'FX', slot: 2 });
        st.ships.filter((x) => x.owner === 'p2')[2]!.fleetId = 'FX';
      });
      placeFleet(g, 'p2', 1, 'A');
      placeFleet(g, 'p2', 2, 'A');
      g.do('p1', { type: 'move', fleet: '1', to: 'A' });
      g.do('p1', { type: 'end-turn' });
      return hoursAfter(g, g.state.battles[0]!.deadlines.selection);
    },
    dflt: 24,
    changed: 48,
  },
  // ---- territory (UTD4) ----
  'capital.mayEnterEnemySector': {
    value: 'true',
    run: (s) => {
      const g = started(s);
      explored(g, 'A', 'dead');
      placeFleet(g, 'p2', 1, 'A');
      return attempt(g, 'p1', { type: 'move-capital', to: 'A', withDefenses: false });
    },
    dflt: 'capital/enemy-sector',
    changed: 'ok',
  },
  'capital.actsOutsideColony': {
    value: 'false',
    run: (s) => {
      // The capital moved to a dead sector: a yard still (ISS-A117), or none.
      const g = started(s);
      explored(g, 'A', 'dead');
      g.patch((st) => {
        for (const b of st.bases) if (b.owner === 'p1' && b.role !== 'defense') b.sector = 'A';
      });
      return attempt(g, 'p1', { type: 'yard-activate', yard: 'capital' } as never);
    },
    dflt: 'ok',
    changed: 'yard/unknown',
  },
  'establish.freighterTest': {
    value: 'containers2',
    run: (s) => {
      // A large freighter of 50 boxes and no containers makes a mine free by UTD4.341, not by UTD6.35.
      const g = started(s, { p1: ['LYR-CA', 'NEU-F-BOX'] });
      explored(g, 'A', 'mineral', 'p1');
      placeFleet(g, 'p1', 1, 'A');
      g.do('p1', { type: 'establish', fleet: '1', kind: 'mine' });
      return (g.events('DevelopmentOrdered')[0]!.event as { opCost: number }).opCost;
    },
    dflt: 0,
    changed: 1,
  },
  'development.resolution': {
    value: 'occupierTurnOnly',
    run: (s) => {
      // p2's fleet sits on p1's colony in A; at step 9 of p1's own turn the colony falls, or waits for p2's turn.
      const g = started(s);
      explored(g, 'A', 'life', 'p1');
      g.patch((st) => {
        st.map!.sectors.find((x) => x.key === 'A')!.colony = {
          owner: 'p1',
          status: 'active',
          fleetId: null,
          orderedHalfCycle: 1,
          exposedTo: null,
        };
      });
      placeFleet(g, 'p2', 1, 'A');
      g.do('p1', { type: 'end-turn' });
      return g.sector('A').colony?.owner ?? null;
    },
    dflt: null,
    changed: 'p1',
  },
  'ownership.captureTransfersSector': {
    value: 'true',
    run: (s) => {
      // p2 captures p1's colony in A with a troop ship at step 9 of its own turn (UTD4.332).
      const g = started(s, { p2: ['KZI-CA', 'KZI-TS'] });
      explored(g, 'A', 'life', 'p1');
      g.patch((st) => {
        st.map!.sectors.find((x) => x.key === 'A')!.colony = {
          owner: 'p1',
          status: 'active',
          fleetId: null,
          orderedHalfCycle: 1,
          exposedTo: null,
        };
      });
      g.do('p1', { type: 'end-turn' });
      placeFleet(g, 'p2', 1, 'A');
      g.do('p2', { type: 'end-turn' });
      return { colony: g.sector('A').colony?.owner, sector: g.sector('A').owner };
    },
    dflt: { colony: 'p2', sector: 'p1' },
    changed: { colony: 'p2', sector: 'p2' },
  },
  // ---- turns, extensions, votes (UTD1.7, UTD3.3) ----
  'deadline.autoExtensionDays': {
    value: '5',
    run: (s) => {
      // A real-life week is automatic (UTD3.44); any other length goes to a vote.
      const { g, battle: id } = battle(s);
      g.do('p2', { type: 'battle-extension', battle: id, reason: 'real-life', days: 7 });
      return g.events('BattleExtended').length;
    },
    dflt: 1,
    changed: 0,
  },
  'deadline.maxAutoExtensions': {
    value: '0',
    run: (s) => attempt(started(s), 'p1', { type: 'extend-turn', realLife: true }),
    dflt: 'ok',
    changed: 'extension/needs-vote',
  },
  'deadline.applyTo2Players': {
    value: 'false',
    run: (s) => {
      // p3 resigns: p2's turn is the first with two players (ISS-A12).
      const g = started(s);
      g.do('p3', { type: 'resign' });
      g.do('p1', { type: 'end-turn' });
      return g.state.turn!.deadline === null;
    },
    dflt: false,
    changed: true,
  },
  'deadline.forfeitsBeforeRemoval': {
    value: '1',
    run: (s) => {
      const g = started(s);
      g.now = new Date(Date.parse(g.state.turn!.deadline!) + 1000);
      g.do('system', { type: 'expire-turn' });
      return g.player('p1').status;
    },
    dflt: 'active',
    changed: 'removed',
  },
  'vote.windowHours': {
    value: '24',
    run: (s) => {
      const g = started(s);
      g.do('p1', { type: 'vote-setting', key: 'income.perMine', value: '150' });
      return hoursAfter(g, g.state.votes[0]!.closesAt);
    },
    dflt: 72,
    changed: 24,
  },
  'vote.appealExcludesParticipants': {
    value: 'false',
    run: (s) => {
      const { g, battle: id } = battle(s);
      const p2ff = g.state.ships.find((x) => x.owner === 'p2' && x.unitId === 'KZI-FF')!.id;
      const mine = result({ winner: 'p1', destroyed: [p2ff], retreat: 'C' });
      g.do('p1', { type: 'battle-propose', battle: id, kind: 'report', result: mine });
      g.do('p2', { type: 'battle-reject', battle: id });
      g.do('p1', { type: 'battle-appeal', battle: id, explanation: 'x', plan: 'y', result: mine });
      const theirs = result({ winner: 'p2', retreat: 'H1' });
      g.do('p2', { type: 'battle-appeal', battle: id, explanation: 'x', plan: 'y', result: theirs });
      return g.state.votes.at(-1)!.electorate;
    },
    dflt: ['p3'],
    changed: ['p1', 'p2', 'p3'],
  },
  'battle.appealSubmissionHours': {
    value: '24',
    run: (s) => {
      const { g, battle: id } = battle(s);
      const mine = result({ winner: 'p1', retreat: 'C' });
      g.do('p1', { type: 'battle-propose', battle: id, kind: 'report', result: mine });
      g.do('p2', { type: 'battle-reject', battle: id });
      g.do('p1', { type: 'battle-appeal', battle: id, explanation: 'x', plan: 'y', result: mine });
      return hoursAfter(g, g.state.battles[0]!.deadlines.window);
    },
    dflt: 48,
    changed: 24,
  },
  'battle.failuresBeforeRetreat': {
    value: '3',
    run: (s) => {
      // Two unexcused failures to play force a retreat (UTD3.42#2), or need a third.
      const { g, battle: id } = battle(s);
      g.do('p1', { type: 'battle-schedule', battle: id, when: 'Friday' });
      g.do('p2', { type: 'battle-schedule', battle: id, when: 'Friday' });
      g.do('p1', { type: 'battle-failure', battle: id, player: 'p2' });
      g.dice(1).do('p1', { type: 'battle-failure', battle: id, player: 'p2' });
      return g.state.battles[0]!.status;
    },
    dflt: 'resolved',
    changed: 'open',
  },
  'battle.rlExcusesPerBattle': {
    value: '0',
    run: (s) => {
      const { g, battle: id } = battle(s);
      g.do('p1', { type: 'battle-schedule', battle: id, when: 'Friday' });
      g.do('p2', { type: 'battle-schedule', battle: id, when: 'Friday' });
      g.do('p1', { type: 'battle-failure', battle: id, player: 'p2' });
      // p2 cites real life: excused at once within the allowance, else put to the others' vote (TC-114).
      g.do('p2', { type: 'battle-excuse', battle: id });
      return { excused: g.state.battles[0]!.failures.some((f) => f.excused), votes: g.state.votes.length };
    },
    dflt: { excused: true, votes: 0 },
    changed: { excused: false, votes: 1 },
  },
  'battle.capturedOrganizeHours': {
    value: '12',
    run: (s) => {
      const { g, battle: id } = battle(s);
      const p2ca = g.state.ships.find((x) => x.owner === 'p2' && x.unitId === 'KZI-CA')!.id;
      const p2ff = g.state.ships.find((x) => x.owner === 'p2' && x.unitId === 'KZI-FF')!.id;
      g.do('p1', {
        type: 'battle-propose',
        battle: id,
        kind: 'negotiated',
        result: result({ winner: 'p1', captured: [p2ca], destroyed: [p2ff] }),
      });
      g.do('p2', { type: 'battle-accept', battle: id });
      return hoursAfter(g, (g.events('TurnPhaseChanged').at(-1)!.event as { due?: string }).due);
    },
    dflt: 24,
    changed: 12,
  },
  'capture.dryDockOptional': {
    value: 'true',
    run: (s) => {
      // A captured ship goes into a fleet with room; into dry dock only when none has room, unless dry dock is optional (ISS-A78).
      const { g, battle: id } = battle(s);
      const p2ca = g.state.ships.find((x) => x.owner === 'p2' && x.unitId === 'KZI-CA')!.id;
      const p2ff = g.state.ships.find((x) => x.owner === 'p2' && x.unitId === 'KZI-FF')!.id;
      g.do('p1', {
        type: 'battle-propose',
        battle: id,
        kind: 'negotiated',
        result: result({ winner: 'p1', captured: [p2ca], destroyed: [p2ff] }),
      });
      g.do('p2', { type: 'battle-accept', battle: id });
      g.patch((st) => {
        st.bases.push({
          id: 'BY',
          owner: 'p1',
          unitId: 'NEU-SY4',
          sector: 'A',
          role: 'shipyard',
          bpv: '0',
          pending: false,
        });
      });
      return attempt(g, 'p1', { type: 'yard-dock', ship: p2ca });
    },
    dflt: 'dock/fleet-available',
    changed: 'ok',
  },
  // ---- shipyards, repairs, costs (UTD6.37–6.39) ----
  'repair.colonyRequiresStartOfTurn': {
    value: 'false',
    run: (s) => {
      // Fleet 1 began the turn in A and comes home, then asks for colony repairs (UTD4.335, ISS-A24).
      const g = started(s);
      explored(g, 'A', 'dead');
      placeFleet(g, 'p1', 1, 'A');
      g.do('p1', { type: 'move', fleet: '1', to: 'H1' });
      return attempt(g, 'p1', { type: 'repair-fleet', fleet: '1' });
    },
    dflt: 'repair/not-started-here',
    changed: 'ok',
  },
  'repair.supportingRfCounts': {
    value: 'false',
    // No repair freighter in fleet 1; the capital's repair freighter supports the home colony (ISS-A26).
    run: (s) => {
      const g = started(s);
      g.do('p1', { type: 'repair-fleet', fleet: '1' });
      return (g.events('ShipsRepaired')[0]!.event as { opCost: number }).opCost;
    },
    dflt: 0,
    changed: 1,
  },
  'allow.feSitConversions': {
    value: 'true',
    run: (s) => {
      const g = started(s);
      const base = g.catalog;
      g.catalog = {
        ...base,
        conversionsFrom: (id) =>
          id === 'LYR-CA' ? [{ fromUnitId: 'LYR-CA', toUnitId: 'LYR-CW+', yearAvailable: 100, source: 'FE_SIT' }] : [],
      };
      const ca = g.state.ships.find((x) => x.unitId === 'LYR-CA')!.id;
      g.do('p1', { type: 'yard-activate', yard: 'capital' });
      return attempt(g, 'p1', { type: 'yard-convert', ships: ca, to: 'LYR-CW+' }) === 'yard/fe-sit';
    },
    dflt: true,
    changed: false,
  },
  'capital.countsTowardColonyLimits': {
    value: 'false',
    // A starting sector supports one capacity-2 yard: the capital, or a new one (UTD6.3843, ISS-A31).
    run: (s) => attempt(started(s), 'p1', { type: 'yard-construct', sector: 'H1', unitId: 'NEU-SY2C2' }),
    dflt: 'yard/capacity-two',
    changed: 'ok',
  },
  'shipyard.activationScope': {
    value: 'shipyard',
    run: (s) => {
      const g = started(s);
      g.do('p1', { type: 'yard-activate', yard: 'capital' });
      return { sectors: g.state.turn!.yardActivations, yards: g.state.turn!.yardsActivated ?? [] };
    },
    dflt: { sectors: ['H1'], yards: [] },
    changed: { sectors: [], yards: ['B1'] },
  },
  'cost.overhaulPct': {
    value: '25',
    run: (s) => bpvToString(overhaulCost('133', costSettings({ settings: s } as CampaignState).overhaulPct)),
    dflt: '13.3',
    changed: '33.25',
  },
  'cost.refitMinPct': {
    value: '10',
    run: (s) => bpvToString(refitCost('133', '137', costSettings({ settings: s } as CampaignState).refitMinPct)),
    dflt: '4',
    changed: '13.3',
  },
  'cost.conversionMinPct': {
    value: '5',
    run: (s) =>
      bpvToString(conversionCost('100', '110', costSettings({ settings: s } as CampaignState).conversionMinPct)),
    dflt: '25',
    changed: '10',
  },
  'cost.inspectionPct': {
    value: '10',
    run: (s) => bpvToString(inspectionCost('100', costSettings({ settings: s } as CampaignState).inspectionPct)),
    dflt: '25',
    changed: '10',
  },
  'cost.rounding': {
    value: 'none',
    run: (s) => bpvToString(chargeLine([bpv('13.3')], costSettings({ settings: s } as CampaignState).rounding)),
    dflt: '13',
    changed: '13.3',
  },
  'tow.tractorsPerWreck': {
    value: '2',
    run: (s) => {
      const g = started(s, { p1: ['LYR-CA', 'LYR-CA', 'LYR-FF'] });
      return towCapacity(
        g.state,
        g.catalog,
        g.state.ships.filter((x) => x.owner === 'p1'),
      );
    },
    dflt: 5,
    changed: 2,
  },
  // ---- the economy ----
  'income.perMine': {
    value: '150',
    run: (s) => (started(s).events('IncomePaid')[0]!.event as { amount: string }).amount,
    dflt: '100',
    changed: '150',
  },
  'deadDrop.value': {
    value: '80',
    run: (s) => {
      const g = started(s);
      g.do('p1', { type: 'dead-drop', fleet: '1' });
      return (g.events('ContainerDropped')[0]!.event as { value: string }).value;
    },
    dflt: '100',
    changed: '80',
  },
  'deadDrop.cost': {
    value: '120',
    run: (s) => {
      const g = started(s);
      g.do('p1', { type: 'dead-drop', fleet: '1' });
      return (g.events('ContainerDropped')[0]!.event as { cost: string }).cost;
    },
    dflt: '110',
    changed: '120',
  },
  'removal.removeDevelopments': {
    value: 'false',
    run: (s) => {
      const g = started(s);
      g.do('p2', { type: 'resign' });
      return g.sector('H2').owner;
    },
    dflt: null,
    changed: 'p2',
  },
  // Absence (absence.ts): the longest absence, and the turns a year that pass without a forfeit.
  'absence.maxDays': {
    value: '30',
    run: (s) => attempt(started(s), 'p2', { type: 'absence', days: 20, proxy: null }),
    dflt: 'absence/length',
    changed: 'ok',
  },
  'absence.excusedTurnsPerYear': {
    value: '0',
    run: (s) => {
      const g = started(s);
      g.do('p2', { type: 'absence', days: 7, proxy: null });
      endTurns(g, 'p1');
      return attempt(g, 'p3', { type: 'expire-turn' });
    },
    dflt: 'ok',
    changed: 'turn/not-due',
  },
  // Replacement players (replacement.ts): the seat and its forces stay for a newcomer.
  'removal.seat': {
    value: 'takeover-by-vote',
    run: (s) => {
      const g = started(s);
      g.do('p2', { type: 'resign' });
      return g.state.bases.filter((b) => b.owner === 'p2').length > 0;
    },
    dflt: false,
    changed: true,
  },
  'map.sectorsPerPlayer': {
    value: '5',
    run: (s) => {
      const g = withSettings(registeredGame(), s);
      g.do('p1', { type: 'map-generate' });
      return g.state.map!.sectors.length;
    },
    dflt: 24,
    changed: 15,
  },
  // ---- movement (UTD6.31) ----
  'move.freeMoveRequiresSectorOwnership': {
    value: 'false',
    run: (s) => {
      // From p1's colony in A, a sector p1 does not own (ISS-A130).
      const g = started(s);
      explored(g, 'A', 'life', null);
      g.patch((st) => {
        st.map!.sectors.find((x) => x.key === 'A')!.colony = {
          owner: 'p1',
          status: 'active',
          fleetId: null,
          orderedHalfCycle: 1,
          exposedTo: null,
        };
      });
      placeFleet(g, 'p1', 1, 'A');
      g.do('p1', { type: 'move', fleet: '1', to: 'X' });
      return (g.events('FleetMoved')[0]!.event as { opCost: number }).opCost;
    },
    dflt: 1,
    changed: 0,
  },
  'move.pinOnAnyEnemyCombatUnit': {
    value: 'false',
    run: (s) => {
      // Only a ground base of p2's in A (ISS-A48).
      const g = started(s);
      explored(g, 'A', 'life', 'p2');
      g.patch((st) => {
        st.bases.push({
          id: 'BG',
          owner: 'p2',
          unitId: 'NEU-GBDP',
          sector: 'A',
          role: 'defense',
          bpv: '40',
          pending: false,
        });
      });
      g.do('p1', { type: 'move', fleet: '1', to: 'A' });
      return (g.events('FleetMoved')[0]!.event as { pinned: boolean }).pinned;
    },
    dflt: true,
    changed: false,
  },
  // ---- officers and options (UTD7.26, 7.A) ----
  'co.poolPct': {
    value: '25',
    run: (s) => unitCoPool(sampleCatalog().get('LYR-CA')!, '133', s['co.poolPct']),
    dflt: 27,
    changed: 34,
  },
  'co.mediumGroundBaseEligible': {
    value: 'true',
    run: (s) => unitCoPool(TEST_UNITS[4]!, '40', s['co.poolPct'], s['co.mediumGroundBaseEligible']),
    dflt: 0,
    changed: 8,
  },
  'co.extraCapPctOfBpv': {
    value: '10',
    run: (s) => {
      // 25 BPV of mines on a 55 BPV SC4 minesweeper: within UTD8.253, above 10% of its BPV (ISS-A39).
      const g = started(s, { p1: ['LYR-CA', 'LYR-MS'] });
      g.do('p1', { type: 'yard-activate', yard: 'capital' });
      const ms = g.state.ships.find((x) => x.unitId === 'LYR-MS')!.id;
      return attempt(g, 'p1', { type: 'mines-buy', ship: ms, bpv: '25' });
    },
    dflt: 'ok',
    changed: 'mines/over-extra-co-cap',
  },
  'lo.costModel': {
    value: 'pctOfShipBpv',
    run: (s) => bpvToString(officerCost(s, '133')),
    dflt: '10',
    changed: '13.3',
  },
  'lo.cost': {
    value: '20',
    run: (s) => bpvToString(officerCost(s, '133')),
    dflt: '10',
    changed: '20',
  },
  'oc.cost': {
    value: '20',
    run: (s) => bpvToString(crewCost(s)),
    dflt: '10',
    changed: '20',
  },
  'drones.extraBpvEach': {
    value: '2',
    run: (s) => bpvToString(extraDronePrice(s, sampleCatalog().get('KZI-CA')!, 'KZI-CA', 0, 2)),
    dflt: '2',
    changed: '4',
  },
  // ---- defenses (UTD6.3A) ----
  'defense.requireFortification': {
    value: 'false',
    run: (s) => requiresFortification({ settings: s } as CampaignState),
    dflt: true,
    changed: false,
  },
  'defense.maxSupportingRf': {
    value: '2',
    run: (s) => {
      // A second supporting repair freighter at home, where the capital's already is (ISS-A34).
      const g = started(s);
      g.patch((st) => {
        st.bases.push({
          id: 'BR',
          owner: 'p1',
          unitId: 'NEU-F-RS',
          sector: 'H1',
          role: 'supporting-rf',
          bpv: '20',
          pending: false,
        });
      });
      return attempt(g, 'p1', { type: 'defense-revise', sector: 'H1', buy: 'NEU-F-RS' });
    },
    dflt: 'defense/repair-freighter-limit',
    changed: 'ok',
  },
  // ---- restricted units (UTD8.21) ----
  'units.allowedRestricted': {
    value: 'LYR-BB',
    run: (s) => {
      const g = withSettings(mappedGame(), s);
      g.dice(900, 500, 100).do('p1', { type: 'start' });
      return attempt(g, 'p1', { type: 'setup-buy', unitId: 'LYR-BB', fleetSlot: 1 });
    },
    dflt: 'unit/restricted',
    changed: 'ok',
  },
  // ---- keys made live by the after-battle and missing-rules work, and SIDCORS / VBSF ----
  'capital.replacementCost': {
    value: '700',
    run: (s) => {
      // p2's capital falls in H2 (UTD7.42342); on its next turn, with 650 BPV, p2 orders a new one.
      const g = started(s);
      explored(g, 'C', 'dead');
      explored(g, 'D', 'dead');
      placeFleet(g, 'p1', 1, 'C');
      g.do('p1', { type: 'move', fleet: '1', to: 'H2' });
      g.do('p1', { type: 'end-turn' });
      const id = g.state.battles.find((b) => b.status === 'open')!.id;
      g.do('p1', {
        type: 'battle-propose',
        battle: id,
        kind: 'negotiated',
        result: result({ winner: 'p1', retreat: 'D' }),
      });
      g.do('p2', { type: 'battle-accept', battle: id });
      placeFleet(g, 'p1', 1, 'C');
      g.patch((st) => {
        st.players.find((p) => p.id === 'p2')!.bank = '650';
        st.fleets.find((f) => f.owner === 'p1' && f.slot === 1)!.trapped = null;
      });
      return attempt(g, 'p2', { type: 'yard-construct', sector: 'H2', unitId: 'NEU-LCD' });
    },
    dflt: 'ok',
    changed: 'bank/insufficient',
  },
  'retreat.timing': {
    value: 'startOfStep5',
    // Where p2's retreating fleet is while p2 gives its orders (ISS-A17).
    run: (s) => p2Retreats(s, 'C', (g) => explored(g, 'C', 'dead')).fleetOf('p2', 1).sector,
    dflt: 'A',
    changed: 'C',
  },
  'explore.balanceGap': {
    value: '3',
    // p2 owns two mineral sectors besides its home: p1 trails by 2 (UTD5.221 "two fewer", ISS-A66).
    run: (s) =>
      p1ExploresBehind(s, [
        { key: 'E', owner: 'p2' },
        { key: 'F', owner: 'p2' },
      ]),
    dflt: 'exploration',
    changed: 'orders',
  },
  'explore.balanceCounts': {
    value: 'explored',
    // p2 explored two mineral sectors it does not own: they count only on the `explored` basis (ISS-A66).
    run: (s) =>
      p1ExploresBehind(s, [
        { key: 'E', owner: null },
        { key: 'F', owner: null },
      ]),
    dflt: 'orders',
    changed: 'exploration',
  },
  'explore.onRetreatArrival': {
    value: 'false',
    run: (s) => {
      // p2 retreats into the unknown C: explored at step 7 of this turn, or of p2's next own turn (ISS-A18).
      const g = p2Retreats(s, 'C');
      g.do('p2', { type: 'end-turn' });
      return g.sector('C').type === 'unknown';
    },
    dflt: false,
    changed: true,
  },
  'victory.endByVote': {
    value: 'unanimous',
    run: (s) => {
      // Two of three players agree to end the campaign with p3 the winner (UTD1.9).
      const g = started(s);
      g.do('p2', { type: 'vote-end', winner: 'p3' });
      const vote = g.state.votes.at(-1)!.id;
      g.do('system', { type: 'vote-attach', voteId: vote, messageId: 'm' });
      for (const p of ['p2', 'p3']) g.do(p, { type: 'ballot', messageId: 'm', choice: 'yes', present: true });
      return g.state.status;
    },
    dflt: 'finished',
    changed: 'active',
  },
  'battle.defenderNoResponse': {
    value: 'random',
    run: (s) => {
      // p2 does not answer p1's contact in time: it gets 24 hours to name a lane, or one is rolled (UTD3.43 #1).
      const { g, battle: id } = battle(s);
      g.do('p1', { type: 'battle-schedule', battle: id, when: 'Saturday 20:00 UTC' });
      g.now = new Date(Date.parse(g.state.battles[0]!.deadlines.contact!) + 1000);
      g.do('system', { type: 'battle-clocks' });
      return g.state.battles[0]!.status;
    },
    dflt: 'open',
    changed: 'resolved',
  },
  'fleet.requireCarrierEscorts': {
    value: 'false',
    run: (s) => {
      // In Y170 p3 sets up a Hydran carrier (escort requirement 1) without its escort (UTD8.22).
      const g = withSettings(mappedGame(), s);
      g.dice(900, 500, 100).do('p1', { type: 'start' });
      g.patch((st) => {
        st.settings.startYear = 170;
      });
      g.do('p3', { type: 'setup-buy', unitId: 'HYD-CV', fleetSlot: 1 });
      return attempt(g, 'p3', { type: 'setup-ready', ready: true });
    },
    dflt: 'fleet/carrier-escorts',
    changed: 'ok',
  },
  'sidcors.directedDamage': {
    value: 'false',
    // After the roll, allocation waits for each side's secret Directed Damage, or comes at once (A.2.14 step 6).
    run: (s) => {
      const { g, battle: id } = quickRound(s, {}, [6, 1]);
      return attempt(g, 'p1', { type: 'battle-quick', battle: id, allocate: 'auto' });
    },
    dflt: 'quick/directed-first',
    changed: 'ok',
  },
  'sidcors.plusMinus': {
    value: 'false',
    run: (s) => {
      // Round 1: p2's 2 points must still cripple p1's frigate (D 4); the 2 over are p1's plus points next round, or lost (A.2.14 step 5).
      const { g, battle: id, q } = quickRound(s, {}, [6, 1]);
      for (const p of ['p1', 'p2']) g.do(p, { type: 'battle-quick', battle: id, directed: 'none' });
      for (const p of ['p1', 'p2']) g.do(p, { type: 'battle-quick', battle: id, allocate: 'auto' });
      return q().carry;
    },
    dflt: { A: -2, B: 0 },
    changed: { A: 0, B: 0 },
  },
  'sidcors.fightersInComPot': {
    value: 'false',
    // p1's cruiser given 4 fighter factors (8-8(4)/4-4): counted in its side's Combat Potential, or not (digest V24).
    run: (s) =>
      quickRound(s, {}, [4, 4], (g) => amendUnit(g, 'LYR-CA', { sidcorsFactors: '8-8(4)/4-4' })).q().rolled!.comPot.A
        .total,
    dflt: 16,
    changed: 12,
  },
  'sidcors.bothScouts': {
    value: 'cancel',
    run: (s) => {
      // p1's destroyer is a scout with EW 2, p2's KZI-DD one with EW 1: net 1 off p2's die, or both cancel (digest V22).
      const { q } = quickRound(s, { p1: ['LYR-CA', 'LYR-DD'], p2: ['KZI-CA', 'KZI-DD'] }, [4, 4], (g) =>
        amendUnit(g, 'LYR-DD', { sidcorsEw: 2 }),
      );
      const shift = q().rolled!.shift;
      return [shift.A.scout, shift.B.scout];
    },
    dflt: [0, -1],
    changed: [0, 0],
  },
  'fleet.sizeLimit': {
    value: 'bigships',
    // A cruiser and four frigates: chosen automatically, or over Big Ships' 3 per cruiser and left to p1 (A.2.12).
    run: (s) =>
      battle(s, { p1: ['LYR-CA', 'LYR-FF', 'LYR-FF', 'LYR-FF', 'LYR-FF'] }).g.state.battles[0]!.participants.find(
        (p) => p.side === 'p1',
      )!.selected,
    dflt: true,
    changed: false,
  },
};

describe('requirements §3.3 every house rule is live', () => {
  it('§3.3 every key of the catalogue has a scenario here, or is one that no rule reads yet', () => {
    const missing = SETTING_KEYS.filter((k) => !(k in CASES) && !NOT_YET_LIVE.includes(k));
    expect(missing).toEqual([]);
    // An exception that has a case, or is no key, is stale.
    expect(NOT_YET_LIVE.filter((k) => k in CASES || !SETTING_KEYS.includes(k))).toEqual([]);
  });

  for (const [key, c] of Object.entries(CASES) as [SettingKey, LiveCase][]) {
    it(`${SETTINGS[key].rule} ${key} = ${c.value} changes the outcome`, () => {
      const parsed = parseSetting(key, c.value);
      expect(parsed.ok, `${c.value} is a valid vote value for ${key}`).toBe(true);
      const changed = { ...defaultSettings(), [key]: (parsed as { value: unknown }).value } as Settings;
      expect(c.dflt).not.toEqual(c.changed);
      expect(c.run(defaultSettings())).toEqual(c.dflt);
      expect(c.run(changed)).toEqual(c.changed);
    });
  }
});
