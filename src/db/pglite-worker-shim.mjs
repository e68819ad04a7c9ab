// Starts the database worker (src/db/pglite-worker.ts) from the TypeScript sources, as `tsx`
// (npm run bench, npm run play) and vitest run them: a worker thread does not inherit the
// parent's TypeScript loader, so it registers tsx's before importing the worker. The built bot
// (npm run build) starts dist/bot/pglite-worker.js directly and never loads this file.
import { workerData } from 'node:worker_threads';
import { register } from 'tsx/esm/api';

register();
await import(workerData.entry);
