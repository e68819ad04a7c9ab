import type { StandbyVote } from '../rules/warlord/standby.ts';
import type { SheetEdit } from '../rules/warlord/sheet-edit.ts';
import type { WarlordState } from '../rules/warlord/state.ts';
import type { RulesetState } from '../ruleset.ts';

/**
 * The Warlord game as the app stores it (src/app/warlord-ruleset.ts decides and folds it): its
 * campaign state, commands and events, apart so that the post and report modules can name them
 * without importing the ruleset that imports them.
 */
export const WARLORD_RULESET = 'star-fleet-warlord';
export const WARLORD_CLOCK = 'warlord-clock';

export interface WarlordPlayer {
  userId: string;
  corp: number;
  name: string;
}

export interface WarlordCampaign extends RulesetState {
  ruleset: typeof WARLORD_RULESET;
  status: 'joining' | 'running' | 'over';
  players: WarlordPlayer[];
  game: WarlordState | null;
  /** Sheets submitted for the current turn, by corporation (revisable until the deadline). */
  sheets: Record<string, string>;
  deadline: string | null;
  turnHours: number;
  /** Each corporation's private thread in the game channel (its turn reports), by corporation; absent in older states. */
  threads?: Record<string, string>;
  /** Open votes to hand a silent seat to a standby player (§11.4), by corporation; absent in older states. */
  standby?: Record<string, StandbyVote>;
}

export type WarlordCommand =
  | { type: 'create'; name: string; campaignId: string; guildId: string; channelId: string }
  | { type: 'warlord-join'; corpName: string }
  | { type: 'warlord-start'; width: number; height: number; turnHours: number }
  | { type: 'warlord-submit'; text: string }
  /** A small change to the corporation's sheet of this turn (one slot, one misc order), revalidated. */
  | { type: 'warlord-edit'; edit: SheetEdit }
  | { type: 'warlord-process' }
  /** The bot records the private thread it opened for a corporation's reports (system only). */
  | { type: 'warlord-thread'; corp: number; threadId: string }
  /** Propose handing a seat waived more than twice in a row to a standby player (§11.4). */
  | { type: 'warlord-standby'; corp: number; userId: string }
  /** A ballot on the standby vote of a seat (§11.4). */
  | { type: 'warlord-standby-ballot'; corp: number; choice: string };

export type WarlordEvent =
  | { type: 'WarlordCreated'; id: string; guildId: string; channelId: string; name: string }
  | { type: 'WarlordJoined'; userId: string; corp: number; name: string }
  | { type: 'WarlordStarted'; seed: number; width: number; height: number; turnHours: number; deadline: string }
  | { type: 'WarlordSheetSubmitted'; corp: number; text: string }
  | { type: 'WarlordTurnProcessed'; turn: number; deadline: string | null; waived: number[]; winner: number | null }
  | { type: 'WarlordThreadOpened'; corp: number; threadId: string }
  | { type: 'WarlordStandbyProposed'; vote: StandbyVote }
  | { type: 'WarlordStandbyBallot'; corp: number; userId: string; choice: 'yes' | 'no' }
  /** The vote closed: passed (the seat is handed, `from` → `to`) or failed (at the deadline or when it can no longer pass). */
  | { type: 'WarlordStandbyClosed'; corp: number; passed: boolean; from: string; to: string };
