import { z } from 'zod';
import { refuse } from '../errors.ts';
import { requireInYear } from './availability.ts';
import type { Decider } from './decider.ts';
import { empireUnit, restrictedUnitAllowed } from './navy-limits.ts';
import type { OrderTable } from './order-spec.ts';
import type { Base, Player } from './state.ts';
import type { UnitInfo } from './units.ts';

/**
 * UTD8.134: the home's starting defenses are a monitor, 3 GBDP and 3 DefSats, "player choice": the
 * bot places the catalog's first unit of each kind when the setup begins, and the player may swap
 * any of them for another variant of the same kind (a monitor for a monitor, a small defense
 * ground base for a small defense ground base, a DefSat for a DefSat) of the empire or neutral,
 * available in the starting year, until declaring ready. Free, like the defenses themselves.
 */
export type SetupDefenseCommand = { type: 'setup-defense'; base: string; unitId: string };

/** What a starting defense may be swapped for: the same kind and, for a ground base, size and role. */
function sameVariantKind(a: UnitInfo, b: UnitInfo): boolean {
  if (a.unitKind !== b.unitKind) return false;
  if (a.unitKind !== 'ground_base') return true;
  return a.groundBaseSize === b.groundBaseSize && (a.groundBaseRole ?? 'defense') === (b.groundBaseRole ?? 'defense');
}

const KIND_WORDS: Record<string, string> = {
  monitor: 'monitor',
  ground_base: 'GBDP (small defense ground base)',
  defsat: 'DefSat',
};

export function chooseStartingDefense(d: Decider, baseRef: string, unitId: string, p: Player): void {
  const state = d.state;
  if (state.status !== 'setup')
    refuse('setup/not-now', 'UTD8.134', 'The starting defenses are chosen during the setup.');
  if (p.ready)
    refuse(
      'setup/already-ready',
      'UTD8.134',
      'You declared your forces ready; run `/setup ready ready:false` first to change them.',
    );
  const id = baseRef.trim().toUpperCase();
  const base: Base | undefined = state.bases.find(
    (b) => b.id === id && b.owner === p.id && b.role === 'defense' && b.sector === p.homeSector,
  );
  if (!base) {
    const mine = state.bases.filter((b) => b.owner === p.id && b.role === 'defense').map((b) => `${b.id} ${b.unitId}`);
    refuse(
      'setup/not-a-starting-defense',
      'UTD8.134',
      `\`${baseRef.slice(0, 20)}\` is not one of your starting defenses.`,
      mine.length ? `Yours: ${mine.join(', ')}.` : undefined,
    );
  }
  const current = d.ctx.catalog.get(base.unitId);
  const unit = empireUnit(p, d.ctx.catalog.get(unitId.trim()), unitId);
  if (!current || !sameVariantKind(current, unit))
    refuse(
      'setup/defense-variant',
      'UTD8.134',
      `${unit.name} cannot replace ${base.unitId}: choose another ${KIND_WORDS[current?.unitKind ?? ''] ?? 'unit of the same kind'}.`,
    );
  requireInYear(state, unit, 'UTD8.12');
  if (unit.restricted && !restrictedUnitAllowed(state, unit.unitId))
    refuse('unit/restricted', 'UTD8.21', `${unit.name} is a restricted unit (${unit.restricted}); it needs a vote.`);
  if (unit.unitId === base.unitId) refuse('setup/no-change', 'UTD8.134', `${base.id} is already ${unit.name}.`);
  d.emit({ type: 'StartingDefenseChosen', baseId: base.id, playerId: p.id, from: base.unitId, unitId: unit.unitId });
}

export const SETUP_DEFENSE_ORDERS = {
  'setup-defense': {
    input: z.object({ base: z.string(), unitId: z.string() }),
    who: 'player',
    decide: (d, c, p) => chooseStartingDefense(d, c.base, c.unitId, p),
  },
} satisfies OrderTable<SetupDefenseCommand>;
