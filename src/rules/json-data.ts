/**
 * Copying and comparing plain JSON data (objects, arrays, strings, numbers, booleans, null), such
 * as a campaign state as stored and loaded. These do the job of `structuredClone` and of
 * comparing two `JSON.stringify`s, several times faster, because they need not handle anything
 * else: every command copies the whole state (about 65 KiB of JSON in a grown campaign) once, and
 * the throughput target of docs/performance.md leaves a few milliseconds of CPU per command.
 */

/**
 * A deep copy of JSON data. A property set to `undefined` is kept, as `structuredClone` keeps it.
 * Anything that is not a plain object or array (a Date, a Map, a class instance) is handed to
 * `structuredClone`, so a value outside JSON is still copied, only slower.
 */
export function cloneJson<T>(value: T): T {
  return copy(value) as T;
}

function copy(v: unknown): unknown {
  if (typeof v !== 'object' || v === null) return v;
  if (Array.isArray(v)) {
    const n = v.length;
    const out = new Array<unknown>(n);
    for (let i = 0; i < n; i++) out[i] = copy(v[i]);
    return out;
  }
  const proto: unknown = Object.getPrototypeOf(v);
  if (proto !== Object.prototype && proto !== null) return structuredClone(v);
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(v)) out[key] = copy((v as Record<string, unknown>)[key]);
  return out;
}

/**
 * A deep copy of JSON data with every object and array in it frozen: a value many readers may
 * share, which none of them can change by mistake (an attempt throws in strict code).
 */
export function frozenJson<T>(value: T): T {
  return freeze(copy(value)) as T;
}

/**
 * `frozenJson`, but an object or array already frozen inside `value` is taken as it is, not copied:
 * a frozen value is never changed, so sharing it is safe (the state cache keeps a state whose
 * finished records, frozen, the rules share: docs/performance.md, "History out of the hot state").
 */
export function frozenJsonSharing<T>(value: T): T {
  return copySharing(value) as T;
}

function copySharing(v: unknown): unknown {
  if (typeof v !== 'object' || v === null || Object.isFrozen(v)) return v;
  if (Array.isArray(v)) {
    const n = v.length;
    const out = new Array<unknown>(n);
    for (let i = 0; i < n; i++) out[i] = copySharing(v[i]);
    return Object.freeze(out);
  }
  const proto: unknown = Object.getPrototypeOf(v);
  if (proto !== Object.prototype && proto !== null) return freeze(structuredClone(v));
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(v)) out[key] = copySharing((v as Record<string, unknown>)[key]);
  return Object.freeze(out);
}

function freeze(v: unknown): unknown {
  if (typeof v !== 'object' || v === null || Object.isFrozen(v)) return v;
  for (const child of Object.values(v)) freeze(child);
  return Object.freeze(v);
}

/**
 * True only when `a` and `b` would be stored as the same JSON document: the same keys with equal
 * values, whatever the order of the keys (as `jsonb` stores them). It may answer false for two
 * values that would store alike (a key set to `undefined` on one side only, NaN, a non-plain
 * object), never true for two that would not; so a caller that skips a write when this is true
 * never loses a change.
 */
export function sameJson(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a)) {
    if (!Array.isArray(b) || a.length !== b.length) return false;
    for (let i = 0; i < a.length; i++) if (!sameJson(a[i], b[i])) return false;
    return true;
  }
  if (Array.isArray(b) || !isPlain(a) || !isPlain(b)) return false;
  const ka = Object.keys(a);
  if (ka.length !== Object.keys(b).length) return false;
  for (const key of ka) {
    if (!Object.hasOwn(b, key)) return false;
    if (!sameJson((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key])) return false;
  }
  return true;
}

function isPlain(v: object): boolean {
  if (Array.isArray(v)) return true;
  const proto: unknown = Object.getPrototypeOf(v);
  return proto === Object.prototype || proto === null;
}

/** JSON with sorted keys, so equal documents compare equal whatever their key order (jsonb reorders keys). */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_k, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(
          Object.entries(v as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)),
        )
      : v,
  );
}
