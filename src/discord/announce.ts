import {
  AttachmentBuilder,
  MessageFlags,
  Routes,
  type APIMessage,
  type MessageCreateOptions,
  type RepliableInteraction,
} from 'discord.js';
import type { CommandResult } from '../app/run-command.ts';
import type { CampaignState, StoredEvent } from '../rules/thunderdome/index.ts';
import type { RowDelivery } from './delivery.ts';
import { proposalRows, turnPostRows } from './component-rows.ts';
import { chainHeadLine } from './governance-words.ts';
import { explorationButtons, explorationWaitLine } from './exploration-words.ts';
import { wordsContext } from './words-context.ts';
import { mapImageFor } from './images.ts';
import { pingOnly, send, sendError } from './send.ts';
import { describeEvent, mention, splitMessage, WORDS } from './words.ts';

/**
 * What a command's result says in public: one line per event (everything at campaign level is
 * public, UTD3.1). Turn starts are kept apart and posted on their own, so the next player is
 * pinged and sees the map (UTD3.3).
 */
function announcementLines(result: { events: readonly StoredEvent[]; state: CampaignState }): { lines: string[] } {
  const lines: string[] = [];
  for (const stored of result.events) {
    // Turn starts and balancing questions have outbox rows of their own, each pinging its player;
    // the command's own answer says the turn waits for the question.
    if (stored.event.type === 'TurnStarted') continue;
    if (stored.event.type === 'ExplorationChoiceOffered') {
      lines.push(explorationWaitLine(stored.event.offer, wordsContext(stored, result.state)));
      continue;
    }
    const line = describeEvent(stored, result.state);
    if (line) lines.push(line);
  }
  const proxied = result.events[0]?.actor.asPlayer;
  // UTD3.2: an action by a proxy says who acted for whom.
  if (proxied)
    lines.unshift(`🤝 ${mention(result.events[0]!.actor.userId)} acts as proxy for ${mention(proxied)} (UTD3.2):`);
  return { lines };
}

/**
 * The answer to a command given through an interaction (a slash command, a Confirm button): a
 * refusal or a repeated delivery only to the player, ephemeral; a change in public, with the
 * announcement. Returns whether the public announcement went out as the reply, so the outbox row
 * holding it is finished (docs/delivery.md); without an interaction the deliverer posts it.
 */
export async function replyToInteraction(
  result: CommandResult,
  interaction: RepliableInteraction | undefined,
  untold: readonly string[] = [],
): Promise<boolean> {
  if (!interaction) return false;
  if (!result.ok) {
    await sendError(interaction, result.error);
    return false;
  }
  if (result.duplicate) {
    await send(interaction, { content: WORDS.duplicate, flags: MessageFlags.Ephemeral });
    return false;
  }
  const { lines } = announcementLines(result);
  const pings = campaignPings(result);
  const [first, ...rest] = splitMessage([...lines, ...untold].join('\n\n') || '✅ Done.');
  // A proposed result carries Accept and Reject for the other side (component-rows.ts).
  const components = proposalRows(result.events, result.state);
  await send(interaction, { content: first!, allowedMentions: pings, ...(components.length ? { components } : {}) });
  for (const more of rest) await interaction.followUp({ content: more, allowedMentions: pings });
  return true;
}

/** How long Discord keeps an interaction's token: its reply can be read and completed until then. */
const INTERACTION_TOKEN_MS = 15 * 60_000;

/**
 * The announcement row: posted in the campaign channel, unless it went out as the interaction's
 * reply (the reply step then finished the row, so a row still here right after its command means
 * the reply failed). After a crash, a row whose interaction is under 15 minutes old asks Discord
 * for the reply: a public one already made finishes the row, a deferred one ("thinking…") is
 * completed with the announcement, and only an interaction never publicly answered is announced
 * in the channel.
 */
export async function deliverAnnouncement(d: RowDelivery): Promise<void> {
  if (d.progress.replied) return;
  const history = await d.history();
  if (!history) return;
  const { lines } = announcementLines({ events: history.events, state: history.state });
  const pings = campaignPings(history);
  const token = d.row.interactionToken;
  const text = splitMessage(lines.join('\n\n'));
  if (token && !d.fromMemory && d.app.clock.now().getTime() - d.row.createdAt.getTime() < INTERACTION_TOKEN_MS) {
    const original = await d.client.rest
      .get(Routes.webhookMessage(d.client.application!.id, token, '@original'))
      .then((m) => m as APIMessage)
      .catch(() => null);
    // An ephemeral answer (the router telling the player Discord refused the reply) announced nothing.
    const publicReply = original && ((original.flags ?? 0) & MessageFlags.Ephemeral) === 0 ? original : null;
    if (publicReply && (publicReply.content || publicReply.embeds.length > 0 || publicReply.attachments.length > 0)) {
      d.progress.replied = true;
      return;
    }
    if (publicReply) {
      await d.client.rest.patch(Routes.webhookMessage(d.client.application!.id, token, '@original'), {
        body: {
          content: text[0] || '✅ Done.',
          allowed_mentions: pings,
          components: proposalRows(history.events, history.state).map((r) => r.toJSON()),
        },
      });
      d.progress.replied = true;
      return;
    }
  }
  if (lines.length === 0) return;
  const channel = await d.channel();
  if (!channel) return;
  for (const [i, piece] of text.entries())
    if (piece && !d.done(`a${i}`)) {
      await d.send(channel, `a${i}`, {
        content: piece,
        allowedMentions: pings,
        ...(i === 0 ? { components: proposalRows(history.events, history.state) } : {}),
      });
      d.point('after-send');
      await d.mark(`a${i}`);
    }
}

/**
 * Who an announcement may ping: the campaign's players and whoever acted (UTD3.1: players are
 * told of what concerns them). Only these ids are allowed, so a mention typed into a name (a
 * sector, a fleet, the campaign) pings no one outside the campaign, and `@everyone` or a role
 * pings nobody.
 */
function campaignPings(result: { events: readonly StoredEvent[]; state: CampaignState }) {
  const actor = result.events[0]?.actor;
  return pingOnly([
    ...result.state.players.map((p) => p.id),
    ...(actor ? [actor.userId, ...(actor.asPlayer ? [actor.asPlayer] : [])] : []),
  ]);
}

/**
 * Each player's turn is announced in the campaign channel with its deadline and the current map,
 * pinging the player (UTD3.3, 3.31) — whether the turn was started by a command, a button, a
 * reaction or the scheduler, and even when the command was typed in a battle thread. Without
 * Attach Files the ping goes out without its map.
 */
export async function deliverTurnStart(d: RowDelivery): Promise<void> {
  const history = await d.history();
  const stored = history?.events.find((e) => e.seq === Number(d.row.subject));
  if (!history || !stored) return;
  const content = describeEvent(stored, history.state);
  if (!content) return;
  const channel = await d.channel();
  if (!channel) return;
  // The chain head vouches for the whole log up to this turn (src/rules/event-chain.ts).
  const head = typeof d.row.payload['chainHead'] === 'string' ? d.row.payload['chainHead'] : null;
  const png = history.state.map ? await mapImageFor(d.client, history.state, d.row.version) : null;
  const text: MessageCreateOptions = {
    content: head ? `${content}\n${chainHeadLine(head)}` : content,
    // The player whose turn it is, and only them (UTD3.3).
    allowedMentions: pingOnly(stored.event.type === 'TurnStarted' ? [stored.event.playerId] : []),
    // The common orders as buttons, valid while this turn runs (components-turn.ts).
    components: turnPostRows(stored),
  };
  await d.send(channel, 't', png ? { ...text, files: [new AttachmentBuilder(png, { name: 'map.png' })] } : text, text);
  d.point('after-send');
}

/**
 * An explorer's balancing question (UTD5.221–5.224) is posted in the campaign channel on its own,
 * pinging only that player, with one button per answer the rules allow (exploration-words.ts); the
 * turn waits for it. Without a button the player answers with `/sector choose`.
 */
export async function deliverExplorationOffer(d: RowDelivery): Promise<void> {
  const history = await d.history();
  const stored = history?.events.find((e) => e.seq === Number(d.row.subject));
  if (!history || stored?.event.type !== 'ExplorationChoiceOffered') return;
  const content = describeEvent(stored, history.state);
  if (!content) return;
  const channel = await d.channel();
  if (!channel) return;
  await d.send(channel, 'q', {
    content,
    components: [explorationButtons(stored.event.offer)],
    allowedMentions: pingOnly([stored.event.offer.playerId]),
  });
  d.point('after-send');
}
