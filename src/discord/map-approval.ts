import { AttachmentBuilder, type Client, type Message, type SendableChannels } from 'discord.js';
import type { AppContext } from '../app/context.ts';
import { runCommand, type CommandResult } from '../app/run-command.ts';
import { SYSTEM_USER, type CampaignState } from '../rules/thunderdome/index.ts';
import { mapImage } from './images.ts';
import { APPROVE_MAP, mapApprovalSupersededText, mapApprovalText } from './map-approval-words.ts';

/**
 * Map approval as a reaction vote (UTD8.16). Each new map is posted with an approval
 * message carrying ✅; a ✅ by a joined player runs `/map approve` as that player (one transaction,
 * announced like the command); the message shows the live tally and is edited after every
 * approval, by command or by reaction; a newer map supersedes it; at boot the ✅ reactions made
 * while the bot was down are counted. Approvals only add up: removing a ✅ changes nothing.
 * The ✅ handler and the boot-time recount live in reaction-handlers.ts, which runs the
 * after-command steps; the steps here must not import them back (no import cycle).
 */
const SYSTEM = { userId: SYSTEM_USER, displayName: 'Campaign Master', isServerAdmin: false };

/** Events after which the tally on the approval message may read differently. */
const TALLY_EVENTS = new Set(['MapApproved', 'PlayerJoined', 'PlayerLeft', 'PlayerChangedEmpire', 'EmpireContested']);

/**
 * After a `/map generate` or `/map import`: the previous map's approval message is marked as
 * superseded, and the new map is posted with its approval message, which is recorded in the
 * campaign so a restarted bot finds it.
 */
export async function postMapApproval(
  app: AppContext,
  client: Client,
  channelId: string,
  result: CommandResult,
): Promise<void> {
  if (!result.ok || result.duplicate || !result.events.some((e) => e.event.type === 'MapSet')) return;
  const old = result.sharedBefore?.map?.approvalMessageId;
  if (old)
    await editInOrder(client, channelId, old, result.events.at(-1)!.seq, mapApprovalSupersededText(result.state));
  await postApprovalMessage(app, client, channelId, result.state, result.events.at(-1)!.seq);
}

/** Edits the approval message with the live tally when a result changed who approved or who plays. */
export async function updateMapApprovalMessage(client: Client, result: CommandResult): Promise<void> {
  if (!result.ok || result.duplicate || !result.events.some((e) => TALLY_EVENTS.has(e.event.type))) return;
  const id = result.state.map?.approvalMessageId;
  if (id)
    await editInOrder(client, result.state.channelId, id, result.events.at(-1)!.seq, mapApprovalText(result.state));
}

/** Posts the approval message of the current map and records it in the campaign. */
export async function postApprovalMessage(
  app: AppContext,
  client: Client,
  channelId: string,
  state: CampaignState,
  version: number,
): Promise<void> {
  const channel = await client.channels.fetch(channelId).catch(() => null);
  if (!channel?.isSendable()) return;
  const png = await mapImage(state, version, await app.catalogs.get(state.catalogVersion));
  const message = await (channel as SendableChannels).send({
    content: mapApprovalText(state),
    files: [new AttachmentBuilder(png, { name: 'map.png' })],
    allowedMentions: { parse: [] },
  });
  // Recorded before the ✅ is offered, so the first clicks on it already find the message.
  const attached = await runCommand(app, {
    target: { guildId: state.guildId, channelId },
    actor: SYSTEM,
    command: { type: 'map-approval-attach', messageId: message.id },
  });
  // Another bot process recorded its own message first (or the map changed meanwhile): this one goes.
  if (!attached.ok) {
    await message.delete().catch(() => undefined);
    return;
  }
  await message.react(APPROVE_MAP);
}

/** The message, or null when it or its channel is gone. */
export async function fetchMessage(client: Client, channelId: string, messageId: string): Promise<Message | null> {
  const channel = await client.channels.fetch(channelId).catch(() => null);
  if (!channel?.isTextBased()) return null;
  return channel.messages.fetch(messageId).catch(() => null);
}

/**
 * The last campaign version each approval message was edited for, and the edit under way. Two
 * approvals landing together (two ✅ at once) are edited in the order of their versions, and an
 * edit for an older version than one already made is dropped, so the tally never goes back and a
 * late tally edit cannot undo "superseded". Per logged-in client (so per bot process).
 */
const editsByClient = new WeakMap<Client, Map<string, { version: number; done: Promise<void> }>>();

function editInOrder(
  client: Client,
  channelId: string,
  messageId: string,
  version: number,
  content: string,
): Promise<void> {
  let edits = editsByClient.get(client);
  if (!edits) editsByClient.set(client, (edits = new Map()));
  const previous = edits.get(messageId);
  if (previous && previous.version >= version) return previous.done;
  const done = (previous?.done ?? Promise.resolve()).then(async () => {
    const message = await fetchMessage(client, channelId, messageId);
    if (message) await message.edit({ content, allowedMentions: { parse: [] } });
  });
  edits.set(messageId, { version, done: done.catch(() => undefined) });
  return done;
}
