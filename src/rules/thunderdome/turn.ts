import { refuseWhilePaused } from './pause.ts';
import { budgetYear, excusedTurnsLeft, turnPassesForAbsence } from './absence.ts';
import { refuse } from '../errors.ts';
import { bpv, bpvToString } from '../exact/bpv.ts';
import { endOfDayAfter } from '../deadlines.ts';
import type { Decider } from './decider.ts';
import { openBattles } from './battles/open.ts';
import { chargeRetreats, executeRetreats } from './battles/retreats.ts';
import { explorationStep } from './exploration-step.ts';
import { newConstructionStep } from './shipyards/step.ts';
import { defensesArriveStep } from './defenses/step.ts';
import { activePlayers, playerCount } from './lookup.ts';
import type { Settings } from './settings.ts';
import type { CampaignState, Player } from './state.ts';
import { developmentStep } from './territory.ts';
import { resupplyStep } from './condition/resupply.ts';

/**
 * The sequence of a player turn (UTD2.3). Steps 1–3 run when the turn starts; the player then
 * gives orders (steps 4–5) and ends the turn; steps 6–12 run at once, except that the turn waits
 * at step 8 while a battle is open (battles/progress.ts resumes it with `finishTurn`).
 */
export function beginTurn(d: Decider, seatIndex: number, halfCycles: number, now: Date): void {
  const state = d.state;
  const playerId = state.turnOrder[seatIndex]!;
  const p = state.players.find((x) => x.id === playerId)!;
  const active = activePlayers(state).length;
  const withDeadline = active >= 3 || state.settings['deadline.applyTo2Players'];
  const deadline = withDeadline
    ? endOfDayAfter(now, state.settings['deadline.ordersDays'], state.settings['deadline.timezone']).toISOString()
    : null;
  d.emit({
    type: 'TurnStarted',
    playerId,
    seat: seatIndex + 1,
    halfCycles,
    opsBase: playerCount(state) + p.permanentOps,
    deadline,
  });
  // Settings changed by vote take effect when the new cycle begins (rules-notes §4).
  for (const pending of d.state.pendingSettings.filter((x) => x.fromHalfCycle <= halfCycles)) {
    d.emit({ type: 'SettingChanged', key: pending.key, value: pending.value, fromHalfCycle: pending.fromHalfCycle });
  }
  chargeRetreats(d, p);
  stepOneDevelopments(d, p);
  stepOneClaims(d, p);
  stepTwoIncome(d, p);
  // Ship condition: step 3, resupply (UTD2.3(3), 6.3B1; condition/resupply.ts).
  resupplyStep(d, p);
  // Step 5 begins: with `retreat.timing = startOfStep5` forced retreats move now (UTD7.4665, ISS-A17).
  executeRetreats(d, 'startOfStep5');
}

/** Step 1: what was established last turn appears if its fleet stayed (UTD4.331, ISS-A43). */
function stepOneDevelopments(d: Decider, p: Player): void {
  for (const sector of d.state.map?.sectors ?? []) {
    for (const kind of ['colony', 'mine', 'fort'] as const) {
      const dev = sector[kind];
      if (!dev || dev.owner !== p.id || dev.status === 'active') continue;
      const fleet = d.state.fleets.find((f) => f.id === dev.fleetId);
      const stayed = fleet !== undefined && fleet.sector === sector.key;
      if (dev.status === 'pending-removal') {
        if (stayed) d.emit({ type: 'FortRemoved', sector: sector.key, owner: p.id });
        else d.emit({ type: 'DevelopmentActivated', sector: sector.key, kind, owner: p.id });
      } else if (stayed) {
        d.emit({ type: 'DevelopmentActivated', sector: sector.key, kind, owner: p.id });
      } else {
        d.emit({
          type: 'DevelopmentCancelled',
          sector: sector.key,
          kind,
          owner: p.id,
          reason: { code: 'fleet-left' },
        });
      }
    }
  }
}

/**
 * Step 1, UTD4.13 with ISS-A40: a fleet present since the end of the owner's previous turn claims
 * the sector, unless the player disavowed it or another player's fortification stands there.
 */
function stepOneClaims(d: Decider, p: Player): void {
  const claimed = new Set<string>();
  for (const f of d.state.fleets) {
    if (f.owner !== p.id || f.claimSector !== f.sector || claimed.has(f.sector)) continue;
    const sector = d.state.map!.sectors.find((x) => x.key === f.sector)!;
    if (sector.owner === p.id || p.disavowed.includes(sector.key) || sector.type === 'unknown') continue;
    if (sector.fort && sector.fort.owner !== p.id && sector.fort.status !== 'pending') continue;
    claimed.add(sector.key);
    d.emit({ type: 'SectorClaimed', sector: sector.key, playerId: p.id, from: sector.owner });
  }
}

/** Step 2, UTD4.344: 100 BPV per active mine in a sector the player owns, once a cycle. */
function stepTwoIncome(d: Decider, p: Player): void {
  const mines = (d.state.map?.sectors ?? [])
    .filter((s) => s.mine?.status === 'active' && s.mine.owner === p.id && s.owner === p.id)
    .map((s) => s.key);
  if (mines.length === 0) return;
  const amount = bpv(d.state.settings['income.perMine']).mul(mines.length);
  d.emit({ type: 'IncomePaid', playerId: p.id, amount: bpvToString(amount), mines });
}

export function requireTurnOf(
  d: Decider,
  p: Player,
  opts: { evenLocked?: boolean } = {},
): NonNullable<CampaignState['turn']> {
  const turn = d.state.turn;
  if (d.state.status !== 'active' || !turn)
    refuse('turn/none', 'UTD2.3', 'No turn is running: the campaign is not in play.');
  refuseWhilePaused(d.state);
  if (turn.playerId !== p.id) {
    const current = d.state.players.find((x) => x.id === turn.playerId)?.name ?? 'another player';
    refuse(
      'turn/not-yours',
      'UTD2.1',
      `It is ${current}'s turn, not ${p.name}'s.`,
      'Orders are given on your own turn; anyone may look at the map meanwhile.',
    );
  }
  if (turn.phase !== 'orders')
    refuse(
      'turn/orders-closed',
      'UTD2.3',
      turn.phase === 'captures'
        ? 'The orders of this turn are closed; captured ships are being organized (UTD6.3I2).'
        : turn.phase === 'exploration'
          ? 'The orders of this turn are closed; an exploration waits for its balancing choice (UTD5.22).'
          : 'The orders of this turn are closed; the turn is resolving battles.',
      'See `/battle list`.',
    );
  if (turn.locked && !opts.evenLocked)
    refuse(
      'turn/locked',
      'UTD7.46723',
      'You spent more order points on retreats than you have, so you may give no orders this turn, not even free ones.',
    );
  return turn;
}

/** `/turn end`: the player passes; steps 6–12 follow at once. */
export function endTurn(d: Decider): void {
  afterOrders(d, false);
}

/**
 * UTD3.31: a turn whose orders deadline passed with no order given is forfeited: no orders, but
 * income already came; the third forfeit in a row drops the player (UTD3.92). Steps 6–12 still
 * run (ISS-A19). A turn in which orders were given but not ended is submitted by the deadline
 * instead (ISS-A128): the orders stand, the turn ends, and it is no forfeit.
 */
export function expireTurn(d: Decider): void {
  const turn = d.state.turn;
  if (d.state.status !== 'active' || !turn || turn.phase !== 'orders')
    refuse('turn/none', 'UTD3.31', 'No orders are awaited.');
  refuseWhilePaused(d.state);
  // A player away without a proxy (absence.ts): the turn passes at once, within the year's budget.
  const excused = turnPassesForAbsence(d.state, d.ctx.now);
  if (!excused && (!turn.deadline || new Date(turn.deadline) > d.ctx.now))
    refuse(
      'turn/not-due',
      'UTD3.3',
      `The orders deadline has not passed yet${turn.deadline ? ` (it is ${turn.deadline})` : ''}.`,
    );
  const p = d.state.players.find((x) => x.id === turn.playerId)!;
  if (turn.orders.length > 0) {
    d.emit({ type: 'TurnTimedOut', playerId: p.id, orders: turn.orders.length });
    afterOrders(d, false);
    return;
  }
  if (excused) {
    const year = budgetYear(d.ctx.now);
    d.emit({ type: 'TurnExcused', playerId: p.id, year, excusedLeft: excusedTurnsLeft(d.state, p, d.ctx.now) - 1 });
    afterOrders(d, false);
    return;
  }
  const consecutive = p.consecutiveForfeits + 1;
  d.emit({ type: 'TurnForfeited', playerId: p.id, consecutive });
  if (consecutive >= d.state.settings['deadline.forfeitsBeforeRemoval']) {
    d.emit({ type: 'PlayerRemoved', playerId: p.id, reason: 'forfeits' });
    advance(d, p.id, true);
    return;
  }
  afterOrders(d, true);
}

/** Steps 6–8: retreat arrivals (ISS-A17), exploration, then battles or the rest of the turn. */
function afterOrders(d: Decider, forfeited: boolean): void {
  const playerId = d.state.turn!.playerId;
  executeRetreats(d, 'afterOrders');
  // UTD5.221–5.224: an explorer with a balancing decision is asked; exploration-offer.ts goes on.
  if (explorationStep(d, playerId)) return;
  if (openBattles(d)) return;
  finishTurn(d, forfeited);
}

/** Steps 9–12, run once no battle of the turn is open. */
export function finishTurn(d: Decider, forfeited: boolean): void {
  const playerId = d.state.turn!.playerId;
  developmentStep(d);
  newConstructionStep(d, playerId);
  // Defenses (defenses/): units bought with Revise Defenses arrive at step 10 too (UTD6.3A).
  defensesArriveStep(d, playerId);
  recordKeeping(d, playerId);
  if (d.state.status === 'finished') return;
  advance(d, playerId, forfeited);
}

/** Step 11: a player without a bank loses what was not spent (ISS-A86); players with no unit left are out (UTD4.32). */
function recordKeeping(d: Decider, playerId: string): void {
  const p = d.state.players.find((x) => x.id === playerId)!;
  if (!p.hasBank && bpv(p.bank).gt(0))
    d.emit({ type: 'BankLost', playerId: p.id, amount: p.bank, reason: { code: 'no-capital' } });
  for (const x of activePlayers(d.state)) {
    const hasUnits = d.state.ships.some((s) => s.owner === x.id) || d.state.bases.some((b) => b.owner === x.id);
    if (!hasUnits) d.emit({ type: 'PlayerRemoved', playerId: x.id, reason: 'eliminated' });
  }
  checkVictory(d);
}

/** UTD1.9: the last player remaining wins. */
export function checkVictory(d: Decider): boolean {
  const left = activePlayers(d.state);
  if ((d.state.status === 'active' || d.state.status === 'setup') && left.length === 1) {
    d.emit({ type: 'CampaignWon', playerId: left[0]!.id });
    return true;
  }
  return false;
}

/** Step 12: the next active seat plays; after the last seat the cycle advances by 0.5 (UTD2.2). */
function advance(d: Decider, playerId: string, forfeited: boolean): void {
  if (d.state.players.find((x) => x.id === playerId)?.status === 'active' || d.state.turn?.playerId === playerId) {
    d.emit({ type: 'TurnEnded', playerId, forfeited });
  }
  if (checkVictory(d)) return;
  const order = d.state.turnOrder;
  const current = order.indexOf(playerId);
  const isActive = (id: string) => d.state.players.find((x) => x.id === id)?.status === 'active';
  for (let i = current + 1; i < order.length; i++) {
    if (isActive(order[i]!)) return beginTurn(d, i, d.state.halfCycles, d.ctx.now);
  }
  const first = order.findIndex(isActive);
  beginTurn(d, first, d.state.halfCycles + 1, d.ctx.now);
}

/**
 * The reminders before the orders deadline, in hours before it (UTD3.3, ISS-A09): the end of the
 * target day (`deadline.ordersTargetDays`, default the 3rd of 7: 96 h before the deadline), then
 * each of `deadline.reminderOffsetsHours` (default 24 and 1). Largest first, each once.
 */
export function orderReminderOffsets(settings: Settings): number[] {
  const target = (settings['deadline.ordersDays'] - settings['deadline.ordersTargetDays']) * 24;
  const all = [...(target > 0 ? [target] : []), ...settings['deadline.reminderOffsetsHours']];
  return [...new Set(all)].sort((a, b) => b - a);
}

/**
 * Reminders before the orders deadline (UTD3.3): at each offset of `orderReminderOffsets` once, and
 * only the latest one due if several fell due together (the bot was down).
 */
export function remindOrders(d: Decider): void {
  const turn = d.state.turn;
  if (d.state.status !== 'active' || !turn || turn.phase !== 'orders' || !turn.deadline || d.state.paused) return;
  const deadline = new Date(turn.deadline).getTime();
  const now = d.ctx.now.getTime();
  if (now >= deadline) return;
  const due = orderReminderOffsets(d.state.settings).filter(
    (h) => deadline - h * 3_600_000 <= now && !turn.remindersSent.includes(h),
  );
  if (due.length === 0) return;
  const latest = Math.min(...due);
  for (const h of due)
    if (h !== latest)
      d.emit({ type: 'ReminderSent', playerId: turn.playerId, hoursBefore: h, deadline: turn.deadline, skipped: true });
  d.emit({
    type: 'ReminderSent',
    playerId: turn.playerId,
    hoursBefore: latest,
    deadline: turn.deadline,
    skipped: false,
  });
}
