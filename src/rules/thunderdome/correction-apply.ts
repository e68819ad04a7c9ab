import type { Correction } from './correction-events.ts';
import type { CampaignState } from './state.ts';
import { ownRecord } from './finished.ts';

/**
 * The fold of a correction passed by vote (amend-state.ts, UTD1.7), apart from the order so that
 * apply.ts folds it without importing the Decider.
 */

function firstFreeSlot(state: CampaignState, owner: string): number {
  const used = new Set(state.fleets.filter((f) => f.owner === owner).map((f) => f.slot));
  let slot = 1;
  while (used.has(slot)) slot++;
  return slot;
}

/**
 * Applies a correction to the state in place: the fold of `StateAmended`, and the preview of its
 * difference. Total on a state `correctionProblem` accepts.
 */
export function applyCorrection(s: CampaignState, c: Correction): void {
  switch (c.kind) {
    case 'bank': {
      const p = s.players.find((x) => x.id === c.player);
      if (p) p.bank = c.bank;
      return;
    }
    case 'condition':
    case 'battle': {
      const id = c.kind === 'condition' ? c.ship : c.unit;
      const value = c.kind === 'condition' ? c.condition : c.fate;
      const ship = s.ships.find((x) => x.id === id);
      if (ship) {
        // A wreck is also crippled (UTD7.47), as a battle result records it.
        ship.crippled = value !== 'undamaged';
        ship.wrecked = value === 'wrecked';
      }
      if (c.kind === 'battle') {
        // A resolved battle is a finished record, shared and frozen (finished.ts): the correction changes a copy of it.
        const at = s.battles.findIndex((b) => b.id === c.battle && b.result);
        const result = at < 0 ? undefined : ownRecord(s.battles, at).result;
        if (result) {
          if (c.fate === 'undamaged') delete result.units[c.unit];
          else result.units[c.unit] = { fate: c.fate };
        }
      }
      return;
    }
    case 'sector': {
      const fleet = s.fleets.find((f) => f.id === c.unit);
      if (fleet) {
        fleet.sector = c.sector;
        for (const ship of s.ships) if (ship.fleetId === fleet.id) ship.sector = c.sector;
        return;
      }
      const base = s.bases.find((b) => b.id === c.unit);
      if (base) {
        base.sector = c.sector;
        for (const ship of s.ships) if (ship.dock?.yardId === base.id) ship.sector = c.sector;
        return;
      }
      const ship = s.ships.find((x) => x.id === c.unit);
      if (ship) {
        ship.sector = c.sector;
        ship.dock = null;
      }
      return;
    }
    case 'owner': {
      const fleet = s.fleets.find((f) => f.id === c.unit);
      if (fleet) {
        if (fleet.owner !== c.owner) fleet.slot = firstFreeSlot(s, c.owner);
        fleet.owner = c.owner;
        for (const ship of s.ships) if (ship.fleetId === fleet.id) ship.owner = c.owner;
        return;
      }
      const base = s.bases.find((b) => b.id === c.unit);
      if (base) {
        base.owner = c.owner;
        return;
      }
      const ship = s.ships.find((x) => x.id === c.unit);
      if (ship) ship.owner = c.owner;
      return;
    }
    case 'development': {
      const sector = s.map?.sectors.find((x) => x.key === c.sector);
      if (!sector) return;
      sector[c.development] =
        c.owner === null
          ? null
          : {
              owner: c.owner,
              status: 'active',
              fleetId: null,
              orderedHalfCycle: sector[c.development]?.orderedHalfCycle ?? s.halfCycles,
              exposedTo: null,
            };
      return;
    }
  }
}
