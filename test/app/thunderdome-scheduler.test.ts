import { expect, it } from 'vitest';
import { thunderdomeScheduler } from '../../src/app/thunderdome-scheduler.ts';
import { defaultSettings } from '../../src/rules/thunderdome/settings.ts';
import type { CampaignState } from '../../src/rules/thunderdome/index.ts';

/** An active campaign with one open battle, as the scheduler reads it (only what its clocks look at). */
function withBattle(stage: string, deadlines: Record<string, string | null>): CampaignState {
  return {
    status: 'active',
    paused: null,
    settings: defaultSettings(),
    votes: [],
    turn: null,
    battles: [{ id: 'K1', status: 'open', stage, deadlines, reminders: [] }],
  } as unknown as CampaignState;
}

const CONTACT = '2026-12-25T23:59:59.000Z';
const RESOLVE = '2027-01-20T23:59:59.000Z';

it('UTD3.42 a battle past contact (negotiating) is next due at its resolve clock, not at the contact deadline it has left', () => {
  const negotiating = withBattle('negotiating', {
    contact: CONTACT,
    resolve: RESOLVE,
    selection: null,
    runner: null,
    window: null,
  });
  const next = thunderdomeScheduler.nextDue(negotiating)!;
  expect(next > CONTACT).toBe(true);
  expect(next <= RESOLVE).toBe(true);
  // After the contact deadline nothing is due for it (the clocks would refuse to act).
  expect(thunderdomeScheduler.due(negotiating, new Date('2026-12-29T03:00:00Z'))).toEqual([]);
  // While contact is still awaited, the contact deadline is the clock.
  const awaiting = withBattle('awaiting-contact', {
    contact: CONTACT,
    resolve: RESOLVE,
    selection: null,
    runner: null,
    window: null,
  });
  expect(thunderdomeScheduler.nextDue(awaiting)! <= CONTACT).toBe(true);
  expect(thunderdomeScheduler.due(awaiting, new Date('2026-12-29T03:00:00Z'))).toEqual([
    { command: { type: 'battle-clocks' }, reason: 'a battle clock ran out or its reminder is due' },
  ]);
});
