import { buyCrew, buyOfficer } from './buy.ts';
import { buyMines } from './mine-purchase.ts';
import { transferOfficer } from './transfer.ts';
import { z } from 'zod';
import { asField, type OrderTable } from '../order-spec.ts';

/**
 * The `/officer …` orders as the rules see them: ships by id, a yard by base id or `capital`
 * (left out: the rules pick an activated yard that can). `as` names the player a proxy acts for.
 */
export type OfficerCommand =
  | { type: 'officer-buy'; ship: string; officer: string; yard?: string; as?: string }
  | { type: 'officer-transfer'; from: string; to: string; as?: string }
  | { type: 'crew-buy'; ship: string; yard?: string; as?: string }
  /** UTD8.253: `bpv` of mines for a minesweeper, as text ("25", "12.5"). */
  | { type: 'mines-buy'; ship: string; bpv: string; yard?: string; as?: string };

export type OfficerCommandType = OfficerCommand['type'];

export const OFFICER_COMMAND_TYPES: readonly OfficerCommandType[] = [
  'officer-buy',
  'officer-transfer',
  'crew-buy',
  'mines-buy',
];

/** The orders of this sub-system, one spec each (order-spec.ts); decide.ts gathers every table. */
export const OFFICER_ORDERS = {
  'officer-buy': {
    input: z.object({ ship: z.string(), officer: z.string(), yard: z.string().exactOptional(), ...asField }),
    who: 'turn',
    decide: (d, c, p) => buyOfficer(d, c.ship, c.officer, c.yard, p),
  },
  'officer-transfer': {
    input: z.object({ from: z.string(), to: z.string(), ...asField }),
    who: 'turn',
    decide: (d, c, p) => transferOfficer(d, c.from, c.to, p),
  },
  'crew-buy': {
    input: z.object({ ship: z.string(), yard: z.string().exactOptional(), ...asField }),
    who: 'turn',
    decide: (d, c, p) => buyCrew(d, c.ship, c.yard, p),
  },
  'mines-buy': {
    input: z.object({ ship: z.string(), bpv: z.string(), yard: z.string().exactOptional(), ...asField }),
    who: 'turn',
    decide: (d, c, p) => buyMines(d, c.ship, c.bpv, c.yard, p),
  },
} satisfies OrderTable<OfficerCommand>;
