import {
  battleExtensionReason,
  battleSummaryLine,
  bpvAwardReason,
  developmentGrantReason,
  npeUpdateReason,
  shipsGainedReason,
  stageReason,
} from './reason-words.ts';
import type { BattleEvent } from '../rules/thunderdome/battles/apply-battle.ts';
import type { Words } from './words-context.ts';
import { unitName } from '../rules/thunderdome/battles/common.ts';
import { sectorLabel } from '../rules/thunderdome/lookup.ts';
import type { BattleReminderKey } from '../rules/thunderdome/events.ts';
import { quickUpdateText } from './quick-words.ts';

const mention = (id: string) => `<@${id}>`;
const at = (iso: string, style: 'R' | 'f' = 'f') => `<t:${Math.floor(new Date(iso).getTime() / 1000)}:${style}>`;

const STAGE_HELP: Partial<Record<string, string>> = {
  'fleet-selection': 'each side names its fighting fleet with `/battle fleet` (UTD7.421)',
  'awaiting-runner':
    'another player may run the NPE with `/battle volunteer` (UTD5.431), or propose an outsider with `/battle outsider` (UTD5.432)',
  'awaiting-contact': 'make contact with `/battle schedule` or propose a result with `/battle propose` (UTD3.42)',
  'awaiting-response': 'the other side answers with `/battle schedule` or `/battle propose` (UTD3.43)',
  'in-play': 'play it in SFB, then `/battle report`; or settle with `/battle propose` (UTD3.41)',
  negotiating: '`/battle accept` or `/battle reject` (then counter with `/battle propose`)',
  'result-proposed': '`/battle confirm` or `/battle reject` to dispute it',
  'objection-window': 'any player may `/battle object` within 48 hours (UTD5.47)',
  stalled: 'settle with `/battle propose`, ask `/battle extension`, or `/battle appeal` (UTD3.43#2–3.45)',
  appeal: 'each side submits its case with `/battle appeal` (UTF3.45)',
  'awaiting-lane': 'the defender names its retreat lane with `/battle lane` (ISS-A16)',
  'awaiting-stand-in':
    'another player may offer to finish it with `/battle stand-in`; a supermajority decides, else the battle is cancelled (UTD3.91)',
};

/** What each battle reminder asks for (battles/reminders.ts). */
const REMINDER_WORDS = {
  'awaiting-contact': 'make contact (UTD3.42), or you retreat the way you came',
  'awaiting-response': 'answer your opponent (UTD3.43), or you are forced to retreat',
  resolve: 'resolve the battle (UTD3.5): report, settle or ask for an extension',
  runner: 'volunteer to run the NPE (UTD5.431), or the attacker wins by Anschluss',
  session: 'your agreed session starts in an hour',
  'no-show':
    'the agreed session time has passed: if your opponent did not show up, report it with `/battle failure` (UTD3.42#2); if you played, `/battle report`',
} satisfies Record<BattleReminderKey, string>;

/** Announcement lines for the battle events (UTD7.4, UTD3.4–3.5, UTD5.4). */
export const BATTLE_WORDS = {
  BattleOpened: (e, { sec }) => {
    const b = e.battle;
    return `⚔️ **Battle ${b.id}** in ${sec(b.sector)}: ${b.sides.map((x) => (x === 'npe' ? `the non-player ${b.npe?.empire ?? ''} empire` : mention(x))).join(' vs ')} (UTD2.3 step 8). ${mention(b.contactBy)} is responsible for contact (UTD3.42). The turn waits until it is resolved.`;
  },
  BattleFleetChosen: (e, { side: who, state }) =>
    `🚩 Battle ${e.battleId}: ${who(e.side)} fights with ${e.units.map((u) => unitName(state, u)).join(', ') || 'nothing'}${e.heldOut.length ? `; held out: ${e.heldOut.map((u) => unitName(state, u)).join(', ')} (UTD7.4234)` : ''}${e.automatic ? ' (automatic)' : ''}.`,
  BattleSetupRolled: (e) =>
    `🎲 Battle ${e.battleId}: the setup card is rolled (UTD7.45) — see \`/battle show battle:${e.battleId}\`.`,
  BattleStageChanged: (e, { battle, who }) => {
    const help = STAGE_HELP[e.stage];
    const b = battle(e.battleId);
    const due = e.deadlines.contact ?? e.deadlines.window ?? e.deadlines.runner ?? null;
    return `📍 Battle ${e.battleId}: ${stageReason(e.reason, who)}.${help ? ` Next: ${help}.` : ''}${due ? ` Due ${at(due, 'R')}.` : ''}${b && e.stage === 'stalled' ? '' : ''}`;
  },
  BattleContactMade: (e, { side: who }) =>
    e.kind === 'session'
      ? `📅 Battle ${e.battleId}: ${who(e.playerId)} logs a session: ${e.when}.`
      : `📨 Battle ${e.battleId}: ${who(e.playerId)} ${e.kind === 'contact' ? 'makes contact' : 'answers'}${e.when ? ` (${e.when})` : ''}.`,
  BattleFailureReported: (e, { side: who }) =>
    e.excused
      ? e.reportedBy === 'vote'
        ? `🩹 Battle ${e.battleId}: the players excuse one failure of ${who(e.player)} by supermajority (UTD3.42#2, ISS-A15).`
        : `🩹 Battle ${e.battleId}: ${who(e.player)} cites real life; one failure is excused (UTD3.42#2).`
      : `🚫 Battle ${e.battleId}: ${who(e.reportedBy)} reports that ${who(e.player)} failed to play (UTD3.42#2).`,
  BattleSessionProposed: (e, { side: who }) =>
    `📅 Battle ${e.battleId}: ${who(e.by)} proposes to play ${at(e.at)} (${at(e.at, 'R')}, shown in your own time zone). The other side accepts with \`/battle schedule battle:${e.battleId} accept:true\` (UTD3.42).`,
  BattleSessionAccepted: (e, { side: who, battle }) => {
    const b = battle(e.battleId);
    const when = b?.session?.at;
    return e.agreed && when
      ? `🤝 Battle ${e.battleId}: ${who(e.by)} accepts — the session is ${at(when)} (${at(when, 'R')}). A reminder comes an hour before.`
      : `🤝 Battle ${e.battleId}: ${who(e.by)} accepts the proposed time.`;
  },
  BattleExtensionAsked: (e, { side: who }) =>
    `⏳ Battle ${e.battleId}: ${who(e.playerId)} asks for a one-week extension; it is automatic if the other side asks too (UTD3.44#2).`,
  BattleExtended: (e) =>
    `⏳ Battle ${e.battleId} extended by ${e.days} days: ${battleExtensionReason(e.reason)}; to be resolved by ${at(e.resolve)}.`,
  BattleProposed: (e, { side: who, sec, state }) => {
    const r = e.proposal.result;
    const fates = Object.entries(r.units).map(
      ([id, u]) => `${unitName(state, id)} ${u.fate}${u.capturedBy ? ` by ${who(u.capturedBy)}` : ''}`,
    );
    const retreats = Object.entries(r.retreats).map(([p, to]) => `${who(p)} retreats to ${sec(to)}`);
    return `📝 Battle ${e.battleId}: ${who(e.proposal.by)} ${e.proposal.kind === 'report' ? 'reports the result' : 'proposes a settlement'} #${e.proposal.id}: **${who(r.winner)} wins**; ${[...fates, ...retreats].join('; ') || 'no losses'}${r.planetDamage ? `; planet damage ${r.planetDamage}` : ''}${r.note ? ` — “${r.note}”` : ''}.${r.evidence ? `\n📎 Evidence: [${r.evidence.name.replace(/[[\]()]/g, '')}](<${r.evidence.url}>)` : ''}`;
  },
  BattleProposalAnswered: (e, { side: who }) =>
    `${e.accepted ? '🤝' : '✋'} Battle ${e.battleId}: ${who(e.playerId)} ${e.accepted ? 'agrees to' : 'rejects'} proposal #${e.proposalId}.`,
  BattleAppealSubmitted: (e, { side: who }) =>
    `⚖️ Battle ${e.battleId}: ${who(e.side)} submits an appeal (UTF3.45).\n> **Situation:** ${e.explanation}\n> **Plan:** ${e.plan}`,
  BattleThreadAttached: () => null,
  BattleReminder: (e) =>
    `⏰ Battle ${e.battleId}: ${e.players.map(mention).join(' ')} — ${REMINDER_WORDS[e.key]}; due ${at(e.deadline, 'R')} (${at(e.deadline)}).`,
  BattleAppealVoteOpened: () => null,
  BattleQuickUpdated: (e, { side: who, battle, state }) => {
    const q = e.quick;
    if (!q) return null;
    const b = battle(e.battleId);
    const name = (letter: 'A' | 'B') => who(b?.sides[letter === 'A' ? 0 : 1] ?? letter);
    return quickUpdateText(e.step, { battleId: e.battleId, q, name, state, sideIds: b?.sides });
  },
  BattleOptionsCommitted: (e, { side: who }) =>
    `🔒 Battle ${e.battleId}: ${who(e.side)} ${e.replaces ? 'replaces its' : 'records a'} secret commander's-options assignment (UTD7.A5). Commitment \`${e.hash}\`; it is revealed after the battle with \`/officer reveal\`.`,
  BattleOptionsRevealed: (e, { side: who }) =>
    `🔓 Battle ${e.battleId}: ${who(e.side)} reveals its commander's options (UTD7.A5): ${e.text}\nSalt \`${e.salt}\` matches the commitment \`${e.hash}\` (SHA-256 of battle, side, salt and text, each on its own line).`,
  BattleSideResigned: (e, { who }) =>
    `⏸️ Battle ${e.battleId}: ${who(e.playerId)} resigned mid-battle, so its clocks stop. Another player may offer to finish it in their stead with \`/battle stand-in\` until ${at(e.due)}; a supermajority must agree, else the battle is cancelled and the opponent holds the sector (UTD3.91).`,
  BattleStandInApproved: (e, { who }) =>
    `▶️ Battle ${e.battleId}: ${mention(e.userId)} finishes it in the stead of ${e.side === 'npe' ? 'the NPE runner' : who(e.side)} (UTD3.91); the clocks run again, moved on by the time it waited.`,
  NpeBattleUpdated: (e, { who }) => `👾 Battle ${e.battleId}: ${npeUpdateReason(e.reason, e.npe, who)}.`,
  BattleResolved: (e, { side: who, state }) => {
    const names = { side: who, sector: (key: string) => sectorLabel(state, key) };
    return `🏁 **Battle ${e.battleId} resolved** (${e.resolution}${e.result ? `, ${who(e.result.winner)} holds the field` : ''}):\n${e.summary.map((x) => `• ${battleSummaryLine(x, names)}`).join('\n')}`;
  },
  UnitsDestroyed: () => null,
  ShipCaptured: () => null,
  ShipsDamaged: () => null,
  ShipsGained: (e, { side: who }) =>
    `🛸 ${who(e.ships[0]?.owner ?? '')} gains ${e.ships.map((s) => `${s.unitId} (${s.id})`).join(', ')}: ${shipsGainedReason(e.reason)}; captured and uninspected, to be organized (UTD6.3I).`,
  BpvAwarded: (e, { side: who }) => `💰 ${who(e.playerId)} receives ${e.amount} BPV: ${bpvAwardReason(e.reason)}.`,
  NpeTallied: () => null,
  NpeStatusChanged: () => null,
  DevelopmentGranted: (e, { side: who, sec }) =>
    `🏙️ ${who(e.owner)} gains an active ${e.kind} in ${sec(e.sector)}: ${developmentGrantReason(e.reason)}.`,
  RetreatOrdered: () => null,
  RetreatsCharged: (e, { side: who }) => {
    if (e.ops === 0)
      return `🔓 ${who(e.playerId)} now covers the retreat order points and may give orders (UTD7.46724).`;
    return `↩️ ${who(e.playerId)} spends ${e.ops} order point${e.ops === 1 ? '' : 's'} first on retreats (UTD7.4663${e.wreckOps ? `; ${e.wreckOps} of them for wrecks, ISS-A74` : ''})${e.locked ? ' — more than available: no orders this turn, not even free ones, unless bought order points cover it (UTD7.46723–4)' : ''}.`;
  },
  RetreatExecuted: (e, { sec, side: who }) =>
    e.fleetIds.length
      ? `↩️ ${e.fleetIds.length} retreating fleet${e.fleetIds.length === 1 ? ' arrives' : 's arrive'} in ${sec(e.to)} from ${sec(e.from)} (UTD7.4665)${
          e.trapped
            ? `: the fortification of ${who(e.trapped.fortOwner)} there traps ${e.fleetIds.length === 1 ? 'it' : 'them'} (UTD4.356, ISS-A52); a siege roll, a minesweeper or a jail break gets ${e.fleetIds.length === 1 ? 'it' : 'them'} out`
            : e.pinned
              ? `, among enemy units: pinned for the rest of the turn (UTD6.31)`
              : ''
        }.`
      : null,
  CapturedShipOrganized: (e, { state }) =>
    `📋 Captured ship ${e.shipId} ${e.scrapped ? `scrapped for ${e.refund} BPV` : `joins fleet ${state.fleets.find((f) => f.id === e.into)?.slot ?? e.into}`}${e.scrappedToMakeRoom.length ? ` (scrapped to make room: ${e.scrappedToMakeRoom.join(', ')})` : ''}${e.automatic ? ' (by default at the deadline)' : ''} (UTD6.3I).`,
} satisfies Words<BattleEvent>;
