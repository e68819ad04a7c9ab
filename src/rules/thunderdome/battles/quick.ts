import { refuse } from '../../errors.ts';
import {
  checkAllocation,
  defaultAllocation,
  directedPhase,
  finishRound,
  intensityChooser,
  mayUseCloak,
  rollCloak,
  rollRound,
  type AllocationStep,
  type CloakRoll,
  type DirectedOrder,
  type PerSide,
  type RoundResult,
  type Side,
  type SidcorsOptions,
  type SidcorsUnit,
} from '../../sidcors/index.ts';
import type { Decider } from '../decider.ts';
import { adjacentSectors } from '../orders.ts';
import type { Settings } from '../settings.ts';
import type { Battle, BattleResult, CampaignState, QuickState, QuickStep } from '../state.ts';
import type { UnitCatalog } from '../units.ts';
import { NPE, openBattle, unitName } from './common.ts';
import { mySide } from './negotiation.ts';
import { applyResult, validateResult } from './outcome.ts';

const RULE = 'SIDCORS (A.2.14)';

const PLAYABLE: readonly Battle['stage'][] = ['awaiting-contact', 'awaiting-response', 'in-play', 'negotiating'];

/** What one `/battle quick` gives; at most one of the action groups is read, in the order of `quick`. */
export interface QuickAction {
  intensity?: number;
  /** The enemy's intensity, when the enemy has only units that cannot retreat (A.2.14 step 1). */
  enemyIntensity?: number;
  /** false: decline the cloak roll (before the first round only). */
  cloak?: boolean;
  /** Secret Directed Damage order: `none`, `S12 cripple`, `S12 kill`, `S12 fighters 3, S13 fighters 1`. */
  directed?: string;
  /** The mauler that pays the Directed Damage at 1:1. */
  mauler?: string;
  allocate?: string;
  retreat?: string;
}

/** SIDCORS position A is the first side: the current player, who moved in (UTD7.451), so the attacker (digest V21). */
function sideLetter(b: Battle, side: string): Side {
  return b.sides.indexOf(side) === 0 ? 'A' : 'B';
}

function sideOf(b: Battle, letter: Side): string {
  return b.sides[letter === 'A' ? 0 : 1]!;
}

/** The campaign's SIDCORS options (settings `sidcors.*`, docs/rules-notes.md "SIDCORS"). */
export function sidcorsOptionsOf(settings: Settings): SidcorsOptions {
  return {
    plusMinus: settings['sidcors.plusMinus'],
    fightersInComPot: settings['sidcors.fightersInComPot'],
    bothScouts: settings['sidcors.bothScouts'] === 'cancel' ? 'cancel' : 'net',
  };
}

/**
 * The battle fleets as SIDCORS units, from the catalog: `sidcors_factors` (required), `is_mauler`,
 * `sidcors_ew` (a scout, with its EW) and `sidcors_cloak`; bases cannot retreat.
 */
export function quickForces(state: CampaignState, catalog: UnitCatalog, b: Battle): SidcorsUnit[] {
  const units: SidcorsUnit[] = [];
  for (const part of b.participants) {
    for (const id of part.units) {
      const ship = state.ships.find((s) => s.id === id);
      const base = state.bases.find((x) => x.id === id);
      const npe = b.npe?.force.find((f) => f.id === id);
      const unitId = ship?.unitId ?? base?.unitId ?? npe?.unitId ?? '';
      const info = catalog.get(unitId);
      if (!info?.sidcorsFactors)
        refuse(
          'quick/no-factors',
          RULE,
          `${unitName(state, id)} has no SIDCORS factors in the ship catalog, so this battle cannot be resolved quickly.`,
          'The admin can add the `sidcors_factors` column to the catalog (`/catalog import`).',
        );
      const ew = info.sidcorsEw ?? 0;
      units.push({
        id,
        side: sideLetter(b, part.side),
        factors: info.sidcorsFactors,
        crippled: ship?.crippled ?? false,
        flags: {
          ...(info.isMauler ? { mauler: true } : {}),
          ...(ew > 0 ? { scout: true, ew } : {}),
          ...(info.sidcorsCloak ? { cloak: true } : {}),
          ...(base ? { cannotRetreat: true } : {}),
        },
      });
    }
  }
  return units;
}

function save(d: Decider, b: Battle, q: QuickState, step: QuickStep): void {
  d.emit({ type: 'BattleQuickUpdated', battleId: b.id, quick: q, step });
}

/** The Directed Damage orders given so far, by side letter (`none` left out). */
function ordersOf(b: Battle, q: QuickState): Partial<PerSide<DirectedOrder>> {
  const out: Partial<PerSide<DirectedOrder>> = {};
  for (const [side, order] of Object.entries(q.directed ?? {})) if (order !== 'none') out[sideLetter(b, side)] = order;
  return out;
}

/**
 * `/battle quick`: both sides agree to SIDCORS by giving their first secret battle intensity
 * (1–4); each round is rolled once both are in (with the scouts' shifts, and before round 1 the
 * cloak roll of a force made entirely of cloaking ships); then, if the campaign uses Directed
 * Damage, each side secretly names its Directed Damage (or none), revealed and applied attacker
 * first once both are in; each owner then allocates what is left (or takes the automatic
 * allocation); a side may retreat through a lane between rounds. The battle ends when a side
 * retreats or is destroyed, and the result applies as any other.
 */
export function quick(d: Decider, ref: string, action: QuickAction): void {
  const b = openBattle(d.state, ref);
  const side = mySide(d, b);
  if (b.sides.length !== 2) refuse('quick/two-sides', RULE, 'SIDCORS resolves battles between two sides.');
  if (!PLAYABLE.includes(b.stage))
    refuse(
      'quick/not-ready',
      RULE,
      `Battle ${b.id} is ${b.stage.replace('-', ' ')}; quick resolution starts once the fleets and setup are known.`,
    );
  const q = b.quick ?? {
    agreed: [],
    intensity: {},
    allocations: {},
    units: quickForces(d.state, d.ctx.catalog, b),
    carry: { A: 0, B: 0 },
    rolled: null,
    rounds: [],
    fates: {},
  };
  if (action.retreat) return retreat(d, b, q, side, action.retreat);
  if (action.directed !== undefined) return direct(d, b, q, side, action.directed, action.mauler);
  if (action.mauler !== undefined)
    refuse('quick/mauler-alone', `${RULE} step 6`, 'Name the mauler together with a `directed:` order.');
  if (action.allocate) return allocate(d, b, q, side, action.allocate);
  return intensity(d, b, q, side, action);
}

function intensity(d: Decider, b: Battle, q0: QuickState, side: string, action: QuickAction): void {
  let q = q0;
  const rule = `${RULE} step 1`;
  if (q.rolled)
    refuse(
      'quick/allocate-first',
      RULE,
      'Finish the rolled round first: Directed Damage, if any, then `allocate:` (`allocate:auto` takes the default).',
    );
  if (action.cloak !== undefined) {
    if (q.rounds.length > 0)
      refuse('quick/cloak-late', RULE_CLOAK, 'The cloak roll is made before the first round only.');
    if (!mayUseCloak(q.units, sideLetter(b, side)))
      refuse(
        'sidcors/not-all-cloaked',
        RULE_CLOAK,
        'Only a force made entirely of cloaking (Romulan or Orion) ships makes the cloak roll.',
      );
    if (action.cloak === false) q = { ...q, cloakDeclined: [...new Set([...(q.cloakDeclined ?? []), side])] };
    else q = { ...q, cloakDeclined: (q.cloakDeclined ?? []).filter((s) => s !== side) };
  }
  // "If one side has ONLY units that cannot retreat, the OTHER side picks both" (A.2.14 step 1).
  const chooser = intensityChooser(q.units);
  const mine = sideLetter(b, side);
  const bif = action.intensity;
  if (chooser !== 'each' && chooser !== mine) {
    if (bif !== undefined || action.enemyIntensity !== undefined)
      refuse(
        'quick/intensity-not-yours',
        rule,
        'Your force has only units that cannot retreat (bases, planets, FRDs, convoys), so the other side chooses both battle intensity factors.',
        q.agreed.includes(side) ? undefined : 'Agree to the quick resolution with `/battle quick` and no intensity.',
      );
    if (q.agreed.includes(side))
      refuse('quick/agreed', rule, 'You have agreed; the other side chooses both intensities.');
    q = { ...q, agreed: q.agreed.includes(side) ? q.agreed : [...q.agreed, side] };
    return rollIfReady(d, b, q, 'agreed');
  }
  if (bif === undefined && action.cloak !== undefined) return save(d, b, q, 'secret');
  if (bif === undefined || !Number.isInteger(bif) || bif < 1 || bif > 4)
    refuse('quick/intensity', rule, 'Give a battle intensity factor from 1 to 4.');
  if (q.intensity[side] !== undefined)
    refuse(
      'quick/intensity-given',
      rule,
      'You already chose your intensity for this round; it stays secret until the other side chooses.',
    );
  const enemy = b.sides.find((s) => s !== side)!;
  const given: Record<string, number> = { [side]: bif };
  if (chooser === mine) {
    const theirs = action.enemyIntensity;
    if (theirs === undefined || !Number.isInteger(theirs) || theirs < 1 || theirs > 4)
      refuse(
        'quick/enemy-intensity',
        rule,
        'The other side has only units that cannot retreat, so you choose both battle intensity factors: give `enemy_intensity:` from 1 to 4 as well.',
      );
    given[enemy] = theirs;
  } else if (action.enemyIntensity !== undefined) {
    refuse('quick/enemy-intensity', rule, 'Each side chooses its own battle intensity factor here.');
  }
  q = {
    ...q,
    agreed: q.agreed.includes(side) ? q.agreed : [...q.agreed, side],
    intensity: { ...q.intensity, ...given },
  };
  return rollIfReady(d, b, q, 'secret');
}

const RULE_CLOAK = `${RULE} cloaked ships`;

/** Rolls the round (steps 2–5) once both intensities are in and, with a chooser, the other side agreed. */
function rollIfReady(d: Decider, b: Battle, q0: QuickState, waiting: QuickStep): void {
  let q = q0;
  const ready = b.sides.every((s) => q.intensity[s] !== undefined) && b.sides.every((s) => q.agreed.includes(s));
  if (!ready) return save(d, b, q, waiting);
  const round = q.rounds.length + 1;
  let extraShifts: Partial<PerSide<number>> = {};
  if (round === 1) {
    // Before round 1: a force made entirely of cloaking ships rolls 2d6 unless it declined;
    // the result shifts the ENEMY's die in the first round only.
    const cloak: PerSide<CloakRoll | null> = { A: null, B: null };
    for (const letter of ['A', 'B'] as const) {
      if (mayUseCloak(q.units, letter) && !(q.cloakDeclined ?? []).includes(sideOf(b, letter)))
        cloak[letter] = rollCloak(q.units, letter, d.ctx.dice);
    }
    q = { ...q, cloak };
    extraShifts = { A: cloak.B?.enemyShift ?? 0, B: cloak.A?.enemyShift ?? 0 };
  }
  const rolled = rollRound(
    {
      units: q.units,
      bif: { A: q.intensity[sideOf(b, 'A')]!, B: q.intensity[sideOf(b, 'B')]! },
      round,
      carry: q.carry,
      extraShifts,
      attacker: 'A',
      options: sidcorsOptionsOf(d.state.settings),
    },
    d.ctx.dice,
  );
  const directedOn = d.state.settings['sidcors.directedDamage'];
  save(
    d,
    b,
    {
      ...q,
      rolled,
      intensity: {},
      allocations: {},
      directed: {},
      directedResults: directedOn ? null : { A: null, B: null },
    },
    'rolled',
  );
}

/** Step 6: one side's secret Directed Damage order; both in, they are applied attacker first. */
function direct(d: Decider, b: Battle, q: QuickState, side: string, text: string, mauler: string | undefined): void {
  const rule = `${RULE} step 6`;
  if (!d.state.settings['sidcors.directedDamage'])
    refuse(
      'quick/no-directed',
      rule,
      'This campaign plays SIDCORS without Directed Damage (setting `sidcors.directedDamage`).',
      'Allocate the damage you took with `allocate:`.',
    );
  if (!q.rolled) refuse('quick/no-round', RULE, 'No round is rolled; give your battle intensity first.');
  if (q.directedResults)
    refuse('quick/directed-done', rule, 'Directed Damage of this round is already revealed; allocate now.');
  if (q.directed?.[side] !== undefined)
    refuse(
      'quick/directed-given',
      rule,
      'You already gave your Directed Damage for this round; it stays secret until the other side gives its own.',
    );
  const letter = sideLetter(b, side);
  const order = parseDirected(text, mauler);
  // Checked now against the points this side scored, so a player hears at once what he cannot afford.
  if (order !== 'none') directedPhase(q.rolled, { [letter]: order });
  const directed = { ...(q.directed ?? {}), [side]: order };
  if (!b.sides.every((s) => directed[s] !== undefined)) return save(d, b, { ...q, directed }, 'secret');
  const next = { ...q, directed };
  const phase = directedPhase(q.rolled, ordersOf(b, next));
  save(d, b, { ...next, directedResults: phase.directed }, 'directed');
}

/** `none` | `S12 cripple` | `S12 kill` | `S12 fighters 3, S13 fighters 1`. */
function parseDirected(text: string, mauler: string | undefined): DirectedOrder | 'none' {
  const rule = `${RULE} step 6`;
  const t = text.trim();
  const maulerId = mauler?.trim().toUpperCase();
  const withMauler = maulerId ? { maulerId } : {};
  if (/^none$/i.test(t)) {
    if (maulerId) refuse('quick/mauler-alone', rule, 'A mauler pays for Directed Damage; with `none` there is none.');
    return 'none';
  }
  const unit = /^(\S+)\s+(cripple|kill)$/i.exec(t);
  if (unit) {
    const action = unit[2]!.toLowerCase() === 'kill' ? 'kill' : 'cripple';
    return { kind: 'unit', target: unit[1]!.toUpperCase(), action, ...withMauler };
  }
  const parts = t.split(',').map((p) => /^(\S+)\s+fighters?\s+(\d{1,3})$/i.exec(p.trim()));
  if (t.length > 0 && parts.every((m) => m !== null))
    return {
      kind: 'fighters',
      targets: parts.map((m) => ({ unitId: m![1]!.toUpperCase(), count: Number(m![2]) })),
      ...withMauler,
    };
  return refuse(
    'quick/bad-directed',
    rule,
    `\`${t.slice(0, 40)}\` is not a Directed Damage order.`,
    'Write `none`, `<unit> cripple`, `<unit> kill`, or `<unit> fighters <n>` (several, comma-separated).',
  );
}

function allocate(d: Decider, b: Battle, q: QuickState, side: string, text: string): void {
  if (!q.rolled)
    refuse('quick/no-round', RULE, 'No round is waiting for allocation; give your battle intensity first.');
  // null: this round's Directed Damage is still to come (undefined: a round rolled before it existed).
  if (q.directedResults === null)
    refuse(
      'quick/directed-first',
      `${RULE} step 6`,
      'Directed Damage comes before allocation: both sides give `directed:` (or `directed:none`) first.',
    );
  if (q.allocations[side]) refuse('quick/allocated', RULE, 'You already allocated the damage of this round.');
  const steps: AllocationStep[] | 'auto' = text.trim().toLowerCase() === 'auto' ? 'auto' : parseSteps(text);
  // Checked now, against the damage left after Directed Damage, rather than when the other side allocates.
  if (steps !== 'auto') checkAllocation(q.rolled, sideLetter(b, side), steps, ordersOf(b, q));
  const next: QuickState = { ...q, allocations: { ...q.allocations, [side]: steps } };
  if (b.sides.every((s) => next.allocations[s])) return finish(d, b, next);
  return save(d, b, next, 'secret');
}

/** `S12 cripple, S13 destroy, S14 fighter 2` → allocation steps. */
function parseSteps(text: string): AllocationStep[] {
  return text.split(',').map((part) => {
    const [id, step, count] = part.trim().split(/\s+/);
    if (!id || (step !== 'cripple' && step !== 'destroy' && step !== 'fighter'))
      refuse(
        'quick/bad-allocation',
        `${RULE} step 7`,
        `\`${part.trim().slice(0, 30)}\` is not \`<unit> cripple|destroy|fighter [n]\`.`,
      );
    return count ? { unitId: id.toUpperCase(), step, count: Number(count) } : { unitId: id.toUpperCase(), step };
  });
}

function finish(d: Decider, b: Battle, q: QuickState): void {
  const directed = ordersOf(b, q);
  const alloc = (letter: Side) => {
    const a = q.allocations[sideOf(b, letter)];
    return a === 'auto' || !a ? defaultAllocation(q.rolled!, letter, directed) : a;
  };
  const result: RoundResult = finishRound(
    q.rolled!,
    { directed, allocation: { A: alloc('A'), B: alloc('B') } },
    d.ctx.dice,
  );
  const fates = { ...q.fates };
  for (const id of result.crippledNow) fates[id] = 'crippled';
  for (const id of result.destroyedNow) fates[id] = 'destroyed';
  const record: QuickState['rounds'][number] = {
    round: result.round,
    bif: result.bif,
    damage: result.damage,
    crippled: result.crippledNow,
    destroyed: result.destroyedNow,
    directed: result.directed,
    maulerBreakdown: result.maulerBreakdown,
  };
  const next: QuickState = {
    ...q,
    units: result.units,
    carry: result.carryOut,
    rolled: null,
    allocations: {},
    directed: {},
    directedResults: null,
    rounds: [...q.rounds, record],
    fates,
  };
  save(d, b, next, 'round');
  const dead = (['A', 'B'] as const).filter((s) => result.sideDestroyed[s]);
  if (dead.length === 0) return;
  // A side with no unit left has lost; if both died, the defender's planet or bases decide nothing more: the attacker holds.
  const loser = sideOf(b, dead.includes('B') ? 'B' : 'A');
  const winner = b.sides.find((s) => s !== loser)!;
  conclude(d, b, next, winner, null);
}

function retreat(d: Decider, b: Battle, q: QuickState, side: string, to: string): void {
  if (q.rolled) refuse('quick/allocate-first', RULE, 'Finish the rolled round first; a side retreats between rounds.');
  if (q.rounds.length === 0) refuse('quick/no-round-yet', 'UTD7.461', 'Fight at least one round before disengaging.');
  if (side === NPE) refuse('quick/npe-retreat', 'UTD5.421', 'The NPE does not leave its sector.');
  const lanes = adjacentSectors(d.state, b.sector);
  const key =
    lanes.find((l) => l.toLowerCase() === to.trim().toLowerCase()) ??
    d.state.map!.sectors.find((s) => s.name?.toLowerCase() === to.trim().toLowerCase() && lanes.includes(s.key))?.key;
  if (!key) refuse('result/no-lane', 'UTD7.46', `There is no warp lane to \`${to.slice(0, 30)}\` from this sector.`);
  conclude(d, b, q, b.sides.find((s) => s !== side)!, { side, to: key });
}

/** The SIDCORS outcome as a battle result, applied like an agreed one (requirements §6.3 APPLYING). */
function conclude(
  d: Decider,
  b: Battle,
  q: QuickState,
  winner: string,
  retreatOf: { side: string; to: string } | null,
): void {
  const units: BattleResult['units'] = {};
  for (const [id, fate] of Object.entries(q.fates)) units[id] = { fate };
  const retreats: Record<string, string> = {};
  const loser = b.sides.find((s) => s !== winner)!;
  if (retreatOf) retreats[retreatOf.side] = retreatOf.to;
  else if (
    loser !== NPE &&
    d.state.fleets.some(
      (f) =>
        f.owner === loser &&
        f.sector === b.sector &&
        d.state.ships.some((s) => s.fleetId === f.id && units[s.id]?.fate !== 'destroyed'),
    )
  ) {
    // UTD7.46722: the loser's other fleets leave by a lane of its choice; unasked, the way it came, else a rolled lane.
    const lanes = adjacentSectors(d.state, b.sector);
    const entry = b.entry[loser];
    retreats[loser] =
      entry && lanes.includes(entry)
        ? entry
        : lanes[
            d.ctx.dice.roll(lanes.length, 1, `quick battle ${b.id}: lane for ${loser}'s remaining fleets`)[0]! - 1
          ]!;
  }
  const result = validateResult(d, b, {
    winner,
    units,
    retreats,
    provisional: [],
    planetDamage: 0,
    note: `SIDCORS, ${q.rounds.length} round${q.rounds.length === 1 ? '' : 's'}`,
  });
  applyResult(d, b.id, result, 'quick');
}
