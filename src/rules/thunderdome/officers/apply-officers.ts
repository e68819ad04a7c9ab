import { bpv, bpvToString } from '../../exact/bpv.ts';
import { debit, recordOrder as order, useYardCapacity as useYard, shipById } from '../apply-common.ts';
import type { StoredEvent } from '../events.ts';
import type { CampaignState } from '../state.ts';
import type { OfficerEvent, OfficerLoss } from './events.ts';
import type { FoldTable } from '../../kernel/tables.ts';

/** Folds the officer events into the state; like applyEvent it checks no rule. */
export const OFFICER_FOLDS = {
  OfficerBought: (s, e, stored) => {
    shipById(s, e.shipId).legendaryOfficer = { type: e.officer, paid: e.cost };
    useYard(s, e.yardId, e.capacity);
    debit(s, e.playerId, e.cost);
    order(s, stored, 'officer-buy', 0, e.cost);
  },
  CrewBought: (s, e, stored) => {
    shipById(s, e.shipId).outstandingCrew = true;
    useYard(s, e.yardId, e.capacity);
    debit(s, e.playerId, e.cost);
    order(s, stored, 'crew-buy', 0, e.cost);
  },
  OfficerTransferred: (s, e, stored) => {
    const from = shipById(s, e.from);
    const to = shipById(s, e.to);
    const paid = bpv(from.legendaryOfficer?.paid ?? '0').add(e.surcharge);
    delete from.legendaryOfficer;
    to.legendaryOfficer = { type: e.officer, paid: bpvToString(paid) };
    debit(s, e.playerId, e.surcharge);
    order(s, stored, 'officer-transfer', e.opCost, e.surcharge);
  },
  MinesBought: (s, e, stored) => {
    shipById(s, e.shipId).minesBpv = e.carried;
    useYard(s, e.yardId, e.capacity);
    debit(s, e.playerId, e.cost);
    order(s, stored, 'mines-buy', 0, e.cost);
  },
  OfficersLost: () => {
    // Already settled by `settleOfficerLosses` with the event that lost the ship; this one only tells.
  },
} satisfies FoldTable<CampaignState, OfficerEvent, StoredEvent>;

/**
 * The officers and crews that left their owner's navy between two states: their ship is gone
 * (destroyed, scrapped) or has another owner (captured). Pure; used to settle the loss and, by
 * the Decider, to announce it.
 */
export function officerLosses(before: Pick<CampaignState, 'ships'>, after: CampaignState): OfficerLoss[] {
  const losses: OfficerLoss[] = [];
  for (const old of before.ships) {
    if (!old.legendaryOfficer && !old.outstandingCrew) continue;
    const now = after.ships.find((x) => x.id === old.id);
    if (now && now.owner === old.owner) continue;
    losses.push({
      playerId: old.owner,
      shipId: old.id,
      unitId: old.unitId,
      ...(old.legendaryOfficer ? { officer: old.legendaryOfficer.type } : {}),
      ...(old.outstandingCrew ? { crew: true } : {}),
      ...(now ? { capturedBy: now.owner } : {}),
    });
  }
  return losses;
}

/**
 * UTD7.26A, 7.26B, 8.23: a legendary officer or an outstanding crew is lost with its ship, for
 * good. Run after every event: a ship that left its owner's navy (destroyed, scrapped, captured,
 * or its owner removed) takes its officer and crew along, and the owner may never replace them.
 * Doing it here rather than in each decider keeps every present and future way of losing a ship
 * covered. A captured ship's new owner gets neither.
 */
export function settleOfficerLosses(before: Pick<CampaignState, 'ships'>, after: CampaignState): void {
  for (const loss of officerLosses(before, after)) {
    const owner = after.players.find((x) => x.id === loss.playerId);
    if (owner && loss.officer) owner.officersLost = [...new Set([...(owner.officersLost ?? []), loss.officer])];
    if (owner && loss.crew) owner.crewLost = true;
    const now = after.ships.find((x) => x.id === loss.shipId);
    if (now) {
      delete now.legendaryOfficer;
      delete now.outstandingCrew;
    }
  }
}
