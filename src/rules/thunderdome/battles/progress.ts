import type { StageReason } from '../reasons.ts';
import { endOfDayAfter } from '../../deadlines.ts';
import type { Decider } from '../decider.ts';
import { NPE } from './common.ts';
import { npeCheck } from './npe-tribute.ts';
import { continueTurnIfDone } from './turn-continues.ts';

export { continueTurnIfDone };
import { rollBattleSetup } from './setup-card.ts';

/**
 * Moves a battle on once every side has its battle fleet (requirements §6.3): an NPE battle first
 * checks for Anschluss and looks for a runner; then the setup card is rolled and the three-day
 * contact clock starts (UTD3.42, 3.43).
 */
export function afterSelection(d: Decider, battleId: string): void {
  const b = d.state.battles.find((x) => x.id === battleId)!;
  if (b.status !== 'open' || (b.stage !== 'fleet-selection' && b.stage !== 'awaiting-runner')) return;
  if (b.participants.some((p) => p.side !== NPE && !p.selected)) return;
  if (b.npe && b.npe.attackerBpv === null) {
    npeCheck(d, battleId);
    return;
  }
  if (b.npe && !b.participants.find((p) => p.side === NPE)!.selected) return;
  startContact(d, battleId);
}

function startContact(d: Decider, battleId: string): void {
  rollBattleSetup(d, battleId);
  const s = d.state;
  const contact = endOfDayAfter(
    d.ctx.now,
    s.settings['deadline.battleContactDays'],
    s.settings['deadline.timezone'],
  ).toISOString();
  const b = s.battles.find((x) => x.id === battleId)!;
  // ISS-A62: an NPE battle's clocks start when its runner is assigned.
  const resolve = b.npe
    ? endOfDayAfter(
        d.ctx.now,
        s.settings['deadline.battleResolveDays'] + 1,
        s.settings['deadline.timezone'],
      ).toISOString()
    : b.deadlines.resolve;
  d.emit({
    type: 'BattleStageChanged',
    battleId,
    stage: 'awaiting-contact',
    deadlines: { selection: null, runner: null, contact, resolve },
    reason: { code: 'setup-rolled' },
  });
}

/** Back to play after a rejected proposal, a failed vote or an extension. */
export function backToPlay(d: Decider, battleId: string, reason: StageReason): void {
  const b = d.state.battles.find((x) => x.id === battleId)!;
  const stage = b.respondedAt ? 'in-play' : b.contactedAt ? 'awaiting-response' : 'awaiting-contact';
  d.emit({ type: 'BattleStageChanged', battleId, stage, deadlines: { window: null }, reason });
}
