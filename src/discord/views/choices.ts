import type { ApplicationCommandOptionChoiceData } from 'discord.js';
import { DEFAULT_SETTINGS, type CampaignState } from '../../rules/thunderdome/index.ts';

/**
 * Autocomplete choices built from the campaign state (design §6: only legal choices are offered),
 * kept out of the command files so they hold only their definition and one call.
 */
type Choice = ApplicationCommandOptionChoiceData<string>;

/** `/vote setting`: every setting a vote may change, with its current value (UTD1.7). */
export function settingChoices(state: CampaignState | null): Choice[] {
  const settings = (state?.settings ?? DEFAULT_SETTINGS) as Record<string, unknown>;
  return Object.keys(DEFAULT_SETTINGS).map((k) => ({ name: `${k} = ${JSON.stringify(settings[k])}`, value: k }));
}
