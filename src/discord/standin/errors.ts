/**
 * Discord-shaped REST errors. @discordjs/rest turns a 4xx JSON body `{ code, message, errors? }` into a
 * DiscordAPIError whose `.code` the bot can switch on, so the codes here are Discord's real ones.
 */
export interface FormErrorLeaf {
  _errors: { code: string; message: string }[];
}
export type FormErrors = { [key: string]: FormErrors | FormErrorLeaf };

export class DiscordHttpError extends Error {
  constructor(
    readonly status: number,
    readonly code: number,
    message: string,
    readonly errors?: FormErrors,
  ) {
    super(message);
    this.name = 'DiscordHttpError';
  }

  toJSON(): { code: number; message: string; errors?: FormErrors } {
    return this.errors
      ? { code: this.code, message: this.message, errors: this.errors }
      : { code: this.code, message: this.message };
  }
}

export const notFound = (): DiscordHttpError => new DiscordHttpError(404, 0, '404: Not Found');
export const unauthorized = (): DiscordHttpError => new DiscordHttpError(401, 0, '401: Unauthorized');
export const unknownChannel = (): DiscordHttpError => new DiscordHttpError(404, 10003, 'Unknown Channel');
export const unknownGuild = (): DiscordHttpError => new DiscordHttpError(404, 10004, 'Unknown Guild');
export const unknownMember = (): DiscordHttpError => new DiscordHttpError(404, 10007, 'Unknown Member');
export const unknownMessage = (): DiscordHttpError => new DiscordHttpError(404, 10008, 'Unknown Message');
export const unknownRole = (): DiscordHttpError => new DiscordHttpError(404, 10011, 'Unknown Role');
export const unknownUser = (): DiscordHttpError => new DiscordHttpError(404, 10013, 'Unknown User');
export const unknownEmoji = (): DiscordHttpError => new DiscordHttpError(400, 10014, 'Unknown Emoji');
export const unknownWebhook = (): DiscordHttpError => new DiscordHttpError(404, 10015, 'Unknown Webhook');
export const invalidWebhookToken = (): DiscordHttpError => new DiscordHttpError(401, 50027, 'Invalid Webhook Token');
export const unknownInteraction = (): DiscordHttpError => new DiscordHttpError(404, 10062, 'Unknown interaction');
export const unknownApplicationCommand = (): DiscordHttpError =>
  new DiscordHttpError(404, 10063, 'Unknown application command');
export const unknownApplication = (): DiscordHttpError => new DiscordHttpError(404, 10002, 'Unknown Application');
export const missingAccess = (): DiscordHttpError => new DiscordHttpError(403, 50001, 'Missing Access');
export const missingPermissions = (): DiscordHttpError => new DiscordHttpError(403, 50013, 'Missing Permissions');
export const cannotEditOthersMessage = (): DiscordHttpError =>
  new DiscordHttpError(403, 50005, 'Cannot edit a message authored by another user');
export const emptyMessage = (): DiscordHttpError => new DiscordHttpError(400, 50006, 'Cannot send an empty message');
export const cannotExecuteOnChannelType = (): DiscordHttpError =>
  new DiscordHttpError(400, 50024, 'Cannot execute action on this channel type');
export const threadAlreadyCreated = (): DiscordHttpError =>
  new DiscordHttpError(400, 160004, 'A thread has already been created for this message');
export const threadArchived = (): DiscordHttpError => new DiscordHttpError(400, 50083, 'Thread is archived');
export const alreadyAcknowledged = (): DiscordHttpError =>
  new DiscordHttpError(400, 40060, 'Interaction has already been acknowledged.');
export const requestTooLarge = (): DiscordHttpError => new DiscordHttpError(413, 40005, 'Request entity too large');

/** 50035 Invalid Form Body; `path` like ['embeds', 0, 'description'] becomes Discord's nested `errors` object. */
export function invalidFormBody(path: (string | number)[], code: string, message: string): DiscordHttpError {
  return invalidFormBodyMany([{ path, code, message }]);
}

export function invalidFormBodyMany(
  problems: { path: (string | number)[]; code: string; message: string }[],
): DiscordHttpError {
  const errors: FormErrors = {};
  for (const { path, code, message } of problems) {
    let node: FormErrors = errors;
    for (const key of path.slice(0, -1)) {
      const k = String(key);
      node[k] ??= {};
      node = node[k] as FormErrors;
    }
    const leafKey = String(path.at(-1) ?? '_root');
    const leaf = (node[leafKey] ??= { _errors: [] }) as FormErrorLeaf;
    leaf._errors ??= [];
    leaf._errors.push({ code, message });
  }
  return new DiscordHttpError(400, 50035, 'Invalid Form Body', errors);
}
