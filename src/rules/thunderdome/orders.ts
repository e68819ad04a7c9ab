import { orderEvent, type CampaignEvent } from './events.ts';
import { refuse } from '../errors.ts';
import { bpv, bpvToString } from '../exact/bpv.ts';
import { endOfDayAfter } from '../deadlines.ts';
import { unlockIfCovered } from './battles/retreats.ts';
import type { Decider } from './decider.ts';
import type { Settings } from './settings.ts';
import { enemyPresence, findSector, hasDevelopedColony, pendingRetreat, sectorLabel } from './lookup.ts';
import type { CampaignState, Fleet, Player, Sector, TurnOrder, TurnState } from './state.ts';
import type { UnitInfo } from './units.ts';
import { checkTow } from './condition/towing.ts';
import { checkCapitalDefensesMove } from './defenses/capital-move.ts';
import { canUndo } from './undo.ts';

/** Order points left this turn (UTD6.2, 6.21, 6.22). */
export function opsLeft(turn: TurnState): number {
  return turn.opsBase + turn.opsTempBought - turn.opsSpent;
}

/** Refuses an order that costs more order points than are left this turn (UTD6.2). */
export function spend(turn: TurnState, n: number, what: string, rule: string): void {
  if (n > opsLeft(turn)) {
    refuse(
      'ops/insufficient',
      rule,
      `${what} costs ${n} order point${n === 1 ? '' : 's'}; you have ${opsLeft(turn)} left.`,
      'Buy temporary order points with `/buy ops` (UTD6.21).',
    );
  }
}

/**
 * UTD6.3G, 7.4665 (ISS-A17): a fleet under a retreat obligation takes no other order until the
 * retreat has moved it; its one move is the retreat, paid with the pre-spent order point.
 */
export function refuseIfRetreating(d: Decider, f: Fleet): void {
  const r = pendingRetreat(d.state, f.id);
  if (!r) return;
  const label = (k: string) => sectorLabel(d.state, k);
  refuse(
    'fleet/retreating',
    'UTD6.3G',
    `Fleet ${f.slot} must retreat from ${label(r.from)} to ${label(r.to)} (battle ${r.battleId}) and takes no other order until it has (UTD7.4665).`,
    d.state.settings['retreat.timing'] === 'startOfStep5'
      ? 'It moves at the start of the orders of the next player turn.'
      : 'It moves after the orders of the next player turn, before exploration (ISS-A17).',
  );
}

/**
 * The player's fleet by slot number (or id) for an order, refusing with the list of their fleets;
 * a fleet waiting to retreat is refused (UTD6.3G).
 */
export function ownFleet(d: Decider, p: Player, ref: string): Fleet {
  const mine = d.state.fleets.filter((f) => f.owner === p.id);
  const f = mine.find((x) => x.id === ref || String(x.slot) === ref.replace(/^fleet\s*/i, ''));
  if (!f)
    refuse(
      'fleet/unknown',
      'UTD7.2',
      `You have no fleet \`${ref.slice(0, 20)}\`.`,
      mine.length
        ? `Your fleets: ${mine.map((x) => `${x.slot} (in ${sectorLabel(d.state, x.sector)})`).join(', ')}.`
        : 'You have no fleets.',
    );
  refuseIfRetreating(d, f);
  return f;
}

export function sectorOf(d: Decider, ref: string): Sector {
  const sector = findSector(d.state, ref);
  if (!sector) refuse('sector/unknown', 'UTD4.1', `There is no sector \`${ref.slice(0, 32)}\` on the map.`);
  return sector;
}

/**
 * The sectors one warp lane away (UTD4.1), in map order as the map graph lists them. Read from
 * the lanes each time: the rules keep no module-level cache (docs/architecture.md).
 */
export function adjacentSectors(state: CampaignState, key: string): string[] {
  const joined = new Set<string>();
  for (const [a, b] of state.map!.lanes) {
    if (a === key && b !== key) joined.add(b);
    else if (b === key && a !== key) joined.add(a);
  }
  return state.map!.sectors.filter((s) => joined.has(s.key)).map((s) => s.key);
}

/** UTD6.21–6.23 (TC-050): temporary order points priced T(k+t) by default; permanent ones 750 each, three at most. */
export function buyOrderPoints(d: Decider, kind: 'temporary' | 'permanent', count: number, p: Player): void {
  const turn = d.state.turn!;
  const st = d.state.settings;
  if (!Number.isInteger(count) || count < 1 || count > 3)
    refuse('ops/bad-count', 'UTD6.21', 'Buy 1 to 3 order points at a time.');
  const k = p.permanentOps;
  const t = turn.opsTempBought;
  if (kind === 'permanent') {
    if (k + count > st['ops.maxExtra'])
      refuse(
        'ops/permanent-limit',
        'UTD6.22',
        `You may own at most ${st['ops.maxExtra']} permanent order points; you have ${k}.`,
      );
    if (k + count + t > st['ops.maxExtra'])
      refuse(
        'ops/extra-limit',
        'UTD6.23',
        `With ${t} temporary point${t === 1 ? '' : 's'} bought this turn you would have more than ${st['ops.maxExtra']} extra order points.`,
      );
    const cost = bpv(st['ops.permanentPrice']).mul(count);
    if (cost.gt(p.bank))
      refuse(
        'bank/insufficient',
        'UTD6.22',
        `${count} permanent order point${count === 1 ? '' : 's'} cost ${bpvToString(cost)} BPV; your bank holds ${p.bank}.`,
      );
    d.emit({ type: 'OrderPointsBought', playerId: p.id, temporary: 0, permanent: count, cost: bpvToString(cost) });
    unlockIfCovered(d);
    return;
  }
  if (k >= st['ops.maxExtra'])
    refuse('ops/no-temporary', 'UTD6.23', `With ${k} permanent order points you can never buy temporary ones.`);
  const total = k + t + count;
  if (total > st['ops.maxExtra']) {
    refuse(
      'ops/extra-limit',
      'UTD6.23',
      `You can have at most ${st['ops.maxExtra']} extra order points in a turn; you have ${k} permanent and bought ${t} temporary.`,
      `You can still buy ${st['ops.maxExtra'] - k - t}.`,
    );
  }
  const prices = st['ops.tempPrices'];
  const T = (n: number) => (n <= 0 ? bpv(0) : bpv(prices[n - 1]!));
  const due = st['ops.tempPricing'] === 'incremental' ? T(total).sub(T(k)) : T(total);
  const cost = due.sub(turn.opsTempPaid);
  if (cost.gt(p.bank))
    refuse(
      'bank/insufficient',
      'UTD6.21',
      `${count} more temporary order point${count === 1 ? '' : 's'} cost ${bpvToString(cost)} BPV; your bank holds ${p.bank}.`,
    );
  d.emit({ type: 'OrderPointsBought', playerId: p.id, temporary: count, permanent: 0, cost: bpvToString(cost) });
  unlockIfCovered(d);
}

/**
 * UTD6.31 MOVE A FLEET down one warp lane. Free from an owned colony in an owned sector
 * (UTD4.334, ISS-A130); pinned on entering enemy units or an enemy fortification (UTD2.3(5)(d),
 * UTD4.355); trapped by an enemy fortification (UTD4.356); a jail break frees a trapped fleet
 * when another of the player's fleets entered the fortified sector this turn (UTD4.3564).
 */
export function moveFleet(d: Decider, fleetRef: string, toRef: string, p: Player): void {
  const turn = d.state.turn!;
  const f = ownFleet(d, p, fleetRef);
  const to = sectorOf(d, toRef);
  const state = d.state;
  const here = state.map!.sectors.find((s) => s.key === f.sector)!;
  const label = (k: string) => sectorLabel(state, k);
  const adjacent = adjacentSectors(state, f.sector);
  if (!adjacent.includes(to.key)) {
    refuse(
      'move/no-lane',
      'UTD4.1',
      `No warp lane joins ${label(f.sector)} and ${label(to.key)}.`,
      `From ${label(f.sector)} lanes lead to ${adjacent.map(label).join(', ')}.`,
    );
  }
  if (f.pinned)
    refuse(
      'move/pinned',
      'UTD6.31',
      `Fleet ${f.slot} is pinned in ${label(f.sector)} for the rest of the turn: it entered enemy units or an enemy fortification.`,
    );
  if (f.establishing)
    refuse(
      'move/establishing',
      'UTD4.331',
      `Fleet ${f.slot} is establishing in ${label(f.sector)} and must stay for the turn.`,
      'Undo the establishment first if you want to move.',
    );
  if (f.releasedFromHalfCycle !== null && f.releasedFromHalfCycle > state.halfCycles) {
    refuse(
      'move/released-next-cycle',
      'UTD4.3561',
      `Fleet ${f.slot} won its siege roll this cycle and may move from the next cycle on.`,
    );
  }
  let freedFromTrap = false;
  if (f.trapped) {
    const breaker = state.fleets.find(
      (x) =>
        x.id !== f.id &&
        x.owner === p.id &&
        x.sector === f.sector &&
        x.startSector !== f.sector &&
        x.trapped?.fortSector === f.sector,
    );
    if (!breaker) {
      refuse(
        'move/trapped',
        'UTD4.356',
        `Fleet ${f.slot} is trapped by the fortification in ${label(f.sector)}.`,
        'Make a siege roll (`/siege`), destroy the fortification with a minesweeper, or break it out with another fleet (UTD4.3564).',
      );
    }
    freedFromTrap = true;
  }
  // Ship condition: wrecks need a healthy ship and tractor beams to be towed (UTD6.3E, condition/towing.ts).
  const wrecks = checkTow(d, f);
  const ownColony = hasDevelopedColony(here, p.id);
  const ownsSector = !state.settings['move.freeMoveRequiresSectorOwnership'] || here.owner === p.id;
  const free = ownColony && ownsSector && !freedFromTrap;
  const opCost = (free ? 0 : 1) + wrecks;
  spend(
    turn,
    opCost,
    `Moving fleet ${f.slot}${wrecks ? ` with ${wrecks} wrecked ship${wrecks === 1 ? '' : 's'} in tow (UTD6.3E)` : ''}`,
    'UTD6.31',
  );
  const enemy = enemyPresence(state, p.id, to.key);
  const pinned =
    enemy.fleet || enemy.fort || (state.settings['move.pinOnAnyEnemyCombatUnit'] && (enemy.base || enemy.npe));
  const trapped = enemy.fort
    ? { fortSector: to.key, fortOwner: to.fort!.owner, failedDice: 0, lastAttemptHalfCycle: null }
    : null;
  d.emit({
    type: 'FleetMoved',
    fleetId: f.id,
    from: f.sector,
    to: to.key,
    opCost,
    free: free ? { code: 'owned-colony', sector: f.sector } : null,
    pinned,
    trapped,
    freedFromTrap,
    before: {
      pinned: f.pinned,
      trapped: f.trapped,
      claimSector: f.claimSector,
      releasedFromHalfCycle: f.releasedFromHalfCycle,
      enteredFrom: f.enteredFrom ?? null,
    },
  });
}

/** UTD6.32–6.325: the capital moves one lane for 3 OP, once a cycle, with its F-RL free and its defenses for 1 more OP. */
export function moveCapital(d: Decider, toRef: string, withDefenses: boolean, p: Player): void {
  const turn = d.state.turn!;
  const state = d.state;
  const capital = state.bases.find((b) => b.owner === p.id && b.role === 'capital' && !b.pending);
  if (!capital) refuse('capital/none', 'UTD4.323', 'You have no capital to move.');
  const to = sectorOf(d, toRef);
  const label = (k: string) => sectorLabel(state, k);
  const adjacent = adjacentSectors(state, capital.sector);
  if (!adjacent.includes(to.key))
    refuse(
      'move/no-lane',
      'UTD4.1',
      `No warp lane joins ${label(capital.sector)} and ${label(to.key)}.`,
      `Lanes lead to ${adjacent.map(label).join(', ')}.`,
    );
  if (p.capitalMovedHalfCycle === state.halfCycles)
    refuse('capital/moved', 'UTD6.322', 'The capital already moved this cycle.');
  const enemy = enemyPresence(state, p.id, to.key);
  // `capital.mayEnterEnemySector` (ISS-A132): off by default, as the capital would bring the
  // attacker defenses into a battle it starts (UTD7.4222); on, it moves in and a battle follows at step 8.
  if (!state.settings['capital.mayEnterEnemySector'] && (enemy.fleet || enemy.base || enemy.fort || enemy.npe))
    refuse(
      'capital/enemy-sector',
      'ISS-A132',
      `The capital may not move into ${label(to.key)}: enemy units or an enemy fortification are there.`,
    );
  const moving = state.bases.filter(
    (b) =>
      b.owner === p.id &&
      b.sector === capital.sector &&
      (b.role === 'capital' || b.role === 'capital-rf' || (withDefenses && b.role === 'defense')),
  );
  // Defenses (defenses/): the destination must be able to hold the moved defenses (UTD6.325, 7.33, 7.34, ISS-A119).
  if (withDefenses)
    checkCapitalDefensesMove(
      d,
      p,
      to,
      moving.filter((b) => b.role === 'defense'),
    );
  const opCost = withDefenses ? 4 : 3;
  spend(turn, opCost, withDefenses ? 'Moving the capital with its defenses' : 'Moving the capital', 'UTD6.32');
  d.emit({
    type: 'CapitalMoved',
    playerId: p.id,
    from: capital.sector,
    to: to.key,
    opCost,
    baseIds: moving.map((b) => b.id),
    previousMoveHalfCycle: p.capitalMovedHalfCycle,
  });
}

/**
 * UTD4.331 / 4.341 / 4.351 (UTD6.34–6.36): a fleet that started its turn in the sector establishes
 * a colony (life/home), mine (mineral/home) or fortification (any explored sector, ISS-A44); free
 * with a large freighter of 50+ cargo boxes (not a Q-ship, UTD8.26) or, for a fort, a minesweeper.
 * It appears at step 1 of the player's next turn if the fleet stayed. `remove` takes down one's
 * own fortification the same way (UTD4.352, ISS-A45).
 */
export function establish(
  d: Decider,
  fleetRef: string,
  kind: 'colony' | 'mine' | 'fort',
  remove: boolean,
  p: Player,
): void {
  const turn = d.state.turn!;
  const f = ownFleet(d, p, fleetRef);
  const state = d.state;
  const sector = state.map!.sectors.find((s) => s.key === f.sector)!;
  const label = sector.name ?? sector.key;
  const rule = kind === 'colony' ? 'UTD4.331' : kind === 'mine' ? 'UTD4.341' : remove ? 'UTD4.352' : 'UTD4.351';
  if (f.startSector !== f.sector)
    refuse(
      'establish/not-started-here',
      rule,
      `Fleet ${f.slot} did not start this turn in ${label}; a fleet must start its turn in the sector to establish.`,
    );
  if (sector.type === 'unknown') refuse('establish/unexplored', rule, `${label} is not explored yet.`);
  const existing = sector[kind];
  if (remove) {
    if (kind !== 'fort' || !existing || existing.owner !== p.id || existing.status !== 'active')
      refuse('establish/no-fort', 'UTD4.352', `You have no active fortification in ${label} to remove.`);
  } else {
    if (kind === 'colony' && sector.type !== 'life' && sector.type !== 'home')
      refuse('establish/not-life', 'UTD4.33', `${label} is a ${sector.type} sector; colonies need a life sector.`);
    if (kind === 'mine' && sector.type !== 'mineral' && sector.type !== 'home')
      refuse('establish/not-mineral', 'UTD4.34', `${label} is a ${sector.type} sector; mines need a mineral sector.`);
    if (existing)
      refuse(
        'establish/exists',
        rule,
        `${label} already has a ${kind}${existing.owner === p.id ? '' : ' of another player'}.`,
      );
    const enemyFort = sector.fort && sector.fort.owner !== p.id;
    if (enemyFort && kind !== 'fort')
      refuse('establish/enemy-fort', 'ISS-A43', `An enemy fortification stands in ${label}.`);
    if (sector.npe?.status === 'active') refuse('establish/npe', 'ISS-A43', `${label} holds a non-player empire.`);
  }
  // Ship condition: a captured ship not yet inspected uses no system, so it makes nothing free (UTD6.3773).
  const ships = state.ships.filter((s) => s.fleetId === f.id && !s.uninspected).map((s) => d.ctx.catalog.get(s.unitId));
  const freighter = ships.find((u) => u && freeingFreighter(u, state.settings['establish.freighterTest']));
  const sweeper = ships.find((u) => u?.isMinesweeper);
  const freeBy = kind === 'fort' ? (sweeper?.name ?? null) : (freighter?.name ?? null);
  const opCost = freeBy ? 0 : 1;
  spend(turn, opCost, `${remove ? 'Removing' : 'Establishing'} a ${kind}`, rule);
  d.emit({
    type: 'DevelopmentOrdered',
    sector: sector.key,
    kind,
    remove,
    fleetId: f.id,
    opCost,
    freeBy,
    development: remove
      ? { ...existing!, status: 'pending-removal', fleetId: f.id }
      : { owner: p.id, status: 'pending', fleetId: f.id, orderedHalfCycle: state.halfCycles, exposedTo: null },
    before: existing ? structuredClone(existing) : null,
  });
}

/**
 * Which large freighter makes an establishment free (ISS-A07, `establish.freighterTest`): at
 * least 50 cargo boxes (UTD4.331, 4.341, the default), at least two cargo containers (UTD6.34,
 * 6.35), or either. Never a Q-ship (UTD8.26).
 */
export function freeingFreighter(u: UnitInfo, test: Settings['establish.freighterTest']): boolean {
  if (!u.isLargeFreighter || u.isQShip) return false;
  const boxes = u.cargoBoxes >= 50;
  const containers = u.cargoContainers >= 2;
  return test === 'boxes50' ? boxes : test === 'containers2' ? containers : boxes || containers;
}

/**
 * UTD4.3561–4.3563 with ISS-A50: one attempt per cycle for 1 OP; 1D6, 1–`siege.successMax` (3)
 * releases; desperation buys a second die for 50 BPV or a third for 100 (`siege.desperation`);
 * after `siege.autoSuccessAfterFailures` (3) failed dice against the same fort the next die
 * succeeds by itself, even inside an attempt (`siege.autoSuccessWithinAttempt`; when off, only an
 * attempt that starts so is released by itself).
 */
export function siegeRoll(d: Decider, fleetRef: string, desperation: number, p: Player): void {
  const turn = d.state.turn!;
  const f = ownFleet(d, p, fleetRef);
  const state = d.state;
  const st = state.settings;
  if (!f.trapped) refuse('siege/not-trapped', 'UTD4.3561', `Fleet ${f.slot} is not trapped by a fortification.`);
  if (f.trapped.lastAttemptHalfCycle === state.halfCycles)
    refuse('siege/once-per-cycle', 'UTD4.3561', `Fleet ${f.slot} already made its siege roll this cycle.`);
  const prices = st['siege.desperation'];
  if (desperation !== 0 && !prices.includes(desperation))
    refuse(
      'siege/bad-desperation',
      'UTD4.3562',
      `Desperation of ${desperation} BPV is not offered.`,
      prices.length
        ? `Pay ${prices.map((x, i) => `${x} BPV for ${i + 2} dice`).join(' or ')} (siege.desperation).`
        : 'This campaign allows no desperation dice (siege.desperation).',
    );
  spend(turn, 1, 'A siege roll', 'UTD4.3561');
  const autoAfter = st['siege.autoSuccessAfterFailures'];
  const automaticFromStart = f.trapped.failedDice >= autoAfter;
  const paid = automaticFromStart ? 0 : desperation;
  if (bpv(paid).gt(p.bank))
    refuse('bank/insufficient', 'UTD4.3562', `Desperation costs ${paid} BPV; your bank holds ${p.bank}.`);
  const diceCount = paid === 0 ? 1 : prices.indexOf(paid) + 2;
  let failed = f.trapped.failedDice;
  const rolled: number[] = [];
  let automatic = 0;
  let released = false;
  for (let i = 0; i < diceCount && !released; i++) {
    if (failed >= autoAfter && (i === 0 || st['siege.autoSuccessWithinAttempt'])) {
      automatic++;
      released = true;
      break;
    }
    const die = d.ctx.dice.roll(6, 1, `siege roll (UTD4.3561) for fleet ${f.slot}, die ${i + 1} of ${diceCount}`)[0]!;
    rolled.push(die);
    if (die <= st['siege.successMax']) released = true;
    else failed++;
  }
  d.emit({
    type: 'SiegeRolled',
    fleetId: f.id,
    opCost: 1,
    bpvPaid: String(paid),
    dice: rolled,
    automatic,
    released,
    failedDice: failed,
  });
}

/** UTD6.3D1: for 1 OP and 110 BPV a fleet leaves a container worth 100 BPV in its sector. */
export function dropContainer(d: Decider, fleetRef: string, p: Player): void {
  const turn = d.state.turn!;
  const f = ownFleet(d, p, fleetRef);
  const cost = bpv(d.state.settings['deadDrop.cost']);
  if (cost.gt(p.bank))
    refuse('bank/insufficient', 'UTD6.3D1', `A container costs ${bpvToString(cost)} BPV; your bank holds ${p.bank}.`);
  spend(turn, 1, 'A dead drop', 'UTD6.3D1');
  d.emit({
    type: 'ContainerDropped',
    fleetId: f.id,
    sector: f.sector,
    opCost: 1,
    cost: bpvToString(cost),
    value: String(d.state.settings['deadDrop.value']),
  });
}

/** UTD6.3D2: for 1 OP a fleet carves one ship out and leaves it as an empty derelict. */
export function leaveDerelict(d: Decider, fleetRef: string, shipId: string, p: Player): void {
  const turn = d.state.turn!;
  const f = ownFleet(d, p, fleetRef);
  const ship = d.state.ships.find((s) => s.id === shipId && s.fleetId === f.id);
  if (!ship) refuse('ship/not-in-fleet', 'UTD6.3D2', `Ship ${shipId.slice(0, 20)} is not in fleet ${f.slot}.`);
  spend(turn, 1, 'Leaving a derelict', 'UTD6.3D2');
  d.emit({ type: 'DerelictLeft', fleetId: f.id, shipId, sector: f.sector, opCost: 1 });
}

/** UTD6.12: undo of the player's newest order of this turn, if its undo spec allows it (undo.ts, UTD6.121). */
export function undoLastOrder(d: Decider): void {
  const turn = d.state.turn!;
  const last = turn.orders.at(-1);
  if (!last) refuse('undo/nothing', 'UTD6.122', 'You have given no order this turn.');
  const event = orderEvent(last);
  if (!event || !canUndo(event))
    refuse(
      'undo/final',
      'UTD6.121',
      `Your last order (${plainOrder(last)}) cannot be undone: ${whyFinal(event)}.`,
      'Only a move that made no contact, a capital move, an establishment, an order-point purchase or a dead drop can be taken back.',
    );
  d.emit({ type: 'OrderUndone', seq: last.seq, undone: event });
}

/** Why an order is final, in the words of its own case: dice, contact, or an order that is final by its kind. */
function whyFinal(e: CampaignEvent | null): string {
  if (!e) return 'it was given before orders could be taken back';
  if (e.type === 'FleetMoved') return 'the fleet made contact with the enemy (pinned or trapped on arrival)';
  if (e.type === 'SiegeRolled') return 'it rolled dice';
  return 'an order of this kind is final once given';
}

/** An order in plain words for a refusal: its kind, and where a move went; an old order without its event, its legacy summary. */
function plainOrder(o: TurnOrder): string {
  const e = orderEvent(o);
  if (e?.type === 'FleetMoved' || e?.type === 'CapitalMoved') return `${o.kind} ${e.from} → ${e.to}`;
  return e ? o.kind : (o.summary ?? o.kind);
}

/** UTD3.32: a one-week extension is automatic once per turn for a real-life reason; more needs a supermajority vote. */
export function extendTurn(d: Decider, realLife: boolean, p: Player): void {
  const turn = d.state.turn!;
  const st = d.state.settings;
  if (!turn.deadline) refuse('extension/no-deadline', 'UTD3.3', 'This turn has no orders deadline.');
  if (!realLife || turn.extensions >= st['deadline.maxAutoExtensions']) {
    refuse(
      'extension/needs-vote',
      'UTD3.32',
      realLife
        ? 'The automatic one-week extension was already used this turn.'
        : 'Only a real-life reason gives the automatic one-week extension.',
      'A longer or further extension needs a supermajority of the players (UTD1.7).',
    );
  }
  const deadline = endOfDayAfter(new Date(turn.deadline), st['deadline.autoExtensionDays'], st['deadline.timezone']);
  d.emit({
    type: 'TurnExtended',
    playerId: p.id,
    deadline: deadline.toISOString(),
    automatic: true,
    reason: { code: 'real-life' },
  });
}
