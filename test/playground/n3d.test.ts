import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { facingTowardCentre, parsePlot, placementHexes, setupEngagement } from '../../src/app/n3d.ts';
import type { LineResult } from '../../src/playground/playground.ts';
import { RuleViolation } from '../../src/rules/errors.ts';
import { COLUMN_SPACING_KM } from '../../src/rules/n3d/index.ts';
import { verifySecretRoll } from '../../src/rules/sfw/index.ts';
import { replay, type Battle, type CampaignState, type StoredEvent } from '../../src/rules/thunderdome/index.ts';
import type { UnitCatalog, UnitInfo } from '../../src/rules/thunderdome/units.ts';
import { playLines, ROOT } from '../helpers/playground.ts';

async function run(): Promise<LineResult[]> {
  const { results, cleanup } = await playLines(readFileSync(join(ROOT, 'examples/04-n3d.txt'), 'utf8').split('\n'));
  afterAll(cleanup);
  return results;
}

/** What everyone in the channel saw for a line: a public reply and every public post. */
function publicText(r: LineResult): string {
  return [r.ephemeral ? '' : r.content, ...r.posts.map((p) => p.content)].join('\n');
}

/** A unit's line in the public engagement text: "at (x, y, z) · facing p/y/r · speed s". */
function unitState(text: string, id: string): { pos: string; facing: string; speed: string } {
  const m = new RegExp(`\\*\\*${id}\\*\\* [^\\n]*? at \\(([^)]*)\\) · facing (\\S+) · speed (\\S+)`).exec(text);
  if (!m) throw new Error(`no line for ${id} in:\n${text}`);
  return { pos: m[1]!, facing: m[2]!, speed: m[3]! };
}

describe("examples/04-n3d.txt: an 'n3D engagement and a secret roll in a battle between players, through Discord", async () => {
  const results = await run();
  const line = (start: string) => {
    const r = results.find((x) => x.input.startsWith(start));
    if (!r) throw new Error(`no line ${start}`);
    return r;
  };
  const index = (start: string) => results.indexOf(line(start));
  const exported = JSON.parse(readFileSync(line('@alice /campaign export').files[0]!, 'utf8')) as {
    campaign: CampaignState;
    events: StoredEvent[];
  };

  it('only the illegal commands are refused, each ephemerally with its rule', () => {
    const refused = results.filter((r) => r.user && !r.ok);
    expect(
      refused.map((r) => `${r.input.split(' ').slice(0, 3).join(' ')} ${r.content.match(/Rule (.+?) ·/)?.[1]}`),
    ).toEqual([
      '@alice /battle volunteer UTD5.431',
      '@carol /battle fleet UTD5.465',
      // No turn_mode_class in the sample catalog: named, not guessed.
      '@bob /n3d setup C3.31',
      // Bob has not plotted yet.
      '@alice /n3d impulse C1.43',
      // Carol is not in the battle.
      '@carol /n3d plot UTD7.42',
      // S29 is alice's: bob can neither launch from it nor change it.
      '@bob /n3d launch F1.24',
      '@bob /n3d unit A3.15',
      // The roll stays secret while the battle is open.
      '@bob /sfw reveal SFW Special Damage Table',
    ]);
    expect(refused.every((r) => r.ephemeral)).toBe(true);
    expect(line('@bob /n3d setup battle:K43').content).toContain(
      'no turn_mode_class for KZI-CA (S35), KZI-FF (S36), LYR-CA (S29), LYR-FF (S30)',
    );
  });

  it('S3D1 each fleet stands on its start hex from the battle card (bob 1523, alice 4538) and the hex north of it, facing the centre', () => {
    const text = line('@carol /n3d show').content;
    // Geometric translation: x = −row, z = −column × 0.8661 (odd columns are not offset).
    const z = (col: number) => String(-(col * COLUMN_SPACING_KM) / 10_000);
    expect(unitState(text, 'S35')).toEqual({ pos: `-23, 0, ${z(15)}`, facing: '0/-120/0', speed: '0' });
    expect(unitState(text, 'S36')).toEqual({ pos: `-22, 0, ${z(15)}`, facing: '0/-120/0', speed: '0' });
    expect(unitState(text, 'S29')).toEqual({ pos: `-38, 0, ${z(45)}`, facing: '0/60/0', speed: '0' });
    expect(unitState(text, 'S30')).toEqual({ pos: `-37, 0, ${z(45)}`, facing: '0/60/0', speed: '0' });
  });

  it('C1.43 every plot (turns and speeds) stays secret until all have plotted: the owner alone sees it, the channel only who has plotted', () => {
    const mine = line('@alice /n3d plot battle:K43 unit:S29');
    expect(mine.ephemeral).toBe(true);
    expect(mine.content).toContain('pitch 0 yaw +1.5 roll 0 ×4');
    expect(mine.content).toContain('speed 16');
    expect(mine.posts.map((p) => p.content)).toEqual([
      '🛰️ @alice has plotted S29 in battle K43. ⏳ Waiting on @bob, @alice (S35, S36, S30).',
    ]);
    // Everything public between setup and the impulse run: no turn, no speed, no plot.
    const seen = results
      .slice(index('@bob /n3d setup battle:K43 turn_mode:C'), index('@bob /n3d impulse'))
      .map(publicText)
      .join('\n');
    for (const secret of ['+1.5', 'speed 16', 'speed 24', 'speed 20', 'speed 28', 'yaw -5', 'pitch +5', 'straight'])
      expect(seen).not.toContain(secret);
    // Bob's own view shows his units only, and the early impulse names who is missing.
    expect(line('@bob /n3d mine').content).not.toContain('S29');
    expect(line('@alice /n3d impulse').content).toContain('Waiting on @bob.');
    expect(line('@bob /n3d plot battle:K43 unit:S36').posts[0]!.content).toContain(
      'Every unit has plotted at least 4 impulses',
    );
  });

  it('C1.4 four impulses: the plots are revealed as flown, and every unit moved speed/32 hexes an impulse along its facing', () => {
    const text = line('@bob /n3d impulse').content;
    expect(text).toContain('↪️ S29: pitch 0 yaw +1.5 roll 0 ×4');
    expect(text).toContain('↪️ S35: pitch 0 yaw -5 roll 0 ×2; pitch +5 yaw 0 roll 0 ×2');
    // S30 at speed 24 flew 3 hexes at yaw 60°: 1.5 north and 3·sin 60° = 2.5981 west.
    expect(unitState(text, 'S30')).toEqual({ pos: '-35.5, 0, -36.3764', facing: '0/60/0', speed: '24' });
    // S36 at speed 28 flew 3.5 hexes at yaw −120°: 1.75 south and 3.0311 east.
    expect(unitState(text, 'S36')).toEqual({ pos: '-23.75, 0, -16.0226', facing: '0/-120/0', speed: '28' });
    // S29 turned 1.5° left each impulse; S35 turned 5° right twice, then pitched up 5° twice.
    expect(unitState(text, 'S29')).toMatchObject({ pos: '-37.1158, 0, -37.1815', facing: '0/66/0' });
    expect(unitState(text, 'S35')).toMatchObject({ pos: '-24.5561, 0.163, -14.9307', facing: '10/-130/0' });
    expect(text).toContain('now turn 1, after impulse 4');
    // S30 was plotted for 8 impulses: 4 are left, still secret; the others must plot again.
    expect(text).toContain('↪️ S30: straight ×4');
    expect(text).toMatch(/⏳ Waiting on @bob, @alice \(S35, S36, S29\)\.$/);
  });

  it('D1.4, D2, D5.2 range, arcs and an explosion from the positions after the impulses', () => {
    // S29 → S30: √(1.6158² + 0.8051²) = 1.8053 hexes, range 1.
    expect(line('@alice /n3d range').content).toContain('• S29 → S30: range **1** · 1.8053 hexes');
    expect(line('@alice /n3d arcs').content).toMatch(/Yaw arcs \(D2\): RF, LF, FH/);
    // 20 ÷ 1.3670² = 10.7, fractions dropped.
    expect(line('@bob /n3d explode').content).toContain('• S35: 1.3670 hexes → **10** damage');
    expect(unitState(line('@alice /n3d unit set').content, 'S29')).toMatchObject({
      pos: '-37.1158, 0, -37.1815',
      speed: '16',
    });
    expect(line('@alice /n3d unit set').content).toContain('turn mode C, TAC sublight');
  });

  it('F1.24 /n3d launch puts a drone on the board at its launcher, pointed at its target, to pursue it (F2.21)', () => {
    const launch = line('@alice /n3d launch battle:K43 launcher:S29 target:S35 id:DR1');
    expect(launch.ok).toBe(true);
    expect(launch.content).toContain('**DR1** launched at S35');
    expect(launch.content).toMatch(/\*\*DR1\*\* DR1 · @alice · at /);
  });

  it('/n3d render posts the top and side views as a PNG in the channel', () => {
    const r = line('@bob /n3d render');
    expect(r.ok && !r.ephemeral).toBe(true);
    const png = readFileSync(r.files.find((f) => f.endsWith('n3d-K43.png'))!);
    expect(png.subarray(1, 4).toString()).toBe('PNG');
    expect(png.readUInt32BE(16)).toBe(1200);
  });

  it('VBSF fleet checks: Big Ships from size classes; BPV Capacity names the catalog columns it lacks instead of guessing', () => {
    expect(line('@alice /fleet check system:bigships').content).toContain(
      '✅ **Big Ships check of battle K43 (alice)**: 1 ship used of 3. Flagship S29',
    );
    const bpv = line('@bob /fleet check system:bpv').content;
    expect(bpv).toContain('cannot be made');
    expect(bpv).toContain('column `fe_command_rating` has no value for KZI-CA (S35)');
    expect(bpv).toContain('column `bpv_combat` has no value for KZI-CA (S35), KZI-FF (S36)');
  });

  it('SFW secret roll: the owner sees 86, the opponent only the commitment until the battle is resolved; then the reveal verifies', () => {
    const roll = line('@alice /sfw damage');
    expect(roll.ephemeral).toBe(true);
    expect(roll.content).toContain('**86** — Calculated Offensive Factors -2');
    const commitment = /Commitment: `([0-9a-f]{64})`/.exec(roll.posts[0]!.content)![1]!;
    const nonce = /86\/([0-9a-f]{64})\//.exec(roll.content)![1]!;
    // Until the battle is resolved the channel never sees the result or the nonce.
    const before = results.slice(index('@alice /sfw damage'), index('@bob /battle accept')).map(publicText).join('\n');
    expect(before).toContain(commitment);
    for (const secret of ['**86**', nonce, 'Offensive Factors -2']) expect(before).not.toContain(secret);
    expect(line('@bob /sfw reveal').ephemeral).toBe(true);
    // After the battle: the reveal is published and checks out, by the bot and independently.
    expect(exported.campaign.battles.find((b) => b.id === 'K43')!.status).toBe('resolved');
    const reveal = results.filter((r) => r.input.startsWith('@bob /sfw reveal'))[1]!;
    expect(reveal.ephemeral).toBe(false);
    expect(reveal.content).toContain(`**86** — Calculated Offensive Factors -2. ✅ commitment \`${commitment}\``);
    const purpose = 'battle K43 roll 1: Special Damage for S30, turn 1';
    expect(reveal.content).toContain(`86/${nonce}/${purpose}`);
    expect(verifySecretRoll(commitment, { purpose, nonce, result: 86 })).toBe(true);
    const [good, bad] = results.filter((r) => r.input.startsWith('@carol /sfw verify'));
    expect(good!.content).toMatch(/^✅ The reveal matches/);
    expect(bad!.content).toMatch(/^❌ The reveal does NOT match/);
  });

  it('SFW calculators: VICTORY spends 477 of 480 PU and fights with OF 25; the example fortress buys OF 14 and DF 10', () => {
    const power = line('@carol /sfw power').content;
    expect(power).toContain('3² + 18² + 12² = **477** PU of 480 available (3 left)');
    expect(power).toContain('Fights with speed 3, OF 25, DF 19');
    const fortress = line('@carol /sfw fortress').content;
    expect(fortress).toContain('300 PU from its Life Support Systems; weapon modules allow OF 14');
    expect(fortress).toContain('✅ OF 14, DF 10 (every module): 14² + 10² = 296 PU, 4 left');
    expect(fortress).toContain('• L1: 6 rolls (6×100% from W1)');
  });

  it('the aids never enter the public campaign: the export holds no plot, speed choice or nonce, and still replays', () => {
    const nonce = /86\/([0-9a-f]{64})\//.exec(line('@alice /sfw damage').content)![1]!;
    const text = JSON.stringify(exported);
    for (const secret of ['"plots"', '"engagement"', '"turnMode"', '"reveal"', nonce])
      expect(text).not.toContain(secret);
    expect(replay(exported.events)).toEqual(exported.campaign);
  });
});

describe('/n3d pieces: the plot grammar, placement from a battle card, NPE units and pickup', () => {
  const deg = (d: number) => d * 10_000;
  const fail = (fn: () => unknown): string => {
    try {
      fn();
    } catch (err) {
      if (err instanceof RuleViolation) return `${err.error.code} ${err.error.rule}`;
      throw err;
    }
    throw new Error('expected a refusal');
  };

  it('C1.4 a plot is one entry per impulse: "p,y,r", "straight", "het p,y,r", with xN repeats; at most 32', () => {
    const plots = parsePlot('0,3,0 x4; straight x2; het 0,90,0');
    expect(plots).toHaveLength(7);
    expect(plots[0]).toEqual({ turn: { pitch: 0, yaw: deg(3), roll: 0 } });
    expect(plots[5]).toEqual({ turn: { pitch: 0, yaw: 0, roll: 0 } });
    expect(plots[6]).toEqual({ het: { pitch: 0, yaw: deg(90), roll: 0 } });
    // Turns are signed, not normalised: −9° stays −9°.
    expect(parsePlot('-1.5,-9,0')[0]).toEqual({ turn: { pitch: deg(-1.5), yaw: deg(-9), roll: 0 } });
    expect(fail(() => parsePlot('0,0,0 x33'))).toBe('n3d/plot-length C1.4');
    expect(fail(() => parsePlot('left 3'))).toBe('n3d/bad-plot C1.4');
    expect(fail(() => parsePlot(' ; '))).toBe('n3d/bad-plot C1.4');
  });

  it('UTD7.451 a side is placed on its start hex, then ring by ring within 3 hexes (37 at most), facing the map centre', () => {
    const hexes = placementHexes('1523', 37);
    expect(hexes.slice(0, 2)).toEqual(['1523', '1522']);
    expect(new Set(hexes).size).toBe(37);
    expect(fail(() => placementHexes('1523', 38))).toBe('n3d/too-many-to-place UTD7.451');
    expect([facingTowardCentre('1523'), facingTowardCentre('4538'), facingTowardCentre('3015')]).toEqual([
      'C',
      'F',
      'D',
    ]);
  });

  /** A battle against the NPE: alice's LYR-CA against the NPE's FED-FF, run by carol. */
  function npeBattle(runner: string | null): { state: CampaignState; battle: Battle } {
    const battle = {
      id: 'K9',
      sides: ['alice', 'npe'],
      participants: [
        { side: 'alice', units: ['S1'] },
        { side: 'npe', units: ['N2'] },
      ],
      npe: { runner, force: [{ id: 'N2', unitId: 'FED-FF', bpv: '63' }] },
      setup: {
        starts: [
          { sideId: 'alice', hex: '1523' },
          { sideId: 'npe', hex: '4538' },
        ],
      },
    } as unknown as Battle;
    const state = {
      ships: [{ id: 'S1', unitId: 'LYR-CA', owner: 'alice' }],
      bases: [],
      battles: [battle],
    } as unknown as CampaignState;
    return { state, battle };
  }
  // The FED-FF row carries the optional turn_mode_class column; the LYR-CA row does not.
  const catalog: UnitCatalog = {
    version: 'test',
    get: (id) =>
      id === 'FED-FF' ? ({ unitId: id, turnModeClass: 'B' } as unknown as UnitInfo) : ({ unitId: id } as UnitInfo),
    all: () => [],
  };

  it("S3D1 the NPE's units are plotted by its runner; turn modes come from the turn_mode_class column, else from turn_mode:", () => {
    const { state, battle } = npeBattle('carol');
    const { engagement } = setupEngagement(state, battle, catalog, { pickup: false, turnMode: 'D' });
    expect(engagement.units.map((u) => [u.id, u.owner, u.turnMode])).toEqual([
      ['S1', 'alice', { kind: 'class', class: 'D' }],
      ['N2', 'carol', { kind: 'class', class: 'B' }],
    ]);
    expect(fail(() => setupEngagement(state, battle, catalog, { pickup: false, turnMode: null }))).toBe(
      'n3d/no-turn-mode C3.31',
    );
    expect(
      fail(() =>
        setupEngagement(npeBattle(null).state, npeBattle(null).battle, catalog, { pickup: false, turnMode: 'D' }),
      ),
    ).toBe('n3d/no-runner UTD5.431');
  });

  it('S3D2.1 a pickup placement puts the two fleets 200 hexes apart on the x axis, facing each other', () => {
    const { state, battle } = npeBattle('carol');
    const { engagement } = setupEngagement(state, battle, catalog, { pickup: true, turnMode: 'D' });
    expect(engagement.units.map((u) => [u.id, u.pos.x / 10_000, u.facing.yaw / 10_000])).toEqual([
      ['S1', 100, 180],
      ['N2', -100, 0],
    ]);
  });
});
