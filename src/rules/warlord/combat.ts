/**
 * Warlord combat (§4.8, §10.1–10.5, App B–F, race notes), by the algorithm of the digest's §d.7:
 * the moving corporation's fleet attacks or bounces on its A% threshold; then rounds of
 * simultaneous fire, the attackers' combined AF split evenly over the defending units and the
 * defenders' combined DF over the attacking ships, volleys rolled as one d10 per ten points plus
 * one die for the remainder, until one side has no units left. The full worked example (§10.5,
 * G51) is the acceptance test (test/rules/warlord/combat.test.ts).
 *
 * Chance enters only through `CombatChance`, so a test can force the volley totals the text
 * gives, and the default draws every number from the campaign's committed dice.
 */
import type { DiceSource } from '../dice.ts';
import { roundHalfUp } from './economy.ts';
import { type Fortification, damageForts, fortDF, garrisonDF } from './forts.ts';
import {
  type AreaTerrain,
  DAMAGE_TABLE,
  type DamageLevel,
  type Item,
  type Items,
  NO_ITEMS,
  type Officer,
  type PointTerrain,
  type Race,
  type SiteKind,
  crewPct,
  damageLevel,
  tacticPct,
} from './tables.ts';

export interface CombatShip {
  id: string;
  /** `R-DESIG`, for reports. */
  label: string;
  race: Race;
  /** Base factors: catalog values with mission points, upgrades and the age-15 bonus already in. */
  baseAF: number;
  baseDF: number;
  sf: number;
  hp: number;
  shields: number;
  internals: number;
  crew: number;
  items: Items;
  /** Strike carrier (K variant or mission): fighters +1 (§8.1). */
  strikeCarrier: boolean;
  /** Troop transport (T variant or mission): +25% AF against sites and in raids. */
  troop: boolean;
  /** Aegis (A variant, or D mission from Y175): +25% DF defending a site. */
  aegis: boolean;
  officers: readonly Officer[];
  primeTeam: boolean;
  cloaked: boolean;
  monster: boolean;
  /** A decoy (§8.6): DF 25 in the assessment only, true DF 0, destroyed when hit. */
  decoy: boolean;
}

export interface CombatSite {
  kind: SiteKind;
  fort: Fortification;
  /** Officers assigned at the site (AL, T22): W and M add 20% each to fort DF, A helps the garrison. */
  officers: readonly Officer[];
  /** Starbase passive mode (SP): +20% fort DF. */
  passive: boolean;
  /** The attacker owns a listening post on this site: fort DF is 1 (§8.8). */
  attackerHasListeningPost: boolean;
}

export interface CombatSettings {
  /** Round forts/4 before the percentage bonuses, as the worked example does (§10.5). */
  fortDFRoundFirst: boolean;
  /** Asteroid fields deal 1–3 extra damage to every ship each round (App E); §10.5 shows none. */
  asteroidRoundDamage: boolean;
  /** Gorn troop transports attacking a site: total racial + troop bonus (§2.7 "earn this bonus twice"). */
  gornTroopPct: number;
  /** Give up after this many rounds: the defender holds (a safety net; every volley does ≥1 damage). */
  maxRounds: number;
}

export const COMBAT_DEFAULTS: CombatSettings = {
  fortDFRoundFirst: true,
  asteroidRoundDamage: true,
  gornTroopPct: 50,
  maxRounds: 100,
};

export interface BattleInput {
  attackers: CombatShip[];
  defenders: CombatShip[];
  site: CombatSite | null;
  point: PointTerrain | SiteKind;
  area: AreaTerrain;
  /** Corp-wide tactics (CT, §9.6): the attacker's attack tactic, the defender's defense tactic. */
  attackTactic: number;
  defenseTactic: number;
  /** The attacker's A% (§9.9). */
  aPct: number;
  /** The defender set DC against the attacker (+25% base DF, ships only). */
  defenderDefendsAgainst: boolean;
  /** The defender trusts the attacker (AC): betrayal gives +25% base AF. */
  betrayal: boolean;
  /** The defender is corp 998 (Federation +10% AF against monsters, §2.6). */
  defenderIsMonsters: boolean;
  settings: CombatSettings;
}

/** The random numbers of a battle. */
export interface CombatChance {
  /** One volley with maximum `max` against `targetId` (§10.3). */
  volley(max: number, targetId: string, round: number): number;
  /** Round-1 first strike against the forts: commandos 2–5 each (+1 each with a Marine Major), Prime Teams 10–25. */
  firstStrike(commandos: number, bonusEach: number, primeTeams: number): number;
  /** Items a ship loses to a volley that got `pastShields` points past its shields (rates unspecified, digest h.3 #5). */
  damageLosses(ship: CombatShip, pastShields: number, round: number): Partial<Items>;
  /** Items used up by attrition at the end of a round (drones every round; T-bombs, commandos occasionally). */
  attrition(ship: CombatShip, round: number): Partial<Items>;
  /** True with probability pct% (officer deaths, crew gains). */
  percent(pct: number, purpose: string): boolean;
  /** Extra per-round terrain damage in [lo, hi]. */
  between(lo: number, hi: number, purpose: string): number;
}

/** Volley dice (§10.3): ⌊max/10⌋ d10 plus one d(max mod 10); 35 → 3d10 + 1d5. */
export function volleyDice(max: number): number[] {
  const dice: number[] = Array.from({ length: Math.floor(max / 10) }, () => 10);
  if (max % 10 > 0) dice.push(max % 10);
  return dice;
}

export interface LossRates {
  /** Per volley with internals: fighters lost = this × fighters × share of HP taken (at least 1 at light). */
  fighterShare: number;
  /** Drones used each round per ship carrying them. */
  droneAttrition: number;
  /** Chance per round that one T-bomb is used up ("occasional"). */
  tbombAttritionPct: number;
}

export const LOSS_DEFAULTS: LossRates = { fighterShare: 1, droneAttrition: 1, tbombAttritionPct: 17 };

/**
 * The default chance source on the campaign's dice. Item losses by damage are not in the text
 * (digest h.3 #5): of each carried kind (fighters, drones, T-bombs, commandos) the share lost is
 * the volley's damage past the shields over the ship's HP, the fraction rounded by a d100.
 */
export function diceChance(dice: DiceSource, rates: LossRates = LOSS_DEFAULTS): CombatChance {
  const pct = (p: number, purpose: string) => (dice.roll(100, 1, purpose)[0] ?? 100) <= p;
  return {
    volley(max, targetId, round) {
      const rolls = volleyDice(max).map(
        (sides) => dice.roll(sides, 1, `warlord volley r${round} → ${targetId}`)[0] ?? 0,
      );
      return rolls.reduce((a, b) => a + b, 0);
    },
    firstStrike(commandos, bonusEach, primeTeams) {
      let total = 0;
      if (commandos > 0)
        total += dice.roll(4, commandos, 'warlord commando first strike').reduce((a, b) => a + b + 1 + bonusEach, 0);
      for (let i = 0; i < primeTeams; i++) total += 9 + (dice.roll(16, 1, 'warlord Prime Team first strike')[0] ?? 1);
      return total;
    },
    damageLosses(ship, pastShields) {
      const share = Math.min(1, pastShields / Math.max(1, ship.hp));
      const lost: Partial<Items> = {};
      for (const k of ['fighters', 'drones', 'tbombs', 'commandos'] as const) {
        const have = ship.items[k];
        if (have <= 0) continue;
        const expected = have * share * (k === 'fighters' ? rates.fighterShare : 1);
        const whole = Math.floor(expected);
        const extra = pct(Math.round((expected - whole) * 100), `warlord ${k} lost`) ? 1 : 0;
        lost[k] = Math.min(have, Math.max(k === 'fighters' ? 1 : 0, whole + extra));
      }
      return lost;
    },
    attrition(ship) {
      const lost: Partial<Items> = {};
      if (ship.items.drones > 0) lost.drones = Math.min(ship.items.drones, rates.droneAttrition);
      if (ship.items.tbombs > 0 && pct(rates.tbombAttritionPct, 'warlord T-bomb attrition')) lost.tbombs = 1;
      return lost;
    },
    percent: pct,
    between(lo, hi, purpose) {
      return lo + (dice.roll(hi - lo + 1, 1, purpose)[0] ?? 1) - 1;
    },
  };
}

// ------------------------------------------------------------------------------------ factors

const NO_ITEMS_IN: Record<Item, readonly string[]> = {
  fighters: ['NO', 'SN', 'NE', 'IS', 'NF', 'AZ'],
  pfs: ['NO', 'SN', 'NF'],
  drones: ['NO', 'SN', 'NF', 'AZ'],
  commandos: ['NO', 'SN', 'NE', 'AZ', 'HZ', 'MO'],
  tbombs: ['NO', 'SN', 'NE', 'IS', 'AZ'],
  mrs: ['NO', 'SN', 'NE', 'IS', 'NF', 'AZ'],
};

function itemWorks(item: Item, b: Pick<BattleInput, 'point' | 'area'>): boolean {
  return !NO_ITEMS_IN[item].includes(b.point) && !NO_ITEMS_IN[item].includes(b.area);
}

function has(ship: CombatShip, o: Officer): boolean {
  return ship.officers.includes(o) || ship.officers.includes('C');
}

export function shipLevel(ship: CombatShip): DamageLevel {
  const l = damageLevel(ship.internals, ship.hp);
  return l === 'destroyed' ? 'C' : l;
}

/** Percentage modifiers on an attacker's base AF (d.7 table), summed before one multiplication (§10.2). */
export function attackPct(ship: CombatShip, b: BattleInput): number {
  let pct = crewPct(ship.crew, false) + DAMAGE_TABLE[shipLevel(ship)].pct + tacticPct(ship.race, b.attackTactic, true);
  if (has(ship, 'W')) pct += 25;
  if (b.site) {
    if (has(ship, 'M')) pct += 25;
    if (ship.race === 'G') pct += ship.troop ? b.settings.gornTroopPct : 25;
    else if (ship.troop) pct += 25;
  }
  if (b.defenderIsMonsters && ship.race === 'F') pct += 10;
  if (b.betrayal) pct += 25;
  if (b.point === 'GP') pct += 10;
  if (b.point === 'WH') pct -= 25;
  if (b.area === 'IS' || b.area === 'NF') pct -= 50;
  return pct;
}

/** Percentage modifiers on a defender's base DF. */
export function defensePct(ship: CombatShip, b: BattleInput): number {
  let pct = crewPct(ship.crew, true) + DAMAGE_TABLE[shipLevel(ship)].pct + tacticPct(ship.race, b.defenseTactic, false);
  if (has(ship, 'W')) pct += 25;
  if (b.site && ship.aegis) pct += 25;
  if (b.site && ship.race === 'D') pct += 25;
  if (b.area === 'AF') pct += ship.race === 'T' ? 25 : 10;
  if (b.defenderDefendsAgainst) pct += 25;
  if (ship.items.mrs > 0 && itemWorks('mrs', b)) pct += 15;
  if (b.area === 'IS' || b.area === 'NF') pct -= 50;
  return pct;
}

/** Flat item values (§8.1, §10.2): not scaled by crew, officers or damage. */
export function itemValue(ship: CombatShip, b: BattleInput): number {
  const i = ship.items;
  const ace = has(ship, 'A') ? 1 : 0;
  const marine = has(ship, 'M') ? 1 : 0;
  let v = 0;
  if (itemWorks('fighters', b)) v += i.fighters * (4 + (ship.strikeCarrier ? 1 : 0) + ace);
  if (itemWorks('pfs', b)) v += i.pfs * (15 + 3 * ace);
  if (itemWorks('drones', b)) v += b.area === 'NE' ? Math.floor(i.drones / 2) : i.drones;
  if (itemWorks('commandos', b)) v += i.commandos * (2 + marine);
  if (itemWorks('tbombs', b)) v += i.tbombs * 3;
  if (ship.primeTeam) v += 5 * (2 + marine);
  return v;
}

export function modifiedAF(ship: CombatShip, b: BattleInput): number {
  if (ship.decoy) return 0;
  return roundHalfUp(ship.baseAF * (1 + attackPct(ship, b) / 100)) + itemValue(ship, b);
}

export function modifiedDF(ship: CombatShip, b: BattleInput, assessment = false): number {
  if (ship.decoy) return assessment ? 25 : 0;
  return roundHalfUp(ship.baseDF * (1 + defensePct(ship, b) / 100)) + itemValue(ship, b);
}

/** The site's fortification DF plus its garrison. */
export function siteDF(site: CombatSite, b: BattleInput): number {
  if (site.fort.forts <= 0) return 0;
  if (site.attackerHasListeningPost) return 1 + garrisonDF(site.fort, site.officers.includes('A'));
  let pct = 0;
  if (site.officers.includes('W')) pct += 20;
  if (site.officers.includes('M')) pct += 20;
  if (site.passive) pct += 20;
  if (b.area === 'AF') pct += 10;
  const fighters = itemWorks('fighters', b) ? site.fort.fighters : 0;
  const pfs = itemWorks('pfs', b) ? site.fort.pfs : 0;
  const ace = site.officers.includes('A');
  return fortDF(site.fort.forts, pct, b.settings.fortDFRoundFirst) + garrisonDF({ ...site.fort, fighters, pfs }, ace);
}

// ------------------------------------------------------------------------------------ battle

export interface VolleyReport {
  targetId: string;
  max: number;
  rolled: number;
  /** First strike added (round 1, forts only). */
  firstStrike: number;
  /** Damage after round-1 cloak and other multipliers. */
  damage: number;
  mrsLost: number;
  pfsAbsorbed: number;
  toShields: number;
  toInternals: number;
  level: DamageLevel | 'destroyed';
  itemsLost: Partial<Items>;
  officersKilled: Officer[];
  /** Forts after, when the target was the site. */
  fortsAfter?: number;
  garrisonLost?: { fighters: number; pfs: number };
}

export interface RoundReport {
  round: number;
  caf: number;
  cdf: number;
  maxA: number;
  maxD: number;
  attackerFire: VolleyReport[];
  defenderFire: VolleyReport[];
  terrainDamage: { shipId: string; damage: number }[];
  attrition: { shipId: string; items: Partial<Items> }[];
}

export type BattleOutcome = 'bounce' | 'attacker' | 'defender';

export interface BattleReport {
  assessment: { caf: number; cdf: number; ratioPct: number; aPct: number };
  outcome: BattleOutcome;
  rounds: RoundReport[];
  attackers: CombatShip[];
  defenders: CombatShip[];
  site: CombatSite | null;
  crewGains: string[];
}

const cloneShip = (s: CombatShip): CombatShip => ({ ...s, items: { ...s.items }, officers: [...s.officers] });

function subtract(items: Items, lost: Partial<Items>): Partial<Items> {
  const real: Partial<Items> = {};
  for (const [k, n] of Object.entries(lost) as [Item, number][]) {
    const take = Math.min(items[k], n);
    if (take > 0) {
      items[k] -= take;
      real[k] = take;
    }
  }
  return real;
}

/** Would `volley` leave the ship at heavy damage or worse? (PF and MRS absorption, §8.1, §10.2.) */
function wouldBeHeavy(ship: CombatShip, volley: number, shieldsWork: boolean): boolean {
  const through = Math.max(0, volley - (shieldsWork ? ship.shields : 0));
  const l = damageLevel(ship.internals + through, ship.hp);
  return l === 'H' || l === 'C' || l === 'destroyed';
}

/**
 * One volley against a ship (d.7 step e): an MRS absorbs 1 point (volley min 1); while the volley
 * would leave the ship at heavy damage or worse, an MRS is destroyed (−4) and then one PF at a time
 * (−6); the rest goes to shields, then internals. Crippling destroys every optional item.
 */
function hitShip(
  ship: CombatShip,
  damage: number,
  b: BattleInput,
  chance: CombatChance,
  round: number,
  v: VolleyReport,
) {
  if (ship.decoy) {
    ship.internals = ship.hp + 1;
    v.level = 'destroyed';
    return;
  }
  const shieldsWork = b.area !== 'NE' || ship.race === 'A';
  let volley = damage;
  if (ship.items.mrs > 0) volley = Math.max(1, volley - 1);
  // Items are lost to the part of a volley that gets past the shields, PFs or not (§10.5 round 2:
  // "these are not protected by the PFs"); a volley the shields stop costs nothing (the F-CVS, round 1).
  const pastShields = Math.max(0, volley - (shieldsWork ? ship.shields : 0));
  while (volley > 0 && wouldBeHeavy(ship, volley, shieldsWork)) {
    if (ship.items.mrs > 0) {
      ship.items.mrs--;
      v.mrsLost++;
      volley = Math.max(0, volley - 4);
    } else if (ship.items.pfs > 0) {
      ship.items.pfs--;
      v.pfsAbsorbed++;
      volley = Math.max(0, volley - 6);
    } else break;
  }
  const toShields = shieldsWork ? Math.min(ship.shields, volley) : 0;
  ship.shields -= toShields;
  const toInternals = volley - toShields;
  ship.internals += toInternals;
  v.toShields = toShields;
  v.toInternals = toInternals;
  const level = damageLevel(ship.internals, ship.hp);
  v.level = level;
  if (level === 'destroyed') return;
  if (level === 'C') {
    v.itemsLost = subtract(ship.items, { ...ship.items });
  } else if (pastShields > 0) {
    v.itemsLost = subtract(ship.items, chance.damageLosses(ship, pastShields, round));
  }
  if (toInternals > 0 && (level === 'H' || level === 'C') && !ship.officers.includes('D')) {
    const p = level === 'C' ? 75 : 25;
    const survivors: Officer[] = [];
    for (const o of ship.officers) {
      if (chance.percent(p, `warlord officer ${o} on ${ship.id} dies`)) v.officersKilled.push(o);
      else survivors.push(o);
    }
    ship.officers = survivors;
  }
}

const alive = (s: CombatShip) => s.internals <= s.hp;

/**
 * Resolves an attack (d.7): the assessment against A%, then rounds until one side is gone. The
 * inputs are not mutated; the report carries the ships and site as they end.
 */
export function resolveBattle(input: BattleInput, chance: CombatChance): BattleReport {
  const b: BattleInput = {
    ...input,
    attackers: input.attackers.map(cloneShip),
    defenders: input.defenders.map(cloneShip),
    site: input.site ? { ...input.site, fort: { ...input.site.fort }, officers: [...input.site.officers] } : null,
  };
  const A = b.attackers;
  const D = b.defenders;
  const site = b.site;
  const lyran = A.some((s) => s.race === 'L');

  // 1. Assessment, shields ignored; decoys read DF 25.
  const caf0 = Math.max(
    1,
    A.reduce((t, s) => t + modifiedAF(s, b), 0),
  );
  const cdf0 = Math.max(1, D.reduce((t, s) => t + modifiedDF(s, b, true), 0) + (site ? siteDF(site, b) : 0));
  const ratioPct = (caf0 * 100) / cdf0;
  const report: BattleReport = {
    assessment: { caf: caf0, cdf: cdf0, ratioPct, aPct: b.aPct },
    outcome: 'bounce',
    rounds: [],
    attackers: A,
    defenders: D,
    site,
    crewGains: [],
  };
  if (caf0 * 100 < b.aPct * cdf0) return report;

  const fortsStand = () => site !== null && site.fort.forts >= 1;
  const defendersLeft = () => D.some(alive) || fortsStand();
  const attackersLeft = () => A.some(alive);
  const defencesPresent = D.length > 0;

  for (let round = 1; round <= b.settings.maxRounds && defendersLeft() && attackersLeft(); round++) {
    const liveA = A.filter(alive);
    const liveD = D.filter(alive);
    const caf = Math.max(
      1,
      liveA.reduce((t, s) => t + modifiedAF(s, b), 0),
    );
    const cdf = Math.max(1, liveD.reduce((t, s) => t + modifiedDF(s, b), 0) + (site ? siteDF(site, b) : 0));
    const nD = liveD.length + (fortsStand() ? 1 : 0);
    const maxA = roundHalfUp(caf / nD);
    const maxD = roundHalfUp(cdf / liveA.length);
    const r: RoundReport = {
      round,
      caf,
      cdf,
      maxA,
      maxD,
      attackerFire: [],
      defenderFire: [],
      terrainDamage: [],
      attrition: [],
    };
    const blank = (targetId: string, max: number, rolled: number): VolleyReport => ({
      targetId,
      max,
      rolled,
      firstStrike: 0,
      damage: rolled,
      mrsLost: 0,
      pfsAbsorbed: 0,
      toShields: 0,
      toInternals: 0,
      level: 'none',
      itemsLost: {},
      officersKilled: [],
    });

    // Roll every volley before applying any: fire is simultaneous (§10.5 "no initiative").
    const atShips = liveD.map((t) => ({ t, v: blank(t.id, maxA, chance.volley(maxA, t.id, round)) }));
    const atSite = fortsStand() && site ? blank('forts', maxA, chance.volley(maxA, 'forts', round)) : null;
    const atAttackers = liveA.map((t) => ({ t, v: blank(t.id, maxD, chance.volley(maxD, t.id, round)) }));

    if (atSite && site) {
      if (round === 1) {
        const commandos = itemWorks('commandos', b) ? liveA : [];
        let bonus = 0;
        let count = 0;
        let pts = 0;
        for (const s of commandos) {
          count += s.items.commandos;
          if (has(s, 'M')) bonus = 1;
          if (s.primeTeam) pts++;
        }
        if (count > 0 || pts > 0) atSite.firstStrike = chance.firstStrike(count, bonus, pts);
      }
      let dmg = atSite.rolled + atSite.firstStrike;
      const baseNow = site.fort.forts >= 200 || site.fort.wasBase;
      if (lyran && baseNow) dmg = roundHalfUp(dmg * 1.1);
      if (b.area === 'AZ') dmg = roundHalfUp(dmg * 1.25);
      atSite.damage = dmg;
      const hit = damageForts(site.fort, dmg, lyran);
      site.fort = hit.after;
      atSite.fortsAfter = hit.after.forts;
      atSite.garrisonLost = { fighters: hit.fightersLost, pfs: hit.pfsLost };
      atSite.level = hit.after.forts === 0 ? 'destroyed' : 'none';
    }
    for (const { t, v } of atShips) {
      let dmg = v.rolled;
      if (round === 1 && t.cloaked) dmg = roundHalfUp(dmg * 0.75);
      if (t.monster && (t.label.endsWith('LIC') || t.label.endsWith('-CC'))) dmg = roundHalfUp(dmg * 0.75);
      v.damage = dmg;
      hitShip(t, dmg, b, chance, round, v);
    }
    for (const { t, v } of atAttackers) hitShip(t, v.rolled, b, chance, round, v);
    r.attackerFire = [...(atSite ? [atSite] : []), ...atShips.map((x) => x.v)];
    r.defenderFire = atAttackers.map((x) => x.v);

    // Per-round terrain (d.7 step g).
    if (b.area === 'AF' && b.settings.asteroidRoundDamage) {
      for (const s of [...A, ...D].filter(alive)) {
        if (s.decoy || s.monster || s.race === 'J') continue;
        const dmg = chance.between(1, 3, `warlord asteroid damage ${s.id}`);
        const v = blank(s.id, 3, dmg);
        hitShip(s, dmg, b, chance, round, v);
        r.terrainDamage.push({ shipId: s.id, damage: dmg });
      }
    }
    // Attrition: drones used every round, T-bombs and commandos occasionally.
    for (const s of [...A, ...D].filter(alive)) {
      const lost = subtract(s.items, chance.attrition(s, round));
      if (Object.keys(lost).length > 0) r.attrition.push({ shipId: s.id, items: lost });
    }
    report.rounds.push(r);
  }

  if (!attackersLeft() || defendersLeft()) report.outcome = 'defender';
  else report.outcome = 'attacker';

  if (report.outcome === 'attacker') {
    for (const s of A.filter(alive)) {
      const pt = s.primeTeam;
      const p = s.crew >= 9 ? 0 : s.crew === 8 ? (pt ? 25 : 10) : pt ? 50 : defencesPresent ? 33 : 25;
      if (p > 0 && chance.percent(p, `warlord crew gain ${s.id}`)) {
        s.crew++;
        report.crewGains.push(s.id);
      }
    }
  }
  return report;
}

/** A fresh ship's combat record for tests and processing. */
export function combatShip(
  p: Partial<CombatShip> & Pick<CombatShip, 'id' | 'label' | 'race' | 'baseAF' | 'baseDF' | 'sf' | 'hp'>,
): CombatShip {
  return {
    shields: p.sf,
    internals: 0,
    crew: 3,
    items: { ...NO_ITEMS },
    strikeCarrier: false,
    troop: false,
    aegis: false,
    officers: [],
    primeTeam: false,
    cloaked: false,
    monster: false,
    decoy: false,
    ...p,
  };
}
