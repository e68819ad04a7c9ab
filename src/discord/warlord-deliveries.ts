import { AttachmentBuilder, ChannelType, ThreadAutoArchiveDuration } from 'discord.js';
import { newsLines, pack } from '../app/warlord-report.ts';
import { corpReportMessages, corpReportViews } from '../app/warlord-turn-reports.ts';
import type { WarlordCampaign } from '../app/warlord-ruleset.ts';
import type { CampaignState } from '../rules/thunderdome/index.ts';
import { isMissingPermissions, type RowDelivery } from './delivery.ts';
import { warlordGalaxyImage, warlordSectorImage } from './images.ts';
import { pingOnly } from './send.ts';

const warlordOf = (s: CampaignState | undefined | null) => (s as unknown as WarlordCampaign | null | undefined) ?? null;

/**
 * The public news of a Warlord command in the game channel (§11: who joined, who has sent orders,
 * a processed turn). A command given through `/warlord` answers with it and the row is finished
 * there; the scheduler's turn processing and a reply that failed are posted here.
 */
export async function deliverWarlordNews(d: RowDelivery): Promise<void> {
  if (d.progress.replied) return;
  const history = await d.history();
  const state = warlordOf(history?.state);
  if (!history || !state) return;
  const lines = newsLines(history.events as never, state);
  if (lines.length === 0) return;
  const channel = await d.channel();
  if (!channel) return;
  for (const [i, piece] of pack(lines).entries())
    if (!d.done(`n${i}`)) {
      await d.send(channel, `n${i}`, { content: piece, allowedMentions: { parse: [] } });
      await d.mark(`n${i}`);
    }
}

/**
 * A corporation's turn report in its private thread of the game channel (fog of war: only its
 * player is added, so only it and the server's moderators read it). The thread is opened on the
 * first report and recorded in the game; each step is saved as done (docs/delivery.md), so a
 * crash neither opens a second thread nor posts a piece twice.
 */
export async function deliverWarlordReport(d: RowDelivery): Promise<void> {
  const current = await d.current();
  const state = warlordOf(current?.state);
  const corp = Number(d.row.subject);
  const player = state?.players.find((p) => p.corp === corp);
  const seq = Number(d.row.payload['seq']);
  if (!current || !state || !player || !Number.isInteger(seq)) return;
  let threadId = d.progress.threadId ?? state.threads?.[String(corp)];
  if (!threadId) {
    const channel = await d.channel();
    if (channel?.type !== ChannelType.GuildText) return;
    const name = `${player.name}: private reports`.slice(0, 100);
    let found: string | null = null;
    if (d.done('thread-started')) {
      const active = await channel.threads.fetchActive().catch(() => null);
      found = active?.threads.find((t) => t.name === name && t.ownerId === d.client.user?.id)?.id ?? null;
    } else await d.mark('thread-started');
    try {
      found ??= (
        await channel.threads.create({
          name,
          type: ChannelType.PrivateThread,
          invitable: false,
          autoArchiveDuration: ThreadAutoArchiveDuration.OneWeek,
        })
      ).id;
    } catch (err) {
      if (!isMissingPermissions(err)) throw err;
      // A private report has nowhere else to go (posting it in the channel would show it to all):
      // the channel is told once what the bot lacks (docs/delivery.md).
      await d.report('CreatePrivateThreads');
      return;
    }
    threadId = found;
    d.progress.threadId = threadId;
    await d.mark(null);
  }
  const thread = await d.client.channels.fetch(threadId).catch(() => null);
  if (!thread?.isThread() || !thread.isSendable()) return;
  if (!d.done('member')) {
    await thread.members.add(player.userId);
    await d.mark('member');
  }
  const pieces = await corpReportMessages(d.app, d.row.campaignId, seq, corp);
  for (const [i, piece] of pieces.entries())
    if (!d.done(`r${i}`)) {
      await d.send(thread, `r${i}`, { content: piece, allowedMentions: pingOnly([]) });
      await d.mark(`r${i}`);
    }
  // Its home sector, the sectors its ships are in, and the galaxy overview as it knows them, after the text (fog of war, §8); a thread
  // where files are refused gets a line saying so instead (docs/delivery.md).
  if (!d.done('maps')) {
    const views = await corpReportViews(d.app, d.row.campaignId, seq, corp);
    if (views) {
      const files = [];
      for (const v of views.sectors)
        files.push(new AttachmentBuilder(await warlordSectorImage(v), { name: `sector-${v.sector}.png` }));
      files.push(new AttachmentBuilder(await warlordGalaxyImage(views.galaxy), { name: 'galaxy.png' }));
      const names = views.sectors.map((v) => v.sector).join(', ');
      const content = `🗺️ Turn ${views.galaxy.turn}: sector${views.sectors.length > 1 ? 's' : ''} ${names} and the galaxy as your corporation knows them.`;
      await d.send(
        thread,
        'maps',
        { content, files, allowedMentions: { parse: [] } },
        { content: `${content} (pictures not allowed here)`, allowedMentions: { parse: [] } },
      );
    }
    await d.mark('maps');
  }
  if (state.threads?.[String(corp)] !== threadId)
    await d.system({ type: 'warlord-thread', corp, threadId } as never, current.state);
}

/**
 * A seat handed to a standby player (§11.4): the new player joins the corporation's private thread
 * and the old one leaves it (fog of war: only the corporation's player reads its reports). A seat
 * whose thread is not opened yet needs nothing: the next report opens it with the new player.
 */
export async function deliverWarlordSeat(d: RowDelivery): Promise<void> {
  const current = await d.current();
  const state = warlordOf(current?.state);
  const threadId = state?.threads?.[d.row.subject];
  const to = d.row.payload['to'];
  const from = d.row.payload['from'];
  if (!threadId || typeof to !== 'string' || typeof from !== 'string') return;
  const thread = await d.client.channels.fetch(threadId).catch(() => null);
  if (!thread?.isThread()) return;
  if (!d.done('member')) {
    await thread.members.add(to);
    await d.mark('member');
  }
  if (!d.done('left')) {
    // A player who left the server is no member to remove: nothing is left to do.
    await thread.members.remove(from).catch(() => null);
    await d.mark('left');
  }
}
