import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ROOT, playLines } from '../helpers/playground.ts';

describe('examples/05-warlord.txt: a four-corporation Star Fleet Warlord game of five turns through Discord', async () => {
  const { results, cleanup } = await playLines(readFileSync(join(ROOT, 'examples/05-warlord.txt'), 'utf8').split('\n'));
  afterAll(cleanup);
  const line = (start: string) => results.find((r) => r.input.startsWith(start))!;
  const all = (start: string) => results.filter((r) => r.input.startsWith(start));

  it('§11.6 only the name starting with "the" is refused (and Thunderdome’s /campaign status), privately with its rule', () => {
    const refused = results.filter((r) => r.user && !r.ok);
    expect(refused.map((r) => r.input)).toEqual([
      '@erin /warlord join corporation:"The Latecomers"',
      '@bob /campaign status',
    ]);
    expect(refused[0]!.ephemeral).toBe(true);
    expect(refused[0]!.content).toContain('Rule §11.6');
  });

  it('§9.4 the dry run and the sheet reply name the bad line privately; the channel hears only that orders are in', () => {
    const dry = line('@carol /warlord check');
    expect(dry.ephemeral).toBe(true);
    expect(dry.content).toContain('line 3: "50" is not an FA option');
    const sent = line('@carol /warlord sheet');
    expect(sent.ephemeral).toBe(true);
    expect(sent.posts.map((p) => p.content)).toEqual([
      '📨 **Gamma Works** has sent its orders (revisable until the deadline).',
    ]);
  });

  it('§11.4 at each deadline the missing sheets are waived, and each report goes to its own private thread', () => {
    const [first, second] = all('!advance 48h');
    const posts = (r: typeof first) => r!.posts.map((p) => p.content);
    expect(posts(first)[0]).toContain('Turn 0 processed. Waived, no sheet in time (§11.4): Delta Holdings.');
    const reports = (r: typeof first) => posts(r).filter((p) => p.startsWith('🧵 ') && !p.includes('🗺️'));
    expect(reports(first).map((p) => p.split(':')[0])).toEqual([
      '🧵 Alpha Mining',
      '🧵 Beta Freight',
      '🧵 Gamma Works',
      '🧵 Delta Holdings',
    ]);
    // §8: each report comes with its corporation's home sector map and galaxy overview, in its thread.
    const maps = first!.posts.filter((p) => p.content.startsWith('🧵 ') && p.content.includes('🗺️'));
    expect(maps.map((p) => p.content.split(':')[0])).toEqual(reports(first).map((p) => p.split(':')[0]));
    for (const m of maps)
      expect(m.files.map((f) => f.replace(/.*-(sector-\d\d|galaxy)\.png$/, '$1'))).toEqual([
        expect.stringMatching(/^sector-\d\d$/),
        'galaxy',
      ]);
    expect(posts(first).find((p) => p.startsWith('🧵 Delta Holdings'))).toContain('waived (§11.4)');
    expect(posts(first).find((p) => p.startsWith('🧵 Gamma Works'))).toContain('✗ line 3: "50" is not an FA option');
    // Turn 1: dave's late sheet counted for it, bought with the waived turn's income; every
    // corporation sent a sheet, so no one is waived.
    expect(posts(second)[0]).toMatch(/^📜 Turn 1 processed\. Reports are in/);
    expect(posts(second).find((p) => p.startsWith('🧵 Delta Holdings'))).toContain('Bought F-DD 26 for 105 EP');
    // Five turns, 0 to 4, each processed at its deadline; only turn 0 waived anyone.
    const turns = all('!advance 48h').map((r) => posts(r)[0] ?? '');
    expect(turns.map((p) => /^📜 Turn (\d) processed/.exec(p)?.[1])).toEqual(['0', '1', '2', '3', '4']);
    expect(turns.filter((p) => p.includes('Waived'))).toHaveLength(1);
    // The NTG's public top lists follow each processed turn (rankings.ts): every category named.
    for (const p of turns)
      expect(p).toMatch(/📊 Top corporations \(NTG\): Income: .+ · Power: .+ · Ships: .+ · Fortifications: .+\./);
  });

  /** Turn n's report for a corporation, as posted in its private thread. */
  const report = (turn: number, corp: string) =>
    all('!advance 48h')
      [turn]!.posts.map((p) => p.content)
      .filter((p) => p.startsWith(`🧵 ${corp}: private reports: **${corp}**, turn ${turn} `))
      .join('\n');

  it('§3.4 supply and demand: F-DD bought twice in turn 0 and three times in turn 1 costs 100, then 105, then 115 EP', () => {
    expect(report(0, 'Alpha Mining')).toContain(
      '💹 Prices of the types you bought, for next turn (§3.4): F-DD 100 → 105 EP',
    );
    expect(report(1, 'Alpha Mining')).toContain('• Bought F-DD 25 for 105 EP at 11-0708 (§9.3)');
    // The second copy in one corporation's turn pays the surcharge (§9.3) on the risen price.
    expect(report(1, 'Delta Holdings')).toContain('• Bought F-DD 27 for 120 EP');
    // Each buyer is told what became of the price; the others are told nothing of it (§8).
    for (const corp of ['Alpha Mining', 'Delta Holdings']) expect(report(1, corp)).toContain('F-DD 105 → 115 EP');
    for (const corp of ['Beta Freight', 'Gamma Works']) expect(report(1, corp)).not.toContain('F-DD');
    // Unsold since, it drifts down 2% of base a turn: AA shows the price the purchase then pays.
    expect(report(4, 'Alpha Mining')).toContain('• F-DD: AF 34, DF 30, SF 26, price 111 EP (sample catalog)');
    expect(report(4, 'Alpha Mining')).toContain('• Bought F-DD 31 for 111 EP');
  });

  it('§7.6 prospecting: a ship that spends its whole turn on a hex with value collects it', () => {
    expect(report(2, 'Beta Freight')).toContain('• K-D7 23 prospected 33-1010: 41 EP (§7.6)');
    expect(report(2, 'Gamma Works')).toContain('• Z-FF 24 prospected 00-1008: 97 EP (§7.6)');
  });

  it('§2.20 a monster fought: the destroyers kill the Cosmic Cloud by the §10.4 rounds and collect its bounty', () => {
    const alpha = report(2, 'Alpha Mining');
    expect(alpha).toContain('⚔️ 11-1401: **Alpha Mining** against a monster');
    expect(alpha).toMatch(/round 3: CAF \d+/);
    expect(alpha).toContain('• 11-1401: monster bounty 110 EP (§2.20)');
    expect(alpha).toContain('• Cosmic Cloud (M-CC) destroyed at 11-1401');
  });

  it('§10.4 a battle between players: the attacker reads it at once, the defender on its next turn, no one else, and the channel not at all', () => {
    expect(report(3, 'Delta Holdings')).toContain('⚔️ 10-1516: **Delta Holdings** against **Alpha Mining**');
    expect(report(3, 'Delta Holdings')).toContain('• F-DD 21 (F-DD) destroyed at 10-1516');
    expect(report(3, 'Alpha Mining')).not.toContain('10-1516');
    const alpha = report(4, 'Alpha Mining');
    expect(alpha).toContain(
      '🛡️ Battle report (§10.4): **Delta Holdings** attacked you at 10-1516 on turn 3: 2 round(s), the attack won.',
    );
    expect(alpha).toContain('  you lost: F-DD 21 (F-DD), F-DD 22 (F-DD)');
    for (const t of [3, 4])
      for (const corp of ['Beta Freight', 'Gamma Works']) expect(report(t, corp)).not.toContain('10-1516');
    const channel = all('!advance 48h').flatMap((r) =>
      r.posts.map((p) => p.content).filter((p) => !p.startsWith('🧵 ')),
    );
    expect(channel.some((p) => p.includes('10-1516') || p.includes('11-1401'))).toBe(false);
  });

  it('§8 /warlord map answers privately with two pictures; Thunderdome’s /campaign status is refused naming /warlord status', () => {
    const map = line('@bob /warlord map');
    expect([map.ok, map.ephemeral, map.files.length, map.posts]).toEqual([true, true, 2, []]);
    const td = line('@bob /campaign status');
    expect([td.ok, td.ephemeral]).toEqual([false, true]);
    expect(td.content).toContain('`/warlord status`');
    expect(td.embeds).toEqual([]);
  });
});
