import type { RollRecord } from '../dice.ts';
import type { RolledTerm } from '../dice-expression.ts';
import type { EmpireKey } from './empires.ts';
import type { Settings } from './settings.ts';

/**
 * Events are facts. The rules decide them (with dice and time passed in); `applyEvent` folds
 * them into state without re-running any rule, so replaying the log rebuilds the state exactly.
 */
export type CampaignEvent =
  | {
      type: 'CampaignCreated';
      campaignId: string;
      name: string;
      guildId: string;
      channelId: string;
      createdBy: string;
      settings: Settings;
      seedCommitment: string;
    }
  | { type: 'PlayerJoined'; playerId: string; playerName: string; empire: EmpireKey }
  | { type: 'PlayerChangedEmpire'; playerId: string; from: EmpireKey; to: EmpireKey }
  | { type: 'PlayerLeft'; playerId: string }
  | { type: 'TurnOrderRolled'; rolls: { playerId: string; rolls: number[] }[]; order: string[] }
  | { type: 'CampaignStarted'; startingBpv: string; startYear: number }
  | { type: 'TurnStarted'; playerId: string; seat: number; halfCycles: number; opsBase: number }
  | { type: 'DiceRolled'; expression: string; purpose: string; terms: RolledTerm[]; total: number }
  | {
      type: 'CampaignImported';
      fromFormat: number;
      sourceCampaignId: string;
      campaignId: string;
      guildId: string;
      channelId: string;
      /** Set when the import starts a new secret seed (the exported file did not carry the old one). */
      seedCommitment: string | null;
    };

export type CampaignEventType = CampaignEvent['type'];

/** An event as stored: its place in the log, who caused it, when, and the dice it used. */
export interface StoredEvent {
  seq: number;
  at: string;
  actor: { userId: string; asPlayer?: string };
  event: CampaignEvent;
  rolls: RollRecord[];
}
