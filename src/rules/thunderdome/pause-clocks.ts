import type { CampaignState } from './state.ts';

/**
 * The clocks a resume moves on by the time the campaign was paused (UTD1.7, pause.ts), so each runs
 * with the time it had left. The `CampaignResumed` fold (apply.ts) calls it; it imports no rule.
 */
export function shiftClocks(s: CampaignState, pausedSince: string, ms: number): void {
  const later = (iso: string | null | undefined) => (iso ? new Date(Date.parse(iso) + ms).toISOString() : iso);
  if (s.turn) {
    s.turn.deadline = later(s.turn.deadline) ?? null;
    if (s.turn.capturesDue) s.turn.capturesDue = later(s.turn.capturesDue) ?? null;
    if (s.turn.explorationOffer) s.turn.explorationOffer.due = later(s.turn.explorationOffer.due)!;
  }
  for (const b of s.battles) {
    if (b.status !== 'open') continue;
    for (const key of Object.keys(b.deadlines) as (keyof typeof b.deadlines)[])
      b.deadlines[key] = later(b.deadlines[key]) ?? null;
  }
  // Votes opened during the pause ran through it (a resume vote is one of them).
  for (const v of s.votes)
    if (v.status === 'open' && v.openedAt < pausedSince) v.closesAt = later(v.closesAt) ?? v.closesAt;
}
