/**
 * What the power, special-damage and damage-control rules need to know about a Starfleet Wars
 * ship. The supplement's data table is badly OCR-garbled (digest W8, Appendix C), so values are
 * expected to be entered by the GM; `EXAMPLE_SHIPS` holds only the ones its worked examples prove.
 */
export const SFW_SHIP_TYPES = ['SGD', 'GD', 'GAC', 'GB', 'SC', 'SD', 'SB', 'SAPS', 'GTP', 'SF'] as const;
export type SfwShipType = (typeof SFW_SHIP_TYPES)[number];

export interface SfwShip {
  readonly name: string;
  readonly type: SfwShipType;
  /** Original (maximum) power units. */
  readonly maxPU: number;
  /** Absent: not known; only the PU limit applies. */
  readonly maxOF?: number;
  readonly maxDF?: number;
  /** Absent: the type's cap if it has one (SGD, starbomber, SAPS: 5), else none. */
  readonly maxSpeed?: number;
  /** Super Galactic Dreadnought bonuses, added after the factors are bought. */
  readonly addlOF?: number;
  readonly addlDF?: number;
}

/** "The highest speed these ships may travel is a factor of 5" (SGD); starbombers and SAPS likewise. */
export const TYPE_SPEED_CAP: Partial<Record<SfwShipType, number>> = { SGD: 5, SB: 5, SAPS: 5 };

export const EXAMPLE_SHIPS = {
  /** SGD example: max 480 PU, +7 OF, +7 DF. Max OF/DF are illegible in the data table. */
  VICTORY: { name: 'VICTORY', type: 'SGD', maxPU: 480, addlOF: 7, addlDF: 7 },
  /** Special-damage example: 240 PU; a GD in the data table. */
  INVINCIBLE: { name: 'INVINCIBLE', type: 'GD', maxPU: 240 },
  /** Starbomber example proves 30 PU (the OCR shows 58). */
  PIRAHNA: { name: 'PIRAHNA', type: 'SD', maxPU: 30 },
} as const satisfies Record<string, SfwShip>;
