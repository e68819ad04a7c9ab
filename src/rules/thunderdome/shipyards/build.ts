import type { Player } from '../state.ts';
import { refuse } from '../../errors.ts';
import { bpv, bpvToString } from '../../exact/bpv.ts';
import { extraDronePrice } from '../officers/drone-purchase.ts';
import type { Decider } from '../decider.ts';
import { sectorLabel } from '../lookup.ts';
import { checkBuildable } from '../navy-limits.ts';
import type { PendingBuild } from '../state.ts';
import { chooseYard } from './choose.ts';
import { isProblem, planPlacement } from './placement.ts';
import { newShipRecord } from '../condition/attrition.ts';
import { isActivated, yardByRef, yardsOf } from './yards.ts';

/** UTD6.3731: shipyards build warships and freighters (auxiliaries are freighter hulls); nothing else. */
const BUILT_AT_YARDS = ['warship', 'auxiliary', 'freighter'];

/**
 * UTD6.373 BUILD SHIP: at an activated yard of the ship's size class or larger (UTD6.3732), using
 * capacity equal to its MC and costing its BPV (UTD6.3733). The ship arrives at the end of the
 * turn (step 10) in a fleet of the yard's sector, or in dry dock when no fleet can take it
 * (UTD6.3734–6.3735); its place is checked and held now, so the order is refused if there is none.
 */
export function buildShip(
  d: Decider,
  unitId: string,
  yardRef: string | undefined,
  slot: number | null,
  p: Player,
  drones = 0,
): void {
  const turn = d.state.turn!;
  const state = d.state;
  const catalog = d.ctx.catalog;
  const kind = catalog.get(unitId)?.unitKind;
  if (kind !== undefined && !BUILT_AT_YARDS.includes(kind)) {
    refuse(
      'yard/not-a-ship',
      'UTD6.3731',
      `Shipyards build only warships and freighters; ${catalog.get(unitId)!.name} is a ${kind.replace('_', ' ')}.`,
      'Fighters and PFs are replaced with their own order (UTD6.3B), defenses with Revise Defenses (UTD6.3A), shipyards with `/yard construct` (UTD6.38).',
    );
  }
  const unit = checkBuildable(d, p, unitId);
  let sector: string;
  if (yardRef) sector = yardByRef(state, p.id, catalog, yardRef, 'UTD6.37').base.sector;
  else {
    const sectors = [
      ...new Set(
        yardsOf(state, p.id, catalog)
          .filter((y) => isActivated(turn, y))
          .map((y) => y.base.sector),
      ),
    ];
    if (sectors.length === 0)
      refuse(
        'yard/not-activated',
        'UTD6.37',
        'None of your shipyards is activated this turn.',
        'Activate one with `/yard activate` (1 order point).',
      );
    if (sectors.length > 1)
      refuse(
        'yard/which',
        'UTD6.37',
        `Your activated yards are in ${sectors.map((k) => sectorLabel(state, k)).join(' and ')}; name the yard that builds.`,
      );
    sector = sectors[0]!;
  }
  const what = `building ${unit.name}`;
  const y = chooseYard(
    d,
    p,
    turn,
    sector,
    {
      what,
      sizeClass: unit.sizeClass,
      whereMc: unit.mc,
      capacity: unit.mc,
      sizeRule: 'UTD6.3732',
      whereRule: 'UTD6.3733',
    },
    yardRef,
  );
  // Officers and options: extra drones bought with the ship add their price to its BPV (UTD7.A81, 7.A832).
  const cost = bpv(unit.bpv).add(extraDronePrice(state.settings, unit, unit.name, 0, drones));
  if (cost.gt(p.bank))
    refuse(
      'bank/insufficient',
      'UTD6.3733',
      `${unit.name}${drones ? ` with ${drones} extra drones` : ''} costs ${bpvToString(cost)} BPV; your bank holds ${p.bank}.`,
    );
  const reservations = state.pendingBuilds ?? [];
  // A carrier arrives with its fighters and PFs, pooled with the fleet's (UTD7.24).
  const placed = planPlacement(state, catalog, p, y.base.sector, newShipRecord(unit.unitId), {
    slot,
    preferYard: y.base.id,
    reservations,
  });
  if (isProblem(placed)) refuse(...placed.problem);
  const build: PendingBuild = {
    shipId: `S${state.nextId}`,
    owner: p.id,
    unitId: unit.unitId,
    yardId: y.base.id,
    sector: y.base.sector,
    cost: bpvToString(cost),
    slot,
    planned: placed.kind === 'fleet' ? { kind: 'fleet', slot: placed.slot } : { kind: 'dock', yardId: placed.yardId },
    orderedHalfCycle: state.halfCycles,
    ...(drones ? { extraDrones: drones } : {}),
  };
  d.emit({ type: 'YardShipOrdered', build, capacity: unit.mc });
}
