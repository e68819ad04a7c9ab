import { MessageFlags } from 'discord.js';
import type { CommandContext, CommandOutcome } from './command.ts';
import { parseComponentId, type ComponentAction } from './component-ids.ts';
import type { ComponentHandler, ComponentPress } from './components.ts';
import { BATTLE_COMPONENTS } from './components-battle.ts';
import { EXPLORE_COMPONENTS } from './components-explore.ts';
import { TURN_COMPONENTS } from './components-turn.ts';
import { VOTE_COMPONENTS } from './components-vote.ts';
import { WARLORD_COMPONENTS } from './components-warlord.ts';
import { WORDS } from './words.ts';

/** Every action's handler: one table, so an action without a handler is a compile error. */
const HANDLERS: Record<ComponentAction, ComponentHandler> = {
  ...TURN_COMPONENTS,
  ...BATTLE_COMPONENTS,
  ...VOTE_COMPONENTS,
  ...EXPLORE_COMPONENTS,
  ...WARLORD_COMPONENTS,
};

/** A press on one of the bot's buttons or menus (component-ids.ts), answered by its action's handler. */
export async function onComponent(i: ComponentPress, ctx: CommandContext): Promise<CommandOutcome> {
  const parsed = parseComponentId(i.customId);
  if (!parsed) {
    await i.reply({ content: WORDS.unknownAction, flags: MessageFlags.Ephemeral });
    return { ok: false };
  }
  return HANDLERS[parsed.action](i, parsed.args, ctx);
}
