import { bpv, bpvToString } from '../exact/bpv.ts';
import { FIRST_HALF_CYCLE } from './calendar.ts';
import type { StoredEvent } from './events.ts';
import type { CampaignState, Player } from './state.ts';

/**
 * Folds one stored event into the state. Pure and total: it never checks a rule (that was done
 * when the event was decided) and it never rolls dice (rolls are inside the event).
 */
export function applyEvent(state: CampaignState | null, stored: StoredEvent): CampaignState {
  const e = stored.event;
  if (e.type === 'CampaignCreated') {
    return {
      format: 1,
      ruleset: 'thunderdome-iii',
      id: e.campaignId,
      name: e.name,
      guildId: e.guildId,
      channelId: e.channelId,
      createdBy: e.createdBy,
      createdAt: stored.at,
      status: 'registration',
      settings: structuredClone(e.settings),
      seedCommitments: [{ fromSeq: stored.seq, hash: e.seedCommitment }],
      revealedSeeds: [],
      players: [],
      turnOrder: [],
      halfCycles: FIRST_HALF_CYCLE,
      turn: null,
      startedAt: null,
      finishedAt: null,
      winner: null,
    };
  }
  if (!state) throw new Error(`event ${stored.seq} (${e.type}) before CampaignCreated`);
  const s = structuredClone(state);
  switch (e.type) {
    case 'PlayerJoined':
      s.players.push({
        id: e.playerId,
        name: e.playerName,
        empire: e.empire,
        joinedAt: stored.at,
        status: 'active',
        seat: null,
        orderRolls: [],
        bank: '0',
        startingBpv: '0',
        permanentOps: 0,
        consecutiveForfeits: 0,
        totalForfeits: 0,
      });
      return s;
    case 'PlayerChangedEmpire':
      player(s, e.playerId).empire = e.to;
      return s;
    case 'PlayerLeft':
      s.players = s.players.filter((p) => p.id !== e.playerId);
      return s;
    case 'TurnOrderRolled':
      s.turnOrder = [...e.order];
      for (const r of e.rolls) player(s, r.playerId).orderRolls = [...r.rolls];
      e.order.forEach((id, i) => (player(s, id).seat = i + 1));
      return s;
    case 'CampaignStarted':
      s.status = 'active';
      s.startedAt = stored.at;
      s.settings.startYear = e.startYear;
      for (const p of s.players) {
        p.startingBpv = e.startingBpv;
        p.bank = bpvToString(bpv(p.bank).add(e.startingBpv));
      }
      return s;
    case 'TurnStarted':
      s.halfCycles = e.halfCycles;
      s.turn = { playerId: e.playerId, seat: e.seat, startedAt: stored.at, opsBase: e.opsBase, opsSpent: 0 };
      return s;
    case 'DiceRolled':
      return s;
    case 'CampaignImported':
      s.id = e.campaignId;
      s.guildId = e.guildId;
      s.channelId = e.channelId;
      if (e.seedCommitment) s.seedCommitments.push({ fromSeq: stored.seq, hash: e.seedCommitment });
      return s;
  }
}

function player(s: CampaignState, id: string): Player {
  const p = s.players.find((x) => x.id === id);
  if (!p) throw new Error(`no player ${id}`);
  return p;
}

export function replay(events: readonly StoredEvent[]): CampaignState | null {
  let state: CampaignState | null = null;
  for (const e of events) state = applyEvent(state, e);
  return state;
}
