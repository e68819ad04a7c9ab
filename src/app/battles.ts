import { battleByRef } from '../rules/thunderdome/battles/common.ts';
import type { Battle, CampaignState } from '../rules/thunderdome/index.ts';
import { guarded, type Outcome } from './errors.ts';

/**
 * Looking a battle up by what a player typed (UTD7.4): "12", "K12" or "#K12"; an unknown battle
 * is a refusal value naming the battles there are.
 */
export function findBattle(state: CampaignState, ref: string): Outcome<Battle> {
  return guarded(() => battleByRef(state, ref));
}
