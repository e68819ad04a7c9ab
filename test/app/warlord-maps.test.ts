import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { campaignHeadOfChannel } from '../../src/db/campaign-repo.ts';
import { otherRulesetRefusal, runWarlord, warlordMapViews } from '../../src/app/warlord-commands.ts';
import { type CommandInput, runCommand } from '../../src/app/run-command.ts';
import { corpReportViews } from '../../src/app/warlord-turn-reports.ts';
import { actor, testApp } from '../helpers/app.ts';
import { type TestDatabase, createPgliteDatabase } from '../helpers/databases.ts';

/** A Warlord game through the app layer: two corporations, turn 0 processed when both sheets are in. */
describe('Warlord maps and the other-ruleset guard (§8, §11)', () => {
  let tdb: TestDatabase;
  let app: ReturnType<typeof testApp>;
  const wl = { guildId: 'g', channelId: 'wl' };
  const td = { guildId: 'g', channelId: 'td' };
  let seq = 0;

  beforeAll(async () => {
    tdb = await createPgliteDatabase();
    app = testApp(tdb.database, { start: '2026-06-01T12:00:00Z' });
    const must = async (user: string, command: unknown, target = wl) => {
      const r = await runWarlord(app, { target, actor: actor(user) }, command as never);
      if (!r.ok) throw new Error(r.error.message);
      return r;
    };
    await must('a', { type: 'create', name: 'W' });
    await must('a', { type: 'warlord-join', corpName: 'Alpha' });
    await must('b', { type: 'warlord-join', corpName: 'Beta' });
    await must('a', { type: 'warlord-start', width: 4, height: 4, turnHours: 24 });
    await must('a', { type: 'warlord-submit', text: 'PS F FF' });
    await must('b', { type: 'warlord-submit', text: 'PS K FF' });
    const processed = await runWarlord(app, { target: wl, actor: actor('system') }, {
      type: 'warlord-process',
    } as never);
    if (!processed.ok) throw new Error(processed.error.message);
    seq = (await campaignHeadOfChannel(app.database.db, wl.channelId))!.version;
    // A Thunderdome campaign beside it (the plain `create` is Thunderdome's).
    const created = await runCommand(app, {
      target: td,
      actor: actor('a'),
      command: { type: 'create', name: 'TD' } as CommandInput,
    });
    if (!created.ok) throw new Error(created.error.message);
  });
  afterAll(async () => {
    await tdb?.drop();
  });

  it("§8 a turn report's pictures: the corporation's home sector and the galaxy, from its own knowledge", async () => {
    const head = (await campaignHeadOfChannel(app.database.db, wl.channelId))!;
    const views = (await corpReportViews(app, head.id, seq, 1))!;
    expect(views).not.toBeNull();
    expect(views.galaxy).toMatchObject({ corpName: 'Alpha', turn: 1, width: 4, height: 4 });
    const home = views.galaxy.sectors.find((s) => s.home === 'own')!;
    expect(views.sectors.map((s) => s.sector)).toEqual([home.sector]);
    expect(views.sectors[0]!.scanned).toBe(true);
    // Beta's home is not Alpha's to see: unknown on Alpha's overview.
    const beta = (await corpReportViews(app, head.id, seq, 2))!.galaxy.sectors.find((s) => s.home === 'own')!;
    expect(views.galaxy.sectors.find((s) => s.sector === beta.sector)).toMatchObject({ known: 'unknown', home: null });
  });

  it('§8 /warlord map: home by default, any sector by its two digits, refused for a stranger or a bad sector', async () => {
    const mine = await warlordMapViews(app, wl.channelId, 'b', null);
    expect(mine.ok && mine.sector.corpName).toBe('Beta');
    const other = await warlordMapViews(app, wl.channelId, 'b', '30');
    expect(other.ok && other.sector.sector).toBe('30');
    expect(await warlordMapViews(app, wl.channelId, 'b', '4')).toMatchObject({ ok: false });
    expect(await warlordMapViews(app, wl.channelId, 'z', null)).toMatchObject({ ok: false });
    expect(await warlordMapViews(app, td.channelId, 'a', null)).toMatchObject({ ok: false });
  });

  it('§11 Thunderdome’s commands in a Warlord channel are refused naming /warlord status; elsewhere and neutral ones pass', async () => {
    for (const [command, sub] of [
      ['campaign', 'status'],
      ['map', 'show'],
      ['navy', null],
      ['sector', 'info'],
    ] as const) {
      const r = await otherRulesetRefusal(app, wl.channelId, command, sub);
      expect(r?.code, command).toBe('campaign/other-ruleset');
      expect(r?.hint, command).toContain('/warlord status');
      expect(await otherRulesetRefusal(app, td.channelId, command, sub), command).toBeNull();
      expect(await otherRulesetRefusal(app, 'nowhere', command, sub), command).toBeNull();
    }
    for (const [command, sub] of [
      ['warlord', 'status'],
      ['help', null],
      ['campaign', 'export'],
    ] as const)
      expect(await otherRulesetRefusal(app, wl.channelId, command, sub), command).toBeNull();
  });
});
