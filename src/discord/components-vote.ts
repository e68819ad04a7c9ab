import { MessageFlags } from 'discord.js';
import { runCommand } from '../app/run-command.ts';
import { runAfterCommand } from './after-command.ts';
import { campaignHere, stale, type ComponentHandler } from './components.ts';
import { presentError, send } from './present.ts';

/**
 * A ballot cast with a button under a vote's message (UTD1.7): the same `ballot` the reactions
 * cast, refused privately for anyone outside the electorate, stale once the vote is closed. The
 * vote's message shows the new tally and a vote that is decided is announced, as after a reaction.
 */
const castByButton: ComponentHandler = async (i, [voteId, choice], ctx) => {
  const here = await campaignHere(ctx);
  const vote = here?.state.votes.find((v) => v.id === voteId);
  if (!here || !vote || vote.status !== 'open' || !vote.messageId)
    return stale(i, 'This vote is closed (UTD1.7).', '`/campaign status` lists the open votes.');
  if (!vote.electorate.includes(ctx.actor.userId))
    return presentError(i, {
      code: 'vote/not-a-voter',
      rule: 'UTD1.7',
      message: 'You are not among the voters of this vote.',
      hint: 'The players of the campaign vote (in an appeal, only those outside the battle, UTF3.45).',
    });
  const valid = vote.options ? vote.options.some((o) => o.key === choice) : choice === 'yes' || choice === 'no';
  if (!valid) return stale(i, 'This button is not a choice of this vote.', 'Use the buttons under the vote message.');
  const label = vote.options?.find((o) => o.key === choice)?.label ?? choice ?? '';
  const result = await runCommand(ctx.app, {
    target: ctx.target,
    actor: ctx.actor,
    command: { type: 'ballot', messageId: vote.messageId, choice: choice ?? '', present: true, button: true },
    interactionId: i.id,
  });
  if (!result.ok) return presentError(i, result.error);
  await send(i, {
    content: `🗳️ Your ballot: **${label}**. Press another choice to change it; a reaction counts too (the latest ballot counts).`,
    flags: MessageFlags.Ephemeral,
    allowedMentions: { parse: [] },
  });
  // The tally edit and a decided vote's announcement go out as after a reaction (deliverer).
  await runAfterCommand(i.client, result, { via: 'button', app: ctx.app, channelId: ctx.target.channelId });
  return { ok: true };
};

export const VOTE_COMPONENTS = { vo: castByButton } as const satisfies Record<string, ComponentHandler>;
