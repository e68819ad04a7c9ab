import { chainPages, findCampaignByChannel } from '../db/campaign-repo.ts';
import { chainChecker, type ChainBreak } from '../rules/event-chain.ts';
import { jsonDifferences, type JsonDifference } from '../rules/json-diff.ts';
import type { CampaignState } from '../rules/thunderdome/index.ts';
import { upcastCampaignEvent } from '../rules/thunderdome/upcast.ts';
import type { AppContext } from './context.ts';
import { userError, type Outcome } from './errors.ts';
import { rulesetOf, stateLayout } from './rulesets.ts';
import { slices } from './slices.ts';

/** What `/campaign verify` found. */
export interface Verification {
  /** The events in the log. */
  events: number;
  /** The chain head the log itself gives (the one posted at turn starts when nothing is broken). */
  head: string;
  /** Where the stored chain disagrees with the events, earliest first. */
  breaks: ChainBreak[];
  /** Where the stored state disagrees with the state the log replays to (at most 10 paths). */
  state: JsonDifference[];
  /** The replay itself failed at this event (a fold threw): the log cannot be the campaign's. */
  replayFailed: { seq: number; message: string } | null;
}

/**
 * `/campaign verify`: recomputes the hash chain over the log as stored and the state by replaying
 * the log, and says where either disagrees with what is stored. Reads only. The log is read a page
 * at a time and hashed and folded in slices that yield the event loop (docs/performance.md,
 * "Nothing blocks the event loop"): a 100,000-event log takes seconds of CPU.
 */
export async function verifyCampaign(app: AppContext, channelId: string): Promise<Outcome<Verification>> {
  return app.database.db.transaction(async (tx) => {
    const row = await findCampaignByChannel(tx, channelId, stateLayout);
    if (!row) return userError('campaign/none', 'UTD8.1', 'There is no campaign in this channel to verify.');
    const chain = chainChecker();
    const ruleset = rulesetOf(row.state.ruleset);
    // One working copy for the whole replay (docs/performance.md, "Long histories").
    const fold = ruleset.applyInPlace ?? ruleset.apply;
    let replayed: CampaignState | null = null;
    let replayFailed: Verification['replayFailed'] = null;
    let events = 0;
    const slice = slices();
    for await (const page of chainPages(tx, row.id)) {
      for (const e of page) {
        events++;
        chain.add(e);
        if (!replayFailed) {
          try {
            replayed = fold(replayed, { ...e, event: upcastCampaignEvent(e.event) });
          } catch (err) {
            replayFailed = { seq: e.seq, message: (err as Error).message };
          }
        }
        if (slice.due()) await slice.pause();
      }
    }
    const { breaks, head } = chain.result();
    const state = replayFailed ? [] : jsonDifferences(row.state, replayed, 10);
    return { ok: true, value: { events, head, breaks, state, replayFailed } };
  });
}
