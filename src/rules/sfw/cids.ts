import { refuse } from '../errors.ts';
import type { Fortress, FortressModule } from './fortress.ts';
import { CIDS_ROLLS_PER_MODULE, MODULES, WEAPON_MODULES } from './fortress-modules.ts';

/**
 * Starfortress CIDS (digest C.2.2). Each working weapons module (WP 100%, MAWS 20%, SAWS 10%) has
 * 10 CIDS die rolls and may lend some or all to an adjacent module; lent rolls are no longer
 * available to the lender. A MAD adds its 10 rolls at 60% to the module it sits on (W16). No module
 * may hold more than 10: the ATTACKER picks which extra rolls are eliminated ("he should choose the
 * strongest"), and eliminated rolls are lost, not returned. A lent roll keeps its source's chance.
 */
export const CIDS_RULE = 'SFW Starfortress CIDS';

export interface CidsLoan {
  readonly from: string;
  readonly to: string;
  readonly rolls: number;
}

export interface CidsRolls {
  /** Module the rolls come from. */
  readonly source: string;
  readonly percent: number;
  readonly count: number;
}

export interface CidsPool {
  readonly module: string;
  /** Rolls the module fires when attacked, strongest first. */
  readonly rolls: readonly CidsRolls[];
  readonly total: number;
  readonly eliminated: readonly CidsRolls[];
  /** Rolls this module lent away. */
  readonly lent: number;
}

/** The attacker's choice of extra rolls to eliminate, per module; by default the strongest. */
export type Eliminations = Readonly<Record<string, readonly { source: string; count: number }[]>>;

function ownRolls(m: FortressModule, cidsLost: number): number {
  if (m.destroyed || MODULES[m.type].cidsPercent === 0) return 0;
  return Math.max(0, CIDS_ROLLS_PER_MODULE - cidsLost);
}

function merge(rolls: CidsRolls[]): CidsRolls[] {
  const out: CidsRolls[] = [];
  for (const r of rolls) {
    const same = out.find((o) => o.source === r.source);
    if (same) out[out.indexOf(same)] = { ...same, count: same.count + r.count };
    else if (r.count > 0) out.push(r);
  }
  return out.sort((a, b) => b.percent - a.percent || a.source.localeCompare(b.source));
}

/**
 * Works out every module's CIDS after loans. `cidsLost` holds rolls lost to special damage
 * ("CIDS damaged: lose two die rolls") per module.
 */
export function cidsPools(
  fortress: Fortress,
  loans: readonly CidsLoan[],
  eliminations: Eliminations = {},
  cidsLost: Readonly<Record<string, number>> = {},
): Record<string, CidsPool> {
  const byId = new Map(fortress.modules.map((m) => [m.id, m]));
  const own = new Map(fortress.modules.map((m) => [m.id, ownRolls(m, cidsLost[m.id] ?? 0)]));
  const lent = new Map<string, number>();
  const received = new Map<string, CidsRolls[]>(fortress.modules.map((m) => [m.id, []]));

  for (const loan of loans) {
    const from = byId.get(loan.from);
    const to = byId.get(loan.to);
    if (!from || !to)
      refuse(
        'sfw/cids-unknown-module',
        CIDS_RULE,
        `Loan ${loan.from} → ${loan.to} names a module that is not in ${fortress.name}.`,
      );
    if (!Number.isInteger(loan.rolls) || loan.rolls <= 0)
      refuse(
        'sfw/cids-bad-count',
        CIDS_RULE,
        `Loan ${loan.from} → ${loan.to}: lend a whole number of rolls above 0 (got ${loan.rolls}).`,
      );
    if (!WEAPON_MODULES.includes(from.type))
      refuse(
        'sfw/cids-not-weapon',
        CIDS_RULE,
        `${from.id} is a ${from.type}; only weapons modules (WP, MAWS, SAWS) lend CIDS rolls.`,
      );
    if (from.destroyed) refuse('sfw/cids-destroyed', CIDS_RULE, `${from.id} is destroyed and has no CIDS to lend.`);
    if (to.destroyed)
      refuse('sfw/cids-destroyed', CIDS_RULE, `${to.id} is destroyed; there is nothing left to defend.`);
    if (to.type === 'MAD')
      refuse(
        'sfw/cids-to-mad',
        CIDS_RULE,
        `${to.id} is a MAD, a separate ship: lend to the module it sits on instead.`,
      );
    if (!fortress.adjacency.get(from.id)?.has(to.id))
      refuse(
        'sfw/cids-not-adjacent',
        CIDS_RULE,
        `${from.id} may lend CIDS only to an adjacent module, and ${to.id} is not adjacent.`,
      );
    const after = (lent.get(from.id) ?? 0) + loan.rolls;
    if (after > own.get(from.id)!)
      refuse('sfw/cids-overlent', CIDS_RULE, `${from.id} has ${own.get(from.id)} CIDS rolls but lends ${after}.`);
    lent.set(from.id, after);
    received.get(to.id)!.push({ source: from.id, percent: MODULES[from.type].cidsPercent, count: loan.rolls });
  }
  for (const m of fortress.modules) {
    if (m.type === 'MAD' && m.on !== null && !m.destroyed) {
      received
        .get(m.on)!
        .push({ source: m.id, percent: MODULES.MAD.cidsPercent, count: ownRolls(m, cidsLost[m.id] ?? 0) });
    }
  }

  const pools: Record<string, CidsPool> = {};
  for (const m of fortress.modules) {
    if (m.type === 'MAD' && m.on !== null) continue; // its rolls defend its host
    const kept = (own.get(m.id) ?? 0) - (lent.get(m.id) ?? 0);
    const all = merge([{ source: m.id, percent: MODULES[m.type].cidsPercent, count: kept }, ...received.get(m.id)!]);
    const total = all.reduce((s, r) => s + r.count, 0);
    const excess = Math.max(0, total - CIDS_ROLLS_PER_MODULE);
    const eliminated = excess === 0 ? [] : eliminate(m.id, all, excess, eliminations[m.id]);
    const rolls = merge(
      all.map((r) => ({ ...r, count: r.count - (eliminated.find((e) => e.source === r.source)?.count ?? 0) })),
    );
    pools[m.id] = { module: m.id, rolls, total: total - excess, eliminated, lent: lent.get(m.id) ?? 0 };
  }
  return pools;
}

function eliminate(
  module: string,
  all: CidsRolls[],
  excess: number,
  choice: readonly { source: string; count: number }[] | undefined,
): CidsRolls[] {
  if (choice === undefined) {
    // Default: the attacker removes the strongest rolls, as the rule advises.
    const out: CidsRolls[] = [];
    let left = excess;
    for (const r of all) {
      if (left === 0) break;
      const n = Math.min(left, r.count);
      out.push({ ...r, count: n });
      left -= n;
    }
    return out;
  }
  const sum = choice.reduce((s, c) => s + c.count, 0);
  if (sum !== excess)
    refuse(
      'sfw/cids-elimination',
      CIDS_RULE,
      `${module} holds ${excess} rolls over the limit of ${CIDS_ROLLS_PER_MODULE}; the attacker must eliminate exactly ${excess} (chose ${sum}).`,
    );
  return merge(
    choice.map((c) => {
      const r = all.find((a) => a.source === c.source);
      if (!r || c.count > r.count || !Number.isInteger(c.count) || c.count < 0) {
        refuse('sfw/cids-elimination', CIDS_RULE, `${module} does not hold ${c.count} rolls from ${c.source}.`);
      }
      return { ...r, count: c.count };
    }),
  );
}
