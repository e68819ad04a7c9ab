import type { EmpireKey } from './empires.ts';
import type { Settings } from './settings.ts';

/**
 * The whole public state of one Thunderdome III campaign. It is a plain JSON document so that
 * it can be stored with its version, exported, and rebuilt exactly by replaying the event log
 * (design §3.3). Amounts of BPV are canonical decimal strings (see exact/bpv.ts).
 */
export interface CampaignState {
  format: 1;
  ruleset: 'thunderdome-iii';
  id: string;
  name: string;
  guildId: string;
  channelId: string;
  createdBy: string;
  createdAt: string;
  status: CampaignStatus;
  settings: Settings;
  /** SHA-256 commitments of the secret dice seeds, newest last; `fromSeq` is the first event it covers. */
  seedCommitments: { fromSeq: number; hash: string }[];
  /** Published when the seed is revealed (by vote or at the end). */
  revealedSeeds: { fromSeq: number; seed: string }[];
  players: Player[];
  /** Player ids in seat order (UTD8.14), fixed at the start. */
  turnOrder: string[];
  halfCycles: number;
  turn: TurnState | null;
  startedAt: string | null;
  finishedAt: string | null;
  winner: string | null;
}

export type CampaignStatus = 'registration' | 'active' | 'finished';

export interface Player {
  /** The Discord user id of the player; players act only for themselves or by proxy. */
  id: string;
  name: string;
  empire: EmpireKey;
  joinedAt: string;
  status: 'active' | 'resigned' | 'removed' | 'eliminated';
  seat: number | null;
  /** The D1000 rolls made for the turn order, re-rolls included (UTD8.14, ISS-A104). */
  orderRolls: number[];
  /** UTD4.3236: the bank in the capital. Starting BPV (UTD8.132) is paid in here. */
  bank: string;
  startingBpv: string;
  permanentOps: number;
  consecutiveForfeits: number;
  totalForfeits: number;
}

export interface TurnState {
  playerId: string;
  seat: number;
  startedAt: string;
  /** UTD6.2: order points equal the number of players. */
  opsBase: number;
  opsSpent: number;
}
