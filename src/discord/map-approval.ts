import { AttachmentBuilder, type Client, type Message } from 'discord.js';
import { outboxRepo } from '../app/outbox.ts';
import { mapAwaitsApproval } from '../rules/thunderdome/map-approval.ts';
import { isPermanent, type RowDelivery } from './delivery.ts';
import { mapImage } from './images.ts';
import { APPROVE_MAP, mapApprovalSupersededText, mapApprovalText } from './map-approval-words.ts';

/**
 * Map approval as a reaction vote (UTD8.16). Each new map is posted with an approval
 * message carrying ✅; a ✅ by a joined player runs `/map approve` as that player (one transaction,
 * announced like the command); the message shows the live tally and is edited after every
 * approval, by command or by reaction; a newer map supersedes it; at boot the ✅ reactions made
 * while the bot was down are counted. The posts and edits are outbox rows (docs/delivery.md). Approvals only add up: removing a ✅ changes nothing.
 * The ✅ handler and the boot-time recount live in reaction-handlers.ts, which runs the
 * after-command steps; the steps here must not import them back (no import cycle).
 */

/**
 * After a `/map generate` or `/map import`: the previous map's approval message is marked as
 * superseded, and the new map is posted with its approval message, which is recorded in the
 * campaign (so a restarted bot finds it, and the first ✅ on it counts) before ✅ is added. Each
 * step is saved as done (docs/delivery.md). A map replaced again before its row is delivered gets
 * no message: the newer map's row posts one. Without Attach Files the message goes out without
 * the picture; without Add Reactions players add ✅ themselves or use `/map approve`.
 */
export async function deliverMapApprovalPost(d: RowDelivery): Promise<void> {
  const channel = await d.channel();
  if (!channel || !('messages' in channel)) return;
  const superseded = d.row.payload['superseded'];
  const current = await d.current();
  if (!current) return;
  if (typeof superseded === 'string' && !d.done('superseded')) {
    await channel.messages
      .edit(superseded, { content: mapApprovalSupersededText(current.state), allowedMentions: { parse: [] } })
      .catch((err: unknown) => {
        if (!isPermanent(err)) throw err;
      });
    await d.mark('superseded');
  }
  if (await outboxRepo.laterRowExists(d.app, d.row)) return;
  const state = current.state;
  const recorded = state.map?.approvalMessageId;
  if (!state.map || !mapAwaitsApproval(state) || (recorded && recorded !== d.progress.messageId)) return;
  if (!d.progress.messageId) {
    const png = await mapImage(state, current.version, await d.app.catalogs.get(state.catalogVersion));
    const text = { content: mapApprovalText(state), allowedMentions: { parse: [] } };
    const message = await d.send(
      channel,
      'm',
      { ...text, files: [new AttachmentBuilder(png, { name: 'map.png' })] },
      text,
    );
    if (!message) return;
    d.progress.messageId = message.id;
    d.point('after-send');
    await d.mark(null);
  }
  const messageId = d.progress.messageId;
  if (!d.done('attach')) {
    if (recorded !== messageId) {
      const attached = await d.system({ type: 'map-approval-attach', messageId }, state);
      // The map changed meanwhile (or another process recorded its own message): this one goes.
      if (!attached.ok) {
        await channel.messages.delete(messageId).catch(() => undefined);
        return;
      }
    }
    d.point('after-record');
    await d.mark('attach');
  }
  await d.react(channel, messageId, APPROVE_MAP);
  d.point('after-react');
}

/**
 * The approval message shows the live tally after a result that changed who approved or who
 * plays, written from the campaign as it is now and never for an older version than an edit
 * already showed, so the tally never goes back; the message of a superseded map is left alone.
 */
export async function deliverMapApprovalTally(d: RowDelivery): Promise<void> {
  const current = await d.current();
  if (!current || current.state.map?.approvalMessageId !== d.row.subject) return;
  if ((await outboxRepo.lastRenderedVersion(d.app, d.row)) >= current.version) return;
  const channel = await d.channel();
  if (!channel || !('messages' in channel)) return;
  await channel.messages.edit(d.row.subject, {
    content: mapApprovalText(current.state),
    allowedMentions: { parse: [] },
  });
  d.progress.renderedVersion = current.version;
}

/** The message, or null when it or its channel is gone. */
export async function fetchMessage(client: Client, channelId: string, messageId: string): Promise<Message | null> {
  const channel = await client.channels.fetch(channelId).catch(() => null);
  if (!channel?.isTextBased()) return null;
  return channel.messages.fetch(messageId).catch(() => null);
}
