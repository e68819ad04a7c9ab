/** Channels and threads: fetch/edit/delete, thread creation (from a message or standalone), thread members. */
import { ChannelType, GatewayIntentBits, MessageType } from 'discord-api-types/v10';
import type { StandInContext } from '../context.ts';
import {
  cannotExecuteOnChannelType,
  invalidFormBody,
  missingAccess,
  threadAlreadyCreated,
  unknownChannel,
  unknownMember,
  unknownMessage,
} from '../errors.ts';
import { dispatchChannel, dispatchMessage } from '../events.ts';
import { asObject } from '../message-payload.ts';
import type { Router } from '../router.ts';
import { apiChannel, apiThreadMember } from '../serialize.ts';
import { isThread } from '../store.ts';
import type { ChannelRecord } from '../types.ts';

type Json = Record<string, unknown>;

const ARCHIVE_DURATIONS = [60, 1440, 4320, 10080];

export function registerChannelRoutes(router: Router, ctx: StandInContext): void {
  const { store } = ctx;
  const channelOf = (params: Record<string, string>): ChannelRecord => {
    const channel = store.channels.get(params['channelId'] ?? '');
    if (!channel) throw unknownChannel();
    return channel;
  };
  const threadOf = (params: Record<string, string>): ChannelRecord => {
    const channel = channelOf(params);
    if (!channel.thread) throw cannotExecuteOnChannelType();
    return channel;
  };

  router.add('GET', '/channels/:channelId', ({ params }) => ({ body: apiChannel(store, channelOf(params)) }));

  router.add('PATCH', '/channels/:channelId', ({ params, json }) => {
    const channel = channelOf(params);
    const body = asObject(json);
    if (typeof body['name'] === 'string') {
      if (body['name'].length < 1 || body['name'].length > 100) {
        throw invalidFormBody(['name'], 'BASE_TYPE_BAD_LENGTH', 'Must be between 1 and 100 in length.');
      }
      channel.name = body['name'];
    }
    if ('topic' in body && !channel.thread) channel.topic = typeof body['topic'] === 'string' ? body['topic'] : null;
    if (channel.thread) {
      const t = channel.thread;
      if (typeof body['archived'] === 'boolean' && body['archived'] !== t.archived) {
        t.archived = body['archived'];
        t.archiveTimestamp = new Date().toISOString();
      }
      if (typeof body['locked'] === 'boolean') t.locked = body['locked'];
      if (typeof body['invitable'] === 'boolean') t.invitable = body['invitable'];
      if (typeof body['auto_archive_duration'] === 'number') t.autoArchiveDuration = body['auto_archive_duration'];
    }
    dispatchChannel(ctx, channel.thread ? 'THREAD_UPDATE' : 'CHANNEL_UPDATE', channel);
    return { body: apiChannel(store, channel) };
  });

  router.add('DELETE', '/channels/:channelId', ({ params }) => {
    const channel = channelOf(params);
    if (channel.type === ChannelType.DM) return { body: apiChannel(store, channel) }; // "closing" a DM keeps it
    store.channels.delete(channel.id);
    dispatchChannel(ctx, channel.thread ? 'THREAD_DELETE' : 'CHANNEL_DELETE', channel);
    return { body: apiChannel(store, channel) };
  });

  // Thread from an existing message: the thread takes the message's id, as on Discord.
  router.add('POST', '/channels/:channelId/messages/:messageId/threads', ({ params, json }) => {
    const parent = channelOf(params);
    if (parent.type !== ChannelType.GuildText && parent.type !== ChannelType.GuildAnnouncement)
      throw cannotExecuteOnChannelType();
    const message = store.channelMessage(parent.id, params['messageId'] ?? '');
    if (!message) throw unknownMessage();
    if (message.threadId) throw threadAlreadyCreated();
    const body = asObject(json);
    const type =
      parent.type === ChannelType.GuildAnnouncement ? ChannelType.AnnouncementThread : ChannelType.PublicThread;
    const thread = createThread(ctx, parent, message.id, body, type, message.id);
    message.threadId = thread.id;
    store.touchMessage(message);
    dispatchMessage(ctx, 'MESSAGE_UPDATE', message);
    return { status: 201, body: apiChannel(store, thread) };
  });

  // Standalone thread. API default type is a private thread; discord.js always sends a type.
  router.add('POST', '/channels/:channelId/threads', ({ params, json }) => {
    const parent = channelOf(params);
    if (parent.type !== ChannelType.GuildText && parent.type !== ChannelType.GuildAnnouncement)
      throw cannotExecuteOnChannelType();
    const body = asObject(json);
    const type = typeof body['type'] === 'number' ? (body['type'] as ChannelType) : ChannelType.PrivateThread;
    if (!isThread(type)) throw invalidFormBody(['type'], 'BASE_TYPE_CHOICES', 'Value must be one of {10, 11, 12}.');
    const thread = createThread(ctx, parent, store.ids.next(), body, type, null);
    if (type !== ChannelType.PrivateThread) {
      // Public threads without a starter message leave a "started a thread" system message in the parent.
      const notice = store.newMessage({
        channelId: parent.id,
        authorId: store.botUser.id,
        type: MessageType.ThreadCreated,
        content: thread.name,
        reference: { messageId: thread.id, channelId: thread.id, guildId: parent.guildId },
      });
      store.addMessage(notice);
      dispatchMessage(ctx, 'MESSAGE_CREATE', notice);
    }
    return { status: 201, body: apiChannel(store, thread) };
  });

  router.add('GET', '/guilds/:guildId/threads/active', ({ params }) => {
    const threads = store.guildThreads(params['guildId'] ?? '').filter((t) => t.thread && !t.thread.archived);
    return { body: { threads: threads.map((t) => apiChannel(store, t)), members: threadMembersOfBot(ctx, threads) } };
  });
  for (const visibility of ['public', 'private'] as const) {
    router.add('GET', `/channels/:channelId/threads/archived/${visibility}`, ({ params }) => {
      const parent = channelOf(params);
      const wanted =
        visibility === 'public'
          ? [ChannelType.PublicThread, ChannelType.AnnouncementThread]
          : [ChannelType.PrivateThread];
      const threads = [...store.channels.values()].filter(
        (c) => c.parentId === parent.id && c.thread?.archived === true && wanted.includes(c.type),
      );
      return {
        body: {
          threads: threads.map((t) => apiChannel(store, t)),
          members: threadMembersOfBot(ctx, threads),
          has_more: false,
        },
      };
    });
  }

  // Thread members.
  const memberIdOf = (params: Record<string, string>) =>
    params['userId'] === '@me' ? store.botUser.id : (params['userId'] ?? '');
  for (const path of ['/channels/:channelId/thread-members/@me', '/channels/:channelId/thread-members/:userId']) {
    router.add('PUT', path, ({ params }) => {
      const thread = threadOf(params);
      const userId = path.endsWith('@me') ? store.botUser.id : memberIdOf(params);
      const guild = store.guilds.get(thread.guildId ?? '');
      if (!guild?.members.has(userId)) throw unknownMember();
      if (thread.thread?.locked && thread.thread.archived) throw missingAccess();
      addThreadMember(ctx, thread, userId);
      return {};
    });
    router.add('DELETE', path, ({ params }) => {
      const thread = threadOf(params);
      const userId = path.endsWith('@me') ? store.botUser.id : memberIdOf(params);
      if (thread.thread?.memberIds.delete(userId)) {
        ctx.gateway.dispatch(
          'THREAD_MEMBERS_UPDATE',
          {
            id: thread.id,
            guild_id: thread.guildId,
            member_count: thread.thread.memberIds.size,
            removed_member_ids: [userId],
          },
          userId === store.botUser.id ? GatewayIntentBits.Guilds : GatewayIntentBits.GuildMembers,
        );
      }
      return {};
    });
  }
  router.add('GET', '/channels/:channelId/thread-members', ({ params }) => {
    const thread = threadOf(params);
    const t = thread.thread;
    return { body: [...(t?.memberIds ?? [])].map((id) => apiThreadMember(thread.id, id, t?.createdAt ?? '')) };
  });
  router.add('GET', '/channels/:channelId/thread-members/:userId', ({ params }) => {
    const thread = threadOf(params);
    const userId = memberIdOf(params);
    if (!thread.thread?.memberIds.has(userId)) throw unknownMember();
    return { body: apiThreadMember(thread.id, userId, thread.thread.createdAt) };
  });
}

function createThread(
  ctx: StandInContext,
  parent: ChannelRecord,
  id: string,
  body: Json,
  type: ChannelType,
  starterMessageId: string | null,
): ChannelRecord {
  const name = body['name'];
  if (typeof name !== 'string' || name.length < 1 || name.length > 100) {
    throw invalidFormBody(['name'], 'BASE_TYPE_BAD_LENGTH', 'Must be between 1 and 100 in length.');
  }
  const duration = typeof body['auto_archive_duration'] === 'number' ? body['auto_archive_duration'] : 4320;
  if (!ARCHIVE_DURATIONS.includes(duration)) {
    throw invalidFormBody(
      ['auto_archive_duration'],
      'BASE_TYPE_CHOICES',
      `Value must be one of ${ARCHIVE_DURATIONS.join(', ')}.`,
    );
  }
  const now = new Date().toISOString();
  const thread = ctx.store.addChannel({
    id,
    type,
    name,
    guildId: parent.guildId,
    parentId: parent.id,
    position: 0,
    topic: null,
    lastMessageId: null,
    recipientIds: [],
    thread: {
      ownerId: ctx.store.botUser.id,
      archived: false,
      locked: false,
      invitable: body['invitable'] !== false,
      autoArchiveDuration: duration,
      createdAt: now,
      archiveTimestamp: now,
      memberIds: new Set([ctx.store.botUser.id]),
      starterMessageId,
    },
  });
  ctx.store.emit({ type: 'channelCreate', channel: thread });
  dispatchChannel(ctx, 'THREAD_CREATE', thread, { newly_created: true });
  return thread;
}

export function addThreadMember(ctx: StandInContext, thread: ChannelRecord, userId: string): void {
  if (!thread.thread || thread.thread.memberIds.has(userId)) return;
  thread.thread.memberIds.add(userId);
  ctx.gateway.dispatch(
    'THREAD_MEMBERS_UPDATE',
    {
      id: thread.id,
      guild_id: thread.guildId,
      member_count: thread.thread.memberIds.size,
      added_members: [apiThreadMember(thread.id, userId, new Date().toISOString())],
    },
    userId === ctx.store.botUser.id ? GatewayIntentBits.Guilds : GatewayIntentBits.GuildMembers,
  );
}

function threadMembersOfBot(ctx: StandInContext, threads: ChannelRecord[]): Json[] {
  return threads
    .filter((t) => t.thread?.memberIds.has(ctx.store.botUser.id))
    .map((t) => apiThreadMember(t.id, ctx.store.botUser.id, t.thread?.createdAt ?? ''));
}
