import type { DirectedResult, DieShift, MaulerBreakdown, RolledRound, Side } from '../rules/sidcors/index.ts';
import { unitName } from '../rules/thunderdome/battles/common.ts';
import type { CampaignState, QuickState, QuickStep } from '../rules/thunderdome/state.ts';

/**
 * The words of `/battle quick` (SIDCORS, research digest §A.2.14): one sentence-maker per step a
 * `BattleQuickUpdated` event records. Secret choices are never spelt out; what a step reveals is.
 */
interface QuickWordsInput {
  battleId: string;
  q: QuickState;
  /** A side's name by SIDCORS letter (A = the first side, the attacker). */
  name(letter: Side): string;
  state: CampaignState;
  /** The battle's side ids, A first (absent: the battle is gone). */
  sideIds?: readonly string[] | undefined;
}

/**
 * Whom a quick battle waits for after one side's secret choice, and for what: the stage follows
 * from what the state holds (intensities, then Directed Damage, then allocations).
 */
function waitingFor({ q, name, sideIds }: QuickWordsInput): string {
  const ids = sideIds ?? [];
  const letters = ['A', 'B'] as const;
  const missing = (given: Record<string, unknown>) =>
    letters.filter((_, i) => ids[i] !== undefined && given[ids[i]!] === undefined).map(name);
  const [what, command, pending] = !q.rolled
    ? ['an intensity', '`/battle quick intensity:`', missing(q.intensity)]
    : q.directedResults == null
      ? ['a Directed Damage order', '`/battle quick directed:` (`none` for none)', missing(q.directed ?? {})]
      : ['an allocation', '`/battle quick allocate:` (auto for the default)', missing(q.allocations)];
  if (pending.length === 0) return 'waiting for the other side.';
  return `waiting for ${pending.join(' and ')} to give ${what} with ${command}.`;
}

const signed = (n: number) => (n > 0 ? `+${n}` : `${n}`);

function shiftText(s: DieShift): string {
  const parts = [s.scout !== 0 ? `scout ${signed(s.scout)}` : '', s.extra !== 0 ? `cloak ${signed(s.extra)}` : ''];
  return parts.filter(Boolean).join(', ');
}

function dieText(r: RolledRound, letter: Side): string {
  const shift = shiftText(r.shift[letter]);
  const changed = r.effectiveDie[letter] !== r.die[letter];
  return `die ${r.die[letter]}${shift ? ` (${shift})` : ''}${changed || shift ? `→${r.effectiveDie[letter]}` : ''}`;
}

function directedText(state: CampaignState, d: DirectedResult | null): string {
  if (!d) return 'none';
  const what = d.steps
    .map((s) =>
      s.effect === 'fighters'
        ? `${s.defense} fighter factor${s.defense === 1 ? '' : 's'} of ${unitName(state, s.unitId)}`
        : `${s.effect === 'crippled' ? 'cripples' : 'destroys'} ${unitName(state, s.unitId)}`,
    )
    .join(', ');
  const mauler = d.maulerId ? `, ${d.maulerPoints} paid 1:1 by mauler ${unitName(state, d.maulerId)}` : '';
  return `${what} for ${d.cost} damage points${mauler}`;
}

const QUICK_WORDS = {
  secret: (input) => `🤫 Battle ${input.battleId}: a side has made its secret SIDCORS choice; ${waitingFor(input)}`,
  agreed: ({ battleId }) =>
    `🤝 Battle ${battleId}: a side whose force cannot retreat agrees to SIDCORS; the other side chooses both intensities (A.2.14 step 1).`,
  rolled: ({ battleId, q, name }) => {
    const r = q.rolled!;
    const cloak =
      r.round === 1
        ? (['A', 'B'] as const)
            .map((l) => q.cloak?.[l])
            .filter((c) => c != null)
            .map(
              (c) =>
                `${name(c.side)}'s cloak roll ${c.dice.join('+')} = ${c.total}: ${c.enemyShift === 0 ? 'no effect' : `${c.enemyShift > 0 ? '+1' : '−1'} on the enemy's first-round die`}. `,
            )
            .join('')
        : '';
    const side = (l: Side) =>
      `${name(l)}: ComPot ${r.comPot[l].total}, ${dieText(r, l)}, ${r.coefficient[l]}% → **${r.damage[l]}** damage.`;
    const next =
      q.directedResults === null
        ? 'Each side now gives its secret Directed Damage with `/battle quick directed:` (`none` for none); then each allocates.'
        : 'Each side allocates what it took with `/battle quick allocate:` (auto for the default).';
    return `🎲 Battle ${battleId}, SIDCORS round ${r.round}: ${cloak}intensity ${r.bif.A} + ${r.bif.B} = BIR ${r.bir}. ${side('A')} ${side('B')} ${next}`;
  },
  directed: ({ battleId, q, name, state }) => {
    const r = q.rolled!;
    const d = q.directedResults!;
    const left = (l: Side) => r.against[l] - (d[l === 'A' ? 'B' : 'A']?.cost ?? 0);
    return `🎯 Battle ${battleId}, SIDCORS round ${r.round}, Directed Damage (attacker first): ${name('A')} ${directedText(state, d.A)}; ${name('B')} ${directedText(state, d.B)}. Left to allocate: ${name('A')} ${left('A')}, ${name('B')} ${left('B')} — \`/battle quick allocate:\` (auto for the default).`;
  },
  round: ({ battleId, q, name, state }) => {
    const last = q.rounds.at(-1)!;
    const list = (ids: string[]) => ids.map((id) => unitName(state, id)).join(', ') || 'none';
    const shock = (['A', 'B'] as const)
      .map((l) => last.maulerBreakdown?.[l])
      .filter((m): m is MaulerBreakdown => m != null && m.roll !== null)
      .map(
        (m) =>
          ` Mauler ${unitName(state, m.unitId)} shock roll ${m.roll}: ${m.crippled ? 'crippled' : 'holds'} (5–6 cripples).`,
      )
      .join('');
    const carry =
      q.carry.A !== 0 || q.carry.B !== 0
        ? ` Carried to the next round: ${name('A')} ${signed(q.carry.A)}, ${name('B')} ${signed(q.carry.B)}.`
        : '';
    return `💥 Battle ${battleId}, SIDCORS round ${last.round}: crippled ${list(last.crippled)}; destroyed ${list(last.destroyed)}.${shock}${carry} Next round: \`/battle quick intensity:\`, or disengage with \`/battle quick retreat:\`.`;
  },
} satisfies Record<QuickStep, (input: QuickWordsInput) => string>;

/**
 * The announcement of a `BattleQuickUpdated`. Events stored before the step was recorded are read
 * from the state they left, as before.
 */
export function quickUpdateText(step: QuickStep | undefined, input: QuickWordsInput): string {
  const q = input.q;
  const inferred: QuickStep =
    step ??
    (q.rolled
      ? 'rolled'
      : q.rounds.length > 0 && Object.keys(q.intensity).length === 0 && Object.keys(q.allocations).length === 0
        ? 'round'
        : 'secret');
  return QUICK_WORDS[inferred](input);
}
