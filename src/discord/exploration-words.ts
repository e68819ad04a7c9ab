import { ActionRowBuilder, ButtonBuilder, ButtonStyle } from 'discord.js';
import { componentId } from './component-ids.ts';
import type { ExplorationReply } from '../rules/thunderdome/exploration-offer.ts';
import type { ExplorationOffer } from '../rules/thunderdome/state.ts';

/**
 * The words and buttons of exploration balancing asked at the roll (UTD5.221–5.224,
 * src/rules/thunderdome/exploration-offer.ts). The question is posted in the campaign channel with
 * one button per answer the rules allow; `/sector choose` gives the same answers.
 */
export const EXPLORATION_ANSWER_WORDS: Record<ExplorationReply, string> = {
  roll: 'roll for the type',
  keep: 'keep the roll',
  life: 'a life sector',
  mineral: 'a mineral sector',
};

const BUTTON_LABELS: Record<ExplorationReply, string> = {
  roll: 'Roll for the type',
  keep: 'Keep the roll',
  life: 'Life sector',
  mineral: 'Mineral sector',
};

/** The question as the explorer reads it, pinging them, with the deadline and what answers then. */
export function explorationQuestion(offer: ExplorationOffer, sec: (key: string) => string): string {
  const q = offer.pending.question;
  const when = `<t:${Math.floor(Date.parse(offer.due) / 1000)}:f>`;
  const ask =
    q.kind === 'free-choice'
      ? `you trail the leaders in both life and mineral sectors, so you may skip the type roll and choose a **life** or **mineral** sector, or roll (UTD5.224; the terrain is still rolled on that column).`
      : `the type die shows **${q.die}**: a **${q.rolled}** sector. You may keep it or change it to ${q.options
          .filter((o) => o !== 'keep')
          .map((o) => `a **${o}** sector`)
          .join(' or ')} (${q.rule}; the terrain is rolled on the column of the type you keep).`;
  return [
    `⚖️ <@${offer.playerId}>, exploring ${sec(offer.sector)}: ${ask}`,
    `  Answer with the buttons or \`/sector choose\` by ${when}; the turn waits. With no answer by then your standing instruction (\`/sector balancing\`) answers (UTD5.22).`,
  ].join('\n');
}

/** The announcement's line for the question, which is posted on its own with its buttons. */
export function explorationWaitLine(
  offer: ExplorationOffer,
  { who, sec }: { who: (id: string) => string; sec: (key: string) => string },
): string {
  return `⏸️ Step 7 waits: ${who(offer.playerId)} may use exploration balancing in ${sec(offer.sector)} and is asked below (UTD5.22).`;
}

/** One button per answer the question allows (at most four: one row). */
export function explorationButtons(offer: ExplorationOffer): ActionRowBuilder<ButtonBuilder> {
  const options = offer.pending.question.options as readonly ExplorationReply[];
  return new ActionRowBuilder<ButtonBuilder>().addComponents(
    options.map((o) =>
      new ButtonBuilder()
        .setCustomId(componentId('xa', offer.id, o))
        .setLabel(BUTTON_LABELS[o])
        .setStyle(o === 'keep' || o === 'roll' ? ButtonStyle.Secondary : ButtonStyle.Primary),
    ),
  );
}
