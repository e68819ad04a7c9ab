import { refuse } from '../../errors.ts';
import { bpv, bpvToString } from '../../exact/bpv.ts';
import { capitalOwners, loseBankWithCapital, loseIfReceivedWithoutBank } from '../bank.ts';
import type { Decider } from '../decider.ts';
import type { BattleSummaryLine, ForcedRetreatCause } from '../reasons.ts';
import { sectorLabel } from '../lookup.ts';
import { adjacentSectors } from '../orders.ts';
import type { Battle, BattleResult, UnitFate } from '../state.ts';
import { fortBlocks, NPE, ownerOf, sumBpv, unitName, unitRef } from './common.ts';
import { grantShips } from './npe.ts';
import { continueTurnIfDone } from './progress.ts';

/** Every unit that fought: the battle fleets of all sides. */
export function fightingUnits(b: Battle): string[] {
  return b.participants.flatMap((p) => p.units);
}

/**
 * Checks a proposed or reported result against the battle (requirements §6.3 "Validation rejects"):
 * only units of the battle fleets, captures by another side, no captured defenses, disengagement
 * only by losers through a lane of the sector and never past an enemy fortification (UTD7.4622),
 * one direction per side (UTD7.464), and a direction for every loser who keeps fleets there.
 */
export function validateResult(d: Decider, b: Battle, result: BattleResult): BattleResult {
  const s = d.state;
  if (!b.sides.includes(result.winner))
    refuse('result/bad-winner', 'UTD7.44', `The winner must be a side of battle ${b.id}.`);
  const fighting = new Set(fightingUnits(b));
  const units: BattleResult['units'] = {};
  for (const [id, outcome] of Object.entries(result.units)) {
    if (!fighting.has(id)) {
      const held = b.participants.some((p) => p.heldOut.includes(id));
      refuse(
        'result/not-in-battle',
        'UTD7.4234',
        `${unitName(s, id)} was not in a battle fleet${held ? ' (it was held out)' : ''}.`,
      );
    }
    const owner = ownerOf(s, id);
    let fate: UnitFate = outcome.fate;
    if (fate === 'captured') {
      const by = outcome.capturedBy;
      if (!by || !b.sides.includes(by) || by === owner)
        refuse('result/bad-captor', 'UTD6.3I', `${unitName(s, id)} must be captured by another side of the battle.`);
      // A captured defense counts as destroyed (requirements §6.3).
      if (s.bases.some((x) => x.id === id)) fate = 'destroyed';
    }
    units[id] = fate === 'captured' ? { fate, capturedBy: outcome.capturedBy! } : { fate };
  }
  const lanes = new Set(adjacentSectors(s, b.sector));
  for (const [side, to] of Object.entries(result.retreats)) {
    if (!b.sides.includes(side) || side === NPE)
      refuse('result/bad-retreat', 'UTD7.466', `Only a player in the battle can disengage.`);
    if (side === result.winner)
      refuse(
        'result/winner-retreats',
        'UTD7.4653',
        'The winner does not retreat; its disengaged ships rejoin (UTD7.465).',
      );
    if (!lanes.has(to))
      refuse(
        'result/no-lane',
        'UTD7.46',
        `There is no warp lane from ${sectorLabel(s, b.sector)} to ${sectorLabel(s, to)}.`,
        `Lanes: ${[...lanes].map((x) => sectorLabel(s, x)).join(', ')}.`,
      );
    if (fortBlocks(s, b, side))
      refuse(
        'result/fort-blocks',
        'UTD7.4622',
        'An enemy fortification in the sector prevents disengagement altogether.',
      );
  }
  for (const id of result.provisional) {
    if (ownerOf(s, id) !== result.winner)
      refuse(
        'result/provisional-loser',
        'UTD7.4651',
        `${unitName(s, id)} is not the winner's; a loser's disengagement is total.`,
      );
    if (fortBlocks(s, b, result.winner))
      refuse(
        'result/fort-blocks',
        'UTD7.4622',
        'An enemy fortification in the sector prevents disengagement altogether.',
      );
  }
  for (const loser of b.sides.filter((x) => x !== result.winner && x !== NPE)) {
    if (fortBlocks(s, b, loser)) {
      // UTD7.44 with 7.4622: no lane is open to this loser, so the battle goes on until only one
      // side is left; a result in which its battle fleet keeps ships there is not a result.
      const fought = new Set(b.participants.find((p) => p.side === loser)?.units ?? []);
      const left = survivingFleetShips(d, b, loser, units).filter((id) => fought.has(id));
      if (left.length > 0)
        refuse(
          'result/loser-stays',
          'UTD7.44',
          `${s.players.find((p) => p.id === loser)?.name ?? loser} lost and keeps ${left.map((id) => unitName(s, id)).join(', ')} in a sector with an enemy fortification, which prevents disengagement (UTD7.4622): the battle goes on until only one side is left.`,
          'Name those ships destroyed or captured, or report the other side as the winner.',
        );
      continue;
    }
    if (result.retreats[loser]) continue;
    if (survivingFleetShips(d, b, loser, units).length > 0) {
      refuse(
        'result/retreat-missing',
        'UTD7.466',
        `${s.players.find((p) => p.id === loser)?.name ?? loser} lost and keeps ships in the sector: say through which lane they disengage (retreat).`,
      );
    }
  }
  if (result.planetDamage && (!b.npe || result.planetDamage < 0 || !Number.isInteger(result.planetDamage)))
    refuse(
      'result/planet-damage',
      'UTD5.4632',
      'Planet damage is a whole number of points, in a battle against an NPE.',
    );
  return { ...result, units };
}

/** The loser's ships left in fleets in the sector after the battle's losses. */
function survivingFleetShips(d: Decider, b: Battle, side: string, units: BattleResult['units']): string[] {
  return d.state.ships
    .filter(
      (x) =>
        x.owner === side &&
        x.sector === b.sector &&
        x.fleetId !== null &&
        !['destroyed', 'captured'].includes(units[x.id]?.fate ?? 'undamaged'),
    )
    .map((x) => x.id);
}

/**
 * Applies an agreed result (requirements §6.3 APPLYING; UTD7.42341–7.48, 7.466x, 5.49, 5.4A2):
 * losses and captures, damage, the losers' immobile units destroyed, total disengagement of every
 * losing fleet in the sector as a retreat obligation, the NPE's tallies and rewards. A forced
 * retreat (ISS-A16) names the clock the side missed.
 */
export function applyResult(
  d: Decider,
  battleId: string,
  result: BattleResult,
  resolution: NonNullable<Battle['resolution']>,
  forced?: ForcedRetreatCause,
): void {
  const b = d.state.battles.find((x) => x.id === battleId)!;
  const s = d.state;
  const summary: BattleSummaryLine[] = [];
  const losers = b.sides.filter((x) => x !== result.winner);
  const destroyedShips: string[] = [];
  const destroyedBases: string[] = [];
  const damaged: { shipId: string; crippled: boolean; wrecked: boolean }[] = [];
  const captures: { shipId: string; by: string; from: string }[] = [];
  let npeLosses = bpv(0);
  let npeOffset = bpv(0);
  const npeCaptured: { by: string; unitId: string }[] = [];
  for (const [id, { fate, capturedBy }] of Object.entries(result.units)) {
    const owner = ownerOf(s, id);
    if (owner === NPE) {
      const unit = b.npe!.force.find((f) => f.id === id)!;
      if (fate === 'destroyed') npeLosses = npeLosses.add(unit.bpv);
      if (fate === 'captured') {
        npeLosses = npeLosses.add(unit.bpv);
        npeCaptured.push({ by: capturedBy!, unitId: unit.unitId });
      }
      continue;
    }
    const isBase = s.bases.some((x) => x.id === id);
    if (fate === 'destroyed') (isBase ? destroyedBases : destroyedShips).push(id);
    else if (fate === 'captured' && capturedBy === NPE) {
      // UTD5.492: the NPE keeps no ship; the captured BPV offsets its losses.
      npeOffset = npeOffset.add(sumBpv(d, [id]));
      destroyedShips.push(id);
    } else if (fate === 'captured') captures.push({ shipId: id, by: capturedBy!, from: owner! });
    else if (!isBase && (fate === 'crippled' || fate === 'wrecked'))
      damaged.push({ shipId: id, crippled: true, wrecked: fate === 'wrecked' });
  }
  // UTD7.42342, 7.48: a losing defender's immobile units, held out or not, are destroyed.
  for (const base of s.bases) {
    if (base.sector === b.sector && losers.includes(base.owner) && !destroyedBases.includes(base.id))
      destroyedBases.push(base.id);
  }
  // UTD7.65: ships in dry dock are part of their yard or capital, unpowered and never targeted
  // apart from it; when it is destroyed they are lost with it (docs/rules-notes.md).
  for (const ship of s.ships) {
    if (ship.dock && destroyedBases.includes(ship.dock.yardId) && !destroyedShips.includes(ship.id))
      destroyedShips.push(ship.id);
  }
  if (destroyedShips.length || destroyedBases.length) {
    const bankless = capitalOwners(d, destroyedBases);
    d.emit({ type: 'UnitsDestroyed', battleId, shipIds: destroyedShips, baseIds: destroyedBases });
    // UTD4.3236: the bank goes with the capital, at once, not at the end of its owner's turn.
    loseBankWithCapital(d, bankless);
    summary.push({ code: 'destroyed', units: [...destroyedShips, ...destroyedBases].map((id) => unitRef(s, id)) });
  }
  if (damaged.length) {
    d.emit({ type: 'ShipsDamaged', battleId, changes: damaged });
    summary.push({
      code: 'damaged',
      ships: damaged.map((x) => ({ unit: unitRef(s, x.shipId), wrecked: x.wrecked })),
    });
  }
  for (const c of captures) {
    d.emit({ type: 'ShipCaptured', battleId, ...c });
    summary.push({ code: 'captured', unit: unitRef(s, c.shipId), by: c.by });
  }
  for (const c of npeCaptured) grantShips(d, battleId, c.by, b.sector, [c.unitId], { code: 'captured-from-npe' });
  if (b.npe) npeAftermath(d, b, result, npeLosses, npeOffset, summary);
  retreatLosers(d, b, result, summary);
  d.emit({ type: 'BattleResolved', battleId, result, resolution, summary, ...(forced ? { forced } : {}) });
  continueTurnIfDone(d);
}

/** UTD5.4633 losses stack, 5.492 offsets; 5.4A2 conquest: 150 BPV, and the colony or mine taken with a troop ship. */
function npeAftermath(
  d: Decider,
  b: Battle,
  result: BattleResult,
  losses: ReturnType<typeof bpv>,
  offset: ReturnType<typeof bpv>,
  summary: BattleSummaryLine[],
): void {
  const sector = d.state.map!.sectors.find((s) => s.key === b.sector)!;
  const total = losses.add(result.planetDamage || 0);
  if (total.gt(0) || offset.gt(0)) {
    const newLosses = bpv(sector.npe!.losses ?? '0').add(total);
    const newOffset = bpv(sector.npe!.offset ?? '0').add(offset);
    d.emit({ type: 'NpeTallied', sector: sector.key, losses: bpvToString(newLosses), offset: bpvToString(newOffset) });
    summary.push({ code: 'npe-tallied', losses: bpvToString(newLosses), offset: bpvToString(newOffset) });
  }
  if (result.winner === NPE) return;
  const conqueror = result.winner;
  d.emit({
    type: 'BpvAwarded',
    playerId: conqueror,
    amount: String(d.state.settings['npe.rewardBpv']),
    reason: { code: 'npe-conquered' },
  });
  loseIfReceivedWithoutBank(d, conqueror);
  d.emit({ type: 'NpeStatusChanged', sector: sector.key, status: 'conquered' });
  const part = b.participants.find((p) => p.side === conqueror)!;
  const troops = d.state.ships.some((x) => part.units.includes(x.id) && d.ctx.catalog.get(x.unitId)?.isTroopShip);
  const kind = sector.type === 'mineral' ? 'mine' : 'colony';
  if (troops)
    d.emit({
      type: 'DevelopmentGranted',
      sector: sector.key,
      kind,
      owner: conqueror,
      reason: { code: 'npe-conquered-troops' },
    });
  summary.push({
    code: 'npe-conquered',
    player: conqueror,
    reward: String(d.state.settings['npe.rewardBpv']),
    kind,
    troops,
  });
}

/**
 * UTD7.466x, 7.46721–2: every fleet of a loser still in the sector goes through the chosen lane at
 * the next player's turn; one pre-spent order point per sector retreated from.
 */
function retreatLosers(d: Decider, b: Battle, result: BattleResult, summary: BattleSummaryLine[]): void {
  for (const loser of b.sides.filter((x) => x !== result.winner && x !== NPE)) {
    const to = result.retreats[loser];
    if (!to) continue;
    const fleetIds = d.state.fleets.filter((f) => f.owner === loser && f.sector === b.sector).map((f) => f.id);
    if (fleetIds.length === 0) continue;
    const part = b.participants.find((p) => p.side === loser)!;
    const fightersLeft = d.state.ships.some((x) => part.units.includes(x.id));
    d.emit({
      type: 'RetreatOrdered',
      retreat: {
        id: `R${d.state.nextId}`,
        playerId: loser,
        from: b.sector,
        to,
        fleetIds,
        battleId: b.id,
        cause: fightersLeft ? 'disengage' : 'destroyed-choice',
        incurredHalfCycle: d.state.halfCycles,
        incurredTurnOf: d.state.turn?.playerId ?? '',
        incurredSeat: d.state.turn?.seat ?? 0,
        moved: false,
        charged: false,
      },
    });
    summary.push({ code: 'retreats', player: loser, fleets: fleetIds.length, to });
  }
}
