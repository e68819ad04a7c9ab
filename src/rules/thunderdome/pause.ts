import { refuse } from '../errors.ts';
import type { Decider } from './decider.ts';
import { noInput, type OrderTable } from './order-spec.ts';
import type { CampaignState, Vote } from './state.ts';
import { openVote } from './vote-open.ts';

/**
 * Pause (UTD1.7; docs/rules-notes.md "Governance"). The rules name no pause, but the
 * players decide by supermajority whatever the rules leave open (UTD1.7): a passed vote stops
 * every clock of the campaign (the orders deadline and its reminders, the battle clocks, the
 * captured ships' deadline, the votes open when it paused) and a second vote resumes it, each
 * clock with the time it had left. While paused no turn order is given; votes opened during the
 * pause run, so the players can vote to resume.
 */
export type PauseCommand = { type: 'vote-pause' };

export function proposePause(d: Decider): void {
  const state = d.state;
  if (state.status !== 'active')
    refuse('pause/not-in-play', 'UTD1.7', 'Only a campaign in play can be paused: no clock runs before the start.');
  const kind = state.paused ? 'resume' : 'pause';
  if (state.votes.some((v) => v.status === 'open' && (v.payload.kind === 'pause' || v.payload.kind === 'resume')))
    refuse('vote/duplicate', 'UTD1.7', `A vote to ${kind} the campaign is already open.`, 'React on it with ✅ or ❌.');
  openVote(
    d,
    { kind },
    kind === 'pause'
      ? 'Pause the campaign? Every clock stops and resumes later with the time it had left.'
      : 'Resume the campaign? Every clock starts again with the time it had left when it paused.',
  );
}

/** Called when any vote closes (votes.ts): a passed pause or resume vote takes effect at once. */
export function onPauseVoteClosed(d: Decider, v: Vote, passed: boolean): void {
  if (!passed) return;
  const state = d.state;
  if (v.payload.kind === 'pause' && !state.paused && state.status === 'active')
    d.emit({ type: 'CampaignPaused', voteId: v.id });
  if (v.payload.kind === 'resume' && state.paused) {
    const pausedMs = Math.max(0, d.ctx.now.getTime() - Date.parse(state.paused.since));
    d.emit({ type: 'CampaignResumed', voteId: v.id, pausedMs });
  }
}

/** While paused no turn order is given (turn.ts `requireTurnOf` asks this). */
export function refuseWhilePaused(state: CampaignState): void {
  if (state.paused)
    refuse(
      'campaign/paused',
      'UTD1.7',
      `**${state.name}** is paused by vote: no orders are given and no clock runs.`,
      'Propose to resume with `/vote pause` (a supermajority resumes it).',
    );
}

export const PAUSE_ORDERS = {
  'vote-pause': { input: noInput, who: 'self', decide: (d) => proposePause(d) },
} satisfies OrderTable<PauseCommand>;
