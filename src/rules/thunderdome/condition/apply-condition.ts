import { bpv, bpvToString } from '../../exact/bpv.ts';
import { recordOrder as order, shipById } from '../apply-common.ts';
import type { StoredEvent } from '../events.ts';
import { playerById } from '../lookup.ts';
import type { CampaignState, Ship } from '../state.ts';
import type { ConditionEvent } from './events.ts';
import type { ShipCondition } from './types.ts';
import type { FoldTable } from '../../kernel/tables.ts';

/** Stores a condition, dropping the field when nothing differs from "as built". */
export function setCondition(ship: Ship, c: ShipCondition): void {
  const kept = Object.fromEntries(
    Object.entries(c).filter(([, v]) => v !== undefined && !(Array.isArray(v) && v.length === 0) && v !== ''),
  ) as ShipCondition;
  if (Object.keys(kept).length === 0) delete ship.condition;
  else ship.condition = structuredClone(kept);
}

/**
 * An overhaul repairs the ship fully (UTD6.3741): the reported damage, damage control, speed and
 * tractors are as built again. Fighters, spares and expendables are not repairs (UTD6.3B, 2.3(3)).
 */
export function overhauledCondition(ship: Ship): void {
  if (!ship.condition) return;
  const { boxesDestroyed: _b, damageControl: _d, speed: _s, tractors: _t, ...rest } = ship.condition;
  setCondition(ship, rest);
}

/** A repair that cleared crippled or wrecked leaves the last reported speed out of date. */
export function clearedCondition(ship: Ship): void {
  if (!ship.condition?.speed) return;
  const { speed: _s, ...rest } = ship.condition;
  setCondition(ship, rest);
}

/** Folds the ship-condition events into the state; like applyEvent it checks no rule. */
export const CONDITION_FOLDS = {
  ShipConditionRecorded: (s, e) => {
    const ship = shipById(s, e.shipId);
    setCondition(ship, e.condition);
    ship.crippled = e.crippled;
    ship.wrecked = e.wrecked;
  },
  ShipsResupplied: (s, e) => {
    for (const x of e.ships) setCondition(shipById(s, x.shipId), x.condition);
  },
  AttritionReplaced: (s, e, stored) => {
    for (const x of e.ships) setCondition(shipById(s, x.shipId), x.condition);
    const p = playerById(s, e.playerId);
    p.bank = bpvToString(bpv(p.bank).sub(e.cost));
    order(s, stored, 'replace-attrition', e.opCost, e.cost);
  },
  FleetRefitted: (s, e, stored) => {
    for (const x of e.ships) {
      const ship = shipById(s, x.shipId);
      ship.unitId = x.to;
      ship.bpv = x.bpv;
    }
    if (s.turn && e.yardId)
      s.turn.yardUse = { ...(s.turn.yardUse ?? {}), [e.yardId]: (s.turn.yardUse?.[e.yardId] ?? 0) + e.capacity };
    const p = playerById(s, e.playerId);
    p.bank = bpvToString(bpv(p.bank).sub(e.cost));
    order(s, stored, 'refit-fleet', e.opCost, e.cost);
  },
} satisfies FoldTable<CampaignState, ConditionEvent, StoredEvent>;
