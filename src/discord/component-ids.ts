/*
 * The custom ids of the buttons and menus under the bot's posts (components.ts): `cm:<action>:<args…>`,
 * at most 100 characters (Discord's limit). Kept apart, importing nothing, so the code that posts
 * (announce.ts, battle-threads.ts, votes.ts) and the code that answers a press can both use it.
 */

/** The actions a custom id names; a handler for each (components-*.ts), so a missing one is a compile error. */
export const COMPONENT_ACTIONS = [
  // The turn-start post (components-turn.ts).
  'tm', // Move a fleet: asks which fleet
  'tf', // the fleet picked: asks which lane
  'tl', // the lane picked: moves
  'tb', // Buy order points: offers what may be bought
  'to', // the order points picked: buys
  'te', // End turn: Confirm/Cancel
  // Battle posts and results (components-battle.ts).
  'bc', // Make contact (UTD3.42)
  'bf', // Name my fighting fleet (UTD7.421): asks which fleet
  'bs', // the fighting fleet picked
  'bv', // Volunteer to run the NPE (UTD5.431)
  'ro', // Enter the result: opens the result builder
  'rw', // builder: the winner
  'ru', // builder: one unit's fate
  'rr', // builder: a loser's retreat lane
  'rp', // builder: another page of units
  'rv', // builder: preview the consequences
  'rs', // builder: send the result
  'rx', // builder: cancel
  'ba', // Accept a proposed result
  'bj', // Reject a proposed result
  // Vote posts (components-vote.ts).
  'vo', // cast a ballot
  // An explorer's balancing question (components-explore.ts).
  'xa', // answer it (UTD5.221–5.224)
  // Star Fleet Warlord (components-warlord.ts).
  'wv', // a ballot on a standby vote (§11.4): corporation, yes|no
] as const;
export type ComponentAction = (typeof COMPONENT_ACTIONS)[number];

const PREFIX = 'cm';
const MAX_CUSTOM_ID = 100;

export function componentId(action: ComponentAction, ...args: (string | number)[]): string {
  const id = [PREFIX, action, ...args.map(String)].join(':');
  // A longer id would be refused by Discord with the whole message: fail loudly here instead.
  if (id.length > MAX_CUSTOM_ID) throw new Error(`custom_id over ${MAX_CUSTOM_ID} characters: ${id}`);
  return id;
}

/**
 * The balancing question's buttons were first posted as `explore:<offer id>:<answer>`; a question
 * still open in a running campaign keeps such buttons, so they are read as `cm:xa:<offer>:<answer>`
 * and answered the same way (docs/components.md).
 */
const LEGACY_EXPLORE = /^explore:(\d{1,15}):(roll|keep|life|mineral)$/;

export function parseComponentId(customId: string): { action: ComponentAction; args: string[] } | null {
  const legacy = LEGACY_EXPLORE.exec(customId);
  if (legacy) return { action: 'xa', args: [legacy[1]!, legacy[2]!] };
  const [prefix, action, ...args] = customId.split(':');
  if (prefix !== PREFIX || !(COMPONENT_ACTIONS as readonly string[]).includes(action ?? '')) return null;
  return { action: action as ComponentAction, args };
}

export function isComponentId(customId: string): boolean {
  return parseComponentId(customId) !== null;
}

/** A turn, as its start post knows it: the half-cycle, the seat and the second it started (UTD2.3). */
export function turnKey(halfCycles: number, seat: number, startedAt: string): string {
  return `${halfCycles}.${seat}.${Math.floor(Date.parse(startedAt) / 1000).toString(36)}`;
}
