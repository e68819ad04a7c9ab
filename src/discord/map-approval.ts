import {
  AttachmentBuilder,
  type Client,
  type Message,
  type MessageReaction,
  type PartialMessageReaction,
  type PartialUser,
  type SendableChannels,
  type User,
} from 'discord.js';
import { campaignInChannel, versionedCampaign } from '../app/campaigns.ts';
import type { AppContext } from '../app/context.ts';
import { channelsAwaitingMapApproval } from '../app/map-approval.ts';
import { runCommand, type CommandResult } from '../app/run-command.ts';
import { SYSTEM_USER, type CampaignState } from '../rules/thunderdome/index.ts';
import { mapAwaitsApproval, reactionApprovals } from '../rules/thunderdome/map-approval.ts';
import { mapImage } from './images.ts';
import { APPROVE_MAP, mapApprovalSupersededText, mapApprovalText } from './map-approval-words.ts';
import { announce } from './present.ts';

/**
 * Map approval as a reaction vote (UTD8.16). Each new map is posted with an approval
 * message carrying ✅; a ✅ by a joined player runs `/map approve` as that player (one transaction,
 * announced like the command); the message shows the live tally and is edited after every
 * approval, by command or by reaction; a newer map supersedes it; at boot the ✅ reactions made
 * while the bot was down are counted. Approvals only add up: removing a ✅ changes nothing.
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

/**
 * A ✅ added on the approval message: the reacting player approves, through the same rules
 * command as `/map approve`. Bots, outsiders, players who already approved and other emoji change
 * nothing; a removed ✅ never reaches here (approvals are not withdrawn).
 */
export async function onMapApprovalReaction(
  app: AppContext,
  client: Client,
  reaction: MessageReaction | PartialMessageReaction,
  user: User | PartialUser,
): Promise<void> {
  if (user.bot || reaction.emoji.name !== APPROVE_MAP) return;
  const message = reaction.message;
  if (!message.guildId) return;
  const state = await campaignInChannel(app, message.channelId);
  if (!state || reactionApprovals(state, message.id, [user.id]).length === 0) return;
  await approveAs(app, client, message.channelId, user.id, user.username ?? user.id);
}

/**
 * On boot: for every map still waiting for approval, post the approval message if the bot went
 * down before recording one, else count the ✅ of players who reacted while it was down and have
 * not approved yet (only additions: a missing ✅ withdraws nothing).
 */
export async function resyncMapApprovals(app: AppContext, client: Client): Promise<void> {
  for (const channelId of await channelsAwaitingMapApproval(app)) {
    const current = await versionedCampaign(app, channelId);
    if (!current || !mapAwaitsApproval(current.state)) continue;
    const id = current.state.map!.approvalMessageId;
    if (!id) {
      await postApprovalMessage(app, client, channelId, current.state, current.version);
      continue;
    }
    const message = await fetchMessage(client, channelId, id);
    const reaction = message?.reactions.cache.get(APPROVE_MAP);
    if (!reaction) continue;
    const users = [...(await reaction.users.fetch()).values()].filter((u) => !u.bot);
    for (const playerId of reactionApprovals(
      current.state,
      id,
      users.map((u) => u.id),
    )) {
      await approveAs(app, client, channelId, playerId, users.find((u) => u.id === playerId)!.username);
    }
  }
}

/** Runs `/map approve` for a player who reacted, then announces it and edits the tally. */
async function approveAs(
  app: AppContext,
  client: Client,
  channelId: string,
  userId: string,
  displayName: string,
): Promise<void> {
  const state = await campaignInChannel(app, channelId);
  if (!state) return;
  const result = await runCommand(app, {
    target: { guildId: state.guildId, channelId },
    actor: { userId, displayName, isServerAdmin: false },
    command: { type: 'map-approve' },
  });
  // A refusal (say, the map changed or was approved meanwhile) has no one to answer: it changed nothing.
  if (!result.ok || result.duplicate) return;
  await announce(client, channelId, result);
  await updateMapApprovalMessage(client, result);
}

async function postApprovalMessage(
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

async function fetchMessage(client: Client, channelId: string, messageId: string): Promise<Message | null> {
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
