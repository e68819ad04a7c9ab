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
 */
export type Who = 'anyone' | 'player' | 'turn' | 'turn-even-locked';

/**
 * One order, declared once: who may give it, what it decides, and, for the orders `/turn undo`
 * can take back (UTD6.12), the undo spec of the event it records (undo.ts).
 */
export type OrderSpec<C> =
  | { readonly who: 'anyone'; decide(d: Decider, c: C): void; readonly undo?: UndoSpec<CampaignState, never> }
  | {
      readonly who: Exclude<Who, 'anyone'>;
      decide(d: Decider, c: C, p: Player): void;
      readonly undo?: UndoSpec<CampaignState, never>;
    };

/** One spec per command type: a missing or extra entry is a compile error. */
export type OrderTable<Cmd extends { type: string }> = { readonly [K in Cmd['type']]: OrderSpec<Variant<Cmd, K>> };

/** An undo spec as the order table holds it, whatever its event. */
export type AnyUndoSpec = UndoSpec<CampaignState, Variant<CampaignEvent, CampaignEvent['type']>>;
