import type {
  AutocompleteInteraction,
  ChatInputCommandInteraction,
  RESTPostAPIChatInputApplicationCommandsJSONBody,
} from 'discord.js';
import type { AppContext } from '../app/context.ts';
import type { CommandTarget } from '../app/run-command.ts';
import type { Actor } from '../rules/thunderdome/index.ts';
import type { ConfirmationBook } from './confirmation-book.ts';

/** What every command handler gets: the app, where it was invoked, and who invoked it. */
export interface CommandContext {
  app: AppContext;
  target: CommandTarget;
  actor: Actor;
  /** Prompts waiting for Confirm/Cancel (UTD6.121); absent outside the router, where steps run directly. */
  confirmations?: ConfirmationBook;
}

/** Did the command do what was asked? Recorded per interaction (the playground's `ok`). */
export interface CommandOutcome {
  ok: boolean;
}

/**
 * One slash command: typed definition data plus a thin handler that calls one app function and
 * presents the outcome (design §3.4). `commands/index.ts` lists them all explicitly.
 */
export interface SlashCommand {
  data: RESTPostAPIChatInputApplicationCommandsJSONBody;
  execute(interaction: ChatInputCommandInteraction, ctx: CommandContext): Promise<CommandOutcome>;
  autocomplete?(interaction: AutocompleteInteraction, ctx: CommandContext): Promise<void>;
}
