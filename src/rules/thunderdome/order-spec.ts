import { z } from 'zod';
import type { UndoSpec, Variant } from '../kernel/tables.ts';
import type { Decider } from './decider.ts';
import type { CampaignEvent } from './events.ts';
import type { CampaignState, Player } from './state.ts';

/**
 * Who may give an order. The runner (decide.ts) checks it once, before the order's own rules,
 * and hands the order the player it acts for.
 * - `anyone`: the order checks its own standing (the creator, a battle's side, the scheduler).
 * - `player`: a player of the campaign, or their proxy through `as` (UTD3.2, UTD8.11).
 * - `turn`: the same, on that player's own turn while orders are open (UTD2.1, UTD2.3).
 * - `turn-even-locked`: the same, also when pre-spent retreat points lock the turn (UTD7.46723).
 * - `self`: the player in person, never a proxy: UTD3.2 lets a proxy "define orders and conduct
 *   battles", so granting, revoking, resigning and putting questions to the vote stay the player's.
 */
export type Who = 'anyone' | 'player' | 'turn' | 'turn-even-locked' | 'self';

/** What a command carries besides its `type`: what the order's `input` schema checks. */
export type InputOf<C> = Omit<C, 'type'>;

/**
 * One order, declared once: the shape of its input, who may give it, what it decides, and, for the
 * orders `/turn undo` can take back (UTD6.12), the undo spec of the event it records (undo.ts).
 * The runner checks `input` first (order-input.ts), so `decide` gets fields of the declared
 * primitive types; ranges and everything else stay with the order's own rules.
 */
export type OrderSpec<C> = { readonly input: z.ZodType<InputOf<C>> } & (
  | { readonly who: 'anyone'; decide(d: Decider, c: C): void; readonly undo?: UndoSpec<CampaignState, never> }
  | {
      readonly who: Exclude<Who, 'anyone'>;
      decide(d: Decider, c: C, p: Player): void;
      readonly undo?: UndoSpec<CampaignState, never>;
    }
);

/** One spec per command type: a missing or extra entry is a compile error. */
export type OrderTable<Cmd extends { type: string }> = { readonly [K in Cmd['type']]: OrderSpec<Variant<Cmd, K>> };

/** An undo spec as the order table holds it, whatever its event. */
export type AnyUndoSpec = UndoSpec<CampaignState, Variant<CampaignEvent, CampaignEvent['type']>>;

/** The input of an order that carries nothing but its type. */
export const noInput = z.object({});

/** The `as` of an order a proxy may give for the player they stand in for (UTD3.2): spread into its schema. */
export const asField = { as: z.string().exactOptional() };

/** The keys a type names, leaving out an index signature (`z.object({})` outputs `Record<string, never>`). */
type NamedKeys<T> = keyof { [K in keyof T as string extends K ? never : K]: T[K] };

/** Whether two object types have the same keys and each is assignable to the other. */
type SameShape<A, B> = [A] extends [B]
  ? [B] extends [A]
    ? [Exclude<NamedKeys<A>, NamedKeys<B>> | Exclude<NamedKeys<B>, NamedKeys<A>>] extends [never]
      ? true
      : false
    : false
  : false;

/**
 * The orders of a table whose `input` schema outputs something other than exactly the command's
 * input: `never` when every schema matches. `OrderSpec` already refuses a schema that misses a
 * required field or has a field of the wrong type; this also catches a schema narrower than the
 * command (a literal left out) or one that misspells or adds an optional field.
 */
export type InputDrift<T, Cmd extends { type: string }> = {
  [K in keyof T]: K extends Cmd['type']
    ? T[K] extends { readonly input: z.ZodType<infer O> }
      ? SameShape<O, InputOf<Variant<Cmd, K>>> extends true
        ? never
        : K
      : K
    : K;
}[keyof T];

/** A compile error naming the drifting orders unless `D` is `never` (decide.ts checks `ORDERS` with it). */
export type NoDrift<D extends never> = D;
