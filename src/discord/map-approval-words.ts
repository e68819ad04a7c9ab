import { mapApprovalTally } from '../rules/thunderdome/map-approval.ts';
import type { CampaignState } from '../rules/thunderdome/index.ts';
import { namesEscaped } from './words-context.ts';

/** The reaction that approves the map on its approval message (UTD8.16). */
export const APPROVE_MAP = '✅';

/** How every approval message starts, so players (and tests) can tell it from other posts. */
export const MAP_APPROVAL_HEAD = '🗺️ **Map approval**';

const DISCORD_LIMIT = 2000;

/**
 * The approval message of the current map (UTD8.16): what the map is, the live tally (who
 * approved, who is missing) and how to approve. Approvals are a union of `/map approve` and ✅
 * reactions that only grows, so the footer says that removing a ✅ withdraws nothing.
 */
export function mapApprovalText(plainState: CampaignState): string {
  const state = namesEscaped(plainState);
  const map = state.map;
  if (!map) return `${MAP_APPROVAL_HEAD} — **${state.name}** has no map.`;
  const { approved, missing } = mapApprovalTally(state);
  const names = (ps: { name: string }[]) => ps.map((p) => p.name).join(', ');
  const total = approved.length + missing.length;
  const head = `${MAP_APPROVAL_HEAD} — **${state.name}**${map.title ? `: *${map.title}*` : ''} (${map.source})`;
  const lines = [head, map.fairness];
  if (map.approved) {
    lines.push(`✅ **Approved unanimously** (UTD8.16) by ${names(approved)}. The creator can now \`/campaign start\`.`);
    return clip(lines.join('\n'));
  }
  lines.push(
    `Every player must approve this map before the start (UTD8.16: unanimous): react ${APPROVE_MAP} here or use \`/map approve\`.`,
  );
  lines.push(`**Approved (${approved.length} of ${total}):** ${approved.length ? names(approved) : 'nobody yet'}`);
  lines.push(`**Waiting for:** ${missing.length ? names(missing) : 'nobody'}`);
  lines.push(
    `-# Removing your ${APPROVE_MAP} does not withdraw an approval. To object, do not approve: the creator can set a new map (\`/map generate\` or \`/map import\`).`,
  );
  return clip(lines.join('\n'));
}

/** The text an approval message is edited to when a newer map replaces its map. */
export function mapApprovalSupersededText(plainState: CampaignState): string {
  const state = namesEscaped(plainState);
  return `${MAP_APPROVAL_HEAD} — **${state.name}**: ~~this map~~ **superseded** by a newer map (its approval message follows). Approvals of this map no longer count.`;
}

function clip(text: string): string {
  return text.length <= DISCORD_LIMIT ? text : `${text.slice(0, DISCORD_LIMIT - 1)}…`;
}
