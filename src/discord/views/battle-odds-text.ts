import type { BattleOdds } from '../../app/battle-odds.ts';
import type { Side } from '../../rules/sidcors/index.ts';

/** `/battle odds`: the spread of simulated SIDCORS outcomes, and that nothing was changed. */
export function battleOddsText(odds: BattleOdds, sideName: (id: string) => string): string {
  const a = odds.answer;
  const b = odds.battle;
  const pct = (n: number) => `${Math.round((1000 * n) / a.runs) / 10}%`;
  const name = (l: Side) => sideName(b.sides[l === 'A' ? 0 : 1]!);
  const spread = (counts: number[]) =>
    counts
      .map((n, k) => (n > 0 ? `${k}: ${pct(n)}` : ''))
      .filter(Boolean)
      .join(' · ');
  const lines = [
    `🎲 **Battle ${b.id}: SIDCORS odds** — ${a.runs} simulated battles, ${a.rounds} round${a.rounds === 1 ? '' : 's'}${odds.underway ? ` after the ${odds.underway} already fought` : ''}, intensity ${a.bif.A} (${name('A')}, attacking) + ${a.bif.B} (${name('B')}) every round, automatic allocation, no Directed Damage; seed ${a.seed}.`,
    `• ${name('A')} destroyed: **${pct(a.destroyed.A)}** · ${name('B')} destroyed: **${pct(a.destroyed.B)}** · both still fighting: **${pct(a.bothStand)}**`,
  ];
  for (const l of ['A', 'B'] as const) {
    lines.push(
      `• ${name(l)} units lost — ${spread(a.unitsLost[l])}; crippled at the end — ${spread(a.unitsCrippled[l])}`,
    );
    const c = a.cloak[l];
    if (c.minus + c.plus > 0)
      lines.push(`  cloak roll: enemy −1 in round 1 in ${pct(c.minus)}, enemy +1 in ${pct(c.plus)}`);
  }
  for (const u of a.units)
    lines.push(
      `  ${odds.names[u.id] ?? u.id} (${name(u.side)}): undamaged ${pct(u.fates.undamaged)}, crippled ${pct(u.fates.crippled)}, destroyed ${pct(u.fates.destroyed)}`,
    );
  lines.push(
    '-# A preview only: nothing was changed — no event, no campaign dice (these runs use their own seeded dice). Same seed, same answer.',
  );
  return lines.join('\n');
}
