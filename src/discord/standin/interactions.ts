/**
 * The bot's side of interactions: `POST /interactions/:id/:token/callback` and the interaction webhook
 * (`/webhooks/:applicationId/:token[/messages/...]`). Discord's rules that bots trip over are kept:
 * - one callback per interaction (40060 on the second), within 3 s (10062 afterwards);
 * - follow-ups / @original edits need an acknowledged interaction (10015 Unknown Webhook otherwise),
 *   and work for 15 minutes (50027 Invalid Webhook Token afterwards);
 * - the first follow-up after a deferred reply fills in the "thinking..." message, inheriting the
 *   defer's ephemerality;
 * - ephemeral messages never enter channel history;
 * - `?with_response=true` returns an InteractionCallbackResponse.
 */
import { InteractionResponseType, InteractionType, MessageFlags, MessageType } from 'discord-api-types/v10';
import type { StandInContext } from './context.ts';
import {
  type DiscordHttpError,
  alreadyAcknowledged,
  invalidFormBody,
  invalidWebhookToken,
  unknownInteraction,
  unknownMessage,
  unknownWebhook,
} from './errors.ts';
import { applyMessageEdit, asObject, newMessageFields } from './message-payload.ts';
import type { RouteResult } from './router.ts';
import { apiMessage } from './serialize.ts';
import type {
  InteractionRecord,
  InteractionResponse,
  InteractionResponseKind,
  MessageRecord,
  StoredAttachment,
  UploadedFile,
} from './types.ts';
import { validateAutocompleteChoices } from './validate.ts';

export class InteractionResponder {
  constructor(private readonly ctx: StandInContext) {}

  callback(
    interactionId: string,
    token: string,
    query: URLSearchParams,
    json: unknown,
    files: UploadedFile[],
  ): RouteResult {
    const { store } = this.ctx;
    const interaction = store.interactions.get(interactionId);
    if (!interaction || interaction.token !== token || interaction.expired) throw unknownInteraction();
    if (interaction.acknowledged) throw alreadyAcknowledged();
    const body = asObject(json);
    const data = asObject(body['data']);
    const type = body['type'];
    const isComponentLike = interaction.sourceMessageId !== null;
    let message: MessageRecord | null = null;

    switch (type) {
      case InteractionResponseType.ChannelMessageWithSource:
      case InteractionResponseType.DeferredChannelMessageWithSource: {
        this.#requireNot(interaction, [InteractionType.ApplicationCommandAutocomplete], type);
        const deferred = type === InteractionResponseType.DeferredChannelMessageWithSource;
        const ephemeral = isEphemeral(data);
        const fields = deferred
          ? { content: '', embeds: [], components: [], attachments: [], flags: 0, newFiles: [] as StoredAttachment[] }
          : newMessageFields(store, interaction.channelId, data, files, ['data']);
        message = this.#botMessage(interaction, fields, ephemeral, deferred);
        // The response must be on the record before the message is announced to listeners.
        interaction.original = { kind: 'message', messageId: message.id, deferred, ephemeral };
        interaction.acknowledged = true;
        store.addMessage(message);
        this.record(interaction, deferred ? 'defer' : 'reply', { message, files: fields.newFiles, body });
        break;
      }
      case InteractionResponseType.DeferredMessageUpdate:
      case InteractionResponseType.UpdateMessage: {
        if (!isComponentLike) throw invalidCallbackType(type);
        message = store.messages.get(interaction.sourceMessageId ?? '') ?? null;
        if (!message) throw unknownMessage();
        const update = type === InteractionResponseType.UpdateMessage;
        const newFiles = update ? applyMessageEdit(store, message, data, files, ['data']) : [];
        interaction.original = {
          kind: 'source',
          messageId: message.id,
          deferred: !update,
          ephemeral: message.ephemeral,
        };
        interaction.acknowledged = true;
        if (update) store.touchMessage(message);
        this.record(interaction, update ? 'update' : 'deferUpdate', { message, files: newFiles, body });
        break;
      }
      case InteractionResponseType.ApplicationCommandAutocompleteResult: {
        if (interaction.type !== InteractionType.ApplicationCommandAutocomplete) throw invalidCallbackType(type);
        validateAutocompleteChoices(body);
        interaction.acknowledged = true;
        const choices = Array.isArray(data['choices']) ? (data['choices'] as InteractionResponse['choices']) : [];
        this.record(interaction, 'autocomplete', { choices, body });
        break;
      }
      case InteractionResponseType.Modal: {
        this.#requireNot(
          interaction,
          [InteractionType.ApplicationCommandAutocomplete, InteractionType.ModalSubmit],
          type,
        );
        interaction.acknowledged = true;
        this.record(interaction, 'modal', { modal: data, body });
        break;
      }
      case InteractionResponseType.PremiumRequired:
      case InteractionResponseType.LaunchActivity:
        interaction.acknowledged = true;
        this.record(interaction, 'other', { body });
        break;
      default:
        throw invalidCallbackType(type);
    }

    if (query.get('with_response') !== 'true') return {};
    const original = interaction.original;
    return {
      body: {
        interaction: {
          id: interaction.id,
          type: interaction.type,
          activity_instance_id: null,
          response_message_id: original?.messageId ?? null,
          response_message_loading: message?.loading ?? false,
          response_message_ephemeral: original?.ephemeral ?? false,
        },
        resource: { type, ...(message ? { message: apiMessage(store, message) } : {}) },
      },
    };
  }

  /** A message the bot posts in answer to an interaction (the reply or a follow-up). */
  #botMessage(
    interaction: InteractionRecord,
    fields: Pick<MessageRecord, 'content' | 'embeds' | 'components' | 'attachments' | 'flags'>,
    ephemeral: boolean,
    loading: boolean,
  ): MessageRecord {
    const { store } = this.ctx;
    return store.newMessage({
      channelId: interaction.channelId,
      authorId: store.botUser.id,
      type: interaction.type === InteractionType.ApplicationCommand ? MessageType.ChatInputCommand : MessageType.Reply,
      content: fields.content,
      embeds: fields.embeds,
      components: fields.components,
      attachments: fields.attachments,
      flags: fields.flags,
      ephemeral,
      ...(loading ? { loading } : {}),
      interactionId: interaction.id,
      webhookId: store.applicationId,
    });
  }

  /** POST /webhooks/:app/:token — a follow-up message. */
  followUp(
    applicationId: string,
    token: string,
    query: URLSearchParams,
    json: unknown,
    files: UploadedFile[],
  ): RouteResult {
    const { store } = this.ctx;
    const interaction = this.#byWebhook(applicationId, token);
    const body = asObject(json);
    const original = interaction.original;
    const originalMessage = original ? store.messages.get(original.messageId) : undefined;
    let message: MessageRecord;
    let newFiles: StoredAttachment[];
    if (original?.kind === 'message' && originalMessage?.loading) {
      // First follow-up after a deferred reply replaces the loading message (and keeps its ephemerality).
      newFiles = applyMessageEdit(store, originalMessage, body, files);
      originalMessage.loading = false;
      store.touchMessage(originalMessage);
      message = originalMessage;
    } else {
      const fields = newMessageFields(store, interaction.channelId, body, files);
      message = this.#botMessage(interaction, fields, isEphemeral(body), false);
      newFiles = fields.newFiles;
      interaction.followupIds.push(message.id);
      store.addMessage(message);
    }
    this.record(interaction, 'followup', { message, files: newFiles, body });
    return query.get('wait') === 'true' ? { body: apiMessage(store, message) } : {};
  }

  /** GET /webhooks/:app/:token/messages/:id */
  fetch(applicationId: string, token: string, messageId: string): RouteResult {
    const interaction = this.#byWebhook(applicationId, token);
    return { body: apiMessage(this.ctx.store, this.#webhookMessage(interaction, messageId)) };
  }

  /** PATCH /webhooks/:app/:token/messages/:id */
  edit(applicationId: string, token: string, messageId: string, json: unknown, files: UploadedFile[]): RouteResult {
    const { store } = this.ctx;
    const interaction = this.#byWebhook(applicationId, token);
    const message = this.#webhookMessage(interaction, messageId);
    const body = asObject(json);
    const newFiles = applyMessageEdit(store, message, body, files);
    message.loading = false;
    store.touchMessage(message);
    const isOriginal = interaction.original?.messageId === message.id;
    this.record(interaction, isOriginal ? 'editOriginal' : 'editFollowup', { message, files: newFiles, body });
    return { body: apiMessage(store, message) };
  }

  /** DELETE /webhooks/:app/:token/messages/:id */
  delete(applicationId: string, token: string, messageId: string): RouteResult {
    const { store } = this.ctx;
    const interaction = this.#byWebhook(applicationId, token);
    const message = this.#webhookMessage(interaction, messageId);
    const isOriginal = interaction.original?.messageId === message.id;
    store.deleteMessage(message);
    this.record(interaction, isOriginal ? 'deleteOriginal' : 'deleteFollowup', { message, body: null });
    return {};
  }

  record(
    interaction: InteractionRecord,
    kind: InteractionResponseKind,
    details: {
      message?: MessageRecord;
      files?: StoredAttachment[];
      choices?: InteractionResponse['choices'];
      modal?: unknown;
      body: unknown;
    },
  ): InteractionResponse {
    const { store } = this.ctx;
    const message = details.message;
    const response: InteractionResponse = {
      kind,
      interactionId: interaction.id,
      seq: store.nextResponseSeq(),
      at: Date.now(),
      ephemeral: message?.ephemeral ?? false,
      messageId: message?.id ?? null,
      content: message?.content ?? '',
      embeds: message ? structuredClone(message.embeds) : [],
      components: message ? structuredClone(message.components) : [],
      attachments: message ? [...message.attachments] : [],
      files: details.files ?? [],
      choices: details.choices ?? [],
      modal: details.modal ?? null,
      body: details.body,
    };
    interaction.responses.push(response);
    store.emit({ type: 'interactionResponse', response });
    return response;
  }

  #requireNot(interaction: InteractionRecord, types: InteractionType[], callbackType: unknown): void {
    if (types.includes(interaction.type)) throw invalidCallbackType(callbackType);
  }

  #byWebhook(applicationId: string, token: string): InteractionRecord {
    const { store } = this.ctx;
    if (applicationId !== store.applicationId) throw unknownWebhook();
    const interaction = [...store.interactions.values()].find((i) => i.token === token);
    // Until the interaction is acknowledged its token does not work as a webhook.
    if (!interaction?.acknowledged || interaction.type === InteractionType.ApplicationCommandAutocomplete) {
      throw unknownWebhook();
    }
    // An interaction token works for 15 minutes: after that, follow-ups and edits are refused.
    const life = this.ctx.settings.interactionTokenLifeMs;
    if (life !== null && this.ctx.settings.now() - interaction.createdAt > life) throw invalidWebhookToken();
    return interaction;
  }

  #webhookMessage(interaction: InteractionRecord, messageId: string): MessageRecord {
    const id = messageId === '@original' ? interaction.original?.messageId : messageId;
    const allowed =
      id !== undefined && (id === interaction.original?.messageId || interaction.followupIds.includes(id));
    const message = allowed ? this.ctx.store.messages.get(id) : undefined;
    if (!message) throw unknownMessage();
    return message;
  }
}

function invalidCallbackType(type: unknown): DiscordHttpError {
  return invalidFormBody(
    ['type'],
    'INTERACTION_CALLBACK_TYPE_INVALID',
    `Interaction callback type ${String(type)} is invalid here`,
  );
}

function isEphemeral(body: Record<string, unknown>): boolean {
  return ((typeof body['flags'] === 'number' ? body['flags'] : 0) & MessageFlags.Ephemeral) !== 0;
}
