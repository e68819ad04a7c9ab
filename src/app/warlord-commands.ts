import { campaignHeadOfChannel } from '../db/campaign-repo.ts';
import type { Actor } from '../rules/thunderdome/index.ts';
import type { AppContext } from './context.ts';
import { campaignInChannel } from './campaigns.ts';
import { type CommandResult, type CommandTarget, runCommand } from './run-command.ts';
import { newsLines, statusLines } from './warlord-report.ts';
import { WARLORD_RULESET, type WarlordCampaign, type WarlordCommand, sheetReply } from './warlord-ruleset.ts';

/** A Warlord command through `runCommand` (one transaction, the outbox rows with it). */
export async function runWarlord(
  app: AppContext,
  req: { target: CommandTarget; actor: Actor; interactionId?: string; interactionToken?: string },
  command: WarlordCommand | { type: 'create'; name: string },
): Promise<CommandResult> {
  // A Warlord command in another game's channel is refused by name before that game's rules see
  // it (they know nothing of it). The ruleset of a campaign never changes, so reading it first is safe.
  if (command.type !== 'create') {
    const head = await campaignHeadOfChannel(app.database.db, req.target.channelId);
    if (head && head.ruleset !== WARLORD_RULESET)
      return {
        ok: false,
        error: {
          code: 'warlord/other-ruleset',
          rule: '§11',
          message: `This channel plays ${head.ruleset}: \`/warlord\` works only in a Star Fleet Warlord channel.`,
        },
      };
  }
  const input = command.type === 'create' ? { ...command, ruleset: WARLORD_RULESET } : command;
  return runCommand(app, { ...req, command: input as never });
}

/** The game of a channel, or null when it has none or plays another ruleset. */
export async function warlordIn(app: AppContext, channelId: string): Promise<WarlordCampaign | null> {
  const s = (await campaignInChannel(app, channelId)) as unknown as WarlordCampaign | null;
  return s?.ruleset === WARLORD_RULESET ? s : null;
}

/** What the channel is told of a committed command (the same words the deliverer posts). */
export function warlordNews(result: Extract<CommandResult, { ok: true; duplicate: false }>): string[] {
  return newsLines(result.events as never, result.state as unknown as WarlordCampaign);
}

/** The dry run of a sheet for its corporation (§4.6): each bad line with its number and rule, then the preview. */
export async function checkWarlordSheet(
  app: AppContext,
  channelId: string,
  userId: string,
  text: string,
): Promise<{ ok: true; lines: string[] } | { ok: false; message: string }> {
  const game = await warlordIn(app, channelId);
  if (!game) return { ok: false, message: 'There is no Warlord game in this channel (§11).' };
  if (!game.game) return { ok: false, message: 'The game has not started: there is nothing to check against (§11).' };
  if (!game.players.some((p) => p.userId === userId))
    return { ok: false, message: 'Only a corporation’s player checks its sheet (§11).' };
  const reply = sheetReply(game, userId, text);
  return { ok: true, lines: reply ? reply.split('\n') : ['✅ Every line reads correctly.'] };
}

export async function warlordStatus(app: AppContext, channelId: string, userId: string): Promise<string[] | null> {
  const game = await warlordIn(app, channelId);
  return game ? statusLines(game, userId) : null;
}
