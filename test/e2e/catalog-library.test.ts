import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse as parseCsv } from 'csv-parse/sync';
import { COMMANDS } from '../../commands/index.ts';
import { sampleCatalogFiles } from '../../src/app/catalogs.ts';
import { campaignInChannel } from '../../src/app/campaigns.ts';
import type { AppContext } from '../../src/app/context.ts';
import { runCommand } from '../../src/app/run-command.ts';
import { findCatalog } from '../../src/db/catalog-repo.ts';
import { startBot, type Bot } from '../../src/discord/bot.ts';
import { DiscordStandIn, standInClientOptions } from '../../src/discord/standin/index.ts';
import type { CampaignCommand } from '../../src/rules/thunderdome/index.ts';
import { actor, testApp } from '../helpers/app.ts';
import { createPgliteDatabase, type TestDatabase } from '../helpers/databases.ts';
import { reactAndSettle } from '../helpers/reactions.ts';

type Files = { units: string; refits?: string; conversions?: string };

/** The sample with the Lyran cruiser re-priced and a Lyran scout added: an amendment's new version. */
function amendedSample(): Files {
  const s = sampleCatalogFiles();
  const lines = s.units.split('\n');
  const i = lines.findIndex((l) => l.startsWith('LYR-CA,'));
  lines[i] = lines[i]!.replace(',warship,,,133,', ',warship,,,140,');
  lines.splice(
    i + 1,
    0,
    lines[i]!.replace(/^LYR-CA,LYR,CA,Lyran Heavy Cruiser,LYR-CA,/, 'LYR-SCT,LYR,SCT,Lyran Scout,LYR-SCT,'),
  );
  return { ...s, units: lines.join('\n') };
}

/**
 * The catalog library and a catalog made in a spreadsheet, through the real discord.js client and
 * the stand-in (requirements §4.2): template, tolerant import, the error report, export and its
 * round trip, list and use, and an amendment voted during play (UTD1.7).
 */
describe('/catalog template, import, export, list, use and amend through the Discord stand-in', () => {
  let standIn: DiscordStandIn;
  let bot: Bot;
  let tdb: TestDatabase;
  let app: AppContext;
  let guildId: string;
  let channelId: string;
  let otherChannelId: string;
  const users: Record<string, string> = {};

  beforeAll(async () => {
    tdb = await createPgliteDatabase();
    standIn = await DiscordStandIn.start();
    guildId = standIn.addGuild({ name: 'Library Server' }).id;
    channelId = standIn.addChannel(guildId, { name: 'rim-wars' }).id;
    otherChannelId = standIn.addChannel(guildId, { name: 'library' }).id;
    for (const name of ['alice', 'bob', 'carol']) users[name] = standIn.addUser({ username: name }).id;
    standIn.registerCommands(
      COMMANDS.map((c) => c.data),
      guildId,
    );
    app = testApp(tdb.database);
    bot = await startBot({
      app,
      token: standIn.token,
      commands: COMMANDS,
      clientOptions: standInClientOptions(standIn),
      schedulerIntervalMs: null,
    });
    await must('alice', { type: 'create', name: 'Rim Wars' });
    for (const [u, e] of [
      ['alice', 'lyran'],
      ['bob', 'kzinti'],
      ['carol', 'hydran'],
    ] as const)
      await must(u, { type: 'join', empire: e });
  });
  afterAll(async () => {
    await bot?.stop();
    await standIn?.stop();
    await tdb?.drop();
  });

  async function must(
    user: string,
    command: Exclude<CampaignCommand, { type: 'create' }> | { type: 'create'; name: string },
  ) {
    const r = await runCommand(app, { target: { guildId, channelId }, actor: actor(users[user]!), command });
    if (!r.ok) throw new Error(r.error.message);
  }

  const file = (name: string, text: string) => ({ name, contentType: 'text/csv', data: Buffer.from(text, 'utf8') });

  async function catalog(
    user: string,
    subcommand: string,
    args: Record<string, string | number | boolean> = {},
    opts: { files?: Files; channel?: string } = {},
  ) {
    const attachments = opts.files
      ? Object.entries(opts.files).map(([k, text]) => file(`${k}.csv`, text as string))
      : [];
    for (const a of attachments) args[a.name.replace('.csv', '')] = a.name;
    const handle = await standIn.invokeCommand({
      guildId,
      channelId: opts.channel ?? channelId,
      userId: users[user]!,
      name: 'catalog',
      subcommand,
      args,
      attachments,
    });
    await handle.firstResponse(20_000);
    await bot.whenIdle();
    return handle;
  }

  const text = (a: { data: Buffer }) => a.data.toString('utf8');
  /**
   * The answers of an import, without its private acknowledgement: an import defers first (its
   * downloads may pass Discord's 3 s); a private answer then fills the placeholder, a public one
   * replaces it with a follow-up.
   */
  const answers = (h: Awaited<ReturnType<typeof catalog>>) =>
    h.responses().filter((r) => r.kind !== 'defer' && r.kind !== 'deleteOriginal');

  it('/catalog template attaches the three files and a guide to every column, privately', async () => {
    const h = await catalog('bob', 'template');
    const [reply] = h.responses();
    expect(reply).toMatchObject({ ephemeral: true });
    expect(reply!.attachments.map((a) => a.filename)).toEqual([
      'units.csv',
      'refits.csv',
      'conversions.csv',
      'catalog-guide.csv',
    ]);
    const guide = text(reply!.attachments[3]!);
    expect(guide.startsWith('\uFEFFfile,column,required,needed for,meaning,unit or format,example\r\n')).toBe(true);
  });

  it('a catalog typed in a spreadsheet (BOM, CRLF, semicolons, decimal commas) imports and switches the campaign', async () => {
    const s = sampleCatalogFiles();
    const sheet = (csv: string) =>
      `\uFEFF${parseCsv(csv)
        .map((row: string[]) => row.map((c) => (/[;"\n]/.test(c) ? `"${c.replace(/"/g, '""')}"` : c)).join(';'))
        .join('\r\n')}\r\n`;
    // The frigate's move cost as a German spreadsheet writes it.
    const units = sheet(s.units).replace(/^(LYR-FF;(?:[^;]*;){9})1\/3;/m, '$10,33;');
    expect(units).toContain('0,33');
    const h = await catalog(
      'alice',
      'import',
      { name: 'Rim Wars sheet' },
      { files: { units, refits: sheet(s.refits!) } },
    );
    const [reply, summary] = answers(h);
    expect(reply).toMatchObject({ ephemeral: false });
    expect(reply!.content).toContain('switched **Rim Wars** to ship catalog');
    const version = /full version `([0-9a-f]{64})`/.exec(summary!.content)![1]!;
    expect((await campaignInChannel(app, channelId))!.catalogVersion).toBe(version);
    expect(await findCatalog(tdb.database.db, version)).toMatchObject({ name: 'Rim Wars sheet' });
  });

  it('a broken file is refused with a count and the first errors, and the attached report names every bad row; nothing stored', async () => {
    const before = (await campaignInChannel(app, channelId))!.catalogVersion;
    const s = sampleCatalogFiles();
    const lines = s.units.split('\n');
    const bad = [3, 7, 11, 15, 19, 23, 27, 31, 35, 39];
    for (const n of bad) lines[n - 1] = lines[n - 1]!.replace(/^([^,]*),[A-Z]{3},/, '$1,XXX,');
    const h = await catalog('alice', 'import', {}, { files: { units: lines.join('\n') } });
    const [reply] = answers(h);
    expect(reply).toMatchObject({ ephemeral: true });
    expect(reply!.content).toContain('The catalog was not imported: 10 errors');
    expect(reply!.content).toContain('units.csv line 3, empire:');
    expect(reply!.content).toContain('… and 2 more.');
    const report = parseCsv(text(reply!.attachments[0]!).replace(/^\uFEFF/, ''), { columns: true }) as Record<
      string,
      string
    >[];
    expect(report.map((r) => Number(r['row']))).toEqual(bad);
    expect(report.every((r) => r['column'] === 'empire' && r['value'] === 'XXX')).toBe(true);
    expect((await campaignInChannel(app, channelId))!.catalogVersion).toBe(before);
  });

  it('a large import is acknowledged privately first; refused, it answers privately with the report', async () => {
    const s = sampleCatalogFiles();
    const long = 'x'.repeat(1_500);
    const lines = s.units
      .split('\n')
      .map((l, n) => (n === 0 || l === '' ? l : l.replace('"SAMPLE ONLY', `"${long} SAMPLE ONLY`)));
    lines[4] = lines[4]!.replace(/^([^,]*),[A-Z]{3},/, '$1,XXX,');
    const units = lines.join('\n');
    expect(Buffer.byteLength(units)).toBeGreaterThan(256 * 1024);
    const h = await catalog('alice', 'import', {}, { files: { units } });
    const responses = h.responses();
    expect(responses[0]).toMatchObject({ kind: 'defer', ephemeral: true });
    const answer = responses.at(-1)!;
    expect(answer).toMatchObject({ ephemeral: true });
    expect(answer.content).toContain('The catalog was not imported: 1 error');
    expect(answer.attachments.map((a) => a.filename)).toEqual(['catalog-errors.csv']);
    expect(responses.some((r) => !r.ephemeral && r.kind !== 'deleteOriginal')).toBe(false);
  });

  it('/catalog export then import yields the same content hash, on another channel of the server', async () => {
    const exported = await catalog('bob', 'export');
    const [reply] = exported.responses();
    const files = Object.fromEntries(reply!.attachments.map((a) => [a.filename.replace('.csv', ''), text(a)]));
    const version = (await campaignInChannel(app, channelId))!.catalogVersion;
    expect(reply!.content).toContain(`full version \`${version}\``);
    standIn.setMemberPermissions(guildId, users['bob']!, 1n << 5n);
    const again = await catalog('bob', 'import', {}, { files: files as Files, channel: otherChannelId });
    expect(answers(again)[0]!.content).toContain(`full version \`${version}\``);
    standIn.setMemberPermissions(guildId, users['bob']!, 0n);
  });

  it('/catalog list shows the stored versions with their names; /catalog use switches before the start', async () => {
    // The sample as a second stored version, imported by name outside the campaign.
    standIn.setMemberPermissions(guildId, users['carol']!, 1n << 5n);
    const stored = await catalog(
      'carol',
      'import',
      { name: 'Plain sample' },
      { files: sampleCatalogFiles(), channel: otherChannelId },
    );
    const sampleVersion = /full version `([0-9a-f]{64})`/.exec(answers(stored)[0]!.content)![1]!;
    const list = await catalog('bob', 'list');
    expect(list.responses()[0]!.content).toContain('**Catalog library**: 2 versions');
    expect(list.responses()[0]!.content).toContain(`\`${sampleVersion.slice(0, 12)}\` **Plain sample**`);
    expect(list.responses()[0]!.content).toContain('**Rim Wars sheet**');
    const typed = await standIn.invokeAutocomplete({
      guildId,
      channelId,
      userId: users['alice']!,
      name: 'catalog',
      subcommand: 'use',
      args: { version: 'plain' },
      focused: 'version',
    });
    expect((await typed.firstResponse()).choices!.map((c) => c.value)).toEqual([sampleVersion]);
    const used = await catalog('alice', 'use', { version: sampleVersion.slice(0, 8) });
    expect(used.responses()[0]!.content).toContain('switched **Rim Wars** to ship catalog');
    expect((await campaignInChannel(app, channelId))!.catalogVersion).toBe(sampleVersion);
  });

  it('/catalog use is refused once play has begun; an import then only goes into the library', async () => {
    await must('alice', { type: 'map-generate', sectorsPerPlayer: 3 });
    for (const u of ['alice', 'bob', 'carol']) await must(u, { type: 'map-approve' });
    app.testHooks!.forcedDice.push(900, 500, 100);
    await must('alice', { type: 'start' });
    for (const [u, ships] of [
      ['alice', ['LYR-CA', 'LYR-FF']],
      ['bob', ['KZI-CA', 'KZI-FF']],
      ['carol', ['HYD-CA', 'HYD-FF']],
    ] as const)
      for (const unitId of ships) await must(u, { type: 'setup-buy', unitId, fleetSlot: 1 });
    for (const u of ['alice', 'bob', 'carol']) await must(u, { type: 'setup-ready', ready: true });
    expect((await campaignInChannel(app, channelId))!.status).toBe('active');

    const refused = await catalog('alice', 'use', { version: 'sample' });
    expect(refused.responses()[0]).toMatchObject({ ephemeral: true });
    expect(refused.responses()[0]!.content).toContain('pinned when play began');

    const h = await catalog('alice', 'import', { name: 'Rim Wars amended' }, { files: amendedSample() });
    expect(answers(h)[0]).toMatchObject({ ephemeral: true });
    expect(answers(h)[0]!.content).toContain('Stored in the library');
    expect(answers(h)[0]!.content).toContain('/catalog amend version:');
  });

  async function amendmentVote(proposer: string) {
    const amended = await (await import('../../src/app/catalog-import.ts')).catalogRowOf(amendedSample(), {
      guildId,
      userId: 'x',
      at: new Date(),
    });
    if (!amended.ok) throw new Error('amended sample refused');
    const h = await catalog(proposer, 'amend', { version: amended.row.version });
    const messages = standIn.channelMessages(channelId);
    const vote = [...messages].reverse().find((m) => m.content.startsWith('🗳️ **Vote'))!;
    return { h, vote, version: amended.row.version };
  }

  it('UTD1.7 an amendment posts the difference with the touched ships before the vote; it fails on two no votes', async () => {
    const state = (await campaignInChannel(app, channelId))!;
    const cruiser = state.ships.find((s) => s.unitId === 'LYR-CA')!;
    const { h, vote } = await amendmentVote('bob');
    const post = h.responses()[0]!;
    expect(post).toMatchObject({ ephemeral: false });
    expect(post.content).toContain('**Catalog amendment**');
    expect(post.content).toContain('Units added (1): LYR-SCT');
    expect(post.content).toContain('`LYR-CA`: BPV 133 → 140');
    expect(post.content).toContain(`ship ${cruiser.id} (\`LYR-CA\`) of ${users['alice']}`);
    expect(standIn.message(post.messageId!)!.createdAt <= vote.createdAt).toBe(true);
    expect(vote.content).toContain('Replace the ship catalog');
    for (const u of ['alice', 'carol'])
      await reactAndSettle(standIn, bot, { channelId, messageId: vote.id, userId: users[u]!, emoji: '❌' });
    const after = (await campaignInChannel(app, channelId))!;
    expect(after.votes.at(-1)!.status).toBe('rejected');
    expect(after.catalogVersion).toBe(state.catalogVersion);
  });

  it('UTD1.7 an amendment passes on the supermajority of reactions: the campaign plays with the new version, prices kept', async () => {
    const { vote, version } = await amendmentVote('carol');
    for (const u of ['alice', 'bob'])
      await reactAndSettle(standIn, bot, { channelId, messageId: vote.id, userId: users[u]!, emoji: '✅' });
    const after = (await campaignInChannel(app, channelId))!;
    expect(after.votes.at(-1)!.status).toBe('passed');
    expect(after.catalogVersion).toBe(version);
    expect(after.ships.find((s) => s.unitId === 'LYR-CA')!.bpv).toBe('133');
    expect(standIn.channelMessages(channelId).at(-1)!.content).toContain('now plays with ship catalog');
  });

  it('the bot made no request the stand-in does not know', () => {
    expect(standIn.unknownRoutes()).toEqual([]);
  });
});
