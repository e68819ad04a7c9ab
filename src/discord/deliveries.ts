import type { PostKind } from '../app/thunderdome-posts.ts';
import type { WarlordPostKind } from '../app/warlord-posts.ts';
import { deliverAnnouncement, deliverExplorationOffer, deliverTurnStart } from './announce.ts';
import { deliverBattleCard, deliverBattleThread } from './battle-threads.ts';
import type { RowDelivery } from './delivery.ts';
import { deliverDm } from './dm-delivery.ts';
import { deliverBattleEvent } from './battle-event.ts';
import { deliverMapApprovalPost, deliverMapApprovalTally } from './map-approval.ts';
import { deliverMapPost } from './map-posts.ts';
import { refusedNotice, NEEDED_PERMISSIONS, type NeededPermission } from './permission-words.ts';
import { deliverVotePost, deliverVoteTally } from './votes.ts';
import { deliverWarlordNews, deliverWarlordReport, deliverWarlordSeat } from './warlord-deliveries.ts';

/**
 * How each kind of outbox row is delivered (docs/delivery.md): one function per kind the rules
 * write (src/app/thunderdome-posts.ts), so a kind without one is a compile error. Each does its
 * steps in order, saving each as done; the deliverer (deliverer.ts) finishes the row after it.
 */
export const DELIVERIES = {
  announce: deliverAnnouncement,
  'turn-start': deliverTurnStart,
  'vote-tally': deliverVoteTally,
  'map-approval-tally': deliverMapApprovalTally,
  'battle-thread': deliverBattleThread,
  'battle-card': deliverBattleCard,
  'vote-post': deliverVotePost,
  'map-approval-post': deliverMapApprovalPost,
  'map-post': deliverMapPost,
  notice: deliverNotice,
  'explore-offer': deliverExplorationOffer,
  'battle-event': deliverBattleEvent,
  dm: deliverDm,
  // Star Fleet Warlord (src/app/warlord-posts.ts).
  'warlord-news': deliverWarlordNews,
  'warlord-report': deliverWarlordReport,
  'warlord-seat': deliverWarlordSeat,
} as const satisfies Record<PostKind | WarlordPostKind, (d: RowDelivery) => Promise<void>>;

export function isPostKind(kind: string): kind is PostKind | WarlordPostKind {
  return Object.hasOwn(DELIVERIES, kind);
}

/**
 * A refused post, told once in the channel. When Discord refuses the notice too (Send Messages is
 * what is missing), it is told in the next public reply to a command in the campaign instead.
 */
async function deliverNotice(d: RowDelivery): Promise<void> {
  const permission = d.row.payload['permission'];
  if (typeof permission !== 'string' || !Object.hasOwn(NEEDED_PERMISSIONS, permission)) return;
  const channel = await d.channel();
  const posted = channel
    ? await channel
        .send({
          content: refusedNotice(permission as NeededPermission),
          allowedMentions: { parse: [] },
          nonce: d.nonce('n'),
          enforceNonce: true,
        })
        .catch(() => null)
    : null;
  if (!posted) d.host.untold(d.row.campaignId, permission as NeededPermission);
}
