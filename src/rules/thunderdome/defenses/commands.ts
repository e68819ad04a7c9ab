import type { Decider } from '../decider.ts';
import { reviseDefenses, scrapDefenses } from './revise.ts';

/**
 * The `/defense …` orders as the rules see them. `buy` is a comma list of catalog unit ids, each
 * optionally with a count (`NEU-GBDP x3`); `scrap` and `units` are comma lists of base ids (`B12`),
 * `units: all` scraps every arrived defense of the sector. `as` names the player a proxy acts for (UTD3.2).
 */
export type DefenseCommand =
  | { type: 'defense-revise'; sector: string; buy?: string; scrap?: string; as?: string }
  | { type: 'defense-scrap'; sector: string; units: string; as?: string };

export type DefenseCommandType = DefenseCommand['type'];

export function runDefenseCommand(d: Decider, c: DefenseCommand): void {
  switch (c.type) {
    case 'defense-revise':
      return reviseDefenses(d, c.sector, c.buy ?? '', c.scrap ?? '', c.as);
    case 'defense-scrap':
      return scrapDefenses(d, c.sector, c.units, c.as);
  }
}
