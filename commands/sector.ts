import {
  ApplicationCommandOptionType,
  MessageFlags,
  type AutocompleteInteraction,
  type ChatInputCommandInteraction,
  type RESTPostAPIChatInputApplicationCommandsJSONBody,
} from 'discord.js';
import { readArgs } from '../src/discord/args.ts';
import type { CommandContext, CommandOutcome, SlashCommand } from '../src/discord/command.ts';
import { respondChoices, sectorChoices, stateFor } from '../src/discord/autocomplete.ts';
import { execute, send } from '../src/discord/present.ts';
import { sectorText } from '../src/discord/views/sector-text.ts';
import { describeError, WORDS } from '../src/discord/words.ts';

const sectorOption = {
  type: ApplicationCommandOptionType.String,
  name: 'sector',
  description: 'The sector',
  required: true,
  autocomplete: true,
} as const;

const data = {
  name: 'sector',
  description: 'Sectors: look, name, object to a name, disavow, balancing and its answers',
  options: [
    {
      type: ApplicationCommandOptionType.Subcommand,
      name: 'info',
      description: 'Everything about one sector',
      options: [sectorOption],
    },
    {
      type: ApplicationCommandOptionType.Subcommand,
      name: 'name',
      description: 'Name a sector you explored first (UTD4.12)',
      options: [
        sectorOption,
        {
          type: ApplicationCommandOptionType.String,
          name: 'name',
          description: 'Up to 32 characters, family friendly',
          required: true,
          max_length: 32,
        },
      ],
    },
    {
      type: ApplicationCommandOptionType.Subcommand,
      name: 'object',
      description: 'Object to a sector name; its namer must rename it (UTD4.12)',
      options: [sectorOption],
    },
    {
      type: ApplicationCommandOptionType.Subcommand,
      name: 'disavow',
      description: 'Refuse (or accept again) the automatic claim of a sector (UTD4.13)',
      options: [
        sectorOption,
        { type: ApplicationCommandOptionType.Boolean, name: 'undo', description: 'Accept the claim again' },
      ],
    },
    {
      type: ApplicationCommandOptionType.Subcommand,
      name: 'balancing',
      description: 'Your answer to a balancing question left unanswered for 24 h (UTD5.221-5.224)',
      options: [
        {
          type: ApplicationCommandOptionType.String,
          name: 'mode',
          description: 'Your standing instruction',
          required: true,
          choices: [
            { name: 'Never use it', value: 'none' },
            { name: 'Turn dead or life rolls into mineral (UTD5.221)', value: 'mineral' },
            { name: 'Turn dead rolls into life (UTD5.222)', value: 'life' },
            { name: 'Choose life when free choice applies (UTD5.224)', value: 'choose-life' },
            { name: 'Choose mineral when free choice applies (UTD5.224)', value: 'choose-mineral' },
          ],
        },
      ],
    },
    {
      type: ApplicationCommandOptionType.Subcommand,
      name: 'choose',
      description: 'Answer the balancing question of your exploration, as its buttons do (UTD5.221-5.224)',
      options: [
        {
          type: ApplicationCommandOptionType.String,
          name: 'answer',
          description: 'Your answer; the question says which ones apply',
          required: true,
          choices: [
            { name: 'Keep the rolled type', value: 'keep' },
            { name: 'A mineral sector (UTD5.221, UTD5.224)', value: 'mineral' },
            { name: 'A life sector (UTD5.222, UTD5.224)', value: 'life' },
            { name: 'Roll for the type instead of choosing (UTD5.224)', value: 'roll' },
          ],
        },
      ],
    },
  ],
} as const satisfies RESTPostAPIChatInputApplicationCommandsJSONBody;

async function run(i: ChatInputCommandInteraction, ctx: CommandContext): Promise<CommandOutcome> {
  const args = readArgs(i, data);
  switch (args.sub) {
    case 'name':
      return execute(i, ctx, { type: 'name-sector', sector: args.sector, name: args.name });
    case 'object':
      return execute(i, ctx, { type: 'object-name', sector: args.sector });
    case 'disavow':
      return execute(i, ctx, { type: 'disavow', sector: args.sector, disavowed: !(args.undo ?? false) });
    case 'balancing':
      return execute(i, ctx, { type: 'balancing', mode: args.mode });
    case 'choose':
      return execute(i, ctx, { type: 'explore-choice', answer: args.answer });
    case 'info': {
      const sector = args.sector;
      const state = await stateFor(ctx);
      const text = state?.map ? sectorText(state, sector) : null;
      // The same error form as a refused command (describeError): what is wrong, a hint, the rule.
      const missing = state?.map
        ? describeError({
            code: 'sector/unknown',
            rule: 'UTD4.1',
            message: `There is no sector \`${sector.slice(0, 32)}\` on the map.`,
            hint: 'Pick one from the list as you type, or give its key or name as `/map show text:true` lists them.',
          })
        : describeError({
            code: 'map/none',
            rule: 'UTD8.16',
            message: 'This campaign has no map yet.',
            hint: 'The creator sets one with `/map generate` or `/map import`.',
          });
      await send(i, {
        content: text ?? (state ? missing : WORDS.noCampaign),
        flags: MessageFlags.Ephemeral,
        allowedMentions: { parse: [] },
      });
      return { ok: text !== null };
    }
  }
}

async function autocomplete(i: AutocompleteInteraction, ctx: CommandContext): Promise<void> {
  const state = await stateFor(ctx);
  return state ? respondChoices(i, sectorChoices(state)) : i.respond([]);
}

export const sectorCommand: SlashCommand = { data, execute: run, autocomplete };
