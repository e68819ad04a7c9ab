import type { Player } from './state.ts';
import { withdrawExplorationOffer } from './exploration-offer.ts';
import { refuse } from '../errors.ts';
import type { Decider } from './decider.ts';
import { checkVictory, finishTurn } from './turn.ts';
import { battlesToPause, pauseBattlesOfResigned, unitsHeldByBattles } from './battles/resignation.ts';

/** UTD3.2 / ISS-A136: a player names proxies who may give orders and run battles, optionally until a date. */
export function grantProxy(d: Decider, userId: string, expiresAt: Date | null, p: Player): void {
  if (userId === p.id) refuse('proxy/self', 'UTD3.2', 'You cannot be your own proxy.');
  if (expiresAt && (Number.isNaN(expiresAt.getTime()) || expiresAt <= d.ctx.now))
    refuse('proxy/expired', 'UTD3.2', 'The expiry must be in the future.');
  if (expiresAt && expiresAt.getTime() - d.ctx.now.getTime() > 366 * 86_400_000)
    refuse(
      'proxy/too-long',
      'UTD3.2',
      'A proxy is granted for at most a year; grant it without an end to keep it until revoked.',
    );
  d.emit({ type: 'ProxyGranted', playerId: p.id, proxyUserId: userId, expiresAt: expiresAt?.toISOString() ?? null });
}

export function revokeProxy(d: Decider, userId: string, p: Player): void {
  if (!p.proxies.some((x) => x.userId === userId)) refuse('proxy/unknown', 'UTD3.2', 'That user is not your proxy.');
  d.emit({ type: 'ProxyRevoked', playerId: p.id, proxyUserId: userId });
}

/**
 * UTD3.91: a player who resigns leaves with all his forces at once (ISS-A87: developments too).
 * If it was his turn, the turn ends and play passes on.
 */
export function resign(d: Decider, p: Player): void {
  const state = d.state;
  if (state.status !== 'active' && state.status !== 'setup')
    refuse(
      'campaign/not-in-play',
      'UTD3.91',
      'Only a campaign in play can be resigned from; before the start use `/campaign leave`.',
    );
  const wasTurn = state.turn?.playerId === p.id;
  // UTD3.91: forces fighting an open battle wait for a stand-in; the rest leave at once.
  const battles = battlesToPause(d, p.id);
  const keep = unitsHeldByBattles(d, p.id);
  d.emit({ type: 'PlayerRemoved', playerId: p.id, reason: 'resigned', ...(keep.length ? { keep } : {}) });
  if (checkVictory(d)) return;
  pauseBattlesOfResigned(d, p.id, battles);
  // A balancing question put to him lapses with his fleet (exploration-offer.ts); the turn goes on.
  const ordersOpen = d.state.turn?.phase === 'orders';
  withdrawExplorationOffer(d, p.id);
  if (wasTurn && ordersOpen) finishTurn(d, false);
}

/**
 * A player may concede (docs/rules-notes.md "Governance"): they leave the campaign at once, as a
 * resignation does (UTD3.91: all their forces leave the map), and the last player left wins (UTD1.9).
 */
export function concede(d: Decider, p: Player): void {
  if (d.state.status !== 'active')
    refuse(
      'campaign/not-in-play',
      'UTD3.91',
      'Only a campaign in play can be conceded; before the start use `/campaign leave`.',
    );
  const wasTurn = d.state.turn?.playerId === p.id;
  d.emit({ type: 'PlayerRemoved', playerId: p.id, reason: 'conceded' });
  if (checkVictory(d)) return;
  const ordersOpen = d.state.turn?.phase === 'orders';
  withdrawExplorationOffer(d, p.id);
  if (wasTurn && ordersOpen) finishTurn(d, false);
}
