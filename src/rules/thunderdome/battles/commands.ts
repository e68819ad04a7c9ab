import { refuse } from '../../errors.ts';
import { actingPlayer, type Decider } from '../decider.ts';
import { openVote } from '../votes.ts';
import { submitAppeal } from './appeal.ts';
import { organizeCaptured } from './captures.ts';
import { runBattleClocks, forcedRetreat } from './clock.ts';
import { openBattle } from './common.ts';
import {
  accept,
  askExtension,
  excuseFailure,
  propose,
  reject,
  reportFailure,
  schedule,
  type ResultInput,
} from './negotiation.ts';
import { claimTribute, volunteer } from './npe.ts';
import { quick } from './quick.ts';
import { chooseFleet } from './selection.ts';

/** The `/battle …` commands as the rules see them (requirements §6.3, §6.4). */
export type BattleCommand =
  | { type: 'battle-fleet'; battle: string; fleet: string | null; units: string[] }
  | { type: 'battle-propose'; battle: string; kind: 'negotiated' | 'report'; result: ResultInput }
  | { type: 'battle-accept'; battle: string }
  | { type: 'battle-reject'; battle: string }
  | { type: 'battle-schedule'; battle: string; when: string | null }
  | { type: 'battle-failure'; battle: string; player: string }
  | { type: 'battle-excuse'; battle: string }
  | { type: 'battle-extension'; battle: string; reason: 'real-life' | 'other'; days: number }
  | { type: 'battle-appeal'; battle: string; explanation: string; plan: string; result: ResultInput }
  | { type: 'battle-volunteer'; battle: string }
  | { type: 'battle-object'; battle: string }
  | { type: 'battle-claim'; battle: string; units: string[] }
  | { type: 'battle-quick'; battle: string; intensity?: number; allocate?: string; retreat?: string }
  | { type: 'captured-organize'; ship: string; into: string; makeRoom: string[] }
  | { type: 'battle-clocks' }
  | { type: 'battle-thread'; battleId: string; threadId: string };

export function runBattleCommand(d: Decider, c: BattleCommand): void {
  switch (c.type) {
    case 'battle-fleet':
      return chooseFleet(d, c.battle, c.fleet, c.units);
    case 'battle-propose':
      return propose(d, c.battle, c.kind, c.result);
    case 'battle-accept':
      return accept(d, c.battle);
    case 'battle-reject':
      return reject(d, c.battle);
    case 'battle-schedule':
      return schedule(d, c.battle, c.when);
    case 'battle-failure': {
      const { forced } = reportFailure(d, c.battle, c.player);
      if (forced) {
        const b = d.state.battles.find((x) => x.id === openBattle(d.state, c.battle).id)!;
        const side = b.sides.includes(c.player) ? c.player : 'npe';
        forcedRetreat(d, b, side, `failed to play twice (UTD3.42#2)`);
      }
      return;
    }
    case 'battle-excuse':
      return excuseFailure(d, c.battle);
    case 'battle-extension': {
      const { vote } = askExtension(d, c.battle, c.reason, c.days);
      if (vote) {
        const b = openBattle(d.state, c.battle);
        if (
          d.state.votes.some(
            (v) => v.status === 'open' && v.payload.kind === 'battle-extension' && v.payload.battleId === b.id,
          )
        )
          refuse('vote/duplicate', 'UTD3.44', 'An extension vote for this battle is already open.');
        openVote(
          d,
          { kind: 'battle-extension', battleId: b.id, days: c.days },
          `Give battle ${b.id} ${c.days} more day${c.days === 1 ? '' : 's'} to finish (UTD3.44#2)?`,
        );
      }
      return;
    }
    case 'battle-appeal':
      return submitAppeal(d, c.battle, c.explanation, c.plan, c.result);
    case 'battle-volunteer':
      return volunteer(d, c.battle);
    case 'battle-object': {
      const b = openBattle(d.state, c.battle);
      const p = actingPlayer(d.state, d.ctx);
      if (b.stage !== 'objection-window')
        refuse(
          'battle/no-objection-window',
          'UTD5.47',
          `Battle ${b.id} has no negotiated NPE result open to objections.`,
        );
      const proposal = b.proposals.find((x) => x.status === 'open')!;
      if (
        d.state.votes.some((v) => v.status === 'open' && v.payload.kind === 'npe-result' && v.payload.battleId === b.id)
      )
        refuse('vote/duplicate', 'UTD5.47', 'An objection is already being voted on.');
      openVote(
        d,
        { kind: 'npe-result', battleId: b.id, proposalId: proposal.id },
        `${p.name} objects to the negotiated result of NPE battle ${b.id}: let it stand (UTD5.47)?`,
      );
      return;
    }
    case 'battle-claim':
      return claimTribute(d, c.battle, c.units);
    case 'battle-quick': {
      const action: { intensity?: number; allocate?: string; retreat?: string } = {};
      if (c.intensity !== undefined) action.intensity = c.intensity;
      if (c.allocate !== undefined) action.allocate = c.allocate;
      if (c.retreat !== undefined) action.retreat = c.retreat;
      return quick(d, c.battle, action);
    }
    case 'captured-organize':
      return organizeCaptured(d, c.ship, c.into, c.makeRoom);
    case 'battle-clocks':
      return runBattleClocks(d);
    case 'battle-thread': {
      const b = d.state.battles.find((x) => x.id === c.battleId);
      if (!b) refuse('battle/unknown', 'UTD7.4', `There is no battle ${c.battleId}.`);
      if (b.threadId) return;
      d.emit({ type: 'BattleThreadAttached', battleId: b.id, threadId: c.threadId });
      return;
    }
  }
}
