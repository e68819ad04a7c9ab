import { ep } from './economy.ts';
import { MONSTER_CORP, type WarlordState } from './state.ts';
import { holdingsIncome } from './turn.ts';

/**
 * The NTG's lists of the top corporations (rulebook, "The Next Turn Generator": it calculates "the
 * top Corporations in various categories for statistical purposes"; ES code 12 names the
 * categories: Income, Power, Ships and Fortifications, and says "the top Corps usually appear in the
 * basic lists you receive each turn … medium- and low-level ones generally don't"). Readings, in
 * docs/rules-notes.md ("Star Fleet Warlord", rankings): the lists are public news after each turn;
 * each names the top `rankingsTop` corporations (a game setting, 3 by default) in order, without
 * their values (exact values are what ES 12 sells); a corporation with nothing in a category is not
 * listed in it; ties go to the earlier cycle position.
 *
 * - **Income**: what the corporation's holdings produce at its next Income Phase (§7.4: sites,
 *   activated moons, full-sector bonuses, raid income due), in EP (the minimum resource, §3.1).
 * - **Power**: the combat factors (AF + DF) of its live ships.
 * - **Ships**: its live ships.
 * - **Fortifications**: the forts on its sites.
 */
export const RANKING_CATEGORIES = ['income', 'power', 'ships', 'fortifications'] as const;
export type RankingCategory = (typeof RANKING_CATEGORIES)[number];

export interface Ranking {
  category: RankingCategory;
  /** Corporation ids, best first. */
  corps: number[];
}

/** The default length of each list when a game's settings name none. */
export const RANKINGS_TOP = 3;

const alive = (s: { internals: number; hp: number }) => s.internals <= s.hp;

/** Each category's top corporations in `state` (as it stands after the NTG). */
export function rankings(state: WarlordState): Ranking[] {
  const top = state.settings.rankingsTop ?? RANKINGS_TOP;
  const corps = [...state.corps].filter((c) => !c.eliminated).sort((a, b) => a.cycle - b.cycle);
  const value = (category: RankingCategory, corp: number): number => {
    const ships = state.ships.filter((s) => s.owner === corp && s.owner !== MONSTER_CORP && alive(s));
    switch (category) {
      case 'income': {
        return ep(holdingsIncome(state, corp).adjustments);
      }
      case 'power':
        return ships.reduce((sum, s) => sum + s.af + s.df, 0);
      case 'ships':
        return ships.length;
      case 'fortifications':
        return state.sites.filter((s) => s.owner === corp).reduce((sum, s) => sum + s.fort.forts, 0);
    }
  };
  return RANKING_CATEGORIES.map((category) => ({
    category,
    corps: corps
      .map((c) => ({ id: c.id, v: value(category, c.id) }))
      .filter((x) => x.v > 0)
      // Array.prototype.sort is stable: equal values keep the cycle order.
      .sort((a, b) => b.v - a.v)
      .slice(0, top)
      .map((x) => x.id),
  }));
}
