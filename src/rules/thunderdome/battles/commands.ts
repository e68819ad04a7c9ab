import { acceptSession, proposeSession } from './session.ts';
import { z } from 'zod';
import { refuse } from '../../errors.ts';
import { openVote } from '../vote-open.ts';
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
  resultInput,
  schedule,
  type ResultInput,
} from './negotiation.ts';
import { claimTribute } from './npe.ts';
import { offerStandIn } from './resignation.ts';
import { commitOptions, revealOptions } from './co-secret.ts';
import { chooseLane } from './lane-choice.ts';
import { isOutsiderObjection, objectToOutsider, proposeOutsider, volunteer } from './npe-runner.ts';
import { quick, type QuickAction } from './quick.ts';
import { chooseFleet } from './selection.ts';
import { noInput, type OrderTable } from '../order-spec.ts';

/** The `/battle …` commands as the rules see them (requirements §6.3, §6.4). */
export type BattleCommand =
  | { type: 'battle-fleet'; battle: string; fleet: string | null; units: string[] }
  | { type: 'battle-propose'; battle: string; kind: 'negotiated' | 'report'; result: ResultInput }
  | { type: 'battle-accept'; battle: string }
  | { type: 'battle-reject'; battle: string }
  | { type: 'battle-schedule'; battle: string; when: string | null; at?: string | null | undefined }
  | { type: 'battle-session-accept'; battle: string }
  | { type: 'battle-failure'; battle: string; player: string }
  | { type: 'battle-excuse'; battle: string }
  | { type: 'battle-extension'; battle: string; reason: 'real-life' | 'other'; days: number }
  | { type: 'battle-appeal'; battle: string; explanation: string; plan: string; result: ResultInput }
  | { type: 'battle-volunteer'; battle: string }
  // NPE runners (npe-runner.ts): a campaign player proposes an outsider to run the NPE (UTD5.432).
  | { type: 'battle-outsider'; battle: string; user: string }
  // The defender who did not answer chooses its retreat lane (lane-choice.ts, UTD3.43 #1, ISS-A16).
  | { type: 'battle-lane'; battle: string; to: string }
  // Secret commander's options (co-secret.ts): commit during the battle, reveal after it (UTD7.A5).
  | { type: 'battle-options'; battle: string; salt: string; text: string }
  | { type: 'battle-options-reveal'; battle: string; receipt: string }
  // A resignation during a battle (resignation.ts): another player offers to finish it (UTD3.91).
  | { type: 'battle-stand-in'; battle: string }
  | { type: 'battle-object'; battle: string }
  | { type: 'battle-claim'; battle: string; units: string[] }
  | ({ type: 'battle-quick'; battle: string } & QuickAction)
  | { type: 'captured-organize'; ship: string; into: string; makeRoom: string[] }
  | { type: 'battle-clocks' }
  | { type: 'battle-thread'; battleId: string; threadId: string };

/** The input of the orders that name only the battle. */
const battleField = z.object({ battle: z.string() });

/** The orders of this sub-system, one spec each (order-spec.ts); decide.ts gathers every table. */
export const BATTLE_ORDERS = {
  'battle-fleet': {
    input: z.object({ battle: z.string(), fleet: z.string().nullable(), units: z.array(z.string()) }),
    who: 'anyone',
    decide: (d, c) => chooseFleet(d, c.battle, c.fleet, c.units),
  },
  'battle-propose': {
    input: z.object({ battle: z.string(), kind: z.enum(['negotiated', 'report']), result: resultInput }),
    who: 'anyone',
    decide: (d, c) => propose(d, c.battle, c.kind, c.result),
  },
  'battle-accept': { input: battleField, who: 'anyone', decide: (d, c) => accept(d, c.battle) },
  'battle-reject': { input: battleField, who: 'anyone', decide: (d, c) => reject(d, c.battle) },
  'battle-schedule': {
    input: z.object({ battle: z.string(), when: z.string().nullable(), at: z.string().nullable().optional() }),
    who: 'anyone',
    // A time (`at`, an instant the app read in the proposer's time zone) is a session to agree (session.ts).
    decide: (d, c) => (c.at ? proposeSession(d, c.battle, c.at, c.when) : schedule(d, c.battle, c.when)),
  },
  'battle-session-accept': { input: battleField, who: 'anyone', decide: (d, c) => acceptSession(d, c.battle) },
  'battle-failure': {
    input: z.object({ battle: z.string(), player: z.string() }),
    who: 'anyone',
    decide: (d, c) => {
      const { forced } = reportFailure(d, c.battle, c.player);
      if (forced) {
        const b = d.state.battles.find((x) => x.id === openBattle(d.state, c.battle).id)!;
        const side = b.sides.includes(c.player) ? c.player : 'npe';
        forcedRetreat(d, b, side, { code: 'failed-twice' });
      }
    },
  },
  'battle-excuse': { input: battleField, who: 'anyone', decide: (d, c) => excuseFailure(d, c.battle) },
  'battle-extension': {
    input: z.object({ battle: z.string(), reason: z.enum(['real-life', 'other']), days: z.int() }),
    who: 'anyone',
    decide: (d, c) => {
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
    },
  },
  'battle-appeal': {
    input: z.object({ battle: z.string(), explanation: z.string(), plan: z.string(), result: resultInput }),
    who: 'anyone',
    decide: (d, c) => submitAppeal(d, c.battle, c.explanation, c.plan, c.result),
  },
  'battle-volunteer': { input: battleField, who: 'player', decide: (d, c, p) => volunteer(d, c.battle, p) },
  'battle-lane': {
    input: z.object({ battle: z.string(), to: z.string() }),
    who: 'anyone',
    decide: (d, c) => chooseLane(d, c.battle, c.to),
  },
  'battle-options': {
    input: z.object({ battle: z.string(), salt: z.string(), text: z.string() }),
    who: 'anyone',
    decide: (d, c) => commitOptions(d, c.battle, c.salt, c.text),
  },
  'battle-options-reveal': {
    input: z.object({ battle: z.string(), receipt: z.string() }),
    who: 'anyone',
    decide: (d, c) => revealOptions(d, c.battle, c.receipt),
  },
  'battle-stand-in': { input: battleField, who: 'player', decide: (d, c, p) => offerStandIn(d, c.battle, p) },
  'battle-outsider': {
    input: z.object({ battle: z.string(), user: z.string() }),
    who: 'player',
    decide: (d, c, p) => proposeOutsider(d, c.battle, c.user, p),
  },
  'battle-object': {
    input: battleField,
    who: 'player',
    decide: (d, c, p) => {
      const b = openBattle(d.state, c.battle);
      // UTD5.432: while an outsider runs the NPE, an objection is to how the outsider plays it.
      if (isOutsiderObjection(b)) return objectToOutsider(d, b, p);
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
    },
  },
  'battle-claim': {
    input: z.object({ battle: z.string(), units: z.array(z.string()) }),
    who: 'player',
    decide: (d, c, p) => claimTribute(d, c.battle, c.units, p),
  },
  'battle-quick': {
    input: z.object({
      battle: z.string(),
      intensity: z.int().exactOptional(),
      enemyIntensity: z.int().exactOptional(),
      cloak: z.boolean().exactOptional(),
      directed: z.string().exactOptional(),
      mauler: z.string().exactOptional(),
      allocate: z.string().exactOptional(),
      retreat: z.string().exactOptional(),
    }),
    who: 'anyone',
    decide: (d, c) => {
      const { type: _type, battle, ...action } = c;
      return quick(d, battle, action);
    },
  },
  'captured-organize': {
    input: z.object({ ship: z.string(), into: z.string(), makeRoom: z.array(z.string()) }),
    who: 'player',
    decide: (d, c, p) => organizeCaptured(d, c.ship, c.into, c.makeRoom, p),
  },
  'battle-clocks': { input: noInput, who: 'anyone', decide: (d) => runBattleClocks(d) },
  'battle-thread': {
    input: z.object({ battleId: z.string(), threadId: z.string() }),
    who: 'anyone',
    decide: (d, c) => {
      const b = d.state.battles.find((x) => x.id === c.battleId);
      if (!b) refuse('battle/unknown', 'UTD7.4', `There is no battle ${c.battleId}.`);
      if (b.threadId) return;
      d.emit({ type: 'BattleThreadAttached', battleId: b.id, threadId: c.threadId });
    },
  },
} satisfies OrderTable<BattleCommand>;
