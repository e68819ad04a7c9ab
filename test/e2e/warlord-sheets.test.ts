import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { campaignInChannel } from '../../src/app/campaigns.ts';
import { runDue } from '../../src/app/scheduler.ts';
import type { WarlordCampaign } from '../../src/app/warlord-ruleset.ts';
import type { Bot } from '../../src/discord/bot.ts';
import type { DiscordStandIn } from '../../src/discord/standin/index.ts';
import { MODAL_INPUT_CHARS, splitSheet } from '../../src/discord/warlord-sheets.ts';
import { type WarlordTable, startWarlordTable, stopWarlordTable } from '../helpers/warlord-table.ts';

const HOUR = 3_600_000;

/**
 * Order sheets without a file, through the real discord.js client and the stand-in (§9.1, §11.3:
 * revisable until the deadline): `/warlord sheet` with no file opens a modal holding the sheet in,
 * its submission is checked line by line and submitted as a file would be; `/warlord order` and
 * `/warlord misc add|remove` change one line each, checked again, a malformed edit refused with its
 * rule and the sheet unchanged; a modal opened for a turn that has since run submits nothing.
 */
describe('Warlord sheets by modal and small edits', () => {
  let standIn: DiscordStandIn;
  let bot: Bot;
  let app: WarlordTable['app'];
  let guildId: string;
  let channelId: string;
  const users: Record<string, string> = {};

  let table: WarlordTable | undefined;

  beforeAll(async () => {
    table = await startWarlordTable('sheets', ['alice', 'bob'], users);
    ({ app, standIn, bot, guildId, channelId } = table);
  });
  afterAll(() => stopWarlordTable(table));

  const warlord = async (
    user: string,
    subcommand: string,
    args: Record<string, string | number> = {},
    subcommandGroup?: string,
  ) => {
    const handle = await standIn.invokeCommand({
      guildId,
      channelId,
      userId: users[user]!,
      name: 'warlord',
      ...(subcommandGroup ? { subcommandGroup } : {}),
      subcommand,
      args,
    });
    const first = await handle.firstResponse(10_000);
    await bot.whenIdle();
    const original = handle.original();
    return {
      id: handle.id,
      ok: bot.router.outcomes.get(handle.id)?.ok ?? false,
      content: original?.content ?? '',
      ephemeral: original?.ephemeral ?? false,
      modal: first.kind === 'modal' ? (first.modal as ModalJson) : null,
    };
  };
  interface ModalJson {
    custom_id: string;
    title: string;
    components: { components: { custom_id: string; value?: string; max_length?: number; style: number }[] }[];
  }
  const fields = (m: ModalJson) => m.components.map((r) => r.components[0]!);
  const submit = async (modalOf: string, values: Record<string, string>) => {
    const handle = await standIn.submitModal({ interactionId: modalOf, values });
    await handle.firstResponse(10_000);
    await bot.whenIdle();
    const original = handle.original();
    return {
      ok: bot.router.outcomes.get(handle.id)?.ok ?? false,
      content: original?.content ?? '',
      ephemeral: original?.ephemeral ?? false,
    };
  };
  const game = async () => (await campaignInChannel(app, channelId)) as unknown as WarlordCampaign;
  const sheetOf = async (corp: number) => (await game()).sheets[String(corp)];

  it('§9.1 a sheet entered in a modal is checked line by line and submitted; reopened, the modal holds it; small edits change one line each and are checked again', async () => {
    await warlord('alice', 'create', { name: 'Sheets' });
    await warlord('alice', 'join', { corporation: 'Alpha Mining' });
    await warlord('bob', 'join', { corporation: 'Beta Freight' });
    await warlord('alice', 'start', { width: 4, height: 4, turn_hours: 48 });

    // No file: a modal, prefilled with the blank sheet of turn 0 (the corporation has no ships yet).
    const opened = await warlord('alice', 'sheet');
    expect(opened.modal).not.toBeNull();
    expect(opened.modal!.custom_id).toBe('wl:sheet:0');
    expect(fields(opened.modal!)[0]!.value).toContain('# Alpha Mining, turn 0');
    expect(fields(opened.modal!).every((f) => f.max_length === MODAL_INPUT_CHARS)).toBe(true);
    expect(await sheetOf(1)).toBeUndefined();

    // The submission: the bad line named with its number and rule, the rest kept and submitted.
    const sent = await submit(opened.id, { part1: 'PR F\nPS F DD\nFA 75 50' });
    expect(sent).toMatchObject({ ok: true, ephemeral: true });
    expect(sent.content).toContain('line 3: "50" is not an FA option');
    expect(sent.content).toContain('PS F-DD: 100 EP');
    expect(await sheetOf(1)).toBe('PR F\nPS F DD\nFA 75 50');
    // The channel hears only that the orders are in.
    const channel = standIn
      .channelMessages(channelId)
      .map((m) => m.content)
      .join('\n');
    expect(channel).toContain('**Alpha Mining** has sent its orders');
    expect(channel).not.toContain('PS F');

    // Reopened, the modal holds the sheet in (revisable until the deadline, §11.3).
    const again = await warlord('alice', 'sheet');
    expect(fields(again.modal!)[0]!.value).toBe('PR F\nPS F DD\nFA 75 50');

    // A misc order added, checked again; a malformed one refused with its rule, the sheet unchanged.
    const added = await warlord('alice', 'add', { order: 'A% 110' }, 'misc');
    expect(added).toMatchObject({ ok: true, ephemeral: true });
    expect(await sheetOf(1)).toBe('PR F\nPS F DD\nFA 75 50\nA% 110');
    expect(added.content).toContain('line 3: "50" is not an FA option');
    const bad = await warlord('alice', 'add', { order: 'A% 10' }, 'misc');
    expect(bad).toMatchObject({ ok: false, ephemeral: true });
    expect(bad.content).toContain('A% must be 75–150');
    expect(bad.content).toContain('§9.9');
    expect(await sheetOf(1)).toBe('PR F\nPS F DD\nFA 75 50\nA% 110');
    // The third misc order (the bad FA line) removed; a number past the last refused.
    expect(await warlord('alice', 'remove', { number: 3 }, 'misc')).toMatchObject({ ok: true });
    expect(await sheetOf(1)).toBe('PR F\nPS F DD\nA% 110');
    const past = await warlord('alice', 'remove', { number: 9 }, 'misc');
    expect(past).toMatchObject({ ok: false, ephemeral: true });
    expect(past.content).toContain('3 misc orders');
    // Bob's edit starts from his blank sheet: a line per ship (his warp gate, §1.5), then the order.
    expect(await warlord('bob', 'add', { order: 'PR K' }, 'misc')).toMatchObject({ ok: true });
    expect(await sheetOf(2)).toMatch(
      /^# Beta Freight, turn 0: six slots per ship, then misc orders \(§9\)\nC WG \d+:\nPR K$/,
    );

    // The turn runs at the deadline: Alpha's F-DD is bought.
    app.clock.advance(49 * HOUR);
    await runDue(app);
    const state = await game();
    expect(state.game!.turn).toBe(1);
    const ships = state.game!.ships.filter((s) => s.owner === 1 && s.typeId === 'F-DD');
    expect(ships).toHaveLength(1);
    const ship = ships[0]!;

    // One ship's slot: the blank sheet now lists the ships; slot 2 set, slot 1 held.
    const next = await warlord('alice', 'sheet');
    expect(next.modal!.custom_id).toBe('wl:sheet:1');
    expect(fields(next.modal!)[0]!.value).toContain(`F DD ${ship.seq}:`);
    const hex = `${String(ship.at.col).padStart(2, '0')}${String(ship.at.row + 1).padStart(2, '0')}`;
    const slot = await warlord('alice', 'order', { ship: `F DD ${ship.seq}`, slot: 2, order: hex });
    expect(slot).toMatchObject({ ok: true, ephemeral: true });
    expect(await sheetOf(1)).toContain(`F DD ${ship.seq}: - ${hex}`);
    // A whole-turn order among slot entries is refused with its rule (App K), the sheet unchanged.
    const before = await sheetOf(1);
    const whole = await warlord('alice', 'order', { ship: `F DD ${ship.seq}`, slot: 3, order: 'PRSP' });
    expect(whole).toMatchObject({ ok: false, ephemeral: true });
    expect(whole.content).toContain('PRSP takes the whole turn');
    expect(await sheetOf(1)).toBe(before);

    // A modal opened in turn 1 and sent after the turn ran submits nothing.
    const stale = await warlord('alice', 'sheet');
    app.clock.advance(49 * HOUR);
    await runDue(app);
    expect((await game()).game!.turn).toBe(2);
    const late = await submit(stale.id, { part1: 'PR F' });
    expect(late).toMatchObject({ ok: false, ephemeral: true });
    expect(late.content).toContain('opened for turn 1, and the game is at turn 2');
    expect(await sheetOf(1)).toBeUndefined();
  }, 120_000);

  it('§9.1 a sheet longer than one input is split at line ends over up to five inputs, and joins back whole', () => {
    const line = `${'F CA 1: 0101 0102 0103 0104 0105 0106'.padEnd(60, ' ')}`;
    const text = Array.from({ length: 200 }, () => line).join('\n');
    const pieces = splitSheet(text)!;
    expect(pieces.length).toBe(4);
    expect(pieces.every((p) => p.length <= MODAL_INPUT_CHARS && !p.startsWith('\n'))).toBe(true);
    expect(pieces.join('\n')).toBe(text);
    expect(splitSheet(Array.from({ length: 400 }, () => line).join('\n'))).toBeNull();
  });
});
