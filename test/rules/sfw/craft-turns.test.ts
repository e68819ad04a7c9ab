import { describe, expect, it } from 'vitest';
import { RuleViolation } from '../../../src/rules/errors.ts';
import {
  buildMaatacFortress,
  capTacTurn,
  checkMaatacMadMove,
  checkMaatacTarget,
  checkPowerAllocation,
  craftTurn,
  EXAMPLE_SHIPS,
  findCraft,
  type MaatacLayout,
} from '../../../src/rules/sfw/index.ts';

function codeOf(f: () => unknown): string {
  try {
    f();
  } catch (err) {
    if (err instanceof RuleViolation) return err.error.code;
    throw err;
  }
  return 'no refusal';
}

const STING = findCraft('starbomber', 'Sting');

describe('SFW Starbombers: the supplement’s example of play, turn by turn (digest C.3 S17–S21)', () => {
  it('S17 turn 1: each Sting fires its 4 light lasers at starfighters 12" off and launches 4 particle weapons; 2 hits on the Pirahna do 20 PU', () => {
    const first = craftTurn({
      craft: STING,
      speed: 3,
      laserShots: 4,
      laserRange: 12,
      laserTarget: 'SF',
      pwLaunched: 4,
      pwHits: 1,
      targetPU: EXAMPLE_SHIPS.PIRAHNA.maxPU,
    });
    const second = craftTurn({
      craft: STING,
      speed: 3,
      laserShots: 4,
      laserRange: 12,
      laserTarget: 'SF',
      pwLaunched: 4,
      pwHits: 1,
      targetPU: 30,
      targetDamage: first.target!.damage,
    });
    expect([first.reloadsAfter, second.reloadsAfter]).toEqual([6, 6]);
    expect(second.target).toEqual({ pu: 30, damage: 20, disabled: false });
  });

  it('S17 the Pirahna’s particle-weapon hit destroys one Sting; its CIDS hits twice on the other, not enough', () => {
    expect(craftTurn({ craft: STING, hitsTaken: { heavy: 1, light: 0 } }).destroyed).toBe(true);
    const other = craftTurn({ craft: STING, hitsTaken: { heavy: 0, light: 2 } });
    expect([other.destroyed, other.lightHitsLeft]).toEqual([false, 2]);
  });

  it('S18 turn 2: the Pirahna with 10 PU left buys speed 2, OF 2 and DF 1 (9 PU) and cannot reload', () => {
    const a = checkPowerAllocation(EXAMPLE_SHIPS.PIRAHNA, 20, { speed: 2, of: 2, df: 1 });
    expect([a.used, a.available, a.left, a.legal]).toEqual([9, 10, 1, true]);
  });

  it('S19, S20 turn 2: the Sting at speed 5 fires 4 more particle weapons (2 reloads left), 1 hit disables the Pirahna at 30 PU; 2 more laser hits make 4 and destroy the Sting', () => {
    const t2 = craftTurn({
      craft: STING,
      speed: 5,
      laserShots: 4,
      laserRange: 8,
      laserTarget: 'SF',
      pwLaunched: 4,
      reloadsBefore: 6,
      pwHits: 1,
      targetPU: 30,
      targetDamage: 20,
      hitsTaken: { heavy: 0, light: 4 },
    });
    expect(t2.reloadsAfter).toBe(2);
    expect(t2.target).toEqual({ pu: 30, damage: 30, disabled: true });
    expect(t2.destroyed).toBe(true);
  });

  it('S21 the Wahoos (starfighters) were fair light-laser targets both turns, at 12" and at 8"', () => {
    for (const laserRange of [12, 8])
      expect(craftTurn({ craft: STING, laserShots: 4, laserRange, laserTarget: 'SF' }).laserShots).toBe(4);
  });

  it('SFW Starbombers: light lasers never at destroyer size or larger, never past 12", one shot per factor; speed at most 5', () => {
    expect(codeOf(() => craftTurn({ craft: STING, laserShots: 1, laserTarget: 'SD' }))).toBe('sfw/laser-target');
    expect(codeOf(() => craftTurn({ craft: STING, laserShots: 1, laserRange: 13 }))).toBe('sfw/laser-range');
    expect(codeOf(() => craftTurn({ craft: STING, laserShots: 5 }))).toBe('sfw/too-many-lasers');
    expect(codeOf(() => craftTurn({ craft: STING, speed: 6 }))).toBe('sfw/craft-speed');
    expect(codeOf(() => craftTurn({ craft: STING, pwLaunched: 4, reloadsBefore: 2 }))).toBe('sfw/no-reloads');
    expect(codeOf(() => craftTurn({ craft: findCraft('starbomber', 'SB80'), pwLaunched: 1 }))).toBe(
      'sfw/reloads-unknown',
    );
  });

  it('SFW Star Armored Pursuit Ships: no particle weapons; one OF hit or four light hits destroy one', () => {
    const louse = findCraft('saps', 'saps20');
    expect([louse.name, louse.lightLasers]).toEqual(['Louse', 11]);
    expect(craftTurn({ craft: louse, laserShots: 11, laserTarget: 'SB' }).laserShots).toBe(11);
    expect(codeOf(() => craftTurn({ craft: louse, pwLaunched: 1 }))).toBe('sfw/too-many-pw');
    expect(craftTurn({ craft: louse, hitsTaken: { heavy: 0, light: 3 } }).destroyed).toBe(false);
    expect(codeOf(() => findCraft('saps', 'Sting'))).toBe('sfw/no-craft');
  });
});

describe('SFW CapTacs', () => {
  it('SFW CapTacs: two hits on an undamaged GD (240 PU) do 80 PU and call for two Special Damage rolls (DS7)', () => {
    const r = capTacTurn({ towed: 2, towSpeed: 2, range: 18, hits: 2, targetPU: 240 });
    expect(r.problems).toEqual([]);
    expect(r.target).toEqual({ pu: 240, damage: 80, disabled: false, specialDamageRolls: 2 });
  });

  it('SFW CapTacs: one tractor tows at most 2, at speed 2 or less; range 18"; drifting ones activated within 30"', () => {
    expect(capTacTurn({ towed: 3, towSpeed: 3, range: 19, activateFrom: 31 }).problems).toHaveLength(4);
  });

  it('SFW CapTacs DS6: each CapTac shot down in tow does 25 PU to the towing ship', () => {
    const r = capTacTurn({ towed: 2, towSpeed: 1, shotDownInTow: 2, towerPU: 30 });
    expect(r.survivingInTow).toBe(0);
    expect(r.tower).toEqual({ pu: 30, damage: 30, disabled: true });
  });
});

describe('SFW Fortresses in MAATAC', () => {
  const layout: MaatacLayout = {
    modules: [
      { id: 'L1', type: 'LSS' },
      { id: 'C1', type: 'CM' },
      { id: 'W1', type: 'WP' },
      { id: 'S1', type: 'SAWS' },
      { id: 'M1', type: 'MAD', on: 'W1' },
    ],
    behind: [
      ['L1', 'W1'],
      ['C1', 'W1'],
    ],
    adjacent: [
      ['W1', 'L1'],
      ['W1', 'S1'],
    ],
  };

  it('MAATAC hull-down: LSS and CM behind a WP cannot be named until the WP is destroyed; a MAD on top always can', () => {
    const f = buildMaatacFortress(layout);
    expect(f.targetable).toEqual(['W1', 'S1', 'M1']);
    expect(codeOf(() => checkMaatacTarget(f, 'L1'))).toBe('sfw/hull-down');
    const open = buildMaatacFortress({
      ...layout,
      modules: layout.modules.map((m) => (m.id === 'W1' ? { ...m, destroyed: true } : m)),
    });
    expect(open.targetable).toEqual(['L1', 'C1', 'S1']);
    // The MAD on the destroyed WP went with it.
    expect(open.modules.find((m) => m.id === 'M1')).toMatchObject({ destroyed: true, destroyedWith: 'W1' });
  });

  it('MAATAC: MAWS and SAWS hide nothing', () => {
    expect(codeOf(() => buildMaatacFortress({ ...layout, behind: [['L1', 'S1']] }))).toBe('sfw/hull-down');
  });

  it('MAATAC: no LSS standing, no weapon fires; no CM, 1 off every firing roll', () => {
    const f = buildMaatacFortress(layout);
    expect([f.canFire, f.firingModifier]).toEqual([true, 0]);
    expect(f.weapons).toEqual({ heavy: 0, medium: 8, light: 8, pwLaunchers: 8, rob: 32 });
    const hurt = buildMaatacFortress({
      ...layout,
      modules: layout.modules.map((m) => (m.id === 'L1' || m.id === 'C1' ? { ...m, destroyed: true } : m)),
    });
    expect([hurt.canFire, hurt.firingModifier]).toEqual([false, -1]);
  });

  it('MAATAC: a MAD moves to an adjacent module, never once it has lost its mobility; at most 5 IUs and RAATACs a module', () => {
    const f = buildMaatacFortress(layout);
    expect(codeOf(() => checkMaatacMadMove(f, 'M1', 'S1'))).toBe('no refusal');
    expect(codeOf(() => checkMaatacMadMove(f, 'M1', 'C1'))).toBe('sfw/mad-move');
    const stuck = buildMaatacFortress({
      ...layout,
      modules: layout.modules.map((m) => (m.id === 'M1' ? { ...m, immobile: true } : m)),
    });
    expect(codeOf(() => checkMaatacMadMove(stuck, 'M1', 'S1'))).toBe('sfw/mad-immobile');
    expect(codeOf(() => buildMaatacFortress({ modules: [{ id: 'L1', type: 'LSS', garrison: 6 }] }))).toBe(
      'sfw/garrison',
    );
  });
});
