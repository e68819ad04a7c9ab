import { bpv, bpvToString } from '../../exact/bpv.ts';
import { credit, idNumber, recordOrder as order } from '../apply-common.ts';
import type { CampaignEvent, StoredEvent } from '../events.ts';
import { playerById } from '../lookup.ts';
import type { CampaignState } from '../state.ts';
import type { FoldTable } from '../../kernel/tables.ts';

export type DefenseEvent = Extract<CampaignEvent, { type: 'DefensesRevised' | 'DefensesScrapped' | 'DefensesArrived' }>;

/** Folds the defense events into the state; like applyEvent it checks no rule. */
export const DEFENSE_FOLDS = {
  DefensesRevised: (s, e, stored) => {
    s.bases = s.bases.filter((b) => !e.scrapped.includes(b.id));
    for (const b of e.bought) {
      s.bases.push(structuredClone(b));
      s.nextId = Math.max(s.nextId, idNumber(b.id) + 1);
    }
    // The scrap money pays for the new units first (UTD6.3A); only the difference moves the bank.
    const p = playerById(s, e.playerId);
    p.bank = bpvToString(bpv(p.bank).add(e.refund).sub(e.cost));
    order(s, stored, 'defense-revise', e.opCost, e.cost);
  },
  DefensesScrapped: (s, e, stored) => {
    s.bases = s.bases.filter((b) => !e.baseIds.includes(b.id));
    credit(s, e.playerId, e.refund);
    order(s, stored, 'defense-scrap', e.opCost, '0');
  },
  DefensesArrived: (s, e) => {
    for (const b of s.bases) if (e.baseIds.includes(b.id)) b.pending = false;
    for (const c of e.cancelled) {
      s.bases = s.bases.filter((b) => b.id !== c.baseId);
      credit(s, e.playerId, c.refund);
    }
  },
} satisfies FoldTable<CampaignState, DefenseEvent, StoredEvent>;
