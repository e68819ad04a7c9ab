import { describe, expect, it } from 'vitest';
import { ApplicationCommandOptionType, type APIApplicationCommandOption } from 'discord.js';
import { officerCommand } from '../../../commands/officer.ts';
import { COMMANDS } from '../../../commands/index.ts';
import { describeOfficerEvent, officerListText } from '../../../src/discord/officer-words.ts';
import { describeEvent } from '../../../src/discord/words.ts';
import { startedGame } from '../td3/harness.ts';

describe('/officer definition fits Discord limits', () => {
  it('is registered; descriptions of 1–100 characters, required options first', () => {
    expect(COMMANDS).toContain(officerCommand);
    const bad: string[] = [];
    for (const s of officerCommand.data.options as APIApplicationCommandOption[]) {
      if (s.description.length > 100 || s.description.length < 1) bad.push(s.name);
      let optional = false;
      for (const o of (s.type === ApplicationCommandOptionType.Subcommand
        ? (s.options ?? [])
        : []) as APIApplicationCommandOption[]) {
        if (o.description.length > 100) bad.push(`${s.name} ${o.name}`);
        const required = 'required' in o && o.required === true;
        if (required && optional) bad.push(`${s.name} ${o.name} required after optional`);
        if (!required) optional = true;
      }
    }
    expect(bad).toEqual([]);
  });
});

describe('officer announcements and the /officer list', () => {
  it('UTD7.26A each officer event has a line citing its rule, chained from describeEvent', () => {
    const g = startedGame({ p1: ['LYR-CA', 'LYR-CA'] });
    const [a, b] = g.state.ships.filter((s) => s.owner === 'p1').map((s) => s.id);
    g.do('p1', { type: 'yard-activate', sector: 'H1' });
    const start = g.log.length;
    g.do('p1', { type: 'officer-buy', ship: a!, officer: 'navigator' });
    g.do('p1', { type: 'crew-buy', ship: b! });
    g.do('p1', { type: 'officer-transfer', from: a!, to: b! });
    const lines = g.log.slice(start).map((e) => describeEvent(e, g.state));
    expect(lines[0]).toContain('Legendary Navigator');
    expect(lines[0]).toContain('10 BPV');
    expect(lines[1]).toContain('outstanding crew');
    expect(lines[2]).toContain('no surcharge');
    expect(lines[2]).toContain('UTD6.33');
    expect(describeOfficerEvent(g.log[0]!, g.state)).toBeUndefined();
  });

  it("UTD7.A2 the list shows each ship's CO pool: a 133 BPV cruiser has 27, and the officer and crew", () => {
    const g = startedGame({ p1: ['LYR-CA'] });
    const [a] = g.state.ships.filter((s) => s.owner === 'p1').map((s) => s.id);
    g.do('p1', { type: 'yard-activate', sector: 'H1' });
    g.do('p1', { type: 'officer-buy', ship: a!, officer: 'captain' });
    const text = officerListText(g.state, 'p1', g.catalog);
    expect(text).toContain('pool **27**');
    expect(text).toContain('Legendary Captain on LYR-CA');
    expect(text).toContain('Outstanding crew: none');
  });
});
