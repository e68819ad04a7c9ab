import { z } from 'zod';
import { refuse } from '../errors.ts';
import { SYSTEM_USER, type Decider } from './decider.ts';
import type { CampaignState, Player } from './state.ts';
import type { OrderTable } from './order-spec.ts';

/**
 * Map approval as a reaction vote (UTD8.16). The bot posts each new map with an
 * approval message and records the message here, so a restarted bot finds it again. A ✅ on it
 * by a joined player is that player's `/map approve` (setup.ts `approveMap`, run as the player);
 * approvals only ever add up (a removed ✅ withdraws nothing), so there is no ballot to store:
 * the approvals of the map are the tally.
 */
export type MapApprovalCommand = { type: 'map-approval-attach'; messageId: string };

/** The orders of this sub-system, one spec each (order-spec.ts); decide.ts gathers every table. */
export const MAP_APPROVAL_ORDERS = {
  'map-approval-attach': {
    input: z.object({ messageId: z.string() }),
    who: 'anyone',
    decide: (d, c) => attachMapApprovalMessage(d, c.messageId),
  },
} satisfies OrderTable<MapApprovalCommand>;

/**
 * Records the bot's approval message of the current map. Only the bot does this; a map has one
 * approval message (a second bot process that posted one too is refused and removes its own).
 */
export function attachMapApprovalMessage(d: Decider, messageId: string): void {
  const state = d.state;
  if (d.ctx.actor.userId !== SYSTEM_USER)
    refuse('permission/system', 'UTD8.16', 'Only the bot records its map approval message.');
  if (state.status !== 'registration' || !state.map)
    refuse('map/none', 'UTD8.16', 'There is no map waiting for approval.');
  if (state.map.approvalMessageId)
    refuse('map/approval-posted', 'UTD8.16', 'This map already has its approval message.');
  d.emit({ type: 'MapApprovalPosted', messageId });
}

/** Whether the map still waits for approvals (before the start, not yet unanimous). */
export function mapAwaitsApproval(state: CampaignState): boolean {
  return state.status === 'registration' && !!state.map && !state.map.approved;
}

/**
 * The users among `reactors` (who put ✅ on `messageId`) whose reaction approves the map now:
 * joined, active players who have not approved yet, on the current map's approval message while
 * it waits for approval. Anyone else (an outsider, a proxy, the bot, a player who already
 * approved) changes nothing. In join order, each once.
 */
export function reactionApprovals(state: CampaignState, messageId: string, reactors: readonly string[]): string[] {
  const map = state.map;
  if (!mapAwaitsApproval(state) || !map || map.approvalMessageId !== messageId) return [];
  return state.players
    .filter((p) => p.status === 'active' && reactors.includes(p.id) && !map.approvals.includes(p.id))
    .map((p) => p.id);
}

/** Who approved the current map and who is still missing, both in join order. */
export function mapApprovalTally(state: CampaignState): { approved: Player[]; missing: Player[] } {
  const approvals = state.map?.approvals ?? [];
  const players = state.players.filter((p) => p.status === 'active');
  return {
    approved: players.filter((p) => approvals.includes(p.id)),
    missing: players.filter((p) => !approvals.includes(p.id)),
  };
}
