import { campaignHeadOfChannel } from '../db/campaign-repo.ts';
import type { RuleError } from '../rules/errors.ts';
import type { Actor } from '../rules/thunderdome/index.ts';
import { SAMPLE_CATALOG } from '../rules/warlord/catalog.ts';
import { gameCatalog } from '../rules/warlord/galaxy.ts';
import { parseSector } from '../rules/warlord/hex.ts';
import { blankSheet } from '../rules/warlord/sheet-edit.ts';
import { type GalaxyView, type SectorView, galaxyView, sectorView } from '../rules/warlord/view.ts';
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

/**
 * The sheet a player edits in the modal: the one in for this turn, or the blank sheet with a line
 * per ship (§9), and the game turn it belongs to (a modal opened before the turn ran must not
 * submit into the next one).
 */
export async function warlordSheetDraft(
  app: AppContext,
  channelId: string,
  userId: string,
): Promise<{ ok: true; text: string; turn: number; submitted: boolean } | { ok: false; message: string }> {
  const game = await warlordIn(app, channelId);
  if (!game) return { ok: false, message: 'There is no Warlord game in this channel (§11).' };
  if (game.status !== 'running' || !game.game) return { ok: false, message: 'The game is not running (§11).' };
  const me = game.players.find((p) => p.userId === userId);
  if (!me) return { ok: false, message: 'Only a corporation’s player submits its sheet (§11).' };
  const sent = game.sheets[String(me.corp)];
  return {
    ok: true,
    text: sent ?? blankSheet(game.game, me.corp, gameCatalog(SAMPLE_CATALOG, game.game.settings)),
    turn: game.game.turn,
    submitted: sent !== undefined,
  };
}

/** The game turn of a channel's running Warlord game (null when none runs). */
export async function warlordTurn(app: AppContext, channelId: string): Promise<number | null> {
  const game = await warlordIn(app, channelId);
  return game?.status === 'running' && game.game ? game.game.turn : null;
}

export async function warlordStatus(app: AppContext, channelId: string, userId: string): Promise<string[] | null> {
  const game = await warlordIn(app, channelId);
  return game ? statusLines(game, userId) : null;
}

/**
 * `/warlord map`: a sector (the player's home sector by default) and the galaxy overview as the
 * player's corporation knows them (fog of war, §8, §11.3), as render inputs. Only a corporation's
 * player may ask, and sees only its own knowledge.
 */
export async function warlordMapViews(
  app: AppContext,
  channelId: string,
  userId: string,
  sector: string | null,
): Promise<{ ok: true; sector: SectorView; galaxy: GalaxyView } | { ok: false; message: string }> {
  const game = await warlordIn(app, channelId);
  if (!game) return { ok: false, message: 'There is no Warlord game in this channel (§11).' };
  if (!game.game) return { ok: false, message: 'The game has not started: the galaxy is not generated yet (§11).' };
  const me = game.players.find((p) => p.userId === userId);
  const corp = me ? game.game.corps.find((c) => c.id === me.corp) : undefined;
  if (!corp) return { ok: false, message: 'Only a corporation’s player sees its maps (fog of war, §8).' };
  const { width, height } = game.game.settings.galaxy;
  const at =
    sector === null
      ? { x: corp.homeOffice.sx, y: corp.homeOffice.sy }
      : parseSector(game.game.settings.galaxy, sector.trim());
  if (!at)
    return {
      ok: false,
      message: `"${sector}" is not a sector of this ${width}×${height} galaxy: write its two digits, column then row, 00 to ${width - 1}${height - 1} (§4.1).`,
    };
  return { ok: true, sector: sectorView(game.game, corp.id, at), galaxy: galaxyView(game.game, corp.id) };
}

/**
 * The ruleset of the campaign each channel holds, by open database. A campaign's ruleset never
 * changes and no campaign is ever deleted (a channel holds at most one, UTD8.1), so a channel once
 * seen with a campaign is never asked again; a channel without one is asked each time.
 */
const channelRulesets = new WeakMap<object, Map<string, string>>();

async function channelRuleset(app: AppContext, channelId: string): Promise<string | null> {
  let known = channelRulesets.get(app.database);
  if (!known) channelRulesets.set(app.database, (known = new Map()));
  const cached = known.get(channelId);
  if (cached) return cached;
  const head = await campaignHeadOfChannel(app.database.db, channelId);
  if (head) known.set(channelId, head.ruleset);
  return head?.ruleset ?? null;
}

/**
 * Slash commands that belong to no ruleset's state (or read it through the seam): they work in a
 * Warlord channel as anywhere. `/campaign export` writes any ruleset's log (docs/export-format.md).
 */
const RULESET_NEUTRAL: ReadonlySet<string> = new Set(['warlord', 'help', 'me', 'dice', 'roll', 'calc']);
const NEUTRAL_SUBCOMMANDS: ReadonlySet<string> = new Set(['campaign export']);

/**
 * The one guard for Thunderdome's commands in a Warlord channel: `/campaign status`, `/map show`,
 * `/navy`, `/sector info` and the rest read a Thunderdome campaign and would draw nonsense from a
 * Warlord game (or refuse in words that send the player nowhere), so they are refused privately
 * naming what to use instead. Null when the command may run. A channel's ruleset is read once per
 * process (`channelRuleset`), so the guard adds nothing to a command's path after the first.
 */
export async function otherRulesetRefusal(
  app: AppContext,
  channelId: string,
  command: string,
  subcommand: string | null,
): Promise<RuleError | null> {
  if (RULESET_NEUTRAL.has(command) || (subcommand && NEUTRAL_SUBCOMMANDS.has(`${command} ${subcommand}`))) return null;
  if ((await channelRuleset(app, channelId)) !== WARLORD_RULESET) return null;
  return {
    code: 'campaign/other-ruleset',
    rule: '§11',
    message: `This channel plays Star Fleet Warlord, not Thunderdome III: \`/${command}\` does not apply to it.`,
    hint: 'Use `/warlord status` for the game, your treasury and whose orders are in, and `/warlord map` for your maps.',
  };
}
