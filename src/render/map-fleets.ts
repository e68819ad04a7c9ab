import { bpv, bpvToString, roundHalfUp, ZERO } from '../rules/exact/bpv.ts';
import type { Bpv } from '../rules/exact/bpv.ts';
import type { CampaignState, Ship } from '../rules/thunderdome/state.ts';
import type { UnitCatalog } from '../rules/thunderdome/units.ts';

/**
 * The fleet badges of the warp-lane map ("per owner, a badge with the number of fleets
 * and their total move class or BPV"). The map shows BPV, not move class: at Discord's preview
 * size `2 · 908` reads at a glance as "two fleets, this strong", while a summed move class
 * (`2 · 6⅚ MC`) needs fractions and says little — each fleet's own limit of 5 (UTD7.23) is what
 * matters for moving, and the navy sheet shows it per fleet. The BPV is the catalog BPV of every
 * ship in those fleets, whatever its condition, as on the navy sheet and in the ledger's "BPV
 * afloat", rounded half up to whole points for the badge.
 */
export interface FleetBadge {
  owner: string;
  /** Fleets of this owner in the sector. */
  count: number;
  /** Their ships' total BPV, exact (decimal string). */
  bpv: string;
  /** What the badge says: `2 · 908`. */
  text: string;
}

/** How a ship's BPV is looked up: the catalog's, else (unit not in the catalog) the price recorded. */
export type ShipBpv = (ship: Ship) => Bpv;

export function catalogShipBpv(catalog: Pick<UnitCatalog, 'get'> | null | undefined): ShipBpv {
  return (ship) => bpv(catalog?.get(ship.unitId)?.bpv ?? ship.bpv);
}

/** `count · BPV`, the BPV rounded half up to whole points; more than 9 fleets show as 9+. */
export function fleetBadgeText(count: number, total: Bpv): string {
  return `${count > 9 ? '9+' : String(count)} · ${bpvToString(roundHalfUp(total))}`;
}

/** One badge per owner with fleets in the sector, in seat order (then by id). */
export function fleetBadges(state: CampaignState, sectorKey: string, shipBpv: ShipBpv): FleetBadge[] {
  const byOwner = new Map<string, { count: number; total: Bpv }>();
  const fleetOwner = new Map<string, string>();
  for (const f of state.fleets) {
    if (f.sector !== sectorKey) continue;
    fleetOwner.set(f.id, f.owner);
    const entry = byOwner.get(f.owner) ?? { count: 0, total: ZERO };
    entry.count++;
    byOwner.set(f.owner, entry);
  }
  if (byOwner.size === 0) return [];
  for (const s of state.ships) {
    const owner = s.fleetId !== null ? fleetOwner.get(s.fleetId) : undefined;
    if (owner === undefined) continue;
    const entry = byOwner.get(owner)!;
    entry.total = entry.total.add(shipBpv(s));
  }
  const seat = (id: string) => state.players.find((p) => p.id === id)?.seat ?? 99;
  return [...byOwner]
    .sort((a, b) => seat(a[0]) - seat(b[0]) || (a[0] < b[0] ? -1 : 1))
    .map(([owner, { count, total }]) => ({
      owner,
      count,
      bpv: bpvToString(total),
      text: fleetBadgeText(count, total),
    }));
}
