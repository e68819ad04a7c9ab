/**
 * Warlord turn processing (§11.3–11.7, App A): each corporation's turn in its cycle position, then
 * the Next Turn Generator. Pure: the state is copied, every random number comes from the given
 * dice (so every roll is in the report), and nothing outside the state is touched.
 *
 * One corporation's turn (digest b.2): start-of-turn bookkeeping (age, loan interest, ship
 * support), Income, [Misc Orders here with RO ON], Ship Movement in six pulses (a: moves and
 * orders, oldest ship first; c: combat of arriving fleets, attack or bounce), Misc Orders in
 * written order, Post-Turn (base scans). A waived turn (§11.4) credits income and runs nothing.
 */
import type { DiceSource, RollRecord } from '../dice.ts';
import type { ShipType } from './catalog.ts';
import { type BattleReport, type CombatShip, diceChance, resolveBattle } from './combat.ts';
import {
  type Income,
  type Resources,
  add,
  chargeInterest,
  each,
  ep,
  extraOrdersCost,
  gainEP,
  income,
  loanGranted,
  loanPayment,
  priceAllowed,
  purchasePrice,
  roundHalfUp,
  spendEP,
  supportFee,
  updatePrice,
  zero,
} from './economy.ts';
import { damageForts, fortDF, fortify, garrisonCapacity, isBase, tierStatus } from './forts.ts';
import { type Address, addressName, neighbour, parseSector, resolveMove, sameAddress, sectorName } from './hex.ts';
import type { MiscOrder, Sheet, ShipOrder, ShipPlan } from './orders.ts';
import { MISC_ORDERS, SHIP_ORDERS } from './orders.ts';
import { prospectYield } from './prospect.ts';
import { raidAF, raidBarred, raidSucceeds } from './raid.ts';
import {
  type Ship,
  activePulses,
  ageShip,
  level,
  newShip,
  refit,
  repair,
  scrapRefund,
  speed,
  train,
  upgrade,
} from './ships.ts';
import {
  type BattleKnown,
  type Corporation,
  MONSTER_CORP,
  type Site,
  type WarlordState,
  emptyKnowledge,
  hexAt,
} from './state.ts';
import { ITEMS, ITEM_TABLE, type Item, LIMITS, SITE_TABLE, purchaseCrew } from './tables.ts';

export interface Failure {
  line: number | null;
  message: string;
  rule: string;
}

export interface CorpTurnReport {
  corp: number;
  waived: boolean;
  income: Income | null;
  /** Narrative lines in the order things happened. */
  events: string[];
  failures: Failure[];
  battles: { where: string; attacker: number; defender: number; report: BattleReport }[];
  /** Ship types this corporation bought this turn (§9.3): its report shows what the NTG made of their prices. */
  bought: string[];
  /** Battles fought against this corporation that it learns of on this turn (§10.4: the defender's next turn). */
  attacked: BattleKnown[];
  /** Every die rolled in this corporation's turn (the campaign's committed dice). */
  rolls: RollRecord[];
}

export interface NtgReport {
  events: string[];
  /** Ship prices the NTG moved (§3.4 supply and demand), public: anyone may ask a price (AA, §9.9). */
  prices: { type: string; from: number; to: number }[];
  battles: { where: string; attacker: number; defender: number; report: BattleReport }[];
  winner: number | null;
}

type Catalog = ReadonlyMap<string, ShipType>;

const clone = <T>(x: T): T => structuredClone(x);

function typeOf(catalog: Catalog, s: Ship): ShipType {
  const t = catalog.get(s.typeId);
  if (!t) throw new Error(`ship type ${s.typeId} is not in the catalog`);
  return t;
}

const alive = (s: Ship) => s.internals <= s.hp;

function siteAt(state: WarlordState, a: Address): Site | undefined {
  return state.sites.find((s) => sameAddress(s.at, a));
}

function corpOf(state: WarlordState, id: number): Corporation {
  const c = state.corps.find((x) => x.id === id);
  if (!c) throw new Error(`no corporation ${id}`);
  return c;
}

function know(state: WarlordState, corp: number) {
  let k = state.knowledge[corp];
  if (!k) {
    k = emptyKnowledge();
    state.knowledge[corp] = k;
  }
  return k;
}

function learnHex(state: WarlordState, corp: number, a: Address) {
  if (corp === MONSTER_CORP) return;
  const k = know(state, corp);
  const name = addressName(a);
  if (!k.hexes.includes(name)) k.hexes.push(name);
  const site = siteAt(state, a);
  // A site's production is learned the first time a ship tries to enter its hex (§6).
  if (site) k.sites[name] = { production: { ...site.production }, owner: site.owner, turn: state.turn };
}

/** Sites a corporation owns, and the sectors whose every major site is its own (§7.4 sector bonus). */
export function holdings(state: WarlordState, corp: number): { sites: Site[]; majors: number; fullSectors: number } {
  const sites = state.sites.filter((s) => s.owner === corp);
  const majors = sites.filter((s) => SITE_TABLE[s.kind].major).length;
  let fullSectors = 0;
  for (const sec of state.sectors) {
    const majorsHere = state.sites.filter((s) => s.at.sx === sec.x && s.at.sy === sec.y && SITE_TABLE[s.kind].major);
    if (majorsHere.length > 0 && majorsHere.every((s) => s.owner === corp)) fullSectors++;
  }
  return { sites, majors, fullSectors };
}

/**
 * What a corporation's holdings produce at its Income Phase (§7.4: sites, activated moons,
 * full-sector bonuses, raid income due), as the turn pays it and the public top lists rank it.
 */
export function holdingsIncome(
  state: WarlordState,
  corp: number,
  h: ReturnType<typeof holdings> = holdings(state, corp),
): Income {
  return income(
    h.sites.map((s) => ({
      where: addressName(s.at),
      production: s.production,
      devastated: s.devastated,
      raided: s.raidedBy !== null,
      activeMoons: s.moonsActive ? s.moons : 0,
    })),
    h.fullSectors,
    state.corps.find((c) => c.id === corp)?.raidIncome,
  );
}

// ------------------------------------------------------------------------------------ combat glue

function toCombat(s: Ship, t: ShipType): CombatShip {
  return {
    id: s.id,
    label: t.id,
    race: t.race,
    baseAF: s.af,
    baseDF: s.df,
    sf: s.sf,
    hp: s.hp,
    shields: s.shields,
    internals: s.internals,
    crew: s.crew,
    items: { ...s.items },
    strikeCarrier: t.variants.includes('K') || s.mission === 'K',
    troop: t.variants.includes('T') || s.mission === 'T',
    aegis: t.variants.includes('A') || (s.mission === 'D' && t.variants.includes('D')),
    officers: [...s.officers],
    primeTeam: s.primeTeam,
    cloaked: s.cloaked,
    monster: t.race === 'M',
    decoy: false,
  };
}

function fromCombat(s: Ship, c: CombatShip) {
  s.shields = c.shields;
  s.internals = c.internals;
  s.crew = c.crew;
  s.maxCrew = Math.max(s.maxCrew, c.crew);
  s.items = { ...c.items };
  s.officers = [...c.officers];
}

interface Fight {
  where: string;
  attacker: number;
  defender: number;
  report: BattleReport;
}

/**
 * An arriving fleet meets another corporation in `at` (§10.3): ally → silent bounce; otherwise the
 * battle. Returns 'bounce' (ships go back), 'won' or 'lost'.
 */
function engage(
  state: WarlordState,
  catalog: Catalog,
  dice: DiceSource,
  attackerId: number,
  fleet: Ship[],
  at: Address,
  fights: Fight[],
  events: string[],
): 'bounce' | 'won' | 'lost' | 'none' {
  const site = siteAt(state, at);
  const enemyShips = state.ships.filter((s) => alive(s) && s.owner !== attackerId && sameAddress(s.at, at));
  const siteEnemy = site && site.owner !== null && site.owner !== attackerId ? site : null;
  const defenderId = enemyShips[0]?.owner ?? siteEnemy?.owner ?? null;
  if (defenderId === null) {
    // An uncontrolled site is captured on entry if undefended (§6); a defended one is fought.
    if (site && site.owner === null && site.fort.forts === 0) {
      capture(state, site, attackerId, events);
      return 'won';
    }
    if (!site || site.owner !== null || site.fort.forts === 0) return 'none';
  }
  const attacker = attackerId === MONSTER_CORP ? null : corpOf(state, attackerId);
  if (attacker && defenderId !== null && attacker.settings.ally === defenderId) return 'bounce';
  const defender = defenderId !== null && defenderId !== MONSTER_CORP ? corpOf(state, defenderId) : null;
  const defenders = state.ships.filter((s) => alive(s) && s.owner === defenderId && sameAddress(s.at, at));
  const battleSite = site && (site.owner === defenderId || (site.owner === null && site.fort.forts > 0)) ? site : null;
  const hex = hexAt(state, at);
  const report = resolveBattle(
    {
      attackers: fleet.map((s) => toCombat(s, typeOf(catalog, s))),
      defenders: defenders.map((s) => toCombat(s, typeOf(catalog, s))),
      site: battleSite
        ? {
            kind: battleSite.kind,
            fort: battleSite.fort,
            officers: battleSite.officers,
            passive: false,
            attackerHasListeningPost: false,
          }
        : null,
      point: hex.point,
      area: hex.area,
      attackTactic: attacker?.settings.attackTactic ?? 0,
      defenseTactic: defender?.settings.defenseTactic ?? 0,
      aPct: attacker?.settings.aPct ?? LIMITS.aPctDefault,
      defenderDefendsAgainst: defender?.settings.defendAgainst === attackerId,
      betrayal: defender?.settings.ally === attackerId,
      defenderIsMonsters: defenderId === MONSTER_CORP,
      settings: state.settings.combat,
    },
    diceChance(dice),
  );
  const where = addressName(at);
  fights.push({ where, attacker: attackerId, defender: defenderId ?? 0, report });
  // The attacker reads the report now, the defender on its next turn (§10.4); a bounce is told to
  // the attacker alone (§10.3: the defender never knew).
  const record: BattleKnown = {
    turn: state.turn,
    visibleFrom: state.turn,
    where,
    attacker: attackerId,
    defender: defenderId ?? 0,
    outcome: report.outcome,
    rounds: report.rounds.length,
  };
  if (report.outcome === 'bounce') {
    if (attackerId !== MONSTER_CORP) know(state, attackerId).battles.push(record);
    events.push(
      `${where}: the fleet (${fleet.map((s) => s.name).join(', ')}) judged CAF ${report.assessment.caf} against CDF ${report.assessment.cdf} too weak (A% ${report.assessment.aPct}) and bounced (§10.3)`,
    );
    return 'bounce';
  }
  for (const c of [...report.attackers, ...report.defenders]) {
    const s = state.ships.find((x) => x.id === c.id);
    if (s) fromCombat(s, c);
  }
  if (battleSite && report.site) battleSite.fort = report.site.fort;
  const lostOf = (ships: readonly Ship[]) => ships.filter((s) => !alive(s)).map((s) => `${s.name} (${s.typeId})`);
  record.lost = { attacker: lostOf(fleet), defender: lostOf(defenders) };
  record.siteTaken = report.outcome === 'attacker' && battleSite !== null;
  // The attacker reads the report now, the defender on its next turn (§10.4): later in this
  // game turn when its cycle position comes after the attacker's, else in the next (the NTG's
  // monsters attack after every corporation has run).
  if (attackerId !== MONSTER_CORP) know(state, attackerId).battles.push(record);
  if (defenderId !== null && defenderId !== MONSTER_CORP) {
    const later = attacker !== null && defender !== null && defender.cycle > attacker.cycle;
    know(state, defenderId).battles.push({ ...record, visibleFrom: later ? state.turn : state.turn + 1 });
  }
  events.push(
    `${where}: battle against corporation ${defenderId ?? 'none'}, ${report.rounds.length} round(s); ${report.outcome === 'attacker' ? 'the attack won' : 'the defence held'} (§10.4)`,
  );
  if (report.outcome === 'attacker') {
    if (defenderId === MONSTER_CORP && attacker) {
      // The bounty, on the monster's original value (App J), usable at once (§2.20).
      const bounty = defenders.reduce((t, s) => t + typeOf(catalog, s).cost, 0);
      attacker.treasury = gainEP(attacker.treasury, bounty);
      events.push(`${where}: monster bounty ${bounty} EP (§2.20)`);
    }
    if (!battleSite && site && site.owner === null && site.fort.forts === 0 && attackerId !== MONSTER_CORP) {
      // The guard is gone and the site stands open: captured on entry (§6).
      capture(state, site, attackerId, events);
    }
    if (battleSite) {
      if (attackerId === MONSTER_CORP) {
        battleSite.owner = null;
        battleSite.officers = [];
        events.push(`${where}: the monster wrecked the site's defences; it is uncontrolled (docs/rules-notes.md)`);
      } else capture(state, battleSite, attackerId, events);
    }
    return 'won';
  }
  return 'lost';
}

function capture(state: WarlordState, site: Site, corp: number, events: string[]) {
  const was = site.owner;
  site.owner = corp;
  site.officers = []; // site officers are killed (§6)
  site.moonsActive = false;
  site.capturedTurn = state.turn;
  events.push(
    `${addressName(site.at)}: ${SITE_TABLE[site.kind].name} captured${was !== null ? ` from corporation ${was}` : ''} (§6)`,
  );
}

// ------------------------------------------------------------------------------------ terrain

/** Entry effects of the terrain a ship moves into (App B–E, T29), for the terrain this game generates. */
function enterTerrain(state: WarlordState, s: Ship, t: ShipType, at: Address, dice: DiceSource, events: string[]) {
  const hex = hexAt(state, at);
  const monster = t.race === 'M';
  const navigator = s.officers.includes('N') || s.officers.includes('C');
  const explorer = t.variants.includes('E');
  const hit = (dmg: number, what: string) => {
    const through = Math.max(0, dmg - s.shields);
    s.shields = Math.max(0, s.shields - dmg);
    s.internals += through;
    events.push(`${s.name} took ${dmg} from ${what} at ${addressName(at)}${alive(s) ? '' : ' and was destroyed'}`);
  };
  const roll = (lo: number, hi: number, why: string) => lo + (dice.roll(hi - lo + 1, 1, why)[0] ?? 1) - 1;
  // Weak space teleports first (App E): 50% to a random hex of the sector.
  if (
    hex.area === 'WS' &&
    !monster &&
    s.crew < 7 &&
    !navigator &&
    t.race !== 'T' &&
    (dice.roll(2, 1, `weak space ${s.id}`)[0] ?? 1) === 1
  ) {
    const col = roll(1, 16, 'weak space column');
    const row = roll(1, 16, 'weak space row');
    s.at = { sx: at.sx, sy: at.sy, col, row };
    events.push(`${s.name} was thrown by weak space to ${addressName(s.at)} (App E)`);
    return enterTerrain(state, s, t, s.at, dice, events);
  }
  switch (hex.area) {
    case 'AF':
      if (!monster && s.crew < 5 && !navigator && !explorer && t.race !== 'J')
        hit(roll(5, 10, `asteroids ${s.id}`), 'asteroids');
      break;
    case 'DC':
      if (!monster && s.crew < 5 && !navigator && !explorer) hit(1, 'a dust cloud');
      break;
    case 'OM':
      if (!monster && s.crew < 7 && !t.variants.includes('M')) {
        const d = roll(25, 50, `old minefield ${s.id}`);
        hit(navigator || explorer ? Math.floor(d / 2) : d, 'an old minefield');
      }
      break;
    case 'RZ':
      if (
        !monster &&
        t.race !== 'W' &&
        !s.officers.includes('D') &&
        !s.officers.includes('C') &&
        !t.variants.includes('H') &&
        s.crew > 1
      ) {
        s.crew--;
        events.push(`${s.name} lost a crew level to radiation (App E)`);
      }
      break;
    case 'NE':
      if (!monster && t.race !== 'A') s.shields = s.officers.includes('E') ? Math.min(1, s.shields) : 0;
      break;
    case 'GW':
      if (!monster && level(s) !== 'none' && level(s) !== 'L') {
        s.internals = s.hp + 1;
        events.push(`${s.name} was torn apart by a gravity well (App E)`);
      }
      break;
    default:
      break;
  }
  if (!alive(s)) return;
  if (hex.point === 'VP' && !monster && s.crew < 8) {
    const d = roll(50, 100, `variable pulsar ${s.id}`);
    hit(navigator || explorer ? Math.floor(d / 2) : d, 'a variable pulsar');
  } else if (hex.point === 'NO' && s.crew < 9) {
    s.internals = s.hp + 1;
    events.push(`${s.name} was destroyed by a nova (App D)`);
  } else if (hex.point === 'BH' && !monster && (level(s) === 'H' || level(s) === 'C')) {
    s.internals = s.hp + 1;
    events.push(`${s.name} fell into a black hole (App D)`);
  }
}

// ------------------------------------------------------------------------------------ corp turn

interface Runner {
  ship: Ship;
  plan: ShipPlan | null;
  prev: Address;
  cancelled: boolean;
  /** pulse → entry */
  byPulse: Map<number, ShipOrder>;
  whole: ShipOrder | null;
}

function planFor(ship: Ship, t: ShipType, plans: readonly ShipPlan[]): ShipPlan | null {
  return plans.find((p) => `${p.race}-${p.designation}` === t.id && p.number === ship.seq) ?? null;
}

/** Runs one corporation's whole turn. `sheet` null = waived (§11.4). */
export function processCorpTurn(
  input: WarlordState,
  corpId: number,
  sheet: Sheet | null,
  dice: DiceSource,
  catalog: Catalog,
): { state: WarlordState; report: CorpTurnReport } {
  const state = clone(input);
  const corp = corpOf(state, corpId);
  const report: CorpTurnReport = {
    corp: corpId,
    waived: sheet === null,
    income: null,
    events: [],
    failures: [],
    battles: [],
    bought: [],
    attacked: (state.knowledge[corpId]?.battles ?? []).filter(
      (b) => b.defender === corpId && b.visibleFrom === state.turn,
    ),
    rolls: [],
  };
  const firstRoll = dice.records.length;
  const done = () => {
    report.rolls = dice.records.slice(firstRoll);
    return { state, report };
  };
  const ev = (s: string) => report.events.push(s);
  const failed = (line: number | null, message: string, rule: string) => report.failures.push({ line, message, rule });
  if (corp.eliminated) return done();
  const ownsHOAtStart = siteAt(state, corp.homeOffice)?.owner === corpId;

  // 0. Start of turn: RO/RM settings given last turn take effect; ships age; interest; support.
  if (corp.settings.pending.reversedOrders !== undefined)
    corp.settings.reversedOrders = corp.settings.pending.reversedOrders;
  if (corp.settings.pending.reversedMoves !== undefined)
    corp.settings.reversedMoves = corp.settings.pending.reversedMoves;
  corp.settings.pending = {};
  const mine = () => state.ships.filter((s) => s.owner === corpId && alive(s));
  if (state.turn > 0) {
    for (const s of mine()) Object.assign(s, ageShip(s));
    if (state.year >= 170 && corp.loan > 0) {
      const owed = chargeInterest(corp.loan, state.settings.loanRatePct);
      ev(`Loan interest: ${corp.loan} → ${owed} EP owed (§9.6)`);
      corp.loan = owed;
    }
    if (state.year >= 167) {
      const fee = supportFee(
        mine().map((s) => ({
          baseCost: typeOf(catalog, s).cost,
          decoy: false,
          fighters: s.items.fighters,
          pfs: s.items.pfs,
          commandos: s.items.commandos,
          primeTeam: s.primeTeam,
        })),
      );
      // A fee above the food on hand leaves the corporation at 0 FP; no ship is lost (§3.8).
      corp.treasury.FP = Math.max(0, corp.treasury.FP - fee);
      ev(`Ship support: ${fee} FP (§3.8)`);
    }
  }

  // 1. Income (§7.4): sites, moons, sector bonuses, raid income; raided flags clear as listed.
  const h = holdings(state, corpId);
  const inc = holdingsIncome(state, corpId, h);
  for (const s of h.sites) s.raidedBy = null;
  corp.raidIncome = zero();
  corp.treasury = add(corp.treasury, inc.adjustments);
  report.income = inc;
  if (corp.settings.boPerm && state.turn >= LIMITS.boTenFromTurn) {
    corp.treasury = add(corp.treasury, each(-LIMITS.boPerm));
    corp.extraOrders = Math.max(corp.extraOrders, LIMITS.boTenMax);
    ev(`BO PERM: 200 EP for 10 extra orders (§9.9)`);
  }
  if (sheet === null) {
    corp.waivedInRow++;
    ev('Turn waived: income credited, no orders run (§11.4)');
    return done();
  }
  corp.waivedInRow = 0;

  const misc = () => runMisc(state, corp, sheet, dice, catalog, report);
  if (corp.settings.reversedOrders) misc();

  // 2. Ship movement (§4.3, §11.4): shields refill; six pulses.
  for (const s of mine()) s.shields = s.sf;
  const runners: Runner[] = mine()
    .filter((s) => s.boughtTurn < state.turn || state.turn === 0)
    .sort((a, b) => a.seq - b.seq)
    .map((ship) => {
      const t = typeOf(catalog, ship);
      const plan = planFor(ship, t, sheet.ships);
      const byPulse = new Map<number, ShipOrder>();
      let whole: ShipOrder | null = null;
      if (plan) {
        const slots = plan.entries.filter((e) => SHIP_ORDERS[e.code].time === 'pulse');
        whole = plan.entries.find((e) => SHIP_ORDERS[e.code].time === 'turn') ?? null;
        const pulses = activePulses(speed(ship), corp.settings.reversedMoves);
        slots.forEach((e, i) => {
          const p = pulses[i];
          if (p === undefined)
            failed(plan.line, `${ship.name} has speed ${speed(ship)}: entry ${i + 1} (${e.code}) has no pulse`, '§4.3');
          else byPulse.set(p, e);
        });
      }
      return { ship, plan, prev: ship.at, cancelled: false, byPulse, whole };
    });
  for (const p of sheet.ships) {
    if (!runners.some((r) => r.plan === p))
      failed(
        p.line,
        `${p.race} ${p.designation} ${p.number} is not a ship of yours that can take orders this turn`,
        '§4.6',
      );
  }

  for (let pulse = 1; pulse <= 6; pulse++) {
    const arrivals = new Map<string, { at: Address; ships: Runner[] }>();
    for (const r of runners) {
      if (!alive(r.ship)) continue;
      const t = typeOf(catalog, r.ship);
      if (pulse === 1 && r.whole) wholeTurnOrder(state, corp, r, t, dice, report);
      const e = r.byPulse.get(pulse);
      if (!e || e.code === 'HOLD') continue;
      if (e.code === 'MOVE') {
        if (r.cancelled) continue;
        const dest = resolveMove(state.settings.galaxy, r.ship.at, e);
        if (!dest) {
          r.cancelled = true;
          failed(
            r.plan?.line ?? null,
            `${r.ship.name}: ${String(e.col).padStart(2, '0')}${String(e.row).padStart(2, '0')} is not adjacent to ${addressName(r.ship.at)}; the ship stays and its later moves are cancelled`,
            '§4.6',
          );
          continue;
        }
        r.prev = r.ship.at;
        r.ship.at = dest;
        learnHex(state, corpId, dest);
        enterTerrain(state, r.ship, t, dest, dice, report.events);
        if (!alive(r.ship)) continue;
        const key = addressName(r.ship.at);
        const a = arrivals.get(key) ?? { at: r.ship.at, ships: [] };
        a.ships.push(r);
        arrivals.set(key, a);
        // Toll zones (App E): 10 EP less 1 per crew level above 3, ISC free; may go negative.
        if (hexAt(state, r.ship.at).area === 'TZ' && t.race !== 'I')
          corp.treasury = add(corp.treasury, each(-Math.max(0, 10 - Math.max(0, r.ship.crew - 3))));
      } else pulseOrder(state, corp, r, t, e, dice, report);
    }
    // (c) Combat: each arriving fleet attacks or bounces (§10.3).
    for (const { at, ships } of arrivals.values()) {
      const fleet = ships.map((r) => r.ship).filter(alive);
      if (fleet.length === 0) continue;
      const outcome = engage(state, catalog, dice, corpId, fleet, at, report.battles, report.events);
      if (outcome === 'bounce') for (const r of ships) r.ship.at = r.prev;
    }
  }
  removeDestroyed(state, report.events);

  // 3. Misc orders in written order (§9.1), unless RO ran them before movement.
  if (!corp.settings.reversedOrders) misc();

  // 5. Post-turn: bases scan their sectors (App A); HO loss ends the corporation (§11.2).
  postTurnScans(state, corpId);
  const ownsHO = siteAt(state, corp.homeOffice)?.owner === corpId;
  if (!ownsHO && !ownsHOAtStart) {
    corp.eliminated = true;
    ev('The Home Office was not retaken: the corporation is out of the game (§11.2)');
  }
  return done();
}

function removeDestroyed(state: WarlordState, events: string[]) {
  for (const s of state.ships) if (!alive(s)) events.push(`${s.name} (${s.typeId}) destroyed at ${addressName(s.at)}`);
  state.ships = state.ships.filter(alive);
}

function atOwnBase(state: WarlordState, corp: number, a: Address): boolean {
  const site = siteAt(state, a);
  return !!site && site.owner === corp && isBase(site.fort);
}

function wholeTurnOrder(
  state: WarlordState,
  corp: Corporation,
  r: Runner,
  t: ShipType,
  dice: DiceSource,
  report: CorpTurnReport,
) {
  const e = r.whole;
  if (!e) return;
  const s = r.ship;
  const line = r.plan?.line ?? null;
  const fail = (m: string) =>
    report.failures.push({ line, message: `${s.name}: ${m}`, rule: SHIP_ORDERS[e.code].rule });
  const hex = hexAt(state, s.at);
  if (e.code === 'PRSP') {
    const value = hex.prospect;
    if (value <= 0) return fail('nothing to prospect here (§7.6)');
    const survey = /[YN]/.test(t.variants) || s.primeTeam;
    const y = prospectYield(
      {
        baseValue: value,
        crew: s.crew,
        surveyBonus: survey,
        notification: t.variants.includes('N'),
        jindarianInAsteroids: t.race === 'J' && hex.area === 'AF',
        supernova: hex.point === 'SN',
      },
      corp.treasury,
      (tied) => tied[(dice.roll(tied.length, 1, 'notification bonus tie')[0] ?? 1) - 1] ?? 'PE',
    );
    corp.treasury = add(corp.treasury, y.total);
    hex.prospect = 0;
    report.events.push(`${s.name} prospected ${addressName(s.at)}: ${y.ep} EP (§7.6)`);
  } else if (e.code === 'SCAN') {
    const scout = /[SZ]/.test(t.variants) || s.officers.includes('S') || s.officers.includes('C');
    if (!scout) return fail('only scouts can scan (§4.9)');
    if (s.crew < 2 || level(s) === 'C') return fail('crippled ships and crews below 2 cannot scan');
    const hx = hexAt(state, s.at);
    if (['IS', 'NE', 'NF', 'SC'].includes(hx.area) || ['NO', 'SN'].includes(hx.point) || hx.point === 'NS')
      return fail('no scans from inside this terrain (§4.9)');
    const k = know(state, corp.id);
    const sec = sectorName({ x: s.at.sx, y: s.at.sy });
    if (e.mode === 'TERR' || t.variants.includes('Z')) {
      if (!k.terrainSectors.includes(sec)) k.terrainSectors.push(sec);
    }
    if (e.mode === 'SHIP' || t.variants.includes('Z')) scanShips(state, corp.id, s.at.sx, s.at.sy, s.crew);
    if (e.mode === 'CLOA' && s.crew < 5) return fail('SCAN CLOA needs crew 5');
    report.events.push(`${s.name} scanned sector ${sec} (${e.mode})`);
  } else if (e.code === 'BOMB') {
    bombard(state, r, t, e, dice, report);
  } else {
    fail(`${e.code} is not available in this game`);
  }
}

function scanShips(state: WarlordState, corp: number, sx: number, sy: number, crew: number) {
  const k = know(state, corp);
  const seen = new Map<string, { count: number; owners: Set<number> }>();
  for (const o of state.ships) {
    if (o.owner === corp || !alive(o) || o.at.sx !== sx || o.at.sy !== sy || o.cloaked) continue;
    const key = addressName(o.at);
    const v = seen.get(key) ?? { count: 0, owners: new Set<number>() };
    v.count++;
    v.owners.add(o.owner);
    seen.set(key, v);
  }
  const sec = `${sx}${sy}-`;
  k.sightings = k.sightings.filter((g) => !g.where.startsWith(sec));
  for (const [where, v] of seen) {
    k.sightings.push({
      where,
      count: crew >= 5 ? v.count : null,
      owner: crew >= 9 ? ([...v.owners][0] ?? null) : null,
      turn: state.turn,
    });
  }
}

function bombard(
  state: WarlordState,
  r: Runner,
  t: ShipType,
  e: Extract<ShipOrder, { code: 'BOMB' }>,
  dice: DiceSource,
  report: CorpTurnReport,
) {
  const s = r.ship;
  const target: Address = { sx: s.at.sx, sy: s.at.sy, col: e.col, row: e.row };
  const site = siteAt(state, target);
  const fail = (m: string) =>
    report.failures.push({ line: r.plan?.line ?? null, message: `${s.name}: ${m}`, rule: '§4.9 BOMB' });
  if (!site) return fail('the target hex holds no site');
  if (s.items.drones <= 0) return fail('no heavy drones aboard');
  if (s.crew < 2 || level(s) === 'C') return fail('crippled ships and crews below 2 cannot bombard');
  const hx = hexAt(state, target);
  if (hx.area === 'NF' || hx.area === 'AZ') return fail('no bombardment into NF or AZ');
  const tier = tierStatus(site.fort);
  const tierPct = tier === 'BATS' ? -10 : tier === 'SB' ? -20 : tier === 'WB' ? -30 : tier === 'MB' ? -50 : 0;
  const range = Math.max(0, Math.abs(e.col - s.at.col) + Math.abs(e.row - s.at.row));
  let pct =
    state.settings.bombardBasePct +
    (range < 5 ? 5 * (5 - range) : -5 * (range - 5)) +
    (s.crew > 3 ? 10 * (s.crew - 3) : s.crew === 2 ? -10 : 0) +
    tierPct;
  if (t.race === 'Z') pct += 10;
  if (t.variants.includes('L') || s.mission === 'L') pct += 10;
  if (s.officers.includes('W')) pct += 25;
  pct -= site.fort.fighters + 2 * site.fort.pfs;
  pct += (dice.roll(21, 1, 'bombardment swing')[0] ?? 11) - 11;
  pct = Math.max(0, Math.min(100, pct));
  const drones = s.items.drones;
  s.items.drones = 0;
  let hits = dice.roll(100, drones, `bombardment by ${s.id}`).filter((d) => d <= pct).length;
  if (hx.area === 'NE') hits = Math.floor(hits / 2);
  const before = site.fort.forts;
  const d = damageForts(site.fort, hits);
  site.fort = d.after;
  if (before === 0 && hits >= 50) site.devastated = true;
  else if (d.overkill >= 50) site.devastated = true;
  report.events.push(
    `${s.name} bombarded ${addressName(target)}: ${hits} of ${drones} drones hit (${pct}%), forts ${before} → ${site.fort.forts}${site.devastated ? ', devastated' : ''} (§4.9)`,
  );
}

function pulseOrder(
  state: WarlordState,
  corp: Corporation,
  r: Runner,
  t: ShipType,
  e: ShipOrder,
  dice: DiceSource,
  report: CorpTurnReport,
) {
  const s = r.ship;
  const spec = SHIP_ORDERS[e.code];
  const fail = (m: string) =>
    report.failures.push({ line: r.plan?.line ?? null, message: `${s.name}: ${m}`, rule: spec.rule });
  const done = (m: string) => report.events.push(`${s.name}: ${m}`);
  const site = siteAt(state, s.at);
  const crippledOrLow = level(s) === 'C' || s.crew < 2;
  switch (e.code) {
    case 'REPR': {
      const repairShip = state.ships.some(
        (o) => o !== s && o.owner === corp.id && alive(o) && sameAddress(o.at, s.at) && o.repairPoints > 0,
      );
      if (
        !atOwnBase(state, corp.id, s.at) &&
        !repairShip &&
        s.crew < 7 &&
        !s.officers.includes('E') &&
        !s.officers.includes('C')
      )
        return fail('repairs need your base, a repair ship, an Engineer, or crew 7');
      const res = repair(s, t, corp.treasury);
      if (!res.ok) return fail(res.error.message);
      Object.assign(s, res.value.ship);
      corp.treasury = res.value.treasury;
      return done(`repaired for ${res.value.cost} OR`);
    }
    case 'TRNG':
    case 'UPGR':
    case 'REFT': {
      if (!atOwnBase(state, corp.id, s.at) && !(e.code === 'TRNG' && s.crew >= 9))
        return fail(`${e.code} needs one of your bases`);
      const res =
        e.code === 'TRNG'
          ? train(s, t, corp.treasury)
          : e.code === 'UPGR'
            ? upgrade(s, t, corp.treasury)
            : refit(s, t, corp.treasury, state.year);
      if (!res.ok) return fail(`${res.error.message} (${res.error.rule})`);
      Object.assign(s, res.value.ship);
      corp.treasury = res.value.treasury;
      return done(`${e.code} done for ${res.value.cost}`);
    }
    case 'RAD': {
      const target = siteAt(state, neighbour(state.settings.galaxy, s.at, e.dir));
      if (!target) return fail(`no site in direction ${e.dir}`);
      const barred = raidBarred({
        crippled: level(s) === 'C',
        crew: s.crew,
        speed: speed(s),
        alreadyRaided: target.raidedBy !== null,
      });
      if (barred) return fail(barred);
      const af = raidAF({
        baseAF: s.af,
        crew: s.crew,
        race: t.race,
        troop: t.variants.includes('T') || s.mission === 'T',
        penal: false,
        weaponsOfficer: s.officers.includes('W') || s.officers.includes('C'),
        itemsAF: s.items.fighters * 4 + s.items.pfs * 15 + s.items.drones + s.items.tbombs * 3,
        commandos: s.items.commandos * 2,
      });
      const swing = (dice.roll(51, 1, `raid swing ${s.id}`)[0] ?? 26) - 26;
      const df = fortDF(
        target.fort.forts,
        target.officers.filter((o) => o === 'W' || o === 'M').length * 20,
        state.settings.combat.fortDFRoundFirst,
      );
      s.cloaked = false;
      if (!raidSucceeds(af, swing, df))
        return done(
          `raid on ${addressName(target.at)} failed (${af} ${swing >= 0 ? '+' : ''}${swing}% against DF ${df})`,
        );
      target.raidedBy = corp.id;
      if (target.owner !== null) {
        // The site's next production goes to the raider on the raider's next turn (§7.8).
        corp.raidIncome = add(corp.raidIncome, target.production);
      }
      return done(`raided ${addressName(target.at)} (§7.8)`);
    }
    case 'NUKE': {
      if (!site) return fail('no site here');
      if (crippledOrLow) return fail('crippled ships and crews below 2 cannot NUKE');
      site.devastated = true;
      return done(`devastated ${addressName(site.at)} (§7.5)`);
    }
    case 'REST': {
      if (!site || site.owner !== corp.id || !site.devastated) return fail('REST needs your own devastated site');
      const half = /[YN]/.test(t.variants);
      const cost: Resources = { PE: 0, OR: 0, DC: 0, FP: 0 };
      for (const k of ['PE', 'OR', 'DC', 'FP'] as const)
        cost[k] = half ? roundHalfUp(site.production[k] / 2) : site.production[k];
      if ((['PE', 'OR', 'DC', 'FP'] as const).some((k) => corp.treasury[k] < cost[k]))
        return fail('not enough resources to restore (§7.5, per resource)');
      corp.treasury = add(corp.treasury, { PE: -cost.PE, OR: -cost.OR, DC: -cost.DC, FP: -cost.FP });
      site.devastated = false;
      return done(`restored ${addressName(site.at)}`);
    }
    case 'SRVY':
    case 'ASSA': {
      if (!(/[YN]/.test(t.variants) || s.primeTeam || s.crew >= 9))
        return fail(`${e.code} needs a survey or notification ship, a Prime Team, or crew 9`);
      if (crippledOrLow) return fail('crippled ships and crews below 2 cannot survey');
      const value = hexAt(state, s.at).prospect;
      if (e.code === 'SRVY' && site && site.moons > 0) site.moonsActive = true;
      return done(
        `prospecting value at ${addressName(s.at)} is ${value}${e.code === 'SRVY' && site?.moons ? `; ${site.moons} moons activated` : ''}`,
      );
    }
    case 'MSN': {
      if (!t.variants.includes('G')) return fail('only generic ships change missions');
      if (!atOwnBase(state, corp.id, s.at) && !s.primeTeam && s.mission !== 'I')
        return fail('missions change at your base (or with a Prime Team)');
      const wasB = s.mission === 'B';
      const wasD = s.mission === 'D';
      if (wasB) s.af -= 10;
      if (wasD) s.df -= 10;
      if (e.mission === 'B') s.af += 10;
      if (e.mission === 'D') s.df += 10;
      s.mission = e.mission;
      return done(`now in ${e.mission} mission`);
    }
    case 'SCRA': {
      const refund = scrapRefund(t.cost, s.crew);
      corp.treasury = gainEP(corp.treasury, refund);
      for (const k of ITEMS) corp.stockpile[k] += s.items[k];
      corp.officerPool.push(...s.officers);
      s.internals = s.hp + 1;
      return done(`scrapped for ${refund} EP (§4.9)`);
    }
    case 'GARR':
    case 'GARX': {
      if (!site || site.owner !== corp.id) return fail('needs your own site in the hex');
      const cap = garrisonCapacity(site.fort.forts);
      if (e.code === 'GARR') {
        const f = Math.min(s.items.fighters, cap.fighters - site.fort.fighters);
        const p = Math.min(s.items.pfs, cap.pfs - site.fort.pfs);
        s.items.fighters -= Math.max(0, f);
        s.items.pfs -= Math.max(0, p);
        site.fort = {
          ...site.fort,
          fighters: site.fort.fighters + Math.max(0, f),
          pfs: site.fort.pfs + Math.max(0, p),
        };
        return done(`garrisoned ${Math.max(0, f)} fighters, ${Math.max(0, p)} PFs`);
      }
      const f = Math.min(site.fort.fighters, s.capacity.fighters - s.items.fighters);
      const p = Math.min(site.fort.pfs, s.capacity.pfs - s.items.pfs);
      s.items.fighters += f;
      s.items.pfs += p;
      site.fort = { ...site.fort, fighters: site.fort.fighters - f, pfs: site.fort.pfs - p };
      return done(`took ${f} fighters, ${p} PFs from the garrison`);
    }
    case 'SWP':
      if (!/[MX]/.test(t.variants) && s.mission !== 'M') return fail('only minesweepers sweep');
      return done(`swept toward direction ${e.dir}`);
    default:
      return fail(`${e.code} is not available in this game`);
  }
}

// ------------------------------------------------------------------------------------ misc orders

function runMisc(
  state: WarlordState,
  corp: Corporation,
  sheet: Sheet,
  dice: DiceSource,
  catalog: Catalog,
  report: CorpTurnReport,
) {
  const limit = LIMITS.baseMiscOrders + corp.extraOrders;
  corp.extraOrders = 0;
  const copies = new Map<string, number>();
  let bought = 0;
  sheet.misc.forEach(({ line, order }, i) => {
    const spec = MISC_ORDERS[order.code];
    const fail = (m: string, rule = spec.rule) => report.failures.push({ line, message: m, rule });
    if (i >= limit) return fail(`only ${limit} misc orders this turn`, '§9.1');
    const r = miscOrder(state, corp, order, dice, catalog, copies, bought, report);
    if (r === 'bought') bought++;
    else if (typeof r === 'string') fail(r);
  });
  report.bought = [...copies.keys()];
}

/** One misc order; a string is the reason it failed (earlier orders stand, §9.1). */
function miscOrder(
  state: WarlordState,
  corp: Corporation,
  o: MiscOrder,
  dice: DiceSource,
  catalog: Catalog,
  copies: Map<string, number>,
  bought: number,
  report: CorpTurnReport,
): string | 'bought' | null {
  const ev = (s: string) => report.events.push(s);
  const siteFor = (sector: string | null, col: number, row: number) => {
    const sec =
      sector === null ? { x: corp.homeOffice.sx, y: corp.homeOffice.sy } : parseSector(state.settings.galaxy, sector);
    if (!sec) return null;
    return siteAt(state, { sx: sec.x, sy: sec.y, col, row }) ?? null;
  };
  switch (o.code) {
    case 'PS': {
      const t = catalog.get(`${o.race}-${o.designation}`);
      if (!t || t.race === 'M') return `there is no ship ${o.race}-${o.designation} on the ship list`;
      if (t.year > state.year) return `${t.id} is available from Y${t.year}`;
      if (bought >= LIMITS.maxPurchasesPerTurn) return `at most ${LIMITS.maxPurchasesPerTurn} ships a turn (App P)`;
      if (o.cloak && t.race !== 'O') return 'CLOA is for Orion ships';
      const primary = t.race === 'C' || corp.primaries.includes(t.race) || state.turn === 0;
      const nonPrimaryPct = primary ? 0 : (dice.roll(100, 1, `non-primary surcharge ${t.id}`)[0] ?? 100);
      const before = copies.get(t.id) ?? 0;
      const current = state.prices[t.id] ?? t.cost;
      const price = purchasePrice({
        base: t.cost,
        current: state.turn === 0 ? t.cost : current,
        copiesBefore: before,
        nonPrimaryPct,
        cloak: o.cloak,
      });
      const allowed = priceAllowed(price, t.cost, o.maxEP, corp.settings.pPct);
      if (!allowed.ok) return allowed.error.message;
      const paid = spendEP(corp.treasury, price, '§9.3');
      if (!paid.ok) return `${t.id} costs ${price} EP; the treasury holds ${ep(corp.treasury)} EP`;
      corp.treasury = paid.value;
      copies.set(t.id, before + 1);
      state.boughtThisTurn[t.id] = (state.boughtThisTurn[t.id] ?? 0) + 1;
      const seq = state.nextSeq++;
      const name =
        o.name === null ? undefined : corp.settings.nameHeader ? `${corp.settings.nameHeader} ${o.name}` : o.name;
      const ship = newShip(t, {
        id: `s${seq}`,
        owner: corp.id,
        seq,
        at: corp.homeOffice,
        turn: state.turn,
        ...(name ? { name } : {}),
      });
      ship.crew = purchaseCrew(t.race);
      ship.cloaked = o.cloak;
      // Items load from the stockpile (§9.3); then the ship goes to warp gate n (§3.2).
      for (const k of ITEMS) {
        const take = Math.min(corp.stockpile[k], ship.capacity[k] - ship.items[k]);
        ship.items[k] += take;
        corp.stockpile[k] -= take;
      }
      if (o.wg !== null) {
        const gates = state.ships
          .filter((s) => s.owner === corp.id && (s.typeId === 'C-WG' || s.typeId === 'C-WGO') && alive(s))
          .sort((a, b) => a.seq - b.seq);
        const gate = gates[o.wg - 1];
        if (gate) ship.at = gate.at;
      }
      state.ships.push(ship);
      ev(
        `Bought ${t.id} ${seq}${ship.name !== `${t.id} ${seq}` ? ` "${ship.name}"` : ''} for ${price} EP at ${addressName(ship.at)} (§9.3)`,
      );
      return 'bought';
    }
    case 'PR': {
      if (corp.primaries.includes(o.race)) return null;
      if (corp.primaries.length >= 3) return 'at most three primary races';
      corp.primaries.push(o.race);
      ev(`Primary race declared: ${o.race}`);
      return null;
    }
    case 'FS': {
      const site = siteFor(o.sector, o.col, o.row);
      if (!site || site.owner !== corp.id) return 'you do not control a site there';
      if (site.capturedTurn === state.turn) return 'a site cannot be fortified in the turn it is captured';
      const spend = Math.min(o.ep, Math.max(0, ep(corp.treasury)));
      if (spend < 10) return 'fortifying takes at least 10 EP';
      corp.treasury = add(corp.treasury, each(-spend));
      site.fort = fortify(site.fort, spend);
      const cap = garrisonCapacity(site.fort.forts);
      const f = Math.max(0, Math.min(o.fighters, corp.stockpile.fighters, cap.fighters - site.fort.fighters));
      const p = Math.max(0, Math.min(o.pfs, corp.stockpile.pfs, cap.pfs - site.fort.pfs));
      corp.stockpile.fighters -= f;
      corp.stockpile.pfs -= p;
      site.fort = { ...site.fort, fighters: site.fort.fighters + f, pfs: site.fort.pfs + p };
      ev(`Fortified ${addressName(site.at)} by ${spend}: ${site.fort.forts} forts (${tierStatus(site.fort)})`);
      return null;
    }
    case 'FA': {
      let sites = state.sites.filter((s) => s.owner === corp.id && s.capturedTurn !== state.turn);
      const f = o.filter;
      if (f?.kind === 'SECT') sites = sites.filter((s) => sectorName({ x: s.at.sx, y: s.at.sy }) === f.sector);
      if (f?.kind === 'TERR')
        sites = sites.filter((s) => s.kind === f.terrain || hexAt(state, s.at).area === f.terrain);
      if (f?.kind === 'BASE') sites = sites.filter((s) => isBase(s.fort));
      if (o.size) sites = sites.filter((s) => SITE_TABLE[s.kind].major === (o.size === 'MAJO'));
      // When funds run short, sites are fortified in random order (§9.4).
      const order = sites.map((s) => ({ s, k: dice.roll(1000, 1, 'FA order')[0] ?? 0 })).sort((a, b) => a.k - b.k);
      let total = 0;
      for (const { s } of order) {
        const room = o.max === null ? o.ep : Math.max(0, Math.min(o.ep, o.max - s.fort.forts));
        const spend = Math.min(room, Math.max(0, ep(corp.treasury)));
        if (spend <= 0) continue;
        corp.treasury = add(corp.treasury, each(-spend));
        s.fort = fortify(s.fort, spend);
        total += spend;
      }
      ev(`FA fortified ${order.length} site(s) for ${total} EP`);
      return null;
    }
    case 'AF': {
      const site = siteFor(o.sector, o.col, o.row);
      if (!site || site.owner !== corp.id) return 'you do not control a site there';
      const cap = garrisonCapacity(site.fort.forts);
      const nf = site.fort.fighters + o.fighters;
      const np = site.fort.pfs + o.pfs;
      if (nf < 0 || np < 0) return 'the garrison does not hold that many to withdraw';
      if (o.fighters > corp.stockpile.fighters || o.pfs > corp.stockpile.pfs)
        return 'the stockpile does not hold that many';
      if (nf > cap.fighters || np > cap.pfs)
        return `the site holds at most ${cap.fighters} fighters and ${cap.pfs} PFs`;
      corp.stockpile.fighters -= o.fighters;
      corp.stockpile.pfs -= o.pfs;
      site.fort = { ...site.fort, fighters: nf, pfs: np };
      return null;
    }
    case 'DS':
    case 'US': {
      const site = siteFor(o.sector, o.col, o.row);
      if (!site || site.owner !== corp.id) return 'you do not control a site there';
      const refund = roundHalfUp(site.fort.forts / 4);
      corp.treasury = gainEP(corp.treasury, refund);
      corp.stockpile.fighters += site.fort.fighters;
      corp.stockpile.pfs += site.fort.pfs;
      corp.officerPool.push(...site.officers);
      site.fort = { forts: 0, fighters: 0, pfs: 0, wasBase: false };
      site.officers = [];
      if (o.code === 'DS') site.owner = null;
      ev(`${o.code} ${addressName(site.at)}: ${refund} EP refunded`);
      return null;
    }
    case 'BF':
    case 'BP':
    case 'BD':
    case 'BT':
    case 'BC':
    case 'BM':
    case 'BY': {
      const item = (Object.keys(ITEM_TABLE) as Item[]).find((k) => ITEM_TABLE[k].order === o.code);
      if (o.code === 'BP' && state.year < 180) return 'PFs are available from Y180';
      if (!item) return 'decoys come in a later phase';
      // The unit price drifts ±25% around the nominal price (§8.1); quantity rounds down.
      const unit = (ITEM_TABLE[item].nominal * (74 + (dice.roll(51, 1, `${o.code} price`)[0] ?? 26))) / 100;
      const qty = Math.floor(Math.min(o.ep, ep(corp.treasury)) / unit);
      if (qty <= 0) return `at ${unit.toFixed(2)} EP each, ${o.ep} EP buys nothing`;
      const cost = Math.ceil(qty * unit);
      corp.treasury = add(corp.treasury, each(-cost));
      corp.stockpile[item] += qty;
      ev(`Bought ${qty} ${item} for ${cost} EP`);
      return null;
    }
    case 'A%':
      corp.settings.aPct = o.pct;
      return null;
    case 'P%':
      corp.settings.pPct = o.pct;
      return null;
    case 'CT':
      corp.settings.attackTactic = o.attack;
      corp.settings.defenseTactic = o.defense;
      return null;
    case 'AC':
      corp.settings.ally = o.corp === 0 ? null : o.corp;
      return null;
    case 'DC':
      corp.settings.defendAgainst = o.corp === 0 ? null : o.corp;
      return null;
    case 'RO':
      corp.settings.pending.reversedOrders = o.on;
      return null;
    case 'RM':
      corp.settings.pending.reversedMoves = o.on;
      return null;
    case 'RL': {
      if (state.year > LIMITS.lastLoanYear) return `loans are available up to Y${LIMITS.lastLoanYear}`;
      const got = loanGranted(o.ep, corp.loan, corp.stock);
      if (got <= 0) return `loans are capped at 5 × stock (${5 * corp.stock} EP)`;
      corp.loan += got;
      corp.treasury = gainEP(corp.treasury, got);
      ev(`Loan of ${got} EP (owed ${corp.loan})`);
      return null;
    }
    case 'PL': {
      const pay = loanPayment(o.ep, corp.loan, corp.treasury);
      corp.loan -= pay;
      corp.treasury = add(corp.treasury, each(-pay));
      ev(`Repaid ${pay} EP (owed ${corp.loan})`);
      return null;
    }
    case 'BO': {
      if (o.count === 'OFF') {
        corp.settings.boPerm = false;
        return null;
      }
      if (o.count === 'PERM') {
        if (state.turn < LIMITS.boTenFromTurn) return 'BO PERM is available from turn 10';
        corp.settings.boPerm = true;
        return null;
      }
      const cost = extraOrdersCost(o.count, state.turn);
      if (!cost.ok) return cost.error.message;
      // BO may take the treasury negative (§9.9).
      corp.treasury = add(corp.treasury, each(-cost.value));
      corp.extraOrders = o.count;
      ev(`Bought ${o.count} extra orders for next turn: ${cost.value} EP`);
      return null;
    }
    case 'AA': {
      const t = catalog.get(`${o.race}-${o.designation}`);
      if (!t) return `there is no ship ${o.race}-${o.designation} on the ship list`;
      ev(
        `${t.id}: AF ${t.af}, DF ${t.df}, SF ${t.sf}, price ${state.prices[t.id] ?? t.cost} EP${t.sample ? ' (sample catalog)' : ''}`,
      );
      return null;
    }
    case 'NH':
      corp.settings.nameHeader = o.header;
      return null;
    case 'EV':
    case 'NE':
      return 'random events come in a later phase';
  }
}

function postTurnScans(state: WarlordState, corp: number) {
  // Every base scans its sector for ships (App A): a Base Station as crew 3, a Battle Station as crew 5, a Megabase with owners.
  for (const site of state.sites) {
    if (site.owner !== corp || !isBase(site.fort)) continue;
    const tier = tierStatus(site.fort);
    const crew = tier === 'MB' ? 9 : tier === 'BS' || tier === 'damaged base' ? 3 : 5;
    scanShips(state, corp, site.at.sx, site.at.sy, crew);
  }
  // Ships see their own hexes and the home sector's terrain is known (the initial build's map, §11.6).
  const k = know(state, corp);
  const home = state.corps.find((c) => c.id === corp)?.homeOffice;
  if (home) {
    const sec = sectorName({ x: home.sx, y: home.sy });
    if (!k.terrainSectors.includes(sec)) k.terrainSectors.push(sec);
  }
  for (const s of state.ships) if (s.owner === corp && alive(s)) learnHex(state, corp, s.at);
}

// ------------------------------------------------------------------------------------ NTG

const AVOID: ReadonlySet<string> = new Set(['NS', 'CS', 'VP', 'NO', 'SN', 'MM', 'OM', 'NF', 'AZ']);
/** The chance a monster turns aside to attack a site it passes (§2.23 gives none: docs/rules-notes.md). */
export const MONSTER_TURN_TO_SITE_PCT = 50;

/**
 * Whether a computer ship at `from` steps into `to` (§2.23): never across a sector edge, into the
 * terrain it always avoids, into a player's original HO while its founder holds it, nor towards
 * fortifications it cannot beat (its look-ahead: forts only, never ships).
 */
function monsterMayEnter(state: WarlordState, m: Ship, from: Address, to: Address): boolean {
  if (to.sx !== from.sx || to.sy !== from.sy) return false;
  const hx = hexAt(state, to);
  if (AVOID.has(hx.point) || AVOID.has(hx.area)) return false;
  const site = siteAt(state, to);
  if (!site) return true;
  if (site.homeOfficeOf !== null && site.owner === site.homeOfficeOf) return false;
  // The attack-or-bounce test (§10.3) against the forts alone, at the default A%.
  const df = fortDF(site.fort.forts, 0, state.settings.combat.fortDFRoundFirst);
  return df === 0 || m.af * 100 >= LIMITS.aPctDefault * df;
}

/** A site a passing monster may turn to attack (§2.23): a player's, and not its founder's original HO. */
function attackableSite(state: WarlordState, a: Address): boolean {
  const site = siteAt(state, a);
  return !!site && site.owner !== null && !(site.homeOfficeOf !== null && site.owner === site.homeOfficeOf);
}

/**
 * The Next Turn Generator (§11.7, §2.23): monsters move (67% chance each, full speed along their
 * heading, never across a sector edge, turning away from edges and deadly terrain, attacking what
 * they run into except a player's original Home Office); prices update (§3.4); victory is checked
 * (§11.1); the turn and year advance.
 */
export function nextTurn(
  input: WarlordState,
  dice: DiceSource,
  catalog: Catalog,
): { state: WarlordState; report: NtgReport } {
  const state = clone(input);
  const report: NtgReport = { events: [], prices: [], battles: [], winner: null };
  const g = state.settings.galaxy;
  const monsters = state.ships.filter((s) => s.owner === MONSTER_CORP && alive(s)).sort((a, b) => a.seq - b.seq);
  for (const m of monsters) {
    if (!alive(m)) continue;
    if ((dice.roll(100, 1, `monster ${m.id} moves?`)[0] ?? 100) > 67) continue;
    const spd = Math.max(1, Math.min(LIMITS.maxSpeed, m.maxSpeed));
    for (let step = 0; step < spd && alive(m); step++) {
      const at = m.at;
      const into = (d: 1 | 2 | 3 | 4 | 5 | 6) => neighbour(g, at, d);
      const ok = (d: 1 | 2 | 3 | 4 | 5 | 6) => monsterMayEnter(state, m, at, into(d));
      let heading = state.headings[m.id] ?? 1;
      // A site passed right next to may draw it aside (§2.23): never when a site lies straight
      // ahead, at random between two; the chance is the game's setting (the text gives none).
      if (!(ok(heading) && attackableSite(state, into(heading)))) {
        const aside = ([1, 2, 3, 4, 5, 6] as const).filter(
          (d) => d !== heading && ok(d) && attackableSite(state, into(d)),
        );
        const pct = state.settings.monsterTurnToSitePct ?? MONSTER_TURN_TO_SITE_PCT;
        if (aside.length > 0 && (dice.roll(100, 1, `monster ${m.id} turns to a site?`)[0] ?? 100) <= pct) {
          heading =
            aside.length === 1
              ? (aside[0] ?? heading)
              : (aside[(dice.roll(aside.length, 1, `monster ${m.id} picks a site`)[0] ?? 1) - 1] ?? heading);
          state.headings[m.id] = heading;
        }
      }
      if (!ok(heading)) {
        const choices = ([1, 2, 3, 4, 5, 6] as const).filter(ok);
        if (choices.length === 0) break;
        heading = choices[(dice.roll(choices.length, 1, `monster ${m.id} turns`)[0] ?? 1) - 1] ?? heading;
        state.headings[m.id] = heading;
      }
      m.at = into(heading);
      const occupied = state.ships.some((s) => alive(s) && s.owner !== MONSTER_CORP && sameAddress(s.at, m.at));
      const site = siteAt(state, m.at);
      if (occupied || (site && site.owner !== null)) {
        const out = engage(state, catalog, dice, MONSTER_CORP, [m], m.at, report.battles, report.events);
        if (out === 'bounce') {
          m.at = at;
          break; // it bounces and stops for the turn (§2.23)
        }
      }
    }
  }
  removeDestroyed(state, report.events);

  // Prices (§3.4): player purchases only.
  for (const t of catalog.values()) {
    if (t.race === 'M' || t.year > state.year) continue;
    const now = state.prices[t.id] ?? t.cost;
    const next = updatePrice(now, t.cost, state.boughtThisTurn[t.id] ?? 0, state.settings.supplyDemand);
    if (next !== now) {
      report.events.push(`${t.id}: ${now} → ${next} EP (§3.4)`);
      report.prices.push({ type: t.id, from: now, to: next });
    }
    state.prices[t.id] = next;
  }
  state.boughtThisTurn = {};
  // White holes build value back (+10 a turn, App D).
  for (const sec of state.sectors) for (const h of sec.hexes) if (h.point === 'WH') h.prospect += 10;

  // Victory (§11.1): all majors of N sectors beats M major sites; then the number of sites.
  const contenders = state.corps
    .filter((c) => !c.eliminated)
    .map((c) => ({ c, h: holdings(state, c.id) }))
    .filter(({ h }) => h.fullSectors >= state.settings.victorySectors || h.majors >= state.settings.victorySites)
    .sort((a, b) => {
      const sa = a.h.fullSectors >= state.settings.victorySectors ? 1 : 0;
      const sb = b.h.fullSectors >= state.settings.victorySectors ? 1 : 0;
      return sb - sa || b.h.majors - a.h.majors;
    });
  if (contenders[0]) {
    state.winner = contenders[0].c.id;
    report.winner = state.winner;
    report.events.push(`${contenders[0].c.name} has won (§11.1)`);
  }
  state.turn++;
  state.year++;
  return { state, report };
}

/**
 * A whole game turn: every corporation in cycle order (a missing sheet is waived, §11.4), then the
 * NTG. A seat waived more than twice in a row may be handed to a standby player by vote (§11.4).
 */
export function processGameTurn(
  input: WarlordState,
  sheets: ReadonlyMap<number, Sheet>,
  dice: DiceSource,
  catalog: Catalog,
): { state: WarlordState; corps: CorpTurnReport[]; ntg: NtgReport; standbyEligible: number[] } {
  let state = input;
  const corps: CorpTurnReport[] = [];
  for (const c of [...state.corps].sort((a, b) => a.cycle - b.cycle)) {
    const r = processCorpTurn(state, c.id, sheets.get(c.id) ?? null, dice, catalog);
    state = r.state;
    corps.push(r.report);
  }
  const n = nextTurn(state, dice, catalog);
  return {
    state: n.state,
    corps,
    ntg: n.report,
    standbyEligible: n.state.corps.filter((c) => c.waivedInRow > 2).map((c) => c.id),
  };
}
