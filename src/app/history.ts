import { cycleLabel, FIRST_HALF_CYCLE } from '../rules/thunderdome/calendar.ts';
import type { CampaignState } from '../rules/thunderdome/index.ts';

/** `/campaign history`: which cycles can be shown (the replay itself is `campaignAtCycle` in campaigns.ts). */
export { cycleLabel };

/**
 * UTD2.2: a cycle's end exists once the campaign is past it (a finished campaign's last half-cycle
 * ended with it); before the start no cycle has happened. The words name the latest one there is.
 */
export function historyRefusal(state: CampaignState, half: number): string | null {
  const started = state.status === 'active' || state.status === 'finished';
  const lastEnded = state.status === 'finished' ? state.halfCycles : state.halfCycles - 1;
  if (started && half >= FIRST_HALF_CYCLE && half <= lastEnded) return null;
  if (!started) return 'The campaign has not started: no cycle has happened yet. `/campaign status` shows it now.';
  const latest =
    lastEnded >= FIRST_HALF_CYCLE
      ? `the latest that ended is ${cycleLabel(lastEnded)}`
      : `none has ended yet (the campaign is in cycle ${cycleLabel(state.halfCycles)})`;
  return half < FIRST_HALF_CYCLE
    ? `The campaign began with cycle ${cycleLabel(FIRST_HALF_CYCLE)}: ${latest}.`
    : `Cycle ${cycleLabel(half)} has not ended yet: ${latest}. \`/campaign status\` shows the campaign now.`;
}
