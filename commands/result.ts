import {
  ApplicationCommandOptionType,
  MessageFlags,
  type AutocompleteInteraction,
  type ChatInputCommandInteraction,
  type RESTPostAPIChatInputApplicationCommandsJSONBody,
} from 'discord.js';
import { findBattle } from '../src/app/battles.ts';
import { readArgs } from '../src/discord/args.ts';
import { respondChoices, stateFor } from '../src/discord/autocomplete.ts';
import type { CommandContext, CommandOutcome, SlashCommand } from '../src/discord/command.ts';
import { openResultBuilder } from '../src/discord/components-battle.ts';
import { presentError, send } from '../src/discord/present.ts';
import { battleChoices } from '../src/discord/views/battle-choices.ts';
import { WORDS } from '../src/discord/words.ts';

/**
 * `/result`: the result of a battle entered with menus (components-battle.ts), the way the battle
 * card's **Enter the result** button opens it, with room for evidence: an SFB Online log or a
 * screenshot, kept with the result (UTD7.44), and what menus cannot hold: the damage on an NPE
 * planet (UTD5.4632) and a note. `/battle report` and `/battle propose` stay for those who prefer
 * typing (and for a winner's provisional disengagement, UTD7.465).
 */
const data = {
  name: 'result',
  description: 'Enter a battle result with menus, with an SFB log or screenshot as evidence (UTD7.44)',
  options: [
    {
      type: ApplicationCommandOptionType.String,
      name: 'battle',
      description: 'The battle (e.g. K12)',
      required: true,
      autocomplete: true,
    },
    {
      type: ApplicationCommandOptionType.Attachment,
      name: 'evidence',
      description: 'An SFB Online log or a screenshot, kept with the result',
    },
    {
      type: ApplicationCommandOptionType.Integer,
      name: 'planet_damage',
      description: 'Damage points on the NPE planet (UTD5.4632)',
      min_value: 0,
      max_value: 10000,
    },
    {
      type: ApplicationCommandOptionType.String,
      name: 'note',
      description: 'A short note for the record',
      max_length: 300,
    },
  ],
} as const satisfies RESTPostAPIChatInputApplicationCommandsJSONBody;

async function run(i: ChatInputCommandInteraction, ctx: CommandContext): Promise<CommandOutcome> {
  const args = readArgs(i, data);
  const state = await stateFor(ctx);
  if (!state) {
    await send(i, { content: WORDS.noCampaign, flags: MessageFlags.Ephemeral });
    return { ok: false };
  }
  const found = findBattle(state, args.battle);
  if (!found.ok) return presentError(i, found.error);
  if (found.value.status !== 'open')
    return presentError(i, {
      code: 'battle/resolved',
      rule: 'UTD7.4',
      message: `Battle ${found.value.id} is already resolved.`,
    });
  const file = args.evidence;
  return openResultBuilder(i, ctx, state, found.value, {
    evidence: file ? { url: file.url, name: file.name } : null,
    planetDamage: args.planet_damage ?? 0,
    note: args.note ?? '',
  });
}

async function autocomplete(i: AutocompleteInteraction, ctx: CommandContext): Promise<void> {
  const state = await stateFor(ctx);
  if (!state) return i.respond([]);
  const focused = i.options.getFocused(true);
  return respondChoices(
    i,
    battleChoices(state, ctx.actor.userId, {
      focused: focused.name,
      typed: String(focused.value),
      kind: 'result',
      battle: null,
    }),
  );
}

export const resultCommand: SlashCommand = { data, execute: run, autocomplete };
