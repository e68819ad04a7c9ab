/**
 * The user's side of interactions: builds INTERACTION_CREATE payloads the way Discord would for a
 * slash command, an autocomplete keystroke, a button click, a select menu or a modal submission, and
 * dispatches them to the bot.
 *
 * Options can be given raw (`options`, Discord's API shape) or as `args` by name; with `args` the
 * registered command definition supplies the option types (and is checked: unknown names, missing
 * required options and values outside `choices` throw, as the Discord client would never send them).
 */
import {
  ApplicationCommandOptionType,
  ApplicationCommandType,
  ComponentType,
  InteractionContextType,
  InteractionType,
  type APIApplicationCommandInteractionDataOption,
} from 'discord-api-types/v10';
import { randomBytes } from 'node:crypto';
import type { StandInContext } from './context.ts';
import { computeChannelPermissions } from './permissions.ts';
import { apiAttachment, apiChannel, apiMember, apiMessage, apiRole, apiUser } from './serialize.ts';
import type { CommandRecord } from './store.ts';
import type { ChannelRecord, DriverFile, GuildRecord, InteractionRecord, StoredAttachment } from './types.ts';

type Json = Record<string, unknown>;
export type ArgValue = string | number | boolean;

export interface InteractionTarget {
  /** Omit for a DM with the bot (then channelId defaults to the user's DM channel). */
  guildId?: string | undefined;
  channelId?: string | undefined;
  userId: string;
  locale?: string | undefined;
}

export interface InvokeCommandInput extends InteractionTarget {
  name: string;
  subcommandGroup?: string;
  subcommand?: string;
  /** Option values by name; types come from the registered command (or are inferred if unregistered). */
  args?: Record<string, ArgValue>;
  /** Raw options instead of `args`. An ATTACHMENT option's value names a file in `attachments` (its `name` or `id`). */
  options?: APIApplicationCommandInteractionDataOption[];
  /** Files for ATTACHMENT options, referenced by `name` from args/options. */
  attachments?: DriverFile[];
  /** Override the command id (otherwise the registered command's id). */
  commandId?: string;
}

export interface InvokeAutocompleteInput extends Omit<InvokeCommandInput, 'attachments'> {
  /** Name of the option being typed into; its value in `args` is the partial text. */
  focused?: string;
}

export interface ComponentInput {
  channelId: string;
  messageId: string;
  userId: string;
  customId: string;
  locale?: string;
}

export interface SelectInput extends ComponentInput {
  values: string[];
}

export interface SubmitModalInput {
  /** The interaction that the bot answered with a modal. */
  interactionId: string;
  /** Text input values by custom_id. */
  values: Record<string, string>;
}

export class InteractionDriver {
  constructor(private readonly ctx: StandInContext) {}

  invokeCommand(input: InvokeCommandInput): InteractionRecord {
    return this.#command(InteractionType.ApplicationCommand, input, undefined);
  }

  invokeAutocomplete(input: InvokeAutocompleteInput): InteractionRecord {
    return this.#command(InteractionType.ApplicationCommandAutocomplete, input, input.focused);
  }

  clickButton(input: ComponentInput): InteractionRecord {
    return this.#component(input, [ComponentType.Button], {});
  }

  selectMenu(input: SelectInput): InteractionRecord {
    const types = [
      ComponentType.StringSelect,
      ComponentType.UserSelect,
      ComponentType.RoleSelect,
      ComponentType.MentionableSelect,
      ComponentType.ChannelSelect,
    ];
    return this.#component(input, types, { values: input.values });
  }

  submitModal(input: SubmitModalInput): InteractionRecord {
    const { store } = this.ctx;
    const source = store.interactions.get(input.interactionId);
    const modal = source?.responses.find((r) => r.kind === 'modal')?.modal as Json | undefined;
    if (!source || !modal) throw new Error(`Discord stand-in: interaction ${input.interactionId} did not show a modal`);
    const remaining = new Set(Object.keys(input.values));
    const fill = (component: Json): Json => {
      const customId = String(component['custom_id'] ?? '');
      const value = input.values[customId];
      remaining.delete(customId);
      if (value === undefined && component['required'] !== false) {
        throw new Error(`Discord stand-in: modal field "${customId}" is required`);
      }
      return { type: component['type'], custom_id: customId, value: value ?? '' };
    };
    const rows = (Array.isArray(modal['components']) ? modal['components'] : []) as Json[];
    const components = rows.map((row) => {
      // Action row (legacy) or Label (type 18) wrapping one text input.
      if (Array.isArray(row['components']))
        return { type: row['type'], components: (row['components'] as Json[]).map(fill) };
      if (row['component'] && typeof row['component'] === 'object')
        return { type: row['type'], component: fill(row['component'] as Json) };
      return row;
    });
    if (remaining.size > 0) throw new Error(`Discord stand-in: modal has no field(s) ${[...remaining].join(', ')}`);
    const sourceMessage = source.sourceMessageId ? store.messages.get(source.sourceMessageId) : undefined;
    return this.#dispatch(
      InteractionType.ModalSubmit,
      { guildId: source.guildId ?? undefined, channelId: source.channelId, userId: source.userId },
      { custom_id: modal['custom_id'], components },
      {
        commandName: null,
        sourceMessageId: sourceMessage?.id ?? null,
        message: sourceMessage ? apiMessage(store, sourceMessage) : undefined,
      },
    );
  }

  // ------------------------------------------------------------------ internals

  #command(
    type: InteractionType,
    input: InvokeAutocompleteInput & { attachments?: DriverFile[] },
    focused: string | undefined,
  ): InteractionRecord {
    const { store, settings } = this.ctx;
    const target = this.#target(input);
    const command = store.findCommand(input.name, target.guild?.id ?? null, ApplicationCommandType.ChatInput);
    if (!command && settings.requireRegisteredCommands && !input.commandId) {
      throw new Error(
        `Discord stand-in: /${input.name} is not registered for guild ${target.guild?.id ?? '(DM)'} or globally`,
      );
    }
    const files = new Map<string, StoredAttachment>();
    for (const file of input.attachments ?? []) {
      const stored = store.storeFile(target.channel.id, {
        filename: file.name,
        contentType: file.contentType ?? guessContentType(file.name),
        data: file.data,
      });
      files.set(file.name, stored);
      if (file.id !== undefined) files.set(file.id, stored);
    }
    const options = input.options
      ? structuredClone(input.options)
      : buildOptions(command, input, files, type === InteractionType.ApplicationCommandAutocomplete);
    if (focused !== undefined) markFocused(options, focused);
    const resolved: Json = {};
    this.#resolveOptions(options, target.guild, files, resolved);
    const data: Json = {
      id: input.commandId ?? command?.id ?? syntheticCommandId(input.name),
      name: input.name,
      type: ApplicationCommandType.ChatInput,
      options,
      ...(command?.guildId ? { guild_id: command.guildId } : {}),
      ...(Object.keys(resolved).length > 0 ? { resolved } : {}),
    };
    return this.#dispatch(type, input, data, { commandName: input.name, sourceMessageId: null });
  }

  #component(input: ComponentInput, types: ComponentType[], extra: Json): InteractionRecord {
    const { store } = this.ctx;
    const message = store.messages.get(input.messageId);
    if (!message || message.channelId !== input.channelId) {
      throw new Error(`Discord stand-in: no message ${input.messageId} in channel ${input.channelId}`);
    }
    if (message.ephemeral) {
      const owner = message.interactionId ? store.interactions.get(message.interactionId)?.userId : undefined;
      if (owner !== input.userId)
        throw new Error('Discord stand-in: only the invoking user can see (and click) an ephemeral message');
    }
    const component = findComponent(message.components, input.customId);
    if (!component || !types.includes(component['type'] as ComponentType)) {
      throw new Error(
        `Discord stand-in: message ${message.id} has no ${types.map((t) => ComponentType[t]).join('/')} with custom_id "${input.customId}"`,
      );
    }
    if (component['disabled'] === true) throw new Error(`Discord stand-in: component "${input.customId}" is disabled`);
    const channel = store.requireChannel(message.channelId);
    return this.#dispatch(
      InteractionType.MessageComponent,
      {
        guildId: channel.guildId ?? undefined,
        channelId: channel.id,
        userId: input.userId,
        ...(input.locale ? { locale: input.locale } : {}),
      },
      { custom_id: input.customId, component_type: component['type'], ...extra },
      { commandName: null, sourceMessageId: message.id, message: apiMessage(store, message) },
    );
  }

  #target(input: InteractionTarget): { guild: GuildRecord | undefined; channel: ChannelRecord } {
    const { store } = this.ctx;
    store.requireUser(input.userId);
    if (input.guildId === undefined) {
      const channel = input.channelId ? store.requireChannel(input.channelId) : store.ensureDmChannel(input.userId);
      if (!channel.recipientIds.includes(input.userId)) {
        throw new Error(
          `Discord stand-in: channel ${channel.id} is not ${input.userId}'s DM; pass guildId for guild channels`,
        );
      }
      return { guild: undefined, channel };
    }
    const guild = store.requireGuild(input.guildId);
    if (!guild.members.has(input.userId))
      throw new Error(`Discord stand-in: user ${input.userId} is not a member of guild ${guild.id}`);
    if (!input.channelId) throw new Error('Discord stand-in: channelId is required for guild interactions');
    const channel = store.requireChannel(input.channelId);
    if (channel.guildId !== guild.id)
      throw new Error(`Discord stand-in: channel ${channel.id} is not in guild ${guild.id}`);
    return { guild, channel };
  }

  #dispatch(
    type: InteractionType,
    target: InteractionTarget,
    data: Json,
    extra: { commandName: string | null; sourceMessageId: string | null; message?: Json | undefined },
  ): InteractionRecord {
    const { store, gateway, settings } = this.ctx;
    if (!gateway.hasSession) throw new Error('Discord stand-in: no bot is logged in to the gateway');
    const { guild, channel } = this.#target(target);
    const user = store.requireUser(target.userId);
    const id = store.interactionIds.next();
    // Shaped like Discord's: base64 of "interaction:<id>:<secret>".
    const token = Buffer.from(`interaction:${id}:${randomBytes(48).toString('base64url')}`).toString('base64url');
    const locale = target.locale ?? 'en-US';
    const payload: Json = {
      id,
      application_id: store.applicationId,
      type,
      token,
      version: 1,
      data,
      channel_id: channel.id,
      channel: apiChannel(store, channel, { permissionsFor: target.userId }),
      // What the bot may do in this channel, overwrites included (a thread follows its parent's).
      app_permissions: (guild
        ? computeChannelPermissions(
            guild,
            channel,
            store.botUser.id,
            channel.parentId ? store.channels.get(channel.parentId) : undefined,
          )
        : 0n
      ).toString(),
      locale,
      entitlements: [],
      attachment_size_limit: settings.maxUploadBytes,
      ...(extra.message ? { message: extra.message } : {}),
    };
    if (guild) {
      Object.assign(payload, {
        guild_id: guild.id,
        guild: { id: guild.id, locale: 'en-US', features: [] },
        guild_locale: 'en-US',
        member: apiMember(store, guild, user.id, { permissions: true }),
        authorizing_integration_owners: { '0': guild.id },
        context: InteractionContextType.Guild,
      });
    } else {
      Object.assign(payload, {
        user: apiUser(user),
        authorizing_integration_owners: { '0': '0' },
        context: InteractionContextType.BotDM,
      });
    }
    const record: InteractionRecord = {
      id,
      token,
      type,
      guildId: guild?.id ?? null,
      channelId: channel.id,
      userId: user.id,
      createdAt: settings.now(),
      commandName: extra.commandName,
      sourceMessageId: extra.sourceMessageId,
      payload,
      acknowledged: false,
      expired: false,
      original: null,
      followupIds: [],
      responses: [],
    };
    store.interactions.set(id, record);
    if (settings.ackTimeoutMs !== null) {
      setTimeout(() => {
        if (!record.acknowledged) record.expired = true;
      }, settings.ackTimeoutMs).unref();
    }
    gateway.dispatch('INTERACTION_CREATE', payload);
    return record;
  }

  /** Fills `resolved` for user/channel/role/mentionable/attachment options and maps attachment names to ids. */
  #resolveOptions(
    options: APIApplicationCommandInteractionDataOption[],
    guild: GuildRecord | undefined,
    files: Map<string, StoredAttachment>,
    resolved: Json,
  ): void {
    const { store } = this.ctx;
    const bucket = (key: string): Json => (resolved[key] ??= {}) as Json;
    const addUser = (id: string) => {
      bucket('users')[id] = apiUser(store.requireUser(id));
      if (guild?.members.has(id)) {
        const { user: _user, ...member } = apiMember(store, guild, id, { permissions: true });
        bucket('members')[id] = member;
      }
    };
    const addRole = (id: string) => {
      const role = guild?.roles.get(id);
      if (!role) throw new Error(`Discord stand-in: unknown role ${id}`);
      bucket('roles')[id] = apiRole(role);
    };
    for (const option of options as unknown as Json[]) {
      if (Array.isArray(option['options'])) {
        this.#resolveOptions(option['options'] as APIApplicationCommandInteractionDataOption[], guild, files, resolved);
        continue;
      }
      if (option['focused'] === true) continue;
      const value = String(option['value'] ?? '');
      switch (option['type']) {
        case ApplicationCommandOptionType.User:
          addUser(value);
          break;
        case ApplicationCommandOptionType.Role:
          addRole(value);
          break;
        case ApplicationCommandOptionType.Mentionable:
          if (store.users.has(value)) addUser(value);
          else addRole(value);
          break;
        case ApplicationCommandOptionType.Channel: {
          const channel = store.requireChannel(value);
          bucket('channels')[value] = apiChannel(store, channel, guild ? { permissionsFor: store.botUser.id } : {});
          break;
        }
        case ApplicationCommandOptionType.Attachment: {
          const file = files.get(value) ?? [...files.values()].find((f) => f.id === value);
          if (!file)
            throw new Error(
              `Discord stand-in: attachment option "${String(option['name'])}" refers to "${value}", which is not in input.attachments`,
            );
          option['value'] = file.id;
          bucket('attachments')[file.id] = apiAttachment(file, { ephemeral: true });
          break;
        }
        default:
          break;
      }
    }
  }
}

/** Builds the option tree from `args`, using the registered definition for types and checks. */
function buildOptions(
  command: CommandRecord | undefined,
  input: InvokeCommandInput,
  files: Map<string, StoredAttachment>,
  partial: boolean,
): APIApplicationCommandInteractionDataOption[] {
  const args = input.args ?? {};
  let defs = command ? ((command.data['options'] ?? []) as Json[]) : null;
  const wrap: { type: number; name: string }[] = [];
  for (const [nestedType, name] of [
    [ApplicationCommandOptionType.SubcommandGroup, input.subcommandGroup],
    [ApplicationCommandOptionType.Subcommand, input.subcommand],
  ] as const) {
    if (name === undefined) continue;
    if (defs) {
      const def = defs.find((d) => d['name'] === name && d['type'] === nestedType);
      if (!def)
        throw new Error(
          `Discord stand-in: /${input.name} has no ${ApplicationCommandOptionType[nestedType]} "${name}"`,
        );
      defs = (def['options'] ?? []) as Json[];
    }
    wrap.push({ type: nestedType, name });
  }
  if (
    defs &&
    wrap.length === 0 &&
    defs.some(
      (d) =>
        d['type'] === ApplicationCommandOptionType.Subcommand ||
        d['type'] === ApplicationCommandOptionType.SubcommandGroup,
    )
  ) {
    throw new Error(`Discord stand-in: /${input.name} needs a subcommand`);
  }
  const leaves: Json[] = Object.entries(args).map(([name, value]) => {
    const def = defs?.find((d) => d['name'] === name);
    if (defs && !def) {
      throw new Error(
        `Discord stand-in: /${input.name} has no option "${name}" (has: ${defs.map((d) => String(d['name'])).join(', ')})`,
      );
    }
    const type = def ? (def['type'] as number) : inferType(value, files);
    const option: Json = { name, type, value: coerce(type, value, name) };
    const choices = def?.['choices'];
    if (!partial && Array.isArray(choices) && !choices.some((c: Json) => c['value'] === option['value'])) {
      throw new Error(`Discord stand-in: ${String(option['value'])} is not one of the choices of "${name}"`);
    }
    return option;
  });
  if (defs && !partial) {
    for (const def of defs) {
      if (def['required'] === true && !(String(def['name']) in args)) {
        throw new Error(`Discord stand-in: /${input.name} requires option "${String(def['name'])}"`);
      }
    }
  }
  let options = leaves as unknown as APIApplicationCommandInteractionDataOption[];
  for (const level of wrap.reverse()) {
    options = [
      { type: level.type, name: level.name, options },
    ] as unknown as APIApplicationCommandInteractionDataOption[];
  }
  return options;
}

function markFocused(options: APIApplicationCommandInteractionDataOption[], name: string): void {
  for (const option of options as unknown as Json[]) {
    if (Array.isArray(option['options']))
      markFocused(option['options'] as APIApplicationCommandInteractionDataOption[], name);
    else if (option['name'] === name) {
      option['focused'] = true;
      // Autocomplete values arrive as the raw typed text.
      option['value'] = String(option['value'] ?? '');
    }
  }
}

function inferType(value: ArgValue, files: Map<string, StoredAttachment>): number {
  if (typeof value === 'boolean') return ApplicationCommandOptionType.Boolean;
  if (typeof value === 'number')
    return Number.isInteger(value) ? ApplicationCommandOptionType.Integer : ApplicationCommandOptionType.Number;
  return files.has(value) ? ApplicationCommandOptionType.Attachment : ApplicationCommandOptionType.String;
}

function coerce(type: number, value: ArgValue, name: string): ArgValue {
  switch (type) {
    case ApplicationCommandOptionType.Integer:
    case ApplicationCommandOptionType.Number: {
      const n = typeof value === 'number' ? value : Number(value);
      if (!Number.isFinite(n) || (type === ApplicationCommandOptionType.Integer && !Number.isInteger(n))) {
        throw new Error(
          `Discord stand-in: option "${name}" needs a ${ApplicationCommandOptionType[type]}, got ${String(value)}`,
        );
      }
      return n;
    }
    case ApplicationCommandOptionType.Boolean:
      return typeof value === 'boolean' ? value : value === 'true';
    default:
      return String(value);
  }
}

function findComponent(components: unknown, customId: string): Json | undefined {
  if (Array.isArray(components)) {
    for (const item of components) {
      const found = findComponent(item, customId);
      if (found) return found;
    }
    return undefined;
  }
  if (typeof components !== 'object' || components === null) return undefined;
  const component = components as Json;
  if (component['custom_id'] === customId) return component;
  return (
    findComponent(component['components'], customId) ??
    findComponent(component['accessory'], customId) ??
    findComponent(component['component'], customId)
  );
}

const syntheticIds = new Map<string, string>();
/** A stable made-up id for commands the bot never registered (when that is allowed). */
function syntheticCommandId(name: string): string {
  let id = syntheticIds.get(name);
  if (!id) {
    id = (1_000_000_000_000_000_000n + BigInt(syntheticIds.size + 1)).toString();
    syntheticIds.set(name, id);
  }
  return id;
}

const CONTENT_TYPES: Record<string, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  txt: 'text/plain; charset=utf-8',
  csv: 'text/csv; charset=utf-8',
  json: 'application/json; charset=utf-8',
  pdf: 'application/pdf',
};

export function guessContentType(filename: string): string {
  const ext = filename.split('.').pop()?.toLowerCase() ?? '';
  return CONTENT_TYPES[ext] ?? 'application/octet-stream';
}
