import { refuse } from '../errors.ts';
import { MODULE_TYPES, type ModuleType } from './fortress-modules.ts';

/**
 * Fortresses in MAATAC (SFW supplement, "Fortresses in MAATAC"; digest C.2.2): the starfortress
 * modules built on a planet for the MAATAC ground game, much smaller than in space. Values:
 * assets/tables/sfw/sfw_maatac_fortress_modules.csv. The rules the text gives, and only those:
 * - immobile except the MAD, which moves like a MAATAC or onto an adjacent module, never once it
 *   has lost its mobility;
 * - at least one LSS standing to fire anything; without a CM, 1 off every firing die roll;
 * - the attacker names the module fired at; a module behind a WP, LSS or CM (hull-down) cannot
 *   be named until the one in front is destroyed; MAWS and SAWS hide nothing; a MAD on top of a
 *   module can always be attacked and dies with that module;
 * - a module is destroyed by any penetration (the Fortification Hit section of MAATAC's Damage
 *   Table, not in the supplement, decides penetration);
 * - at most 5 infantry units and RAATACs in one module.
 */
export const MAATAC_RULE = 'SFW Fortresses in MAATAC';

export interface MaatacModuleSpec {
  readonly armor: 'A' | 'B' | 'C' | 'D' | 'E';
  readonly speed: number;
  readonly factor: number;
  readonly heavy: number;
  readonly medium: number;
  readonly light: number;
  readonly pwLaunchers: number;
  readonly rob: number;
}

export const MAATAC_MODULES: Readonly<Record<ModuleType, MaatacModuleSpec>> = {
  WP: { armor: 'A', speed: 0, factor: 0, heavy: 0, medium: 6, light: 6, pwLaunchers: 6, rob: 24 },
  LSS: { armor: 'A', speed: 0, factor: 0, heavy: 0, medium: 0, light: 0, pwLaunchers: 0, rob: 0 },
  CM: { armor: 'B', speed: 0, factor: 0, heavy: 0, medium: 0, light: 0, pwLaunchers: 0, rob: 0 },
  MAD: { armor: 'C', speed: 2, factor: 1, heavy: 1, medium: 2, light: 6, pwLaunchers: 0, rob: 0 },
  MAWS: { armor: 'D', speed: 0, factor: 0, heavy: 1, medium: 1, light: 6, pwLaunchers: 2, rob: 10 },
  SAWS: { armor: 'E', speed: 0, factor: 0, heavy: 0, medium: 2, light: 2, pwLaunchers: 2, rob: 8 },
};

/** Modules big enough to hide another behind them. */
export const HULL_DOWN_BLOCKERS: readonly ModuleType[] = ['WP', 'LSS', 'CM'];
export const MAATAC_GARRISON_MAX = 5;
/** Subtracted from the fortress's firing die rolls once no CM is left (MAATAC's convention). */
export const MAATAC_NO_CM_MODIFIER = -1;

export interface MaatacModuleInput {
  readonly id: string;
  readonly type: ModuleType;
  readonly destroyed?: boolean;
  /** MAD only: the module it stands on. */
  readonly on?: string;
  /** Infantry units and RAATACs inside. */
  readonly garrison?: number;
  /** MAD only: it has lost its mobility factor. */
  readonly immobile?: boolean;
}

export interface MaatacLayout {
  readonly modules: readonly MaatacModuleInput[];
  /** [hidden, blocker]: the first module is hull-down behind the second. */
  readonly behind?: readonly (readonly [string, string])[];
  readonly adjacent?: readonly (readonly [string, string])[];
}

export interface MaatacModule {
  readonly id: string;
  readonly type: ModuleType;
  readonly spec: MaatacModuleSpec;
  readonly destroyed: boolean;
  /** Why it is destroyed when it was not hit itself (a MAD on a destroyed module). */
  readonly destroyedWith: string | null;
  readonly on: string | null;
  readonly garrison: number;
  readonly immobile: boolean;
  /** Standing modules in front of it: while any stands it cannot be fired at. */
  readonly hiddenBy: readonly string[];
}

export interface MaatacFortress {
  readonly modules: readonly MaatacModule[];
  readonly adjacency: ReadonlyMap<string, ReadonlySet<string>>;
  /** At least one LSS standing. */
  readonly canFire: boolean;
  /** −1 on every firing die roll once no CM stands; 0 otherwise. */
  readonly firingModifier: number;
  /** The standing modules an attacker may name. */
  readonly targetable: readonly string[];
  /** Weapons of the standing fixed modules (the MADs fight as MAATACs, counted apart). */
  readonly weapons: { heavy: number; medium: number; light: number; pwLaunchers: number; rob: number };
}

export function buildMaatacFortress(layout: MaatacLayout): MaatacFortress {
  const byId = new Map<string, MaatacModuleInput>();
  for (const m of layout.modules) {
    if (!MODULE_TYPES.includes(m.type))
      refuse(
        'sfw/bad-module',
        MAATAC_RULE,
        `Module ${m.id}: "${m.type}" is not a module type (${MODULE_TYPES.join(', ')}).`,
      );
    if (byId.has(m.id)) refuse('sfw/duplicate-module', MAATAC_RULE, `Two modules are called ${m.id}.`);
    byId.set(m.id, m);
  }
  if (byId.size === 0) refuse('sfw/no-modules', MAATAC_RULE, 'A fortress has at least one module.');
  const known = (id: string, what: string) => {
    if (!byId.has(id)) refuse('sfw/unknown-module', MAATAC_RULE, `${what} names ${id}, which is not a module.`);
  };
  for (const m of byId.values()) {
    const garrison = m.garrison ?? 0;
    if (!Number.isInteger(garrison) || garrison < 0 || garrison > MAATAC_GARRISON_MAX)
      refuse(
        'sfw/garrison',
        MAATAC_RULE,
        `Module ${m.id} holds at most ${MAATAC_GARRISON_MAX} infantry units and RAATACs (got ${garrison}).`,
      );
    if (m.on !== undefined) {
      if (m.type !== 'MAD')
        refuse('sfw/not-mad', MAATAC_RULE, `Only a MAD stands on another module (${m.id} is a ${m.type}).`);
      known(m.on, `MAD ${m.id}`);
      if (byId.get(m.on)!.type === 'MAD')
        refuse('sfw/mad-on-mad', MAATAC_RULE, `MAD ${m.id} cannot stand on another MAD.`);
    }
    if (m.immobile && m.type !== 'MAD')
      refuse('sfw/not-mad', MAATAC_RULE, `Only a MAD moves, so only a MAD can lose its mobility (${m.id}).`);
  }
  const behind = new Map<string, string[]>();
  for (const [hidden, blocker] of layout.behind ?? []) {
    known(hidden, 'A hull-down pair');
    known(blocker, 'A hull-down pair');
    const h = byId.get(hidden)!;
    const b = byId.get(blocker)!;
    if (!HULL_DOWN_BLOCKERS.includes(b.type))
      refuse(
        'sfw/hull-down',
        MAATAC_RULE,
        `${blocker} is a ${b.type}: MAWS and SAWS are too small for a module to be hull-down behind them (and a MAD stands in the open).`,
      );
    if (h.type === 'MAD' && h.on !== undefined)
      refuse('sfw/hull-down', MAATAC_RULE, `MAD ${hidden} stands on top of a module: it may always be attacked.`);
    if (hidden === blocker) refuse('sfw/hull-down', MAATAC_RULE, `${hidden} cannot hide behind itself.`);
    behind.set(hidden, [...(behind.get(hidden) ?? []), blocker]);
  }
  const adjacency = new Map<string, Set<string>>([...byId.keys()].map((id) => [id, new Set<string>()]));
  for (const [a, b] of layout.adjacent ?? []) {
    known(a, 'An adjacency');
    known(b, 'An adjacency');
    adjacency.get(a)!.add(b);
    adjacency.get(b)!.add(a);
  }
  const hitDestroyed = (id: string) => byId.get(id)!.destroyed === true;
  const modules: MaatacModule[] = [...byId.values()].map((m) => {
    const withHost = m.on !== undefined && hitDestroyed(m.on) ? m.on : null;
    return {
      id: m.id,
      type: m.type,
      spec: MAATAC_MODULES[m.type],
      destroyed: hitDestroyed(m.id) || withHost !== null,
      destroyedWith: hitDestroyed(m.id) ? null : withHost,
      on: m.on ?? null,
      garrison: m.garrison ?? 0,
      immobile: m.immobile ?? false,
      hiddenBy: (behind.get(m.id) ?? []).filter((b) => !hitDestroyed(b)),
    };
  });
  const standing = modules.filter((m) => !m.destroyed);
  const canFire = standing.some((m) => m.type === 'LSS');
  const fixed = standing.filter((m) => m.type !== 'MAD');
  const sum = (k: keyof MaatacModuleSpec) => fixed.reduce((t, m) => t + (m.spec[k] as number), 0);
  return {
    modules,
    adjacency,
    canFire,
    firingModifier: standing.some((m) => m.type === 'CM') ? 0 : MAATAC_NO_CM_MODIFIER,
    targetable: standing.filter((m) => m.hiddenBy.length === 0).map((m) => m.id),
    weapons: {
      heavy: sum('heavy'),
      medium: sum('medium'),
      light: sum('light'),
      pwLaunchers: sum('pwLaunchers'),
      rob: sum('rob'),
    },
  };
}

/** The attacker names a module: refused while it is destroyed or hull-down behind a standing WP, LSS or CM. */
export function checkMaatacTarget(f: MaatacFortress, id: string): MaatacModule {
  const m = f.modules.find((x) => x.id === id);
  if (!m) refuse('sfw/unknown-module', MAATAC_RULE, `There is no module ${id}.`);
  if (m.destroyed) refuse('sfw/module-destroyed', MAATAC_RULE, `${id} is already destroyed.`);
  if (m.hiddenBy.length > 0)
    refuse(
      'sfw/hull-down',
      MAATAC_RULE,
      `${id} is hull-down behind ${m.hiddenBy.join(', ')}: it cannot be fired at until ${m.hiddenBy.length === 1 ? 'that module is' : 'those modules are'} destroyed.`,
    );
  return m;
}

/** A MAD moves onto an adjacent standing module (or off the fortress as a MAATAC: `to` null). */
export function checkMaatacMadMove(f: MaatacFortress, madId: string, to: string | null): void {
  const mad = f.modules.find((x) => x.id === madId);
  if (mad?.type !== 'MAD') refuse('sfw/not-mad', MAATAC_RULE, `${madId} is not a MAD of the fortress.`);
  if (mad.destroyed) refuse('sfw/module-destroyed', MAATAC_RULE, `MAD ${madId} is destroyed.`);
  if (mad.immobile)
    refuse(
      'sfw/mad-immobile',
      MAATAC_RULE,
      `MAD ${madId} has lost its mobility factor: it may not move under any circumstances.`,
    );
  if (to === null) return;
  const dest = f.modules.find((x) => x.id === to);
  if (!dest) refuse('sfw/unknown-module', MAATAC_RULE, `There is no module ${to}.`);
  if (dest.destroyed || dest.type === 'MAD')
    refuse('sfw/mad-move', MAATAC_RULE, `MAD ${madId} can move onto a standing module, not ${to}.`);
  const from = mad.on;
  if (from === null || !f.adjacency.get(from)?.has(to))
    refuse(
      'sfw/mad-move',
      MAATAC_RULE,
      `MAD ${madId} moves only to a module adjacent to the one it stands on${from ? ` (${from})` : ''}, or as a MAATAC.`,
    );
}
