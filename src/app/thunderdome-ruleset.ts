import type { Ruleset } from '../ruleset.ts';
import {
  applyEvent,
  decideWithState,
  foldInto,
  proxiedPlayer,
  type CampaignCommand,
  type CampaignEvent,
  type CampaignState,
} from '../rules/thunderdome/index.ts';
import { revealVotePassed } from '../rules/thunderdome/player-votes.ts';
import { proposedCatalogVersion } from '../rules/thunderdome/catalog-amend.ts';
import type { UnitCatalog } from '../rules/thunderdome/units.ts';
import type { MapGenerator } from '../rules/thunderdome/map/index.ts';
import { revertHistoryFrom, type RevertHistory } from '../rules/thunderdome/revert.ts';
import { thunderdomeScheduler } from './thunderdome-scheduler.ts';
import { upcastState } from '../rules/thunderdome/upcast.ts';
import { FINISHED_KEYS, isFinished, settleFinished } from '../rules/thunderdome/finished.ts';
import { thunderdomePosts } from './thunderdome-posts.ts';

/**
 * Thunderdome III behind the Ruleset interface: the existing pure functions, unchanged. It lives
 * in src/app because src/rules imports nothing outside itself (test/layers.test.ts).
 */
export const thunderdome: Ruleset<CampaignState, CampaignCommand, CampaignEvent> = {
  id: 'thunderdome-iii',
  decide: (state, command, { proposedCatalog, history, generateMap, ...ctx }) => {
    const decision = decideWithState(state, command, {
      ...ctx,
      catalog: ctx.catalog as UnitCatalog,
      ...(generateMap ? { generateMap: generateMap as MapGenerator } : {}),
      ...(proposedCatalog ? { proposedCatalog: proposedCatalog as UnitCatalog } : {}),
      ...(history ? { revertHistory: history as RevertHistory } : {}),
    });
    // What follows the rules (the posts, the scheduler's clocks, the repository, the kept state) reads
    // the open battles and votes of a year-long campaign without looking through its finished ones,
    // and tells the parts the command left unchanged by identity.
    if (decision.ok && decision.value.state) settleFinished(decision.value.state, state);
    return decision;
  },
  apply: applyEvent,
  applyInPlace: foldInto,
  // UTD2.2: a half-cycle ends when the first turn of a later one starts; `/campaign history` reads
  // the state stored then (docs/performance.md, "Long histories").
  periodEnded: (state, stored) =>
    stored.event.type === 'TurnStarted' && stored.event.halfCycles > state.halfCycles ? state.halfCycles : null,
  // A catalog switch (UTD8.1) is decided with the catalog it switches to, so the rules can check the campaign's units against it.
  catalogVersion: (state, command, defaultVersion) =>
    command.type === 'catalog-set' ? command.version : (state?.catalogVersion ?? defaultVersion),
  // A catalog amendment (UTD1.7) is decided with both catalogs: proposed, and while its vote is
  // open, so that whichever command closes the vote can check the campaign against it.
  proposedCatalogVersion: (state, command) => proposedCatalogVersion(state, command),
  // A revert by consent (UTD1.7) is decided with the log since its event, proposed and when its vote closes.
  historyFrom: (state, command) => revertHistoryFrom(state, command),
  proxiedPlayer: (state, userId, now) => proxiedPlayer(state, userId, now)?.id,
  seeds: {
    // Design §5: when the campaign ends the secret seeds are published, so anyone can verify every
    // roll; a reveal voted by the players (UTD1.7) publishes them too, and a fresh committed
    // seed takes over so the rolls still to come stay unpredictable.
    reveal(state, stored, secretSeeds) {
      if (state.status === 'finished')
        return state.revealedSeeds.length < secretSeeds ? { reason: 'campaign-ended', fresh: false } : null;
      return revealVotePassed(state, stored) ? { reason: 'voted', fresh: true } : null;
    },
    revealed: (seeds, reason) => ({
      type: 'SeedsRevealed',
      seeds,
      reason: { code: reason === 'campaign-ended' ? 'campaign-ended' : 'voted' },
    }),
    committed: (seedCommitment) => ({ type: 'SeedCommitted', seedCommitment }),
  },
  scheduler: thunderdomeScheduler,
  // The large parts, each in a column of its own (docs/performance.md): an order that changes only a
  // bank rewrites a few KiB, not the map, the fleets, the ships and the bases too.
  // Resolved battles, decided votes and settled retreats never change again: stored once each, apart
  // (docs/performance.md, "History out of the hot state").
  storage: {
    parts: ['map', 'fleets', 'ships', 'bases'],
    finished: FINISHED_KEYS.map((key) => ({ key, done: (record: unknown) => isFinished(key, record) })),
  },
  // Older versions stored reasons as sentences and flagged undoable orders (upcast.ts).
  upcast: { state: upcastState },
  // What a command makes the bot post, written to the outbox with it (docs/delivery.md).
  posts: thunderdomePosts,
  // Names typed by players, which refusals quote (shown as typed, src/discord/words.ts describeError).
  typedNames: (state) => [
    state.name,
    ...state.players.map((p) => p.name),
    ...(state.map?.title ? [state.map.title] : []),
    ...(state.map?.sectors ?? []).flatMap((x) => (x.name ? [x.name] : [])),
  ],
};
