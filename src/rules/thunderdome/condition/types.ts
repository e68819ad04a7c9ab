/**
 * What the campaign tracks about a ship between battles (UTD2.3(3), 6.3B, 6.3E, 6.3J, 7.53): the battles themselves are
 * played in SFB, so every number here is reported by the owner or follows from an order. A field
 * left out means "as the catalog has it": full fighters and spares, the class's damage control,
 * speed and tractors, nothing expended. `Ship.condition` is absent on a ship never touched.
 */
export interface ShipCondition {
  /** Fighters aboard (craft, not equivalents) and spare fighters in stores (UTD6.3B). */
  fighters?: number;
  fighterSpares?: number;
  /** PFs docked and spare PFs (UTD6.3B). */
  pfs?: number;
  pfSpares?: number;
  /** SFB damage as last reported: boxes destroyed, current damage control, current maximum speed. */
  boxesDestroyed?: number;
  damageControl?: number;
  speed?: number;
  /** Functional tractor beams (UTD6.3E); the class's count unless reported. */
  tractors?: number;
  /** Expendables and attrition items used since the last resupply (UTD2.3(3), 2.3(8)). */
  expended?: string[];
  /** The owner's free-text damage note. */
  note?: string;
  /** The half-cycle of the last campaign self-repair: once a campaign cycle (UTD7.53). */
  selfRepairedHalfCycle?: number;
}

/** What one owner's record changed; the words and the audit read it. */
export type ConditionRecordKind = 'report' | 'losses' | 'breakout' | 'expend' | 'note' | 'self-repair';

/** Longest damage note and expendable item kept, in characters. */
export const NOTE_MAX = 300;
export const ITEM_MAX = 60;
/** At most this many expendable items are kept per ship until resupply. */
export const ITEMS_MAX = 20;
