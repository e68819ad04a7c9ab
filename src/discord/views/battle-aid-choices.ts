import type { ApplicationCommandOptionChoiceData } from 'discord.js';
import { battleSubject } from '../../app/n3d.ts';
import { sideOfUser, unitName } from '../../rules/thunderdome/battles/common.ts';
import type { CampaignState } from '../../rules/thunderdome/index.ts';

/** Autocomplete choices of the battle aids `/n3d` and `/sfw` (digest P-B1, P-C1): your battles first. */
type Choice = ApplicationCommandOptionChoiceData<string>;

/** `/sfw`: the battles to roll in (open ones), or to reveal (resolved ones), yours first. */
export function sfwBattleChoices(state: CampaignState, me: string, wantResolved: boolean): Choice[] {
  return state.battles
    .filter((b) => (b.status === 'resolved') === wantResolved)
    .sort((x, y) => Number(sideOfUser(y, me) !== null) - Number(sideOfUser(x, me) !== null))
    .map((b) => ({ name: `${b.id} (${b.status})`, value: b.id }));
}

/** `/sfw`: your side's units in the battle named, or in the battle whose thread this is. */
export function sfwUnitChoices(state: CampaignState, me: string, ref: string | null, channelId: string): Choice[] {
  const b = ref
    ? state.battles.find((x) => x.id === battleSubject(ref))
    : state.battles.find((x) => x.threadId === channelId);
  const side = b ? sideOfUser(b, me) : null;
  const units = b && side ? (b.participants.find((p) => p.side === side)?.units ?? []) : [];
  return units.map((u) => ({ name: unitName(state, u), value: u }));
}

/** `/n3d`: the open battles, yours first, named by their sides. */
export function n3dBattleChoices(state: CampaignState, me: string): Choice[] {
  return [...state.battles]
    .filter((b) => b.status === 'open')
    .sort((x, y) => Number(sideOfUser(y, me) !== null) - Number(sideOfUser(x, me) !== null))
    .map((b) => ({
      name: `${b.id} — ${b.sides.map((s) => (s === 'npe' ? 'NPE' : (state.players.find((p) => p.id === s)?.name ?? s))).join(' vs ')}`,
      value: b.id,
    }));
}
