import type { Decider } from '../decider.ts';
import { buyCrew, buyOfficer } from './buy.ts';
import { buyMines } from './mine-purchase.ts';
import { transferOfficer } from './transfer.ts';

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

export function runOfficerCommand(d: Decider, c: OfficerCommand): void {
  switch (c.type) {
    case 'officer-buy':
      return buyOfficer(d, c.ship, c.officer, c.yard, c.as);
    case 'officer-transfer':
      return transferOfficer(d, c.from, c.to, c.as);
    case 'crew-buy':
      return buyCrew(d, c.ship, c.yard, c.as);
    case 'mines-buy':
      return buyMines(d, c.ship, c.bpv, c.yard, c.as);
  }
}
