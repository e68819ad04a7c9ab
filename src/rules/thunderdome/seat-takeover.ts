import type { CampaignState } from './state.ts';

/** The fold of a seat taken over by vote (replacement.ts, UTD3.91), apart so apply.ts folds it without the Decider. */

/** Every place of play a player's id stands for the player (owners, sides, seats, keys); the players list is done apart. */
const PARTS = [
  'turnOrder',
  'fleets',
  'ships',
  'bases',
  'map',
  'battles',
  'retreats',
  'turn',
  'pendingBuilds',
  'winner',
] as const satisfies readonly (keyof CampaignState)[];

function renamed(value: unknown, from: string, to: string): unknown {
  if (value === from) return to;
  if (Array.isArray(value)) return value.map((x) => renamed(x, from, to));
  if (value && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k === from ? to : k, renamed(v, from, to)]));
  return value;
}

/**
 * The fold of `SeatTakenOver`: every reference to the departed player in the parts of play becomes
 * the newcomer's; votes keep their history as it was cast.
 */
export function takeOverSeat(s: CampaignState, from: string, to: string, name: string): void {
  for (const part of PARTS) (s as unknown as Record<string, unknown>)[part] = renamed(s[part], from, to);
  // The seat itself; another player's proxy entries naming the departed stay theirs (UTD3.2: a proxy is personal).
  const p = s.players.find((x) => x.id === from);
  if (!p) return;
  p.id = to;
  p.name = name;
  p.status = 'active';
  p.consecutiveForfeits = 0;
  p.proxies = [];
  delete p.vacantSeat;
}
