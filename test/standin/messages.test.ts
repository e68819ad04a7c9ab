import { ChannelType, Events, GatewayIntentBits, type TextChannel } from 'discord.js';
import { afterEach, describe, expect, it } from 'vitest';
import { createWorld, login, newClient, nextEvent, type World } from './helpers.ts';

let world: World | undefined;
afterEach(async () => {
  await world?.cleanup();
  world = undefined;
});

function textChannel(w: World): TextChannel {
  const channel = w.client.channels.cache.get(w.channelId);
  if (channel?.type !== ChannelType.GuildText) throw new Error('campaign channel missing');
  return channel;
}

describe('reactions', () => {
  it('dispatches user reactions on a cached bot message and lists who reacted', async () => {
    world = await createWorld();
    const w = world;
    const message = await textChannel(w).send('Vote: attack?');
    await message.react('✅');
    const added = nextEvent(w.client, Events.MessageReactionAdd, (_r, user) => user.id === w.aliceId);
    await w.standIn.addReaction({ channelId: w.channelId, messageId: message.id, userId: w.aliceId, emoji: '✅' });
    const [reaction, user] = await added;
    expect(user.id).toBe(w.aliceId);
    expect(reaction.message.id).toBe(message.id);
    expect(reaction.emoji.name).toBe('✅');

    const users = await message.reactions.cache.get('✅')?.users.fetch();
    expect([...(users?.keys() ?? [])].sort()).toEqual([w.standIn.botUserId, w.aliceId].sort());
    expect(w.standIn.channelMessages(w.channelId)[0]?.reactions).toEqual([
      { emoji: '✅', count: 2, userIds: [w.standIn.botUserId, w.aliceId], me: true },
    ]);

    const removed = nextEvent(w.client, Events.MessageReactionRemove, (_r, u) => u.id === w.aliceId);
    await w.standIn.removeReaction({ channelId: w.channelId, messageId: message.id, userId: w.aliceId, emoji: '✅' });
    await removed;
    const after = await message.reactions.cache.get('✅')?.users.fetch();
    expect([...(after?.keys() ?? [])]).toEqual([w.standIn.botUserId]);
    expect(w.standIn.unknownRoutes()).toEqual([]);
  });

  it('delivers reactions on uncached messages as partials that can be fetched', async () => {
    world = await createWorld();
    const w = world;
    const posted = await w.standIn.postMessage({
      channelId: w.channelId,
      userId: w.bobId,
      content: 'I propose a ceasefire',
    });
    const added = nextEvent(w.client, Events.MessageReactionAdd);
    await w.standIn.addReaction({ channelId: w.channelId, messageId: posted.id, userId: w.aliceId, emoji: '👍' });
    const [reaction, user] = await added;
    expect(reaction.partial).toBe(true);
    expect(reaction.message.partial).toBe(true);
    const message = await reaction.message.fetch();
    expect(message.content).toBe('I propose a ceasefire');
    expect(message.author.id).toBe(w.bobId);
    expect(user.id).toBe(w.aliceId);
    const fetched = await reaction.fetch();
    expect(fetched.count).toBe(1);

    const removed = nextEvent(w.client, Events.MessageReactionRemove);
    await w.standIn.removeReaction({ channelId: w.channelId, messageId: posted.id, userId: w.aliceId, emoji: '👍' });
    const [removedReaction] = await removed;
    expect(removedReaction.emoji.name).toBe('👍');
  });

  it('rejects text that is not an emoji with 10014, like Discord', async () => {
    world = await createWorld();
    const w = world;
    const message = await textChannel(w).send('hi');
    const error = await message.react(':white_check_mark:').catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 10014 });
  });

  it('only sends reaction events when the bot has the reaction intent', async () => {
    world = await createWorld({ login: false });
    const w = world;
    const client = newClient(w.standIn, [GatewayIntentBits.Guilds]);
    try {
      await login(client, w.standIn.token);
      let events = 0;
      client.on(Events.Raw, (packet: { t?: string }) => {
        if (packet.t === 'MESSAGE_REACTION_ADD') events++;
      });
      const posted = await w.standIn.postMessage({ channelId: w.channelId, userId: w.bobId, content: 'x' });
      await w.standIn.addReaction({ channelId: w.channelId, messageId: posted.id, userId: w.aliceId, emoji: '✅' });
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(events).toBe(0);
    } finally {
      await client.destroy();
    }
  });
});

describe('messages, threads and DMs', () => {
  it('lists, edits and deletes channel messages; the history excludes deleted ones', async () => {
    world = await createWorld();
    const w = world;
    const channel = textChannel(w);
    const a = await channel.send('one');
    const b = await channel.send('two');
    await b.edit('two (edited)');
    const fetched = await channel.messages.fetch({ limit: 10, cache: false });
    expect([...fetched.values()].map((m) => m.content)).toEqual(['two (edited)', 'one']);
    await a.delete();
    expect(w.standIn.channelMessages(w.channelId).map((m) => [m.content, m.editedAt !== null])).toEqual([
      ['two (edited)', true],
    ]);
    const other = await w.standIn.postMessage({ channelId: w.channelId, userId: w.bobId, content: 'mine' });
    const otherMessage = await channel.messages.fetch(other.id);
    const error = await otherMessage.edit('hijacked').catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 50005 });
  });

  it('creates threads from a message and standalone, and posts into them', async () => {
    world = await createWorld();
    const w = world;
    const channel = textChannel(w);
    const starter = await channel.send('Turn 1 battle reports');
    const fromMessage = await starter.startThread({ name: 'Turn 1 battles' });
    expect(fromMessage.id).toBe(starter.id);
    await fromMessage.send('Battle at 0304');
    const standalone = await channel.threads.create({ name: 'Diplomacy', type: ChannelType.PrivateThread });
    await standalone.members.add(w.aliceId);
    await standalone.send('Secret talks');

    expect(w.standIn.threads(w.channelId).map((t) => [t.name, t.type])).toEqual([
      ['Turn 1 battles', ChannelType.PublicThread],
      ['Diplomacy', ChannelType.PrivateThread],
    ]);
    expect(w.standIn.channelMessages(fromMessage.id).map((m) => m.content)).toEqual(['Battle at 0304']);
    expect(w.standIn.channelMessages(w.channelId)[0]?.thread).toEqual({ id: starter.id, name: 'Turn 1 battles' });
    expect([...(w.standIn.channel(standalone.id)?.thread?.memberIds ?? [])].sort()).toEqual(
      [w.standIn.botUserId, w.aliceId].sort(),
    );
    expect(w.client.channels.cache.get(standalone.id)?.isThread()).toBe(true);
    await fromMessage.setArchived(true);
    expect(w.standIn.channel(fromMessage.id)?.thread?.archived).toBe(true);
    expect(w.standIn.unknownRoutes()).toEqual([]);
  });

  it('sends DMs to users', async () => {
    world = await createWorld();
    const w = world;
    const alice = await w.client.users.fetch(w.aliceId);
    await alice.send('Your orders are late');
    const dm = w.standIn.dmChannelOf(w.aliceId);
    expect(dm && w.standIn.channelMessages(dm.id).map((m) => m.content)).toEqual(['Your orders are late']);
    expect(w.standIn.unknownRoutes()).toEqual([]);
  });
});
