import { createHash } from 'node:crypto';
import { mapFingerprint } from '../render/map-fingerprint.ts';
import { derived } from './state-derived.ts';
import type { PostsContext, PostThrottle, RulesetPost } from '../ruleset.ts';
import { dmPosts } from './me-dm.ts';
import type { CampaignState, StoredEvent } from '../rules/thunderdome/index.ts';

/**
 * What a Thunderdome command makes the bot do in Discord, in the order it is done (docs/delivery.md):
 * the announcement, each turn start's ping with its map (UTD3.3), the live tally of each vote an
 * event named (UTD1.7), the map approval tally (UTD8.16), each battle's thread and setup card
 * (UTD3.4), each opened vote's message, a new map's approval message, and the map after changes
 * (UTD1.12), throttled. Codes only: the words are written when the row is delivered
 * (src/discord/deliveries.ts).
 */
export const THUNDERDOME_POST_KINDS = [
  'announce',
  'turn-start',
  'vote-tally',
  'map-approval-tally',
  'battle-thread',
  'battle-card',
  'vote-post',
  'map-approval-post',
  'map-post',
  'notice',
  'explore-offer',
  // An agreed battle session's Discord server event (battles/session.ts).
  'battle-event',
  // Direct messages a player opted in to with `/me` (me-dm.ts), after the channel's posts.
  'dm',
] as const;
export type PostKind = (typeof THUNDERDOME_POST_KINDS)[number];

export interface ThunderdomePost extends RulesetPost {
  kind: PostKind;
}

/** Events after which the approval message's tally may read differently (UTD8.16). */
const MAP_TALLY_EVENTS = new Set([
  'MapApproved',
  'PlayerJoined',
  'PlayerLeft',
  'PlayerChangedEmpire',
  'EmpireContested',
]);

/**
 * UTD1.12 (the map "rendered after every state change"): the map is posted after every change of
 * what it shows, throttled so a burst of orders makes one image, not twenty — once the campaign
 * has been quiet for 30 s, or at the latest 3 minutes after the first change not yet posted.
 */
export const MAP_POST_THROTTLE: PostThrottle = { quietMs: 30_000, maxWaitMs: 180_000 };

/** A short digest of what the map image shows (map-fingerprint.ts), kept with a map post's row. */
export function mapDigest(state: CampaignState): string {
  // Kept with a kept state (state-derived.ts): the fingerprint of a grown map (400 ships sorted) was
  // the largest single cost of a command.
  return derived(state, 'mapDigest', () =>
    createHash('sha256').update(mapFingerprint(state)).digest('hex').slice(0, 16),
  );
}

export function thunderdomePosts(
  stored: readonly StoredEvent[],
  before: CampaignState | null,
  after: CampaignState,
  ctx: PostsContext,
): ThunderdomePost[] {
  const posts: ThunderdomePost[] = [{ kind: 'announce', subject: '' }];
  for (const e of stored)
    if (e.event.type === 'TurnStarted') posts.push({ kind: 'turn-start', subject: String(e.seq) });
  // UTD5.221–5.224: the explorer's balancing question, posted apart with its buttons.
  for (const e of stored)
    if (e.event.type === 'ExplorationChoiceOffered') posts.push({ kind: 'explore-offer', subject: String(e.seq) });
  const opened = new Set(stored.flatMap((e) => (e.event.type === 'VoteOpened' ? [e.event.vote.id] : [])));
  const named = new Set(
    stored.flatMap((e) => ('voteId' in e.event && typeof e.event.voteId === 'string' ? [e.event.voteId] : [])),
  );
  // A vote opened by this very command is posted with its tally: no edit is needed.
  for (const id of named)
    if (!opened.has(id) && after.votes.some((v) => v.id === id)) posts.push({ kind: 'vote-tally', subject: id });
  if (after.map?.approvalMessageId && stored.some((e) => MAP_TALLY_EVENTS.has(e.event.type)))
    posts.push({ kind: 'map-approval-tally', subject: after.map.approvalMessageId });
  for (const e of stored) {
    if (e.event.type === 'BattleOpened') posts.push({ kind: 'battle-thread', subject: e.event.battle.id });
    if (e.event.type === 'BattleSetupRolled')
      posts.push({ kind: 'battle-card', subject: e.event.battleId, payload: { seq: e.seq } });
  }
  for (const { event } of stored)
    if (event.type === 'BattleSessionAccepted' && event.agreed) {
      const at = after.battles.find((b) => b.id === event.battleId)?.session?.at;
      if (at) posts.push({ kind: 'battle-event', subject: event.battleId, payload: { at } });
    }
  for (const id of opened) posts.push({ kind: 'vote-post', subject: id });
  if (stored.some((e) => e.event.type === 'MapSet'))
    posts.push({
      kind: 'map-approval-post',
      subject: '',
      payload: { superseded: before?.map?.approvalMessageId ?? null },
    });
  // The map after a change it shows, once the burst is over (UTD1.12). Before the start the approval
  // message shows the map (UTD8.16); a turn start's ping carries it (TURN_START, requirements §6.2).
  // `shown` is the map before the burst: a burst that cancels out (an order undone) posts nothing.
  const started = stored.some((e) => e.event.type === 'TurnStarted');
  // A command that changed nothing in the state (a dice roll) hands back the state it was given.
  if (after.map && after.status !== 'registration' && !started && before && after !== before) {
    const shown = mapDigest(before);
    if (shown !== mapDigest(after))
      posts.push({ kind: 'map-post', subject: '', payload: { shown }, throttle: MAP_POST_THROTTLE });
  }
  if (stored.length > 0) posts.push(...directMessages(stored, before, after, ctx));
  return posts;
}

/**
 * The direct messages players chose (me-dm.ts). They are a courtesy on top of the channel's posts:
 * a fault in working them out must never refuse a player's order, so it costs only the messages;
 * the channel's posts above still go out (the turn start pings its player, docs/me.md). The fault
 * is a bug, logged with the campaign and the events, so it is seen and not silently lost.
 */
function directMessages(
  stored: readonly StoredEvent[],
  before: CampaignState | null,
  after: CampaignState,
  ctx: PostsContext,
): ThunderdomePost[] {
  try {
    return dmPosts(before, after, new Date(stored.at(-1)!.at));
  } catch (err) {
    ctx.log.error(
      {
        err,
        campaignId: after.id,
        guildId: after.guildId,
        channelId: after.channelId,
        seqs: `${stored[0]!.seq}–${stored.at(-1)!.seq}`,
        events: [...new Set(stored.map((e) => e.event.type))],
      },
      'direct messages of a command not worked out: none are sent for it',
    );
    return [];
  }
}
