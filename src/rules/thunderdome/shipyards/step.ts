import { bpv } from '../../exact/bpv.ts';
import type { Decider } from '../decider.ts';
import type { YardDelivery } from '../events.ts';
import type { YardCancelReason } from '../reasons.ts';
import type { Fleet, PendingBuild, Ship } from '../state.ts';
import { isProblem, planPlacement } from './placement.ts';
import { newShipRecord } from '../condition/attrition.ts';
import { yardsOf } from './yards.ts';

/**
 * The shipyards' part of the end of a player's turn, to run after the battles (step 8) and before
 * record keeping: damaged yards repair their works for free unless the owner forwent it
 * (UTD6.3H, ISS-A28, "immediately after step 8"); then step 10, new construction: ships built this
 * turn join fleets or dry dock (UTD6.3734–6.3735) and new shipyards arrive (UTD6.382).
 */
export function newConstructionStep(d: Decider, playerId: string): void {
  const turn = d.state.turn;
  const repairing = yardsOf(d.state, playerId, d.ctx.catalog).filter(
    (y) => y.worksDestroyed > 0 && !(turn?.yardsForgoRepair ?? []).includes(y.base.id),
  );
  if (repairing.length) d.emit({ type: 'ShipyardsSelfRepaired', playerId, yardIds: repairing.map((y) => y.base.id) });
  for (const build of (d.state.pendingBuilds ?? []).filter((b) => b.owner === playerId)) deliver(d, build);
  const arriving = d.state.bases.filter(
    (b) => b.owner === playerId && (b.role === 'shipyard' || b.role === 'capital') && b.pending,
  );
  if (arriving.length === 0) return;
  // UTD4.3235–4.3236 (ISS-A32, TC-015): a replacement capital re-establishes the bank with a
  // balance of 0, so what the player held without a bank and did not spend is lost first.
  const capital = arriving.find((b) => b.role === 'capital');
  const p = d.state.players.find((x) => x.id === playerId)!;
  if (capital && !p.hasBank && bpv(p.bank).gt(0))
    d.emit({ type: 'BankLost', playerId, amount: p.bank, reason: { code: 'no-capital' } });
  d.emit({
    type: 'ShipyardsArrived',
    playerId,
    yardIds: arriving.map((b) => b.id),
    ...(capital ? { capital: capital.id } : {}),
  });
}

/**
 * Places one build where the rules want it now: the fleet asked for, else the first fleet of the
 * yard's sector with room, a new fleet, then dry dock (UTD7.61). Its place was held when it was
 * ordered; if fleets moved or filled since and nothing is left, or the yard was destroyed, the
 * build is cancelled and its BPV returned (a gap in the rules; see the report).
 */
function deliver(d: Decider, build: PendingBuild): void {
  const state = d.state;
  const base = { shipId: build.shipId, unitId: build.unitId, yardId: build.yardId };
  const cancel = (reason: YardCancelReason): void => {
    const delivery: YardDelivery = { ...base, ship: null, newFleet: null, refund: build.cost, reason };
    d.emit({ type: 'YardBuildDelivered', playerId: build.owner, delivery });
  };
  const p = state.players.find((x) => x.id === build.owner)!;
  if (!state.bases.some((b) => b.id === build.yardId)) return cancel({ code: 'yard-destroyed' });
  // The new ship arrives full of fighters and PFs, pooled with the fleet's (UTD7.24).
  const arriving = newShipRecord(build.unitId);
  const reservations = (state.pendingBuilds ?? []).filter((b) => b.shipId !== build.shipId);
  let plan = planPlacement(state, d.ctx.catalog, p, build.sector, arriving, {
    slot: build.slot,
    preferYard: build.yardId,
    reservations,
  });
  if (isProblem(plan) && build.slot !== null)
    plan = planPlacement(state, d.ctx.catalog, p, build.sector, arriving, {
      slot: null,
      preferYard: build.yardId,
      reservations,
    });
  if (isProblem(plan)) return cancel({ code: 'no-place' });
  const ship: Ship = {
    id: build.shipId,
    owner: build.owner,
    unitId: build.unitId,
    fleetId: null,
    sector: build.sector,
    crippled: false,
    wrecked: false,
    d94Used: false,
    captured: false,
    uninspected: false,
    bpv: build.cost,
    ...(build.extraDrones ? { extraDrones: build.extraDrones } : {}),
  };
  let newFleet: Fleet | null = null;
  if (plan.kind === 'fleet') {
    if (plan.fleetId) ship.fleetId = plan.fleetId;
    else {
      newFleet = {
        id: `F${state.nextId}`,
        owner: build.owner,
        slot: plan.slot,
        sector: build.sector,
        startSector: build.sector,
        pinned: false,
        establishing: false,
        trapped: null,
        releasedFromHalfCycle: null,
        claimSector: null,
      };
      ship.fleetId = newFleet.id;
    }
  } else {
    ship.dock = { yardId: plan.yardId, position: plan.position };
  }
  d.emit({
    type: 'YardBuildDelivered',
    playerId: build.owner,
    delivery: { ...base, ship, newFleet, refund: '0', reason: null },
  });
}
