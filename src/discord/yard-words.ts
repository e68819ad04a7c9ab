import { yardCancelReason } from './reason-words.ts';
import { sectorLabel, type CampaignState, type StoredEvent, type UnitCatalog } from '../rules/thunderdome/index.ts';
import type { YardEvent } from '../rules/thunderdome/shipyards/apply-yard.ts';
import { describeFrom, type Words } from './words-context.ts';
import { formatCapacity, yardStatus } from '../rules/thunderdome/shipyards/index.ts';

/** Announcement lines for the shipyard, dry-dock and repair events (UTD6.37–6.39, 6.3H, 7.5, 7.6). */
/**
 * ` (exactly 12.5, rounded to whole BPV per order line)` when the charge was rounded: how, in words,
 * from the campaign's rounding setting (ISS-A03), never its key.
 */
export function roundingNote(cost: string, exactCost: string, state: CampaignState): string {
  if (cost === exactCost) return '';
  const how = { perLine: 'per order line', perShip: 'per ship', none: '' }[state.settings['cost.rounding']];
  return ` (exactly ${exactCost}, rounded to whole BPV${how ? ` ${how}` : ''}, ISS-A03)`;
}

export const YARD_WORDS = {
  YardActivated: (e, { who, sec, ops, left, yardName }) =>
    `🏭 ${who(e.playerId)} activates ${e.yardIds.map(yardName).join(' and ')} in ${sec(e.sector)} (${ops(e.opCost)}, UTD6.37)${e.forgoRepair.length ? `; ${e.forgoRepair.map(yardName).join(', ')} forgo${e.forgoRepair.length === 1 ? 'es' : ''} this turn's self-repair to keep ${e.forgoRepair.length === 1 ? 'its' : 'their'} works' capacity (UTD6.3725)` : ''}${left()}.`,
  YardShipOrdered: (e, { who, sec, yardName }) => {
    const b = e.build;
    const where =
      b.planned.kind === 'fleet'
        ? `fleet ${b.planned.slot}`
        : `dry dock at ${yardName(b.planned.yardId)} (no fleet can take it, UTD7.61)`;
    return `🔩 ${who(b.owner)} orders a **${b.unitId}**${b.extraDrones ? ` with ${b.extraDrones} extra drones (UTD7.A832)` : ''} at ${yardName(b.yardId)} in ${sec(b.sector)} for ${b.cost} BPV, capacity ${formatCapacity(e.capacity)} (UTD6.3733); it joins ${where} at the end of the turn (UTD6.3734).`;
  },
  YardWorkDone: (e, { who, yardBare, state }) => {
    const verb = { overhaul: 'overhauls', refit: 'refits', convert: 'converts', inspect: 'inspects' }[e.kind];
    const rule = { overhaul: 'UTD6.374', refit: 'UTD6.375', convert: 'UTD6.376', inspect: 'UTD6.377' }[e.kind];
    const ships = e.ships
      .map(
        (x) =>
          `${x.from === x.to ? `${x.from} (${x.shipId})` : `${x.from} → **${x.to}** (${x.shipId})`}${x.extraDrones !== undefined ? `, extra drones now ${x.extraDrones} (UTD7.A832)` : ''}`,
      )
      .join(', ');
    const exact = roundingNote(e.cost, e.exactCost, state);
    const extra =
      e.kind === 'inspect'
        ? '; it is overhauled and may now be used normally (UTD6.3771)'
        : e.ships.some((x) => x.overhaul)
          ? '; fully repaired, D9.4 available again (UTD6.3741)'
          : '';
    return `🔧 ${who(e.playerId)}'s ${yardBare(e.yardId)} ${verb} ${ships} for ${e.cost} BPV${exact}, capacity ${formatCapacity(e.capacity)} (${rule})${extra}.`;
  },
  YardBuildDelivered: (e, { who, sec, fleetSlot, yardName }) => {
    const d = e.delivery;
    if (!d.ship)
      return `↩️ The **${d.unitId}** ordered at ${yardName(d.yardId)} cannot be delivered: ${d.reason && yardCancelReason(d.reason)}; ${who(e.playerId)} gets ${d.refund} BPV back.`;
    const where = d.ship.dock
      ? `dry dock position ${d.ship.dock.position} at ${yardName(d.ship.dock.yardId)} (UTD6.3735)`
      : d.newFleet
        ? `a new fleet ${d.newFleet.slot}`
        : `fleet ${fleetSlot(d.ship.fleetId!)}`;
    return `🚢 New construction (step 10): ${who(e.playerId)}'s **${d.unitId}** (${d.shipId}) joins ${where} in ${sec(d.ship.sector)}.`;
  },
  ShipyardsArrived: (e, { who }) => {
    const yards = e.yardIds.filter((id) => id !== e.capital);
    const lines = e.capital
      ? [
          `🏛️ ${who(e.playerId)}'s replacement capital ${e.capital} is complete: the bank is re-established with a balance of 0 and keeps BPV again (UTD4.3235, UTD4.3236); it acts from the next turn.`,
        ]
      : [];
    if (yards.length)
      lines.push(
        `🏗️ ${who(e.playerId)}'s new shipyard${yards.length === 1 ? '' : 's'} ${yards.join(', ')} ${yards.length === 1 ? 'is' : 'are'} complete; ready from the next turn (UTD6.382).`,
      );
    return lines.join('\n');
  },
  ShipyardsSelfRepaired: (e, { who, yardName }) =>
    `🛠️ ${e.yardIds.map(yardName).join(', ')} of ${who(e.playerId)} repair${e.yardIds.length === 1 ? 's' : ''} all works boxes (free D9.4 self-repair, UTD6.3H).`,
  ShipyardOrdered: (e, { who, sec, ops, left }) =>
    e.base.role === 'capital'
      ? `🏛️ ${who(e.playerId)} builds a replacement capital (**${e.base.unitId}**) in ${sec(e.base.sector)} for ${e.cost} BPV (${ops(e.opCost)}, UTD4.3235); it arrives at the end of the turn and re-establishes the bank${left()}.`
      : `🏗️ ${who(e.playerId)} builds a **${e.base.unitId}** shipyard in ${sec(e.base.sector)} for ${e.cost} BPV (${ops(e.opCost)}, UTD6.38); it arrives at the end of the turn${left()}.`,
  ShipyardOverhauled: (e, { who, ops, left, yardName }) =>
    `🛠️ ${who(e.playerId)} overhauls ${yardName(e.yardId)}: fully repaired, no shipyard actions this turn (${ops(e.opCost)}, UTD6.3H)${left()}.`,
  ShipyardScrapped: (e, { who, ops, left }) =>
    `♻️ ${who(e.playerId)} scraps shipyard ${e.yardId} for ${e.refund} BPV (half value, ${ops(e.opCost)}, UTD6.3F)${left()}.`,
  ShipyardWorksReported: (e, { who, yardName }) =>
    `📝 ${yardName(e.yardId)} of ${who(e.playerId)}: ${e.worksDestroyed} works box${e.worksDestroyed === 1 ? '' : 'es'} destroyed (was ${e.previous}); its capacity follows (UTD6.3724).`,
  CapturedShipDocked: (e, { who, shipName, yardName, state }) =>
    `⚓ ${who(state.ships.find((s) => s.id === e.shipId)?.owner ?? '')} organizes the captured ${shipName(e.shipId)} into dry dock position ${e.position} at ${yardName(e.yardId)} (free, UTD6.3I5); it is not inspected yet.`,
  ShipsUndocked: (e, { who, ops, left, fleetSlot, shipName }) =>
    `🔀 ${who(e.playerId)} moves ${e.shipIds.map(shipName).join(', ')} out of dry dock into fleet ${e.newFleet?.slot ?? fleetSlot(e.fleetId)} (${ops(e.opCost)}, UTD7.66)${left()}.`,
  ShipsRepaired: (e, { who, ops, left, fleetSlot, shipName }) => {
    const how =
      e.mode === 'colony'
        ? `at the colony (${e.freeBy ? `free thanks to ${e.freeBy}` : ops(e.opCost)}, UTD4.335)`
        : `by repair freighter ${e.freighterId} (${ops(e.opCost)}, once this cycle, UTD6.39#2)`;
    const cleared = e.cleared.length ? ` ${e.cleared.map(shipName).join(', ')} no longer crippled or wrecked.` : '';
    return `🩹 D9.4 repairs for ${e.shipIds.map(shipName).join(', ')} of ${who(e.playerId)}'s fleet ${fleetSlot(e.fleetId)} ${how}${e.dcBonus ? ', damage control +1 (UTD7.54)' : ''}; no more D9.4 for them until overhauled.${cleared}${left()}`;
  },
} satisfies Words<YardEvent>;

/** The line of one of these events; `undefined` when the event is another one. */
export function describeYardEvent(stored: StoredEvent, state: CampaignState): string | null | undefined {
  return describeFrom(YARD_WORDS, stored, state);
}

/** `/yard status`: each yard's capacity used this turn, its condition, dry dock and ships under construction. */
export function yardStatusText(state: CampaignState, playerId: string, catalog: UnitCatalog): string {
  const name = state.players.find((p) => p.id === playerId)?.name ?? playerId;
  const rows = yardStatus(state, playerId, catalog);
  if (rows.length === 0) return `${name} has no shipyard and no capital.`;
  const ownTurn = state.turn?.playerId === playerId;
  const lines = rows.map((r) => {
    const y = r.yard;
    const head = `**${y.base.role === 'capital' ? 'Capital' : y.name}** ${y.base.id} in ${sectorLabel(state, y.base.sector)} — size class ${y.sizeClass}, capacity ${r.capacity}`;
    const flags = [
      r.pending ? 'under construction (acts from the next turn, UTD6.382)' : '',
      y.works ? `works ${y.works - y.worksDestroyed}/${y.works}` : '',
      r.condition === 'overhauled'
        ? 'overhauled this turn: no actions (UTD6.3726)'
        : r.condition === 'self-repairing'
          ? 'self-repairing: half capacity (UTD6.3725)'
          : r.condition === 'damaged'
            ? `damaged: capacity ${r.effective} (UTD6.3724)`
            : '',
      ownTurn ? (r.activated ? `activated, used ${r.used} of ${r.effective}` : 'not activated this turn') : '',
    ].filter(Boolean);
    const dock = `dry dock ${r.docked.length}/${y.dryDocks}${r.docked.length ? `: ${r.docked.map((s) => `${s.dock!.position}. ${s.unitId} (${s.id})${s.uninspected ? ' uninspected' : ''}`).join(', ')}` : ''}`;
    const builds = r.builds.length
      ? `\n  building: ${r.builds.map((b) => `${b.unitId} → ${b.planned.kind === 'fleet' ? `fleet ${b.planned.slot}` : 'dry dock'}`).join(', ')}`
      : '';
    return `${head}\n  ${[...flags, dock].join(' · ')}${builds}`;
  });
  return [`🏭 **${name}'s shipyards**`, ...lines].join('\n');
}
