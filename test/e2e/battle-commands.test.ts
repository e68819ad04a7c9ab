import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMMANDS } from '../../commands/index.ts';
import { versionedCampaign } from '../../src/app/campaigns.ts';
import { runCommand } from '../../src/app/run-command.ts';
import { startBot, type Bot } from '../../src/discord/bot.ts';
import { DiscordStandIn, standInClientOptions, type InteractionHandle } from '../../src/discord/standin/index.ts';
import { actor, testApp } from '../helpers/app.ts';
import { createPgliteDatabase, type TestDatabase } from '../helpers/databases.ts';

const ROOT = join(import.meta.dirname, '../..');

/**
 * The battle and governance commands added with the missing rules, through the real discord.js
 * client against the stand-in: `/setup defense` (UTD8.134), `/battle volunteer` (UTD5.431),
 * `/battle outsider` (UTD5.432), `/officer options` and `/officer reveal` (UTD7.A5), `/vote end`
 * (UTD1.9), `/battle lane` (UTD3.43 #1, ISS-A16) and `/battle stand-in` (UTD3.91). Each has an
 * accepted path with its real outcome and a refused one: private, citing the rule, changing nothing.
 *
 * One campaign on the triangle map (as examples/03-battles.txt): alice (Lyran, seat 1), bob
 * (Kzinti), carol (Hydran); dave is a member of the server outside the campaign. The steps between
 * the commands under test are given through the use cases, with forced dice.
 */
describe('battle and governance commands through the real client', () => {
  let standIn: DiscordStandIn;
  let bot: Bot;
  let tdb: TestDatabase;
  let app: ReturnType<typeof testApp>;
  let guildId: string;
  let channelId: string;
  const users: Record<string, string> = {};
  const id = (name: string) => users[name]!;

  const state = async () => (await versionedCampaign(app, channelId))!;
  const must = async (name: string, command: Parameters<typeof runCommand>[1]['command'], dice: number[] = []) => {
    app.testHooks!.forcedDice.push(...dice);
    const r = await runCommand(app, {
      target: { guildId, channelId },
      actor: actor(name === 'system' ? 'system' : id(name), { displayName: name }),
      command,
    });
    if (!r.ok) throw new Error(`${name} ${command.type}: ${r.error.message}`);
  };
  async function slash(
    name: string,
    command: string,
    subcommand: string,
    args: Record<string, string | number | boolean> = {},
  ): Promise<InteractionHandle> {
    const h = await standIn.invokeCommand({ guildId, channelId, userId: id(name), name: command, subcommand, args });
    await h.firstResponse();
    await bot.whenIdle();
    return h;
  }
  /** The command's answer: its reply (or, after a deferral, its first follow-up). */
  const answer = (h: InteractionHandle) => {
    const original = h.original();
    const followUp = h.responses().find((r) => r.kind === 'followup');
    return original?.content ? original : standIn.message(followUp!.messageId!)!;
  };
  /** Refused in private, citing `rule`, and the campaign did not change. */
  async function refused(h: Promise<InteractionHandle>, rule: string): Promise<string> {
    const before = (await state()).version;
    const done = await h;
    const a = answer(done);
    expect(a.ephemeral, a.content).toBe(true);
    expect(a.content).toContain(`Rule ${rule}`);
    expect(bot.router.outcomes.get(done.id)).toEqual({ ok: false });
    expect((await state()).version).toBe(before);
    return a.content;
  }
  /** Accepted in public. */
  function accepted(h: InteractionHandle): string {
    const a = answer(h);
    expect(a.ephemeral, a.content).toBe(false);
    expect(bot.router.outcomes.get(h.id)).toEqual({ ok: true });
    return a.content;
  }
  const battle = async (sector: string) =>
    (await state()).state.battles.find((b) => b.sector === sector && b.status === 'open')!;

  beforeAll(async () => {
    tdb = await createPgliteDatabase();
    app = testApp(tdb.database);
    standIn = await DiscordStandIn.start();
    guildId = standIn.addGuild({ name: 'Battles' }).id;
    channelId = standIn.addChannel(guildId, { name: 'battles' }).id;
    for (const name of ['alice', 'bob', 'carol', 'dave']) users[name] = standIn.addUser({ username: name }).id;
    standIn.registerCommands(
      COMMANDS.map((c) => c.data),
      guildId,
    );
    await must('alice', { type: 'create', name: 'Battles' });
    await must('alice', { type: 'join', empire: 'lyran' });
    await must('bob', { type: 'join', empire: 'kzinti' });
    await must('carol', { type: 'join', empire: 'hydran' });
    await must('alice', {
      type: 'map-import',
      json: readFileSync(join(ROOT, 'examples/maps/triangle.json'), 'utf8'),
    });
    for (const p of ['alice', 'bob', 'carol']) await must(p, { type: 'map-approve' });
    await must('alice', { type: 'start' }, [900, 500, 100]);
    bot = await startBot({
      app,
      token: standIn.token,
      commands: COMMANDS,
      clientOptions: standInClientOptions(standIn),
      schedulerIntervalMs: null,
    });
    await bot.whenIdle();
  });
  afterAll(async () => {
    await bot?.stop();
    await standIn?.stop();
    await tdb?.drop();
  });

  describe('UTD8.134 /setup defense', () => {
    const gbdp = async (owner: string) =>
      (await state()).state.bases.find((b) => b.owner === id(owner) && b.unitId === 'NEU-GBDP')!;

    it('UTD8.134 another player’s starting defense is refused in private; nothing changes', async () => {
      const base = await gbdp('alice');
      await refused(slash('bob', 'setup', 'defense', { base: base.id, variant: 'NEU-GBDP+P4' }), 'UTD8.134');
    });

    it('UTD8.134 the owner swaps a starting GBDP for another small ground base, free, at home', async () => {
      const base = await gbdp('alice');
      const bank = (await state()).state.players.find((p) => p.id === id('alice'))!.bank;
      accepted(await slash('alice', 'setup', 'defense', { base: base.id, variant: 'NEU-GBDP+P4' }));
      const s = (await state()).state;
      expect(s.bases.find((b) => b.id === base.id)!.unitId).toBe('NEU-GBDP+P4');
      expect(s.players.find((p) => p.id === id('alice'))!.bank).toBe(bank);
    });
  });

  describe('an NPE battle: /battle volunteer, /battle outsider, /officer options and reveal', () => {
    let npeBattle: string;
    let receipt: string;

    beforeAll(async () => {
      for (const [p, unit, fleet] of [
        ['alice', 'LYR-CA', 1],
        ['alice', 'LYR-FF', 1],
        ['alice', 'LYR-TS', 2],
        ['alice', 'LYR-DD', 2],
        ['bob', 'KZI-CA', 1],
        ['bob', 'KZI-FF', 1],
        ['carol', 'HYD-CA', 1],
        ['carol', 'HYD-FF', 1],
      ] as const)
        await must(p, { type: 'setup-buy', unitId: unit, fleetSlot: fleet });
      for (const p of ['alice', 'bob', 'carol']) await must(p, { type: 'setup-ready', ready: true });
      await must('alice', { type: 'move', fleet: '1', to: 'A' });
      await must('alice', { type: 'move', fleet: '2', to: 'B' });
      // A dead (5, 3); B life (1), Class-M (3), NPE (2), Federation (1): a battle against the NPE in B.
      await must('alice', { type: 'end-turn' }, [5, 3, 1, 3, 2, 1]);
      npeBattle = (await battle('B')).id;
    });

    it('UTD5.431 the player fighting the NPE cannot run it: refused in private', async () => {
      await refused(slash('alice', 'battle', 'volunteer', { battle: npeBattle }), 'UTD5.431');
    });

    it('UTD5.432 a campaign player is no outsider: refused in private', async () => {
      const text = await refused(
        slash('bob', 'battle', 'outsider', { battle: npeBattle, user: id('carol') }),
        'UTD5.432',
      );
      expect(text).toContain('outside');
    });

    it('UTD5.432 an outsider is proposed: a vote of the players is opened, the runner is not set yet', async () => {
      accepted(await slash('bob', 'battle', 'outsider', { battle: npeBattle, user: id('dave') }));
      const s = (await state()).state;
      expect(s.votes.at(-1)!.payload).toEqual({ kind: 'npe-outsider', battleId: npeBattle, userId: id('dave') });
      expect(s.battles.find((b) => b.id === npeBattle)!.npe!.runner).toBeNull();
    });

    it('UTD5.431 carol volunteers and runs the NPE', async () => {
      accepted(await slash('carol', 'battle', 'volunteer', { battle: npeBattle }));
      expect((await state()).state.battles.find((b) => b.id === npeBattle)!.npe!.runner).toBe(id('carol'));
      // The NPE force (UTD5.46) and the setup card (UTD7.45), as in examples/03-battles.txt.
      await must(
        'carol',
        { type: 'battle-fleet', battle: npeBattle, fleet: null, units: ['FED-FF'] },
        [6, 3, 6, 4, 5, 5, 5, 2, 6, 1, 3],
      );
    });

    it('UTD7.A5 a player outside the battle records no options: refused in private (a side, UTD7.42)', async () => {
      await refused(slash('bob', 'officer', 'options', { battle: npeBattle, assignment: 'S1: 2 T-bombs' }), 'UTD7.42');
    });

    it('UTD7.A5 a side records its options: only the commitment is public, the receipt comes in private', async () => {
      const h = await slash('alice', 'officer', 'options', { battle: npeBattle, assignment: 'LYR-CA: 2 T-bombs' });
      const shown = accepted(h);
      expect(shown).not.toContain('T-bombs');
      const privately = h.responses().filter((r) => r.kind === 'followup' && r.ephemeral);
      const text = privately.map((r) => standIn.message(r.messageId!)?.content ?? r.content ?? '').join('\n');
      receipt = /```\n([\s\S]+?)\n```/.exec(text)![1]!;
      expect(receipt.endsWith(':LYR-CA: 2 T-bombs')).toBe(true);
      const b = (await state()).state.battles.find((x) => x.id === npeBattle)!;
      expect(b.coCommitments![id('alice')]!.revealed).toBe(false);
      expect(JSON.stringify(b)).not.toContain('T-bombs');
    });

    it('UTD7.A5 after the battle a tampered receipt is refused; the true one reveals the options in public', async () => {
      const npeUnit = (await battle('B')).npe!.force[0]!.id;
      await must('alice', {
        type: 'battle-propose',
        battle: npeBattle,
        kind: 'report',
        result: {
          winner: id('alice'),
          destroyed: [npeUnit],
          crippled: [],
          wrecked: [],
          captured: [],
          retreat: null,
          provisional: [],
          planetDamage: 0,
          note: '',
        } as never,
      });
      await must('carol', { type: 'battle-accept', battle: npeBattle });
      const resolved = (await state()).state.battles.find((b) => b.id === npeBattle)!;
      expect(resolved.status).toBe('resolved');
      await refused(
        slash('alice', 'officer', 'reveal', { battle: npeBattle, receipt: receipt.replace('2 T-bombs', '6 T-bombs') }),
        'UTD7.A5',
      );
      const shown = accepted(await slash('alice', 'officer', 'reveal', { battle: npeBattle, receipt }));
      expect(shown).toContain('LYR-CA: 2 T-bombs');
      expect((await state()).state.battles.find((b) => b.id === npeBattle)!.coCommitments![id('alice')]!.revealed).toBe(
        true,
      );
    });
  });

  describe('a battle between players: /battle stand-in, /vote end, /battle lane', () => {
    let fight: string;

    beforeAll(async () => {
      // The turn goes on to bob, whose fleet 1 attacks alice's in A (card dice as in examples/03-battles.txt).
      if ((await state()).state.turn!.playerId !== id('bob')) throw new Error('expected bob to play');
      await must('bob', { type: 'move', fleet: '1', to: 'C' });
      await must('bob', { type: 'move', fleet: '1', to: 'A' });
      await must('bob', { type: 'end-turn' }, [5, 1, 2, 2, 4, 6, 5, 2, 6]);
      fight = (await battle('A')).id;
    });

    it('UTD3.91 no side has resigned, so nobody stands in: refused in private', async () => {
      await refused(slash('carol', 'battle', 'stand-in', { battle: fight }), 'UTD3.91');
    });

    it('ISS-A89 /vote end naming someone outside the campaign as winner is refused in private', async () => {
      await refused(slash('bob', 'vote', 'end', { winner: id('dave') }), 'ISS-A89');
    });

    it('UTD1.9 /vote end opens a vote of the players to end the campaign with the named winner', async () => {
      const shown = accepted(await slash('bob', 'vote', 'end', { winner: id('carol') }));
      expect(shown).toContain('UTD1.9');
      const s = (await state()).state;
      expect(s.votes.at(-1)).toMatchObject({ status: 'open', payload: { kind: 'end-campaign' } });
      expect(s.status).toBe('active');
    });

    it('ISS-A16 only the silent defender chooses its lane: the attacker is refused in private', async () => {
      // bob asks for contact; alice does not answer in the three days (UTD3.43 #1).
      await must('bob', { type: 'battle-schedule', battle: fight, when: 'Saturday 20:00 UTC' });
      const contact = (await battle('A')).deadlines.contact!;
      app.clock.set(new Date(Date.parse(contact) + 1000));
      await must('system', { type: 'battle-clocks' });
      expect((await battle('A')).stage).toBe('awaiting-lane');
      await refused(slash('bob', 'battle', 'lane', { battle: fight, to: 'C' }), 'ISS-A16');
    });

    it('ISS-A16 a sector that is no lane out of A is refused in private', async () => {
      await refused(slash('alice', 'battle', 'lane', { battle: fight, to: 'H2' }), 'ISS-A16');
    });

    it('UTD3.43 #1 alice names her lane in time: her fleet retreats to H1 and the battle is over', async () => {
      accepted(await slash('alice', 'battle', 'lane', { battle: fight, to: 'H1' }));
      const b = (await state()).state.battles.find((x) => x.id === fight)!;
      expect(b).toMatchObject({ status: 'resolved', resolution: 'forced-retreat' });
      expect(b.result!.retreats).toEqual({ [id('alice')]: 'H1' });
    });

    it('UTD3.91 after a resignation in battle another player offers to stand in: a vote is opened', async () => {
      // carol's fleet attacks alice's fleet 2 in B; alice resigns while the battle is open.
      let s = (await state()).state;
      expect(s.turn!.playerId).toBe(id('carol'));
      await must('carol', { type: 'move', fleet: '1', to: 'E' });
      await must('carol', { type: 'move', fleet: '1', to: 'B' });
      await must('carol', { type: 'end-turn' });
      const inB = (await battle('B')).id;
      await must('alice', { type: 'resign' });
      expect((await battle('B')).stage).toBe('awaiting-stand-in');
      await refused(slash('carol', 'battle', 'stand-in', { battle: inB }), 'UTD3.91');
      accepted(await slash('bob', 'battle', 'stand-in', { battle: inB }));
      s = (await state()).state;
      expect(s.votes.at(-1)).toMatchObject({ status: 'open', payload: { kind: 'battle-stand-in', battleId: inB } });
    });
  });

  it('the bot made no request the stand-in does not know', () => {
    expect(standIn.unknownRoutes()).toEqual([]);
  });
});
