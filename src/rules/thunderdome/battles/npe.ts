import { formatMoveClass } from '../../exact/move-class.ts';
import { requireInYear } from '../availability.ts';
import { fleetLimit } from '../lookup.ts';
import { refuse } from '../../errors.ts';
import { bpv, bpvToString } from '../../exact/bpv.ts';
import type { Decider } from '../decider.ts';
import { empireCode } from '../empires.ts';
import type { EmpireKey } from '../empires.ts';
import type { CampaignState, Player } from '../state.ts';
import type { UnitInfo } from '../units.ts';
import { battleByRef, NPE, openBattle } from './common.ts';
import { afterSelection } from './progress.ts';
import { anschluss, bestTribute, grantShips, isAnschluss, npeAvailable, npeCheck, npeUnits } from './npe-tribute.ts';

export { anschluss, bestTribute, grantShips, isAnschluss, npeAvailable, npeCheck };
// UTD5.43–5.44: who runs the NPE (npe-runner.ts).
export { volunteer } from './npe-runner.ts';
import { defenseBattleMc } from '../defenses/kinds.ts';

/** UTD5.467x: the runner builds the NPE force from the NPE empire's units of the year, within its BPV and a move class of 5. */
export function submitNpeForce(d: Decider, ref: string, unitIds: string[]): void {
  const b = openBattle(d.state, ref);
  if (!b.npe || b.npe.runner !== d.ctx.actor.userId)
    refuse('npe/not-runner', 'UTD5.46', 'Only the NPE runner builds the NPE force.');
  if (b.stage !== 'fleet-selection')
    refuse('npe/force-set', 'UTD5.461', 'The NPE force is already built for this battle.');
  if (unitIds.length === 0) refuse('npe/empty-force', 'UTD5.461', 'Name at least one unit for the NPE force.');
  const code = empireCode(b.npe.empire as EmpireKey);
  let total = bpv(0);
  let mc = 0;
  const force = unitIds.map((unitId, i) => {
    const unit = d.ctx.catalog.get(unitId);
    if (!unit)
      refuse('catalog/unknown-unit', 'UTD1.6', `\`${unitId.slice(0, 40)}\` is not in this campaign's ship catalog.`);
    checkNpeUnit(d.state, unit, code);
    total = total.add(unit.bpv);
    mc += defenseBattleMc(unit);
    return { id: `N${d.state.nextId + i}`, unitId: unit.unitId, bpv: unit.bpv };
  });
  if (total.gt(b.npe.available ?? 0))
    refuse(
      'npe/over-budget',
      'UTD5.465',
      `The force costs ${bpvToString(total)} BPV; the NPE may field ${b.npe.available}.`,
    );
  if (mc > fleetLimit(d.state))
    refuse(
      'npe/move-cost-limit',
      'UTD5.4671',
      `The force adds up to ${force.map((f) => `${f.unitId} ${formatMoveClass(defenseBattleMc(d.ctx.catalog.get(f.unitId)!) as never)}`).join(' + ')} = MC ${formatMoveClass(mc as never)}; an NPE force holds at most MC ${formatMoveClass(fleetLimit(d.state))} (UTD5.4671, 7.23).`,
    );
  d.emit({
    type: 'NpeBattleUpdated',
    battleId: b.id,
    npe: { ...b.npe, force },
    reason: { code: 'force-fielded' },
  });
  d.emit({
    type: 'BattleFleetChosen',
    battleId: b.id,
    side: NPE,
    fleetId: null,
    units: force.map((f) => f.id),
    heldOut: [],
    automatic: false,
  });
  afterSelection(d, b.id);
}

function checkNpeUnit(state: CampaignState, unit: UnitInfo, code: string): void {
  if (unit.empire !== code && unit.empire !== 'NEU')
    refuse('npe/other-empire', 'UTD5.4671', `${unit.name} is not a ${code} unit.`);
  requireInYear(state, unit, 'UTD5.4672', 'npe');
  if (unit.restricted) refuse('npe/restricted', 'UTD5.4674', `${unit.name} is restricted (${unit.restricted}).`);
  if (unit.unitKind === 'monitor' || unit.unitKind === 'base_large')
    refuse('npe/forbidden-defense', 'UTD5.4674', `An NPE may not field ${unit.name}.`);
  // Defenses (TC-093): no large ground base, and no small ground base armed with a phaser-IV.
  if (unit.unitKind === 'ground_base' && unit.groundBaseSize === 'large')
    refuse(
      'npe/forbidden-defense',
      'UTD5.4674',
      `An NPE may not field ${unit.name}: large ground bases are not allowed (UTD7.25#2).`,
    );
  if (unit.unitKind === 'ground_base' && unit.groundBaseSize === 'small' && unit.hasPhaserIv)
    refuse(
      'npe/forbidden-defense',
      'UTD5.4674',
      `An NPE may not field ${unit.name}: no small ground base with a phaser-IV.`,
    );
}

/** `/battle claim`: choose the Anschluss tribute ships yourself while they are not yet organized. */
export function claimTribute(d: Decider, ref: string, unitIds: string[], p: Player): void {
  const b = battleByRef(d.state, ref);
  if (b.resolution !== 'anschluss' || !b.sides.includes(p.id))
    refuse('npe/no-tribute', 'UTD5.4A1', 'You have no Anschluss tribute from that battle.');
  // Older states marked tribute ships only by their 0 BPV (they were created without their value).
  const granted = d.state.ships.filter(
    (s) =>
      s.owner === p.id &&
      s.unorganized &&
      s.sector === b.sector &&
      (s.tributeOf === b.id || (!s.tributeOf && s.bpv === '0')),
  );
  if (granted.length === 0)
    refuse(
      'npe/tribute-organized',
      'UTD6.3I2',
      'Your tribute ships are already organized; they can no longer be exchanged.',
    );
  const units = unitIds.map((id) => {
    const u = d.ctx.catalog.get(id);
    if (!u) refuse('catalog/unknown-unit', 'UTD1.6', `\`${id.slice(0, 40)}\` is not in the catalog.`);
    return u;
  });
  const allowed = new Set(npeUnits(d, b.npe!.empire).map((u) => u.unitId));
  if (units.length < 1 || units.length > 2) refuse('npe/tribute-count', 'UTD5.4A1', 'Choose one or two NPE ships.');
  for (const u of units)
    if (!allowed.has(u.unitId))
      refuse('npe/tribute-unit', 'UTD5.4A1', `${u.name} is not a ship of the NPE's empire available this year.`);
  const total = units.reduce((sum, u) => sum.add(u.bpv), bpv(0));
  if (total.gt(d.state.settings['npe.rewardBpv']))
    refuse(
      'npe/tribute-value',
      'UTD5.4A1',
      `Those ships total ${bpvToString(total)} BPV; the tribute is at most ${d.state.settings['npe.rewardBpv']}.`,
    );
  d.emit({ type: 'UnitsDestroyed', battleId: b.id, shipIds: granted.map((s) => s.id), baseIds: [] });
  grantShips(
    d,
    b.id,
    p.id,
    b.sector,
    units.map((u) => u.unitId),
    { code: 'anschluss-tribute-chosen' },
  );
}
