/**
 * The HTTP side: one node:http server on 127.0.0.1 that serves
 * - the REST API under `/api/v10/...` (what @discordjs/rest calls when `rest.api` is `${base}/api`),
 * - attachment bytes under `/attachments/...` (the "CDN"), and
 * - WebSocket upgrades for the gateway under `/gateway`.
 * Every REST call is recorded; unmatched routes answer Discord's 404 and are flagged so tests can
 * assert the bot never called something the stand-in does not implement.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { StandInContext } from './context.ts';
import { ChannelType, PermissionFlagsBits } from 'discord-api-types/v10';
import {
  DiscordHttpError,
  missingAccess,
  missingPermissions,
  notFound,
  requestTooLarge,
  unauthorized,
} from './errors.ts';
import { computeChannelPermissions, requiredPermissions } from './permissions.ts';
import { parseBody, type ParsedBody } from './multipart.ts';
import type { Router } from './router.ts';
import type { RecordedRequest } from './types.ts';

/** Generous ceiling for a whole request (10 files of the upload limit plus JSON). */
const MAX_REQUEST_BYTES = 128 * 1024 * 1024;

/** A matched REST call as a refusal rule sees it (see `DiscordStandIn.refuse`). */
export interface RefusableRequest {
  method: string;
  /** Matched route pattern, e.g. `/channels/:channelId/messages`. */
  route: string;
  path: string;
  params: Record<string, string>;
  /** The JSON body (or the `payload_json` of a multipart body); null without one. */
  body: unknown;
}

export type RefusalRule = (request: RefusableRequest) => boolean;

/** The route pattern attachment downloads are matched as by a latency rule. */
export const ATTACHMENT_ROUTE = '/attachments/:channelId/:attachmentId/:filename';

/**
 * Milliseconds a request waits before it is answered (0: none). `route` is the matched REST
 * pattern, `ATTACHMENT_ROUTE` for a file download, or null for an unknown path.
 */
export type LatencyRule = (request: { method: string; route: string | null; path: string }) => number;
/** A rate limit a test set (`DiscordStandIn.rateLimit`): the next `left` matching calls get 429. */
export interface RateLimitRule {
  rule: RefusalRule;
  retryAfterMs: number;
  left: number;
  global: boolean;
}

/** Discord's 429 answer, with the headers @discordjs/rest reads to wait before trying again. */
class RateLimited extends DiscordHttpError {
  constructor(readonly limit: RateLimitRule) {
    super(429, 0, 'You are being rate limited.');
  }

  override toJSON(): { code: number; message: string } {
    return {
      ...super.toJSON(),
      retry_after: this.limit.retryAfterMs / 1000,
      global: this.limit.global,
    } as { code: number; message: string };
  }

  headers(): Record<string, string> {
    const seconds = String(this.limit.retryAfterMs / 1000);
    return {
      'retry-after': seconds,
      'x-ratelimit-limit': '1',
      'x-ratelimit-remaining': '0',
      'x-ratelimit-reset-after': seconds,
      'x-ratelimit-bucket': 'stand-in',
      'x-ratelimit-scope': this.limit.global ? 'global' : 'user',
      ...(this.limit.global ? { 'x-ratelimit-global': 'true' } : {}),
    };
  }
}

export class RestServer {
  readonly server: Server;
  readonly log: RecordedRequest[] = [];
  /** Calls the test wants refused as Discord refuses a call the bot lacks a permission for. */
  readonly refusals = new Set<RefusalRule>();
  /** Delays the test wants, as real Discord and its CDN take time to answer (see `DiscordStandIn.delay`). */
  readonly latencies = new Set<LatencyRule>();
  /** Calls the test wants answered with 429 Too Many Requests. */
  readonly rateLimits = new Set<RateLimitRule>();
  #seq = 0;

  constructor(
    private readonly ctx: StandInContext,
    private readonly router: Router,
  ) {
    this.server = createServer((req, res) => {
      this.#handle(req, res).catch((error: unknown) => {
        console.error('[discord stand-in] internal error', error);
        if (!res.headersSent) sendJson(res, 500, { code: 0, message: '500: Internal Server Error' });
        else res.destroy();
      });
    });
    // undici keeps connections alive; make sure they never pin the test process.
    this.server.keepAliveTimeout = 5_000;
    this.server.on('upgrade', (req, socket, head) => ctx.gateway.handleUpgrade(req, socket, head));
  }

  async listen(port: number, host: string): Promise<string> {
    await new Promise<void>((resolve, reject) => {
      this.server.once('error', reject);
      this.server.listen(port, host, () => {
        this.server.off('error', reject);
        resolve();
      });
    });
    const address = this.server.address();
    if (address === null || typeof address === 'string') throw new Error('stand-in: unexpected server address');
    return `http://${host}:${address.port}`;
  }

  async close(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  async #handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://stand-in.invalid');
    const method = (req.method ?? 'GET').toUpperCase();

    if (url.pathname.startsWith('/attachments/')) {
      await this.#wait({ method, route: ATTACHMENT_ROUTE, path: url.pathname });
      this.#serveAttachment(url.pathname, method, res);
      return;
    }
    // Accept `/api/v10/...` (what discord.js sends) and the unversioned `/api/...` Discord also accepts.
    const api = /^\/api(?:\/v(\d+))?(\/.*)$/.exec(url.pathname);
    if (!api) {
      sendJson(res, 404, notFound().toJSON());
      return;
    }
    const path = api[2] ?? '/';
    const query = Object.fromEntries(url.searchParams.entries());
    const record: RecordedRequest = {
      seq: ++this.#seq,
      at: Date.now(),
      method,
      path,
      route: null,
      query,
      body: null,
      files: [],
      status: 0,
      error: null,
    };

    let status = 200;
    let body: unknown;
    let headers: Record<string, string> = {};
    try {
      const raw = await readBody(req, MAX_REQUEST_BYTES);
      let parsed: ParsedBody = { json: null, files: [] };
      try {
        parsed = await parseBody(req.headers['content-type'], raw);
      } finally {
        record.body = parsed.json;
        record.files = parsed.files;
      }
      const match = this.router.match(method, path);
      await this.#wait({ method, route: match.kind === 'found' ? match.def.pattern : null, path });
      if (match.kind === 'wrongMethod') throw new DiscordHttpError(405, 0, '405: Method Not Allowed');
      if (match.kind === 'none') throw notFound();
      record.route = match.def.pattern;
      if (match.def.auth && !this.#authorized(req)) throw unauthorized();
      for (const file of parsed.files) {
        if (file.data.length > this.ctx.settings.maxUploadBytes) throw requestTooLarge();
      }
      const seen = { method, route: match.def.pattern, path, params: match.params, body: parsed.json };
      for (const limit of this.rateLimits)
        if (limit.left > 0 && limit.rule(seen)) {
          limit.left--;
          throw new RateLimited(limit);
        }
      for (const refuse of this.refusals) if (refuse(seen)) throw missingPermissions();
      if (match.def.auth)
        this.#checkPermissions(method, match.def.pattern, match.params, {
          hasFiles: parsed.files.length > 0,
          threadType: threadTypeOf(parsed.json),
        });
      const result = await match.def.handler({
        method,
        path,
        params: match.params,
        query: url.searchParams,
        json: parsed.json,
        files: parsed.files,
      });
      body = result.body;
      status = result.status ?? (body === undefined ? 204 : 200);
    } catch (error) {
      if (!(error instanceof DiscordHttpError)) throw error;
      status = error.status;
      body = error.toJSON();
      if (error instanceof RateLimited) headers = error.headers();
      record.error = { code: error.code, message: error.message };
    }
    record.status = status;
    this.log.push(record);
    this.ctx.store.emit({ type: 'request', request: record });
    if (body === undefined) {
      res.writeHead(status, baseHeaders()).end();
    } else {
      sendJson(res, status, body, headers);
    }
  }

  /** Waits as long as the longest latency rule asks for this request. */
  async #wait(request: Parameters<LatencyRule>[0]): Promise<void> {
    let ms = 0;
    for (const rule of this.latencies) ms = Math.max(ms, rule(request));
    if (ms > 0) await new Promise((resolve) => setTimeout(resolve, ms));
  }

  /**
   * The bot's permissions in the channel a call acts in, as Discord checks them: without View
   * Channel, 50001 Missing Access; without another permission the call needs, 50013.
   */
  #checkPermissions(
    method: string,
    route: string,
    params: Record<string, string>,
    request: { hasFiles: boolean; threadType: 'public' | 'private' },
  ): void {
    if (!this.ctx.settings.enforcePermissions) return;
    const { store } = this.ctx;
    const channel = store.channels.get(params['channelId'] ?? '');
    const guild = channel?.guildId ? store.guilds.get(channel.guildId) : undefined;
    if (!channel || !guild) return;
    const needed = requiredPermissions(method, route, channel, request);
    if (needed === null) return;
    const parent = channel.parentId ? store.channels.get(channel.parentId) : undefined;
    const has = computeChannelPermissions(guild, channel, store.botUser.id, parent);
    if ((has & PermissionFlagsBits.ViewChannel) === 0n) throw missingAccess();
    if ((has & needed) !== needed) throw missingPermissions();
  }

  #authorized(req: IncomingMessage): boolean {
    const header = req.headers.authorization ?? '';
    return header === `Bot ${this.ctx.settings.token}`;
  }

  #serveAttachment(pathname: string, method: string, res: ServerResponse): void {
    // /attachments/:channelId/:attachmentId/:filename
    const [, , , attachmentId] = pathname.split('/');
    const file = attachmentId ? this.ctx.store.files.get(attachmentId) : undefined;
    if (!file || (method !== 'GET' && method !== 'HEAD')) {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('Not Found');
      return;
    }
    res.writeHead(200, { 'content-type': file.contentType, 'content-length': String(file.size) });
    res.end(method === 'HEAD' ? undefined : file.data);
  }
}

/**
 * No rate-limit headers: without them @discordjs/rest treats every route as unlimited (limit = Infinity,
 * never waits), which is what a local stand-in wants. A shared fake bucket would instead serialise
 * unrelated routes behind each other.
 */
function baseHeaders(): Record<string, string> {
  return { 'cache-control': 'no-store' };
}

function sendJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    ...baseHeaders(),
    ...headers,
    'content-type': 'application/json',
    'content-length': String(Buffer.byteLength(text)),
  });
  res.end(text);
}

async function readBody(req: IncomingMessage, limit: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    const buf = chunk as Buffer;
    size += buf.length;
    if (size > limit) throw requestTooLarge();
    chunks.push(buf);
  }
  return Buffer.concat(chunks);
}

/** Whether a thread-creating body asks for a private thread (type 12, Discord's default) or a public one. */
function threadTypeOf(json: unknown): 'public' | 'private' {
  const type = json && typeof json === 'object' ? (json as Record<string, unknown>)['type'] : undefined;
  return type === undefined || type === ChannelType.PrivateThread ? 'private' : 'public';
}
