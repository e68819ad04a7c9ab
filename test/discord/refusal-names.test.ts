import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCommand } from '../../src/app/run-command.ts';
import { describeError, refusalText } from '../../src/discord/words.ts';
import type { RuleError } from '../../src/rules/errors.ts';
import { actor, testApp } from '../helpers/app.ts';
import { createPgliteDatabase, type TestDatabase } from '../helpers/databases.ts';

/**
 * Refusals quote names players typed (the campaign's, a player's): the rules write plain text and
 * the Discord layer shows those names as typed (no Markdown, no mention), keeping the rules' own
 * `**bold**` and `` `commands` ``.
 */
const HOSTILE_CAMPAIGN = '**Evil** `camp` ||x||';
const HOSTILE_PLAYER = '@everyone *ha*_ ~~y~~ <@123>';

describe('names players typed in refusals are shown as typed (escaped for Discord)', () => {
  let tdb: TestDatabase;
  let app: ReturnType<typeof testApp>;
  const target = { guildId: 'g-names', channelId: 'c-names' };

  beforeAll(async () => {
    tdb = await createPgliteDatabase();
    app = testApp(tdb.database);
    const must = async (userId: string, command: Parameters<typeof runCommand>[1]['command'], displayName = userId) => {
      const r = await runCommand(app, { target, actor: actor(userId, { displayName }), command });
      if (!r.ok) throw new Error(r.error.message);
    };
    await must('a', { type: 'create', name: HOSTILE_CAMPAIGN }, HOSTILE_PLAYER);
    await must('a', { type: 'join', empire: 'lyran' }, HOSTILE_PLAYER);
    await must('b', { type: 'join', empire: 'kzinti' });
  });
  afterAll(async () => {
    await tdb?.drop();
  });

  it('UTD8.11 a stranger refused: the campaign name inside the rules’ bold shows as typed, the bold stays', async () => {
    const r = await runCommand(app, { target, actor: actor('z'), command: { type: 'map-approve' } });
    if (r.ok) throw new Error('expected a refusal');
    expect(r.error.quoted).toContain(HOSTILE_CAMPAIGN);
    // The rules' own text is unchanged (other consumers read it plain).
    expect(r.error.message).toContain(`**${HOSTILE_CAMPAIGN}**`);
    const shown = describeError(r.error);
    expect(shown).toContain('You are not a player of **\\*\\*Evil\\*\\* \\`camp\\` \\|\\|x\\|\\|**.');
    expect(shown).toContain('-# Rule UTD8.11');
  });

  it('UTD3.2 a player refused as a proxy: the other player’s name pings nobody and renders no Markdown', async () => {
    const r = await runCommand(app, {
      target,
      actor: actor('b'),
      command: { type: 'balancing', mode: 'mineral', as: 'a' },
    });
    if (r.ok) throw new Error('expected a refusal');
    expect(r.error.code).toBe('proxy/not-granted');
    expect(r.error.quoted).toContain(HOSTILE_PLAYER);
    const shown = describeError(r.error);
    expect(shown).not.toContain('@everyone');
    expect(shown).not.toContain('<@123>');
    expect(shown).toContain('You are not a proxy of @\u200beveryone \\*ha\\*\\_ \\~\\~y\\~\\~ <@\u200b123>.');
    // The hint quotes the name too.
    expect(refusalText(r.error).hint).toContain('@\u200beveryone \\*ha\\*\\_');
  });

  it('a name of Markdown characters only is left alone; a refusal quoting nothing is shown as written', () => {
    const plain: RuleError = { code: 'x/y', rule: 'UTD1.1', message: 'Use `/sector choose` **now**.' };
    expect(refusalText(plain)).toEqual({ message: plain.message, hint: undefined });
    expect(refusalText({ ...plain, quoted: ['**'] }).message).toBe(plain.message);
  });
});
