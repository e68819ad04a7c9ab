import { isAvailableInYear } from './rules.ts';
import type { CatalogEmpireCode, CatalogUnit } from './types.ts';

/**
 * `/catalog search`: units whose id, name, hull code or empire code contain every
 * word of the query (any letter case), optionally of one empire and available in one year
 * (UTD8.12). Best matches first: an exact id, then ids and names that start with the query,
 * then the rest in file order.
 */
export interface UnitQuery {
  text?: string;
  empire?: CatalogEmpireCode;
  /** Campaign year, e.g. 165: only units available then (UTD8.12). */
  year?: number;
}

export function searchUnits(units: readonly CatalogUnit[], query: UnitQuery): CatalogUnit[] {
  const text = (query.text ?? '').trim().toLowerCase();
  const words = text.split(/\s+/).filter(Boolean);
  const rank = (u: CatalogUnit): number => {
    const id = u.unitId.toLowerCase();
    const name = u.name.toLowerCase();
    if (text === '') return 3;
    if (id === text) return 0;
    if (id.startsWith(text) || name.startsWith(text)) return 1;
    if (u.hullCode.toLowerCase() === text) return 2;
    return 3;
  };
  const hits: { unit: CatalogUnit; rank: number; order: number }[] = [];
  units.forEach((u, order) => {
    if (query.empire && u.empire !== query.empire) return;
    if (query.year !== undefined && !isAvailableInYear(u, query.year)) return;
    const haystack = `${u.unitId} ${u.name} ${u.hullCode} ${u.empire}`.toLowerCase();
    if (!words.every((w) => haystack.includes(w))) return;
    hits.push({ unit: u, rank: rank(u), order });
  });
  return hits.sort((a, b) => a.rank - b.rank || a.order - b.order).map((h) => h.unit);
}
