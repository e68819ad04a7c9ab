import { outboxRepo } from '../app/outbox.ts';
import type { Vote } from '../rules/thunderdome/index.ts';
import { voteRows } from './component-rows.ts';
import type { RowDelivery } from './delivery.ts';
import { voteText } from './words.ts';

export const YES = '✅';
export const NO = '❌';

/** Regional-indicator letters for the options of a multi-option vote (UTF3.45): 🇦, 🇧, … */
export function optionEmoji(key: string): string {
  return String.fromCodePoint(0x1f1e6 + key.charCodeAt(0) - 65);
}

export function emojiChoice(vote: Vote, emoji: string | null): string | null {
  if (!emoji) return null;
  if (vote.options) return vote.options.find((o) => optionEmoji(o.key) === emoji)?.key ?? null;
  return emoji === YES ? 'yes' : emoji === NO ? 'no' : null;
}

/**
 * A vote's message (UTD1.7): posted with the live tally, recorded in the campaign (so a ✅ on it
 * counts from the first click), then given its reactions. Each step is saved as it is done: after a
 * crash the message is neither lost (the vote would stay open with no one able to see or vote on
 * it) nor posted twice. Without Add Reactions the message still goes out, and players add the
 * ✅/❌ themselves (any reaction of theirs is a ballot).
 */
export async function deliverVotePost(d: RowDelivery): Promise<void> {
  const current = await d.current();
  const history = current ? null : await d.history();
  const state = current?.state ?? history?.state;
  const vote = state?.votes.find((v) => v.id === d.row.subject);
  if (!state || !vote) return;
  // Already posted (by an older version of the bot, or recorded before a crash).
  if (vote.messageId && !d.progress.messageId) return;
  const channel = await d.channel();
  if (!channel) return;
  if (!d.progress.messageId) {
    const message = await d.send(channel, 'v', {
      content: voteText(vote, state),
      allowedMentions: { parse: [] },
      // Buttons for the choices beside the reactions (component-rows.ts).
      components: voteRows(vote),
    });
    if (!message) return;
    d.progress.messageId = message.id;
    d.point('after-send');
    await d.mark(null);
  }
  const messageId = d.progress.messageId;
  if (!d.done('attach')) {
    if (vote.messageId !== messageId) await d.system({ type: 'vote-attach', voteId: vote.id, messageId }, state);
    d.point('after-record');
    await d.mark('attach');
  }
  const emoji = vote.options ? vote.options.map((o) => optionEmoji(o.key)) : [YES, NO];
  for (const e of emoji) if (!(await d.react(channel, messageId, e))) break;
  d.point('after-react');
}

/**
 * A vote's message shows the live tally after any event that names the vote, whoever caused it.
 * It is written from the campaign as it is now, and never for a version older than one an edit
 * already showed (by this process or another): a tally never goes back.
 */
export async function deliverVoteTally(d: RowDelivery): Promise<void> {
  const current = await d.current();
  const vote = current?.state.votes.find((v) => v.id === d.row.subject);
  if (!current || !vote?.messageId) return;
  if ((await outboxRepo.lastRenderedVersion(d.app, d.row)) >= current.version) return;
  const channel = await d.channel();
  if (!channel || !('messages' in channel)) return;
  await channel.messages.edit(vote.messageId, {
    content: voteText(vote, current.state),
    allowedMentions: { parse: [] },
    // A closed vote's buttons go; an open one's stay.
    components: voteRows(vote),
  });
  d.progress.renderedVersion = current.version;
}
