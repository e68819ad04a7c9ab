import { escapeMarkdown } from 'discord.js';
import type { WordsTable } from '../rules/kernel/tables.ts';
import {
  opsLeft,
  sectorLabel,
  type CampaignEvent,
  type CampaignState,
  type StoredEvent,
} from '../rules/thunderdome/index.ts';
import type { Battle } from '../rules/thunderdome/state.ts';

/**
 * What every sentence-maker of the words tables (words.ts and the `*-words.ts` files) is given
 * besides its event: the stored event, the state after it, and the small phrases they share.
 */
export interface WordsContext {
  stored: StoredEvent;
  state: CampaignState;
  /** A player's name (the id when the player is gone). */
  who(id: string): string;
  /** A battle side's name: the NPE, or a player's name. */
  side(id: string): string;
  /** A sector's label in bold. */
  sec(key: string): string;
  /** `free` or `N OP`. */
  ops(n: number): string;
  /** ` · N OP left` during a turn. */
  left(): string;
  /** `Ann's fleet 2`. */
  fleetName(id: string): string;
  fleetSlot(id: string): number | string;
  /** `LYR-CA (S12)`. */
  shipName(id: string): string;
  /** `the capital` or `shipyard B3`. */
  yardName(id: string): string;
  /** `capital` or `shipyard B3`. */
  yardBare(id: string): string;
  battle(id: string): Battle | undefined;
}

/** The sentence-makers of some events: one per event type of the sub-union `E`. */
export type Words<E extends { type: string }> = WordsTable<E, [WordsContext]>;

/** A sentence-maker taking any event, for calling a table entry picked by the event's type. */
export type AnyWords = (e: CampaignEvent, c: WordsContext) => string | null;

/** A name a player typed, made safe to show in Discord text: `**` and `_` show as typed. */
export function plainName(name: string): string {
  return escapeMarkdown(name);
}

const escapedStates = new WeakMap<CampaignState, CampaignState>();

/**
 * The state as text shows it: the campaign's name, the players' names and the sectors' names (all
 * typed by players) with Markdown escaped, so a campaign named `**x**` is shown as typed and
 * breaks no formatting around it. Read-only; one copy per state object.
 */
export function namesEscaped(state: CampaignState): CampaignState {
  const cached = escapedStates.get(state);
  if (cached) return cached;
  const copy: CampaignState = {
    ...state,
    name: plainName(state.name),
    players: state.players.map((p) => ({ ...p, name: plainName(p.name) })),
    map: state.map && {
      ...state.map,
      title: state.map.title === null ? null : plainName(state.map.title),
      sectors: state.map.sectors.map((x) => (x.name === null ? x : { ...x, name: plainName(x.name) })),
    },
  };
  escapedStates.set(state, copy);
  return copy;
}

export function wordsContext(stored: StoredEvent, plainState: CampaignState): WordsContext {
  const state = namesEscaped(plainState);
  const who = (id: string) => state.players.find((p) => p.id === id)?.name ?? id;
  const fleetSlot = (id: string) => state.fleets.find((f) => f.id === id)?.slot ?? '?';
  const yardBare = (id: string) =>
    state.bases.find((x) => x.id === id)?.role === 'capital' ? 'capital' : `shipyard ${id}`;
  return {
    stored,
    state,
    who,
    side: (id) => (id === 'npe' ? 'the NPE' : who(id)),
    sec: (key) => `**${sectorLabel(state, key)}**`,
    ops: (n) => (n === 0 ? 'free' : `${n} OP`),
    left: () => (state.turn ? ` · ${opsLeft(state.turn)} OP left` : ''),
    fleetName: (id) => {
      const f = state.fleets.find((x) => x.id === id);
      return f ? `${who(f.owner)}'s fleet ${f.slot}` : `fleet ${id}`;
    },
    fleetSlot,
    shipName: (id) => `${state.ships.find((s) => s.id === id)?.unitId ?? 'ship'} (${id})`,
    yardName: (id) => (yardBare(id) === 'capital' ? 'the capital' : yardBare(id)),
    yardBare,
    battle: (id) => state.battles.find((b) => b.id === id),
  };
}

/**
 * The line of one event from one area's table; `undefined` when the event is not one of the
 * table's (for the areas' own tests; `describeEvent` reads the whole table EVENT_WORDS).
 */
export function describeFrom(
  table: { readonly [K in CampaignEvent['type']]?: unknown },
  stored: StoredEvent,
  state: CampaignState,
): string | null | undefined {
  const type = stored.event.type;
  if (!Object.hasOwn(table, type)) return undefined;
  return (table[type] as AnyWords)(stored.event, wordsContext(stored, state));
}
