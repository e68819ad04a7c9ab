/**
 * Values worked out from a campaign state (a map's digest, src/app/thunderdome-posts.ts), kept with
 * the state so they are worked out once: only for a frozen state, which never changes (the states
 * this process keeps, src/app/state-cache.ts). A command works one out for the state it made, which
 * is not frozen yet; the state cache then freezes a copy of that very state, unchanged since, and
 * the value goes with the copy (`carryDerived`), so the next command, starting from the kept copy,
 * finds it (docs/performance.md, "Fewer round trips").
 */
const kept = new WeakMap<object, Map<string, unknown>>();
/** Worked out for a state not yet frozen: carried to its frozen copy, never read for the state itself. */
const unsettled = new WeakMap<object, Map<string, unknown>>();

export function derived<T>(state: object, key: string, compute: () => T): T {
  const frozen = Object.isFrozen(state);
  const values = frozen ? kept.get(state) : undefined;
  if (values?.has(key)) return values.get(key) as T;
  const value = compute();
  const into = frozen ? kept : unsettled;
  let map = into.get(state);
  if (!map) into.set(state, (map = new Map()));
  map.set(key, value);
  return value;
}

/**
 * `copy` is a frozen copy of `state` made now (StateCache.put): what was worked out for `state` is
 * kept with the copy. The caller vouches that `state` has not changed since (run-command.ts works out
 * a command's posts, then commits, then keeps the state).
 */
export function carryDerived(state: object, copy: object): void {
  const values = unsettled.get(state);
  if (!values || !Object.isFrozen(copy)) return;
  unsettled.delete(state);
  const into = kept.get(copy) ?? new Map<string, unknown>();
  for (const [key, value] of values) if (!into.has(key)) into.set(key, value);
  kept.set(copy, into);
}
