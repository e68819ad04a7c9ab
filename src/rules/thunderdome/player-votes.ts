import { refuse } from '../errors.ts';
import type { Decider } from './decider.ts';
import type { CampaignState, Vote } from './state.ts';
import { openVote } from './vote-open.ts';
import { restrictedUnitAllowed } from './navy-limits.ts';

/**
 * Two decisions the players make by supermajority reaction vote (UTD1.7) beyond settings and
 * extensions: revealing the dice seed before the campaign ends (UTD1.5, docs/rules-notes.md), and allowing a
 * restricted unit (UTD8.21). Both open an ordinary vote; what a passed vote does is below.
 */

/** `/dice reveal` puts the reveal to a vote; the seed is revealed anyway when the campaign ends. */
export function proposeDiceReveal(d: Decider): void {
  const state = d.state;
  if (state.status === 'finished')
    refuse(
      'dice/revealed',
      'UTD1.7',
      'The campaign is over: its seeds were revealed when it ended.',
      'Check every roll with `/dice verify`.',
    );
  if (state.votes.some((v) => v.status === 'open' && v.payload.kind === 'dice-reveal'))
    refuse('vote/duplicate', 'UTD1.7', 'A vote to reveal the dice seed is already open.', 'React on it with ✅ or ❌.');
  openVote(
    d,
    { kind: 'dice-reveal' },
    'Reveal the secret dice seed now, so anyone can check every roll so far with `/dice verify`? The bot then commits a fresh seed for the rolls that follow.',
  );
}

/** UTD8.21 / UTD7.264: conjectural units, X-ships and battleships are allowed only if voted in. */
export function proposeRestrictedUnit(d: Decider, unitId: string): void {
  const state = d.state;
  const unit = d.ctx.catalog.get(unitId.trim());
  if (!unit)
    refuse(
      'catalog/unknown-unit',
      'UTD8.21',
      `\`${unitId.slice(0, 40)}\` is not in this campaign's ship catalog.`,
      'Pick a unit from the list the command suggests.',
    );
  if (!unit.restricted)
    refuse('unit/not-restricted', 'UTD8.21', `${unit.name} is not a restricted unit; it needs no vote.`);
  if (restrictedUnitAllowed(state, unit.unitId))
    refuse('unit/already-allowed', 'UTD8.21', `${unit.name} is already allowed in this campaign.`);
  if (
    state.votes.some(
      (v) => v.status === 'open' && v.payload.kind === 'restricted-unit' && v.payload.unitId === unit.unitId,
    )
  )
    refuse('vote/duplicate', 'UTD1.7', `A vote on ${unit.name} is already open.`);
  openVote(
    d,
    { kind: 'restricted-unit', unitId: unit.unitId },
    `Allow the restricted unit **${unit.name}** (\`${unit.unitId}\`, ${unit.restricted}) in this campaign (UTD8.21)?`,
  );
}

/**
 * A passed restricted-unit vote allows the unit at once: the vote itself is the permission
 * UTD8.21 asks for, not a house-rule change waiting for the next cycle (docs/rules-notes.md).
 * A passed reveal vote changes nothing in the rules: the seed is a secret the rules never see,
 * so the application layer publishes it when it stores the closing event.
 */
export function onPlayerVoteClosed(d: Decider, v: Vote, passed: boolean): void {
  const p = v.payload;
  if (!passed || p.kind !== 'restricted-unit') return;
  const current = d.state.settings['units.allowedRestricted'] ?? [];
  if (current.includes(p.unitId)) return;
  d.emit({
    type: 'SettingChanged',
    key: 'units.allowedRestricted',
    value: [...current, p.unitId],
    fromHalfCycle: null,
  });
}

/** Did these events pass a vote to reveal the dice seed? (read by the application layer) */
export function revealVotePassed(
  state: CampaignState,
  events: readonly { event: { type: string; voteId?: string; passed?: boolean } }[],
): boolean {
  return events.some(
    (e) =>
      e.event.type === 'VoteClosed' &&
      e.event.passed === true &&
      state.votes.some((v) => v.id === e.event.voteId && v.payload.kind === 'dice-reveal'),
  );
}
