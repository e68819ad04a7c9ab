/**
 * Starfortress modules, Starfleet Wars values (assets/tables/sfw/sfw_starfortress_modules.csv).
 * Except for the MAD, "power units" are the damage that destroys the module, not power it makes:
 * only Life Support Systems generate power, 100 PU each less their damage.
 */
export const MODULE_TYPES = ['WP', 'LSS', 'CM', 'MAD', 'MAWS', 'SAWS'] as const;
export type ModuleType = (typeof MODULE_TYPES)[number];

export interface ModuleSpec {
  readonly name: string;
  /** Damage that destroys the module (the MAD's own 30 PU). */
  readonly hitPoints: number;
  /** Offensive factors the module's weapons add to the fortress cap. */
  readonly maxOF: number;
  /** Only the MAD has a cap (5); fortress shields have none. */
  readonly maxDF: number | null;
  /** CIDS hit chance of each of the module's 10 die rolls, in percent; 0 = no CIDS. */
  readonly cidsPercent: number;
  readonly attackCraft: number;
  readonly pwLaunchers: number;
  readonly pwReloads: number;
}

export const MODULES: Readonly<Record<ModuleType, ModuleSpec>> = {
  WP: {
    name: 'Weapons Pod',
    hitPoints: 60,
    maxOF: 6,
    maxDF: null,
    cidsPercent: 100,
    attackCraft: 4,
    pwLaunchers: 6,
    pwReloads: 18,
  },
  LSS: {
    name: 'Life Support System',
    hitPoints: 100,
    maxOF: 0,
    maxDF: null,
    cidsPercent: 0,
    attackCraft: 2,
    pwLaunchers: 0,
    pwReloads: 0,
  },
  CM: {
    name: 'Communication Module',
    hitPoints: 50,
    maxOF: 0,
    maxDF: null,
    cidsPercent: 0,
    attackCraft: 2,
    pwLaunchers: 0,
    pwReloads: 0,
  },
  MAD: {
    name: 'Mobile Armed Destroyer',
    hitPoints: 30,
    maxOF: 3,
    maxDF: 5,
    cidsPercent: 60,
    attackCraft: 0,
    pwLaunchers: 0,
    pwReloads: 0,
  },
  MAWS: {
    name: 'Medium Auxiliary Weapon System',
    hitPoints: 30,
    maxOF: 2,
    maxDF: null,
    cidsPercent: 20,
    attackCraft: 0,
    pwLaunchers: 2,
    pwReloads: 4,
  },
  SAWS: {
    name: 'Small Auxiliary Weapon System',
    hitPoints: 20,
    maxOF: 2,
    maxDF: null,
    cidsPercent: 10,
    attackCraft: 0,
    pwLaunchers: 2,
    pwReloads: 2,
  },
};

/** Modules whose weapons count towards the fortress's offence and that may lend CIDS rolls. */
export const WEAPON_MODULES: readonly ModuleType[] = ['WP', 'MAWS', 'SAWS'];

/** "each of its 10 CIDS die rolls"; also the most rolls one module may hold, own plus lent. */
export const CIDS_ROLLS_PER_MODULE = 10;

/** Power one undamaged LSS generates. */
export const LSS_POWER = 100;

/** An LSS's damage-control team is lost once that LSS has taken 70 PU (Table #1; ≥ as for ships, W4). */
export const LSS_DCT_THRESHOLD = 70;

/** Most attack craft that may assault one module in a turn (CapTacs are not limited). */
export const MAX_ATTACK_CRAFT_PER_MODULE = 12;

/** Added to a firing die aimed at a module type, and to the fortress's own fire once no CM is left. Low rolls hit. */
export const FORTRESS_FIRING_PENALTY = 10;
