import { refuse } from '../../errors.ts';
import {
  defaultAllocation,
  finishRound,
  rollRound,
  type AllocationStep,
  type RoundResult,
  type Side,
  type SidcorsUnit,
} from '../../sidcors/index.ts';
import type { Decider } from '../decider.ts';
import { adjacentSectors } from '../orders.ts';
import type { Battle, BattleResult, QuickState } from '../state.ts';
import { NPE, openBattle, unitName } from './common.ts';
import { mySide } from './negotiation.ts';
import { applyResult, validateResult } from './outcome.ts';

const RULE = 'SIDCORS (A.2.14)';

const PLAYABLE: readonly Battle['stage'][] = ['awaiting-contact', 'awaiting-response', 'in-play', 'negotiating'];

function sideLetter(b: Battle, side: string): Side {
  return b.sides.indexOf(side) === 0 ? 'A' : 'B';
}

function sideOf(b: Battle, letter: Side): string {
  return b.sides[letter === 'A' ? 0 : 1]!;
}

/** The battle fleets as SIDCORS units, from the optional catalog column `sidcors_factors`. */
function forces(d: Decider, b: Battle): SidcorsUnit[] {
  const units: SidcorsUnit[] = [];
  for (const part of b.participants) {
    for (const id of part.units) {
      const ship = d.state.ships.find((s) => s.id === id);
      const base = d.state.bases.find((x) => x.id === id);
      const npe = b.npe?.force.find((f) => f.id === id);
      const unitId = ship?.unitId ?? base?.unitId ?? npe?.unitId ?? '';
      const info = d.ctx.catalog.get(unitId);
      if (!info?.sidcorsFactors)
        refuse(
          'quick/no-factors',
          RULE,
          `${unitName(d.state, id)} has no SIDCORS factors in the ship catalog, so this battle cannot be resolved quickly.`,
          'The admin can add the `sidcors_factors` column to the catalog (`/catalog import`).',
        );
      units.push({
        id,
        side: sideLetter(b, part.side),
        factors: info.sidcorsFactors,
        crippled: ship?.crippled ?? false,
        flags: { ...(info.isMauler ? { mauler: true } : {}), ...(base ? { cannotRetreat: true } : {}) },
      });
    }
  }
  return units;
}

function save(d: Decider, b: Battle, q: QuickState): void {
  d.emit({ type: 'BattleQuickUpdated', battleId: b.id, quick: q });
}

/**
 * `/battle quick`: both sides agree to SIDCORS by giving their first secret battle intensity
 * (1–4); each round is rolled once both are in; each owner then allocates the damage it took
 * (or takes the automatic allocation); a side may retreat through a lane between rounds. The
 * battle ends when a side retreats or is destroyed, and the result applies as any other.
 */
export function quick(
  d: Decider,
  ref: string,
  action: { intensity?: number; allocate?: string; retreat?: string },
): void {
  const b = openBattle(d.state, ref);
  const side = mySide(d, b);
  if (b.sides.length !== 2) refuse('quick/two-sides', RULE, 'SIDCORS resolves battles between two sides.');
  if (!PLAYABLE.includes(b.stage))
    refuse(
      'quick/not-ready',
      RULE,
      `Battle ${b.id} is ${b.stage.replace('-', ' ')}; quick resolution starts once the fleets and setup are known.`,
    );
  let q = b.quick ?? {
    agreed: [],
    intensity: {},
    allocations: {},
    units: forces(d, b),
    carry: { A: 0, B: 0 },
    rolled: null,
    rounds: [],
    fates: {},
  };
  if (action.retreat) return retreat(d, b, q, side, action.retreat);
  if (action.allocate) {
    if (!q.rolled)
      refuse('quick/no-round', RULE, 'No round is waiting for allocation; give your battle intensity first.');
    if (q.allocations[side]) refuse('quick/allocated', RULE, 'You already allocated the damage of this round.');
    const steps = action.allocate.trim().toLowerCase() === 'auto' ? 'auto' : parseSteps(action.allocate);
    q = { ...q, allocations: { ...q.allocations, [side]: steps } };
    if (b.sides.every((s) => q.allocations[s])) return finish(d, b, q);
    return save(d, b, q);
  }
  const bif = action.intensity;
  if (bif === undefined || !Number.isInteger(bif) || bif < 1 || bif > 4)
    refuse('quick/intensity', `${RULE} step 1`, 'Give a battle intensity factor from 1 to 4.');
  if (q.rolled)
    refuse(
      'quick/allocate-first',
      RULE,
      'Allocate the damage of the rolled round first (`allocate:auto` takes the default).',
    );
  if (q.intensity[side] !== undefined)
    refuse(
      'quick/intensity-given',
      `${RULE} step 1`,
      'You already chose your intensity for this round; it stays secret until the other side chooses.',
    );
  q = {
    ...q,
    agreed: q.agreed.includes(side) ? q.agreed : [...q.agreed, side],
    intensity: { ...q.intensity, [side]: bif },
  };
  if (!b.sides.every((s) => q.intensity[s] !== undefined)) return save(d, b, q);
  // Both are in: roll the round (steps 2–5).
  const rolled = rollRound(
    {
      units: q.units,
      bif: { A: q.intensity[sideOf(b, 'A')]!, B: q.intensity[sideOf(b, 'B')]! },
      round: q.rounds.length + 1,
      carry: q.carry,
      attacker: 'A',
    },
    d.ctx.dice,
  );
  save(d, b, { ...q, rolled, intensity: {}, allocations: {} });
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
  const alloc = (letter: Side) => {
    const a = q.allocations[sideOf(b, letter)];
    return a === 'auto' || !a ? defaultAllocation(q.rolled!, letter) : a;
  };
  const result: RoundResult = finishRound(q.rolled!, { allocation: { A: alloc('A'), B: alloc('B') } }, d.ctx.dice);
  const fates = { ...q.fates };
  for (const id of result.crippledNow) fates[id] = 'crippled';
  for (const id of result.destroyedNow) fates[id] = 'destroyed';
  const record = {
    round: result.round,
    bif: result.bif,
    damage: result.damage,
    crippled: result.crippledNow,
    destroyed: result.destroyedNow,
  };
  const next: QuickState = {
    ...q,
    units: result.units,
    carry: result.carryOut,
    rolled: null,
    allocations: {},
    rounds: [...q.rounds, record],
    fates,
  };
  save(d, b, next);
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
