/**
 * Guild scheduled events (Discord API "Guild Scheduled Event"): what the bot creates for an agreed
 * battle session (docs/me.md). Creating needs Create Events or Manage Events at the guild level,
 * as on Discord (403 50013 otherwise, when permissions are enforced); an external event needs a
 * location and an end time. (Discord also refuses a start in the past; the stand-in does not check
 * it, since a test's bot may run on a virtual clock of its own.)
 */
import { PermissionFlagsBits as P } from 'discord-api-types/v10';
import type { StandInContext } from '../context.ts';
import { invalidFormBody, missingPermissions, unknownGuild } from '../errors.ts';
import { asObject } from '../message-payload.ts';
import { computeMemberPermissions } from '../permissions.ts';
import type { Router } from '../router.ts';
import type { GuildRecord } from '../types.ts';

/** One stored event, as the API returns it. */
export type ScheduledEventJson = Record<string, unknown> & { id: string; guild_id: string; name: string };

/** Events by guild, in creation order. */
export const SCHEDULED_EVENTS = new WeakMap<StandInContext, Map<string, ScheduledEventJson[]>>();

export function scheduledEventsOf(ctx: StandInContext, guildId: string): ScheduledEventJson[] {
  let byGuild = SCHEDULED_EVENTS.get(ctx);
  if (!byGuild) SCHEDULED_EVENTS.set(ctx, (byGuild = new Map()));
  let list = byGuild.get(guildId);
  if (!list) byGuild.set(guildId, (list = []));
  return list;
}

const EXTERNAL = 3;

export function registerScheduledEventRoutes(router: Router, ctx: StandInContext): void {
  const { store } = ctx;
  const guildOf = (params: Record<string, string>): GuildRecord => {
    const guild = store.guilds.get(params['guildId'] ?? '');
    if (!guild) throw unknownGuild();
    return guild;
  };

  router.add('GET', '/guilds/:guildId/scheduled-events', ({ params }) => ({
    body: scheduledEventsOf(ctx, guildOf(params).id),
  }));

  router.add('POST', '/guilds/:guildId/scheduled-events', ({ params, json }) => {
    const guild = guildOf(params);
    if (ctx.settings.enforcePermissions) {
      const perms = computeMemberPermissions(guild, store.botUser.id);
      if (!(perms & (P.CreateEvents | P.ManageEvents))) throw missingPermissions();
    }
    const body = asObject(json);
    const name = typeof body['name'] === 'string' ? body['name'] : '';
    if (name.length < 1 || name.length > 100)
      throw invalidFormBody(['name'], 'BASE_TYPE_BAD_LENGTH', 'Must be between 1 and 100 in length.');
    const description = typeof body['description'] === 'string' ? body['description'] : null;
    if (description !== null && description.length > 1000)
      throw invalidFormBody(['description'], 'BASE_TYPE_BAD_LENGTH', 'Must be 1000 or fewer in length.');
    const start =
      typeof body['scheduled_start_time'] === 'string' ? Date.parse(body['scheduled_start_time']) : Number.NaN;
    if (!Number.isFinite(start))
      throw invalidFormBody(['scheduled_start_time'], 'DATE_TIME_TYPE_PARSE', 'Could not parse the time.');
    if (start < ctx.settings.now())
      throw invalidFormBody(
        ['scheduled_start_time'],
        'GUILD_SCHEDULED_EVENT_SCHEDULE_PAST',
        'Cannot schedule event in the past.',
      );
    const entityType = Number(body['entity_type']);
    const end = typeof body['scheduled_end_time'] === 'string' ? Date.parse(body['scheduled_end_time']) : Number.NaN;
    const location = asObject(body['entity_metadata'])['location'];
    if (entityType === EXTERNAL) {
      if (typeof location !== 'string' || location.length < 1 || location.length > 100)
        throw invalidFormBody(['entity_metadata', 'location'], 'BASE_TYPE_REQUIRED', 'This field is required');
      if (!Number.isFinite(end) || end <= start)
        throw invalidFormBody(
          ['scheduled_end_time'],
          'BASE_TYPE_REQUIRED',
          'An external event needs an end after its start.',
        );
    }
    const event: ScheduledEventJson = {
      id: store.ids.next(),
      guild_id: guild.id,
      channel_id: entityType === EXTERNAL ? null : (body['channel_id'] ?? null),
      creator_id: store.botUser.id,
      name,
      description,
      scheduled_start_time: new Date(start).toISOString(),
      scheduled_end_time: Number.isFinite(end) ? new Date(end).toISOString() : null,
      privacy_level: Number(body['privacy_level'] ?? 2),
      status: 1,
      entity_type: entityType,
      entity_id: null,
      entity_metadata: entityType === EXTERNAL ? { location } : null,
      user_count: 0,
      image: null,
    };
    scheduledEventsOf(ctx, guild.id).push(event);
    return { body: event };
  });
}
