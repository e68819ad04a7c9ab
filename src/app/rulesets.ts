import { PART_COLUMNS, type Part, type StateLayout } from '../db/campaign-repo.ts';
import type { Ruleset, RulesetCommand, RulesetEvent, RulesetState } from '../ruleset.ts';
import type { CampaignCommand, CampaignEvent, CampaignState } from '../rules/thunderdome/index.ts';
import { thunderdome } from './thunderdome-ruleset.ts';
import { warlord } from './warlord-ruleset.ts';

/**
 * A ruleset as the app holds it. The app's public types (CommandResult, CampaignRow, the state
 * cache) still name Thunderdome's state, so another ruleset is held under those names: the app
 * reads only what `RulesetState` promises and hands everything else back to the ruleset.
 */
export type AppRuleset = Ruleset<CampaignState, CampaignCommand, CampaignEvent>;

/** The ruleset of a new campaign when the create command names none. */
export const DEFAULT_RULESET = thunderdome.id;

// Star Fleet Warlord is held under the app's (Thunderdome-named) types, as `registerRuleset` does.
const warlordApp = warlord as unknown as AppRuleset;
const registry = new Map<string, AppRuleset>([
  [thunderdome.id, thunderdome],
  [warlord.id, warlordApp],
]);
/** Each ruleset's `storage.parts`, checked against the columns the database has. */
const parts = new Map<string, readonly Part[]>([
  [thunderdome.id, partsOf(thunderdome)],
  [warlord.id, partsOf(warlordApp)],
]);

function partsOf(ruleset: Ruleset<RulesetState, RulesetCommand, RulesetEvent>): readonly Part[] {
  const named = ruleset.storage?.parts ?? [];
  const unknown = named.filter((p) => !(PART_COLUMNS as readonly string[]).includes(p));
  if (unknown.length > 0 || new Set(named).size !== named.length)
    throw new Error(
      `ruleset '${ruleset.id}' stores parts [${named.join(', ')}]: each once, and only in the columns ${PART_COLUMNS.join(', ')} (a new one takes a migration)`,
    );
  return named as readonly Part[];
}

/**
 * How the repository stores each ruleset's state (src/db/campaign-repo.ts takes it as a parameter,
 * since src/db imports nothing of src/app): the parts its `storage` hook names, and the time its
 * `scheduler` hook says the campaign is next due.
 */
export const stateLayout: StateLayout = {
  parts(id) {
    const named = parts.get(id);
    if (named) return named;
    rulesetOf(id); // throws for an unknown id
    return [];
  },
  finished: (id) => rulesetOf(id).storage?.finished ?? [],
  dueAt: (state) => rulesetOf(state.ruleset).scheduler?.nextDue(state) ?? null,
  upcast: (state) => rulesetOf(state.ruleset).upcast?.state(state) ?? state,
};

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
  const named = partsOf(ruleset as unknown as Ruleset<RulesetState, RulesetCommand, RulesetEvent>);
  registry.set(ruleset.id, ruleset as unknown as AppRuleset);
  parts.set(ruleset.id, named);
  return () => {
    registry.delete(ruleset.id);
    parts.delete(ruleset.id);
  };
}
