import { AttachmentBuilder, ChannelType, ThreadAutoArchiveDuration, type AnyThreadChannel } from 'discord.js';
import { sectorLabel } from '../rules/thunderdome/index.ts';
import { battleStageRows } from './component-rows.ts';
import { isMissingPermissions, type RowDelivery } from './delivery.ts';
import { battleCardImage } from './images.ts';
import { pingOnly } from './send.ts';
import { battleShowText } from './views/battle-text.ts';
import { splitMessage } from './words.ts';

/**
 * Requirements §6.3 (CREATED: "Open a battle thread"): each battle gets a public thread in the
 * campaign channel, opened when the battle is (UTD3.4–3.5), with a first message naming its
 * players; the thread is recorded in the campaign. Each step is saved as done (docs/delivery.md):
 * a thread whose creation was under way when the bot crashed is looked for among the channel's
 * active threads before another is made. Without Create Public Threads the battle has no thread
 * and its card goes to the channel.
 */
export async function deliverBattleThread(d: RowDelivery): Promise<void> {
  const current = await d.current();
  const b = current?.state.battles.find((x) => x.id === d.row.subject);
  if (!current || !b || (b.threadId && !d.progress.threadId)) return;
  const state = current.state;
  const channel = await d.channel();
  if (channel?.type !== ChannelType.GuildText) return;
  if (!d.progress.threadId) {
    const name = `Battle ${b.id} — ${sectorLabel(state, b.sector)}`.slice(0, 100);
    let thread: AnyThreadChannel | null = null;
    if (d.done('thread-started')) {
      const active = await channel.threads.fetchActive().catch(() => null);
      thread = active?.threads.find((t) => t.name === name && t.ownerId === d.client.user?.id) ?? null;
    } else await d.mark('thread-started');
    try {
      thread ??= await channel.threads.create({ name, autoArchiveDuration: ThreadAutoArchiveDuration.OneWeek });
    } catch (err) {
      if (!isMissingPermissions(err)) throw err;
      await d.report('CreatePublicThreads');
      return;
    }
    d.progress.threadId = thread.id;
    d.point('after-send');
    await d.mark(null);
  }
  const threadId = d.progress.threadId;
  if (!d.done('intro')) {
    const thread = await d.client.channels.fetch(threadId).catch(() => null);
    const players = b.sides.filter((x) => x !== 'npe');
    const intro = thread?.isSendable()
      ? await d.send(thread, 'i', {
          content: `⚔️ Battle **${b.id}** in **${sectorLabel(state, b.sector)}**: ${players.map((p) => `<@${p}>`).join(' vs ')}${b.sides.includes('npe') ? ' vs the NPE' : ''}. Use \`/battle\` here: fleets, contact, results, extensions and appeals (UTD3.4–3.5).`,
          allowedMentions: pingOnly(players),
          // The steps of the battle's stage, as buttons (component-rows.ts).
          components: battleStageRows(b),
        })
      : null;
    if (intro) d.progress.introId = intro.id;
    await d.mark('intro');
  }
  if (b.threadId !== threadId) await d.system({ type: 'battle-thread', battleId: b.id, threadId }, state);
  d.point('after-record');
}

/**
 * Requirements §6.3 (SETUP_ROLLED): the setup card (text and 60×60 hex map) is posted in the
 * battle's thread as soon as it is rolled, or in the channel where the battle has no thread.
 * Without Attach Files the card goes out as text.
 */
export async function deliverBattleCard(d: RowDelivery): Promise<void> {
  const history = await d.history();
  const b = history?.state.battles.find((x) => x.id === d.row.subject);
  if (!history || !b) return;
  const current = await d.current();
  const threadId = current?.state.battles.find((x) => x.id === b.id)?.threadId;
  const known = threadId ? await d.client.channels.fetch(threadId).catch(() => null) : null;
  const target = known?.isSendable() ? known : await d.channel();
  if (!target) return;
  const png = await battleCardImage(history.state, b.id);
  const [first] = splitMessage(battleShowText(history.state, b));
  // The steps of the battle's stage, as buttons (component-rows.ts).
  const text = { content: first!, allowedMentions: { parse: [] }, components: battleStageRows(b) };
  await d.send(
    target,
    'c',
    png ? { ...text, files: [new AttachmentBuilder(png, { name: `battle-${b.id}.png` })] } : text,
    text,
  );
  d.point('after-send');
}
