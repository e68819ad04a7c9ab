import { describe, expect, it } from 'vitest';
import { SeededDice } from '../../../src/rules/dice.ts';
import {
  type BattleInput,
  COMBAT_DEFAULTS,
  type CombatChance,
  type CombatShip,
  combatShip,
  diceChance,
  modifiedAF,
  modifiedDF,
  resolveBattle,
  siteDF,
  volleyDice,
} from '../../../src/rules/warlord/combat.ts';
import { fortification } from '../../../src/rules/warlord/forts.ts';
import { type Items, NO_ITEMS } from '../../../src/rules/warlord/tables.ts';

const items = (p: Partial<Items>): Items => ({ ...NO_ITEMS, ...p });

/** The §10.5 fleets. SF/HP the text does not give are chosen to fit its narrative (see each line). */
function g51(): BattleInput {
  const attackers: CombatShip[] = [
    // F-CVS: AF 40, crew 4, strike carrier; SF 27 derived from round 2 ("can take 2 more on the shields"), HP 52.
    combatShip({
      id: 'cvs',
      label: 'F-CVS',
      race: 'F',
      baseAF: 40,
      baseDF: 36,
      sf: 27,
      hp: 52,
      crew: 4,
      strikeCarrier: true,
      items: items({ fighters: 12, tbombs: 4 }),
    }),
    // F-CMC: AF 28, crew 6, troop transport; SF 24 / HP 30 so that 51 cripples and a further 25 destroys it.
    combatShip({
      id: 'cmc',
      label: 'F-CMC',
      race: 'F',
      baseAF: 28,
      baseDF: 26,
      sf: 24,
      hp: 30,
      crew: 6,
      troop: true,
      items: items({ tbombs: 4, commandos: 8 }),
    }),
    // O-CVL in P mission: AF 36 (46 − 10), SF 24, HP 36 as the text states; Weapons Officer aboard.
    combatShip({
      id: 'cvl',
      label: 'O-CVL',
      race: 'O',
      baseAF: 36,
      baseDF: 20,
      sf: 24,
      hp: 36,
      officers: ['W'],
      items: items({ fighters: 8, pfs: 6, tbombs: 4, drones: 16 }),
    }),
  ];
  const defenders: CombatShip[] = [
    // C-MON in D mission: DF 40, SF 42, HP 36 (§3.7, §10.5); aegis from Y175.
    combatShip({ id: 'mon', label: 'C-MON', race: 'C', baseAF: 10, baseDF: 40, sf: 42, hp: 36, aegis: true }),
    // T-PC: DF 18; SF 18 and HP 16 fit all three round-1 results (22 light, 50 destroyed, 34 crippled).
    ...[1, 2, 3].map((n) =>
      combatShip({ id: `tpc${n}`, label: 'T-PC', race: 'T', baseAF: 14, baseDF: 18, sf: 18, hp: 16 }),
    ),
  ];
  return {
    attackers,
    defenders,
    site: {
      kind: 'PL',
      fort: fortification(200, 10),
      officers: ['W'],
      passive: false,
      attackerHasListeningPost: false,
    },
    point: 'PL',
    area: 'AF',
    attackTactic: 0,
    defenseTactic: 0,
    aPct: 90,
    defenderDefendsAgainst: false,
    betrayal: false,
    defenderIsMonsters: false,
    // §10.5 is fought in an asteroid field and shows no per-round asteroid damage (docs/rules-notes.md).
    settings: { ...COMBAT_DEFAULTS, asteroidRoundDamage: false },
  };
}

/** The text's volley totals, first strike and item losses (§10.5), forced. */
function scripted(): CombatChance & { asked: string[] } {
  const volleys: Record<string, number> = {
    '1:forts': 32,
    '1:mon': 44,
    '1:tpc1': 22,
    '1:tpc2': 50,
    '1:tpc3': 34,
    '1:cvs': 25,
    '1:cmc': 51,
    '1:cvl': 58,
    '2:forts': 25,
    '2:mon': 20,
    '2:tpc1': 41,
    '2:tpc3': 48,
    '2:cvs': 45,
    '2:cmc': 25,
    '2:cvl': 16,
    '3:forts': 30,
    '3:mon': 21,
    '3:cvs': 14,
    '3:cvl': 29,
  };
  const losses: Record<string, Partial<Items>> = {
    '1:cvl': { tbombs: 1, fighters: 2, drones: 3 },
    '2:cvl': { tbombs: 1, fighters: 3, drones: 4 },
  };
  const attrition: Record<string, Partial<Items>> = { '1:cvl': { drones: 1 }, '2:cvl': { tbombs: 1, drones: 1 } };
  const asked: string[] = [];
  return {
    asked,
    volley(max, target, round) {
      const v = volleys[`${round}:${target}`];
      if (v === undefined) throw new Error(`no volley scripted for ${round}:${target}`);
      expect(v, `volley ${round}:${target} within its maximum`).toBeLessThanOrEqual(max);
      asked.push(`${round}:${target}/${max}`);
      return v;
    },
    firstStrike(commandos, bonus, pts) {
      expect([commandos, bonus, pts]).toEqual([8, 0, 0]);
      return 28;
    },
    damageLosses: (s, _n, round) => losses[`${round}:${s.id}`] ?? {},
    attrition: (s, round) => attrition[`${round}:${s.id}`] ?? {},
    percent: () => false,
    between: () => {
      throw new Error('no terrain damage in §10.5');
    },
  };
}

describe('Warlord combat (§10.2–10.5)', () => {
  it('Warlord G51 assessment: CAF 382 (116 + 71 + 195) against CDF 228 (105 + 54 + 3 × 23), 168% ≥ A% 90', () => {
    const b = g51();
    expect(b.attackers.map((s) => modifiedAF(s, b))).toEqual([116, 71, 195]);
    expect(b.site && siteDF(b.site, b)).toBe(105);
    expect(b.defenders.map((s) => modifiedDF(s, b))).toEqual([54, 23, 23, 23]);
    const r = resolveBattle(b, scripted());
    expect(r.assessment.caf).toBe(382);
    expect(r.assessment.cdf).toBe(228);
    expect(Math.floor(r.assessment.ratioPct)).toBe(167); // 382/228 = 167.5%, printed "168%"
  });

  it('Warlord G51 full battle, rule-derived variant: three rounds, the defender holds with 85 forts, 4 fighters and its Weapons Officer', () => {
    const chance = scripted();
    const r = resolveBattle(g51(), chance);
    const [r1, r2, r3] = r.rounds;
    expect(r.rounds).toHaveLength(3);
    // Round 1: 382/5 = 76.4 → 76 per defending unit, 228/3 = 76 per attacking ship.
    expect([r1?.caf, r1?.cdf, r1?.maxA, r1?.maxD]).toEqual([382, 228, 76, 76]);
    const forts1 = r1?.attackerFire.find((v) => v.targetId === 'forts');
    expect([forts1?.firstStrike, forts1?.damage, forts1?.fortsAfter, forts1?.garrisonLost]).toEqual([
      28,
      60,
      140,
      { fighters: 3, pfs: 0 },
    ]);
    const lvl = (rr: typeof r1, id: string) => rr?.attackerFire.concat(rr.defenderFire).find((v) => v.targetId === id);
    expect([lvl(r1, 'mon')?.toShields, lvl(r1, 'mon')?.toInternals, lvl(r1, 'mon')?.level]).toEqual([42, 2, 'L']);
    expect(['tpc1', 'tpc2', 'tpc3'].map((id) => lvl(r1, id)?.level)).toEqual(['L', 'destroyed', 'C']);
    expect([lvl(r1, 'cvs')?.toShields, lvl(r1, 'cvs')?.toInternals]).toEqual([25, 0]);
    expect(lvl(r1, 'cmc')?.level).toBe('C');
    expect(lvl(r1, 'cmc')?.itemsLost).toEqual({ tbombs: 4, commandos: 8 });
    // O-CVL: 58 would leave it heavy or worse, so PFs absorb 6 at a time until it would not:
    // 58 → 52 → 46 → 40; 24 to shields, 16 internals (44%, medium). [The text stops after two PFs
    // and prints 14 internals, which needs SF 32; by its own rule a third PF goes.]
    expect([lvl(r1, 'cvl')?.pfsAbsorbed, lvl(r1, 'cvl')?.toInternals, lvl(r1, 'cvl')?.level]).toEqual([3, 16, 'M']);

    // Round 2: F-CVS 116, F-CMC 25 (−67% + 55% = −12%), O-CVL 31 + 3 PFs 45 + 3 TB 9 + 6 ftr 24 + 12 drones 12 = 121.
    // [Text: 4 PFs, CAF 277.] Defenders: base 35 × 1.3 → 46 + 7 ftr 28 = 74, C-MON 41, T-PC 17, crippled T-PC 10.
    // [Text prints 11 for the crippled T-PC: −67% + 25% = −42% of 18 is 10.44 → 10; CDF 142, text 143.]
    expect([r2?.caf, r2?.cdf, r2?.maxA, r2?.maxD]).toEqual([262, 142, 66, 47]);
    expect(lvl(r2, 'forts')?.fortsAfter).toBe(115);
    expect(lvl(r2, 'forts')?.garrisonLost).toEqual({ fighters: 2, pfs: 0 });
    expect(lvl(r2, 'mon')?.level).toBe('H');
    expect([lvl(r2, 'tpc1')?.level, lvl(r2, 'tpc3')?.level]).toEqual(['destroyed', 'destroyed']);
    expect([lvl(r2, 'cvs')?.toShields, lvl(r2, 'cvs')?.toInternals, lvl(r2, 'cvs')?.level]).toEqual([2, 43, 'C']);
    expect(lvl(r2, 'cmc')?.level).toBe('destroyed');
    // 16 against 16 internals: 2 more would be the limit of medium, so PFs take it: 16 → 10 → 4 → 0.
    expect([lvl(r2, 'cvl')?.pfsAbsorbed, lvl(r2, 'cvl')?.toInternals, lvl(r2, 'cvl')?.level]).toEqual([3, 0, 'M']);

    // Round 3: F-CVS crippled 40 × 0.43 → 17; O-CVL 31 + 1 TB 3 + 3 ftr 12 + 7 drones 7 = 53 → CAF 70.
    // Base 115 → 28.75 → 29 × 1.3 → 38, plus the 5 garrison fighters 20 [the text leaves them out: 72],
    // C-MON heavy 34 → CDF 92.
    expect([r3?.caf, r3?.cdf, r3?.maxA, r3?.maxD]).toEqual([70, 92, 35, 46]);
    expect(['mon', 'cvs', 'cvl'].map((id) => lvl(r3, id)?.level)).toEqual(['destroyed', 'destroyed', 'destroyed']);
    expect(r.outcome).toBe('defender');
    expect(r.site?.fort).toMatchObject({ forts: 85, fighters: 4 });
    expect(r.site?.officers).toEqual(['W']);
    expect(r.crewGains).toEqual([]);
  });

  it('Warlord volley dice: a 35 maximum rolls 3d10 + 1d5, and rolls 7, 8, 2, 5 give 22; 76 is 7d10 + 1d6', () => {
    expect(volleyDice(35)).toEqual([10, 10, 10, 5]);
    expect(volleyDice(76)).toEqual([10, 10, 10, 10, 10, 10, 10, 6]);
    const dice = new SeededDice('00'.repeat(32), 1, [7, 8, 2, 5]);
    expect(diceChance(dice).volley(35, 'x', 1)).toBe(22);
    expect(dice.records.map((d) => d.sides)).toEqual([10, 10, 10, 5]);
  });

  it('Warlord assessment threshold (§10.3, A%): a fleet below A% × CDF bounces and nothing is rolled', () => {
    const b = g51();
    b.aPct = 150;
    b.defenders.push(
      ...[4, 5, 6, 7, 8, 9].map((n) =>
        combatShip({ id: `x${n}`, label: 'T-PC', race: 'T', baseAF: 14, baseDF: 18, sf: 18, hp: 16 }),
      ),
    );
    const chance = scripted();
    const r = resolveBattle(b, chance);
    expect(r.outcome).toBe('bounce');
    expect(r.assessment.cdf).toBe(228 + 6 * 23);
    expect(chance.asked).toEqual([]);
  });

  it('Warlord decoys (§8.6): a decoy reads DF 25 in the assessment, takes fire as one unit and dies in round 1', () => {
    const decoy = combatShip({ id: 'dc', label: 'C-DC', race: 'C', baseAF: 0, baseDF: 0, sf: 0, hp: 0, decoy: true });
    const pc = combatShip({ id: 'pc', label: 'T-PC', race: 'T', baseAF: 14, baseDF: 18, sf: 18, hp: 16 });
    const ca = combatShip({ id: 'ca', label: 'F-CA', race: 'F', baseAF: 48, baseDF: 42, sf: 36, hp: 46 });
    const b: BattleInput = { ...g51(), attackers: [ca], defenders: [pc, decoy], site: null, point: 'ES', area: 'ES' };
    const dice = new SeededDice('11'.repeat(32), 7);
    const r = resolveBattle(b, diceChance(dice));
    expect(r.assessment.cdf).toBe(18 + 25);
    expect(r.rounds[0]?.maxA).toBe(24); // 48 / 2 units
    expect(r.rounds[0]?.attackerFire.find((v) => v.targetId === 'dc')?.level).toBe('destroyed');
    expect(r.rounds[1]?.attackerFire.some((v) => v.targetId === 'dc') ?? false).toBe(false);
  });

  it('Warlord mutual destruction (§10.4): when both sides are wiped out at a site, the defender keeps it', () => {
    const pc = combatShip({ id: 'a', label: 'F-PC', race: 'F', baseAF: 20, baseDF: 18, sf: 0, hp: 1 });
    const b: BattleInput = {
      ...g51(),
      attackers: [pc],
      defenders: [],
      site: { kind: 'PL', fort: fortification(10), officers: [], passive: false, attackerHasListeningPost: false },
      point: 'PL',
      area: 'ES',
    };
    const chance: CombatChance = { ...scripted(), volley: (_m, t) => (t === 'forts' ? 10 : 5), firstStrike: () => 0 };
    const r = resolveBattle(b, chance);
    expect(r.site?.fort.forts).toBe(0);
    expect(r.attackers[0] && r.attackers[0].internals > r.attackers[0].hp).toBe(true);
    expect(r.outcome).toBe('defender');
  });

  it('Warlord crew gains (§10.4): surviving attackers gain +1 crew at 33% (25% against forts only, 10% from 8 to 9, 50% with a Prime Team)', () => {
    const asked: [string, number][] = [];
    const chance: CombatChance = {
      ...scripted(),
      volley: (_m, t) => (t.startsWith('a') ? 1 : 99),
      firstStrike: () => 0,
      percent: (p, purpose) => {
        asked.push([purpose, p]);
        return true;
      },
    };
    const attackers = [
      combatShip({ id: 'a3', label: 'K-D7', race: 'K', baseAF: 50, baseDF: 40, sf: 40, hp: 46 }),
      combatShip({ id: 'a8', label: 'K-D7', race: 'K', baseAF: 50, baseDF: 40, sf: 40, hp: 46, crew: 8 }),
      combatShip({ id: 'apt', label: 'K-D7', race: 'K', baseAF: 50, baseDF: 40, sf: 40, hp: 46, primeTeam: true }),
    ];
    const base: BattleInput = { ...g51(), attackers, site: null, point: 'ES', area: 'ES' };
    const vsShips = resolveBattle(
      {
        ...base,
        defenders: [combatShip({ id: 'd', label: 'T-PC', race: 'T', baseAF: 14, baseDF: 18, sf: 18, hp: 16 })],
      },
      chance,
    );
    expect(vsShips.outcome).toBe('attacker');
    expect(asked.filter(([p]) => p.startsWith('warlord crew gain'))).toEqual([
      ['warlord crew gain a3', 33],
      ['warlord crew gain a8', 10],
      ['warlord crew gain apt', 50],
    ]);
    expect(vsShips.attackers.map((x) => x.crew)).toEqual([4, 9, 4]);
    asked.length = 0;
    const vsForts = resolveBattle(
      {
        ...base,
        defenders: [],
        site: { kind: 'PL', fort: fortification(40), officers: [], passive: false, attackerHasListeningPost: false },
        point: 'PL',
      },
      chance,
    );
    expect(vsForts.outcome).toBe('attacker');
    expect(asked.filter(([p]) => p.startsWith('warlord crew gain')).map(([, p]) => p)).toEqual([25, 10, 50]);
  });
});
