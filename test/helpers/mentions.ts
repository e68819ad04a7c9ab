import type { RecordedRequest } from '../../src/discord/standin/index.ts';

/** Who a message would notify on Discord. */
export interface Pings {
  everyone: boolean;
  roles: string[];
  users: string[];
}

type Json = Record<string, unknown>;

const asObject = (v: unknown): Json => (typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Json) : {});
const strings = (v: unknown): string[] => (Array.isArray(v) ? v.map(String) : []);

/**
 * Discord's `allowed_mentions` rules for the content of one message body the bot sent: without
 * `allowed_mentions` everything in the text pings (users, roles, @everyone/@here); with it, a kind
 * pings only when `parse` names it, and a user or role also when listed by id. Embeds never ping.
 * Roles are taken as mentionable (the worst case).
 */
export function pingsOf(messageBody: unknown): Pings {
  const body = asObject(messageBody);
  const content = typeof body['content'] === 'string' ? body['content'] : '';
  const allowed = 'allowed_mentions' in body ? asObject(body['allowed_mentions']) : null;
  const parse = new Set(allowed ? strings(allowed['parse']) : ['users', 'roles', 'everyone']);
  const listedUsers = new Set(allowed ? strings(allowed['users']) : []);
  const listedRoles = new Set(allowed ? strings(allowed['roles']) : []);
  const users = [...content.matchAll(/<@!?(\d+)>/g)].map((m) => m[1]!);
  const roles = [...content.matchAll(/<@&(\d+)>/g)].map((m) => m[1]!);
  return {
    everyone: /@(everyone|here)/.test(content) && parse.has('everyone'),
    roles: [...new Set(roles.filter((r) => parse.has('roles') || listedRoles.has(r)))],
    users: [...new Set(users.filter((u) => parse.has('users') || listedUsers.has(u)))],
  };
}

/** Routes by which the bot posts or edits a message, and where its message body sits in the request. */
const MESSAGE_ROUTES: Record<string, (body: unknown) => unknown> = {
  'POST /channels/:channelId/messages': (b) => b,
  'PATCH /channels/:channelId/messages/:messageId': (b) => b,
  'POST /interactions/:interactionId/:token/callback': (b) => asObject(b)['data'],
  'POST /webhooks/:applicationId/:token': (b) => b,
  'PATCH /webhooks/:applicationId/:token/messages/:messageId': (b) => b,
};

/** Every message body the bot sent or edited, with who it would ping. */
export function sentMessagePings(log: readonly RecordedRequest[]): { request: RecordedRequest; pings: Pings }[] {
  return log.flatMap((request) => {
    const bodyOf = MESSAGE_ROUTES[`${request.method} ${request.route}`];
    if (!bodyOf || request.status >= 400) return [];
    const body = bodyOf(request.body);
    if (body === undefined || body === null) return [];
    return [{ request, pings: pingsOf(body) }];
  });
}

/**
 * How a message body the bot sent would let Discord parse mentions out of its text, or null when
 * it would not: a body with text must carry `allowed_mentions` that parses nothing and lists no
 * role. Users listed by id are the explicit pings a message is meant to make (a turn start, a
 * battle thread's players), and are allowed.
 */
export function parsedMentions(messageBody: unknown): string | null {
  const body = asObject(messageBody);
  const content = typeof body['content'] === 'string' ? body['content'] : '';
  if (content === '') return null;
  if (!('allowed_mentions' in body)) return 'no allowed_mentions, so Discord parses every mention in the text';
  const allowed = asObject(body['allowed_mentions']);
  const parse = strings(allowed['parse']);
  if (parse.length > 0) return `allowed_mentions parses ${parse.join(', ')}`;
  const roles = strings(allowed['roles']);
  if (roles.length > 0) return `allowed_mentions lists roles ${roles.join(', ')}`;
  return null;
}

/** Every message body the bot sent or edited (accepted by Discord) whose text would parse mentions. */
export function mentionParsingBodies(log: readonly RecordedRequest[]): { request: RecordedRequest; problem: string }[] {
  return log.flatMap((request) => {
    const bodyOf = MESSAGE_ROUTES[`${request.method} ${request.route}`];
    if (!bodyOf || request.status >= 400) return [];
    const problem = parsedMentions(bodyOf(request.body));
    return problem ? [{ request, problem }] : [];
  });
}
