/** Gateway protocol details discord.js does not exercise by default, driven with a raw `ws` client. */
import zlib from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { DiscordStandIn } from '../../src/discord/standin/index.ts';

type Payload = { op: number; t?: string | null; s?: number | null; d?: unknown };

let standIn: DiscordStandIn | undefined;
let socket: WebSocket | undefined;
afterEach(async () => {
  socket?.terminate();
  await standIn?.stop();
  standIn = undefined;
  socket = undefined;
});

/** Connects and collects decoded payloads; handles zlib-stream and per-payload compression. */
async function connect(url: string): Promise<{
  ws: WebSocket;
  payloads: Payload[];
  next: (pred: (p: Payload) => boolean) => Promise<Payload>;
  closed: Promise<number>;
}> {
  const ws = new WebSocket(url);
  const payloads: Payload[] = [];
  const waiters: { pred: (p: Payload) => boolean; resolve: (p: Payload) => void }[] = [];
  const streamChunks: Buffer[] = [];
  let streamOffset = 0;
  const zlibStream = url.includes('compress=zlib-stream');
  ws.on('message', (data: Buffer, isBinary) => {
    let texts: string[];
    if (!isBinary) texts = [data.toString('utf8')];
    else if (zlibStream) {
      // Inflate everything received so far (ending in a sync flush) and take the new output.
      streamChunks.push(data);
      const all = zlib
        .inflateSync(Buffer.concat(streamChunks), { finishFlush: zlib.constants.Z_SYNC_FLUSH })
        .toString('utf8');
      texts = [all.slice(streamOffset)];
      streamOffset = all.length;
    } else texts = [zlib.inflateSync(data).toString('utf8')];
    for (const text of texts) {
      const payload = JSON.parse(text) as Payload;
      payloads.push(payload);
      for (const w of [...waiters]) {
        if (w.pred(payload)) {
          waiters.splice(waiters.indexOf(w), 1);
          w.resolve(payload);
        }
      }
    }
  });
  const closed = new Promise<number>((resolve) => ws.on('close', (code) => resolve(code)));
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('error', reject);
  });
  const next = (pred: (p: Payload) => boolean) =>
    new Promise<Payload>((resolve) => {
      const found = payloads.find(pred);
      if (found) resolve(found);
      else waiters.push({ pred, resolve });
    });
  return { ws, payloads, next, closed };
}

describe('gateway protocol', () => {
  it('speaks zlib-stream transport compression and sequences dispatches', async () => {
    standIn = await DiscordStandIn.start();
    standIn.addGuild({ name: 'g' });
    const conn = await connect(`${standIn.gatewayUrl}?v=10&encoding=json&compress=zlib-stream`);
    socket = conn.ws;
    const hello = await conn.next((p) => p.op === 10);
    expect((hello.d as { heartbeat_interval: number }).heartbeat_interval).toBe(41_250);
    conn.ws.send(JSON.stringify({ op: 2, d: { token: standIn.token, intents: 1, properties: {}, shard: [0, 1] } }));
    const ready = await conn.next((p) => p.t === 'READY');
    const guild = await conn.next((p) => p.t === 'GUILD_CREATE');
    expect([ready.s, guild.s]).toEqual([1, 2]);
    expect((ready.d as { user: { id: string } }).user.id).toBe(standIn.botUserId);
    conn.ws.send(JSON.stringify({ op: 1, d: 2 }));
    await conn.next((p) => p.op === 11);
  });

  it('compresses payloads when IDENTIFY asks for compress: true', async () => {
    standIn = await DiscordStandIn.start();
    const conn = await connect(`${standIn.gatewayUrl}?v=10&encoding=json`);
    socket = conn.ws;
    await conn.next((p) => p.op === 10);
    conn.ws.send(JSON.stringify({ op: 2, d: { token: standIn.token, intents: 1, properties: {}, compress: true } }));
    const ready = await conn.next((p) => p.t === 'READY');
    expect((ready.d as { session_id: string }).session_id).toMatch(/^[0-9a-f]{32}$/);
  });

  it('closes with 4004 on a bad token and 4003 before identifying', async () => {
    standIn = await DiscordStandIn.start();
    const bad = await connect(`${standIn.gatewayUrl}?v=10&encoding=json`);
    bad.ws.send(JSON.stringify({ op: 2, d: { token: 'nope', intents: 1, properties: {} } }));
    expect(await bad.closed).toBe(4004);
    const early = await connect(`${standIn.gatewayUrl}?v=10&encoding=json`);
    early.ws.send(JSON.stringify({ op: 8, d: { guild_id: '1', query: '', limit: 0 } }));
    expect(await early.closed).toBe(4003);
  });

  it('answers op 8 Request Guild Members with a chunk', async () => {
    standIn = await DiscordStandIn.start();
    const guild = standIn.addGuild({ name: 'g' });
    standIn.addUser({ username: 'alice' });
    const conn = await connect(`${standIn.gatewayUrl}?v=10&encoding=json`);
    socket = conn.ws;
    conn.ws.send(JSON.stringify({ op: 2, d: { token: standIn.token, intents: 3, properties: {} } }));
    await conn.next((p) => p.t === 'GUILD_CREATE');
    conn.ws.send(JSON.stringify({ op: 8, d: { guild_id: guild.id, query: 'ali', limit: 0, nonce: 'n1' } }));
    const chunk = await conn.next((p) => p.t === 'GUILD_MEMBERS_CHUNK');
    const d = chunk.d as { nonce: string; members: { user: { username: string } }[] };
    expect(d.nonce).toBe('n1');
    expect(d.members.map((m) => m.user.username)).toEqual(['alice']);
  });
});
