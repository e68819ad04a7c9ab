import { z } from 'zod';
import { refuse } from '../errors.ts';
import type { Decider } from './decider.ts';
import type { OrderTable } from './order-spec.ts';
import type { CampaignState, Player } from './state.ts';

/**
 * Absence (UTD3.2, UTD3.31; docs/rules-notes.md "Absence"). Real life takes players away; without
 * a moderator to excuse them, a player declares an absence publicly, of at most `absence.maxDays`
 * days. Either they name an automatic proxy, who holds their proxy (UTD3.2) until the absence
 * ends and plays their turns, or their turns pass as they come, without orders and without counting
 * as forfeits (UTD3.31, 3.92), up to `absence.excusedTurnsPerYear` turns in a calendar year (UTC).
 * Past that budget a turn waits for its deadline and is forfeited as any other.
 */
export type AbsenceCommand = { type: 'absence'; days: number; proxy: string | null };

const DAY_MS = 86_400_000;

/** The calendar year (UTC) an excused turn counts in. */
export function budgetYear(now: Date): number {
  return now.getUTCFullYear();
}

/** Turns still excused this calendar year. */
export function excusedTurnsLeft(state: CampaignState, p: Player, now: Date): number {
  const used = p.excusedTurns?.year === budgetYear(now) ? p.excusedTurns.turns : 0;
  return Math.max(0, state.settings['absence.excusedTurnsPerYear'] - used);
}

/** The player is away now, without a proxy playing for them. */
function awayWithoutProxy(p: Player, now: Date): boolean {
  return Boolean(p.absence && p.absence.proxy === null && Date.parse(p.absence.until) > now.getTime());
}

/**
 * Whether the turn on now passes at once for an absence (no order given yet, the player away
 * without a proxy, the budget not spent): the scheduler gives `expire-turn`, which excuses it.
 */
export function turnPassesForAbsence(state: CampaignState, now: Date): boolean {
  const turn = state.turn;
  if (state.status !== 'active' || state.paused || turn?.phase !== 'orders' || turn.orders.length > 0) return false;
  const p = state.players.find((x) => x.id === turn.playerId);
  return Boolean(p && awayWithoutProxy(p, now) && excusedTurnsLeft(state, p, now) > 0);
}

export function declareAbsence(d: Decider, days: number, proxy: string | null, p: Player): void {
  const state = d.state;
  if (state.status !== 'active')
    refuse('absence/not-in-play', 'UTD3.31', `**${state.name}** is not in play: no turn of yours is due.`);
  const max = state.settings['absence.maxDays'];
  if (!Number.isInteger(days) || days < 1 || days > max)
    refuse(
      'absence/length',
      'UTD3.31',
      `An absence lasts 1 to ${max} days (\`absence.maxDays\`); ${days} is not allowed.`,
      'Declare a shorter one, and another when it ends.',
    );
  const now = d.ctx.now;
  if (p.absence && Date.parse(p.absence.until) > now.getTime())
    refuse(
      'absence/already',
      'UTD3.31',
      `You are already away until ${p.absence.until}.`,
      'Declare the next absence when this one ends.',
    );
  if (proxy === p.id) refuse('proxy/self', 'UTD3.2', 'You cannot be your own proxy.');
  const until = new Date(now.getTime() + days * DAY_MS).toISOString();
  d.emit({
    type: 'AbsenceDeclared',
    playerId: p.id,
    until,
    proxy,
    excusedLeft: proxy === null ? excusedTurnsLeft(state, p, now) : null,
  });
  // The automatic proxy is an ordinary proxy (UTD3.2) that ends with the absence.
  if (proxy !== null) d.emit({ type: 'ProxyGranted', playerId: p.id, proxyUserId: proxy, expiresAt: until });
}

export const ABSENCE_ORDERS = {
  absence: {
    input: z.object({ days: z.int(), proxy: z.string().nullable() }),
    who: 'self',
    decide: (d, c, p) => declareAbsence(d, c.days, c.proxy, p),
  },
} satisfies OrderTable<AbsenceCommand>;
