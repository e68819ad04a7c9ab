import {
  AttachmentBuilder,
  ChannelType,
  ThreadAutoArchiveDuration,
  type Client,
  type SendableChannels,
} from 'discord.js';
import type { AppContext } from '../app/context.ts';
import { runCommand, type CommandResult } from '../app/run-command.ts';
import { sectorLabel, SYSTEM_USER } from '../rules/thunderdome/index.ts';
import { battleCardImage } from './images.ts';
import { pingOnly } from './send.ts';
import { battleShowText } from './views/battle-text.ts';
import { splitMessage } from './words.ts';

const SYSTEM = { userId: SYSTEM_USER, displayName: 'Campaign Master', isServerAdmin: false };

/**
 * Requirements §6.3 (CREATED: "Open a battle thread"): each battle gets a public thread in the campaign channel, opened when the battle
 * is, and its setup card (text and 60×60 hex map) is posted there as soon as it is rolled. Where
 * threads cannot be made the card goes to the channel itself.
 */
export async function postBattleUpdates(
  app: AppContext,
  client: Client,
  channelId: string,
  result: CommandResult,
): Promise<void> {
  if (!result.ok || result.duplicate) return;
  const wanted = result.events.some((e) => e.event.type === 'BattleOpened' || e.event.type === 'BattleSetupRolled');
  if (!wanted) return;
  const channel = await client.channels.fetch(channelId).catch(() => null);
  if (!channel?.isSendable()) return;
  const state = result.state;
  const threads = new Map<string, SendableChannels>();
  for (const stored of result.events) {
    const e = stored.event;
    if (e.type === 'BattleOpened' && channel.type === ChannelType.GuildText) {
      const b = e.battle;
      const thread = await channel.threads
        .create({
          name: `Battle ${b.id} — ${sectorLabel(state, b.sector)}`.slice(0, 100),
          autoArchiveDuration: ThreadAutoArchiveDuration.OneWeek,
        })
        .catch(() => null);
      if (!thread) continue;
      const players = b.sides.filter((x) => x !== 'npe');
      await thread.send({
        content: `⚔️ Battle **${b.id}** in **${sectorLabel(state, b.sector)}**: ${players.map((p) => `<@${p}>`).join(' vs ')}${b.sides.includes('npe') ? ' vs the NPE' : ''}. Use \`/battle\` here: fleets, contact, results, extensions and appeals (UTD3.4–3.5).`,
        allowedMentions: pingOnly(players),
      });
      await runCommand(app, {
        target: { guildId: state.guildId, channelId },
        actor: SYSTEM,
        command: { type: 'battle-thread', battleId: b.id, threadId: thread.id },
      });
      threads.set(b.id, thread);
    }
    if (e.type === 'BattleSetupRolled') {
      const b = state.battles.find((x) => x.id === e.battleId);
      if (!b) continue;
      const known = b.threadId ? await client.channels.fetch(b.threadId).catch(() => null) : null;
      const target = threads.get(b.id) ?? (known?.isSendable() ? known : channel);
      const png = await battleCardImage(state, b.id);
      const [first] = splitMessage(battleShowText(state, b));
      await target.send({
        content: first!,
        allowedMentions: { parse: [] },
        ...(png ? { files: [new AttachmentBuilder(png, { name: `battle-${b.id}.png` })] } : {}),
      });
    }
  }
}
