import { describe, expect, it } from 'vitest';
import { playLines, triangleCampaignLines } from '../helpers/playground.ts';
import { EVENT_WORDS } from '../../src/discord/words.ts';

/** Replies as a player reads them, through the real discord.js client over the stand-in. */
describe('words a player reads, through the playground', () => {
  it('UTD4.1 /sector info of an unknown sector answers in the usual error form; the log and navy read plainly', async () => {
    const { results, cleanup } = await playLines([
      ...triangleCampaignLines({ seed: 7, name: 'Plain **words**', aliceBuys: ['unit:LYR-CA fleet:1'] }),
      '@alice /sector info sector:nowhere',
      '@alice /turn end',
      '@alice /campaign log',
      '@alice /navy text:true',
    ]);
    try {
      const at = (prefix: string) => results.find((r) => r.input.startsWith(prefix))!;
      const info = at('@alice /sector info');
      expect(info.ok).toBe(false);
      expect(info.ephemeral).toBe(true);
      expect(info.content).toContain('❌ There is no sector `nowhere` on the map.');
      expect(info.content).toContain('-# Rule UTD4.1 · `sector/unknown`');
      // The log: a sentence per event, never an internal event name.
      const log = at('@alice /campaign log').content;
      expect(log).toContain('ends the turn');
      for (const type of Object.keys(EVENT_WORDS)) expect(log, type).not.toMatch(new RegExp(`\\b${type}\\b`));
      // The campaign name typed with ** shows as typed (escaped), not as bold markup.
      expect(log).toContain('Plain \\*\\*words\\*\\*');
      const navy = at('@alice /navy').content;
      expect(navy).toMatch(/\d+ × Ground Defense Phaser Base/);
      expect(navy).toMatch(/MC [\d/]+ of 5/);
    } finally {
      cleanup();
    }
  }, 120_000);
});
