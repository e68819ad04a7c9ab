import { sectorLabel, type CampaignState, type StoredEvent } from '../rules/thunderdome/index.ts';
import type { ConditionEvent } from '../rules/thunderdome/condition/events.ts';
import { describeFrom, type Words } from './words-context.ts';

/** `2 fighters and 1 PF`. */
const units = (fighters: number, pfs: number) =>
  [fighters ? `${fighters} fighter${fighters === 1 ? '' : 's'}` : '', pfs ? `${pfs} PF${pfs === 1 ? '' : 's'}` : '']
    .filter(Boolean)
    .join(' and ');

/** Announcement lines for the ship-condition events (UTD6.3B, 6.3J, 2.3(3), 7.53). */
export const CONDITION_WORDS = {
  ShipConditionRecorded: (e, { who, shipName }) => {
    const ship = shipName(e.shipId);
    const owner = who(e.playerId);
    switch (e.what) {
      case 'losses':
        return `💥 ${owner}'s ${ship} lost ${units(e.fighters ?? 0, e.pfs ?? 0)} (UTD6.3B): ${e.condition.fighters ?? 0} fighters and ${e.condition.pfs ?? 0} PFs left aboard.`;
      case 'breakout':
        return `🛫 ${owner}'s ${ship} breaks out ${units(e.fighters ?? 0, e.pfs ?? 0)} from its spares (UTD6.3B1); the spares refill at ${owner}'s step 3.`;
      case 'expend':
        return `📦 ${owner} records for ${ship}: ${(e.items ?? []).join(', ')} expended; regained at resupply (UTD2.3(3)).`;
      case 'note':
        return e.condition.note
          ? `📝 ${owner}'s note on ${ship}: “${e.condition.note}”`
          : `📝 ${owner} clears the note on ${ship}.`;
      case 'self-repair':
        return `🔧 ${owner}'s ${ship} repairs ${e.boxes} box${e.boxes === 1 ? '' : 'es'} by itself this cycle (UTD7.53)${e.wrecked ? '; still wrecked' : e.crippled ? '; still crippled' : '; no longer crippled or wrecked'}.`;
      default: {
        const c = e.condition;
        const facts = [
          c.boxesDestroyed !== undefined ? `${c.boxesDestroyed} boxes destroyed` : '',
          c.damageControl !== undefined ? `damage control ${c.damageControl}` : '',
          c.speed !== undefined ? `speed ${c.speed}` : '',
          c.tractors !== undefined ? `${c.tractors} working tractor${c.tractors === 1 ? '' : 's'}` : '',
        ].filter(Boolean);
        const status = e.wrecked
          ? '**wrecked**: it must be towed (UTD6.3E, 7.47)'
          : e.crippled
            ? 'crippled'
            : 'not crippled';
        return `📋 ${owner} reports ${ship}: ${[...facts, status].join(', ')}.`;
      }
    }
  },
  ShipsResupplied: (e, { who, shipName }) => {
    const restocked = e.ships
      .filter((x) => x.fighterSpares + x.pfSpares > 0)
      .map((x) => `${shipName(x.shipId)} +${units(x.fighterSpares, x.pfSpares)}`);
    const regained = e.ships.filter((x) => x.expendables > 0).map((x) => shipName(x.shipId));
    const parts = [
      restocked.length ? `spares restocked free: ${restocked.join(', ')} (UTD6.3B1)` : '',
      regained.length ? `expendables regained: ${regained.join(', ')}` : '',
    ].filter(Boolean);
    return `📦 Step 3, resupply for ${who(e.playerId)} (UTD2.3(3)): ${parts.join('; ')}.`;
  },
  AttritionReplaced: (e, { who, ops, left, fleetSlot, shipName }) => {
    const total = e.ships.reduce((a, x) => ({ f: a.f + x.fighters, p: a.p + x.pfs }), { f: 0, p: 0 });
    return `🛩️ ${who(e.playerId)} replaces ${units(total.f, total.p)} in fleet ${fleetSlot(e.fleetId)} (${e.ships.map((x) => shipName(x.shipId)).join(', ')}) for ${e.cost} BPV (${e.freeBy ? `free at ${e.freeBy}` : ops(e.opCost)}, UTD6.3B2); aboard and spares full${left()}.`;
  },
  FleetRefitted: (e, { who, ops, left, fleetSlot, state }) => {
    const ships = e.ships.map((x) => `${x.from} → **${x.to}** (${x.shipId})`).join(', ');
    const exact = e.exactCost !== e.cost ? ` (exactly ${e.exactCost})` : '';
    const how = e.yardId
      ? `free, using spare capacity of ${state.bases.find((b) => b.id === e.yardId)?.role === 'capital' ? 'the capital' : `shipyard ${e.yardId}`} (UTD6.3J3)`
      : ops(e.opCost);
    return `🔧 ${who(e.playerId)} refits fleet ${fleetSlot(e.fleetId)} at the colony in **${sectorLabel(state, e.sector)}**: ${ships} for ${e.cost} BPV${exact} (${how}, UTD6.3J)${left()}.`;
  },
} satisfies Words<ConditionEvent>;

/** The line of one of these events; `undefined` when the event is another one. */
export function describeConditionEvent(stored: StoredEvent, state: CampaignState): string | null | undefined {
  return describeFrom(CONDITION_WORDS, stored, state);
}
