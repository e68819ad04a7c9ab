import { reviseDefenses, scrapDefenses } from './revise.ts';
import { z } from 'zod';
import { asField, type OrderTable } from '../order-spec.ts';

/**
 * The `/defense …` orders as the rules see them. `buy` is a comma list of catalog unit ids, each
 * optionally with a count (`NEU-GBDP x3`); `scrap` and `units` are comma lists of base ids (`B12`),
 * `units: all` scraps every arrived defense of the sector. `as` names the player a proxy acts for (UTD3.2).
 */
export type DefenseCommand =
  | { type: 'defense-revise'; sector: string; buy?: string; scrap?: string; as?: string }
  | { type: 'defense-scrap'; sector: string; units: string; as?: string };

export type DefenseCommandType = DefenseCommand['type'];

/** The orders of this sub-system, one spec each (order-spec.ts); decide.ts gathers every table. */
export const DEFENSE_ORDERS = {
  'defense-revise': {
    input: z.object({
      sector: z.string(),
      buy: z.string().exactOptional(),
      scrap: z.string().exactOptional(),
      ...asField,
    }),
    who: 'turn',
    decide: (d, c, p) => reviseDefenses(d, c.sector, c.buy ?? '', c.scrap ?? '', p),
  },
  'defense-scrap': {
    input: z.object({ sector: z.string(), units: z.string(), ...asField }),
    who: 'turn',
    decide: (d, c, p) => scrapDefenses(d, c.sector, c.units, p),
  },
} satisfies OrderTable<DefenseCommand>;
