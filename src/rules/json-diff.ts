import { canonicalJson } from './json-data.ts';

/** One place where two JSON documents disagree: its path (`players[a].bank`) and the two values. */
export interface JsonDifference {
  path: string;
  before: unknown;
  after: unknown;
}

/**
 * Where two JSON documents (two campaign states) differ, as paths to the smallest differing
 * values, at most `limit` of them. Array elements that carry an `id` are matched by it (a player,
 * a fleet, a ship), so one changed ship is one difference, not a shifted tail.
 */
export function jsonDifferences(before: unknown, after: unknown, limit = 20): JsonDifference[] {
  const out: JsonDifference[] = [];
  walk(before, after, '', out, limit);
  return out;
}

function walk(a: unknown, b: unknown, path: string, out: JsonDifference[], limit: number): void {
  if (out.length >= limit) return;
  if (canonicalJson(a) === canonicalJson(b)) return;
  if (Array.isArray(a) && Array.isArray(b)) {
    const keyed = (xs: unknown[]) =>
      xs.every((x) => x && typeof x === 'object' && typeof (x as { id?: unknown }).id === 'string');
    if (keyed(a) && keyed(b)) {
      const ids = [...new Set([...a, ...b].map((x) => (x as { id: string }).id))];
      for (const id of ids)
        walk(
          a.find((x) => (x as { id: string }).id === id),
          b.find((x) => (x as { id: string }).id === id),
          `${path}[${id}]`,
          out,
          limit,
        );
      return;
    }
    if (a.length === b.length) {
      for (let i = 0; i < a.length; i++) walk(a[i], b[i], `${path}[${i}]`, out, limit);
      return;
    }
  } else if (isObject(a) && isObject(b)) {
    for (const key of [...new Set([...Object.keys(a), ...Object.keys(b)])].sort())
      walk(a[key], b[key], path ? `${path}.${key}` : key, out, limit);
    return;
  }
  out.push({ path: path || '(whole)', before: a, after: b });
}

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}
