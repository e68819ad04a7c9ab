import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PermissionFlagsBits as P } from 'discord.js';
import { afterAll, describe, expect, it } from 'vitest';
import { MAP_APPROVAL_HEAD } from '../../src/discord/map-approval-words.ts';
import { Playground, stableSnowflake, type LineResult } from '../../src/playground/playground.ts';
import { createPgliteDatabase } from '../helpers/databases.ts';
import { ROOT, triangleCampaignLines } from '../helpers/playground.ts';

/**
 * A campaign channel where the bot's role is denied Attach Files and Add Reactions (a channel
 * overwrite, as a server admin might set): `/campaign create` names both with what they break,
 * every post still goes out (maps and cards as text, vote and approval messages without their
 * reactions), each refusal is told once in the channel, and `/campaign status` shows what is
 * missing (docs/delivery.md).
 */
describe('a channel without Attach Files or Add Reactions', async () => {
  const outDir = mkdtempSync(join(tmpdir(), 'cm-perms-'));
  const tdb = await createPgliteDatabase();
  const playground = await Playground.start({ database: tdb.database, outDir });
  const channelId = stableSnowflake('channel:campaign');
  playground.standIn.denyBot(channelId, P.AttachFiles | P.AddReactions);
  const results = new Map<string, LineResult>();
  const cwd = process.cwd();
  process.chdir(ROOT);
  let n = 0;
  const script = [
    ...triangleCampaignLines({ seed: 5, name: 'No Pictures', aliceBuys: ['unit:LYR-CA fleet:1'] }),
    '@bob /vote setting key:startYear value:168',
    '@alice /campaign status',
  ];
  try {
    for (const line of script) {
      const r = await playground.run(line, ++n);
      if (r) results.set(line, r);
    }
  } finally {
    process.chdir(cwd);
  }
  const messages = playground.standIn.channelMessages(channelId);
  afterAll(async () => {
    await playground.close();
    await tdb.drop();
    rmSync(outDir, { recursive: true, force: true });
  });

  it('/campaign create names each missing permission and what it breaks', async () => {
    const created = results.get('@alice /campaign create name:"No Pictures"')!;
    expect(created.ok).toBe(true);
    const warning = messages.find((m) => m.content.startsWith('⚠️ The bot lacks permissions in this channel'));
    expect(warning?.content).toContain('**Attach Files**: maps and battle cards are posted as text only');
    expect(warning?.content).toContain('**Add Reactions**: vote and map approval messages get no ✅/❌');
    expect(warning?.content).not.toContain('Send Messages');
  });

  it('the map approval message, the turn ping and the vote message all go out, without pictures or reactions', () => {
    const approval = messages.find((m) => m.content.startsWith(MAP_APPROVAL_HEAD));
    expect(approval).toBeDefined();
    expect(approval!.attachments).toEqual([]);
    expect(approval!.reactions).toEqual([]);
    const ping = messages.filter((m) => m.content.startsWith('▶️'));
    expect(ping).toHaveLength(1);
    expect(ping[0]!.attachments).toEqual([]);
    const vote = messages.find((m) => m.content.startsWith('🗳️ **Vote'));
    expect(vote).toBeDefined();
    expect(vote!.reactions).toEqual([]);
    // Nothing the bot tried is missing: every refused post went out again as text.
    expect(playground.standIn.unknownRoutes()).toEqual([]);
  });

  it('each refusal is told once in the channel, however many posts it hit', () => {
    const notices = messages.filter((m) => m.content.startsWith('⚠️ Discord refused a post'));
    expect(notices.map((m) => /\*\*(.+?)\*\*/.exec(m.content)?.[1]).sort()).toEqual(['Add Reactions', 'Attach Files']);
    const refused = playground.standIn.failedRequests().filter((r) => r.error?.code === 50013);
    // The approval message's map and its ✅, the turn ping's map, the vote's ✅: four refusals, two notices.
    expect(refused.length).toBeGreaterThanOrEqual(4);
  });

  it('/campaign status shows what is missing', () => {
    const status = results.get('@alice /campaign status')!;
    expect(status.content).toContain('**Attach Files**');
    expect(status.content).toContain('**Add Reactions**');
  });
});
