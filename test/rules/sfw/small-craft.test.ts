import { describe, expect, it } from 'vitest';
import { RuleViolation } from '../../../src/rules/errors.ts';
import { checkPowerAllocation } from '../../../src/rules/sfw/power.ts';
import { EXAMPLE_SHIPS } from '../../../src/rules/sfw/ship.ts';
import { newShipState } from '../../../src/rules/sfw/ship-state.ts';
import {
  addHits,
  capTacHit,
  capTacLostInTow,
  checkCapTacTow,
  craftDestroyed,
  launchParticleWeapons,
  particleWeaponHits,
  STARBOMBERS,
} from '../../../src/rules/sfw/small-craft.ts';
import { specialDamageRequired } from '../../../src/rules/sfw/special-damage.ts';

const STING = STARBOMBERS.find((s) => s.name === 'STING')!;

describe('SFW starbombers, SAPS and CapTacs (digest C.2.4–C.2.5, C.3)', () => {
  it('S17 turn 1: two particle-weapon hits on the Pirahna do 20 PU', () => {
    const pirahna = particleWeaponHits(newShipState(EXAMPLE_SHIPS.PIRAHNA.maxPU), 2);
    expect(pirahna.damage).toBe(20);
  });

  it('S19 turn 2: one more hit makes 30, the Pirahna is disabled; the Sting has 10 − 4 − 4 = 2 reloads left', () => {
    const pirahna = particleWeaponHits(particleWeaponHits(newShipState(30), 2), 1);
    expect(pirahna.damage).toBe(30);
    expect(checkPowerAllocation(EXAMPLE_SHIPS.PIRAHNA, pirahna.damage, { speed: 0, of: 0, df: 0 }).disabled).toBe(true);
    let reloads = launchParticleWeapons(STING, STING.reloads!, 4);
    reloads = launchParticleWeapons(STING, reloads, 4);
    expect(reloads).toBe(2);
  });

  it('a starbomber launches no more than its particle factors a turn, nor more than it carries', () => {
    expect(() => launchParticleWeapons(STING, 10, 5)).toThrow(/at most 4 particle weapons/);
    expect(() => launchParticleWeapons(STING, 2, 3)).toThrow(RuleViolation);
  });

  it('S20 the Sting hit by 2 CIDS on turn 1 and 2 starfighter lasers on turn 2 has taken 4 hits and is destroyed', () => {
    const turn1 = addHits({ heavy: 0, light: 0 }, { light: 2 });
    expect(craftDestroyed(turn1)).toBe(false);
    expect(craftDestroyed(addHits(turn1, { light: 2 }))).toBe(true);
  });

  it('S17 one particle-weapon hit destroys a starbomber outright', () => {
    expect(craftDestroyed({ heavy: 1, light: 0 })).toBe(true);
    expect(craftDestroyed({ heavy: 0, light: 3 })).toBe(false);
  });

  it('DS7 a CapTac hit on an undamaged GD does 40 PU and forces a special-damage roll although 40/240 is under 20%', () => {
    const hit = capTacHit(newShipState(240));
    expect(hit.state.damage).toBe(40);
    expect(hit.specialDamageRoll).toBe(true);
    expect(specialDamageRequired(240, 40)).toBe(false);
  });

  it('DS6 a CapTac shot down in tow does 25 PU to the towing ship', () => {
    expect(capTacLostInTow(newShipState(120)).damage).toBe(25);
  });

  it('a ship tows at most 2 CapTacs on its one tractor, at speed 2 or less', () => {
    expect(checkCapTacTow(2, 2)).toEqual([]);
    expect(checkCapTacTow(3, 2)).toHaveLength(1);
    expect(checkCapTacTow(1, 3)).toHaveLength(1);
  });
});
