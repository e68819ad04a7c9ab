/**
 * Gateway events that mirror state changes made over REST or by the driver, gated by intents the
 * way Discord gates them, so a bot that forgot an intent misses the event here as well.
 */
import { GatewayIntentBits } from 'discord-api-types/v10';
import type { StandInContext } from './context.ts';
import { apiChannel, apiMember, apiMessage } from './serialize.ts';
import type { ChannelRecord, MessageRecord } from './types.ts';

type Json = Record<string, unknown>;

export function dispatchMessage(
  ctx: StandInContext,
  t: 'MESSAGE_CREATE' | 'MESSAGE_UPDATE',
  message: MessageRecord,
): void {
  if (message.ephemeral) return;
  const { store, gateway } = ctx;
  const intent = message.guildId ? GatewayIntentBits.GuildMessages : GatewayIntentBits.DirectMessages;
  const payload = apiMessage(store, message);
  const guild = message.guildId ? store.guilds.get(message.guildId) : undefined;
  if (guild?.members.has(message.authorId)) {
    const { user: _user, ...member } = apiMember(store, guild, message.authorId);
    payload['member'] = member;
  }
  const mentionsBot = message.content.includes(`<@${store.botUser.id}>`);
  gateway.dispatchWith(t, (session) => {
    if ((session.intents & intent) === 0) return undefined;
    // Without the privileged MessageContent intent, other users' guild messages arrive hollowed out.
    const seesContent =
      (session.intents & GatewayIntentBits.MessageContent) !== 0 ||
      message.authorId === store.botUser.id ||
      !message.guildId ||
      mentionsBot;
    return seesContent ? payload : { ...payload, content: '', embeds: [], attachments: [], components: [] };
  });
}

export function dispatchMessageDelete(ctx: StandInContext, message: MessageRecord): void {
  if (message.ephemeral) return;
  const intent = message.guildId ? GatewayIntentBits.GuildMessages : GatewayIntentBits.DirectMessages;
  const payload: Json = {
    id: message.id,
    channel_id: message.channelId,
    ...(message.guildId ? { guild_id: message.guildId } : {}),
  };
  ctx.gateway.dispatch('MESSAGE_DELETE', payload, intent);
}

export function dispatchChannel(
  ctx: StandInContext,
  t: 'CHANNEL_CREATE' | 'CHANNEL_UPDATE' | 'CHANNEL_DELETE' | 'THREAD_CREATE' | 'THREAD_UPDATE' | 'THREAD_DELETE',
  channel: ChannelRecord,
  extra: Json = {},
): void {
  if (!channel.guildId) return; // DM channels are not announced over the gateway.
  ctx.gateway.dispatch(t, { ...apiChannel(ctx.store, channel), ...extra }, GatewayIntentBits.Guilds);
}
