import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseExport } from '../../src/app/export.ts';
import { describeEvent } from '../../src/discord/words.ts';
import type { CampaignEvent, CampaignState, StoredEvent } from '../../src/rules/thunderdome/index.ts';
import { replay } from '../../src/rules/thunderdome/index.ts';
import { TERRAIN } from '../../src/rules/thunderdome/exploration/tables.ts';
import {
  upcastCampaignEvent,
  upcastEvent,
  upcastExploredStep,
  upcastState,
  upcastSummaryLine,
} from '../../src/rules/thunderdome/upcast.ts';

/** Old shapes are typed as the events of their time: a reason was a string. */
const old = (e: Record<string, unknown>) => e as unknown as CampaignEvent;
const stage = (reason: string) =>
  upcastCampaignEvent(old({ type: 'BattleStageChanged', battleId: 'B1', stage: 'stalled', deadlines: {}, reason }));
const reasonOf = (e: CampaignEvent) => (e as { reason: unknown }).reason;

/** The events of the fixture whose `reason` was a sentence in format 1. */
const REASON_EVENTS = [
  'BattleStageChanged',
  'BattleExtended',
  'TurnExtended',
  'VoteClosed',
  'NpeBattleUpdated',
  'ShipsGained',
  'BpvAwarded',
  'DevelopmentGranted',
];

const FIXTURE = join(import.meta.dirname, '../fixtures/exports/campaign-export-v1.json');
const v1 = JSON.parse(readFileSync(FIXTURE, 'utf8')) as { campaign: CampaignState; events: StoredEvent[] };

describe('upcast: BattleStageChanged.reason (UTD3.4–3.5, UTF3.45, UTD5.43–5.47)', () => {
  it('upcast: BattleStageChanged with the four-weeks sentence becomes code stalled-four-weeks', () => {
    expect(
      reasonOf(stage('four weeks have passed (UTD3.5): settle it, ask for an extension, or appeal (UTD3.43#2–3.45)')),
    ).toEqual({ code: 'stalled-four-weeks' });
  });

  it('upcast: BattleStageChanged with the sentence "extended" becomes code extended', () => {
    expect(reasonOf(stage('extended'))).toEqual({ code: 'extended' });
  });

  it.each([
    ['every side has its battle fleet; the setup is rolled', 'setup-rolled'],
    ['contact made; the other side must answer within the same three days (UTD3.43)', 'contact-made'],
    ['both sides are in touch; the battle is scheduled or played (UTD3.5)', 'in-touch'],
    ['extended by vote', 'extended-by-vote'],
    ['a result is reported; the other side accepts or rejects', 'result-reported'],
    ['a settlement is proposed; the other side accepts or rejects', 'settlement-proposed'],
    ['the reported result is disputed: negotiate, ask for an extension or appeal (UTD3.43#2–3.45)', 'result-disputed'],
    ['the settlement was rejected; counter with `/battle propose`', 'settlement-rejected'],
    ['the proposer withdrew it', 'proposal-withdrawn'],
    ['any player may object to a negotiated NPE result (UTD5.47)', 'npe-objection-window'],
    [
      'the negotiated NPE result was not approved by a supermajority of all players (UTD5.47)',
      'npe-result-not-approved',
    ],
    ['an appeal is under way: every side may submit its case within 48 hours (UTF3.45)', 'appeal-under-way'],
    ['the appeal found no supermajority; negotiate or appeal again (UTF3.45)', 'appeal-no-supermajority'],
    ['a player outside the battle may volunteer to run the NPE (UTD5.431)', 'npe-runner-wanted'],
  ])('upcast: BattleStageChanged with the sentence “%s” becomes code %s', (sentence, code) => {
    expect(reasonOf(stage(sentence))).toEqual({ code });
  });

  it('upcast: BattleStageChanged with the contact-deadline sentence becomes contact-deadline-moved with its deadline', () => {
    expect(reasonOf(stage('the contact deadline moves to 2026-12-03T23:59:59.999Z'))).toEqual({
      code: 'contact-deadline-moved',
      deadline: '2026-12-03T23:59:59.999Z',
    });
  });

  it('upcast: BattleStageChanged with a forced-retreat sentence (ISS-A16) becomes forced-retreat with its cause', () => {
    // A cause that is none of the clocks' is kept as text inside the code.
    expect(reasonOf(stage('a side that lost its last escort retreats; the others settle the battle'))).toEqual({
      code: 'forced-retreat',
      why: { code: 'text', text: 'lost its last escort' },
      immobile: false,
    });
    expect(
      reasonOf(
        stage(
          'the fleets of a side that withdrew retreat; its immobile units cannot, so the other side reports a result for them (ISS-A16)',
        ),
      ),
    ).toEqual({ code: 'forced-retreat', why: { code: 'text', text: 'withdrew' }, immobile: true });
  });

  it.each([
    ['made no contact within three days (UTD3.42#1)', 'no-contact'],
    ['did not answer within three days (UTD3.43#1)', 'no-answer'],
    ['failed to play twice (UTD3.42#2)', 'failed-twice'],
  ])('upcast: BattleStageChanged forced retreat of a side that “%s” gets the cause code %s', (why, code) => {
    expect(reasonOf(stage(`a side that ${why} retreats; the others settle the battle`))).toEqual({
      code: 'forced-retreat',
      why: { code },
      immobile: false,
    });
  });

  it('upcast: a format 2 forced-retreat reason whose `why` is still a sentence gets the cause code', () => {
    const e = upcastCampaignEvent(
      old({
        type: 'BattleStageChanged',
        battleId: 'B1',
        stage: 'stalled',
        deadlines: {},
        reason: { code: 'forced-retreat', why: 'did not answer within three days (UTD3.43#1)', immobile: true },
      }),
    );
    expect(reasonOf(e)).toEqual({ code: 'forced-retreat', why: { code: 'no-answer' }, immobile: true });
  });

  it('upcast: a BattleStageChanged sentence that maps to no code is kept as text, so nothing is lost', () => {
    const sentence = 'Ann now builds the NPE force within 120 BPV (UTD5.467)';
    expect(reasonOf(stage(sentence))).toEqual({ code: 'text', text: sentence });
  });
});

describe('upcast: extensions (UTD3.32, UTD3.44)', () => {
  const battle = (reason: string) =>
    reasonOf(
      upcastCampaignEvent(
        old({ type: 'BattleExtended', battleId: 'B1', days: 7, reason, automatic: true, resolve: '2027-01-01' }),
      ),
    );
  const turn = (reason: string) =>
    reasonOf(
      upcastCampaignEvent(
        old({ type: 'TurnExtended', playerId: 'p', deadline: '2027-01-01', automatic: true, reason }),
      ),
    );

  it('upcast: BattleExtended with “real life (UTD3.44, automatic)” becomes code real-life-automatic', () => {
    expect(battle('real life (UTD3.44, automatic)')).toEqual({ code: 'real-life-automatic' });
  });

  it('upcast: BattleExtended with “both players asked” becomes both-asked, and “granted by vote” granted-by-vote', () => {
    expect(battle('both players asked (UTD3.44#2, automatic)')).toEqual({ code: 'both-asked' });
    expect(battle('granted by vote (UTD3.44#2)')).toEqual({ code: 'granted-by-vote' });
    expect(battle('a typo’d reason')).toEqual({ code: 'text', text: 'a typo’d reason' });
  });

  it('upcast: TurnExtended with “real life (UTD3.32)” becomes code real-life, and “granted by vote (UTD3.32)” granted-by-vote', () => {
    expect(turn('real life (UTD3.32)')).toEqual({ code: 'real-life' });
    expect(turn('granted by vote (UTD3.32)')).toEqual({ code: 'granted-by-vote' });
  });

  it('upcast: a state’s battle extensions of the old shape get the codes their BattleExtended events get', () => {
    const state = structuredClone(v1.campaign);
    const upcast = upcastState(state);
    const reasons = upcast.battles.flatMap((b) => b.extensions.map((x) => x.reason));
    expect(reasons.length).toBeGreaterThan(0);
    for (const r of reasons) expect(typeof r).toBe('object');
    expect(state).toEqual(v1.campaign);
  });
});

describe('upcast: the rest', () => {
  it('upcast: an event already in the current shape is returned as the very same object', () => {
    const e: StoredEvent = {
      seq: 3,
      at: '2027-01-01T00:00:00.000Z',
      actor: { userId: 'u' },
      event: { type: 'TurnExtended', playerId: 'p', deadline: 'd', automatic: true, reason: { code: 'real-life' } },
      rolls: [],
    };
    expect(upcastEvent(e)).toBe(e);
    const current = upcastState(replay(v1.events.map(upcastEvent))!);
    expect(upcastState(current)).toBe(current);
  });

  it('upcast: a format 1 log and state upcast separately still agree (the log replays to the state)', async () => {
    const events = v1.events.map(upcastEvent);
    for (const e of events)
      if (['BattleStageChanged', 'BattleExtended', 'TurnExtended'].includes(e.event.type))
        expect(typeof reasonOf(e.event)).toBe('object');
    expect(replay(events)).toEqual(upcastState(v1.campaign));
    expect((await parseExport(readFileSync(FIXTURE, 'utf8'))).ok).toBe(true);
  });

  it('upcast: players read the same sentences from an upcast format 1 event as format 1 stored', () => {
    const events = v1.events.map(upcastEvent);
    const state = replay(events)!;
    let checked = 0;
    for (const e of events) {
      const stored = v1.events[e.seq - 1]!.event;
      if (stored.type === 'BattleResolved') {
        // Each old summary line, as its bullet.
        for (const line of stored.summary as unknown as string[])
          expect(describeEvent(e, state)).toContain(`• ${line}`);
        checked++;
      }
      if (stored.type === 'SectorExplored') {
        const steps = stored.steps as unknown as { rule: string; meaning: string }[];
        for (const x of steps) expect(describeEvent(e, state)).toContain(`• ${x.meaning} (${x.rule})`);
        checked++;
      }
      if (stored.type === 'FleetMoved' && stored.free) {
        expect(describeEvent(e, state)).toContain(`free ${stored.free as unknown as string}`);
        checked++;
      }
      if (!REASON_EVENTS.includes(e.event.type)) continue;
      const sentence = reasonOf(stored) as string;
      expect(describeEvent(e, state)).toContain(sentence);
      checked++;
    }
    expect(checked).toBeGreaterThan(25);
  });
});

it('upcast: a format 1 state’s orders drop their summary line when they keep their event, and keep it when not', () => {
  expect(v1.campaign.turn!.orders.every((o) => typeof o.summary === 'string')).toBe(true);
  expect(upcastState(v1.campaign).turn!.orders.some((o) => 'summary' in o)).toBe(false);
  const state = structuredClone(v1.campaign);
  state.turn!.orders[1]!.event = null;
  const orders = upcastState(state).turn!.orders;
  expect(orders[1]).toMatchObject({ event: null, summary: 'move fleet 1 A → C' });
  expect('summary' in orders[0]!).toBe(false);
});

it('upcast: a format 1 state’s turn orders lose the `undoable` flag that undo.ts replaced (UTD6.12)', () => {
  expect(v1.campaign.turn!.orders.some((o) => 'undoable' in o)).toBe(true);
  expect(upcastState(v1.campaign).turn!.orders.some((o) => 'undoable' in o)).toBe(false);
});

describe('upcast: votes, banks, seeds, developments (UTD1.7, UTD4.3236, UTD2.3)', () => {
  const closed = (reason: string, yes: number, no: number) =>
    reasonOf(upcastCampaignEvent(old({ type: 'VoteClosed', voteId: 'V1', passed: yes > no, yes, no, reason })));

  it('upcast: VoteClosed with “2 of 3 said yes; 2 were needed” becomes code supermajority with electorate and threshold', () => {
    expect(closed('2 of 3 said yes; 2 were needed', 2, 0)).toEqual({
      code: 'supermajority',
      electorate: 3,
      threshold: 2,
    });
  });

  it('upcast: VoteClosed with the unreachable, deadline and option sentences becomes their codes', () => {
    expect(closed('2 said no, so 2 yes votes can no longer be reached', 0, 2)).toEqual({
      code: 'yes-unreachable',
      threshold: 2,
    });
    expect(closed('the vote closed with 1 yes of 2 needed', 1, 0)).toEqual({ code: 'deadline', threshold: 2 });
    expect(closed('2 of 3 chose option B; 2 were needed', 2, 1)).toEqual({
      code: 'option-chosen',
      option: 'B',
      electorate: 3,
      threshold: 2,
    });
    expect(closed('no option reached 2 votes by the deadline', 1, 1)).toEqual({
      code: 'no-option-by-deadline',
      threshold: 2,
    });
    expect(closed('no option can reach 2 votes any more', 1, 2)).toEqual({ code: 'no-option-reachable', threshold: 2 });
  });

  it('upcast: a VoteClosed sentence whose count is not the event’s is kept as text', () => {
    expect(closed('3 of 3 said yes; 2 were needed', 2, 0)).toEqual({
      code: 'text',
      text: '3 of 3 said yes; 2 were needed',
    });
  });

  it('upcast: BankLost with “no capital, so no bank (UTD4.3236)” becomes code no-capital', () => {
    const e = upcastCampaignEvent(
      old({ type: 'BankLost', playerId: 'p', amount: '10', reason: 'no capital, so no bank (UTD4.3236)' }),
    );
    expect(reasonOf(e)).toEqual({ code: 'no-capital' });
  });

  it('upcast: SeedsRevealed with “the campaign ended” and “the players voted for it (UTD1.7)” becomes campaign-ended and voted', () => {
    const seeds = (reason: string) => reasonOf(upcastCampaignEvent(old({ type: 'SeedsRevealed', seeds: [], reason })));
    expect(seeds('the campaign ended')).toEqual({ code: 'campaign-ended' });
    expect(seeds('the players voted for it (UTD1.7)')).toEqual({ code: 'voted' });
  });

  it('upcast: DevelopmentCancelled with “the establishing fleet did not stay in the sector” becomes code fleet-left', () => {
    const e = upcastCampaignEvent(
      old({
        type: 'DevelopmentCancelled',
        sector: 'A',
        kind: 'colony',
        owner: 'p',
        reason: 'the establishing fleet did not stay in the sector',
      }),
    );
    expect(reasonOf(e)).toEqual({ code: 'fleet-left' });
  });
});

describe('upcast: NPE battles (UTD5.46, 5.465, 5.4A1, 5.4A2)', () => {
  const npe = {
    empire: 'federation',
    attackerBpv: '149',
    available: '250',
    runner: 'p3',
    volunteers: ['p3'],
    force: [
      { id: 'N1', unitId: 'FED-FF', bpv: '63' },
      { id: 'N2', unitId: 'FED-POL', bpv: '40.5' },
    ],
    objections: [],
  };
  const updated = (reason: string, record: Record<string, unknown> = npe) =>
    reasonOf(upcastCampaignEvent(old({ type: 'NpeBattleUpdated', battleId: 'K1', npe: record, reason })));

  it('upcast: NpeBattleUpdated with the budget sentence becomes npe-budget when its numbers are the record’s', () => {
    expect(updated('the attacking fleet is worth 149 BPV, so the NPE may field 250 BPV (UTD5.465)')).toEqual({
      code: 'npe-budget',
    });
    const other = 'the attacking fleet is worth 150 BPV, so the NPE may field 250 BPV (UTD5.465)';
    expect(updated(other)).toEqual({ code: 'text', text: other });
  });

  it('upcast: NpeBattleUpdated with “<name> volunteered first and runs the NPE (UTD5.46)” becomes runner-volunteered', () => {
    expect(updated('carol volunteered first and runs the NPE (UTD5.46)')).toEqual({ code: 'runner-volunteered' });
    const noRunner = 'carol volunteered first and runs the NPE (UTD5.46)';
    expect(updated(noRunner, { ...npe, runner: null })).toEqual({ code: 'text', text: noRunner });
  });

  it('upcast: NpeBattleUpdated with “the NPE fields … for N BPV” becomes force-fielded when it names the record’s force', () => {
    expect(updated('the NPE fields FED-FF, FED-POL for 103.5 BPV')).toEqual({ code: 'force-fielded' });
    expect(updated('the NPE fields FED-FF for 63 BPV')).toEqual({
      code: 'text',
      text: 'the NPE fields FED-FF for 63 BPV',
    });
  });

  it('upcast: ShipsGained with the tribute, chosen-tribute and NPE-capture sentences becomes their codes', () => {
    const gained = (reason: string) =>
      reasonOf(upcastCampaignEvent(old({ type: 'ShipsGained', battleId: 'K1', ships: [], reason })));
    expect(gained('Anschluss tribute (UTD5.4A1)')).toEqual({ code: 'anschluss-tribute' });
    expect(gained('Anschluss tribute chosen (UTD5.4A1)')).toEqual({ code: 'anschluss-tribute-chosen' });
    expect(gained('captured from the NPE (UTD5.4A2)')).toEqual({ code: 'captured-from-npe' });
    expect(gained('found in a nebula')).toEqual({ code: 'text', text: 'found in a nebula' });
  });

  it('upcast: BpvAwarded with “NPE conquered (UTD5.4A2)” becomes code npe-conquered', () => {
    const awarded = (reason: string) =>
      reasonOf(upcastCampaignEvent(old({ type: 'BpvAwarded', playerId: 'p', amount: '150', reason })));
    expect(awarded('NPE conquered (UTD5.4A2)')).toEqual({ code: 'npe-conquered' });
    expect(awarded('a gift')).toEqual({ code: 'text', text: 'a gift' });
  });

  it('upcast: DevelopmentGranted with “Anschluss (UTD5.4A1)” and the troop-ship sentence becomes anschluss and npe-conquered-troops', () => {
    const granted = (reason: string) =>
      reasonOf(
        upcastCampaignEvent(old({ type: 'DevelopmentGranted', sector: 'B', kind: 'colony', owner: 'p', reason })),
      );
    expect(granted('Anschluss (UTD5.4A1)')).toEqual({ code: 'anschluss' });
    expect(granted('NPE conquered with a troop ship (UTD5.4A2)')).toEqual({ code: 'npe-conquered-troops' });
    expect(granted('by treaty')).toEqual({ code: 'text', text: 'by treaty' });
  });
});

describe('upcast: BattleResolved.summary (UTD7.42341–7.48, 7.4663, 5.4633, 5.4A1–5.4A2)', () => {
  const result = {
    winner: 'p1',
    units: { S7: { fate: 'captured', capturedBy: 'p1' }, S8: { fate: 'destroyed' } },
    retreats: { p2: 'H2' },
    provisional: [],
    planetDamage: 0,
    note: '',
  };
  const resolved = (summary: string[], resolution = 'negotiated', r: unknown = result) =>
    (
      upcastCampaignEvent(old({ type: 'BattleResolved', battleId: 'K1', result: r, resolution, summary })) as {
        summary: unknown[];
      }
    ).summary;
  const line = (text: string) => resolved([text])[0];

  it('upcast: a “destroyed: …” line becomes code destroyed with its units (ships, bases, NPE units, bare ids)', () => {
    expect(line('destroyed: LYR-CA (S8), BATS (B3, defense), NPE FED-FF (N40), S99')).toEqual({
      code: 'destroyed',
      units: [
        { kind: 'ship', id: 'S8', unitId: 'LYR-CA' },
        { kind: 'base', id: 'B3', unitId: 'BATS', role: 'defense' },
        { kind: 'npe', id: 'N40', unitId: 'FED-FF' },
        { kind: 'unknown', id: 'S99' },
      ],
    });
  });

  it('upcast: a “damaged: …” line becomes code damaged with each ship and whether it is wrecked', () => {
    expect(line('damaged: LYR-FF (S30) crippled, LYR-CA (S31) wrecked')).toEqual({
      code: 'damaged',
      ships: [
        { unit: { kind: 'ship', id: 'S30', unitId: 'LYR-FF' }, wrecked: false },
        { unit: { kind: 'ship', id: 'S31', unitId: 'LYR-CA' }, wrecked: true },
      ],
    });
  });

  it('upcast: “<unit> captured by <name>” becomes code captured, the captor from the result', () => {
    expect(line('KZI-CA (S7) captured by alice')).toEqual({
      code: 'captured',
      unit: { kind: 'ship', id: 'S7', unitId: 'KZI-CA' },
      by: 'p1',
    });
    expect(line('KZI-CA (S9) captured by alice')).toEqual({ code: 'text', text: 'KZI-CA (S9) captured by alice' });
  });

  it('upcast: the NPE tally and conquest lines become npe-tallied and npe-conquered (the conqueror is the winner)', () => {
    expect(line('NPE losses now 63 BPV, offset 0 (UTD5.4633, 5.492)')).toEqual({
      code: 'npe-tallied',
      losses: '63',
      offset: '0',
    });
    expect(line('NPE conquered: +150 BPV to alice; its colony captured by the troop ship')).toEqual({
      code: 'npe-conquered',
      player: 'p1',
      reward: '150',
      kind: 'colony',
      troops: true,
    });
    expect(line('NPE conquered: +150 BPV to alice; its mine destroyed')).toMatchObject({ kind: 'mine', troops: false });
  });

  it('upcast: a retreat line becomes code retreats, the loser and the sector from the result’s retreats', () => {
    const text =
      "bob retreats 2 fleets to Kzin at the next player's turn; 1 order point on their next turn (UTD7.4663)";
    expect(line(text)).toEqual({ code: 'retreats', player: 'p2', fleets: 2, to: 'H2' });
    const two = { ...result, retreats: { p2: 'H2', p3: 'C' } };
    expect(resolved([text], 'negotiated', two)[0]).toEqual({ code: 'text', text });
  });

  it('upcast: an Anschluss summary becomes its cause, the development granted and the tribute', () => {
    const anschluss = (why: string) => resolved([why, 'colony granted', 'tribute: FED-CA, FED-FF'], 'anschluss', null);
    expect(anschluss('no volunteer ran the NPE within a week (UTD5.431)')).toEqual([
      { code: 'anschluss', why: { code: 'no-volunteer' } },
      { code: 'development-granted', kind: 'colony' },
      { code: 'tribute', unitIds: ['FED-CA', 'FED-FF'] },
    ]);
    expect(anschluss('the NPE runner failed to play twice (UTD3.42#2)')[0]).toEqual({
      code: 'anschluss',
      why: { code: 'runner-forced', why: { code: 'failed-twice' } },
    });
    expect(anschluss("the attacker's 600 BPV is at least twice the NPE's 250 (UTD5.422)")[0]).toEqual({
      code: 'anschluss',
      why: { code: 'attacker-twice', attackerBpv: '600', available: '250' },
    });
    expect(upcastSummaryLine('tribute: none available', { result: null, resolution: 'anschluss' }, false)).toEqual({
      code: 'tribute',
      unitIds: [],
    });
  });

  it('upcast: a summary line that maps to nothing is kept as text', () => {
    expect(line('the stars were against it')).toEqual({ code: 'text', text: 'the stars were against it' });
  });
});

describe('upcast: moves, exploration, deliveries (UTD4.334, UTD5.2–5.41, UTD6.3A, 6.3734)', () => {
  it('upcast: FleetMoved.free “from <label>, an owned colony (UTD4.334)” becomes owned-colony with the move’s from', () => {
    const moved = (free: string | null) =>
      (
        upcastCampaignEvent(
          old({ type: 'FleetMoved', fleetId: 'F1', from: 'H1', to: 'A', opCost: 0, free, pinned: false }),
        ) as { free: unknown }
      ).free;
    expect(moved('from Lyra Prime, an owned colony (UTD4.334)')).toEqual({ code: 'owned-colony', sector: 'H1' });
    expect(moved('by decree')).toEqual({ code: 'text', text: 'by decree' });
    expect(moved(null)).toBeNull();
  });

  it('upcast: a format 1 state’s order keeps its FleetMoved event with the free move as a code', () => {
    const orders = upcastState(v1.campaign).turn!.orders;
    const free = orders.map((o) => (o.event as { free?: unknown } | null)?.free).filter(Boolean);
    for (const f of free) expect(typeof f).toBe('object');
  });

  const step = (meaning: string, rule = 'UTD5.3') => upcastExploredStep({ rule, meaning });

  it.each([
    ['declined the free choice: the type is rolled', { code: 'free-choice-declined' }],
    ['chose a life sector instead of rolling', { code: 'type-chosen', type: 'life' }],
    ['sector type: 3 → mineral sector', { code: 'type-rolled', die: 3, type: 'mineral' }],
    ['the rolled dead sector becomes a mineral sector', { code: 'converted', rolled: 'dead', type: 'mineral' }],
    [
      'kept the dead sector (could have changed it to mineral or life)',
      { code: 'conversion-declined', rolled: 'dead', offered: ['mineral', 'life'] },
    ],
    ['terrain: 5 → Special: roll on the special table', { code: 'terrain-special', die: 5 }],
    [
      'terrain: 3 → Class-M planet',
      { code: 'terrain-rolled', die: 3, special: false, terrain: 'class-m-planet', overlays: [] },
    ],
    ['dead sector: no NPE roll', { code: 'no-npe-dead' }],
    ['NPE check: 2 → NPE discovered', { code: 'npe-rolled', die: 2, found: true }],
    ['NPE check: 5 → no NPE', { code: 'npe-rolled', die: 5, found: false }],
    [
      'every allowed empire is a player empire (npe.excludePlayerEmpires): no NPE can be here',
      { code: 'npe-none-possible' },
    ],
    [
      'NPE identity: 1 → Federation NPE',
      { code: 'npe-identity', die: 1, empire: 'federation', reroll: 0, excluded: false },
    ],
    [
      "NPE identity re-roll 2: 4 → Gorn, a player's empire: re-roll (npe.excludePlayerEmpires)",
      { code: 'npe-identity', die: 4, empire: 'gorn', reroll: 2, excluded: true },
    ],
    [
      'Federation NPE: the terrain is Class-M planet only; it replaces the rolled Asteroid field (ISS-A54)',
      { code: 'npe-terrain', empire: 'federation', terrain: 'class-m-planet', replaced: 'asteroid-field' },
    ],
  ])('upcast: SectorExplored step “%s” becomes its code', (meaning, detail) => {
    expect(step(meaning)).toEqual({ rule: 'UTD5.3', ...detail });
  });

  it('upcast: a SectorExplored terrain step with overlays and a printed note gets the terrain id and overlays', () => {
    const withNote = Object.values(TERRAIN).find((t) => t.note)!;
    expect(step(`special terrain: 4 → ${withNote.name} (overlay: asteroid-field; ${withNote.note})`)).toEqual({
      rule: 'UTD5.3',
      code: 'terrain-rolled',
      die: 4,
      special: true,
      terrain: withNote.id,
      overlays: ['asteroid-field'],
    });
    expect(step('terrain: 4 → Mystery nebula')).toEqual({
      rule: 'UTD5.3',
      code: 'text',
      text: 'terrain: 4 → Mystery nebula',
    });
  });

  it('upcast: a SectorExplored event’s old steps all become data', () => {
    const e = v1.events.map(upcastEvent).find((x) => x.event.type === 'SectorExplored')!.event as {
      steps: { code: string }[];
    };
    for (const x of e.steps) expect(x.code).not.toBe('text');
  });

  it('upcast: YardBuildDelivered with the yard-destroyed and no-place sentences becomes their codes', () => {
    const delivered = (reason: string | null) =>
      (
        upcastCampaignEvent(
          old({
            type: 'YardBuildDelivered',
            playerId: 'p',
            delivery: { shipId: 'S1', unitId: 'LYR-CA', yardId: 'B1', ship: null, newFleet: null, refund: '9', reason },
          }),
        ) as { delivery: { reason: unknown } }
      ).delivery.reason;
    expect(delivered('the shipyard was destroyed before the ship was finished')).toEqual({ code: 'yard-destroyed' });
    expect(delivered('no fleet and no dry-dock position was left for it (UTD7.63)')).toEqual({ code: 'no-place' });
    expect(delivered('lost in the mail')).toEqual({ code: 'text', text: 'lost in the mail' });
  });

  it('upcast: DefensesArrived cancellations become sector-gone and capital-gone; a site sentence (a sector name) stays text', () => {
    const site = 'Lyra Prime can no longer hold defenses: it is unexplored (UTD7.33)';
    const e = upcastCampaignEvent(
      old({
        type: 'DefensesArrived',
        playerId: 'p',
        baseIds: [],
        cancelled: [
          { baseId: 'B1', unitId: 'BATS', refund: '5', reason: 'its sector is gone' },
          {
            baseId: 'B2',
            unitId: 'RF',
            refund: '5',
            reason: 'the capital it was to support is no longer there (UTD4.3237)',
          },
          { baseId: 'B3', unitId: 'BATS', refund: '5', reason: site },
        ],
      }),
    ) as { cancelled: { reason: unknown }[] };
    expect(e.cancelled.map((x) => x.reason)).toEqual([
      { code: 'sector-gone' },
      { code: 'capital-gone' },
      { code: 'text', text: site },
    ]);
  });
});

describe('upcast: BattleReminder.what (UTD3.42, 3.43, 3.5, 5.431)', () => {
  it('upcast: a BattleReminder that stored its sentence loses it; players read the same words from its key', () => {
    const stored = {
      type: 'BattleReminder',
      battleId: 'B1',
      key: 'awaiting-contact',
      players: ['p1'],
      deadline: '2026-03-04T23:59:59.000Z',
      what: 'make contact (UTD3.42), or you retreat the way you came',
    };
    const upcast = upcastCampaignEvent(old(stored));
    const { what: _sentence, ...current } = stored;
    expect(upcast).toEqual(current);
    expect(upcastCampaignEvent(upcast)).toBe(upcast);
  });
});
