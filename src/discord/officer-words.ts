import { bpv } from '../rules/exact/bpv.ts';
import type { CampaignState, StoredEvent, UnitCatalog } from '../rules/thunderdome/index.ts';
import type { OfficerEvent } from '../rules/thunderdome/officers/events.ts';
import { describeFrom, type Words } from './words-context.ts';
import { roundingNote } from './yard-words.ts';
import {
  carriedMines,
  coPool,
  extraDroneLimit,
  minesweeperAllowance,
  officerName,
  unitCoPool,
  type OfficerLoss,
} from '../rules/thunderdome/officers/index.ts';

/** Announcement lines for legendary officers and outstanding crews (UTD7.26A, 7.26B, 8.23). */
export const OFFICER_WORDS = {
  OfficerBought: (e, { who, shipName, yardName, state }) =>
    `🎖️ ${who(e.playerId)} assigns a **${officerName(e.officer)}** to ${shipName(e.shipId)} at ${yardName(e.yardId)} for ${e.cost} BPV${roundingNote(e.cost, e.exactCost, state)}, a refit's capacity (UTD6.376, 7.26A).`,
  CrewBought: (e, { who, shipName, yardName, state }) =>
    `⭐ ${who(e.playerId)} gives ${shipName(e.shipId)} an **outstanding crew** at ${yardName(e.yardId)} for ${e.cost} BPV${roundingNote(e.cost, e.exactCost, state)} (UTD7.26B).`,
  OfficerTransferred: (e, { who, left, shipName }) => {
    const price = bpv(e.surcharge).gt(0)
      ? `a surcharge of ${e.surcharge} BPV (to a ship of higher BPV, UTD7.26A)`
      : 'no surcharge';
    return `🔁 ${who(e.playerId)} moves the **${officerName(e.officer)}** from ${shipName(e.from)} to ${shipName(e.to)}: ${e.opCost} OP (Organize Fleets, UTD6.33), ${price}${left()}.`;
  },
  MinesBought: (e, { who, shipName, yardName, state }) =>
    `💣 ${who(e.playerId)} loads **${e.mines} BPV of mines** on the minesweeper ${shipName(e.shipId)} at ${yardName(e.yardId)} for ${e.cost} BPV${roundingNote(e.cost, e.exactCost, state)}, a refit's capacity; it now carries ${e.carried} BPV, restocked for free at each step 3 (UTD8.253, 6.376).`,
  OfficersLost: (e, { who }) => e.losses.map((x) => lossLine(x, who)).join('\n'),
} satisfies Words<OfficerEvent>;

/** The line of one of these events; `undefined` when the event is another one. */
export function describeOfficerEvent(stored: StoredEvent, state: CampaignState): string | null | undefined {
  return describeFrom(OFFICER_WORDS, stored, state);
}

/** "🕯️ Ann's Legendary Captain is lost with LYR-CA (S12), captured by Bob: never to be replaced." */
function lossLine(x: OfficerLoss, who: (id: string) => string): string {
  const what = [x.officer ? `**${officerName(x.officer)}**` : '', x.crew ? '**outstanding crew**' : '']
    .filter(Boolean)
    .join(' and ');
  const how = x.capturedBy ? `, captured by ${who(x.capturedBy)} (the captor gets neither)` : '';
  const rules = [x.officer ? 'UTD7.26A, 8.23' : '', x.crew ? 'UTD7.26B' : ''].filter(Boolean).join('; ');
  return `🕯️ ${who(x.playerId)}'s ${what} ${x.officer && x.crew ? 'are' : 'is'} lost with ${x.unitId} (${x.shipId})${how}: never to be replaced (${rules}).`;
}

/**
 * `/officer list`: a player's officers, crew, lost ones, and every ship's CO pool (UTD7.A2) with
 * its extra-drone limit (UTD7.A8321) and minesweeper mines carried against the allowance (UTD8.253).
 */
export function officerListText(state: CampaignState, playerId: string, catalog: UnitCatalog): string {
  const p = state.players.find((x) => x.id === playerId);
  if (!p) return 'That player is not in this campaign.';
  const pct = state.settings['co.poolPct'];
  const ships = state.ships.filter((s) => s.owner === playerId);
  const where = (s: (typeof ships)[number]) =>
    s.fleetId ? `fleet ${state.fleets.find((f) => f.id === s.fleetId)?.slot ?? '?'}` : s.dock ? 'dry dock' : 'no fleet';
  const lines = [`**${p.name}** — officers, crew and commander's options`];
  const officers = ships.filter((s) => s.legendaryOfficer);
  lines.push(
    officers.length
      ? `Legendary officers: ${officers.map((s) => `${officerName(s.legendaryOfficer!.type)} on ${s.unitId} (${s.id}, ${where(s)})`).join('; ')}.`
      : 'Legendary officers: none.',
  );
  const crew = ships.find((s) => s.outstandingCrew);
  lines.push(
    crew
      ? `Outstanding crew: ${crew.unitId} (${crew.id}).`
      : `Outstanding crew: ${p.crewLost ? 'lost, cannot be replaced (UTD7.26B)' : 'none'}.`,
  );
  if (p.officersLost?.length) lines.push(`Lost for good (UTD8.23): ${p.officersLost.map(officerName).join(', ')}.`);
  lines.push(`CO pools (${pct}% of BPV, rounded up, UTD7.A2):`);
  for (const s of ships) {
    const unit = catalog.get(s.unitId);
    const pool = unit
      ? unitCoPool(unit, s.bpv, pct, state.settings['co.mediumGroundBaseEligible'])
      : coPool(s.bpv, pct);
    const drones = unit ? extraDroneLimit(unit) : 0;
    const mines = unit ? minesweeperAllowance(unit) : bpv(0);
    const carried = carriedMines(s);
    const mineText = mines.gt(0) || carried.gt(0) ? `mines ${carried.toFixed()}/${mines.toFixed()} BPV (UTD8.253)` : '';
    const extras = [drones ? `extra drones ${s.extraDrones ?? 0}/${drones}` : '', mineText].filter(Boolean).join(', ');
    lines.push(`• ${s.unitId} (${s.id}) ${s.bpv} BPV → pool **${pool}**${extras ? ` · ${extras}` : ''}`);
  }
  return lines.join('\n');
}

/** UTD7.A5: the private receipt of a secret CO assignment (battles/co-secret.ts), shown only to the player. */
export function coReceiptText(battleId: string, receipt: string): string {
  return [
    `🔒 Your secret commander's options for battle ${battleId} are recorded as a commitment; only its hash is stored (UTD7.A5).`,
    'Keep this receipt. After the battle, reveal them with `/officer reveal` and paste it whole as `receipt`:',
    `\`\`\`\n${receipt}\n\`\`\``,
  ].join('\n');
}
