import type { CampaignState, StoredEvent } from '../rules/thunderdome/index.ts';
import { sectorLabel } from '../rules/thunderdome/index.ts';
import { unitName } from '../rules/thunderdome/battles/common.ts';

const mention = (id: string) => `<@${id}>`;
const at = (iso: string, style: 'R' | 'f' = 'f') => `<t:${Math.floor(new Date(iso).getTime() / 1000)}:${style}>`;

const STAGE_HELP: Partial<Record<string, string>> = {
  'fleet-selection': 'each side names its fighting fleet with `/battle fleet` (UTD7.421)',
  'awaiting-runner': 'another player may run the NPE with `/battle volunteer` (UTD5.431)',
  'awaiting-contact': 'make contact with `/battle schedule` or propose a result with `/battle propose` (UTD3.42)',
  'awaiting-response': 'the other side answers with `/battle schedule` or `/battle propose` (UTD3.43)',
  'in-play': 'play it in SFB, then `/battle report`; or settle with `/battle propose` (UTD3.41)',
  negotiating: '`/battle accept` or `/battle reject` (then counter with `/battle propose`)',
  'result-proposed': '`/battle confirm` or `/battle reject` to dispute it',
  'objection-window': 'any player may `/battle object` within 48 hours (UTD5.47)',
  stalled: 'settle with `/battle propose`, ask `/battle extension`, or `/battle appeal` (UTD3.43#2–3.45)',
  appeal: 'each side submits its case with `/battle appeal` (UTF3.45)',
};

/** Announcement lines for battle events; `undefined` when the event is not a battle event. */
export function describeBattleEvent(stored: StoredEvent, state: CampaignState): string | null | undefined {
  const e = stored.event;
  const who = (id: string) => (id === 'npe' ? 'the NPE' : (state.players.find((p) => p.id === id)?.name ?? id));
  const sec = (key: string) => `**${sectorLabel(state, key)}**`;
  const battle = (id: string) => state.battles.find((b) => b.id === id);
  switch (e.type) {
    case 'BattleOpened': {
      const b = e.battle;
      return `⚔️ **Battle ${b.id}** in ${sec(b.sector)}: ${b.sides.map((x) => (x === 'npe' ? `the non-player ${b.npe?.empire ?? ''} empire` : mention(x))).join(' vs ')} (UTD2.3 step 8). ${mention(b.contactBy)} is responsible for contact (UTD3.42). The turn waits until it is resolved.`;
    }
    case 'BattleFleetChosen':
      return `🚩 Battle ${e.battleId}: ${who(e.side)} fights with ${e.units.map((u) => unitName(state, u)).join(', ') || 'nothing'}${e.heldOut.length ? `; held out: ${e.heldOut.map((u) => unitName(state, u)).join(', ')} (UTD7.4234)` : ''}${e.automatic ? ' (automatic)' : ''}.`;
    case 'BattleSetupRolled':
      return `🎲 Battle ${e.battleId}: the setup card is rolled (UTD7.45) — see \`/battle show battle:${e.battleId}\`.`;
    case 'BattleStageChanged': {
      const help = STAGE_HELP[e.stage];
      const b = battle(e.battleId);
      const due = e.deadlines.contact ?? e.deadlines.window ?? e.deadlines.runner ?? null;
      return `📍 Battle ${e.battleId}: ${e.reason}.${help ? ` Next: ${help}.` : ''}${due ? ` Due ${at(due, 'R')}.` : ''}${b && e.stage === 'stalled' ? '' : ''}`;
    }
    case 'BattleContactMade':
      return e.kind === 'session'
        ? `📅 Battle ${e.battleId}: ${who(e.playerId)} logs a session: ${e.when}.`
        : `📨 Battle ${e.battleId}: ${who(e.playerId)} ${e.kind === 'contact' ? 'makes contact' : 'answers'}${e.when ? ` (${e.when})` : ''}.`;
    case 'BattleFailureReported':
      return e.excused
        ? `🩹 Battle ${e.battleId}: ${who(e.player)} cites real life; one failure is excused (UTD3.42#2).`
        : `🚫 Battle ${e.battleId}: ${who(e.reportedBy)} reports that ${who(e.player)} failed to play (UTD3.42#2).`;
    case 'BattleExtensionAsked':
      return `⏳ Battle ${e.battleId}: ${who(e.playerId)} asks for a one-week extension; it is automatic if the other side asks too (UTD3.44#2).`;
    case 'BattleExtended':
      return `⏳ Battle ${e.battleId} extended by ${e.days} days: ${e.reason}; to be resolved by ${at(e.resolve)}.`;
    case 'BattleProposed': {
      const r = e.proposal.result;
      const fates = Object.entries(r.units).map(
        ([id, u]) => `${unitName(state, id)} ${u.fate}${u.capturedBy ? ` by ${who(u.capturedBy)}` : ''}`,
      );
      const retreats = Object.entries(r.retreats).map(([p, to]) => `${who(p)} retreats to ${sec(to)}`);
      return `📝 Battle ${e.battleId}: ${who(e.proposal.by)} ${e.proposal.kind === 'report' ? 'reports the result' : 'proposes a settlement'} #${e.proposal.id}: **${who(r.winner)} wins**; ${[...fates, ...retreats].join('; ') || 'no losses'}${r.planetDamage ? `; planet damage ${r.planetDamage}` : ''}${r.note ? ` — “${r.note}”` : ''}.`;
    }
    case 'BattleProposalAnswered':
      return `${e.accepted ? '🤝' : '✋'} Battle ${e.battleId}: ${who(e.playerId)} ${e.accepted ? 'agrees to' : 'rejects'} proposal #${e.proposalId}.`;
    case 'BattleAppealSubmitted':
      return `⚖️ Battle ${e.battleId}: ${who(e.side)} submits an appeal (UTF3.45).\n> **Situation:** ${e.explanation}\n> **Plan:** ${e.plan}`;
    case 'BattleThreadAttached':
      return null;
    case 'BattleReminder':
      return `⏰ Battle ${e.battleId}: ${e.players.map(mention).join(' ')} — ${e.what}; due ${at(e.deadline, 'R')} (${at(e.deadline)}).`;
    case 'BattleAppealVoteOpened':
      return null;
    case 'BattleQuickUpdated': {
      const q = e.quick;
      if (!q) return null;
      const b = battle(e.battleId);
      const name = (letter: 'A' | 'B') => who(b?.sides[letter === 'A' ? 0 : 1] ?? letter);
      if (q.rolled) {
        const r = q.rolled;
        return `🎲 Battle ${e.battleId}, SIDCORS round ${r.round}: intensity ${r.bif.A} + ${r.bif.B} = BIR ${r.bir}. ${name('A')}: ComPot ${r.comPot.A.total}, die ${r.die.A}${r.effectiveDie.A !== r.die.A ? `→${r.effectiveDie.A}` : ''}, ${r.coefficient.A}% → **${r.damage.A}** damage. ${name('B')}: ComPot ${r.comPot.B.total}, die ${r.die.B}${r.effectiveDie.B !== r.die.B ? `→${r.effectiveDie.B}` : ''}, ${r.coefficient.B}% → **${r.damage.B}** damage. Each side allocates what it took with \`/battle quick allocate:\` (auto for the default).`;
      }
      const last = q.rounds.at(-1);
      if (last && Object.keys(q.intensity).length === 0 && Object.keys(q.allocations).length === 0) {
        const list = (ids: string[]) => ids.map((id) => unitName(state, id)).join(', ') || 'none';
        return `💥 Battle ${e.battleId}, SIDCORS round ${last.round}: crippled ${list(last.crippled)}; destroyed ${list(last.destroyed)}. Next round: \`/battle quick intensity:\`, or disengage with \`/battle quick retreat:\`.`;
      }
      return `🤫 Battle ${e.battleId}: a side has made its secret SIDCORS choice; waiting for the other.`;
    }
    case 'NpeBattleUpdated':
      return `👾 Battle ${e.battleId}: ${e.reason}.`;
    case 'BattleResolved':
      return `🏁 **Battle ${e.battleId} resolved** (${e.resolution}${e.result ? `, ${who(e.result.winner)} holds the field` : ''}):\n${e.summary.map((x) => `• ${x}`).join('\n')}`;
    case 'UnitsDestroyed':
    case 'ShipCaptured':
    case 'ShipsDamaged':
      return null;
    case 'ShipsGained':
      return `🛸 ${who(e.ships[0]?.owner ?? '')} gains ${e.ships.map((s) => `${s.unitId} (${s.id})`).join(', ')}: ${e.reason}; captured and uninspected, to be organized (UTD6.3I).`;
    case 'BpvAwarded':
      return `💰 ${who(e.playerId)} receives ${e.amount} BPV: ${e.reason}.`;
    case 'NpeTallied':
    case 'NpeStatusChanged':
      return null;
    case 'DevelopmentGranted':
      return `🏙️ ${who(e.owner)} gains an active ${e.kind} in ${sec(e.sector)}: ${e.reason}.`;
    case 'RetreatOrdered':
      return null;
    case 'RetreatsCharged':
      if (e.ops === 0)
        return `🔓 ${who(e.playerId)} now covers the retreat order points and may give orders (UTD7.46724).`;
      return `↩️ ${who(e.playerId)} spends ${e.ops} order point${e.ops === 1 ? '' : 's'} first on retreats (UTD7.4663${e.wreckOps ? `; ${e.wreckOps} of them for wrecks, ISS-A74` : ''})${e.locked ? ' — more than available: no orders this turn, not even free ones, unless bought order points cover it (UTD7.46723–4)' : ''}.`;
    case 'RetreatExecuted':
      return e.fleetIds.length
        ? `↩️ ${e.fleetIds.length} retreating fleet${e.fleetIds.length === 1 ? ' arrives' : 's arrive'} in ${sec(e.to)} from ${sec(e.from)} (UTD7.4665).`
        : null;
    case 'CapturedShipOrganized':
      return `📋 Captured ship ${e.shipId} ${e.scrapped ? `scrapped for ${e.refund} BPV` : `joins fleet ${state.fleets.find((f) => f.id === e.into)?.slot ?? e.into}`}${e.scrappedToMakeRoom.length ? ` (scrapped to make room: ${e.scrappedToMakeRoom.join(', ')})` : ''}${e.automatic ? ' (by default at the deadline)' : ''} (UTD6.3I).`;
    default:
      return undefined;
  }
}
