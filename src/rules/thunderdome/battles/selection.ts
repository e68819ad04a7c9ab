import { refuse } from '../../errors.ts';
import { bpv } from '../../exact/bpv.ts';
import { formatMoveClass } from '../../exact/move-class.ts';
import type { Decider } from '../decider.ts';
import { fleetLimit, sectorLabel } from '../lookup.ts';
import type { Battle } from '../state.ts';
import { NPE, openBattle, participant, sumBpv, unitName } from './common.ts';
import { mySide } from './negotiation.ts';
import { submitNpeForce } from './npe.ts';
import { composeDefendingFleet, isFreeJoiner } from './open.ts';
import { afterSelection } from './progress.ts';
import { battleMcOf } from '../defenses/kinds.ts';
import { bindingFleetSystem, enforceFleetSize, fitFleet, judgeFleet } from './fleet-size-limit.ts';

/**
 * `/battle fleet` (UTD7.421–7.4235): each side names the fleet that fights, as it is. A defender
 * with defenses may name which units of that fleet and of the defenses form the legal battle fleet
 * (move class 5; yards, the capital and permanent repair freighters free); the rest is held out.
 * The NPE runner names catalog units instead (UTD5.467).
 */
export function chooseFleet(d: Decider, ref: string, fleetRef: string | null, unitRefs: string[]): void {
  const b = openBattle(d.state, ref);
  const side = mySide(d, b);
  if (side === NPE)
    return submitNpeForce(
      d,
      ref,
      unitRefs.map((u) => u.trim().toUpperCase()),
    );
  if (b.stage !== 'fleet-selection')
    refuse('battle/selection-closed', 'UTD7.421', `The fleets of battle ${b.id} are already chosen.`);
  const part = participant(b, side);
  if (part.selected) refuse('battle/already-chosen', 'UTD7.421', 'You already chose your battle fleet.');
  const fleets = d.state.fleets.filter((f) => f.owner === side && f.sector === b.sector);
  const bases = d.state.bases.filter((x) => x.owner === side && x.sector === b.sector && !x.pending).map((x) => x.id);
  let fleet = null;
  if (fleetRef) {
    fleet = fleets.find((f) => f.id === fleetRef || String(f.slot) === fleetRef.replace(/^fleet\s*/i, '')) ?? null;
    if (!fleet)
      refuse(
        'fleet/not-here',
        'UTD7.421',
        `You have no fleet \`${fleetRef.slice(0, 20)}\` in ${sectorLabel(d.state, b.sector)}.`,
        fleets.length ? `Your fleets there: ${fleets.map((f) => f.slot).join(', ')}.` : undefined,
      );
  } else if (fleets.length > 1)
    refuse(
      'fleet/which',
      'UTD7.421',
      'You have several fleets here: name the one that fights.',
      `Fleets: ${fleets.map((f) => f.slot).join(', ')}.`,
    );
  else fleet = fleets[0] ?? null;
  const ships = fleet ? d.state.ships.filter((x) => x.fleetId === fleet.id).map((x) => x.id) : [];
  let units: string[];
  let heldOut: string[];
  const limit = bindingFleetSystem(d.state);
  if (unitRefs.length === 0) ({ units, heldOut } = composeDefendingFleet(d, ships, bases));
  else {
    // Under a binding VBSF fleet-size limit the owner removes what does not fit (A.2.11): he may name the units.
    if (bases.length === 0 && limit === null)
      refuse(
        'battle/no-reorganizing',
        'UTD7.423',
        'Without defenses the defender fights with the fleet as it is; only an attacker reorganizes, with order points before combat (UTD7.422).',
      );
    const pool = [...ships, ...bases];
    units = [...new Set(unitRefs.map((u) => u.trim().toUpperCase()))];
    for (const id of units)
      if (!pool.includes(id))
        refuse(
          'battle/not-available',
          'UTD7.4233',
          `${id} is neither in fleet ${fleet?.slot ?? '—'} nor among your defenses here.`,
          `Available: ${pool.join(', ')}.`,
        );
    for (const id of bases) if (isFreeJoiner(d, id) && !units.includes(id)) units.push(id);
    const counted = units.filter((id) => !isFreeJoiner(d, id));
    const mc = counted.reduce((sum, id) => sum + mcOf(d, id), 0);
    if (mc > fleetLimit(d.state))
      refuse(
        'battle/move-cost-limit',
        'UTD7.4233',
        `Those units add up to ${counted.map((id) => `${unitName(d.state, id)} ${formatMoveClass(mcOf(d, id) as never)}`).join(' + ')} = MC ${formatMoveClass(mc as never)} (a defense at its move cost of UTD7.33, with its fighters and PFs, UTD7.24); a battle fleet holds at most MC ${formatMoveClass(fleetLimit(d.state))} (UTD7.23, 7.4233).`,
        'Leave some units out; those left out are held out of the battle (UTD7.4234).',
      );
    heldOut = pool.filter((id) => !units.includes(id));
  }
  enforceFleetSize(
    d,
    units,
    limit
      ? 'Name the units that fight with `units:`; the rest are held out (VBSF: the owner removes units that do not fit).'
      : undefined,
  );
  d.emit({
    type: 'BattleFleetChosen',
    battleId: b.id,
    side,
    fleetId: fleet?.id ?? null,
    units,
    heldOut,
    automatic: false,
  });
  afterSelection(d, b.id);
}

/** A unit's move cost in the battle fleet; defenses count their rule MC (UTD7.4236, defenses/kinds.ts). */
function mcOf(d: Decider, id: string): number {
  return battleMcOf(d.state, d.ctx.catalog, id);
}

/** UTD7.421 default (requirements §6.3): a side that did not choose in 24 h fights with its strongest fleet. */
export function defaultSelections(d: Decider, b: Battle): void {
  for (const part of b.participants) {
    if (part.selected || part.side === NPE) continue;
    const fleets = d.state.fleets.filter((f) => f.owner === part.side && f.sector === b.sector);
    const value = (id: string) =>
      bpv(
        sumBpv(
          d,
          d.state.ships.filter((x) => x.fleetId === id).map((x) => x.id),
        ),
      );
    const strongest = [...fleets].sort((x, y) => value(y.id).cmp(value(x.id)) || x.slot - y.slot)[0] ?? null;
    const ships = strongest ? d.state.ships.filter((x) => x.fleetId === strongest.id).map((x) => x.id) : [];
    const bases = d.state.bases
      .filter((x) => x.owner === part.side && x.sector === b.sector && !x.pending)
      .map((x) => x.id);
    let { units, heldOut } = composeDefendingFleet(d, ships, bases);
    const limit = bindingFleetSystem(d.state);
    if (limit && !judgeFleet(d.state, d.ctx.catalog, limit, units).ok) {
      // A binding fleet-size limit: the strongest units that fit fight, the rest are held out.
      const strongestFirst = [...units].sort((x, y) => bpv(sumBpv(d, [y])).cmp(bpv(sumBpv(d, [x]))));
      const fit = fitFleet(d.state, d.ctx.catalog, limit, strongestFirst) ?? units;
      heldOut = [...heldOut, ...units.filter((id) => !fit.includes(id))];
      units = units.filter((id) => fit.includes(id));
    }
    d.emit({
      type: 'BattleFleetChosen',
      battleId: b.id,
      side: part.side,
      fleetId: strongest?.id ?? null,
      units,
      heldOut,
      automatic: true,
    });
  }
  afterSelection(d, b.id);
}

export function describeFleet(d: Decider, ids: string[]): string {
  return ids.map((id) => unitName(d.state, id)).join(', ') || 'none';
}
