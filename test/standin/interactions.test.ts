import {
  ActionRowBuilder,
  AttachmentBuilder,
  ButtonBuilder,
  ButtonStyle,
  DiscordAPIError,
  Events,
  MessageFlags,
  ModalBuilder,
  PermissionFlagsBits,
  Routes,
  SlashCommandBuilder,
  TextInputBuilder,
  TextInputStyle,
  type Interaction,
} from 'discord.js';
import { afterEach, describe, expect, it } from 'vitest';
import { createWorld, type World } from './helpers.ts';

let world: World | undefined;
afterEach(async () => {
  await world?.cleanup();
  world = undefined;
});

/** Runs the test's handler for every interaction, surfacing handler errors in the test. */
function handle(w: World, handler: (interaction: Interaction) => Promise<void>): { errors: unknown[] } {
  const errors: unknown[] = [];
  w.client.on(Events.InteractionCreate, (interaction) => {
    handler(interaction).catch((error: unknown) => errors.push(error));
  });
  return { errors };
}

const campaignCommand = new SlashCommandBuilder()
  .setName('campaign')
  .setDescription('Campaign commands')
  .addSubcommand((sub) =>
    sub
      .setName('join')
      .setDescription('Join the campaign')
      .addStringOption((o) => o.setName('empire').setDescription('Empire').setRequired(true).setAutocomplete(true))
      .addIntegerOption((o) => o.setName('turn').setDescription('Turn'))
      .addAttachmentOption((o) => o.setName('file').setDescription('Orders file')),
  )
  .addSubcommand((sub) => sub.setName('status').setDescription('Show status'));

describe('interactions against the stand-in', () => {
  it('delivers a chat-input command with subcommand and options; an ephemeral reply stays out of the channel', async () => {
    world = await createWorld();
    const w = world;
    const seen: Record<string, unknown> = {};
    const { errors } = handle(w, async (interaction) => {
      if (!interaction.isChatInputCommand()) return;
      seen['sub'] = interaction.options.getSubcommand();
      seen['empire'] = interaction.options.getString('empire');
      seen['turn'] = interaction.options.getInteger('turn');
      seen['guild'] = interaction.guild?.name;
      seen['channel'] = interaction.channel?.id;
      seen['user'] = interaction.user.username;
      await interaction.reply({ content: 'Only you can see this', flags: MessageFlags.Ephemeral });
    });
    const handleA = await w.standIn.invokeCommand({
      guildId: w.guildId,
      channelId: w.channelId,
      userId: w.aliceId,
      name: 'campaign',
      options: [
        {
          type: 1,
          name: 'join',
          options: [
            { type: 3, name: 'empire', value: 'Federation' },
            { type: 4, name: 'turn', value: 3 },
          ],
        },
      ],
    });
    const reply = await handleA.firstResponse();
    expect(errors).toEqual([]);
    expect(seen).toEqual({
      sub: 'join',
      empire: 'Federation',
      turn: 3,
      guild: 'Thunderdome III',
      channel: w.channelId,
      user: 'alice',
    });
    expect(reply).toMatchObject({ kind: 'reply', ephemeral: true, content: 'Only you can see this' });
    expect(w.standIn.channelMessages(w.channelId)).toEqual([]);
    expect(w.standIn.message(reply.messageId ?? '')?.ephemeral).toBe(true);
    expect(w.standIn.unknownRoutes()).toEqual([]);
  });

  it('defers, edits the reply with a file, follows up, posts to the channel with an attachment and reacts', async () => {
    world = await createWorld();
    const w = world;
    const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3]);
    const { errors } = handle(w, async (interaction) => {
      if (!interaction.isChatInputCommand()) return;
      await interaction.deferReply();
      await interaction.editReply({ content: 'Map ready', files: [new AttachmentBuilder(png, { name: 'map.png' })] });
      await interaction.followUp({ content: 'Turn 1 begins' });
      if (!interaction.channel?.isSendable()) throw new Error('channel not sendable');
      const posted = await interaction.channel.send({
        content: 'Orders due',
        files: [new AttachmentBuilder(Buffer.from('orders,csv\n'), { name: 'orders.csv' })],
      });
      await posted.react('✅');
    });
    const h = await w.standIn.invokeCommand({
      guildId: w.guildId,
      channelId: w.channelId,
      userId: w.aliceId,
      name: 'campaign',
      subcommand: 'status',
    });
    const posted = await w.standIn.waitForMessage(
      w.channelId,
      (m) => m.content === 'Orders due' && m.reactions.length > 0,
    );
    expect(errors).toEqual([]);
    expect(h.responses().map((r) => r.kind)).toEqual(['defer', 'editOriginal', 'followup']);
    const [defer, edit, followup] = h.responses();
    expect(defer?.ephemeral).toBe(false);
    expect(edit?.content).toBe('Map ready');
    expect(edit?.files.map((f) => [f.filename, f.data.equals(png)])).toEqual([['map.png', true]]);
    expect(followup?.content).toBe('Turn 1 begins');

    const messages = w.standIn.channelMessages(w.channelId);
    expect(messages.map((m) => m.content)).toEqual(['Map ready', 'Turn 1 begins', 'Orders due']);
    expect(messages[0]).toMatchObject({ type: 20, interactionId: h.id, loading: false });
    expect(posted.attachments.map((a) => [a.filename, a.data.toString()])).toEqual([['orders.csv', 'orders,csv\n']]);
    expect(posted.reactions).toEqual([{ emoji: '✅', count: 1, userIds: [w.standIn.botUserId], me: true }]);
    // Attachment urls are served by the stand-in.
    const served = await fetch(messages[0]?.attachments[0]?.url ?? '');
    expect(Buffer.from(await served.arrayBuffer()).equals(png)).toBe(true);
    expect(w.standIn.unknownRoutes()).toEqual([]);
  });

  it('lets the first follow-up after a deferral fill the loading message, keeping its ephemerality', async () => {
    world = await createWorld();
    const w = world;
    handle(w, async (interaction) => {
      if (!interaction.isChatInputCommand()) return;
      await interaction.deferReply({ flags: MessageFlags.Ephemeral });
      await interaction.followUp({ content: 'done' });
      await interaction.followUp({ content: 'public extra' });
    });
    const h = await w.standIn.invokeCommand({
      guildId: w.guildId,
      channelId: w.channelId,
      userId: w.aliceId,
      name: 'x',
    });
    await h.waitFor((r) => r.content === 'public extra');
    const [defer, first, second] = h.responses();
    expect(first?.messageId).toBe(defer?.messageId);
    expect(first?.ephemeral).toBe(true);
    expect(second?.ephemeral).toBe(false);
    expect(w.standIn.channelMessages(w.channelId).map((m) => m.content)).toEqual(['public extra']);
  });

  it('returns an InteractionCallbackResponse for withResponse', async () => {
    world = await createWorld();
    const w = world;
    let messageContent: string | undefined;
    const { errors } = handle(w, async (interaction) => {
      if (!interaction.isChatInputCommand()) return;
      const response = await interaction.reply({ content: 'hello', withResponse: true });
      messageContent = response.resource?.message?.content;
    });
    const h = await w.standIn.invokeCommand({
      guildId: w.guildId,
      channelId: w.channelId,
      userId: w.aliceId,
      name: 'x',
    });
    await h.firstResponse();
    await w.standIn.waitFor(() => messageContent ?? errors.length > 0);
    expect(errors).toEqual([]);
    expect(messageContent).toBe('hello');
  });

  it('records guild command registration and uses it to type `args` (incl. an ATTACHMENT the bot can fetch)', async () => {
    world = await createWorld();
    const w = world;
    const app = w.client.application;
    if (!app) throw new Error('no application');
    await app.commands.set([campaignCommand.toJSON()], w.guildId);
    const registered = w.standIn.commands(w.guildId);
    expect(registered.map((c) => c['name'])).toEqual(['campaign']);
    expect(
      w.standIn.log.some(
        (r) => r.method === 'PUT' && r.route === '/applications/:applicationId/guilds/:guildId/commands',
      ),
    ).toBe(true);

    const orders = Buffer.from('move fleet to 0101\n');
    let got: { turn: number | null; bytes?: Buffer; name?: string; commandId?: string } | undefined;
    const { errors } = handle(w, async (interaction) => {
      if (!interaction.isChatInputCommand()) return;
      await interaction.deferReply({ flags: MessageFlags.Ephemeral });
      const file = interaction.options.getAttachment('file', true);
      const res = await fetch(file.url);
      got = {
        turn: interaction.options.getInteger('turn'),
        bytes: Buffer.from(await res.arrayBuffer()),
        name: file.name,
        commandId: interaction.commandId,
      };
      await interaction.editReply('Orders received');
    });
    const h = await w.standIn.invokeCommand({
      guildId: w.guildId,
      channelId: w.channelId,
      userId: w.aliceId,
      name: 'campaign',
      subcommand: 'join',
      args: { empire: 'Klingon', turn: '4', file: 'orders.txt' },
      attachments: [{ name: 'orders.txt', data: orders }],
    });
    await h.waitFor('editOriginal');
    expect(errors).toEqual([]);
    expect(got?.turn).toBe(4);
    expect(got?.name).toBe('orders.txt');
    expect(got?.bytes?.equals(orders)).toBe(true);
    expect(got?.commandId).toBe(registered[0]?.['id']);
    // Unknown option names are caught by the driver, as the Discord client would never send them.
    await expect(
      w.standIn.invokeCommand({
        guildId: w.guildId,
        channelId: w.channelId,
        userId: w.aliceId,
        name: 'campaign',
        subcommand: 'join',
        args: { empire: 'x', colour: 'red' },
      }),
    ).rejects.toThrow(/no option "colour"/);
  });

  it('round-trips autocomplete', async () => {
    world = await createWorld();
    const w = world;
    w.standIn.registerCommands([campaignCommand.toJSON()], w.guildId);
    const { errors } = handle(w, async (interaction) => {
      if (!interaction.isAutocomplete()) return;
      const focused = interaction.options.getFocused(true);
      const empires = ['Federation', 'Klingon', 'Kzinti', 'Romulan'];
      await interaction.respond(
        empires
          .filter((e) => e.toLowerCase().startsWith(String(focused.value).toLowerCase()))
          .map((e) => ({ name: `${focused.name}: ${e}`, value: e })),
      );
    });
    const h = await w.standIn.invokeAutocomplete({
      guildId: w.guildId,
      channelId: w.channelId,
      userId: w.bobId,
      name: 'campaign',
      subcommand: 'join',
      args: { empire: 'k' },
      focused: 'empire',
    });
    const response = await h.firstResponse();
    expect(errors).toEqual([]);
    expect(response.kind).toBe('autocomplete');
    expect(response.choices).toEqual([
      { name: 'empire: Klingon', value: 'Klingon' },
      { name: 'empire: Kzinti', value: 'Kzinti' },
    ]);
  });

  it('reflects setMemberPermissions in memberPermissions and member.permissions, before and after login', async () => {
    world = await createWorld();
    const w = world;
    const results = new Map<string, [boolean | undefined, boolean | undefined]>();
    handle(w, async (interaction) => {
      if (!interaction.isChatInputCommand() || !interaction.inCachedGuild()) return;
      results.set(interaction.id, [
        interaction.memberPermissions.has(PermissionFlagsBits.ManageGuild),
        interaction.member.permissions.has(PermissionFlagsBits.ManageGuild),
      ]);
      await interaction.reply({ content: 'ok', flags: MessageFlags.Ephemeral });
    });
    const ask = async (userId: string) => {
      const h = await w.standIn.invokeCommand({ guildId: w.guildId, channelId: w.channelId, userId, name: 'admin' });
      await h.firstResponse();
      return results.get(h.id);
    };
    expect(await ask(w.aliceId)).toEqual([true, true]);
    expect(await ask(w.bobId)).toEqual([false, false]);
    w.standIn.setMemberPermissions(
      w.guildId,
      w.bobId,
      PermissionFlagsBits.ManageGuild | PermissionFlagsBits.SendMessages,
    );
    expect(await ask(w.bobId)).toEqual([true, true]);
    w.standIn.setMemberPermissions(w.guildId, w.aliceId, 0n);
    expect(await ask(w.aliceId)).toEqual([false, false]);
  });

  it('delivers commands used in a DM with the bot', async () => {
    world = await createWorld();
    const w = world;
    let inGuild: boolean | undefined;
    handle(w, async (interaction) => {
      if (!interaction.isChatInputCommand()) return;
      inGuild = interaction.inGuild();
      await interaction.reply(`hello ${interaction.user.username}, channel type ${String(interaction.channel?.type)}`);
    });
    const h = await w.standIn.invokeCommand({ userId: w.bobId, name: 'status' });
    const reply = await h.firstResponse();
    expect(inGuild).toBe(false);
    expect(reply.content).toBe('hello bob, channel type 1');
    const dm = w.standIn.dmChannelOf(w.bobId);
    expect(dm && w.standIn.channelMessages(dm.id).map((m) => m.content)).toEqual([reply.content]);
  });

  it('handles buttons (update) and modals', async () => {
    world = await createWorld();
    const w = world;
    const { errors } = handle(w, async (interaction) => {
      if (interaction.isChatInputCommand()) {
        const row = new ActionRowBuilder<ButtonBuilder>().addComponents(
          new ButtonBuilder().setCustomId('ready').setLabel('Ready').setStyle(ButtonStyle.Success),
          new ButtonBuilder().setCustomId('rename').setLabel('Rename').setStyle(ButtonStyle.Secondary),
        );
        await interaction.reply({ content: 'Are you ready?', components: [row] });
      } else if (interaction.isButton() && interaction.customId === 'ready') {
        await interaction.update({ content: `${interaction.user.username} is ready`, components: [] });
      } else if (interaction.isButton() && interaction.customId === 'rename') {
        const modal = new ModalBuilder().setCustomId('rename-modal').setTitle('Rename fleet');
        modal.addComponents(
          new ActionRowBuilder<TextInputBuilder>().addComponents(
            new TextInputBuilder().setCustomId('name').setLabel('Name').setStyle(TextInputStyle.Short),
          ),
        );
        await interaction.showModal(modal);
      } else if (interaction.isModalSubmit()) {
        await interaction.reply({
          content: `Renamed to ${interaction.fields.getTextInputValue('name')}`,
          flags: MessageFlags.Ephemeral,
        });
      }
    });
    const h = await w.standIn.invokeCommand({
      guildId: w.guildId,
      channelId: w.channelId,
      userId: w.aliceId,
      name: 'ready',
    });
    const reply = await h.firstResponse();
    const messageId = reply.messageId ?? '';

    const rename = await w.standIn.clickButton({
      channelId: w.channelId,
      messageId,
      userId: w.bobId,
      customId: 'rename',
    });
    expect((await rename.firstResponse()).kind).toBe('modal');
    const submitted = await w.standIn.submitModal({ interactionId: rename.id, values: { name: 'Iron Fist' } });
    expect((await submitted.firstResponse()).content).toBe('Renamed to Iron Fist');

    const click = await w.standIn.clickButton({
      channelId: w.channelId,
      messageId,
      userId: w.bobId,
      customId: 'ready',
    });
    expect((await click.firstResponse()).kind).toBe('update');
    expect(w.standIn.message(messageId)).toMatchObject({ content: 'bob is ready', components: [] });
    expect(errors).toEqual([]);
    await expect(
      w.standIn.clickButton({ channelId: w.channelId, messageId, userId: w.bobId, customId: 'ready' }),
    ).rejects.toThrow(/no Button/);
  });
});

describe('Discord errors from the stand-in', () => {
  it('answers a second callback with 40060 and a late one with 10062', async () => {
    world = await createWorld({ ackTimeoutMs: 1_000 });
    const w = world;
    const tokens = new Map<string, string>();
    w.client.on(Events.InteractionCreate, (interaction) => {
      tokens.set(interaction.id, interaction.token);
    });
    const body = { type: 4, data: { content: 'hi' } };
    const first = await w.standIn.invokeCommand({
      guildId: w.guildId,
      channelId: w.channelId,
      userId: w.aliceId,
      name: 'x',
    });
    const token = await w.standIn.waitFor(() => tokens.get(first.id));
    await w.client.rest.post(Routes.interactionCallback(first.id, token), { body, auth: false });
    const twice = await w.client.rest
      .post(Routes.interactionCallback(first.id, token), { body, auth: false })
      .catch((e: unknown) => e);
    expect(twice).toBeInstanceOf(DiscordAPIError);
    expect((twice as DiscordAPIError).code).toBe(40060);

    const late = await w.standIn.invokeCommand({
      guildId: w.guildId,
      channelId: w.channelId,
      userId: w.aliceId,
      name: 'x',
    });
    const lateToken = await w.standIn.waitFor(() => tokens.get(late.id));
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    const expired = await w.client.rest
      .post(Routes.interactionCallback(late.id, lateToken), { body, auth: false })
      .catch((e: unknown) => e);
    expect((expired as DiscordAPIError).code).toBe(10062);
  });

  it('answers unknown messages with 10008, oversized content with 50035, and records unknown routes', async () => {
    world = await createWorld();
    const w = world;
    const channel = w.client.channels.cache.get(w.channelId);
    if (!channel?.isSendable() || !channel.isTextBased()) throw new Error('no channel');
    const missing = await channel.messages.fetch('1234567890123456789').catch((e: unknown) => e);
    expect((missing as DiscordAPIError).code).toBe(10008);
    const tooLong = await channel.send('x'.repeat(2001)).catch((e: unknown) => e);
    expect((tooLong as DiscordAPIError).code).toBe(50035);
    expect((tooLong as DiscordAPIError).message).toMatch(/content.*2000/s);
    const empty = await w.client.rest.post(Routes.channelMessages(w.channelId), { body: {} }).catch((e: unknown) => e);
    expect((empty as DiscordAPIError).code).toBe(50006);
    expect(w.standIn.unknownRoutes()).toEqual([]);
    await w.client.rest.get('/guilds/1/audit-logs').catch(() => undefined);
    expect(w.standIn.unknownRoutes().map((r) => `${r.method} ${r.path} ${r.status}`)).toEqual([
      'GET /guilds/1/audit-logs 404',
    ]);
  });
});
