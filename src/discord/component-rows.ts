import { ActionRowBuilder, ButtonBuilder, ButtonStyle } from 'discord.js';
import type { Battle, CampaignState, StoredEvent, Vote } from '../rules/thunderdome/index.ts';
import { componentId, turnKey } from './component-ids.ts';

/*
 * The buttons under the bot's posts (components.ts answers them). Built from what the post shows,
 * so the deliverer adds them on its way (docs/delivery.md) and a post sent again after a crash
 * carries the same ones.
 */

/** Under a turn-start post (UTD3.3): the common orders, valid while this turn runs. */
export function turnPostRows(stored: StoredEvent): ActionRowBuilder<ButtonBuilder>[] {
  const e = stored.event;
  if (e.type !== 'TurnStarted') return [];
  const key = turnKey(e.halfCycles, e.seat, stored.at);
  return [
    new ActionRowBuilder<ButtonBuilder>().addComponents(
      new ButtonBuilder()
        .setCustomId(componentId('tm', key))
        .setLabel('Move a fleet')
        .setEmoji('🚀')
        .setStyle(ButtonStyle.Primary),
      new ButtonBuilder()
        .setCustomId(componentId('tb', key))
        .setLabel('Buy order points')
        .setEmoji('🎟️')
        .setStyle(ButtonStyle.Secondary),
      new ButtonBuilder()
        .setCustomId(componentId('te', key))
        .setLabel('End turn')
        .setEmoji('✅')
        .setStyle(ButtonStyle.Success),
    ),
  ];
}

/**
 * Under a battle's thread intro and its card (UTD3.4): the steps of its stage. While fleets are
 * chosen, naming one's fighting fleet (UTD7.421); while an NPE waits for a runner, volunteering
 * (UTD5.431); before contact, the contact button (UTD3.42); while it is played or negotiated, the
 * result builder (UTD3.41, UTD7.44).
 */
export function battleStageRows(b: Battle): ActionRowBuilder<ButtonBuilder>[] {
  if (b.status !== 'open') return [];
  const buttons: ButtonBuilder[] = [];
  if (b.stage === 'fleet-selection')
    buttons.push(
      new ButtonBuilder()
        .setCustomId(componentId('bf', b.id))
        .setLabel('Name my fighting fleet')
        .setEmoji('🚩')
        .setStyle(ButtonStyle.Primary),
    );
  if (b.stage === 'awaiting-runner')
    buttons.push(
      new ButtonBuilder()
        .setCustomId(componentId('bv', b.id))
        .setLabel('Volunteer to run the NPE')
        .setEmoji('🙋')
        .setStyle(ButtonStyle.Primary),
    );
  if (b.stage === 'awaiting-contact' || b.stage === 'awaiting-response')
    buttons.push(
      new ButtonBuilder()
        .setCustomId(componentId('bc', b.id))
        .setLabel(b.stage === 'awaiting-contact' ? 'Make contact' : 'Answer contact')
        .setEmoji('📞')
        .setStyle(ButtonStyle.Secondary),
    );
  if (['awaiting-contact', 'awaiting-response', 'in-play', 'negotiating', 'stalled'].includes(b.stage))
    buttons.push(
      new ButtonBuilder()
        .setCustomId(componentId('ro', b.id))
        .setLabel('Enter the result')
        .setEmoji('📝')
        .setStyle(ButtonStyle.Primary),
    );
  return buttons.length ? [new ActionRowBuilder<ButtonBuilder>().addComponents(buttons)] : [];
}

/**
 * Under an announcement that proposes a result (UTD3.41): Accept and Reject for the other side,
 * valid while this proposal is open. None for another announcement.
 */
export function proposalRows(events: readonly StoredEvent[], state: CampaignState): ActionRowBuilder<ButtonBuilder>[] {
  const rows: ActionRowBuilder<ButtonBuilder>[] = [];
  for (const stored of events) {
    const e = stored.event;
    if (e.type !== 'BattleProposed') continue;
    const b = state.battles.find((x) => x.id === e.battleId);
    if (b?.status !== 'open') continue;
    rows.push(
      new ActionRowBuilder<ButtonBuilder>().addComponents(
        new ButtonBuilder()
          .setCustomId(componentId('ba', b.id, e.proposal.id))
          .setLabel(`Accept the result of ${b.id}`)
          .setEmoji('🤝')
          .setStyle(ButtonStyle.Success),
        new ButtonBuilder()
          .setCustomId(componentId('bj', b.id, e.proposal.id))
          .setLabel(`Reject the result of ${b.id}`)
          .setStyle(ButtonStyle.Danger),
      ),
    );
  }
  return rows.slice(0, 5);
}

/** Regional-indicator letters for the options of a multi-option vote (UTF3.45): 🇦, 🇧, … (as votes.ts reacts). */
function letter(key: string): string {
  return String.fromCodePoint(0x1f1e6 + key.charCodeAt(0) - 65);
}

/**
 * Under a vote's message (UTD1.7): a button per choice, while the vote is open; the reactions keep
 * working beside them (the latest ballot counts, whichever way it was cast).
 */
export function voteRows(vote: Vote): ActionRowBuilder<ButtonBuilder>[] {
  if (vote.status !== 'open') return [];
  const buttons = vote.options
    ? vote.options.map((o) =>
        new ButtonBuilder()
          .setCustomId(componentId('vo', vote.id, o.key))
          .setLabel(o.label.slice(0, 80) || o.key)
          .setEmoji(letter(o.key))
          .setStyle(ButtonStyle.Secondary),
      )
    : [
        new ButtonBuilder()
          .setCustomId(componentId('vo', vote.id, 'yes'))
          .setLabel('Yes')
          .setEmoji('✅')
          .setStyle(ButtonStyle.Success),
        new ButtonBuilder()
          .setCustomId(componentId('vo', vote.id, 'no'))
          .setLabel('No')
          .setEmoji('❌')
          .setStyle(ButtonStyle.Danger),
      ];
  const rows: ActionRowBuilder<ButtonBuilder>[] = [];
  for (let i = 0; i < buttons.length && rows.length < 5; i += 5)
    rows.push(new ActionRowBuilder<ButtonBuilder>().addComponents(buttons.slice(i, i + 5)));
  return rows;
}
