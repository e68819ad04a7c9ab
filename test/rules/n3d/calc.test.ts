import { describe, expect, it } from 'vitest';
import { RuleViolation } from '../../../src/rules/errors.ts';
import {
  calcArc,
  calcExplosion,
  calcOrbit,
  calcTurnMode,
  calcWeb,
  parseFacing,
  parsePoint,
} from '../../../src/rules/n3d/index.ts';

/** The `/calc` answers: the numbers in the text are the rule results. */
function code(fn: () => unknown): string {
  try {
    fn();
  } catch (err) {
    if (err instanceof RuleViolation) return `${err.error.code} ${err.error.rule}`;
    throw err;
  }
  return 'no refusal';
}

describe('/calc answers', () => {
  it('explosion: D5.2 strength 10 at 0.5 hex → 40; in a web (G10.72) → 20', () => {
    expect(calcExplosion({ strength: 10, distance: '0.5' }).lines[0]).toContain('**40** damage');
    const web = calcExplosion({ strength: 10, distance: '0.5', inWeb: true });
    expect(web.lines.join('\n')).toContain('10 − 5');
    expect(web.lines.join('\n')).toContain('**20** damage');
    expect(code(() => calcExplosion({ strength: 10, distance: 'near' }))).toBe('n3d/bad-number D5.2');
  });

  it('turnmode: class D at 16 → 6.12°; with warp TAC the limit is 7.5°; multi-hex shows both readings', () => {
    expect(calcTurnMode({ mode: 'D', speed: '16' }).lines[0]).toContain('**6.12°**');
    expect(calcTurnMode({ mode: 'D', speed: '16', tac: 'warp' }).lines.join('\n')).toContain('the limit is **7.5°**');
    const mh = calcTurnMode({ mode: 'multi-hex', speed: '16', hexes: 1 }).lines.join('\n');
    expect(mh).toContain('**15°**');
    expect(mh).toContain('would give 60°');
    expect(code(() => calcTurnMode({ mode: 'multi-hex', speed: '16' }))).toBe('n3d/bad-turn-mode C3.31');
  });

  it('arc: DN5 target (1, 0, −1) from a level ship is range 1, bearing 45, in RF not R', () => {
    const a = calcArc({ shooter: '0,0,0', facing: '0 0 0', target: '1, 0, -1' });
    const text = a.lines.join('\n');
    expect(text).toContain('range **1**');
    expect(text).toContain('Bearing 45°');
    expect(a.lines[2]).toMatch(/Yaw arcs: .*\bRF\b/);
    expect(a.lines[2]).not.toMatch(/\bR\b/); // RF, RS, RH are other words
    expect(code(() => calcArc({ shooter: '0,0', facing: '0,0,0', target: '1,0,0' }))).toBe('n3d/bad-point C1.12');
  });

  it('orbit: DN12 1.7905° at 1 hex, the printed formula ten times faster; beyond 3 hexes warns', () => {
    const o = calcOrbit({ distance: '1' }).lines.join('\n');
    expect(o).toContain('**1.7905°**');
    expect(o).toContain('17.6715°');
    expect(calcOrbit({ distance: '3.5' }).lines[2]).toContain('only be established within 3 hexes');
  });

  it('web: G10.211 1 → 2 hexes costs 6; traditional strength 10 → 35 (cap)', () => {
    const w = calcWeb({ length: '2', from: '1', traditionalStrength: '10' }).lines.join('\n');
    expect(w).toContain('costs **6** energy');
    expect(w).toContain('strength **35**');
    expect(calcWeb({ length: '1.1' }).lines[0]).toContain('**6.6**');
    expect(code(() => calcWeb({ length: '1', from: '2' }))).toBe('n3d/web-length G10.211');
  });

  it('points and facings parse exactly in hexes and degrees', () => {
    expect(parsePoint('1.25, -0.0001 3', 'p')).toEqual({ x: 12_500, y: -1, z: 30_000 });
    expect(parseFacing('0, -90, 180', 'f')).toEqual({ pitch: 0, yaw: 2_700_000, roll: 1_800_000 });
    expect(code(() => parseFacing('a,b,c', 'f'))).toBe('n3d/bad-facing C1.21');
  });
});
