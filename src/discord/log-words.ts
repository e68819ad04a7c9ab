import type { Variant } from '../rules/kernel/tables.ts';
import type { CampaignEvent, CampaignState, StoredEvent } from '../rules/thunderdome/index.ts';
import { describeEvent } from './words.ts';
import { wordsContext, type WordsContext } from './words-context.ts';

/**
 * The events that are not announced in the channel (their announcement table entry gives null, or
 * gives null in some cases): `/campaign log` still lists them, so each gets a plain sentence here.
 */
type QuietType =
  | 'MapApprovalPosted'
  | 'TurnEnded'
  | 'ReminderSent'
  | 'VoteMessageAttached'
  | 'BallotCast'
  | 'BattleThreadAttached'
  | 'BattleAppealVoteOpened'
  | 'BattleQuickUpdated'
  | 'UnitsDestroyed'
  | 'ShipCaptured'
  | 'ShipsDamaged'
  | 'NpeTallied'
  | 'NpeStatusChanged'
  | 'RetreatOrdered';

const QUIET_WORDS: {
  [K in QuietType]: (e: Variant<CampaignEvent, K>, c: WordsContext) => string;
} = {
  MapApprovalPosted: () => '🗺️ The map approval message is posted (UTD8.16).',
  TurnEnded: (e, { who }) =>
    e.forfeited ? `⏹️ ${who(e.playerId)}'s forfeited turn ends (UTD3.31).` : `⏹️ ${who(e.playerId)} ends the turn.`,
  ReminderSent: (e, { who }) =>
    e.skipped
      ? `⏰ The reminder to ${who(e.playerId)} ${e.hoursBefore} h before the deadline fell due with a later one while the bot was away; only the later one was posted.`
      : `⏰ ${who(e.playerId)} is reminded that orders are due (${e.hoursBefore} h before the deadline).`,
  VoteMessageAttached: (e) => `🗳️ The message of vote ${e.voteId} is posted.`,
  BallotCast: (e, { who }) => `🗳️ ${who(e.playerId)} votes on vote ${e.voteId}.`,
  BattleThreadAttached: (e) => `🧵 Battle ${e.battleId} gets its thread.`,
  BattleAppealVoteOpened: (e) => `⚖️ Battle ${e.battleId}: the appeal goes to vote ${e.voteId} (UTF3.45).`,
  BattleQuickUpdated: (e) => `🎲 Battle ${e.battleId}: the quick battle goes on.`,
  UnitsDestroyed: (e) => {
    const n = e.shipIds.length + e.baseIds.length;
    return `💥 Battle ${e.battleId}: ${n} unit${n === 1 ? ' is' : 's are'} destroyed.`;
  },
  ShipCaptured: (e, { side }) =>
    `🏴 Battle ${e.battleId}: ${side(e.by)} captures ship ${e.shipId} from ${side(e.from)}.`,
  ShipsDamaged: (e) =>
    `🔧 Battle ${e.battleId}: ${e.changes.length} ship${e.changes.length === 1 ? '' : 's'} change condition.`,
  NpeTallied: (e, { sec }) => `👾 The NPE of ${sec(e.sector)} counts ${e.losses} BPV of losses.`,
  NpeStatusChanged: (e, { sec }) =>
    `👾 The NPE of ${sec(e.sector)} is now ${({ active: 'active', conquered: 'conquered', anschluss: 'joined by Anschluss' } as const)[e.status]}.`,
  RetreatOrdered: (e, { who, sec }) =>
    `↩️ ${who(e.retreat.playerId)}'s fleet${e.retreat.fleetIds.length === 1 ? '' : 's'} must retreat from ${sec(e.retreat.from)} to ${sec(e.retreat.to)} after battle ${e.retreat.battleId}.`,
};

/** `TurnEnded` → `turn ended`: the last resort, so no event ever shows as its internal name. */
function plainType(type: string): string {
  const words = type.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase();
  return `${words.charAt(0).toUpperCase()}${words.slice(1)}.`;
}

/**
 * One line of `/campaign log` for any event: its announcement when it has one, else its quiet
 * sentence, else its type in plain words.
 */
export function logLine(stored: StoredEvent, state: CampaignState): string {
  const announced = describeEvent(stored, state);
  if (announced) return announced.split('\n')[0]!;
  const type = stored.event.type;
  if (Object.hasOwn(QUIET_WORDS, type)) {
    const say = QUIET_WORDS[type as QuietType] as (e: CampaignEvent, c: WordsContext) => string;
    return say(stored.event, wordsContext(stored, state));
  }
  return plainType(type);
}
