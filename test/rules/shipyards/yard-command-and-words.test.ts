import { describe, expect, it } from 'vitest';
import { ApplicationCommandOptionType, type APIApplicationCommandOption } from 'discord.js';
import { yardCommand } from '../../../commands/yard.ts';
import { describeYardEvent, yardStatusText } from '../../../src/discord/yard-words.ts';
import { integratedExample, PRINTED_PRESET, runNewConstruction, shipsOf } from './yard-harness.ts';

describe('/yard definition fits Discord limits', () => {
  it('at most 25 subcommands, descriptions of 1–100 characters, required options first, 4000 characters in all', () => {
    const subs = yardCommand.data.options as APIApplicationCommandOption[];
    expect(subs.length).toBeLessThanOrEqual(25);
    let chars = yardCommand.data.name.length + yardCommand.data.description.length;
    const bad: string[] = [];
    for (const s of subs) {
      chars += s.name.length + s.description.length;
      if (s.description.length > 100) bad.push(s.name);
      let optional = false;
      for (const o of (s.type === ApplicationCommandOptionType.Subcommand
        ? (s.options ?? [])
        : []) as APIApplicationCommandOption[]) {
        chars += o.name.length + o.description.length;
        if (o.description.length > 100) bad.push(`${s.name} ${o.name}`);
        const required = 'required' in o && o.required === true;
        if (required && optional) bad.push(`${s.name} ${o.name} required after optional`);
        if (!required) optional = true;
      }
    }
    expect(bad).toEqual([]);
    expect(chars).toBeLessThanOrEqual(4000);
    expect(subs.map((s) => s.name)).toEqual(
      expect.arrayContaining(['activate', 'build', 'overhaul', 'refit', 'convert', 'inspect', 'status']),
    );
  });
});

describe('yard announcements', () => {
  it('every shipyard event of the UTD6.378 example has a line; other events are not ours', () => {
    const g = integratedExample(PRINTED_PRESET);
    const start = g.log.length;
    g.do('p1', { type: 'yard-activate', yard: 'capital' });
    g.do('p1', { type: 'yard-overhaul', ships: shipsOf(g, 'LYR-CA')[0]!.id, to: 'LYR-CA+PH' });
    g.do('p1', {
      type: 'yard-refit',
      ships: shipsOf(g, 'LYR-FF')
        .map((s) => s.id)
        .join(','),
      to: 'LYR-FF+PH',
      yard: 'capital',
    });
    g.do('p1', { type: 'yard-activate', yard: 'B900' });
    g.do('p1', { type: 'yard-inspect', ships: 'S900' });
    g.do('p1', { type: 'yard-build', unitId: 'LYR-FF+ALL', yard: 'B900' });
    runNewConstruction(g, 'p1');
    const lines = g.log.slice(start).map((e) => describeYardEvent(e, g.state));
    expect(lines.every((l) => typeof l === 'string' && l.length > 0)).toBe(true);
    expect(lines[1]).toContain('47 BPV');
    expect(lines[1]).toContain('exactly 46.55');
    expect(lines.at(-1)).toContain('joins fleet 1');
    expect(describeYardEvent(g.log[0]!, g.state)).toBeUndefined();
  });

  it('/yard status shows capacity used this turn and the dry dock', () => {
    const g = integratedExample();
    g.do('p1', { type: 'yard-activate', sector: 'H1' });
    g.do('p1', { type: 'yard-build', unitId: 'LYR-FF+ALL', yard: 'B900' });
    const text = yardStatusText(g.state, 'p1', g.catalog);
    expect(text).toContain('activated, used 1/3 of 2/3');
    expect(text).toContain('dry dock 0/2');
    expect(text).toContain('LYR-FF+ALL → fleet 1');
  });
});
