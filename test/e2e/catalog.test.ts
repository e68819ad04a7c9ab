import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMMANDS } from '../../commands/index.ts';
import { sampleCatalogFiles } from '../../src/app/catalogs.ts';
import { campaignInChannel } from '../../src/app/campaigns.ts';
import type { AppContext } from '../../src/app/context.ts';
import { runCommand } from '../../src/app/run-command.ts';
import { findCatalog } from '../../src/db/catalog-repo.ts';
import { startBot, type Bot } from '../../src/discord/bot.ts';
import { DiscordStandIn, standInClientOptions } from '../../src/discord/standin/index.ts';
import { actor, testApp } from '../helpers/app.ts';
import { createPgliteDatabase, type TestDatabase } from '../helpers/databases.ts';

/** `/catalog` through the real discord.js client and the local stand-in, attachments included (requirements §4.2). */
describe('/catalog import, search and show through the Discord stand-in', () => {
  let standIn: DiscordStandIn;
  let bot: Bot;
  let tdb: TestDatabase;
  let app: AppContext;
  let guildId: string;
  let channelId: string;
  const users: Record<string, string> = {};

  beforeAll(async () => {
    tdb = await createPgliteDatabase();
    standIn = await DiscordStandIn.start();
    const guild = standIn.addGuild({ name: 'Catalog Server' });
    guildId = guild.id;
    channelId = standIn.addChannel(guild.id, { name: 'rim-wars' }).id;
    for (const name of ['alice', 'bob']) users[name] = standIn.addUser({ username: name }).id;
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
    });
    // Alice's campaign, still in registration (before the start the catalog may change).
    const target = { guildId, channelId };
    for (const [u, command] of [
      ['alice', { type: 'create', name: 'Rim Wars' }],
      ['alice', { type: 'join', empire: 'lyran' }],
      ['bob', { type: 'join', empire: 'kzinti' }],
    ] as const) {
      const r = await runCommand(app, { target, actor: actor(users[u]!), command });
      if (!r.ok) throw new Error(r.error.message);
    }
  });
  afterAll(async () => {
    await bot?.stop();
    await standIn?.stop();
    await tdb?.drop();
  });

  const file = (name: string, text: string) => ({ name, contentType: 'text/csv', data: Buffer.from(text, 'utf8') });

  async function importAs(user: string, files: { units: string; refits?: string; conversions?: string }) {
    const attachments = [
      file('units.csv', files.units),
      ...(files.refits ? [file('refits.csv', files.refits)] : []),
      ...(files.conversions ? [file('conversions.csv', files.conversions)] : []),
    ];
    const args: Record<string, string> = { units: 'units.csv' };
    if (files.refits) args['refits'] = 'refits.csv';
    if (files.conversions) args['conversions'] = 'conversions.csv';
    const handle = await standIn.invokeCommand({
      guildId,
      channelId,
      userId: users[user]!,
      name: 'catalog',
      subcommand: 'import',
      args,
      attachments,
    });
    await handle.firstResponse(10_000);
    await bot.whenIdle();
    return handle;
  }

  it('a file with one bad row is refused whole: ephemeral, naming file, line and field; nothing stored, nothing posted', async () => {
    const before = standIn.channelMessages(channelId).length;
    const sample = sampleCatalogFiles();
    const lines = sample.units.split('\n');
    lines[6] = lines[6]!.replace(/^([^,]*),[A-Z]{3},/, '$1,XXX,'); // line 7: an empire that does not exist
    const handle = await importAs('alice', { ...sample, units: lines.join('\n') });
    // Acknowledged privately before the downloads (Discord allows 3 s); the refusal fills it in.
    const [ack, reply] = handle.responses();
    expect(ack).toMatchObject({ kind: 'defer', ephemeral: true });
    expect(reply).toMatchObject({ kind: 'editOriginal', ephemeral: true });
    expect(reply!.content).toContain('The catalog was not imported: 1 error');
    expect(reply!.content).toContain('units.csv line 7, empire:');
    expect(reply!.content).toContain('Rule UTD1.2');
    expect(standIn.channelMessages(channelId)).toHaveLength(before);
    expect((await campaignInChannel(app, channelId))!.catalogVersion).toBe('sample');
  });

  it('a player who is not the creator cannot import', async () => {
    const handle = await importAs('bob', sampleCatalogFiles());
    expect(handle.responses()[1]).toMatchObject({ kind: 'editOriginal', ephemeral: true });
    expect(handle.responses()[1]!.content).toContain(
      'Only the campaign creator or a server manager can change the ship catalog',
    );
  });

  it('the creator imports the three files: a public announcement, an ephemeral summary, the campaign switched to the stored version', async () => {
    const handle = await importAs('alice', sampleCatalogFiles());
    // The private acknowledgement gives way to the public answer.
    expect(handle.responses().map((r) => r.kind)).toEqual(['defer', 'deleteOriginal', 'followup', 'followup']);
    const [reply, summary] = handle.responses().slice(2);
    expect(reply).toMatchObject({ kind: 'followup', ephemeral: false });
    expect(reply!.content).toMatch(
      /switched \*\*Rim Wars\*\* to ship catalog `[0-9a-f]{12}` \(\d+ units; it was `sample`\)/,
    );
    expect(summary).toMatchObject({ kind: 'followup', ephemeral: true });
    const version = /full version `([0-9a-f]{64})`/.exec(summary!.content)![1]!;
    expect((await campaignInChannel(app, channelId))!.catalogVersion).toBe(version);
    expect(await findCatalog(tdb.database.db, version)).toMatchObject({ guildId, importedBy: users['alice'] });
  });

  it('/catalog search lists matches of the campaign catalog, filtered by empire and year', async () => {
    const handle = await standIn.invokeCommand({
      guildId,
      channelId,
      userId: users['bob']!,
      name: 'catalog',
      subcommand: 'search',
      args: { query: 'cruiser', empire: 'LYR', year: 165 },
    });
    await handle.firstResponse();
    const [reply] = handle.responses();
    expect(reply).toMatchObject({ kind: 'reply', ephemeral: true });
    expect(reply!.content).toContain('for "cruiser", LYR, available in Y165');
    expect(reply!.content).toContain('`LYR-CA` Lyran Heavy Cruiser — LYR warship, 133 BPV, MC 1, SC3, Y150');
    expect(reply!.content).not.toContain('KZI-');
    expect(reply!.content.length).toBeLessThanOrEqual(2000);
  });

  it('autocomplete offers units matching what is typed, best first', async () => {
    const handle = await standIn.invokeAutocomplete({
      guildId,
      channelId,
      userId: users['bob']!,
      name: 'catalog',
      subcommand: 'show',
      args: { unit: 'lyr-ca' },
      focused: 'unit',
    });
    const response = await handle.firstResponse();
    expect(response.kind).toBe('autocomplete');
    expect(response.choices![0]).toEqual({ name: 'Lyran Heavy Cruiser (LYR-CA) — LYR, 133 BPV', value: 'LYR-CA' });
    expect(response.choices!.length).toBeLessThanOrEqual(25);
  });

  it('/catalog show gives every field, the refits with their cost and the CO pool (UTD7.A2)', async () => {
    const handle = await standIn.invokeCommand({
      guildId,
      channelId,
      userId: users['bob']!,
      name: 'catalog',
      subcommand: 'show',
      args: { unit: 'LYR-CA' },
    });
    await handle.firstResponse();
    const text = handle.responses()[0]!.content;
    expect(text).toContain('**Lyran Heavy Cruiser** `LYR-CA` — LYR warship, hull CA, family `LYR-CA`');
    expect(text).toContain('BPV **133** economic (UTD1.2) · MC **1** · size class 3 · available Y150');
    expect(text).toContain(
      'Command rating 8 · speed 31 (wrecked at 7 or less, UTD6.3E) · damage control 4 · tractors 2',
    );
    // UTD6.3783: the phaser refit of the CA costs 137 − 133 = 4.
    expect(text).toMatch(/→ `LYR-CA\+PH` PHASER, Y160, 4 BPV/);
    // ceil(20% × 133) = 27.
    expect(text).toContain("Commander's options (UTD7.A2): pool **27** BPV");
  });

  it('the bot made no request the stand-in does not know', () => {
    expect(standIn.unknownRoutes()).toEqual([]);
  });
});
