import { findCampaignByChannel } from '../db/campaign-repo.ts';
import { SeededDice } from '../rules/dice.ts';
import type { RuleError } from '../rules/errors.ts';
import type { Actor, CampaignCommand, CampaignState, StoredEvent } from '../rules/thunderdome/index.ts';
import type { AppContext } from './context.ts';
import { withTypedNames } from './errors.ts';
import { rulesetOf, stateLayout } from './rulesets.ts';
import type { CommandTarget } from './run-command.ts';

export type Preview = { ok: true; version: number } | { ok: false; error: RuleError } | { ok: true; version: null };

/** A throwaway seed: the preview never stores anything, so its dice only need to exist. */
const PREVIEW_SEED = 'ff'.repeat(32);

/**
 * Asks the rules whether a command would be refused right now, without storing anything
 * (confirmation buttons, UTD6.121): a player who may not end the turn hears why at once
 * instead of after pressing Confirm. It also gives the campaign version the confirmation
 * carries. Dice come from a throwaway seed and forced test dice are left alone, so the preview
 * cannot change what the real command rolls; only refusals are read from it. The campaign's own
 * ruleset decides, with the catalog it would decide the real command with.
 */
export async function previewCommand(
  app: AppContext,
  target: CommandTarget,
  actor: Actor,
  command: Exclude<CampaignCommand, { type: 'create' }>,
): Promise<Preview> {
  const row = await findCampaignByChannel(app.database.db, target.channelId, stateLayout);
  if (!row) return { ok: true, version: null };
  const ruleset = rulesetOf(row.state.ruleset);
  const catalogVersion = ruleset.catalogVersion?.(row.state, command, app.catalogs.defaultVersion);
  const catalog = catalogVersion === undefined ? null : await app.catalogs.get(catalogVersion);
  const proposedVersion = ruleset.proposedCatalogVersion?.(row.state, command) ?? null;
  const decision = ruleset.decide(row.state, command, {
    actor,
    now: app.clock.now(),
    dice: new SeededDice(PREVIEW_SEED, row.version + 1),
    catalog,
    ...(proposedVersion === null ? {} : { proposedCatalog: await app.catalogs.get(proposedVersion) }),
    firstSeq: row.version + 1,
  });
  return decision.ok
    ? { ok: true, version: row.version }
    : { ok: false, error: withTypedNames(decision.error, ruleset.typedNames?.(row.state) ?? []) };
}

/** One step of a previewed chain: who gives which command. */
export interface PreviewStep {
  actor: Actor;
  command: Exclude<CampaignCommand, { type: 'create' }>;
}

export type PreviewChain =
  | { ok: true; version: number; steps: { events: StoredEvent[]; state: CampaignState }[] }
  | { ok: false; error: RuleError; step: number }
  | null;

/**
 * What a chain of commands would do right now, nothing stored: each step decided on the state the
 * previous one left. A menu shows the cost of each choice before it is offered (UTD6.21), and a
 * result built by menus shows its consequences before it is sent: the proposal, then each other
 * side's acceptance, which is when a result is applied (UTD3.41, UTD7.44). Null without a campaign.
 */
export async function previewChain(
  app: AppContext,
  target: CommandTarget,
  steps: readonly PreviewStep[],
): Promise<PreviewChain> {
  const row = await findCampaignByChannel(app.database.db, target.channelId, stateLayout);
  if (!row) return null;
  const ruleset = rulesetOf(row.state.ruleset);
  let state: CampaignState = row.state;
  let seq = row.version;
  const out: { events: StoredEvent[]; state: CampaignState }[] = [];
  for (const [n, step] of steps.entries()) {
    const catalogVersion = ruleset.catalogVersion?.(state, step.command, app.catalogs.defaultVersion);
    const catalog = catalogVersion === undefined ? null : await app.catalogs.get(catalogVersion);
    const now = app.clock.now();
    const decision = ruleset.decide(state, step.command, {
      actor: step.actor,
      now,
      dice: new SeededDice(PREVIEW_SEED, seq + 1),
      catalog,
      firstSeq: seq + 1,
    });
    if (!decision.ok)
      return { ok: false, error: withTypedNames(decision.error, ruleset.typedNames?.(state) ?? []), step: n };
    const stored: StoredEvent[] = decision.value.events.map((event, i) => ({
      seq: seq + 1 + i,
      at: now.toISOString(),
      actor: { userId: step.actor.userId },
      event,
      rolls: [],
    }));
    let next = decision.value.state;
    if (!next) {
      next = state;
      for (const e of stored) next = ruleset.apply(next, e);
    }
    state = next;
    seq += stored.length;
    out.push({ events: stored, state });
  }
  return { ok: true, version: row.version, steps: out };
}
