import { ActionRowBuilder, MessageFlags, StringSelectMenuBuilder } from 'discord.js';
import { previewChain, previewCommand } from '../app/preview.ts';
import { proxiedPlayer, sectorLabel, type CampaignState } from '../rules/thunderdome/index.ts';
import { adjacentChoices, fleetChoices } from './autocomplete.ts';
import type { CommandContext, CommandOutcome } from './command.ts';
import { turnKey } from './component-ids.ts';
import {
  campaignHere,
  componentId,
  privately,
  runChosen,
  stale,
  type ComponentHandler,
  type ComponentPress,
} from './components.ts';
import { confirmFirst } from './confirmations.ts';
import { presentError, send } from './present.ts';
import { mention, refusalText } from './words.ts';

/*
 * The turn-start post's buttons (UTD2.3, UTD3.3): move a fleet, buy order points, end the turn.
 * The post's buttons carry the turn they were posted for, so they work all turn long however many
 * orders are given, and are refused once that turn is over. The menus they open carry the campaign
 * version their choices were computed from: a pick after anything changed is refused and nothing
 * happens (runCommand's expectedVersion).
 */

/** Whose fleets the presser gives orders to: their own, or the player they hold a proxy for (UTD3.2). */
function orderingPlayer(state: CampaignState, ctx: CommandContext): string {
  if (state.players.some((p) => p.id === ctx.actor.userId)) return ctx.actor.userId;
  return proxiedPlayer(state, ctx.actor.userId, ctx.app.clock.now())?.id ?? ctx.actor.userId;
}

function currentTurnKey(state: CampaignState): string | null {
  return state.turn ? turnKey(state.halfCycles, state.turn.seat, state.turn.startedAt) : null;
}

/** The campaign, if the turn the button was posted for is still running; else the stale answer was given. */
async function sameTurn(
  i: ComponentPress,
  ctx: CommandContext,
  key: string | undefined,
): Promise<{ state: CampaignState; version: number } | null> {
  const here = await campaignHere(ctx);
  if (here && key && currentTurnKey(here.state) === key) return here;
  const now = here?.state.turn;
  await stale(
    i,
    'This button belongs to a turn that is over (UTD2.3).',
    now
      ? `It is now ${mention(now.playerId)}'s turn: use the buttons of the newest turn post, or the slash commands.`
      : 'No turn is running now; `/campaign status` shows where the campaign stands.',
  );
  return null;
}

/**
 * Refusals that do not depend on the choice (not your turn, no campaign, a locked turn) are told
 * at once, as the slash command would tell them, before any menu is offered.
 */
async function refusedBeforeMenu(
  i: ComponentPress,
  ctx: CommandContext,
  command: Parameters<typeof previewCommand>[3],
): Promise<boolean> {
  const preview = await previewCommand(ctx.app, ctx.target, ctx.actor, command);
  if (preview.ok || !/^(turn|campaign)\//.test(preview.error.code)) return false;
  await presentError(i, preview.error);
  return true;
}

/** 🚀 Move a fleet: which fleet (the player's fleets, as `/move` autocompletes them). */
const moveStart: ComponentHandler = async (i, [key], ctx) => {
  const here = await sameTurn(i, ctx, key);
  if (!here) return { ok: false };
  if (await refusedBeforeMenu(i, ctx, { type: 'move', fleet: '1', to: '-' })) return { ok: false };
  const fleets = fleetChoices(
    here.state,
    orderingPlayer(here.state, ctx),
    await ctx.app.catalogs.get(here.state.catalogVersion),
  );
  if (fleets.length === 0) return privately(i, 'You have no fleet to move (UTD6.31).');
  const menu = new StringSelectMenuBuilder()
    .setCustomId(componentId('tf', here.version))
    .setPlaceholder('Which fleet?')
    .addOptions(fleets.slice(0, 25).map((f) => ({ label: f.name.slice(0, 100), value: f.value })));
  await send(i, {
    content: '🚀 **Move a fleet** down one warp lane (UTD6.31). Which fleet?',
    components: [new ActionRowBuilder<StringSelectMenuBuilder>().addComponents(menu)],
    flags: MessageFlags.Ephemeral,
  });
  return { ok: true };
};

/** The fleet picked: which lane (the sectors joined to the fleet's sector, as `/move` autocompletes them). */
const moveFleet: ComponentHandler = async (i, [versionText], ctx) => {
  if (!i.isStringSelectMenu()) return { ok: false };
  const slot = i.values[0] ?? '';
  const here = await campaignHere(ctx);
  const fleet = here?.state.fleets.find((f) => f.owner === orderingPlayer(here.state, ctx) && String(f.slot) === slot);
  if (!here || !fleet || String(here.version) !== versionText)
    return stale(
      i,
      'The campaign changed since this list of fleets was shown.',
      'Press **Move a fleet** on the turn post again, or use `/move`.',
    );
  const lanes = adjacentChoices(here.state, fleet.sector);
  if (lanes.length === 0) return privately(i, `Fleet ${slot} has no warp lane out of its sector.`);
  const menu = new StringSelectMenuBuilder()
    .setCustomId(componentId('tl', slot, here.version))
    .setPlaceholder('To which sector?')
    .addOptions(lanes.slice(0, 25).map((l) => ({ label: l.name.slice(0, 100), value: l.value })));
  await i.update({
    content: `🚀 **Move fleet ${slot}** from **${sectorLabel(here.state, fleet.sector)}**: down which warp lane?`,
    components: [new ActionRowBuilder<StringSelectMenuBuilder>().addComponents(menu)],
  });
  return { ok: true };
};

/** The lane picked: `/move fleet:<slot> to:<sector>`, refused if anything changed since the lanes were listed. */
const moveLane: ComponentHandler = async (i, [slot, versionText], ctx) => {
  if (!i.isStringSelectMenu() || !slot) return { ok: false };
  const to = i.values[0] ?? '';
  return runChosen(
    i,
    ctx,
    { type: 'move', fleet: slot, to },
    { version: Number(versionText), doing: `Moving fleet ${slot} to ${to}…`, again: `/move fleet:${slot} to:${to}` },
  );
};

/** What may be bought now: every count and kind the rules allow, with its price (UTD6.21, 6.22). */
const buyStart: ComponentHandler = async (i, [key], ctx) => {
  const here = await sameTurn(i, ctx, key);
  if (!here) return { ok: false };
  if (await refusedBeforeMenu(i, ctx, { type: 'buy-ops', kind: 'temporary', count: 1 })) return { ok: false };
  const offers: { label: string; value: string }[] = [];
  const refusals = new Map<string, string>();
  for (const kind of ['temporary', 'permanent'] as const)
    for (const count of [1, 2, 3]) {
      const run = await previewChain(ctx.app, ctx.target, [
        { actor: ctx.actor, command: { type: 'buy-ops', kind, count } },
      ]);
      if (!run) continue;
      if (!run.ok) {
        refusals.set(kind, `${refusalText(run.error).message} (${run.error.rule})`);
        continue;
      }
      const bought = run.steps[0]!.events.find((e) => e.event.type === 'OrderPointsBought')?.event;
      const cost = bought?.type === 'OrderPointsBought' ? bought.cost : '?';
      offers.push({
        label: `${count} ${kind} order point${count === 1 ? '' : 's'} — ${cost} BPV`,
        value: `${kind === 'temporary' ? 't' : 'p'}${count}`,
      });
    }
  if (offers.length === 0)
    return privately(
      i,
      `🎟️ No order points can be bought now.\n${[...refusals.values()].map((r) => `• ${r}`).join('\n')}`,
    );
  const menu = new StringSelectMenuBuilder()
    .setCustomId(componentId('to', here.version))
    .setPlaceholder('How many?')
    .addOptions(offers);
  await send(i, {
    content:
      '🎟️ **Buy order points**: temporary ones for this turn (UTD6.21), permanent ones for the rest of the game (UTD6.22). Prices as of now:',
    components: [new ActionRowBuilder<StringSelectMenuBuilder>().addComponents(menu)],
    flags: MessageFlags.Ephemeral,
  });
  return { ok: true };
};

const buyPicked: ComponentHandler = async (i, [versionText], ctx) => {
  if (!i.isStringSelectMenu()) return { ok: false };
  const m = /^([tp])([123])$/.exec(i.values[0] ?? '');
  if (!m) return { ok: false };
  const kind = m[1] === 't' ? 'temporary' : 'permanent';
  const count = Number(m[2]);
  return runChosen(
    i,
    ctx,
    { type: 'buy-ops', kind, count },
    {
      version: Number(versionText),
      doing: `Buying ${count} ${kind} order point${count === 1 ? '' : 's'}…`,
      again: `/buy ops count:${count}${kind === 'permanent' ? ' permanent:true' : ''}`,
    },
  );
};

/** ✅ End turn: the same Confirm/Cancel as `/turn end` (UTD6.121). */
const endTurn: ComponentHandler = async (i, [key], ctx): Promise<CommandOutcome> => {
  const here = await sameTurn(i, ctx, key);
  if (!here) return { ok: false };
  return confirmFirst(i, ctx, {
    command: { type: 'end-turn' },
    question: 'End your turn?',
    consequence:
      'Your orders are final: exploration, battles and the rest of the turn follow, and the next player is called (UTD2.3).',
    rule: 'UTD2.3',
    again: '/turn end',
  });
};

export const TURN_COMPONENTS = {
  tm: moveStart,
  tf: moveFleet,
  tl: moveLane,
  tb: buyStart,
  to: buyPicked,
  te: endTurn,
} as const satisfies Record<string, ComponentHandler>;
