/** Guild reads the bot may make (guild, channels, roles, members) and a few writes (roles, channels). */
import { ChannelType, GatewayIntentBits } from 'discord-api-types/v10';
import type { StandInContext } from '../context.ts';
import { invalidFormBody, unknownGuild, unknownMember, unknownRole } from '../errors.ts';
import { dispatchChannel } from '../events.ts';
import { asObject } from '../message-payload.ts';
import type { Router } from '../router.ts';
import { apiChannel, apiGuild, apiMember, apiRole } from '../serialize.ts';
import { compareSnowflakes } from '../snowflake.ts';
import type { GuildRecord } from '../types.ts';

export function registerGuildRoutes(router: Router, ctx: StandInContext): void {
  const { store } = ctx;
  const guildOf = (params: Record<string, string>): GuildRecord => {
    const guild = store.guilds.get(params['guildId'] ?? '');
    if (!guild) throw unknownGuild();
    return guild;
  };

  router.add('GET', '/guilds/:guildId', ({ params, query }) => {
    const guild = guildOf(params);
    const counts =
      query.get('with_counts') === 'true'
        ? { approximate_member_count: guild.members.size, approximate_presence_count: 0 }
        : {};
    return { body: { ...apiGuild(guild), ...counts } };
  });
  router.add('GET', '/guilds/:guildId/channels', ({ params }) => ({
    body: store.guildChannels(guildOf(params).id).map((c) => apiChannel(store, c)),
  }));
  router.add('GET', '/guilds/:guildId/roles', ({ params }) => ({
    body: [...guildOf(params).roles.values()].map(apiRole),
  }));
  router.add('GET', '/guilds/:guildId/members/:userId', ({ params }) => {
    const guild = guildOf(params);
    if (!guild.members.has(params['userId'] ?? '')) throw unknownMember();
    return { body: apiMember(store, guild, params['userId'] ?? '') };
  });
  router.add('GET', '/guilds/:guildId/members', ({ params, query }) => {
    const guild = guildOf(params);
    const limit = Math.min(1000, Math.max(1, Number(query.get('limit') ?? 1) || 1));
    const after = query.get('after') ?? '0';
    const ids = [...guild.members.keys()].sort(compareSnowflakes).filter((id) => compareSnowflakes(id, after) > 0);
    return { body: ids.slice(0, limit).map((id) => apiMember(store, guild, id)) };
  });
  router.add('GET', '/guilds/:guildId/members/search', ({ params, query }) => {
    const guild = guildOf(params);
    const q = (query.get('query') ?? '').toLowerCase();
    const limit = Math.min(1000, Math.max(1, Number(query.get('limit') ?? 1) || 1));
    const ids = [...guild.members.values()]
      .filter((m) => {
        const user = store.users.get(m.userId);
        return [user?.username, user?.globalName, m.nick].some((name) => name?.toLowerCase().startsWith(q));
      })
      .map((m) => m.userId);
    return { body: ids.slice(0, limit).map((id) => apiMember(store, guild, id)) };
  });

  for (const [method, add] of [
    ['PUT', true],
    ['DELETE', false],
  ] as const) {
    router.add(method, '/guilds/:guildId/members/:userId/roles/:roleId', ({ params }) => {
      const guild = guildOf(params);
      const member = guild.members.get(params['userId'] ?? '');
      if (!member) throw unknownMember();
      const roleId = params['roleId'] ?? '';
      if (!guild.roles.has(roleId) || roleId === guild.id) throw unknownRole();
      const has = member.roleIds.includes(roleId);
      if (add && !has) member.roleIds.push(roleId);
      if (!add && has) member.roleIds = member.roleIds.filter((id) => id !== roleId);
      if (add !== has) {
        ctx.gateway.dispatch(
          'GUILD_MEMBER_UPDATE',
          { guild_id: guild.id, ...apiMember(store, guild, member.userId) },
          GatewayIntentBits.GuildMembers,
        );
      }
      return {};
    });
  }

  router.add('POST', '/guilds/:guildId/roles', ({ params, json }) => {
    const guild = guildOf(params);
    const body = asObject(json);
    const role = store.addRole(guild, {
      name: typeof body['name'] === 'string' ? body['name'] : 'new role',
      permissions:
        typeof body['permissions'] === 'string'
          ? BigInt(body['permissions'])
          : (guild.roles.get(guild.id)?.permissions ?? 0n),
    });
    ctx.gateway.dispatch('GUILD_ROLE_CREATE', { guild_id: guild.id, role: apiRole(role) }, GatewayIntentBits.Guilds);
    return { body: apiRole(role) };
  });
  router.add('PATCH', '/guilds/:guildId/roles/:roleId', ({ params, json }) => {
    const guild = guildOf(params);
    const role = guild.roles.get(params['roleId'] ?? '');
    if (!role) throw unknownRole();
    const body = asObject(json);
    if (typeof body['name'] === 'string') role.name = body['name'];
    if (typeof body['permissions'] === 'string') role.permissions = BigInt(body['permissions']);
    ctx.gateway.dispatch('GUILD_ROLE_UPDATE', { guild_id: guild.id, role: apiRole(role) }, GatewayIntentBits.Guilds);
    return { body: apiRole(role) };
  });
  router.add('DELETE', '/guilds/:guildId/roles/:roleId', ({ params }) => {
    const guild = guildOf(params);
    const roleId = params['roleId'] ?? '';
    if (!guild.roles.has(roleId) || roleId === guild.id) throw unknownRole();
    guild.roles.delete(roleId);
    for (const member of guild.members.values()) member.roleIds = member.roleIds.filter((id) => id !== roleId);
    ctx.gateway.dispatch('GUILD_ROLE_DELETE', { guild_id: guild.id, role_id: roleId }, GatewayIntentBits.Guilds);
    return {};
  });

  router.add('POST', '/guilds/:guildId/channels', ({ params, json }) => {
    const guild = guildOf(params);
    const body = asObject(json);
    if (typeof body['name'] !== 'string' || body['name'].length < 1 || body['name'].length > 100) {
      throw invalidFormBody(['name'], 'BASE_TYPE_BAD_LENGTH', 'Must be between 1 and 100 in length.');
    }
    const channel = store.addChannel({
      id: store.ids.next(),
      type: typeof body['type'] === 'number' ? (body['type'] as ChannelType) : ChannelType.GuildText,
      name: body['name'],
      guildId: guild.id,
      parentId: typeof body['parent_id'] === 'string' ? body['parent_id'] : null,
      position: store.guildChannels(guild.id).length,
      topic: typeof body['topic'] === 'string' ? body['topic'] : null,
      lastMessageId: null,
      recipientIds: [],
      thread: null,
    });
    store.emit({ type: 'channelCreate', channel });
    dispatchChannel(ctx, 'CHANNEL_CREATE', channel);
    return { status: 201, body: apiChannel(store, channel) };
  });
}
