import { MessageFlags, type ChatInputCommandInteraction } from 'discord.js';
import type { CampaignState, UnitCatalog } from '../rules/thunderdome/index.ts';
import { stateFor } from './autocomplete.ts';
import type { CommandContext, CommandOutcome } from './command.ts';
import { send, sendLong } from './present.ts';
import { WORDS } from './words.ts';

/**
 * A read-only view of one player's units (`/yard status`, `/defense status`, `/officer list`):
 * the `player` option or the caller, ephemeral unless `public:true`. Anyone may look (UTD3.1).
 */
export async function sendPlayerView(
  i: ChatInputCommandInteraction,
  ctx: CommandContext,
  render: (state: CampaignState, playerId: string, catalog: UnitCatalog) => string,
): Promise<CommandOutcome> {
  const state = await stateFor(ctx);
  if (!state) {
    await send(i, { content: WORDS.noCampaign, flags: MessageFlags.Ephemeral });
    return { ok: false };
  }
  const who = i.options.getUser('player')?.id ?? ctx.actor.userId;
  if (!state.players.some((p) => p.id === who)) {
    await send(i, { content: 'That user does not play in this campaign.', flags: MessageFlags.Ephemeral });
    return { ok: false };
  }
  const text = render(state, who, await ctx.app.catalogs.get(state.catalogVersion));
  await sendLong(i, text, {
    allowedMentions: { parse: [] },
    ...(i.options.getBoolean('public') ? {} : { flags: MessageFlags.Ephemeral }),
    name: 'navy.txt',
  });
  return { ok: true };
}
