import { sectorLabel } from '../rules/thunderdome/index.ts';
import type { RetreatWrecksSettled } from '../rules/thunderdome/battles/retreat-wreck-event.ts';
import type { Words } from './words-context.ts';

/**
 * Announcement line for the wrecks of fleets forced to retreat (ISS-A74): which wrecks are towed,
 * which are scrapped and for how much, and the pre-spent order points they add.
 */
export const RETREAT_WRECK_WORDS = {
  RetreatWrecksSettled: (e, { state }) => {
    const who = state.players.find((p) => p.id === e.playerId)?.name ?? e.playerId;
    const r = state.retreats.find((x) => x.id === e.retreatId);
    const from = r ? ` from **${sectorLabel(state, r.from)}**` : '';
    const list = (xs: { shipId: string; unitId: string }[]) => xs.map((x) => `${x.unitId} (${x.shipId})`).join(', ');
    const parts: string[] = [];
    if (e.towed.length) parts.push(`tows ${list(e.towed)} along (+${e.towOps} OP)`);
    if (e.scrapped.length)
      parts.push(
        `cannot tow ${list(e.scrapped)}, so ${e.scrapped.length === 1 ? 'it is' : 'they are'} scrapped for ${e.refund} BPV (+${e.scrapOps} scrap OP)`,
      );
    const ops = e.towOps + e.scrapOps;
    return `🛠️ ${who}'s retreat${from} ${parts.join('; ')}: ${ops} more pre-spent order point${ops === 1 ? '' : 's'}, spent first at the start of ${who}'s turn with the retreat's (ISS-A74, UTD6.3E, 7.47).`;
  },
} satisfies Words<RetreatWrecksSettled>;
