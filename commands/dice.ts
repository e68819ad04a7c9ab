import { createHash } from 'node:crypto';
import {
  MessageFlags,
  type ChatInputCommandInteraction,
  type RESTPostAPIChatInputApplicationCommandsJSONBody,
  ApplicationCommandOptionType,
} from 'discord.js';
import { auditCampaignDice } from '../src/app/dice-audit.ts';
import { readArgs } from '../src/discord/args.ts';
import type { CommandContext, CommandOutcome, SlashCommand } from '../src/discord/command.ts';
import { deferFirst, execute, send } from '../src/discord/present.ts';
import { WORDS } from '../src/discord/words.ts';

const data = {
  name: 'dice',
  description: 'Check the campaign’s dice: every roll comes from a seed committed at creation',
  options: [
    {
      type: ApplicationCommandOptionType.Subcommand,
      name: 'verify',
      description: 'Recompute every recorded roll from the revealed seed',
    },
    {
      type: ApplicationCommandOptionType.Subcommand,
      name: 'reveal',
      description: 'Ask the players to reveal the seed now (supermajority vote, UTD1.7)',
    },
  ],
} as const satisfies RESTPostAPIChatInputApplicationCommandsJSONBody;

const sha256 = (hex: string) => createHash('sha256').update(Buffer.from(hex, 'hex')).digest('hex');

async function run(i: ChatInputCommandInteraction, ctx: CommandContext): Promise<CommandOutcome> {
  // A reveal before the end (UTD1.7 vote) is put to the players; the vote applies itself when it closes.
  if (readArgs(i, data).sub === 'reveal') return execute(i, ctx, { type: 'vote-dice-reveal' });
  // Every recorded roll is recomputed (Discord allows 3 s to acknowledge); while the seed is still
  // secret the log is not even read (UTD1.5, docs/rules-notes.md "Dice").
  await deferFirst(i);
  const audited = await auditCampaignDice(ctx.app, ctx.target.channelId, sha256);
  if (!audited) {
    await send(i, { content: WORDS.noCampaign, flags: MessageFlags.Ephemeral });
    return { ok: false };
  }
  const { state, audit } = audited;
  const content = !audit.revealed
    ? `🔒 The seed is still secret (UTD1.5): no roll can be checked yet. Its SHA-256 commitment is \`${state.seedCommitments.at(-1)?.hash}\`. It is revealed when the campaign ends, or earlier if the players vote for it (\`/dice reveal\`, UTD1.7); then \`/dice verify\` recomputes every roll.`
    : [
        `${audit.commitmentsOk && audit.mismatches.length === 0 ? '✅' : '❌'} Seed ${audit.commitmentsOk ? 'matches' : 'does NOT match'} its commitment.`,
        `${audit.rolls} rolls (${audit.dice} dice): ${audit.fair} recomputed exactly, ${audit.forced} forced (test only), ${audit.mismatches.length} mismatches.`,
        ...(audit.secret > 0
          ? [
              `🔒 ${audit.secret} later rolls come from the fresh seed committed after the reveal (\`${state.seedCommitments.at(-1)?.hash}\`); they are checked when it is revealed.`,
            ]
          : []),
        ...audit.mismatches.slice(0, 10).map((m) => `• event ${m.seq}: ${m.purpose}`),
      ].join('\n');
  await send(i, { content, flags: MessageFlags.Ephemeral });
  return { ok: true };
}

export const diceCommand: SlashCommand = { data, execute: run };
