import { parentPort } from 'node:worker_threads';
import { serveRenderJobs } from './jobs.ts';

/**
 * A render worker thread (render/pool.ts): draws and encodes pictures sent as plain data, so the
 * bot's event loop never waits on canvas (docs/performance.md, "Pictures off the main thread").
 * `npm run build` bundles it as dist/bot/render-worker.js beside the bot.
 */
if (!parentPort) throw new Error('render-worker runs as a worker thread started by the render pool');
serveRenderJobs(parentPort);
