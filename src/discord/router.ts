import { randomBytes } from 'node:crypto';
import {
  DiscordAPIError,
  MessageFlags,
  PermissionFlagsBits,
  type AutocompleteInteraction,
  type ButtonInteraction,
  type ChatInputCommandInteraction,
  type GuildMember,
  type Interaction,
  type MessageComponentInteraction,
  type ModalSubmitInteraction,
  type StringSelectMenuInteraction,
} from 'discord.js';
import type { AppContext } from '../app/context.ts';
import { otherRulesetRefusal } from '../app/warlord-commands.ts';
import type { CommandContext, CommandOutcome, SlashCommand } from './command.ts';
import {
  autocompleteLimit,
  DEFAULT_RATE_LIMIT,
  DEFAULT_SERVER_RATE_LIMIT,
  RateLimiter,
  slowDown,
  type RateDecision,
  type RateLimitOptions,
} from './rate-limit.ts';
import { ConfirmationBook, isConfirmButton, onConfirmButton } from './confirmations.ts';
import { isComponentId } from './component-ids.ts';
import { onComponent } from './components-router.ts';
import { RuleViolation } from '../rules/errors.ts';
import { describeError, WORDS } from './words.ts';
import { isWarlordSheetModal, onSheetModal } from './warlord-sheets.ts';

export interface RouterOptions {
  /** Name of a role whose members count as campaign admins. */
  adminRoleName?: string | undefined;
  /**
   * Per-user limit on slash commands, button presses and reactions, and (three times as generous,
   * counted apart) autocomplete (security: one user must not flood the bot); null turns it off.
   * Unset: the default limit where the bot faces real users, none where test hooks exist (the
   * playground and tests, whose scripts send hundreds of commands as one user).
   */
  rateLimit?: RateLimitOptions | null | undefined;
  /**
   * Per-server limit on the same, over all its users, autocomplete again three times as generous
   * and counted apart (one server must not delay the others); null turns it off; unset as `rateLimit`.
   */
  serverRateLimit?: RateLimitOptions | null | undefined;
}

/**
 * Dispatches interactions to commands and funnels every failure (design §3.5): rule errors are
 * presented by the commands; Discord API errors become a friendly line; anything else is logged
 * with an incident id and the user sees only that id. It also tracks work in flight so the
 * playground and tests can wait until the bot is idle.
 */
export class Router {
  private readonly commands: Map<string, SlashCommand>;
  private readonly inFlight = new Set<Promise<unknown>>();
  private readonly limiter: RateLimiter | null;
  private readonly autocompleteLimiter: RateLimiter | null;
  private readonly serverLimiter: RateLimiter | null;
  private readonly serverAutocompleteLimiter: RateLimiter | null;
  readonly outcomes = new Map<string, CommandOutcome>();
  /** Confirmation prompts waiting for a click (UTD6.121). */
  readonly confirmations = new ConfirmationBook();

  constructor(
    private readonly app: AppContext,
    commands: readonly SlashCommand[],
    private readonly options: RouterOptions = {},
  ) {
    this.commands = new Map(commands.map((c) => [c.data.name, c]));
    const limit = options.rateLimit === undefined ? (app.testHooks ? null : DEFAULT_RATE_LIMIT) : options.rateLimit;
    this.limiter = limit ? new RateLimiter(limit) : null;
    this.autocompleteLimiter = limit ? new RateLimiter(autocompleteLimit(limit)) : null;
    const server =
      options.serverRateLimit === undefined
        ? app.testHooks
          ? null
          : DEFAULT_SERVER_RATE_LIMIT
        : options.serverRateLimit;
    this.serverLimiter = server ? new RateLimiter(server) : null;
    this.serverAutocompleteLimiter = server ? new RateLimiter(autocompleteLimit(server)) : null;
  }

  /**
   * Takes a token for one command, button press or reaction: the user's own, then the server's.
   * Over either limit nothing runs (the caller says "slow down" where it can answer).
   */
  allow(userId: string, guildId: string | null): RateDecision {
    const mine = this.limiter?.take(userId) ?? { ok: true };
    if (!mine.ok || !guildId) return mine;
    return this.serverLimiter?.take(guildId) ?? { ok: true };
  }

  handle(interaction: Interaction): Promise<void> {
    const work = this.dispatch(interaction);
    this.inFlight.add(work);
    void work.finally(() => this.inFlight.delete(work));
    return work;
  }

  /** Resolves once no interaction is being handled. */
  async whenIdle(): Promise<void> {
    while (this.inFlight.size > 0) await Promise.allSettled([...this.inFlight]);
  }

  private async dispatch(interaction: Interaction): Promise<void> {
    if (interaction.isChatInputCommand()) return this.runCommand(interaction);
    if (interaction.isAutocomplete()) return this.runAutocomplete(interaction);
    if (interaction.isButton() && isConfirmButton(interaction.customId)) return this.runConfirmButton(interaction);
    if ((interaction.isButton() || interaction.isStringSelectMenu()) && isComponentId(interaction.customId))
      return this.runComponent(interaction);
    if (interaction.isModalSubmit() && isWarlordSheetModal(interaction.customId))
      return this.runSheetModal(interaction);
  }

  /** A Warlord order sheet sent from its modal (warlord-sheets.ts): the same limits, context and funnel as a command. */
  private async runSheetModal(interaction: ModalSubmitInteraction): Promise<void> {
    const ctx = this.context(interaction);
    try {
      const allowed = this.allow(interaction.user.id, interaction.guildId);
      if (!allowed.ok || !ctx) {
        await interaction.reply({
          content: allowed.ok ? WORDS.notInGuild : slowDown(allowed.retryAfterMs),
          flags: MessageFlags.Ephemeral,
        });
        this.outcomes.set(interaction.id, { ok: false });
        return;
      }
      this.outcomes.set(interaction.id, await onSheetModal(interaction, ctx));
    } catch (err) {
      this.outcomes.set(interaction.id, { ok: false });
      await this.funnel(interaction, err);
    }
  }

  /**
   * A button or menu under a post (components.ts): the same limits, context and failure funnel as a
   * slash command, and the same use cases behind it.
   */
  private async runComponent(interaction: ButtonInteraction | StringSelectMenuInteraction): Promise<void> {
    const ctx = this.context(interaction);
    try {
      const allowed = this.allow(interaction.user.id, interaction.guildId);
      if (!allowed.ok) {
        await interaction.reply({ content: slowDown(allowed.retryAfterMs), flags: MessageFlags.Ephemeral });
        this.outcomes.set(interaction.id, { ok: false });
        return;
      }
      if (!ctx) {
        await interaction.reply({ content: WORDS.notInGuild, flags: MessageFlags.Ephemeral });
        this.outcomes.set(interaction.id, { ok: false });
        return;
      }
      this.outcomes.set(interaction.id, await onComponent(interaction, ctx));
    } catch (err) {
      this.outcomes.set(interaction.id, { ok: false });
      await this.funnel(interaction, err);
    }
  }

  /** Confirm/Cancel on an irreversible step (UTD6.121); failures go through the same funnel. */
  private async runConfirmButton(interaction: ButtonInteraction): Promise<void> {
    try {
      const allowed = this.allow(interaction.user.id, interaction.guildId);
      if (!allowed.ok) {
        await interaction.reply({ content: slowDown(allowed.retryAfterMs), flags: MessageFlags.Ephemeral });
        this.outcomes.set(interaction.id, { ok: false });
        return;
      }
      this.outcomes.set(interaction.id, await onConfirmButton(interaction, this.confirmations, this.app));
    } catch (err) {
      this.outcomes.set(interaction.id, { ok: false });
      await this.funnel(interaction, err);
    }
  }

  private context(
    interaction:
      | ChatInputCommandInteraction
      | AutocompleteInteraction
      | MessageComponentInteraction
      | ModalSubmitInteraction,
  ): CommandContext | null {
    if (!interaction.guildId || !interaction.channelId) return null;
    return {
      app: this.app,
      // A command typed in a battle thread belongs to the campaign of the thread's channel.
      target: {
        guildId: interaction.guildId,
        channelId: interaction.channel?.isThread()
          ? (interaction.channel.parentId ?? interaction.channelId)
          : interaction.channelId,
      },
      actor: {
        userId: interaction.user.id,
        displayName:
          (interaction.member as GuildMember | null)?.displayName ??
          interaction.user.globalName ??
          interaction.user.username,
        isServerAdmin: this.isAdmin(interaction),
      },
      confirmations: this.confirmations,
    };
  }

  private isAdmin(
    interaction:
      | ChatInputCommandInteraction
      | AutocompleteInteraction
      | MessageComponentInteraction
      | ModalSubmitInteraction,
  ): boolean {
    if (interaction.memberPermissions?.has(PermissionFlagsBits.ManageGuild)) return true;
    const role = this.options.adminRoleName;
    const member = interaction.member as GuildMember | null;
    return Boolean(role && member?.roles?.cache?.some((r) => r.name === role));
  }

  private async runCommand(interaction: ChatInputCommandInteraction): Promise<void> {
    const command = this.commands.get(interaction.commandName);
    const ctx = this.context(interaction);
    try {
      const allowed = this.allow(interaction.user.id, interaction.guildId);
      if (!allowed.ok) {
        // Over the limit: a short private answer, and nothing runs.
        await interaction.reply({ content: slowDown(allowed.retryAfterMs), flags: MessageFlags.Ephemeral });
        this.outcomes.set(interaction.id, { ok: false });
        return;
      }
      if (!command) throw new Error(`unknown command ${interaction.commandName}`);
      if (!ctx) {
        await interaction.reply({ content: WORDS.notInGuild, flags: MessageFlags.Ephemeral });
        this.outcomes.set(interaction.id, { ok: false });
        return;
      }
      // Thunderdome's commands in a Warlord channel: one private refusal naming /warlord status.
      const refusal = await otherRulesetRefusal(
        this.app,
        ctx.target.channelId,
        interaction.commandName,
        interaction.options.getSubcommand(false),
      );
      if (refusal) {
        await interaction.reply({ content: describeError(refusal), flags: MessageFlags.Ephemeral });
        this.outcomes.set(interaction.id, { ok: false });
        return;
      }
      this.outcomes.set(interaction.id, await command.execute(interaction, ctx));
      // A handler that returned without answering (an unknown subcommand from a stale registration):
      // the player still gets an answer instead of Discord's "the application did not respond".
      if (!interaction.replied && !interaction.deferred) {
        await interaction.reply({ content: WORDS.unknownAction, flags: MessageFlags.Ephemeral });
        this.outcomes.set(interaction.id, { ok: false });
      }
    } catch (err) {
      this.outcomes.set(interaction.id, { ok: false });
      await this.funnel(interaction, err);
    }
  }

  private async runAutocomplete(interaction: AutocompleteInteraction): Promise<void> {
    const command = this.commands.get(interaction.commandName);
    const ctx = this.context(interaction);
    try {
      // Over the user's or the server's limit the list is empty: nothing is looked up.
      const mine = this.autocompleteLimiter?.take(interaction.user.id) ?? { ok: true };
      const allowed =
        mine.ok && interaction.guildId
          ? (this.serverAutocompleteLimiter?.take(interaction.guildId) ?? { ok: true })
          : mine;
      if (allowed.ok && command?.autocomplete && ctx) await command.autocomplete(interaction, ctx);
      else await interaction.respond([]);
    } catch (err) {
      this.app.log.warn({ err, command: interaction.commandName }, 'autocomplete failed');
      if (!interaction.responded) await interaction.respond([]).catch(() => {});
    }
  }

  private async funnel(
    interaction: ChatInputCommandInteraction | ButtonInteraction | MessageComponentInteraction | ModalSubmitInteraction,
    err: unknown,
  ): Promise<void> {
    let content: string;
    const command = interaction.isMessageComponent()
      ? `button ${interaction.customId.split(':').slice(0, 2).join(':')}`
      : interaction.isModalSubmit()
        ? `modal ${interaction.customId.split(':').slice(0, 2).join(':')}`
        : interaction.commandName;
    if (err instanceof RuleViolation) {
      // A value refused while reading the options (args.ts): the player's mistake, not an incident.
      content = describeError(err.error);
    } else if (err instanceof DiscordAPIError) {
      this.app.log.warn({ code: err.code, status: err.status, command }, 'Discord refused a request');
      content = WORDS.discordError;
    } else {
      const incident = randomBytes(3).toString('hex');
      this.app.log.error({ err, incident, command, user: interaction.user.id }, 'command failed');
      content = WORDS.incident(incident);
    }
    try {
      if (interaction.deferred) await interaction.editReply({ content });
      else if (interaction.replied) await interaction.followUp({ content, flags: MessageFlags.Ephemeral });
      else await interaction.reply({ content, flags: MessageFlags.Ephemeral });
    } catch (replyErr) {
      this.app.log.warn({ err: replyErr }, 'could not tell the user about a failure');
    }
  }
}
