import { refuse } from '../../errors.ts';
import type { Decider } from '../decider.ts';
import type { Battle, BattleDeadlines, Player, Vote } from '../state.ts';
import { openVote } from '../vote-open.ts';
import { hoursFrom, NPE, openBattle } from './common.ts';
import { heldByOpenBattles } from './departed.ts';
import { anschluss } from './npe-tribute.ts';
import { continueTurnIfDone } from './turn-continues.ts';

/**
 * A player who resigns during a battle (UTD3.91): his forces leave the map at once, except those
 * fighting an open battle, which wait while a supermajority may let another player finish it in
 * his stead. The battle's clocks stop meanwhile. With nobody approved by the window (the vote
 * window, `vote.windowHours`), the battle is cancelled and the opponent holds the sector; a
 * resigned NPE runner with no stand-in leaves the NPE to Anschluss, as when nobody runs it
 * (UTD5.431). The waiting forces leave once no open battle holds them. Readings:
 * docs/rules-notes.md "A resignation during a battle".
 */

/** The open battles `playerId` fights in or runs the NPE of, with the side he speaks for. */
function battlesOf(d: Decider, playerId: string): { b: Battle; side: string }[] {
  return d.state.battles
    .filter((b) => b.status === 'open')
    .flatMap((b) =>
      b.sides.includes(playerId)
        ? [{ b, side: playerId }]
        : b.npe?.runner === playerId || b.standIns?.[NPE] === playerId
          ? [{ b, side: NPE }]
          : Object.entries(b.standIns ?? {})
              .filter(([, user]) => user === playerId)
              .map(([side]) => ({ b, side })),
    );
}

/** The units of `playerId` that open battles hold (UTD3.91: they finish the battle if a stand-in is approved). */
export function unitsHeldByBattles(d: Decider, playerId: string): string[] {
  return [...heldByOpenBattles(d.state, playerId)];
}

/** UTD3.91: each open battle of the resigning player waits for a stand-in; called once he is removed. */
export function pauseBattlesOfResigned(d: Decider, playerId: string, battles: { b: Battle; side: string }[]): void {
  for (const { b, side } of battles) {
    const current = d.state.battles.find((x) => x.id === b.id)!;
    if (current.status !== 'open') continue;
    d.emit({
      type: 'BattleSideResigned',
      battleId: b.id,
      side,
      playerId,
      resume: current.stage === 'awaiting-stand-in' ? (current.resigned?.resume ?? 'in-play') : current.stage,
      due: hoursFrom(d.ctx.now, d.state.settings['vote.windowHours']),
    });
  }
}

/** The battles to pause for a player about to resign, taken before his removal changes the state. */
export function battlesToPause(d: Decider, playerId: string): { b: Battle; side: string }[] {
  return battlesOf(d, playerId);
}

/** `/battle stand-in`: an active player offers to finish the battle for the side that resigned; a supermajority decides. */
export function offerStandIn(d: Decider, ref: string, p: Player): void {
  const b = openBattle(d.state, ref);
  if (b.stage !== 'awaiting-stand-in' || !b.resigned)
    refuse('battle/no-resignation', 'UTD3.91', `No side of battle ${b.id} has resigned; nobody needs a stand-in.`);
  if (b.sides.includes(p.id) || b.npe?.runner === p.id)
    refuse(
      'battle/stand-in-own-battle',
      'UTD3.91',
      `You fight in battle ${b.id}; a stand-in must be another player, so nobody plays both sides (UTD5.433).`,
    );
  if (
    d.state.votes.some(
      (v) => v.status === 'open' && v.payload.kind === 'battle-stand-in' && v.payload.battleId === b.id,
    )
  )
    refuse('vote/duplicate', 'UTD3.91', `A vote on a stand-in for battle ${b.id} is already open.`);
  const side = b.resigned.side;
  const whose = side === NPE ? 'the NPE runner' : (d.state.players.find((x) => x.id === side)?.name ?? side);
  openVote(
    d,
    { kind: 'battle-stand-in', battleId: b.id, side, userId: p.id },
    `${p.name} offers to finish battle ${b.id} in the stead of ${whose}, who resigned (UTD3.91)?`,
  );
}

/** The deadlines of a paused battle moved on by the time it waited, so no clock ran while it waited. */
function resumedDeadlines(b: Battle, now: Date): BattleDeadlines {
  const waited = now.getTime() - new Date(b.resigned!.pausedAt).getTime();
  const paused = b.resigned!.paused;
  const moved: BattleDeadlines = { selection: null, contact: null, resolve: null, runner: null, window: null };
  for (const key of ['selection', 'contact', 'resolve', 'runner', 'window'] as const) {
    const at = paused[key];
    if (at) moved[key] = new Date(new Date(at).getTime() + waited).toISOString();
  }
  return moved;
}

/** A closed stand-in vote: approved, the battle goes on where it stopped; rejected, it is cancelled unless another vote may still come. */
export function onStandInVoteClosed(d: Decider, v: Vote, passed: boolean): void {
  const p = v.payload;
  if (p.kind !== 'battle-stand-in') return;
  const b = d.state.battles.find((x) => x.id === p.battleId);
  if (b?.status !== 'open' || b.stage !== 'awaiting-stand-in' || !b.resigned) return;
  const stillActive = d.state.players.some((x) => x.id === p.userId && x.status === 'active');
  if (passed && stillActive) {
    d.emit({
      type: 'BattleStandInApproved',
      battleId: b.id,
      side: p.side,
      userId: p.userId,
      stage: b.resigned.resume,
      deadlines: resumedDeadlines(b, d.ctx.now),
    });
    return;
  }
  // Rejected: another player may still offer before the window closes; after it, the battle is cancelled.
  if (new Date(b.deadlines.window ?? 0) <= d.ctx.now) cancelBattle(d, b);
}

/** The battle clock of a battle waiting for a stand-in (run by runBattleClocks). */
export function standInClock(d: Decider, b: Battle): void {
  if (!b.resigned || new Date(b.deadlines.window ?? 0) > d.ctx.now) return;
  const pending = d.state.votes.some(
    (v) => v.status === 'open' && v.payload.kind === 'battle-stand-in' && v.payload.battleId === b.id,
  );
  if (!pending) cancelBattle(d, b);
}

/** UTD3.91: no stand-in, so the battle is cancelled and the opponent holds the sector. */
function cancelBattle(d: Decider, b: Battle): void {
  const side = b.resigned!.side;
  if (side === NPE) return anschluss(d, b.id, { code: 'runner-resigned' });
  const holders = b.sides.filter((x) => x !== side);
  d.emit({
    type: 'BattleResolved',
    battleId: b.id,
    result: null,
    resolution: 'cancelled',
    summary: [{ code: 'cancelled-resignation', player: b.resigned!.playerId, holders }],
  });
  continueTurnIfDone(d);
}
