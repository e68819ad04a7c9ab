import type { APIApplicationCommandOption, ChatInputCommandInteraction } from 'discord.js';
import { describe, expect, it } from 'vitest';
import { calcCommand } from '../../../commands/calc.ts';
import type { CommandContext } from '../../../src/discord/command.ts';

/** `/calc` end to end with a minimal interaction: options in, one reply out. */
function interaction(sub: string, values: Record<string, string | number | boolean>) {
  const replies: { content?: string; flags?: unknown }[] = [];
  const get = (name: string, required?: boolean) => {
    const v = values[name];
    if (v === undefined && required) throw new Error(`missing required option ${name}`);
    return v ?? null;
  };
  const i = {
    deferred: false,
    replied: false,
    options: { getSubcommand: () => sub, getString: get, getInteger: get, getBoolean: get },
    reply: async (o: { content?: string; flags?: unknown }) => {
      replies.push(o);
    },
  };
  return { i: i as unknown as ChatInputCommandInteraction, replies };
}

const ctx = {} as CommandContext;

describe('/calc command', () => {
  it('explosion posts the D5.2 result publicly', async () => {
    const { i, replies } = interaction('explosion', { strength: 10, distance: '2' });
    expect(await calcCommand.execute(i, ctx)).toEqual({ ok: true });
    expect(replies).toHaveLength(1);
    expect(replies[0]!.content).toContain('**2** damage');
    expect(replies[0]!.flags).toBeUndefined();
  });

  it('turnmode with a warp TAC and an outstanding crew gives 11°', async () => {
    const { i, replies } = interaction('turnmode', { mode: 'F', speed: '4', tac: 'warp', outstanding_crew: true });
    await calcCommand.execute(i, ctx);
    expect(replies[0]!.content).toContain('the limit is **11°**');
  });

  it('bad input is an ephemeral refusal citing the rule', async () => {
    const { i, replies } = interaction('orbit', { distance: 'far' });
    expect(await calcCommand.execute(i, ctx)).toEqual({ ok: false });
    expect(replies[0]!.content).toContain('P8.413');
    expect(replies[0]!.flags).toBeDefined();
  });

  it('web and arc answer too', async () => {
    const web = interaction('web', { length: '1.1' });
    await calcCommand.execute(web.i, ctx);
    expect(web.replies[0]!.content).toContain('**6.6**');
    const arc = interaction('arc', { shooter: '0 0 0', facing: '0 0 0', target: '1 1 0' });
    await calcCommand.execute(arc.i, ctx);
    expect(arc.replies[0]!.content).toContain('Pitch mounts: Top, Center.');
  });

  it('the definition fits Discord limits: ≤ 25 options, descriptions 1–100, lowercase names', () => {
    const walk = (opts: readonly APIApplicationCommandOption[] | undefined): string[] =>
      (opts ?? []).flatMap((o) => [
        ...(o.description.length < 1 || o.description.length > 100
          ? [`${o.name}: description length ${o.description.length}`]
          : []),
        ...(/^[-_a-z0-9]{1,32}$/.test(o.name) ? [] : [`${o.name}: bad name`]),
        ...('options' in o ? walk(o.options as APIApplicationCommandOption[]) : []),
      ]);
    expect(calcCommand.data.name).toBe('calc');
    expect(calcCommand.data.options!.length).toBeLessThanOrEqual(25);
    expect(walk(calcCommand.data.options)).toEqual([]);
  });
});
