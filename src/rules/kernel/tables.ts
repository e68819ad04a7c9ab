/**
 * The typed tables every ruleset is made of (docs/architecture.md). Each table is an object with
 * one entry per member of a discriminated union, checked with `satisfies`: an entry missing,
 * misspelt or left over is a compile error, where a `switch` without a `never` check would
 * silently do nothing.
 */

/** The member of a discriminated union with the given `type`. */
export type Variant<U extends { type: string }, K extends U['type']> = Extract<U, { type: K }>;

/**
 * How one event changes the state. A fold never checks a rule (that was done when the event was
 * decided) and never rolls dice (rolls are inside the event); it mutates the copy it is given.
 */
export type Fold<S, E, Stored> = (s: S, e: E, stored: Stored) => void;

/** One fold per event type. */
export type FoldTable<S, E extends { type: string }, Stored> = {
  readonly [K in E['type']]: Fold<S, Variant<E, K>, Stored>;
};

/** One sentence-maker per event type; null when the event speaks through another line. */
export type WordsTable<E extends { type: string }, Args extends unknown[]> = {
  readonly [K in E['type']]: (e: Variant<E, K>, ...args: Args) => string | null;
};

/**
 * How an undoable order is undone (UTD6.12): which of its events can be reversed, when (an order
 * that rolled dice or made contact is final, UTD6.121), and the exact inverse of its fold.
 */
export interface UndoSpec<S, E> {
  undoable(e: E): boolean;
  inverse(s: S, e: E): void;
}
