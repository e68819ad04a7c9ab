import { describe, expect, it } from 'vitest';
import { battleLines, pack, turnReportLines } from '../../src/app/warlord-report.ts';
import { SeededDice } from '../../src/rules/dice.ts';
import { SAMPLE_CATALOG } from '../../src/rules/warlord/catalog.ts';
import { COMBAT_DEFAULTS, type CombatChance, combatShip, resolveBattle } from '../../src/rules/warlord/combat.ts';
import { gameCatalog, generateGalaxy } from '../../src/rules/warlord/galaxy.ts';
import { parseSheet } from '../../src/rules/warlord/orders.ts';
import { defaultSettings } from '../../src/rules/warlord/state.ts';
import { processGameTurn } from '../../src/rules/warlord/turn.ts';

describe('Warlord turn report text', () => {
  it('Warlord report: the income listing, each failure with its line and rule, the treasury and the dice count, in messages under 2,000 characters', () => {
    const settings = defaultSettings({ width: 4, height: 4 });
    const s = generateGalaxy({
      seed: 4,
      settings,
      corps: [
        { id: 1, name: 'Alpha' },
        { id: 2, name: 'Beta' },
      ],
    });
    const r = processGameTurn(
      s,
      new Map([[1, parseSheet('PS F CA\nPS F BB')]]),
      new SeededDice('77'.repeat(32), 1),
      gameCatalog(SAMPLE_CATALOG, settings),
    );
    const one = r.corps[0];
    if (!one) throw new Error('no report');
    const lines = turnReportLines(r.state, one);
    expect(lines[0]).toBe('**Alpha**, turn 0 (Y165)');
    expect(lines).toContain('✗ line 2: F-BB is available from Y175 (§9.3)');
    expect(lines.some((l) => /^total +100 +100 +100 +100$/.test(l))).toBe(true);
    expect(lines).toContain('Treasury PE 250, OR 250, DC 250, FP 250: 250 EP; loan 0');
    expect(turnReportLines(r.state, r.corps[1] ?? one)[0]).toBe('**Beta**, turn 0 (Y165): waived (§11.4)');
    const msgs = pack([...lines, ...Array.from({ length: 80 }, (_, i) => `• filler line ${i} ${'x'.repeat(40)}`)]);
    expect(msgs.length).toBeGreaterThan(1);
    for (const m of msgs) expect(m.length).toBeLessThanOrEqual(2000);
  });

  it('Warlord battle lines: assessment, each round’s factors and volleys, and the result', () => {
    const a = combatShip({ id: 'a', label: 'K-C8', race: 'K', baseAF: 80, baseDF: 60, sf: 50, hp: 70 });
    const d = combatShip({ id: 'd', label: 'F-PC', race: 'F', baseAF: 18, baseDF: 18, sf: 18, hp: 16 });
    const chance: CombatChance = {
      volley: (_m, t) => (t === 'd' ? 40 : 5),
      firstStrike: () => 0,
      damageLosses: () => ({}),
      attrition: () => ({}),
      percent: () => false,
      between: () => 1,
    };
    const b = resolveBattle(
      {
        attackers: [a],
        defenders: [d],
        site: null,
        point: 'ES',
        area: 'ES',
        attackTactic: 0,
        defenseTactic: 0,
        aPct: 90,
        defenderDefendsAgainst: false,
        betrayal: false,
        defenderIsMonsters: false,
        settings: COMBAT_DEFAULTS,
      },
      chance,
    );
    expect(battleLines('11-0303', 1, 2, b)).toEqual([
      '⚔️ 11-0303: corporation 1 against corporation 2',
      '  assessment CAF 80 / CDF 18 = 444% (A% 90)',
      '  round 1: CAF 80 (≤80 per unit), CDF 18 (≤18 per ship)',
      '    d: 40 → destroyed',
      '    a: 5 → 5 shields, 0 internals, none',
      '  result: the attacker won',
    ]);
  });
});
