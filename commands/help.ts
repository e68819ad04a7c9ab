import { EmbedBuilder, MessageFlags, type ChatInputCommandInteraction, type RESTPostAPIChatInputApplicationCommandsJSONBody } from 'discord.js';
import type { CommandContext, CommandOutcome, SlashCommand } from '../src/discord/command.ts';
import { send } from '../src/discord/present.ts';

const data = {
  name: 'help',
  description: 'How to play Thunderdome III with Campaign Master: the commands by phase of play',
} satisfies RESTPostAPIChatInputApplicationCommandsJSONBody;

/** The commands grouped by the phase of play in which players need them. */
export const HELP_SECTIONS: { title: string; lines: string[] }[] = [
  {
    title: 'Setting up (UTD8)',
    lines: [
      '`/campaign create name:<text>` — one campaign per channel.',
      '`/campaign join empire:<empire>` — one empire per player (UTD8.111, UTD8.113); run it again to switch before the start.',
      '`/campaign leave` — leave before the start.',
      '`/campaign start` — creator or server manager: D1000 turn order (UTD8.14), 500 + 150·P BPV each (UTD8.132).',
    ],
  },
  {
    title: 'Any time',
    lines: [
      '`/campaign status` — calendar, whose turn, players and banks (anyone may look, UTD3.1).',
      '`/roll dice:<expr>` — public dice like `3d6+1` or `d1000`; in a campaign channel they are recorded and verifiable.',
      '`/campaign export` — the whole campaign and its history as JSON; `/campaign import file:` restores it in an empty channel.',
    ],
  },
  {
    title: 'About',
    lines: [
      'Thunderdome III is a 4X campaign for Star Fleet Battles designed to run with no moderator (UTD1.11). The bot rolls every campaign die in public, keeps every clock and records every order; battles are fought in SFB.',
    ],
  },
];

async function execute(i: ChatInputCommandInteraction, _ctx: CommandContext): Promise<CommandOutcome> {
  const embed = new EmbedBuilder().setTitle('Campaign Master — Thunderdome III').setColor(0x5865f2);
  for (const s of HELP_SECTIONS) embed.addFields({ name: s.title, value: s.lines.join('\n').slice(0, 1024) });
  await send(i, { embeds: [embed], flags: MessageFlags.Ephemeral });
  return { ok: true };
}

export const helpCommand: SlashCommand = { data, execute };
