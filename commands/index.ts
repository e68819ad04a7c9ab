import type { SlashCommand } from '../src/discord/command.ts';
import { campaignCommand } from './campaign.ts';
import { helpCommand } from './help.ts';
import { rollCommand } from './roll.ts';

/** The one explicit list of commands: the deploy script and the router both read it (design §3.4). */
export const COMMANDS: readonly SlashCommand[] = [campaignCommand, rollCommand, helpCommand];
