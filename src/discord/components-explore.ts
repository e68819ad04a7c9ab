import {
  EXPLORATION_ANSWERS,
  sectorLabel,
  type CampaignState,
  type ExplorationOffer,
  type ExplorationReply,
} from '../rules/thunderdome/index.ts';
import type { CommandContext } from './command.ts';
import { campaignHere, stale, type ComponentHandler } from './components.ts';
import { execute, presentError } from './present.ts';
import { plainName } from './words-context.ts';

/*
 * The buttons of an explorer's balancing question (UTD5.221–5.224, exploration-words.ts): the same
 * `explore-choice` order as `/sector choose`. The id carries the question's id (`cm:xa:<offer>:<answer>`),
 * so a button of a question already answered is stale. Only the explorer or whoever holds their proxy
 * (UTD3.2) may answer; the answer is announced in public like any order.
 */

function isAnswer(answer: string | undefined): answer is ExplorationReply {
  return (EXPLORATION_ANSWERS as readonly string[]).includes(answer ?? '');
}

/** The question still waiting for its answer, if any. */
function openQuestion(state: CampaignState): ExplorationOffer | null {
  return state.turn?.phase === 'exploration' ? (state.turn.explorationOffer ?? null) : null;
}

/**
 * Whom the presser answers for: the explorer in person (no `as`), or the explorer through a proxy the
 * presser holds (UTD3.2), which a fellow player needs too (the rules would otherwise take them for
 * themselves); null for anyone else.
 */
function answeringFor(state: CampaignState, offer: ExplorationOffer, ctx: CommandContext): { as?: string } | null {
  if (ctx.actor.userId === offer.playerId) return {};
  const explorer = state.players.find((p) => p.id === offer.playerId);
  const now = ctx.app.clock.now();
  const proxy = explorer?.proxies.some(
    (x) => x.userId === ctx.actor.userId && (!x.expiresAt || new Date(x.expiresAt) > now),
  );
  return proxy ? { as: offer.playerId } : null;
}

const answerQuestion: ComponentHandler = async (i, [offerText, answer], ctx) => {
  const here = await campaignHere(ctx);
  const offer = here ? openQuestion(here.state) : null;
  if (!here || !offer || String(offer.id) !== offerText || !isAnswer(answer))
    return stale(
      i,
      'This balancing question was already answered (UTD5.22).',
      offer && here
        ? `The open question is about **${plainName(sectorLabel(here.state, offer.sector))}**: use the buttons of the newest question, or \`/sector choose\`.`
        : 'No exploration waits for a balancing choice; `/campaign status` shows where the campaign stands.',
    );
  const forWhom = answeringFor(here.state, offer, ctx);
  if (!forWhom) {
    const name = here.state.players.find((p) => p.id === offer.playerId)?.name;
    return presentError(i, {
      code: 'explore/not-yours',
      rule: 'UTD5.22',
      message: `The balancing choice for ${sectorLabel(here.state, offer.sector)} is ${name ?? 'another player'}'s: they explored it (UTD5.221–5.224).`,
      hint: 'Only the explorer, or whoever holds their proxy (UTD3.2), may answer.',
      quoted: [sectorLabel(here.state, offer.sector), ...(name ? [name] : [])],
    });
  }
  // The rules check the question's id again under the campaign lock: a press racing an answer is refused.
  return execute(i, ctx, { type: 'explore-choice', answer, offer: offer.id, ...forWhom });
};

export const EXPLORE_COMPONENTS = { xa: answerQuestion } as const satisfies Record<string, ComponentHandler>;
