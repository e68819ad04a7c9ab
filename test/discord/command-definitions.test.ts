import { describe, expect, it } from 'vitest';
import { ApplicationCommandOptionType, type APIApplicationCommandOption } from 'discord.js';
import { COMMANDS } from '../../commands/index.ts';
import type { SlashCommand } from '../../src/discord/command.ts';

/**
 * Discord refuses the whole deploy if one definition breaks a limit, so every definition is
 * checked here: names, lengths, counts, choices and the total size (Discord API docs,
 * "Application Command Object").
 */
const NAME = /^[-_\p{Ll}\p{Lo}\p{N}\p{sc=Deva}\p{sc=Thai}]{1,32}$/u;

function problems(commands: readonly Pick<SlashCommand, 'data'>[]): string[] {
  const out: string[] = [];
  const names = new Set<string>();
  if (commands.length > 100) out.push(`${commands.length} global commands > 100`);
  for (const c of commands) {
    const where = `/${c.data.name}`;
    if (names.has(c.data.name)) out.push(`${where} defined twice`);
    names.add(c.data.name);
    let chars = c.data.name.length + (c.data.description?.length ?? 0);
    if (!NAME.test(c.data.name)) out.push(`${where}: bad name`);
    if (!c.data.description || c.data.description.length > 100)
      out.push(`${where}: description must be 1-100 characters`);
    const walk = (opts: readonly APIApplicationCommandOption[] | undefined, path: string, depth: number) => {
      if (!opts) return;
      if (opts.length > 25) out.push(`${path}: ${opts.length} options > 25`);
      const seen = new Set<string>();
      let optionalSeen = false;
      for (const o of opts) {
        const p = `${path} ${o.name}`;
        chars += o.name.length + o.description.length;
        if (!NAME.test(o.name)) out.push(`${p}: bad name`);
        if (seen.has(o.name)) out.push(`${p}: duplicate`);
        seen.add(o.name);
        if (o.description.length < 1 || o.description.length > 100)
          out.push(`${p}: description must be 1-100 characters (${o.description.length})`);
        const isSub =
          o.type === ApplicationCommandOptionType.Subcommand || o.type === ApplicationCommandOptionType.SubcommandGroup;
        if (isSub) {
          if (o.type === ApplicationCommandOptionType.SubcommandGroup && depth > 0)
            out.push(`${p}: groups nest only one level`);
          walk(o.options, p, depth + 1);
          continue;
        }
        const required = 'required' in o && o.required === true;
        if (required && optionalSeen) out.push(`${p}: required option after an optional one`);
        if (!required) optionalSeen = true;
        const choices =
          'choices' in o ? (o.choices as { name: string; value: string | number }[] | undefined) : undefined;
        if (choices) {
          if (choices.length > 25) out.push(`${p}: ${choices.length} choices > 25`);
          if ('autocomplete' in o && o.autocomplete) out.push(`${p}: choices and autocomplete together`);
          for (const ch of choices) {
            chars += ch.name.length + String(ch.value).length;
            if (ch.name.length < 1 || ch.name.length > 100)
              out.push(`${p}: choice name ${ch.name} must be 1-100 characters`);
            if (typeof ch.value === 'string' && ch.value.length > 100) out.push(`${p}: choice value too long`);
          }
        }
      }
    };
    walk(c.data.options, where, 0);
    if (chars > 4000) out.push(`${where}: ${chars} characters in names, descriptions and choices > 4000`);
  }
  return out;
}

describe('slash command definitions fit Discord limits', () => {
  it('every command is within every limit', () => {
    expect(problems(COMMANDS)).toEqual([]);
  });
  it('the checker catches a broken definition', () => {
    const bad = {
      data: {
        name: 'Bad Name',
        description: 'x'.repeat(101),
        options: [
          { type: ApplicationCommandOptionType.String, name: 'opt', description: 'optional' },
          {
            type: ApplicationCommandOptionType.String,
            name: 'req',
            description: 'required',
            required: true,
            choices: Array.from({ length: 26 }, (_, i) => ({ name: `c${i}`, value: `v${i}` })),
          },
        ],
      },
    } as unknown as Pick<SlashCommand, 'data'>;
    expect(problems([bad])).toEqual([
      '/Bad Name: bad name',
      '/Bad Name: description must be 1-100 characters',
      '/Bad Name req: required option after an optional one',
      '/Bad Name req: 26 choices > 25',
    ]);
  });
  it('the registry names the first commands of the foundation', () => {
    expect(COMMANDS.map((c) => c.data.name)).toEqual(expect.arrayContaining(['campaign', 'roll', 'help']));
  });
});
