import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { LineResult } from '../../src/playground/playground.ts';
import { playLines, ROOT } from '../helpers/playground.ts';

async function run(): Promise<LineResult[]> {
  const { results, cleanup } = await playLines(readFileSync(join(ROOT, 'examples/09-aids.txt'), 'utf8').split('\n'));
  afterAll(cleanup);
  return results;
}

/** What everyone in the channel saw for a line: a public reply and every public post. */
function publicText(r: LineResult): string {
  return [r.ephemeral ? '' : r.content, ...r.posts.map((p) => p.content)].join('\n');
}

describe("examples/09-aids.txt: 'n3D terrain, mines and launches, and the Starfleet Wars small craft and MAATAC fortress, through Discord", async () => {
  const results = await run();
  const line = (start: string, nth = 0) => {
    const r = results.filter((x) => x.input.startsWith(start))[nth];
    if (!r) throw new Error(`no line ${start} #${nth}`);
    return r;
  };

  it('only the illegal commands are refused, each ephemerally with its rule', () => {
    const refused = results.filter((r) => r.user && !r.ok);
    expect(
      refused.map((r) => `${r.input.split(' ').slice(0, 3).join(' ')} ${r.content.match(/Rule (.+?) ·/)?.[1]}`),
    ).toEqual([
      '@alice /battle volunteer UTD5.431',
      '@carol /battle fleet UTD5.465',
      '@alice /n3d body P2.1',
      '@alice /n3d launch F1.24',
      '@carol /sfw starbomber SFW Starbombers and SAPS',
      '@carol /sfw maatac SFW Fortresses in MAATAC',
      '@carol /sfw maatac SFW Fortresses in MAATAC',
    ]);
    expect(refused.every((r) => r.ephemeral)).toBe(true);
  });

  it('P2.1 /n3d setup places the battle card’s class M planet at its hex (2729), a sphere with an atmosphere under 0.2 hex', () => {
    expect(line('@carol /n3d setup').content).toContain('terrain from the battle card (P2.1, P3.11)');
    expect(line('@carol /n3d setup').content).toContain(
      '🪐 **T-planet** Class-M planet (class-m-planet) at (-29, 0, -23.3847), radius 0.15, atmosphere 0.1999',
    );
  });

  it('P2.1 the line of sight through the planet is blocked; beside it, it is not', () => {
    expect(line('@alice /n3d arcs battle:K40 shooter:S32').content).toContain(
      'The line of sight passes through T-planet',
    );
    expect(line('@alice /n3d arcs battle:K40 shooter:S33').content).not.toContain('T-planet');
  });

  it('P2.1 /n3d body places a moon; a class M atmosphere of 0.2 hex is refused', () => {
    expect(line('@alice /n3d body battle:K40 id:moon1').content).toContain(
      '**moon1** moon1 (small-moon) at (-32, 0, -30), radius 0.1',
    );
    expect(line('@alice /n3d body battle:K40 id:bad').content).toContain('must be less than 0.2 hex');
    const corrected = line('@alice /n3d body battle:K40 id:T-planet').content;
    expect(corrected).toContain('**T-planet** changed (P2.1).');
    expect(corrected).toContain(
      '**T-planet** Class-M planet (class-m-planet) at (-29, 0, -23.3847), radius 0.18, atmosphere 0.19, ring 1–2',
    );
  });

  it('P2.1 /n3d render draws the engagement with its bodies as a PNG', () => {
    const r = line('@bob /n3d render');
    expect(r.ok).toBe(true);
    expect(r.files.map((f) => f.split('.').pop())).toEqual(['png']);
  });

  it('M2.40 a mine is laid in secret: its layer alone sees it, the channel sees nothing of it', () => {
    const lay = line('@carol /n3d lay');
    expect(lay.ephemeral).toBe(true);
    expect(lay.posts).toEqual([]);
    expect(line('@carol /n3d mine').content).toContain(
      'mine **M1** at (-25, 0, -13.4): strength 10, detects at 0.5 hex',
    );
    const seen = results
      .slice(results.indexOf(lay), results.indexOf(line('@alice /n3d impulse')))
      .map(publicText)
      .join('\n');
    expect(seen).not.toContain('M1');
    expect(seen).not.toContain('mine');
  });

  it('M2.40, M2.50 the mine goes off on impulse 8, when S32 at speed 8 moves on the chart inside its 0.5 hex: 10 ÷ 0.4085² = 59', () => {
    expect(line('@alice /n3d impulse').content).toContain(
      '💣 impulse 8: a mine of strength 10 goes off, set off by S32 (M2.40; strength ÷ distance², M2.50, D5.2): S32 **59** (0.4085 hexes), S33 **1** (3.0277 hexes).',
    );
  });

  it('FP3.1 an RA tube places the torpedo backwards (refused, F1.24); an FA tube with the firer’s facing, and it pursues and impacts', () => {
    expect(line('@alice /n3d launch battle:K40 launcher:S33 target:N41 id:PL1 speed:32 mount:RA').content).toContain(
      'Placed as its launcher places it (FP3.1)',
    );
    expect(line('@alice /n3d launch battle:K40 launcher:S33 target:N41 id:PL1 speed:32 mount:FA').content).toContain(
      '**PL1** PL1 · @alice · at (-22, 0, -12.9915) · facing 0/-120/0',
    );
    expect(line('@carol /n3d impulse').content).toContain('💥 PL1 impulse 11: impacts N41');
  });

  it('F4 a ballistic drone flies straight at where S33 was and strikes it', () => {
    expect(line('@carol /n3d launch').content).toContain('launched ballistic toward where S33 is');
    expect(line('@carol /n3d impulse').content).toContain(
      '💥 DR1 impulse 13: flying ballistic, strikes S33, the nearest unit within one hex (0.3324 hexes, F4, F2.3)',
    );
  });

  it('SFW Starbombers example of play (S17–S20): reloads 10 → 6 → 2, the Pirahna 20 then 30 PU (disabled), the Sting destroyed by 4 light hits', () => {
    expect(line('@carol /sfw starbomber', 1).content).toContain('The target ship: 20 of 30 PU of damage');
    expect(line('@carol /sfw starbomber', 1).content).toContain('**destroyed**');
    expect(line('@carol /sfw power').content).toContain('= **9** PU of 10 available');
    const t2 = line('@carol /sfw starbomber', 2).content;
    expect(t2).toContain('4 particle weapons launched: 2 left aboard.');
    expect(t2).toContain('30 of 30 PU of damage (10 PU a particle-weapon hit) — **disabled, its crew dead**');
    expect(t2).toContain('4 CIDS or light-laser hits, it is **destroyed**');
    expect(line('@carol /sfw starbomber', 3).content).toContain('may not fire at a SD');
    expect(line('@carol /sfw saps').content).toContain('1 more CIDS or light-laser hit');
  });

  it('SFW CapTacs: 40 PU a hit with a Special Damage roll each; tow limits; 25 PU to the tower per CapTac lost in tow', () => {
    expect(line('@carol /sfw captac', 0).content).toContain(
      '80 of 240 PU of damage (40 PU a hit); 2 Special Damage rolls due',
    );
    const bad = line('@carol /sfw captac', 1).content;
    expect(bad).toContain('One tractor beam tows at most 2 CapTacs (asked 3).');
    expect(bad).toContain('25 of 120 PU of damage');
  });

  it('SFW Fortresses in MAATAC: the LSS hull-down behind the WP cannot be named until the WP falls; the MAD dies with it; no CM −1', () => {
    expect(line('@carol /sfw maatac', 0).content).toContain('L1 is hull-down behind W1');
    const after = line('@carol /sfw maatac', 1).content;
    expect(after).toContain('no CM standing: -1 on its firing rolls');
    expect(after).toContain('M1 Mobile Armed Destroyer: armor C, speed 2, on W1 — destroyed with W1');
    expect(after).toContain('An attacker may name: L1, S1.');
    expect(line('@carol /sfw maatac', 2).content).toContain('🚜 M1 may move onto S1.');
    expect(line('@carol /sfw maatac', 2).content).toContain('L1 Life Support System: armor A, 5 IU/RAATAC');
    expect(line('@carol /sfw maatac', 3).content).toContain('has lost its mobility factor');
  });
});
