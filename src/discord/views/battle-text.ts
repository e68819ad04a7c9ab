import { battleCardText } from '../../rules/thunderdome/battle-setup/card-text.ts';
import { unitName } from '../../rules/thunderdome/battles/common.ts';
import { battleSetupInput } from '../../rules/thunderdome/battles/setup-card.ts';
import { sectorLabel, type Battle, type CampaignState } from '../../rules/thunderdome/index.ts';
import { mention, timestamp } from '../words.ts';
import { namesEscaped } from '../words-context.ts';

const STAGE: Record<Battle['stage'], string> = {
  'fleet-selection': 'choosing fleets',
  'awaiting-runner': 'looking for an NPE runner',
  'awaiting-contact': 'waiting for contact',
  'awaiting-response': 'waiting for the answer',
  'in-play': 'being played',
  'result-proposed': 'result reported, to confirm',
  negotiating: 'settlement proposed',
  'objection-window': 'open to objections',
  stalled: 'stalled',
  appeal: 'under appeal',
  'awaiting-stand-in': 'a side resigned: waiting for a stand-in',
  'awaiting-lane': 'the defender chooses its retreat lane',
  resolved: 'resolved',
};

function side(state: CampaignState, id: string): string {
  return id === 'npe' ? 'NPE' : (state.players.find((p) => p.id === id)?.name ?? id);
}

/** The next clock of a battle, if any. */
export function nextDeadline(b: Battle): { what: string; at: string } | null {
  const d = b.deadlines;
  if (b.stage === 'fleet-selection' && d.selection) return { what: 'fleet choice', at: d.selection };
  if ((b.stage === 'awaiting-runner' || (b.stage === 'fleet-selection' && b.npe?.runner)) && d.runner)
    return { what: 'NPE runner', at: d.runner };
  if ((b.stage === 'awaiting-contact' || b.stage === 'awaiting-response') && d.contact)
    return { what: 'contact', at: d.contact };
  if (b.stage === 'awaiting-stand-in' && d.window) return { what: 'stand-in offers', at: d.window };
  if (b.stage === 'awaiting-lane' && d.window) return { what: 'retreat lane choice', at: d.window };
  if ((b.stage === 'objection-window' || b.stage === 'appeal') && d.window)
    return { what: b.stage === 'appeal' ? 'appeal cases' : 'objections', at: d.window };
  if (d.resolve && b.status === 'open') return { what: 'resolution', at: d.resolve };
  return null;
}

export function battleListText(plainState: CampaignState): string {
  const state = namesEscaped(plainState);
  const open = state.battles.filter((b) => b.status === 'open');
  const done = state.battles.filter((b) => b.status === 'resolved').slice(-5);
  const line = (b: Battle) => {
    const next = nextDeadline(b);
    return `• **${b.id}** ${sectorLabel(state, b.sector)} — ${b.sides.map((x) => side(state, x)).join(' vs ')} — ${STAGE[b.stage]}${next ? ` — ${next.what} due ${timestamp(next.at, 'R')}` : ''}`;
  };
  const parts = [open.length ? `⚔️ **Open battles**\n${open.map(line).join('\n')}` : '⚔️ No battle is open.'];
  if (done.length)
    parts.push(
      `🏁 **Recently resolved**\n${done.map((b) => `• ${b.id} ${sectorLabel(state, b.sector)} — ${b.resolution}${b.result ? `, ${side(state, b.result.winner)} won` : ''}`).join('\n')}`,
    );
  return parts.join('\n\n');
}

export function battleShowText(plainState: CampaignState, b: Battle): string {
  const state = namesEscaped(plainState);
  const lines = [`⚔️ **Battle ${b.id}** in **${sectorLabel(state, b.sector)}** — ${STAGE[b.stage]} (${b.kind})`];
  lines.push(`Contact is ${mention(b.contactBy)}'s to make (UTD3.42).`);
  for (const p of b.participants) {
    const units = p.units.map((id) => unitName(state, id)).join(', ') || (p.selected ? 'nothing' : '*not chosen yet*');
    lines.push(
      `• **${side(state, p.side)}**: ${units}${p.heldOut.length ? ` — held out: ${p.heldOut.map((id) => unitName(state, id)).join(', ')}` : ''}`,
    );
  }
  // UTD7.65: docked ships are present with their yard, unpowered, and share its fate.
  const docked = state.ships.filter((x) => x.dock && x.sector === b.sector);
  if (docked.length)
    lines.push(
      `⚓ In dry dock (unpowered, take the yard's cargo hits, UTD7.65): ${docked.map((x) => `${unitName(state, x.id)} at ${x.dock!.yardId}`).join(', ')}.`,
    );
  if (b.npe)
    lines.push(
      `👾 NPE ${b.npe.empire}: ${b.npe.available ? `may field ${b.npe.available} BPV against ${b.npe.attackerBpv}` : 'strength not yet known'}${b.npe.runner ? `, run by ${mention(b.npe.runner)}` : ''}.`,
    );
  const next = nextDeadline(b);
  if (next) lines.push(`⏰ Next: ${next.what} by ${timestamp(next.at, 'f')} (${timestamp(next.at, 'R')}).`);
  if (b.failures.length)
    lines.push(
      `🚫 Failures: ${b.failures.map((f) => `${side(state, f.player)}${f.excused ? ' (excused)' : ''}`).join(', ')}.`,
    );
  const open = b.proposals.find((p) => p.status === 'open');
  if (open)
    lines.push(
      `📝 Proposal #${open.id} by ${side(state, open.by)} (${open.kind}): ${side(state, open.result.winner)} wins; agreed by ${open.acceptedBy.map((x) => side(state, x)).join(', ')}.`,
    );
  if (b.setup) lines.push('', battleCardText(b.setup, battleSetupInput(state, b)));
  if (b.status === 'resolved')
    lines.push(`🏁 Resolved (${b.resolution})${b.result ? `: ${side(state, b.result.winner)} holds the field` : ''}.`);
  // UTD7.44: evidence attached to a result (`/result`) stays with it, open or applied.
  const evidence = b.status === 'resolved' ? b.result?.evidence : open?.result.evidence;
  if (evidence) lines.push(`📎 Evidence: [${evidence.name.replace(/[[\]()]/g, '')}](<${evidence.url}>)`);
  return lines.join('\n');
}
