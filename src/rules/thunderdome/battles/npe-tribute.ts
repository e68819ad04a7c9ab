import { inYear } from '../availability.ts';
import { bpv, bpvToString, type Bpv } from '../../exact/bpv.ts';
import type { Decider } from '../decider.ts';
import { empireCode } from '../empires.ts';
import type { EmpireKey } from '../empires.ts';
import type { AnschlussCause, ShipsGainedReason } from '../reasons.ts';
import { carriedMines } from '../officers/mines.ts';
import { attritionValue } from '../scrap-value.ts';
import type { Settings } from '../settings.ts';
import type { Ship } from '../state.ts';
import type { UnitInfo } from '../units.ts';
import { hoursFrom, NPE, sumBpv } from './common.ts';
import { continueTurnIfDone } from './turn-continues.ts';

/**
 * How an NPE battle is settled without a fight: the NPE's available BPV (UTD5.46x), Anschluss and
 * its tribute (UTD5.422, UTD5.4A1). Kept apart from npe.ts so the battle progress can use it
 * without an import cycle.
 */

/** The printed NPE limits (UTD5.462, 5.464); a campaign's are its settings `npe.baselineMin`/`Max`, `npe.absoluteMin`. */
export interface NpeLimits {
  baselineMin: number;
  baselineMax: number;
  absoluteMin: number;
}
const PRINTED_LIMITS: NpeLimits = { baselineMin: 250, baselineMax: 600, absoluteMin: 150 };

export function npeLimits(settings: Settings): NpeLimits {
  return {
    baselineMin: settings['npe.baselineMin'],
    baselineMax: settings['npe.baselineMax'],
    absoluteMin: settings['npe.absoluteMin'],
  };
}

/**
 * UTD5.462–5.465 (TC-040): the NPE's baseline is the attacker's BPV held between 250 and 600,
 * less its losses net of captured-ship offsets (an offset never lifts it above the baseline),
 * but never below 150.
 */
export function npeAvailable(
  attacker: Bpv | string,
  losses: Bpv | string,
  offset: Bpv | string,
  limits: NpeLimits = PRINTED_LIMITS,
): Bpv {
  const baseline = bpv(attacker).clamp(limits.baselineMin, limits.baselineMax);
  const net = bpv(losses).sub(offset);
  const after = baseline.sub(net.gt(0) ? net : 0);
  return after.lt(limits.absoluteMin) ? bpv(limits.absoluteMin) : after;
}

/**
 * UTD5.422: a fleet of twice (`npe.anschlussRatio`) the NPE's available BPV wins by Anschluss
 * without a fight (`npe.anschlussAt`: at or above, or only above; ISS-A56).
 */
export function isAnschluss(attacker: Bpv | string, available: Bpv | string, mode: string, ratio = 2): boolean {
  const twice = bpv(available).mul(ratio);
  return mode === 'gt' ? bpv(attacker).gt(twice) : bpv(attacker).gte(twice);
}

/**
 * UTD5.462 with ISS-A55: the BPV of the attacking battle fleet, each unit at its economic BPV,
 * plus the fighters and PFs its ships carry (`npe.attackBpvIncludesAttrition`) and the BPV-bought
 * extra COs aboard, the mines of UTD8.253 (`npe.attackBpvIncludesExtraCo`); never the free CO pool.
 */
export function npeAttackBpv(d: Decider, ids: readonly string[]): string {
  const st = d.state.settings;
  let sum = bpv(sumBpv(d, ids));
  for (const ship of d.state.ships.filter((s) => ids.includes(s.id))) {
    if (st['npe.attackBpvIncludesAttrition']) sum = sum.add(attritionValue(ship, d.ctx.catalog));
    if (st['npe.attackBpvIncludesExtraCo']) sum = sum.add(carriedMines(ship));
  }
  return bpvToString(sum);
}

/** requirements §6.3 NPE_CHECK: the attacker's battle fleet is known; Anschluss, or look for a runner. */
export function npeCheck(d: Decider, battleId: string): void {
  const b = d.state.battles.find((x) => x.id === battleId)!;
  const sector = d.state.map!.sectors.find((s) => s.key === b.sector)!;
  const attacker = b.participants.find((p) => p.side !== NPE)!;
  const attackerBpv = npeAttackBpv(d, attacker.units);
  const available = npeAvailable(
    attackerBpv,
    sector.npe?.losses ?? '0',
    sector.npe?.offset ?? '0',
    npeLimits(d.state.settings),
  );
  const npe = { ...b.npe!, attackerBpv, available: bpvToString(available) };
  d.emit({
    type: 'NpeBattleUpdated',
    battleId,
    npe,
    reason: { code: 'npe-budget' },
  });
  if (
    isAnschluss(attackerBpv, available, d.state.settings['npe.anschlussAt'], d.state.settings['npe.anschlussRatio'])
  ) {
    anschluss(d, battleId, { code: 'attacker-twice', attackerBpv, available: bpvToString(available) });
    return;
  }
  d.emit({
    type: 'BattleStageChanged',
    battleId,
    stage: 'awaiting-runner',
    deadlines: { selection: null, runner: hoursFrom(d.ctx.now, d.state.settings['deadline.npeVolunteerDays'] * 24) },
    reason: { code: 'npe-runner-wanted' },
  });
}

/**
 * UTD5.4A1 (TC-044): the NPE surrenders. The player gets a developed colony (life) or mine
 * (mineral) and NPE ships worth up to 150 BPV in one or two hulls, captured and to be organized.
 * The bot picks the most valuable such hulls; the player may pick others with `/battle claim`
 * until they are organized.
 */
export function anschluss(d: Decider, battleId: string, why: AnschlussCause): void {
  const b = d.state.battles.find((x) => x.id === battleId)!;
  const player = b.sides.find((s) => s !== NPE)!;
  const sector = d.state.map!.sectors.find((s) => s.key === b.sector)!;
  const kind = sector.type === 'mineral' ? 'mine' : 'colony';
  d.emit({ type: 'DevelopmentGranted', sector: sector.key, kind, owner: player, reason: { code: 'anschluss' } });
  d.emit({ type: 'NpeStatusChanged', sector: sector.key, status: 'anschluss' });
  const picks = bestTribute(npeUnits(d, b.npe!.empire), bpv(d.state.settings['npe.rewardBpv']));
  grantShips(
    d,
    battleId,
    player,
    sector.key,
    picks.map((u) => u.unitId),
    { code: 'anschluss-tribute' },
  );
  d.emit({
    type: 'BattleResolved',
    battleId,
    result: null,
    resolution: 'anschluss',
    summary: [
      { code: 'anschluss', why },
      { code: 'development-granted', kind },
      { code: 'tribute', unitIds: picks.map((u) => u.unitId) },
    ],
  });
  continueTurnIfDone(d);
}

export function npeUnits(d: Decider, empire: string): UnitInfo[] {
  const code = empireCode(empire as EmpireKey);
  return d.ctx.catalog
    .all()
    .filter(
      (u) =>
        u.empire === code &&
        (u.unitKind === 'warship' || u.unitKind === 'auxiliary') &&
        !u.restricted &&
        inYear(d.state, u),
    );
}

/** The one or two hulls worth the most without passing the cap; fewer hulls on a tie, then by id. */
export function bestTribute(units: readonly UnitInfo[], cap: Bpv): UnitInfo[] {
  const sorted = [...units].sort((a, b) => a.unitId.localeCompare(b.unitId));
  let best: UnitInfo[] = [];
  let bestValue = bpv(0);
  const consider = (pick: UnitInfo[]) => {
    const value = pick.reduce((s, u) => s.add(u.bpv), bpv(0));
    if (value.gt(cap)) return;
    if (value.gt(bestValue) || (value.eq(bestValue) && pick.length < best.length)) {
      best = pick;
      bestValue = value;
    }
  };
  for (let i = 0; i < sorted.length; i++) {
    consider([sorted[i]!]);
    for (let j = i; j < sorted.length; j++) consider([sorted[i]!, sorted[j]!]);
  }
  return best;
}

/**
 * New ships for a player from an NPE: captured, uninspected, to be organized (UTD6.3I, 6.377).
 * Each carries its catalog value (UTD5.4A1 "1 or 2 ships of the NPE totaling 150 BPV"), which
 * scrapping halves (UTD6.3F) and an inspection keeps (UTD6.377).
 */
export function grantShips(
  d: Decider,
  battleId: string,
  player: string,
  sector: string,
  unitIds: string[],
  reason: ShipsGainedReason,
): void {
  if (unitIds.length === 0) return;
  const ships: Ship[] = unitIds.map((unitId, i) => ({
    id: `S${d.state.nextId + i}`,
    owner: player,
    unitId,
    fleetId: null,
    sector,
    crippled: false,
    wrecked: false,
    d94Used: false,
    captured: true,
    uninspected: true,
    unorganized: true,
    bpv: d.ctx.catalog.get(unitId)?.bpv ?? '0',
    ...(reason.code === 'anschluss-tribute' || reason.code === 'anschluss-tribute-chosen'
      ? { tributeOf: battleId }
      : {}),
  }));
  d.emit({ type: 'ShipsGained', battleId, ships, reason });
}
