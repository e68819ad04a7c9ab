import {
  ApplicationCommandOptionType,
  MessageFlags,
  type ChatInputCommandInteraction,
  type RESTPostAPIChatInputApplicationCommandsJSONBody,
} from 'discord.js';
import { changeUserSettings, meOverview, type UserSettingsChange } from '../src/app/me-settings.ts';
import { readArgs } from '../src/discord/args.ts';
import type { CommandContext, CommandOutcome, SlashCommand } from '../src/discord/command.ts';
import { meText } from '../src/discord/me-words.ts';
import { deferFirst, presentError } from '../src/discord/present.ts';
import { sendLong } from '../src/discord/send.ts';

const B = ApplicationCommandOptionType.Boolean;

const data = {
  name: 'me',
  description: 'What waits on you in every campaign here, most urgent first; your time zone and direct messages',
  options: [
    {
      type: ApplicationCommandOptionType.String,
      name: 'time_zone',
      description: 'Your time zone, an IANA name such as Europe/Berlin or America/New_York (none: UTC)',
      max_length: 64,
    },
    { type: B, name: 'dm_turn', description: 'Direct message when your turn starts' },
    { type: B, name: 'dm_reminders', description: 'Direct message before your orders deadline (at reminder_hours)' },
    { type: B, name: 'dm_battle', description: 'Direct message when a battle needs you' },
    { type: B, name: 'dm_vote', description: 'Direct message when a vote opens' },
    { type: B, name: 'dm_result', description: 'Direct message when a battle result waits for your answer' },
    {
      type: ApplicationCommandOptionType.String,
      name: 'reminder_hours',
      description: 'Hours before your orders deadline for the reminders, e.g. 24, 4 (none: no reminders)',
      max_length: 30,
    },
  ],
} as const satisfies RESTPostAPIChatInputApplicationCommandsJSONBody;

/** `/me`: the personal to-do (src/app/me.ts), privately; any option given changes the settings first. */
async function execute(i: ChatInputCommandInteraction, ctx: CommandContext): Promise<CommandOutcome> {
  const args = readArgs(i, data);
  const { guildId } = ctx.target;
  const user = ctx.actor.userId;
  await deferFirst(i);
  const change: UserSettingsChange = {
    ...(args.time_zone !== undefined ? { timeZone: args.time_zone } : {}),
    ...(args.reminder_hours !== undefined ? { reminderHours: args.reminder_hours } : {}),
    dm: {
      turn: args.dm_turn,
      reminder: args.dm_reminders,
      battle: args.dm_battle,
      vote: args.dm_vote,
      result: args.dm_result,
    },
  };
  const changing =
    change.timeZone !== undefined ||
    change.reminderHours !== undefined ||
    Object.values(change.dm ?? {}).some((x) => x !== undefined);
  let saved = false;
  if (changing) {
    const r = await changeUserSettings(ctx.app, guildId, user, change);
    if (!r.ok) return presentError(i, r.error);
    saved = true;
  }
  const { items, settings } = await meOverview(ctx.app, guildId, user);
  const text = `${saved ? '✅ Settings saved.\n' : ''}${meText(items, user, settings)}`;
  await sendLong(i, text, { flags: MessageFlags.Ephemeral, name: 'me.txt' });
  return { ok: true };
}

export const meCommand: SlashCommand = { data, execute };
