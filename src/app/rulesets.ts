import type { Ruleset, RulesetCommand, RulesetEvent, RulesetState } from '../ruleset.ts';
import type { CampaignCommand, CampaignEvent, CampaignState } from '../rules/thunderdome/index.ts';
import { thunderdome } from './thunderdome-ruleset.ts';

/**
 * A ruleset as the app holds it. The app's public types (CommandResult, CampaignRow, the state
 * cache) still name Thunderdome's state, so another ruleset is held under those names: the app
 * reads only what `RulesetState` promises and hands everything else back to the ruleset.
 */
export type AppRuleset = Ruleset<CampaignState, CampaignCommand, CampaignEvent>;

/** The ruleset of a new campaign when the create command names none. */
export const DEFAULT_RULESET = thunderdome.id;

const registry = new Map<string, AppRuleset>([[thunderdome.id, thunderdome]]);

/** The ruleset a campaign plays (its stored `state.ruleset`); an unknown id is a bug or a foreign database, never guessed. */
export function rulesetOf(id: string): AppRuleset {
  const ruleset = registry.get(id);
  if (!ruleset)
    throw new Error(`unknown ruleset '${id}': this bot knows ${[...registry.keys()].map((k) => `'${k}'`).join(', ')}`);
  return ruleset;
}

/** The ids of the rulesets this bot plays. */
export function rulesetIds(): string[] {
  return [...registry.keys()];
}

/**
 * For tests only (no production code registers anything): adds a ruleset, and returns the
 * function that takes it out again. Refuses an id already taken.
 */
export function registerRuleset<S extends RulesetState, C extends RulesetCommand, E extends RulesetEvent>(
  ruleset: Ruleset<S, C, E>,
): () => void {
  if (registry.has(ruleset.id)) throw new Error(`ruleset '${ruleset.id}' is registered already`);
  registry.set(ruleset.id, ruleset as unknown as AppRuleset);
  return () => {
    registry.delete(ruleset.id);
  };
}
