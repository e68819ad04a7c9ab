/**
 * The events of a catalog amendment during play (catalog-amend.ts, UTD1.7): declared apart from
 * the order so that events.ts can splice them in without an import cycle. Codes and data only;
 * the words layer writes the sentences (src/discord/catalog-words.ts).
 */

/** The unit columns whose change matters to play: price, move cost, what it is and what it holds. */
export const AMENDMENT_FIELDS = [
  'bpv',
  'mc',
  'unitKind',
  'sizeClass',
  'cargoBoxes',
  'cargoContainers',
  'shipyardCapacity',
  'dryDockPositions',
  'worksBoxes',
  'fighters',
  'pfs',
] as const;
export type AmendmentField = (typeof AMENDMENT_FIELDS)[number];

/** A cell as both catalogs have it: BPV as a decimal string, move costs and capacities in sixtieths. */
export type AmendmentValue = string | number | null;

/** What the proposed catalog changes, as the players see it before they vote. */
export interface CatalogDifference {
  /** Unit ids only the proposed catalog has. */
  added: string[];
  /** Unit ids only the current catalog has (none of them in play: that is refused). */
  removed: string[];
  changed: { unitId: string; fields: { field: AmendmentField; from: AmendmentValue; to: AmendmentValue }[] }[];
  /** Ships, bases and ordered ships in play whose unit changed. */
  touched: { kind: 'ship' | 'base' | 'ordered'; id: string; unitId: string; owner: string }[];
}

/** `ships`: whether ships in play keep the price recorded for them or take the new catalog's (UTD1.2). */
export type AmendmentShips = 'keep' | 'adopt';

export type CatalogAmendEvent =
  | {
      type: 'CatalogAmendmentProposed';
      voteId: string;
      version: string;
      previous: string;
      ships: AmendmentShips;
      difference: CatalogDifference;
    }
  | {
      type: 'CatalogAmended';
      voteId: string;
      version: string;
      previous: string;
      ships: AmendmentShips;
      /** Ships whose recorded price became the new catalog's (`ships: 'adopt'`). */
      repriced: { shipId: string; from: string; to: string }[];
    }
  /** The vote passed but the campaign changed while it was open, so the catalog no longer fits it. */
  | {
      type: 'CatalogAmendmentFailed';
      voteId: string;
      version: string;
      undefinedUnits: { id: string; unitId: string }[];
      notWarship: string[];
      overLimit: string[];
    };
