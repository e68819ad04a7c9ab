import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseExport } from '../../src/app/export.ts';
import { describeEvent } from '../../src/discord/words.ts';
import type { CampaignEvent, CampaignState, StoredEvent } from '../../src/rules/thunderdome/index.ts';
import { replay } from '../../src/rules/thunderdome/index.ts';
import { upcastCampaignEvent, upcastEvent, upcastState } from '../../src/rules/thunderdome/upcast.ts';

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
    expect(reasonOf(stage('a side that lost its last escort retreats; the others settle the battle'))).toEqual({
      code: 'forced-retreat',
      why: 'lost its last escort',
      immobile: false,
    });
    expect(
      reasonOf(
        stage(
          'the fleets of a side that withdrew retreat; its immobile units cannot, so the other side reports a result for them (ISS-A16)',
        ),
      ),
    ).toEqual({ code: 'forced-retreat', why: 'withdrew', immobile: true });
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

  it('upcast: a format 1 log and state upcast separately still agree (the log replays to the state)', () => {
    const events = v1.events.map(upcastEvent);
    for (const e of events)
      if (['BattleStageChanged', 'BattleExtended', 'TurnExtended'].includes(e.event.type))
        expect(typeof reasonOf(e.event)).toBe('object');
    expect(replay(events)).toEqual(upcastState(v1.campaign));
    expect(parseExport(readFileSync(FIXTURE, 'utf8')).ok).toBe(true);
  });

  it('upcast: players read the same sentences from an upcast format 1 event as format 1 stored', () => {
    const events = v1.events.map(upcastEvent);
    const state = replay(events)!;
    let checked = 0;
    for (const e of events) {
      if (!REASON_EVENTS.includes(e.event.type)) continue;
      const sentence = reasonOf(v1.events[e.seq - 1]!.event) as string;
      expect(describeEvent(e, state)).toContain(sentence);
      checked++;
    }
    expect(checked).toBeGreaterThan(15);
  });
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
