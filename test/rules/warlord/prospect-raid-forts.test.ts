import { describe, expect, it } from 'vitest';
import { each } from '../../../src/rules/warlord/economy.ts';
import {
  damageForts,
  fortDF,
  fortification,
  fortify,
  garrisonCapacity,
  tierStatus,
} from '../../../src/rules/warlord/forts.ts';
import { prospectYield } from '../../../src/rules/warlord/prospect.ts';
import { addBombardment, raidAF, raidBarred, raidSucceeds } from '../../../src/rules/warlord/raid.ts';

const never = () => {
  throw new Error('no tie expected');
};

describe('Warlord prospecting (§4.9, §7.6)', () => {
  it('Warlord G19 Jindarian prospecting: crew 5 on an asteroid field of 100 yields 120 plus 40 OR (33% of 120 = 39.6)', () => {
    const y = prospectYield(
      {
        baseValue: 100,
        crew: 5,
        surveyBonus: false,
        notification: false,
        jindarianInAsteroids: true,
        supernova: false,
      },
      each(0),
      never,
    );
    expect(y.ep).toBe(120);
    expect(y.extra).toEqual({ PE: 0, OR: 40, DC: 0, FP: 0 });
  });

  it('Warlord G20 notification prospecting: crew 8 on 100 yields 175 EP plus 10 DC when DC is lowest; ties go to the die', () => {
    const y = prospectYield(
      {
        baseValue: 100,
        crew: 8,
        surveyBonus: false,
        notification: true,
        jindarianInAsteroids: false,
        supernova: false,
      },
      { PE: 50, OR: 60, DC: 10, FP: 40 },
      never,
    );
    expect([y.ep, y.extra.DC, y.total.DC]).toEqual([175, 10, 185]);
    const tied = prospectYield(
      {
        baseValue: 100,
        crew: 8,
        surveyBonus: false,
        notification: true,
        jindarianInAsteroids: false,
        supernova: false,
      },
      each(5),
      (t) => {
        expect(t).toEqual(['PE', 'OR', 'DC', 'FP']);
        return 'FP';
      },
    );
    expect(tied.extra.FP).toBe(10);
  });

  it('Warlord G21 supernova prospecting: always exactly 100, whatever the crew or survey bonuses', () => {
    const y = prospectYield(
      { baseValue: 250, crew: 9, surveyBonus: true, notification: true, jindarianInAsteroids: false, supernova: true },
      each(0),
      never,
    );
    expect(y.total).toEqual(each(100));
  });
});

describe('Warlord raids and bombardment (§4.9, §7.8)', () => {
  it('Warlord G22 bombardment devastation: three ships of 20 against an unfortified site devastate it on the third (overkill 60 ≥ 50)', () => {
    let t = { fort: fortification(0), overkill: 0, devastated: false };
    const seen: boolean[] = [];
    for (let i = 0; i < 3; i++) {
      t = addBombardment(t, 20);
      seen.push(t.devastated);
    }
    expect(seen).toEqual([false, false, true]);
    // Against 40 forts, 60 + 30 hits leave overkill 50 only at the end.
    let f = { fort: fortification(40), overkill: 0, devastated: false };
    f = addBombardment(f, 60);
    expect([f.fort.forts, f.overkill, f.devastated]).toEqual([0, 20, false]);
    f = addBombardment(f, 30);
    expect(f.devastated).toBe(true);
  });

  it('Warlord raid success: raid AF × (1 ± 25%) must be above the fortification DF; commandos count double; barred when crippled, crew < 2, speed ≤ 3 or already raided', () => {
    const af = raidAF({
      baseAF: 40,
      crew: 3,
      race: 'O',
      troop: false,
      penal: false,
      weaponsOfficer: false,
      itemsAF: 10,
      commandos: 2,
    });
    expect(af).toBe(50 + 10 + 4);
    expect(raidSucceeds(af, -25, 48)).toBe(false); // 48 is not above 48
    expect(raidSucceeds(af, -25, 47)).toBe(true);
    expect(raidBarred({ crippled: false, crew: 3, speed: 3, alreadyRaided: false })).toContain('speed 4');
    expect(raidBarred({ crippled: false, crew: 3, speed: 4, alreadyRaided: true })).toContain('already');
    expect(raidBarred({ crippled: false, crew: 2, speed: 5, alreadyRaided: false })).toBeNull();
  });
});

describe('Warlord forts and garrisons (§9.4, §10.4)', () => {
  it('Warlord G31 garrison capacity: a 600 Starbase holds 30 fighters and 12 PFs; 300 forts hold 6 PFs', () => {
    expect(garrisonCapacity(600)).toEqual({ fighters: 30, pfs: 12 });
    expect(garrisonCapacity(300).pfs).toBe(6);
  });

  it('Warlord G32 garrison loss: 10 fighters at a 200 Base Station knocked to 150 forts lose 3', () => {
    const d = damageForts(fortification(200, 10), 50);
    expect([d.after.forts, d.after.fighters, d.fightersLost]).toEqual([150, 7, 3]);
    expect(tierStatus(d.after)).toBe('damaged base');
  });

  it('Warlord G33 garrison loss in battle: a 300 Battle Station with 15 fighters and 6 PFs hit for 75 keeps 11 and 4', () => {
    const d = damageForts(fortification(300, 15, 6), 75);
    expect([d.after.forts, tierStatus(d.after), d.fightersLost, d.pfsLost]).toEqual([225, 'BS', 4, 2]);
  });

  it('Warlord G34 fortification DF: 600 forts give DF 150; a 300 Battle Station hit for 60 is a 240 Base Station with DF 75 → 60', () => {
    expect(fortDF(600, 0)).toBe(150);
    const d = damageForts(fortification(300), 60);
    expect([fortDF(300, 0), d.after.forts, tierStatus(d.after), fortDF(d.after.forts, 0)]).toEqual([75, 240, 'BS', 60]);
    // Rounding order (§10.5): 115 forts with +30% is 38 rounding first, 37 rounding once.
    expect([fortDF(115, 30, true), fortDF(115, 30, false)]).toEqual([38, 37]);
  });

  it('Warlord G35 tier demotion: a 700 Starbase hit by 150 is a 550 Battle Station until refortified to 600', () => {
    const d = damageForts(fortification(700), 150);
    expect([d.after.forts, tierStatus(d.after)]).toEqual([550, 'BATS']);
    expect(tierStatus(fortify(d.after, 50))).toBe('SB');
    // A Lyran attacker strips base status below 200 (§2.12).
    expect(tierStatus(damageForts(fortification(200), 50, true).after)).toBe('defsats');
  });
});
