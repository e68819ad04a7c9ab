import type { CampaignState } from '../rules/thunderdome/index.ts';
import { unfinished } from '../rules/thunderdome/finished.ts';
import { pendingIn, type PendingItem, type PendingKind } from './me.ts';

/** The events a player may want as a direct message (`/me dm_…:`). */
export const DM_EVENTS = ['turn', 'reminder', 'battle', 'vote', 'result'] as const;
export type DmEvent = (typeof DM_EVENTS)[number];

/**
 * Direct messages a player opted in to with `/me` (docs/me.md). A command's new waiting items
 * (src/app/me.ts, the state before against the state after) become `dm` outbox rows written in the
 * command's own transaction (docs/delivery.md), so each is delivered once; the deliverer checks the
 * user's settings and that the item still waits before sending (src/discord/dm-delivery.ts).
 */

/** Which direct-message choice announces a new item of each kind; null: no direct message (the campaign channel tells it). */
export const DM_OF_KIND: Record<PendingKind, Exclude<DmEvent, 'reminder'> | null> = {
  orders: 'turn',
  captures: 'turn',
  'map-approval': null,
  'setup-ready': null,
  'battle-fleet': 'battle',
  'battle-contact': 'battle',
  'battle-response': 'battle',
  'battle-session': 'battle',
  'battle-result': 'battle',
  'battle-answer': 'result',
  'battle-lane': 'battle',
  'battle-stalled': 'battle',
  'battle-appeal': 'battle',
  'npe-volunteer': 'battle',
  'npe-objection': null,
  vote: 'vote',
  balancing: null,
  proxy: null,
};

/** What identifies an item across states: its kind, what it is about, and whom it is for. */
export function itemKey(i: PendingItem): string {
  const ref = 'battleId' in i ? i.battleId : i.kind === 'vote' ? i.voteId : '';
  return `${i.kind}:${ref}:${i.forPlayer}`;
}

function refOf(i: PendingItem): string {
  return 'battleId' in i ? i.battleId : i.kind === 'vote' ? i.voteId : '';
}

/** Everyone who can have items in a campaign: players, proxy holders, NPE runners and stand-ins. */
/** The state with only its open battles and votes, the only ones `pendingIn` reads. */
function openOnly(state: CampaignState): CampaignState {
  return {
    ...state,
    // Open battles and votes are exactly those not finished (finished.ts), looked up once for a kept state.
    battles: unfinished('battles', state.battles),
    votes: unfinished('votes', state.votes),
  };
}

function people(state: CampaignState): Set<string> {
  const ids = new Set<string>();
  for (const p of state.players) {
    ids.add(p.id);
    for (const x of p.proxies) ids.add(x.userId);
  }
  for (const b of state.battles) {
    if (b.npe?.runner) ids.add(b.npe.runner);
    for (const u of Object.values(b.standIns ?? {})) ids.add(u);
  }
  ids.delete('npe');
  return ids;
}

/** One `dm` row's payload: codes only; the words are written at delivery. */
export interface DmPayload extends Record<string, string | number | null> {
  user: string;
  event: DmEvent;
  kind: PendingKind;
  ref: string;
  forPlayer: string;
}

/**
 * The direct messages a command may cause: each item that waits on someone after it and did not
 * before, of a kind someone may want told (`DM_OF_KIND`). Pure: the settings are read at delivery.
 */
export function dmPosts(
  before: CampaignState | null,
  after: CampaignState,
  at: Date,
): { kind: 'dm'; subject: string; payload: DmPayload }[] {
  const out: { kind: 'dm'; subject: string; payload: DmPayload }[] = [];
  // A command that changed nothing in the state (a dice roll) hands back the very state it was given:
  // at the same moment, the same items wait on the same people, so none is new.
  if (before === after) return out;
  // Only open battles and votes wait on anyone: the rest (a year of resolved battles) is left out
  // once per state, not walked per user (docs/performance.md, "History out of the hot state").
  const was = before && openOnly(before);
  const now = openOnly(after);
  for (const user of people(now)) {
    const had = new Set(was ? pendingIn(was, user, at).map(itemKey) : []);
    for (const item of pendingIn(now, user, at)) {
      const event = DM_OF_KIND[item.kind];
      if (!event || had.has(itemKey(item))) continue;
      // The proposer of a vote knows it opened.
      if (item.kind === 'vote' && after.votes.find((v) => v.id === item.voteId)?.proposer === user) continue;
      out.push({
        kind: 'dm',
        subject: user,
        payload: { user, event, kind: item.kind, ref: refOf(item), forPlayer: item.forPlayer },
      });
    }
  }
  return out;
}

/** The item a `dm` row is about, if it still waits on its user now (else the message would be stale). */
export function stillWaiting(state: CampaignState, payload: DmPayload, now: Date): PendingItem | null {
  return (
    pendingIn(state, payload.user, now).find(
      (i) => i.kind === payload.kind && refOf(i) === payload.ref && i.forPlayer === payload.forPlayer,
    ) ?? null
  );
}

/** Reads a row's payload back, or null when it is not a direct message's. */
export function dmPayloadOf(p: Record<string, unknown>): DmPayload | null {
  const { user, event, kind, ref, forPlayer } = p;
  if (typeof user !== 'string' || typeof kind !== 'string' || typeof ref !== 'string' || typeof forPlayer !== 'string')
    return null;
  if (!DM_EVENTS.includes(event as DmEvent)) return null;
  if (!Object.hasOwn(DM_OF_KIND, kind)) return null;
  return { user, event: event as DmEvent, kind: kind as PendingKind, ref, forPlayer };
}
