/**
 * The application, users, and command registration (global and guild scoped). Registered commands are
 * stored as Discord returns them, keeping ids stable across bulk overwrites of the same name (as Discord does).
 */
import { ApplicationCommandType } from 'discord-api-types/v10';
import type { StandInContext } from '../context.ts';
import {
  invalidFormBody,
  unknownApplication,
  unknownApplicationCommand,
  unknownGuild,
  unknownUser,
} from '../errors.ts';
import { asObject } from '../message-payload.ts';
import type { Router } from '../router.ts';
import { apiChannel, apiUser } from '../serialize.ts';
import type { CommandRecord } from '../store.ts';
import { validateCommand } from '../validate.ts';

type Json = Record<string, unknown>;

export function registerApplicationRoutes(router: Router, ctx: StandInContext): void {
  const { store } = ctx;

  router.add('GET', '/users/@me', () => ({
    body: { ...apiUser(store.botUser), verified: true, mfa_enabled: false, locale: 'en-US' },
  }));
  router.add('GET', '/users/:userId', ({ params }) => {
    const user = store.users.get(params['userId'] ?? '');
    if (!user) throw unknownUser();
    return { body: apiUser(user) };
  });
  router.add('POST', '/users/@me/channels', ({ json }) => {
    const recipient = String(asObject(json)['recipient_id'] ?? '');
    if (!store.users.has(recipient)) throw unknownUser();
    return { body: apiChannel(store, store.ensureDmChannel(recipient)) };
  });

  const application = (): Json => ({
    id: store.applicationId,
    name: store.botUser.username,
    icon: null,
    description: '',
    summary: '',
    type: null,
    bot_public: true,
    bot_require_code_grant: false,
    bot: apiUser(store.botUser),
    verify_key: '0'.repeat(64),
    flags: 0,
    team: null,
    owner: { id: store.applicationId, username: 'stand-in-owner', discriminator: '0', avatar: null, flags: 0 },
    approximate_guild_count: store.guilds.size,
    interactions_endpoint_url: null,
    install_params: { scopes: ['bot', 'applications.commands'], permissions: '0' },
    integration_types_config: { '0': {} },
  });
  router.add('GET', '/applications/@me', () => ({ body: application() }));
  router.add('GET', '/oauth2/applications/@me', () => ({ body: application() }));

  for (const scoped of [false, true]) {
    const base = scoped
      ? '/applications/:applicationId/guilds/:guildId/commands'
      : '/applications/:applicationId/commands';
    const scope = (params: Record<string, string>): Map<string, CommandRecord> => {
      if (params['applicationId'] !== store.applicationId) throw unknownApplication();
      const guildId = scoped ? (params['guildId'] ?? '') : null;
      if (guildId !== null && !store.guilds.has(guildId)) throw unknownGuild();
      return store.commandScope(guildId);
    };
    const guildOf = (params: Record<string, string>) => (scoped ? (params['guildId'] ?? null) : null);
    const find = (params: Record<string, string>): CommandRecord => {
      const command = scope(params).get(params['commandId'] ?? '');
      if (!command) throw unknownApplicationCommand();
      return command;
    };

    router.add('GET', base, ({ params }) => ({ body: [...scope(params).values()].map((c) => c.data) }));

    // Bulk overwrite: the list becomes exactly what was sent; same-named commands keep their ids.
    router.add('PUT', base, ({ params, json }) => {
      const commands = scope(params);
      if (!Array.isArray(json))
        throw invalidFormBody(['_root'], 'LIST_TYPE_CONVERT', 'Only iterables may be used in a ListType');
      if (json.length > 100)
        throw invalidFormBody(['_root'], 'BASE_TYPE_MAX_LENGTH', 'Must be 100 or fewer in length.');
      json.forEach((command, i) => validateCommand(command, [i]));
      const previous = [...commands.values()];
      const next = json.map((body) => {
        const b = asObject(body);
        const existing = previous.find((c) => c.name === b['name'] && c.type === commandType(b));
        return toRecord(ctx, guildOf(params), b, existing?.id);
      });
      commands.clear();
      for (const command of next) commands.set(command.id, command);
      store.emit({ type: 'commandsUpdate', guildId: guildOf(params) });
      return { body: next.map((c) => c.data) };
    });

    // Create (or upsert by name).
    router.add('POST', base, ({ params, json }) => {
      const commands = scope(params);
      validateCommand(json, []);
      const b = asObject(json);
      const existing = [...commands.values()].find((c) => c.name === b['name'] && c.type === commandType(b));
      const command = toRecord(ctx, guildOf(params), b, existing?.id);
      commands.set(command.id, command);
      store.emit({ type: 'commandsUpdate', guildId: guildOf(params) });
      return { status: existing ? 200 : 201, body: command.data };
    });

    router.add('GET', `${base}/:commandId`, ({ params }) => ({ body: find(params).data }));
    router.add('PATCH', `${base}/:commandId`, ({ params, json }) => {
      const current = find(params);
      const merged = { ...current.data, ...asObject(json) };
      validateCommand(merged, []);
      const command = toRecord(ctx, guildOf(params), merged, current.id);
      scope(params).set(command.id, command);
      store.emit({ type: 'commandsUpdate', guildId: guildOf(params) });
      return { body: command.data };
    });
    router.add('DELETE', `${base}/:commandId`, ({ params }) => {
      const command = find(params);
      scope(params).delete(command.id);
      store.emit({ type: 'commandsUpdate', guildId: guildOf(params) });
      return {};
    });
  }
}

function commandType(body: Json): number {
  return typeof body['type'] === 'number' ? body['type'] : ApplicationCommandType.ChatInput;
}

function toRecord(ctx: StandInContext, guildId: string | null, body: Json, id: string | undefined): CommandRecord {
  const commandId = id ?? ctx.store.ids.next();
  const type = commandType(body);
  const data: Json = {
    ...body,
    id: commandId,
    application_id: ctx.store.applicationId,
    version: ctx.store.ids.next(),
    type,
    name: body['name'],
    description: type === ApplicationCommandType.ChatInput ? (body['description'] ?? '') : '',
    default_member_permissions: body['default_member_permissions'] ?? null,
    nsfw: body['nsfw'] ?? false,
    contexts: body['contexts'] ?? null,
    integration_types: body['integration_types'] ?? [0],
    ...(guildId ? { guild_id: guildId } : { dm_permission: body['dm_permission'] ?? true }),
  };
  return { id: commandId, guildId, name: String(body['name']), type, data };
}
