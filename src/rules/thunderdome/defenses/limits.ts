import { refuse } from '../../errors.ts';
import { formatMoveClass } from '../../exact/move-class.ts';
import type { Base } from '../state.ts';
import type { UnitInfo } from '../units.ts';
import { defenseCategory } from './kinds.ts';

/** UTD7.34: per sector at most 1 monitor, 6 ground bases and 5 DefSats. */
export const DEFENSE_LIMITS = { monitor: 1, groundBase: 6, defsat: 5 } as const;

/** UTD7.34: where no ground base fits, up to 2 MC of defending ships (120 sixtieths), ≤ 1 SC3 command ship, ≤ 6 SC4 ships. */
export const DEFENDING_SHIPS = { maxMc: 120, sc3: 1, sc4: 6 } as const;

/** One unit of a sector's defenses as it would stand after an order. */
export interface PlannedDefense {
  unit: UnitInfo;
  role: Base['role'];
  /** Bought by this order (the defending-ship limits of UTD7.34 bind purchases, not UTD8.134's starting ships). */
  isNew: boolean;
}

export interface SectorFacts {
  label: string;
  groundBaseSite: boolean;
  maxSupportingRf: number;
}

/**
 * Refuses a sector's defenses that break UTD7.34 (or UTD7.25#2 for a large ground base): the
 * counts of monitors, ground bases (only with a planet, moon or asteroid) and DefSats, the
 * supporting repair freighters (ISS-A34), and the defending ships a fortified sector without a
 * ground-base site may have instead: at most 2 MC together, at most one size-class-3 ship which
 * must be a command ship, at most six of size class 4, none of any other size.
 */
export function checkSectorDefenses(planned: readonly PlannedDefense[], facts: SectorFacts): void {
  const of = (c: ReturnType<typeof defenseCategory>) =>
    planned.filter((x) => defenseCategory(x.unit) === c && x.role !== 'capital-rf');
  const where = facts.label;
  const large = planned.find((x) => x.unit.unitKind === 'ground_base' && x.unit.groundBaseSize === 'large');
  if (large)
    refuse(
      'defense/large-base',
      'UTD7.25#2',
      `${large.unit.name} is a large ground base; large ground bases (MB, BS or larger) are not allowed as defenses.`,
    );
  const monitors = of('monitor');
  if (monitors.length > DEFENSE_LIMITS.monitor)
    refuse(
      'defense/monitor-limit',
      'UTD7.34',
      `${where} would have ${monitors.length} monitors; a sector's defenses hold at most 1.`,
    );
  const grounds = of('ground-base');
  if (grounds.some((x) => x.isNew) && !facts.groundBaseSite) {
    refuse(
      'defense/no-ground-base-site',
      'UTD7.34',
      `${where} has no planet, moon or asteroid for ground bases.`,
      'A fortified sector without a ground-base site may instead have up to 2 MC of defending ships (UTD7.34).',
    );
  }
  if (grounds.length > DEFENSE_LIMITS.groundBase)
    refuse(
      'defense/ground-base-limit',
      'UTD7.34',
      `${where} would have ${grounds.length} ground bases; a sector's defenses hold at most 6.`,
    );
  const defsats = of('defsat');
  if (defsats.length > DEFENSE_LIMITS.defsat)
    refuse(
      'defense/defsat-limit',
      'UTD7.34',
      `${where} would have ${defsats.length} DefSats; a sector's defenses hold at most 5.`,
    );
  const rfs = planned.filter((x) => x.role === 'supporting-rf');
  if (rfs.length > facts.maxSupportingRf)
    refuse(
      'defense/repair-freighter-limit',
      'ISS-A34',
      `${where} would have ${rfs.length} supporting repair freighters; a sector may have ${facts.maxSupportingRf} (\`defense.maxSupportingRf\`).`,
    );
  checkDefendingShips(
    planned.filter((x) => x.role === 'defending-ship'),
    facts,
  );
}

function checkDefendingShips(ships: readonly PlannedDefense[], facts: SectorFacts): void {
  if (!ships.some((x) => x.isNew)) return;
  const where = facts.label;
  if (facts.groundBaseSite) {
    refuse(
      'defense/ships-where-bases-fit',
      'UTD6.3A',
      `${where} can support ground bases, so no ships may be added to its defenses (only monitors; defending ships are for fortified sectors without a ground-base site, UTD7.34).`,
    );
  }
  for (const { unit } of ships) {
    if (unit.sizeClass === 3 && !unit.isCommandShip)
      refuse(
        'defense/sc3-not-command',
        'UTD7.34',
        `${unit.name} is a size-class-3 ship but not a command ship; the one SC3 defending ship must be a command ship.`,
      );
    if (unit.sizeClass !== 3 && unit.sizeClass !== 4)
      refuse(
        'defense/ship-size',
        'UTD7.34',
        `${unit.name} is size class ${unit.sizeClass}; defending ships are one SC3 command ship and SC4 ships.`,
      );
  }
  const sc3 = ships.filter((x) => x.unit.sizeClass === 3).length;
  if (sc3 > DEFENDING_SHIPS.sc3)
    refuse(
      'defense/sc3-limit',
      'UTD7.34',
      `${where} would have ${sc3} size-class-3 defending ships; at most 1 (a command ship).`,
    );
  const sc4 = ships.filter((x) => x.unit.sizeClass === 4).length;
  if (sc4 > DEFENDING_SHIPS.sc4)
    refuse('defense/sc4-limit', 'UTD7.34', `${where} would have ${sc4} size-class-4 defending ships; at most 6.`);
  const mc = ships.reduce((sum, x) => sum + x.unit.mc, 0);
  if (mc > DEFENDING_SHIPS.maxMc)
    refuse(
      'defense/ships-mc-limit',
      'UTD7.34',
      `The defending ships of ${where} would add up to MC ${formatMoveClass(mc as never)}; at most 2.`,
    );
}
