import { describe, expect, it } from 'vitest';
import { COMMANDS } from '../../commands/index.ts';
import { HELP_SECTIONS } from '../../commands/help.ts';

describe('/help', () => {
  it('every section fits a Discord embed field (1,024 characters) and the embed its 6,000 total', () => {
    let total = 'Campaign Master — Thunderdome III'.length;
    for (const s of HELP_SECTIONS) {
      const value = s.lines.join('\n');
      expect(value.length, s.title).toBeLessThanOrEqual(1024);
      expect(s.title.length).toBeLessThanOrEqual(256);
      total += s.title.length + value.length;
    }
    expect(HELP_SECTIONS.length).toBeLessThanOrEqual(25);
    expect(total).toBeLessThanOrEqual(6000);
  });

  it('names every registered command', () => {
    const text = HELP_SECTIONS.flatMap((s) => s.lines).join('\n');
    const missing = COMMANDS.map((c) => c.data.name).filter((name) => name !== 'help' && !text.includes(`/${name}`));
    expect(missing).toEqual([]);
  });
});
