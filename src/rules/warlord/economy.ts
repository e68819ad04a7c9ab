/**
 * The Warlord economy (§7, §3.4, §3.8, §9.2, §9.6, §9.9): four resources with EP = their minimum,
 * income, ship prices under supply and demand, loans, extra orders and ship support.
 */
import { type Result, fail, ok } from '../errors.ts';
import { LIMITS, RESOURCES, type Resource } from './tables.ts';

export type Resources = Record<Resource, number>;

export const zero = (): Resources => ({ PE: 0, OR: 0, DC: 0, FP: 0 });
export const each = (n: number): Resources => ({ PE: n, OR: n, DC: n, FP: n });

/** Round half up (§10.2: "rounding is half up"); the text rounds 43.4 to 43 and 22.5 to 23. */
export function roundHalfUp(x: number): number {
  // The epsilon keeps products such as 40 × 1.02 = 40.800000000000004 or 22.5 from float noise.
  return Math.floor(x + 0.5 + 1e-9);
}

/** EP = min(PE, OR, DC, FP) (§7.1, G2). */
export function ep(r: Resources): number {
  return Math.min(r.PE, r.OR, r.DC, r.FP);
}

export function add(a: Resources, b: Resources): Resources {
  return { PE: a.PE + b.PE, OR: a.OR + b.OR, DC: a.DC + b.DC, FP: a.FP + b.FP };
}

/**
 * Spends N EP: N from each resource (§7.1). Refused when EP < N, unless `mayGoNegative` (BO and
 * toll zones are the only spends allowed to take the treasury negative, §9.1, §9.9).
 */
export function spendEP(r: Resources, n: number, rule: string, mayGoNegative = false): Result<Resources> {
  if (!mayGoNegative && ep(r) < n) return fail('warlord/funds', rule, `needs ${n} EP, the treasury holds ${ep(r)} EP`);
  return ok(add(r, each(-n)));
}

/** Spends one resource only (REPR in OR, TRNG in PE, REFT in DC, support in FP). All-or-nothing. */
export function spendResource(r: Resources, res: Resource, n: number, rule: string): Result<Resources> {
  if (r[res] < n) return fail('warlord/funds', rule, `needs ${n} ${res}, the treasury holds ${r[res]} ${res}`);
  return ok({ ...r, [res]: r[res] - n });
}

/** EP gains credit every resource (digest d.4 [INFERRED]; docs/rules-notes.md "Star Fleet Warlord"). */
export function gainEP(r: Resources, n: number): Resources {
  return add(r, each(n));
}

// ---------------------------------------------------------------- income (§7.2–7.4, §7.8, G3)

export interface IncomeSite {
  /** `SS-CCRR`, for the listing. */
  where: string;
  production: Resources;
  /** Devastated (`@`, §7.5): produces nothing. */
  devastated: boolean;
  /** Raided since its owner's last turn (`&`, §7.8): produces nothing, the raider gets it. */
  raided: boolean;
  /** Activated moons (+1 EP each, §7.7). */
  activeMoons: number;
}

export interface IncomeLine {
  where: string;
  amount: Resources;
  note?: '@' | '&';
}

export interface Income {
  lines: IncomeLine[];
  sectorBonus: number;
  adjustments: Resources;
}

/**
 * The Income Phase (§7.4, T11): every controlled site's production, activated moons, +100 EP per
 * sector whose major sites are all yours, and raid income received.
 */
export function income(sites: readonly IncomeSite[], fullSectors: number, raidsReceived: Resources = zero()): Income {
  const lines: IncomeLine[] = [];
  let adjustments = zero();
  for (const s of sites) {
    if (s.devastated || s.raided) {
      lines.push({ where: s.where, amount: zero(), note: s.devastated ? '@' : '&' });
      continue;
    }
    const amount = add(s.production, each(s.activeMoons));
    lines.push({ where: s.where, amount });
    adjustments = add(adjustments, amount);
  }
  const sectorBonus = 100 * fullSectors;
  adjustments = add(add(adjustments, each(sectorBonus)), raidsReceived);
  return { lines, sectorBonus, adjustments };
}

// ---------------------------------------------------------------- prices (§3.4, §9.2, §9.3, §9.9, G5–G8)

export interface PriceInput {
  /** The type's base (list) price. */
  base: number;
  /** Its current supply-and-demand price. */
  current: number;
  /** Copies of this exact type this corporation already bought this turn (extended S&D, §3.4). */
  copiesBefore: number;
  /** The random non-primary surcharge in percent (1–100), 0 for primaries, Civilians and the initial build. */
  nonPrimaryPct: number;
  /** Orion cloak (+15% of base). */
  cloak: boolean;
}

/**
 * The purchase price (§9.2): current S&D price + base × (15% × earlier copies + non-primary % +
 * cloak 15%), every surcharge on the BASE price (G5), rounded half up.
 */
export function purchasePrice(p: PriceInput): number {
  const pct = 15 * p.copiesBefore + p.nonPrimaryPct + (p.cloak ? 15 : 0);
  return roundHalfUp(p.current + (p.base * pct) / 100);
}

/**
 * The purchase limits (§9.3 maxEP, §9.9 P%): over either, nothing is bought (G6, G7). P% 0 is off.
 */
export function priceAllowed(price: number, base: number, maxEP: number | null, pPct: number): Result<true> {
  if (maxEP !== null && price > maxEP) {
    return fail('warlord/max-ep', '§9.3', `the price ${price} EP is above the order's maximum of ${maxEP} EP`);
  }
  if (pPct > 0 && price * 100 > pPct * base) {
    const ratio = roundHalfUp((price * 100) / base);
    return fail('warlord/p-pct', '§9.9', `the price ${price} EP is ${ratio}% of the base ${base} EP, above P% ${pPct}`);
  }
  return ok(true);
}

export interface SupplyDemandSettings {
  /** Percent of base added per copy bought beyond the first across all corporations (§3.4: "rises"). */
  risePerExtraCopy: number;
  /** Percent of base taken off when nobody bought the type (§3.4: "falls slightly"). */
  fallWhenUnsold: number;
  /** The price never falls below this percent of base. */
  floorPct: number;
}

export const SUPPLY_DEMAND_DEFAULTS: SupplyDemandSettings = { risePerExtraCopy: 5, fallWhenUnsold: 2, floorPct: 75 };

/**
 * The NTG price update of one type (§3.4): up if bought more than once this game turn, slightly
 * down if unsold, unchanged if bought exactly once. The text gives no formula (digest h.3 #5); the
 * steps are game settings.
 */
export function updatePrice(current: number, base: number, bought: number, s: SupplyDemandSettings): number {
  if (bought > 1) return roundHalfUp(current + (base * s.risePerExtraCopy * (bought - 1)) / 100);
  if (bought === 0)
    return Math.max(roundHalfUp((base * s.floorPct) / 100), roundHalfUp(current - (base * s.fallWhenUnsold) / 100));
  return current;
}

// ---------------------------------------------------------------- loans (§9.6, G9)

/** The EP an `RL n` order adds: capped so that total loans stay ≤ 5 × current stock (§9.6). */
export function loanGranted(asked: number, owed: number, stock: number): number {
  return Math.max(0, Math.min(asked, LIMITS.loanCapTimesStock * stock - owed));
}

/** Compound interest at the start of a turn from Y170 (§9.6); the rate is a game setting. */
export function chargeInterest(owed: number, ratePct: number): number {
  return roundHalfUp(owed * (1 + ratePct / 100));
}

/** `PL n` pays at most what is owed (§9.6: `PL 999` is safe) and what the treasury holds. */
export function loanPayment(asked: number, owed: number, treasury: Resources): number {
  return Math.max(0, Math.min(asked, owed, ep(treasury)));
}

// ---------------------------------------------------------------- extra orders (§9.9, G10)

/**
 * The price of `BO n` in game turn `turn` (§9.9): none before turn 5, at most 5 in turns 5–9 and 10
 * from turn 10; 24 EP per order, 200 EP for a package of ten (turn 10+).
 */
export function extraOrdersCost(n: number, turn: number): Result<number> {
  if (turn < LIMITS.boFromTurn)
    return fail('warlord/bo-early', '§9.9', `extra orders can be bought from turn ${LIMITS.boFromTurn}`);
  const max = turn >= LIMITS.boTenFromTurn ? LIMITS.boTenMax : LIMITS.boFiveMax;
  if (!Number.isInteger(n) || n < 1 || n > max)
    return fail('warlord/bo-count', '§9.9', `in turn ${turn} BO buys 1 to ${max} orders`);
  if (n === 10) return ok(LIMITS.boPackageOfTen);
  return ok(n * LIMITS.boPerOrder);
}

// ---------------------------------------------------------------- ship support (§3.8, G11)

export interface SupportShip {
  baseCost: number;
  decoy: boolean;
  fighters: number;
  pfs: number;
  commandos: number;
  primeTeam: boolean;
}

/**
 * Ship support in FP from Y167 (§3.8): 2.5% × (base costs except decoys + 5/fighter + 20/PF +
 * 10/commando + 50/Prime Team aboard), rounded half up (the text gives no rounding).
 */
export function supportFee(ships: readonly SupportShip[]): number {
  let sum = 0;
  for (const s of ships) {
    if (s.decoy) continue;
    sum += s.baseCost + 5 * s.fighters + 20 * s.pfs + 10 * s.commandos + (s.primeTeam ? 50 : 0);
  }
  return roundHalfUp((sum * 2.5) / 100);
}

/** The resource with the least (ties broken by the die: notification bonus, §4.9 / G20). */
export function lowestResources(r: Resources): Resource[] {
  const low = Math.min(...RESOURCES.map((k) => r[k]));
  return RESOURCES.filter((k) => r[k] === low);
}
