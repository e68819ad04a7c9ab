import { refuse } from '../errors.ts';
import { checkPowerAllocation, maxFactors } from './power.ts';
import type { PowerAllocation } from './power.ts';
import type { SfwShip } from './ship.ts';
import { specialDamageRequired } from './special-damage.ts';
import type { ModuleType } from './fortress-modules.ts';
import {
  FORTRESS_FIRING_PENALTY,
  LSS_DCT_THRESHOLD,
  LSS_POWER,
  MODULE_TYPES,
  MODULES,
  WEAPON_MODULES,
} from './fortress-modules.ts';

/**
 * Starfortress builder (SFW supplement "Star Fortress"; digest C.2.2): which modules are still
 * working, the power the LSSs make, the offence cap from weapon modules, station-wide shields,
 * special damage and damage-control teams. CIDS lending is in cids.ts.
 */
export const FORTRESS_RULE = 'SFW Starfortress';

export interface FortressModuleInput {
  readonly id: string;
  readonly type: ModuleType;
  readonly damage?: number;
  /** MAD only: the module it sits on (it strengthens that module's CIDS). */
  readonly on?: string;
}

export interface FortressLayout {
  readonly name?: string;
  readonly modules: readonly FortressModuleInput[];
  /** Pairs of modules that touch; CIDS may only be lent between these, and a MAD moves only along them. */
  readonly adjacent: readonly (readonly [string, string])[];
}

export interface FortressModule {
  readonly id: string;
  readonly type: ModuleType;
  readonly damage: number;
  readonly destroyed: boolean;
  readonly on: string | null;
}

export interface Fortress {
  readonly name: string;
  readonly modules: readonly FortressModule[];
  readonly adjacency: ReadonlyMap<string, ReadonlySet<string>>;
  /** Power from surviving LSSs: Σ (100 − damage). */
  readonly pu: number;
  /** Σ max OF of surviving WP, MAWS, SAWS (the MAD fights as its own ship). */
  readonly maxOF: number;
  /** Factors the PU could buy in one system, ⌊√PU⌋, for comparison with maxOF. */
  readonly maxFactors: number;
  /** No LSS left: no power, may be boarded or finished by one more hit. */
  readonly knockedOut: boolean;
  /** Added to the fortress's own firing rolls: +10 once no CM is left. */
  readonly firingPenalty: number;
  /** LSS damage over 20% of the LSSs' total PU (other modules do not count). */
  readonly specialDamageRoll: boolean;
  /** One team per LSS that has taken less than 70. No repair maximum. */
  readonly dctTeams: number;
}

function wholeDamage(value: number, id: string): number {
  if (!Number.isInteger(value) || value < 0)
    refuse(
      'sfw/bad-damage',
      FORTRESS_RULE,
      `Module ${id}: damage must be a whole number of PU, 0 or more (got ${value}).`,
    );
  return value;
}

export function buildFortress(layout: FortressLayout): Fortress {
  const ids = new Set<string>();
  for (const m of layout.modules) {
    if (!MODULE_TYPES.includes(m.type))
      refuse(
        'sfw/bad-module',
        FORTRESS_RULE,
        `Module ${m.id}: unknown type ${String(m.type)}.`,
        `Use one of ${MODULE_TYPES.join(', ')}.`,
      );
    if (ids.has(m.id)) refuse('sfw/duplicate-module', FORTRESS_RULE, `Two modules are called ${m.id}.`);
    ids.add(m.id);
  }
  if (layout.modules.length === 0)
    refuse('sfw/empty-fortress', FORTRESS_RULE, 'A starfortress needs at least one module.');

  const adjacency = new Map<string, Set<string>>([...ids].map((id) => [id, new Set<string>()]));
  for (const [a, b] of layout.adjacent) {
    if (!ids.has(a) || !ids.has(b))
      refuse('sfw/bad-adjacency', FORTRESS_RULE, `Adjacency ${a}–${b} names a module that is not in the fortress.`);
    if (a === b) refuse('sfw/bad-adjacency', FORTRESS_RULE, `Module ${a} cannot be adjacent to itself.`);
    adjacency.get(a)!.add(b);
    adjacency.get(b)!.add(a);
  }

  const byId = new Map(layout.modules.map((m) => [m.id, m]));
  const modules: FortressModule[] = layout.modules.map((m) => {
    const damage = wholeDamage(m.damage ?? 0, m.id);
    let on: string | null = null;
    if (m.on !== undefined) {
      if (m.type !== 'MAD')
        refuse('sfw/not-a-mad', FORTRESS_RULE, `Module ${m.id} is a ${m.type}; only a MAD sits on another module.`);
      const host = byId.get(m.on);
      if (!host || host.type === 'MAD')
        refuse(
          'sfw/bad-mad-host',
          FORTRESS_RULE,
          `MAD ${m.id} must sit on a module of the fortress other than a MAD (got ${m.on}).`,
        );
      on = m.on;
    }
    return { id: m.id, type: m.type, damage, destroyed: damage >= MODULES[m.type].hitPoints, on };
  });
  // "Any MAD located on a module that is hit and destroyed is also considered destroyed" (MAATAC text; applied to both games).
  const gone = new Set(modules.filter((m) => m.destroyed).map((m) => m.id));
  const settled = modules.map((m) =>
    m.type === 'MAD' && m.on !== null && gone.has(m.on) && !m.destroyed ? { ...m, destroyed: true } : m,
  );

  const lss = settled.filter((m) => m.type === 'LSS');
  const liveLss = lss.filter((m) => !m.destroyed);
  const pu = liveLss.reduce((sum, m) => sum + (LSS_POWER - m.damage), 0);
  const maxOF = settled
    .filter((m) => !m.destroyed && WEAPON_MODULES.includes(m.type))
    .reduce((sum, m) => sum + MODULES[m.type].maxOF, 0);
  const lssDamage = lss.reduce((sum, m) => sum + Math.min(m.damage, LSS_POWER), 0);
  return {
    name: layout.name ?? 'Starfortress',
    modules: settled,
    adjacency,
    pu,
    maxOF,
    maxFactors: maxFactors(pu),
    knockedOut: liveLss.length === 0,
    firingPenalty: settled.some((m) => m.type === 'CM' && !m.destroyed) ? 0 : FORTRESS_FIRING_PENALTY,
    specialDamageRoll: lss.length > 0 && specialDamageRequired(lss.length * LSS_POWER, lssDamage),
    dctTeams: lss.filter((m) => m.damage < LSS_DCT_THRESHOLD).length,
  };
}

export interface FortressAllocation {
  readonly legal: boolean;
  readonly problems: string[];
  readonly of: number;
  readonly df: number;
  readonly used: number;
  readonly left: number;
}

/**
 * The fortress buys OF (capped by its weapon modules) and DF (no cap; it protects every module
 * alike) from LSS power. Its speed is fixed at 1 and costs nothing: the rule's example spends
 * 196 of 300 PU on offence and has 104 left for shields (W11). `df` defaults to the best the rest buys.
 */
export function allocateFortress(fortress: Fortress, of: number, df?: number): FortressAllocation {
  for (const [v, what] of [
    [of, 'Offensive Factors'],
    [df ?? 0, 'Defensive Factors'],
  ] as const) {
    if (!Number.isInteger(v) || v < 0)
      refuse('sfw/bad-factor', FORTRESS_RULE, `${what} must be a whole number, 0 or more (got ${v}).`);
  }
  const problems: string[] = [];
  if (fortress.knockedOut)
    problems.push(`${fortress.name} has no Life Support System left: it makes no power and cannot fire.`);
  if (of > fortress.maxOF)
    problems.push(`${fortress.name}'s weapon modules allow at most ${fortress.maxOF} Offensive Factors (asked ${of}).`);
  const chosenDf = df ?? maxFactors(fortress.pu - of * of);
  const used = of * of + chosenDf * chosenDf;
  if (used > fortress.pu)
    problems.push(`${fortress.name} has ${fortress.pu} PU from its LSSs but ${of}² + ${chosenDf}² = ${used}.`);
  return { legal: problems.length === 0, problems, of, df: chosenDf, used, left: fortress.pu - used };
}

/** The MAD "is treated as if it were a separate ship": its own 30 PU, OF ≤ 3, DF ≤ 5, no PU for movement. */
export function madAsShip(id: string): SfwShip {
  return {
    name: `MAD ${id}`,
    type: 'SD',
    maxPU: MODULES.MAD.hitPoints,
    maxOF: MODULES.MAD.maxOF,
    maxDF: MODULES.MAD.maxDF!,
    maxSpeed: 0,
  };
}

export function allocateMad(fortress: Fortress, madId: string, of: number, df: number): PowerAllocation {
  const mad = fortress.modules.find((m) => m.id === madId && m.type === 'MAD');
  if (!mad) refuse('sfw/no-mad', FORTRESS_RULE, `${fortress.name} has no MAD called ${madId}.`);
  return checkPowerAllocation(madAsShip(madId), mad.damage, { speed: 0, of, df });
}

/** A MAD may move only from the module it sits on to an adjacent one. Returns the new layout. */
export function moveMad(layout: FortressLayout, madId: string, to: string): FortressLayout {
  const fortress = buildFortress(layout);
  const mad = fortress.modules.find((m) => m.id === madId && m.type === 'MAD');
  if (!mad) refuse('sfw/no-mad', FORTRESS_RULE, `There is no MAD called ${madId}.`);
  if (mad.destroyed) refuse('sfw/mad-destroyed', FORTRESS_RULE, `MAD ${madId} is destroyed.`);
  const target = fortress.modules.find((m) => m.id === to);
  if (!target || target.type === 'MAD')
    refuse('sfw/bad-mad-host', FORTRESS_RULE, `${to} is not a module a MAD can sit on.`);
  if (mad.on === null || !fortress.adjacency.get(mad.on)?.has(to)) {
    refuse(
      'sfw/mad-not-adjacent',
      FORTRESS_RULE,
      `MAD ${madId} may move only to a module adjacent to the one it is on${mad.on ? ` (${mad.on})` : ''}.`,
    );
  }
  return { ...layout, modules: layout.modules.map((m) => (m.id === madId ? { ...m, on: to } : m)) };
}

/**
 * Firing at a fortress: naming a module type adds 10 to the firing die (low rolls hit), so a
 * 00–29 hit band shrinks to 00–19. The same +10 applies to a fortress with no CM left.
 */
export function firingHits(roll: number, hitBandTop: number, penalty: number): boolean {
  return roll + penalty <= hitBandTop;
}
