import type { BattleReport } from '../rules/warlord/combat.ts';
import { ep } from '../rules/warlord/economy.ts';
import { type StandbyVote, standbyTally } from '../rules/warlord/standby.ts';
import { type BattleKnown, MONSTER_CORP, type WarlordState } from '../rules/warlord/state.ts';
import type { CorpTurnReport, NtgReport } from '../rules/warlord/turn.ts';
import { type RankingCategory, rankings } from '../rules/warlord/rankings.ts';

const RANKING_TITLES: Record<RankingCategory, string> = {
  income: 'Income',
  power: 'Power',
  ships: 'Ships',
  fortifications: 'Fortifications',
};

/** Discord's message limit; a report is cut into pieces at line ends (common brief). */
export const MESSAGE_LIMIT = 2000;

const pad = (n: number) => String(n).padStart(5);

/** One battle, round by round, as the attacker's report shows it (§10.4–10.5). */
export function battleLines(
  where: string,
  attacker: number,
  defender: number,
  b: BattleReport,
  names: (corp: number) => string = (id) => `corporation ${id}`,
): string[] {
  const out = [`⚔️ ${where}: ${names(attacker)} against ${defender === MONSTER_CORP ? 'a monster' : names(defender)}`];
  const a = b.assessment;
  out.push(
    `  assessment CAF ${a.caf} / CDF ${a.cdf} = ${Math.round(a.ratioPct)}% (A% ${a.aPct})${b.outcome === 'bounce' ? ' → bounce' : ''}`,
  );
  for (const r of b.rounds) {
    out.push(`  round ${r.round}: CAF ${r.caf} (≤${r.maxA} per unit), CDF ${r.cdf} (≤${r.maxD} per ship)`);
    for (const v of [...r.attackerFire, ...r.defenderFire]) {
      const extra = v.firstStrike ? ` + first strike ${v.firstStrike}` : '';
      const what =
        v.fortsAfter !== undefined
          ? `forts → ${v.fortsAfter}`
          : v.level === 'destroyed'
            ? 'destroyed'
            : `${v.toShields} shields, ${v.toInternals} internals${v.pfsAbsorbed ? `, ${v.pfsAbsorbed} PF absorbed` : ''}, ${v.level}`;
      out.push(`    ${v.targetId}: ${v.rolled}${extra} → ${what}`);
    }
  }
  out.push(
    `  result: ${b.outcome === 'attacker' ? 'the attacker won' : b.outcome === 'defender' ? 'the defender held' : 'no battle'}`,
  );
  return out;
}

/**
 * A corporation's turn report as text for its private thread: income listing (§7.4), what happened,
 * what failed and why (with the rule), its battles, its treasury, and how many dice were rolled.
 */
export function turnReportLines(
  state: WarlordState,
  r: CorpTurnReport,
  ntg?: Pick<NtgReport, 'prices'>,
  names: (corp: number) => string = (id) => {
    const name = state.corps.find((c) => c.id === id)?.name;
    return name ? `**${name}**` : `corporation ${id}`;
  },
): string[] {
  const corp = state.corps.find((c) => c.id === r.corp);
  const out = [
    `**${corp?.name ?? r.corp}**, turn ${state.turn - 1} (Y${state.year - 1})${r.waived ? ': waived (§11.4)' : ''}`,
  ];
  if (r.income) {
    out.push('```', 'site           PE    OR    DC    FP');
    for (const l of r.income.lines)
      out.push(
        `${l.where.padEnd(10)}${l.note ?? ' '}${pad(l.amount.PE)} ${pad(l.amount.OR)} ${pad(l.amount.DC)} ${pad(l.amount.FP)}`,
      );
    if (r.income.sectorBonus)
      out.push(
        `sectors    ${pad(r.income.sectorBonus)} ${pad(r.income.sectorBonus)} ${pad(r.income.sectorBonus)} ${pad(r.income.sectorBonus)}`,
      );
    const a = r.income.adjustments;
    out.push(`total      ${pad(a.PE)} ${pad(a.OR)} ${pad(a.DC)} ${pad(a.FP)}`, '```');
  }
  for (const e of r.events) out.push(`• ${e}`);
  for (const f of r.failures) out.push(`✗ ${f.line !== null ? `line ${f.line}: ` : ''}${f.message} (${f.rule})`);
  for (const b of r.battles) out.push(...battleLines(b.where, b.attacker, b.defender, b.report, names));
  for (const b of r.attacked) out.push(...attackedLines(b, names));
  if (corp) {
    const t = corp.treasury;
    out.push(`Treasury PE ${t.PE}, OR ${t.OR}, DC ${t.DC}, FP ${t.FP}: ${ep(t)} EP; loan ${corp.loan}`);
  }
  // Supply and demand at the end of the game turn (§3.4): the corporation sees what became of the
  // prices of the types it bought (as its next purchase or an AA would show it); the rest of the
  // market is not told, as nothing in §8 reveals other corporations' purchases.
  const moved = (ntg?.prices ?? []).filter((p) => r.bought.includes(p.type));
  const kept = r.bought.filter((t) => !moved.some((p) => p.type === t)).map((t) => `${t} ${state.prices[t] ?? '?'} EP`);
  if (r.bought.length > 0)
    out.push(
      `💹 Prices of the types you bought, for next turn (§3.4): ${[...moved.map((p) => `${p.type} ${p.from} → ${p.to} EP`), ...kept.map((k) => `${k} (unchanged)`)].join(', ')}`,
    );
  out.push(
    `🎲 ${r.rolls.reduce((n, x) => n + x.results.length, 0)} dice rolled this turn, every one from the committed seed.`,
  );
  return out;
}

/** A battle fought against the corporation, as it reads it on its next turn (§10.4). */
export function attackedLines(b: BattleKnown, names: (corp: number) => string): string[] {
  const who = b.attacker === MONSTER_CORP ? 'a monster' : names(b.attacker);
  const result =
    b.outcome === 'attacker'
      ? `the attack won${b.siteTaken ? ' and the site was taken' : ''}`
      : b.outcome === 'defender'
        ? 'your defence held'
        : 'no battle';
  const out = [
    `🛡️ Battle report (§10.4): ${who} attacked you at ${b.where} on turn ${b.turn}: ${b.rounds} round(s), ${result}.`,
  ];
  if (b.lost) {
    out.push(`  you lost: ${b.lost.defender.length ? b.lost.defender.join(', ') : 'nothing'}`);
    out.push(`  the attacker lost: ${b.lost.attacker.length ? b.lost.attacker.join(', ') : 'nothing'}`);
  }
  return out;
}

/** Lines packed into messages of at most `limit` characters. */
export function pack(lines: readonly string[], limit = MESSAGE_LIMIT): string[] {
  const out: string[] = [];
  let cur = '';
  for (const raw of lines) {
    const line = raw.length > limit ? `${raw.slice(0, limit - 1)}…` : raw;
    if (cur && cur.length + 1 + line.length > limit) {
      out.push(cur);
      cur = line;
    } else cur = cur ? `${cur}\n${line}` : line;
  }
  if (cur) out.push(cur);
  return out;
}

/** The game channel's news of a command's events (public: §11 — who joined, who has sent orders, a processed turn). */
export function newsLines(
  events: readonly { event: { type: string } & Record<string, unknown> }[],
  state: {
    name: string;
    players: readonly { userId: string; corp: number; name: string }[];
    game: WarlordState | null;
    deadline: string | null;
    standby?: Record<string, StandbyVote>;
  },
): string[] {
  const corpName = (id: number) => state.players.find((p) => p.corp === id)?.name ?? `corporation ${id}`;
  const when = (iso: string | null) => (iso ? `<t:${Math.floor(Date.parse(iso) / 1000)}:f>` : 'none');
  const out: string[] = [];
  for (const { event: e } of events) {
    switch (e.type) {
      case 'WarlordCreated':
        out.push(`🌌 Star Fleet Warlord game **${state.name}** created: join with \`/warlord join\` (§1.4).`);
        break;
      case 'WarlordJoined':
        out.push(`🏢 <@${String(e['userId'])}> founds **${String(e['name'])}** (corporation ${Number(e['corp'])}).`);
        break;
      case 'WarlordStarted':
        out.push(
          `🚀 The game starts: a ${Number(e['width'])}×${Number(e['height'])}-sector galaxy, ${state.players.length} corporations; orders due ${when(String(e['deadline']))} (turns of ${Number(e['turnHours'])} h, §11.3).`,
        );
        break;
      case 'WarlordStandbyProposed': {
        const v = e['vote'] as StandbyVote;
        out.push(
          `🗳️ <@${v.proposer}> proposes handing **${corpName(v.corp)}** (orders waived more than twice in a row) to <@${v.to}>, a standby player (§11.4). ` +
            `The other corporations' players vote with \`/warlord vote corporation:${v.corp}\`: ${standbyTally(v).needed} yes of ${v.electorate.length} needed by ${when(v.deadline)}, or the seat stays as it is.`,
        );
        break;
      }
      case 'WarlordStandbyBallot': {
        const corp = Number(e['corp']);
        const v = state.standby?.[String(corp)];
        const t = v ? standbyTally(v) : null;
        out.push(
          `🗳️ <@${String(e['userId'])}> votes **${String(e['choice'])}** on **${corpName(corp)}**'s seat${t ? ` (${t.yes} yes of ${t.needed} needed)` : ''}.`,
        );
        break;
      }
      case 'WarlordStandbyClosed':
        out.push(
          e['passed']
            ? `✅ **${corpName(Number(e['corp']))}** passes from <@${String(e['from'])}> to <@${String(e['to'])}>, its standby player, who now sends its orders and reads its private thread (§11.4).`
            : `❌ The vote on **${corpName(Number(e['corp']))}**'s seat failed: it stays with <@${String(e['from'])}> (§11.4).`,
        );
        break;
      case 'WarlordSheetSubmitted':
        out.push(`📨 **${corpName(Number(e['corp']))}** has sent its orders (revisable until the deadline).`);
        break;
      case 'WarlordTurnProcessed': {
        const waived = (e['waived'] as number[]).map(corpName);
        out.push(
          `📜 Turn ${Number(e['turn'])} processed.${waived.length ? ` Waived, no sheet in time (§11.4): ${waived.join(', ')}.` : ''} Reports are in each corporation's private thread.`,
        );
        // The NTG's public top lists (rankings.ts): after the turn, from the state it left.
        if (state.game) {
          const lists = rankings(state.game)
            .filter((r) => r.corps.length > 0)
            .map((r) => `${RANKING_TITLES[r.category]}: ${r.corps.map(corpName).join(', ')}`);
          if (lists.length > 0) out.push(`📊 Top corporations (NTG): ${lists.join(' · ')}.`);
        }
        const winner = e['winner'] as number | null;
        if (winner !== null) out.push(`🏆 **${corpName(winner)}** wins the game (§11.8).`);
        else out.push(`Next orders due ${when(state.deadline)}.`);
        break;
      }
    }
  }
  return out;
}

/** `/warlord status`: the game, its turn and deadline, whose sheets are in, and the asker's own treasury (§11). */
export function statusLines(
  c: {
    name: string;
    status: string;
    players: readonly { userId: string; corp: number; name: string }[];
    game: WarlordState | null;
    sheets: Record<string, string>;
    deadline: string | null;
  },
  userId: string,
): string[] {
  const out = [`🌌 **${c.name}** (Star Fleet Warlord): ${c.status}`];
  if (c.game)
    out.push(
      `Turn ${c.game.turn} (Y${c.game.year}); orders due <t:${Math.floor(Date.parse(c.deadline ?? '') / 1000)}:f>`,
    );
  for (const p of c.players) {
    const corp = c.game?.corps.find((x) => x.id === p.corp);
    const sheet = c.game ? (c.sheets[String(p.corp)] !== undefined ? ' ✅ orders in' : ' ⏳ no orders yet') : '';
    out.push(`${p.corp}. **${p.name}** <@${p.userId}>${corp?.eliminated ? ' (out)' : sheet}`);
  }
  const me = c.players.find((p) => p.userId === userId);
  const mine = me && c.game?.corps.find((x) => x.id === me.corp);
  if (mine) {
    const t = mine.treasury;
    out.push(`Your treasury: PE ${t.PE}, OR ${t.OR}, DC ${t.DC}, FP ${t.FP} (${ep(t)} EP); loan ${mine.loan}`);
  }
  return out;
}
