import { parentPort, workerData } from 'node:worker_threads';
import { PgliteConnection, toWire, type WorkerReply } from './pglite-connection.ts';
import { createPglite } from './pglite-setup.ts';

/**
 * The database worker: a thread of its own that owns the embedded PGlite instance, so a query's CPU
 * never holds the bot's event loop (docs/performance.md, "PGlite off the main thread"). The bot's
 * thread talks to it through src/db/pglite-remote.ts, one request at a time: that side serializes
 * callers, so a transaction stays one caller's until it commits or rolls back; here
 * src/db/pglite-connection.ts answers them. Values cross the thread boundary by structured clone,
 * after PGlite's own parsers (drizzle's, installed once in src/db/pglite-setup.ts) have run here,
 * exactly as they would in the bot's thread.
 */

export interface WorkerStart {
  dataDir: string | null;
}

if (parentPort) {
  const port = parentPort;
  const { dataDir } = workerData as WorkerStart;
  try {
    const pg = await createPglite(dataDir);
    const serve = new PgliteConnection(pg).serve((reply) => port.postMessage(reply));
    port.on('message', serve);
    port.postMessage({ id: 0, ok: true, value: null } satisfies WorkerReply);
  } catch (err) {
    port.postMessage({ id: 0, ok: false, error: toWire(err) } satisfies WorkerReply);
  }
}
