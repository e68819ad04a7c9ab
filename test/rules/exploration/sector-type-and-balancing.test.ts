import { describe, expect, it } from 'vitest';
import {
  EXPLORATION_DEFAULTS,
  availableConversions,
  balancingFor,
  balancingOptions,
  countSectorTypes,
  exploreSector,
  leadingCounts,
  resumeExploration,
  sectorTypeForDie,
  type BalancingEligibility,
  type CountableSector,
  type PendingExploration,
} from '../../../src/rules/thunderdome/exploration/index.ts';
import { LABEL, expectAllUsed, explore, forced, input, outcome, pendingOf, resultOf, unwrap } from './helpers.ts';

const NONE: BalancingEligibility = { autoMineral: false, autoLife: false };
const MINERAL: BalancingEligibility = { autoMineral: true, autoLife: false };
const LIFE: BalancingEligibility = { autoMineral: false, autoLife: true };
const BOTH: BalancingEligibility = { autoMineral: true, autoLife: true };

describe('UTD5.21 sector type roll (TC-031)', () => {
  const expected = { 1: 'life', 2: 'life', 3: 'mineral', 4: 'mineral', 5: 'dead', 6: 'dead' } as const;
  for (const die of [1, 2, 3, 4, 5, 6] as const) {
    it(`UTD5.21 TC-031 roll ${die} is ${expected[die]}`, () => {
      expect(sectorTypeForDie(die)).toBe(expected[die]);
      const r = explore({}, expected[die] === 'dead' ? [die, 3] : [die, 3, 6]);
      expect(r.type).toBe(expected[die]);
      expect(r.typeDecision).toEqual({ method: 'rolled', rule: 'UTD5.21', die, rolled: expected[die] });
      expect(r.steps[0]).toMatchObject({
        kind: 'type-roll',
        rule: 'UTD5.21',
        purpose: `sector type (UTD5.21): ${LABEL}`,
        sides: 6,
        die,
      });
    });
  }
});

// TC-032: owned sectors, home counting as both life and mineral.
//   P1: mineral 4, life 1   P2: mineral 2, life 3   P3: mineral 1, life 1
const TC032: CountableSector[] = [
  { owner: 'P1', type: 'home' },
  { owner: 'P1', type: 'mineral' },
  { owner: 'P1', type: 'mineral' },
  { owner: 'P1', type: 'mineral' },
  { owner: 'P1', type: 'dead' },
  { owner: 'P2', type: 'home' },
  { owner: 'P2', type: 'mineral' },
  { owner: 'P2', type: 'life' },
  { owner: 'P2', type: 'life' },
  { owner: 'P3', type: 'home' },
  { owner: 'P3', type: 'dead' },
  { owner: null, type: 'life', exploredBy: 'P3' },
  { owner: null, type: 'mineral', exploredBy: 'P3' },
  { owner: null, type: 'unknown' },
];
const PLAYERS = ['P1', 'P2', 'P3'];
const tc032 = (explorer: string) =>
  balancingFor({ sectors: TC032, explorer, activePlayers: PLAYERS, basis: 'owned', gap: 2 });

describe('UTD5.221–5.224 balancing eligibility (TC-032, ISS-A66)', () => {
  it('ISS-A66 UTD4.312 the home sector counts as one life and one mineral sector (TC-032 counts)', () => {
    expect(countSectorTypes(TC032, 'P1', 'owned')).toEqual({ mineral: 4, life: 1 });
    expect(countSectorTypes(TC032, 'P2', 'owned')).toEqual({ mineral: 2, life: 3 });
    expect(countSectorTypes(TC032, 'P3', 'owned')).toEqual({ mineral: 1, life: 1 });
    expect(countSectorTypes([{ owner: 'X', type: 'home' }], 'X', 'explored')).toEqual({ life: 1, mineral: 1 });
  });
  it('ISS-A66 explore.balanceCounts = explored counts the sectors a player explored, whoever owns them', () => {
    expect(countSectorTypes(TC032, 'P3', 'explored')).toEqual({ mineral: 2, life: 2 });
    expect(countSectorTypes(TC032, 'P1', 'explored')).toEqual({ mineral: 1, life: 1 });
    expect(EXPLORATION_DEFAULTS.balanceCounts).toBe('owned');
  });
  it('UTD5.223 the mineral and life leaders are found separately', () => {
    expect(leadingCounts(TC032, ['P1', 'P2'], 'owned')).toEqual({ mineral: 4, life: 3 });
    expect(leadingCounts(TC032, [], 'owned')).toEqual({ mineral: 0, life: 0 });
  });
  it('UTD5.224 TC-032 P3: mineral gap 3 and life gap 2 → both apply → free choice', () => {
    expect(tc032('P3')).toEqual({
      autoMineral: true,
      autoLife: true,
      freeChoice: true,
      mineralGap: 3,
      lifeGap: 2,
      gap: 2,
    });
  });
  it('UTD5.221 TC-032 P2: mineral gap 2 → automatic mineral; life gap −2 → no', () => {
    expect(tc032('P2')).toEqual({
      autoMineral: true,
      autoLife: false,
      freeChoice: false,
      mineralGap: 2,
      lifeGap: -2,
      gap: 2,
    });
  });
  it('UTD5.222 TC-032 P1: mineral gap −2 → no; life gap 2 → automatic life', () => {
    expect(tc032('P1')).toEqual({
      autoMineral: false,
      autoLife: true,
      freeChoice: false,
      mineralGap: -2,
      lifeGap: 2,
      gap: 2,
    });
  });
  it('UTD5.221 at the gap boundary: gap − 1 fewer is not eligible, gap fewer is (default gap 2)', () => {
    const gap = EXPLORATION_DEFAULTS.balanceGap;
    expect(
      balancingOptions({ explorerCounts: { mineral: 4, life: 9 }, maxCounts: { mineral: 5, life: 0 }, gap })
        .autoMineral,
    ).toBe(false);
    expect(
      balancingOptions({ explorerCounts: { mineral: 3, life: 9 }, maxCounts: { mineral: 5, life: 0 }, gap })
        .autoMineral,
    ).toBe(true);
    expect(
      balancingOptions({ explorerCounts: { mineral: 5, life: 9 }, maxCounts: { mineral: 5, life: 0 }, gap })
        .autoMineral,
    ).toBe(false);
  });
  it('UTD5.222 at the gap boundary: gap − 1 fewer is not eligible, gap fewer is (default gap 2)', () => {
    expect(
      balancingOptions({ explorerCounts: { mineral: 9, life: 2 }, maxCounts: { mineral: 0, life: 3 }, gap: 2 })
        .autoLife,
    ).toBe(false);
    expect(
      balancingOptions({ explorerCounts: { mineral: 9, life: 1 }, maxCounts: { mineral: 0, life: 3 }, gap: 2 })
        .autoLife,
    ).toBe(true);
  });
  it('ISS-A66 explore.balanceGap = 3: 2 fewer is not eligible, 3 fewer is; free choice needs both', () => {
    const at = (m: number, l: number) =>
      balancingOptions({ explorerCounts: { mineral: m, life: l }, maxCounts: { mineral: 4, life: 4 }, gap: 3 });
    expect(at(2, 2)).toMatchObject({ autoMineral: false, autoLife: false, freeChoice: false });
    expect(at(1, 2)).toMatchObject({ autoMineral: true, autoLife: false, freeChoice: false });
    expect(at(2, 1)).toMatchObject({ autoMineral: false, autoLife: true, freeChoice: false });
    expect(at(1, 1)).toMatchObject({ autoMineral: true, autoLife: true, freeChoice: true });
  });
  it('ISS-A66 the explorer is compared with the other active players only', () => {
    const sectors: CountableSector[] = [
      { owner: 'A', type: 'home' },
      { owner: 'A', type: 'mineral' },
      { owner: 'A', type: 'mineral' },
      { owner: 'B', type: 'home' },
    ];
    expect(
      balancingFor({ sectors, explorer: 'A', activePlayers: ['A', 'B'], basis: 'owned', gap: 2 }).autoMineral,
    ).toBe(false);
    expect(
      balancingFor({ sectors, explorer: 'B', activePlayers: ['A', 'B'], basis: 'owned', gap: 2 }).autoMineral,
    ).toBe(true);
    expect(balancingFor({ sectors, explorer: 'B', activePlayers: ['B'], basis: 'owned', gap: 2 }).autoMineral).toBe(
      false,
    );
  });
  it('UTD5.221/5.222 conversions: mineral from life or dead, life from dead only, never from mineral', () => {
    expect(availableConversions('life', BOTH)).toEqual(['mineral']);
    expect(availableConversions('dead', BOTH)).toEqual(['mineral', 'life']);
    expect(availableConversions('mineral', BOTH)).toEqual([]);
    expect(availableConversions('life', LIFE)).toEqual([]);
    expect(availableConversions('dead', NONE)).toEqual([]);
  });
});

describe('UTD5.221 automatic mineral sector, asked after the roll (TC-032 P2)', () => {
  it('UTD5.221 TC-032 roll 1 (life) → the bot asks "change to mineral?" before any terrain die', () => {
    const { outcome: o, dice } = outcome({ balancing: 'ask', allowed: MINERAL }, [1]);
    const p = pendingOf(o);
    expect(p.question).toMatchObject({
      kind: 'convert',
      rule: 'UTD5.221',
      die: 1,
      rolled: 'life',
      options: ['keep', 'mineral'],
    });
    expect(dice.records.map((r) => r.purpose)).toEqual([`sector type (UTD5.21): ${LABEL}`]);
  });
  it('UTD5.221 TC-032 roll 6 (dead) → may change to mineral; accepted → mineral column for terrain', () => {
    const p = pendingOf(outcome({ balancing: 'ask', allowed: MINERAL }, [6]).outcome);
    expect(p.question.options).toEqual(['keep', 'mineral']);
    const dice = forced([4, 6], 2);
    const r = resumeExploration(p, 'mineral', dice);
    const res = resultOf(unwrap(r));
    expect(res.type).toBe('mineral');
    expect(res.typeDecision).toEqual({ method: 'converted-5.221', rule: 'UTD5.221', die: 6, rolled: 'dead' });
    expect(res.terrain.id).toBe('asteroid-field');
    expect(dice.records.map((x) => x.purpose)).toEqual([
      `terrain (UTD5.3, mineral column): ${LABEL}`,
      `NPE check (UTD5.4, 1–2 = NPE): ${LABEL}`,
    ]);
    expect(res.steps.map((s) => s.kind)).toEqual(['type-roll', 'conversion', 'terrain-roll', 'npe-roll']);
  });
  it('UTD5.221 TC-032 roll 3 → mineral anyway, nothing to ask', () => {
    const r = resultOf(outcome({ balancing: 'ask', allowed: MINERAL }, [3, 5, 6]).outcome);
    expect(r.typeDecision.method).toBe('rolled');
    expect(r.type).toBe('mineral');
  });
  it('UTD5.221 TC-032 the player may decline: "keep" leaves the rolled life sector', () => {
    const p = pendingOf(outcome({ balancing: 'ask', allowed: MINERAL }, [2]).outcome);
    const r = resumeExploration(p, 'keep', forced([3, 6], 2));
    const res = resultOf(unwrap(r));
    expect(res.type).toBe('life');
    expect(res.typeDecision.method).toBe('rolled');
    expect(res.steps.find((s) => s.kind === 'conversion-declined')?.meaning).toBe(
      'kept the life sector (could have changed it to mineral)',
    );
  });
  it('UTD5.221 standing instruction "mineral": life → mineral and dead → mineral without asking', () => {
    expect(explore({ balancing: 'mineral', allowed: MINERAL }, [2, 3, 6])).toMatchObject({
      type: 'mineral',
      typeDecision: { method: 'converted-5.221', rolled: 'life' },
      terrain: { id: 'gas-giant-moons' },
    });
    expect(explore({ balancing: 'mineral', allowed: MINERAL }, [5, 5, 6])).toMatchObject({
      type: 'mineral',
      typeDecision: { method: 'converted-5.221', rolled: 'dead' },
      terrain: { id: 'small-moon' },
    });
    expect(explore({ balancing: 'mineral', allowed: MINERAL }, [4, 6, 6])).toMatchObject({
      type: 'mineral',
      typeDecision: { method: 'rolled' },
    });
  });
  it('UTD5.221 "none" keeps the roll and records that balancing was available but not invoked', () => {
    const r = explore({ balancing: 'none', allowed: MINERAL }, [1, 3, 6]);
    expect(r.type).toBe('life');
    expect(r.steps[1]).toMatchObject({ kind: 'conversion-declined', rule: 'UTD5.221' });
  });
  it('UTD5.221 refused when not eligible, before any die is rolled', () => {
    const dice = forced([]);
    const r = exploreSector(input({ balancing: 'mineral', allowed: LIFE }), dice);
    expect(r).toMatchObject({ ok: false, error: { code: 'explore/auto-mineral-not-eligible', rule: 'UTD5.221' } });
    expect(dice.records).toEqual([]);
  });
});

describe('UTD5.222 automatic life sector: a dead roll only (TC-032 P1)', () => {
  it('UTD5.222 TC-032 roll 5 (dead) → may change to life; accepted → life column, and the NPE check follows', () => {
    const p = pendingOf(outcome({ balancing: 'ask', allowed: LIFE }, [5]).outcome);
    expect(p.question).toMatchObject({ kind: 'convert', rule: 'UTD5.222', options: ['keep', 'life'] });
    const r = resumeExploration(p, 'life', forced([3, 6], 2));
    const res = resultOf(unwrap(r));
    expect(res).toMatchObject({
      type: 'life',
      typeDecision: { method: 'converted-5.222', rule: 'UTD5.222', die: 5, rolled: 'dead' },
      terrain: { id: 'class-m-planet' },
    });
    expect(res.steps.map((s) => s.kind)).toEqual(['type-roll', 'conversion', 'terrain-roll', 'npe-roll']);
  });
  it('UTD5.222 TC-032 roll 3 (mineral) → no change allowed, nothing asked', () => {
    expect(resultOf(outcome({ balancing: 'ask', allowed: LIFE }, [3, 3, 6]).outcome)).toMatchObject({
      type: 'mineral',
      typeDecision: { method: 'rolled' },
    });
  });
  it('UTD5.222 a life roll cannot be converted by UTD5.222 (only dead)', () => {
    expect(resultOf(outcome({ balancing: 'ask', allowed: LIFE }, [1, 3, 6]).outcome)).toMatchObject({
      type: 'life',
      typeDecision: { method: 'rolled' },
    });
    expect(explore({ balancing: 'life', allowed: LIFE }, [1, 3, 6])).toMatchObject({
      type: 'life',
      typeDecision: { method: 'rolled' },
    });
    expect(explore({ balancing: 'life', allowed: LIFE }, [4, 3, 6])).toMatchObject({
      type: 'mineral',
      typeDecision: { method: 'rolled' },
    });
  });
  it('UTD5.222 standing instruction "life": dead → life, terrain on the life column', () => {
    expect(explore({ balancing: 'life', allowed: LIFE }, [6, 4, 6])).toMatchObject({
      type: 'life',
      typeDecision: { method: 'converted-5.222', die: 6, rolled: 'dead' },
      terrain: { id: 'class-m-planet' },
    });
  });
  it('UTD5.222 refused when not eligible', () => {
    expect(exploreSector(input({ balancing: 'life', allowed: MINERAL }), forced([]))).toMatchObject({
      ok: false,
      error: { code: 'explore/auto-life-not-eligible', rule: 'UTD5.222' },
    });
  });
  it('UTD5.222 an answer that was not offered is refused', () => {
    const p = pendingOf(outcome({ balancing: 'ask', allowed: MINERAL }, [1]).outcome);
    expect(resumeExploration(p, 'life', forced([]))).toMatchObject({
      ok: false,
      error: { code: 'explore/bad-answer' },
    });
  });
});

describe('UTD5.224 free choice of sector type (TC-032 P3, ISS-A67)', () => {
  it('UTD5.224 TC-032 P3 is asked BEFORE the type roll: no die is rolled yet', () => {
    const { outcome: o, dice } = outcome({ balancing: 'ask', allowed: BOTH }, []);
    expect(pendingOf(o).question).toMatchObject({
      kind: 'free-choice',
      rule: 'UTD5.224',
      options: ['roll', 'life', 'mineral'],
    });
    expect(dice.records).toEqual([]);
  });
  it('UTD5.224 TC-032 choosing life skips the type roll; the terrain roll uses the life column', () => {
    const p = pendingOf(outcome({ balancing: 'ask', allowed: BOTH }, []).outcome);
    const dice = forced([5, 6], 2);
    const r = resumeExploration(p, 'life', dice);
    const res = resultOf(unwrap(r));
    expect(res).toMatchObject({
      type: 'life',
      typeDecision: { method: 'chosen-5.224', rule: 'UTD5.224', die: null, rolled: null },
      terrain: { id: 'class-m-planet' },
    });
    expect(dice.records.map((x) => x.purpose)).toEqual([
      `terrain (UTD5.3, life column): ${LABEL}`,
      `NPE check (UTD5.4, 1–2 = NPE): ${LABEL}`,
    ]);
  });
  it('UTD5.224 standing choice of mineral: no type die, mineral column', () => {
    const r = explore({ balancing: { choose: 'mineral' }, allowed: BOTH }, [3, 6]);
    expect(r).toMatchObject({
      type: 'mineral',
      typeDecision: { method: 'chosen-5.224' },
      terrain: { id: 'gas-giant-moons' },
    });
    expect(r.steps.map((s) => s.kind)).toEqual(['free-choice', 'terrain-roll', 'npe-roll']);
  });
  it('UTD5.224 ISS-A67 a dead sector cannot be chosen', () => {
    const dice = forced([]);
    expect(exploreSector(input({ balancing: { choose: 'dead' }, allowed: BOTH }), dice)).toMatchObject({
      ok: false,
      error: { code: 'explore/choice-dead', rule: 'UTD5.224' },
    });
    const p = pendingOf(outcome({ balancing: 'ask', allowed: BOTH }, []).outcome);
    expect(resumeExploration(p, 'dead', dice)).toMatchObject({ ok: false, error: { code: 'explore/choice-dead' } });
    expect(dice.records).toEqual([]);
  });
  it('UTD5.224 not available unless both UTD5.221 and UTD5.222 apply (UTD5.223)', () => {
    for (const allowed of [NONE, MINERAL, LIFE]) {
      expect(exploreSector(input({ balancing: { choose: 'life' }, allowed }), forced([]))).toMatchObject({
        ok: false,
        error: { code: 'explore/free-choice-not-eligible', rule: 'UTD5.224' },
      });
    }
    const { outcome: o } = outcome({ balancing: 'ask', allowed: MINERAL }, [3, 3, 6]);
    expect(o.status).toBe('done');
  });
  it('UTD5.223 declining the free choice rolls the type; each conversion is still offered separately', () => {
    const p = pendingOf(outcome({ balancing: 'ask', allowed: BOTH }, []).outcome);
    const r = resumeExploration(p, 'roll', forced([6], 2));
    const q = pendingOf(unwrap(r));
    expect(q.question).toMatchObject({
      kind: 'convert',
      rule: 'UTD5.221, UTD5.222',
      rolled: 'dead',
      options: ['keep', 'mineral', 'life'],
    });
    expect(q.steps.map((s) => s.kind)).toEqual(['free-choice', 'type-roll']);
    const end = resumeExploration(q, 'life', forced([6, 6], 3));
    expect(resultOf(unwrap(end))).toMatchObject({ type: 'life', typeDecision: { method: 'converted-5.222' } });
  });
  it('UTD5.224 with both available, standing "mineral" converts a dead roll to mineral', () => {
    expect(explore({ balancing: 'mineral', allowed: BOTH }, [5, 6, 6])).toMatchObject({
      type: 'mineral',
      typeDecision: { method: 'converted-5.221' },
    });
  });
});

describe('UTD5.22 decision points are honest and storable', () => {
  it('UTD5.221 a pending exploration survives a JSON round trip and resumes on a new event', () => {
    const first = forced([1], 10);
    const p = pendingOf(unwrap(exploreSector(input({ balancing: 'ask', allowed: MINERAL }), first)));
    const stored = JSON.parse(JSON.stringify(p)) as PendingExploration;
    expect(stored).toEqual(p);
    const second = forced([4, 6], 11);
    const r = resumeExploration(stored, 'mineral', second);
    const res = resultOf(unwrap(r));
    expectAllUsed(second, 2);
    expect(res.steps.filter((s) => s.die !== null).map((s) => s.die)).toEqual([1, 4, 6]);
    expect(JSON.parse(JSON.stringify(res))).toEqual(res);
    expect(first.records).toHaveLength(1);
  });
  it('UTD5.22 an unknown instruction is refused', () => {
    expect(exploreSector(input({ balancing: 'maybe' as never }), forced([]))).toMatchObject({
      ok: false,
      error: { code: 'explore/bad-instruction' },
    });
  });
});
