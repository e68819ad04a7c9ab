/**
 * The gateway: a `ws` WebSocket server speaking Discord's gateway protocol (API v10, JSON encoding).
 *
 * What @discordjs/ws 1.2 (used by discord.js 14.28) does, and what is handled here:
 * - it connects to `${url}?v=10&encoding=json` and, only when the optional `zlib-sync` package is
 *   installed, adds `&compress=zlib-stream` (handled: one deflate stream per connection, Z_SYNC_FLUSH
 *   per message). Without zlib-sync (this project) it uses no compression at all; `compress: true` in
 *   IDENTIFY (per-payload zlib) is also honoured for completeness.
 * - hello → identify → READY (+ one GUILD_CREATE per guild, which discord.js waits for before
 *   emitting clientReady) → heartbeats acknowledged with op 11.
 * - after an abnormal close it reconnects to `resume_gateway_url` and sends RESUME; events dispatched
 *   while it was away are replayed. A close with 1000/1001 (client.destroy()) ends the session, so the
 *   next login identifies afresh, as on Discord.
 */
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import zlib from 'node:zlib';
import { GatewayOpcodes } from 'discord-api-types/v10';
import { WebSocketServer, type WebSocket, type RawData } from 'ws';

type Json = Record<string, unknown>;

export interface GatewaySession {
  readonly id: string;
  readonly intents: number;
  readonly shard: [number, number];
  /** Per-payload zlib requested in IDENTIFY. */
  readonly compress: boolean;
  seq: number;
  /** Dispatches kept for RESUME replay. */
  backlog: { s: number; frame: string }[];
  connection: GatewayConnection | null;
}

interface GatewayConnection {
  readonly socket: WebSocket;
  /** Transport compression (compress=zlib-stream in the url). */
  readonly deflate: zlib.Deflate | null;
  /** Sends are chained so compressed frames stay in order. */
  chain: Promise<void>;
  session: GatewaySession | null;
}

export interface GatewayHooks {
  checkToken(token: string): boolean;
  newSessionId(): string;
  readyPayload(session: GatewaySession, resumeUrl: string): Json;
  guildCreatePayloads(session: GatewaySession): Json[];
  /** op 8 Request Guild Members → GUILD_MEMBERS_CHUNK payloads. */
  memberChunks(request: Json): Json[];
  onLifecycle(event: 'identify' | 'resume' | 'ready' | 'close', sessionId: string | null, code?: number): void;
}

const BACKLOG_LIMIT = 1000;

export class GatewayServer {
  readonly #wss = new WebSocketServer({ noServer: true });
  readonly #sessions = new Map<string, GatewaySession>();
  readonly #connections = new Set<GatewayConnection>();
  #url = '';

  constructor(
    private readonly hooks: GatewayHooks,
    private readonly heartbeatIntervalMs: number,
  ) {}

  setUrl(url: string): void {
    this.#url = url;
  }

  get url(): string {
    return this.#url;
  }

  /** Sessions that are connected or could still resume. */
  get sessions(): GatewaySession[] {
    return [...this.#sessions.values()];
  }

  /** True once a bot has identified (and its session was not ended by a normal close). */
  get hasSession(): boolean {
    return this.#sessions.size > 0;
  }

  get connectedSessions(): GatewaySession[] {
    return this.sessions.filter((s) => s.connection !== null);
  }

  handleUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer): void {
    const url = new URL(req.url ?? '/', 'http://stand-in.invalid');
    if (!url.pathname.startsWith('/gateway')) {
      socket.destroy();
      return;
    }
    this.#wss.handleUpgrade(req, socket, head, (ws) => this.#onConnection(ws, url.searchParams));
  }

  /**
   * Sends a dispatch (op 0) to every session whose intents include `intent` (if given).
   * Sessions that are momentarily disconnected keep it in their backlog for RESUME.
   */
  dispatch(t: string, d: unknown, intent?: number): number {
    return this.dispatchWith(t, (session) =>
      intent === undefined || (session.intents & intent) !== 0 ? d : undefined,
    );
  }

  /** Like dispatch(), but the payload may depend on the session (e.g. its intents); undefined skips it. */
  dispatchWith(t: string, build: (session: GatewaySession) => unknown): number {
    let delivered = 0;
    for (const session of this.#sessions.values()) {
      const d = build(session);
      if (d === undefined) continue;
      this.#dispatchTo(session, t, d);
      delivered++;
    }
    return delivered;
  }

  /** Drops every connection with `code` (default 4000 = resumable, the client will RESUME). */
  disconnect(code = 4000, opts: { resumable?: boolean } = {}): void {
    for (const connection of this.#connections) {
      const session = connection.session;
      if (session && opts.resumable === false) this.#sessions.delete(session.id);
      connection.socket.close(code, 'stand-in disconnect');
    }
  }

  /** op 7 Reconnect: asks the client to reconnect and resume. */
  requestReconnect(): void {
    for (const connection of this.#connections) this.#send(connection, { op: GatewayOpcodes.Reconnect, d: null });
  }

  async close(): Promise<void> {
    for (const connection of this.#connections) connection.socket.terminate();
    this.#connections.clear();
    this.#sessions.clear();
    await new Promise<void>((resolve) => this.#wss.close(() => resolve()));
  }

  // ------------------------------------------------------------------ internals

  #onConnection(socket: WebSocket, params: URLSearchParams): void {
    const encoding = params.get('encoding') ?? 'json';
    const version = params.get('v');
    const compress = params.get('compress');
    const connection: GatewayConnection = {
      socket,
      deflate: compress === 'zlib-stream' ? zlib.createDeflate() : null,
      chain: Promise.resolve(),
      session: null,
    };
    this.#connections.add(connection);
    socket.on('close', (code) => this.#onClose(connection, code));
    socket.on('error', () => socket.terminate());
    if (encoding !== 'json') {
      socket.close(4002, 'Only encoding=json is supported by the stand-in');
      return;
    }
    if (version !== null && version !== '10' && version !== '9') {
      socket.close(4012, 'Invalid API version');
      return;
    }
    if (compress !== null && compress !== 'zlib-stream') {
      socket.close(4002, 'Unsupported compression');
      return;
    }
    socket.on('message', (data, isBinary) => this.#onMessage(connection, data, isBinary));
    this.#send(connection, {
      op: GatewayOpcodes.Hello,
      d: { heartbeat_interval: this.heartbeatIntervalMs, _trace: ['stand-in'] },
    });
  }

  #onMessage(connection: GatewayConnection, data: RawData, isBinary: boolean): void {
    let payload: { op?: unknown; d?: unknown };
    try {
      const text = isBinary ? '' : rawToString(data);
      payload = JSON.parse(text) as { op?: unknown; d?: unknown };
    } catch {
      connection.socket.close(4002, 'Decode error');
      return;
    }
    const d = (typeof payload.d === 'object' && payload.d !== null ? payload.d : {}) as Json;
    switch (payload.op) {
      case GatewayOpcodes.Heartbeat:
        this.#send(connection, { op: GatewayOpcodes.HeartbeatAck });
        return;
      case GatewayOpcodes.Identify:
        this.#identify(connection, d);
        return;
      case GatewayOpcodes.Resume:
        this.#resume(connection, d);
        return;
      case GatewayOpcodes.RequestGuildMembers:
        if (!connection.session) break;
        for (const chunk of this.hooks.memberChunks(d))
          this.#dispatchTo(connection.session, 'GUILD_MEMBERS_CHUNK', chunk);
        return;
      case GatewayOpcodes.PresenceUpdate:
      case GatewayOpcodes.VoiceStateUpdate:
      case GatewayOpcodes.RequestSoundboardSounds:
        if (!connection.session) break;
        return;
      default:
        connection.socket.close(4001, 'Unknown opcode');
        return;
    }
    connection.socket.close(4003, 'Not authenticated');
  }

  #identify(connection: GatewayConnection, d: Json): void {
    if (connection.session) {
      connection.socket.close(4005, 'Already authenticated');
      return;
    }
    if (typeof d['token'] !== 'string' || !this.hooks.checkToken(d['token'])) {
      connection.socket.close(4004, 'Authentication failed');
      return;
    }
    const shard = Array.isArray(d['shard']) ? (d['shard'] as [number, number]) : [0, 1];
    if (shard[1] !== 1 || shard[0] !== 0) {
      // The stand-in is tiny: one shard holds every guild.
      connection.socket.close(4010, 'Invalid shard');
      return;
    }
    const session: GatewaySession = {
      id: this.hooks.newSessionId(),
      intents: typeof d['intents'] === 'number' ? d['intents'] : 0,
      shard: [shard[0], shard[1]],
      compress: d['compress'] === true,
      seq: 0,
      backlog: [],
      connection,
    };
    connection.session = session;
    this.#sessions.set(session.id, session);
    this.hooks.onLifecycle('identify', session.id);
    this.#dispatchTo(session, 'READY', this.hooks.readyPayload(session, this.#url));
    for (const guild of this.hooks.guildCreatePayloads(session)) this.#dispatchTo(session, 'GUILD_CREATE', guild);
    this.hooks.onLifecycle('ready', session.id);
  }

  #resume(connection: GatewayConnection, d: Json): void {
    const session = typeof d['session_id'] === 'string' ? this.#sessions.get(d['session_id']) : undefined;
    const tokenOk = typeof d['token'] === 'string' && this.hooks.checkToken(d['token']);
    if (!tokenOk) {
      connection.socket.close(4004, 'Authentication failed');
      return;
    }
    if (!session || session.connection !== null) {
      // Invalid session, not resumable: the client waits and identifies again.
      this.#send(connection, { op: GatewayOpcodes.InvalidSession, d: false });
      return;
    }
    const seq = typeof d['seq'] === 'number' ? d['seq'] : 0;
    session.connection = connection;
    connection.session = session;
    this.hooks.onLifecycle('resume', session.id);
    for (const entry of session.backlog) {
      if (entry.s > seq) this.#sendFrame(connection, entry.frame, session.compress);
    }
    this.#dispatchTo(session, 'RESUMED', { _trace: ['stand-in'] });
  }

  #onClose(connection: GatewayConnection, code: number): void {
    this.#connections.delete(connection);
    connection.deflate?.close();
    const session = connection.session;
    if (session && session.connection === connection) {
      session.connection = null;
      // Normal closure ends the session on Discord too; anything else leaves it resumable.
      if (code === 1000 || code === 1001) this.#sessions.delete(session.id);
    }
    this.hooks.onLifecycle('close', session?.id ?? null, code);
  }

  #dispatchTo(session: GatewaySession, t: string, d: unknown): void {
    session.seq += 1;
    const frame = JSON.stringify({ op: GatewayOpcodes.Dispatch, t, s: session.seq, d });
    session.backlog.push({ s: session.seq, frame });
    if (session.backlog.length > BACKLOG_LIMIT) session.backlog.splice(0, session.backlog.length - BACKLOG_LIMIT);
    if (session.connection) this.#sendFrame(session.connection, frame, session.compress);
  }

  #send(connection: GatewayConnection, payload: Json): void {
    this.#sendFrame(connection, JSON.stringify(payload), false);
  }

  #sendFrame(connection: GatewayConnection, frame: string, payloadCompress: boolean): void {
    const { socket, deflate } = connection;
    if (deflate) {
      connection.chain = connection.chain
        .then(() => deflateChunk(deflate, frame))
        .then(
          (chunk) => {
            if (socket.readyState === socket.OPEN) socket.send(chunk);
          },
          () => socket.terminate(),
        );
      return;
    }
    if (socket.readyState !== socket.OPEN) return;
    if (payloadCompress) socket.send(zlib.deflateSync(frame));
    else socket.send(frame);
  }
}

function deflateChunk(deflate: zlib.Deflate, frame: string): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    const onData = (chunk: Buffer) => chunks.push(chunk);
    deflate.on('data', onData);
    deflate.once('error', reject);
    deflate.write(frame);
    // Z_SYNC_FLUSH ends the message with 00 00 ff ff, which is how the client knows a payload is complete.
    deflate.flush(zlib.constants.Z_SYNC_FLUSH, () => {
      // Let any 'data' events still queued for this flush arrive before collecting them.
      setImmediate(() => {
        deflate.off('data', onData);
        deflate.off('error', reject);
        resolve(Buffer.concat(chunks));
      });
    });
  });
}

function rawToString(data: RawData): string {
  if (Array.isArray(data)) return Buffer.concat(data).toString('utf8');
  if (data instanceof ArrayBuffer) return Buffer.from(data).toString('utf8');
  return data.toString('utf8');
}
