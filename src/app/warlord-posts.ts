import type { RulesetPost, StoredEventOf } from '../ruleset.ts';
import type { WarlordCampaign, WarlordEvent } from './warlord-types.ts';

/**
 * What a Warlord command makes the bot post (docs/delivery.md), as codes: the public news of the
 * command in the game channel (joins, the start, who has sent orders, a processed turn), and after
 * a processed turn each corporation's report in its private thread (fog of war: only its players
 * read it), and when a seat passes to a standby player (§11.4) its thread's new member. The words
 * are written when the row is delivered (src/discord/warlord-deliveries.ts).
 */
export const WARLORD_POST_KINDS = ['warlord-news', 'warlord-report', 'warlord-seat'] as const;
export type WarlordPostKind = (typeof WARLORD_POST_KINDS)[number];

export interface WarlordPost extends RulesetPost {
  kind: WarlordPostKind;
}

export function warlordPosts(
  stored: readonly StoredEventOf<WarlordEvent>[],
  _before: WarlordCampaign | null,
  after: WarlordCampaign,
): WarlordPost[] {
  // A recorded thread is the deliverer's own bookkeeping: nothing to tell anyone.
  if (stored.every((e) => e.event.type === 'WarlordThreadOpened')) return [];
  const posts: WarlordPost[] = [{ kind: 'warlord-news', subject: '' }];
  for (const e of stored) {
    if (e.event.type === 'WarlordTurnProcessed')
      for (const p of after.players)
        posts.push({ kind: 'warlord-report', subject: String(p.corp), payload: { seq: e.seq } });
    // A seat handed to a standby player (§11.4): its private thread changes members.
    if (e.event.type === 'WarlordStandbyClosed' && e.event.passed)
      posts.push({
        kind: 'warlord-seat',
        subject: String(e.event.corp),
        payload: { from: e.event.from, to: e.event.to },
      });
  }
  return posts;
}
