// The canvas addon stays loaded in the bot's thread for the life of the process: a worker that
// ends (closed, crashed or stopped) after drawing, in a process where only workers had loaded
// canvas, takes the whole process down with it (SIGSEGV in the addon's unloading; canvas 3.2,
// Node 20). render/jobs.ts, the in-thread fallback, loads it too; this says why it must.
import 'canvas';
import { createRequire } from 'node:module';
import { availableParallelism } from 'node:os';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { drawJob, type PoolMessage, type RenderJob, type WorkerMessage } from './jobs.ts';

/**
 * A small pool of render worker threads (docs/performance.md, "Pictures off the main thread").
 * Drawing a large map holds a thread for a few hundred milliseconds of canvas work; on the bot's
 * thread that is every other interaction and PGlite waiting. Jobs are plain data (render/jobs.ts),
 * queued and handed to the first idle worker, one at a time each. Workers start on the first job
 * and stay (a start costs the modules and the fonts again); an idle worker does not keep the
 * process alive. A worker that dies fails the job it held, clearly, and the next job starts a new
 * one. Only where a worker cannot start at all are pictures drawn in the calling thread.
 */
export interface RenderPoolOptions {
  /** Workers at most; default `defaultPoolSize()`. */
  size?: number;
  /** The worker's module; default render-worker.ts beside this file (render-worker.js when bundled). */
  workerUrl?: URL;
  /** A job still running after this long fails, and its worker is replaced (default 60 s). */
  jobTimeoutMs?: number;
  /** `close()` lets queued and running jobs finish for at most this long (default 10 s). */
  drainMs?: number;
  /**
   * A worker left idle this long ends, and gives back its memory (a worker that has drawn holds
   * 45–85 MiB: its own V8 heap, canvas and fonts); the next picture starts one again. Default 60 s.
   */
  idleMs?: number;
  /** Told of a worker that died or could not start, and of the fall back to drawing in-thread. */
  onEvent?: (event: RenderPoolEvent) => void;
}

export type RenderPoolEvent =
  | { type: 'crashed'; exitCode: number; error?: string; kind?: string }
  /** A job given up after `jobTimeoutMs`; its worker is stopped once it has finished (RenderPool `timedOut`). */
  | { type: 'timed-out'; kind: string; ms: number }
  | { type: 'fallback'; error: string };

export interface RenderPoolStats {
  workers: number;
  busy: number;
  queued: number;
  /** Workers that died after they were ready, and jobs given up for taking too long. */
  crashes: number;
  /** True once no worker could start here: jobs are drawn in the calling thread. */
  inThread: boolean;
}

/** A job that failed because its worker died (or was stopped for taking too long). */
export class RenderWorkerCrash extends Error {
  override readonly name = 'RenderWorkerCrash';
}

/**
 * Workers for this machine: one core stays with the event loop (and PGlite on it); pictures are
 * occasional, so never more than two. 1 on a 2-core machine.
 */
export function defaultPoolSize(cores = availableParallelism()): number {
  return Math.max(1, Math.min(2, cores - 1));
}

interface Pending {
  id: number;
  job: RenderJob;
  resolve(png: Buffer): void;
  reject(err: Error): void;
}

interface Slot {
  worker: Worker;
  ready: boolean;
  job: Pending | null;
  timer: NodeJS.Timeout | null;
  /** Ends the worker when it has been idle `idleMs`. */
  idleTimer: NodeJS.Timeout | null;
  /** Ended for being idle, not crashed. */
  retired: boolean;
  error: Error | null;
  /** Taken out of the pool while busy (retire): stopped once it has finished. */
  detached: boolean;
}

export class RenderPool {
  readonly size: number;
  private readonly url: URL;
  private readonly jobTimeoutMs: number;
  private readonly drainMs: number;
  private readonly idleMs: number;
  private readonly onEvent: (event: RenderPoolEvent) => void;
  private readonly slots: Slot[] = [];
  private readonly queue: Pending[] = [];
  private nextId = 1;
  private crashes = 0;
  private everReady = false;
  private inThread = false;
  private closed = false;
  private drained: (() => void) | null = null;
  /** Workers taken out of the pool while busy (retire), until they have ended. */
  private readonly givenUp = new Set<Promise<void>>();

  constructor(opts: RenderPoolOptions = {}) {
    this.size = Math.max(1, Math.floor(opts.size ?? defaultPoolSize()));
    this.url = opts.workerUrl ?? defaultWorkerUrl();
    this.jobTimeoutMs = opts.jobTimeoutMs ?? 60_000;
    this.drainMs = opts.drainMs ?? 10_000;
    this.idleMs = opts.idleMs ?? 60_000;
    this.onEvent = opts.onEvent ?? (() => {});
  }

  /** Draws and encodes a picture in a worker; the PNG bytes. */
  run(job: RenderJob): Promise<Buffer> {
    if (this.closed) return Promise.reject(new Error('the render pool is closed'));
    if (this.inThread) return drawJob(job);
    return new Promise<Buffer>((resolve, reject) => {
      this.queue.push({ id: this.nextId++, job, resolve, reject });
      this.pump();
    });
  }

  stats(): RenderPoolStats {
    return {
      workers: this.slots.length,
      busy: this.slots.filter((s) => s.job).length,
      queued: this.queue.length,
      crashes: this.crashes,
      inThread: this.inThread,
    };
  }

  /** Thread ids of the live workers (tests). */
  threadIds(): number[] {
    return this.slots.map((s) => s.worker.threadId);
  }

  /**
   * Stops taking jobs, lets those queued and running finish (at most `drainMs`), then ends the
   * workers; a job still unfinished then fails, and its worker ends once it has finished drawing
   * (at most `drainMs` more is waited for it).
   */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    if (this.queue.length > 0 || this.slots.some((s) => s.job)) {
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, this.drainMs);
        this.drained = () => {
          clearTimeout(timer);
          resolve();
        };
      });
    }
    for (const p of this.queue.splice(0)) p.reject(new Error('the render pool closed before drawing this picture'));
    for (const slot of this.slots.filter((s) => s.job)) {
      const p = slot.job!;
      this.retire(slot);
      p.reject(new Error('the render pool closed before this picture was drawn'));
    }
    await Promise.all(this.slots.map((s) => s.worker.terminate()));
    // A worker given up on ends once it has finished its drawing; the pool is closed when it has.
    await Promise.race([Promise.all(this.givenUp), delay(this.drainMs)]);
  }

  private pump(): void {
    while (this.queue.length > 0) {
      const idle = this.slots.find((s) => s.ready && !s.job);
      if (idle) {
        this.start(idle, this.queue.shift()!);
        continue;
      }
      if (this.slots.length < this.size && !this.slots.some((s) => !s.ready)) this.spawn();
      break;
    }
    if (this.closed && this.queue.length === 0 && !this.slots.some((s) => s.job)) this.drained?.();
  }

  private start(slot: Slot, p: Pending): void {
    if (slot.idleTimer) clearTimeout(slot.idleTimer);
    slot.idleTimer = null;
    slot.job = p;
    try {
      slot.worker.postMessage({ type: 'job', id: p.id, job: p.job } satisfies PoolMessage);
    } catch (err) {
      // Not plain data (a function, a class instance with private state): the caller's mistake.
      slot.job = null;
      p.reject(err instanceof Error ? err : new Error(String(err)));
      return;
    }
    slot.worker.ref();
    slot.timer = setTimeout(() => this.timedOut(slot), this.jobTimeoutMs);
    slot.timer.unref();
  }

  /**
   * A job that held its worker past `jobTimeoutMs` fails now, and the queue goes on in a new worker.
   * The old one is not stopped in the middle of its drawing: a worker thread stopped inside a canvas
   * call takes the whole process down (node-addon-api's fatal "napi_throw" when canvas's
   * `measureText` found the thread terminating). It is stopped once it has finished, waiting for
   * work, which is safe; one still busy `STUCK_MS` later is taken to be stuck and stopped anyway.
   */
  private timedOut(slot: Slot): void {
    const p = slot.job;
    slot.timer = null;
    this.crashes++;
    if (p) this.onEvent({ type: 'timed-out', kind: p.job.kind, ms: this.jobTimeoutMs });
    this.retire(slot);
    p?.reject(
      new RenderWorkerCrash(
        `drawing the ${p.job.kind} picture took longer than ${this.jobTimeoutMs} ms and was given up`,
      ),
    );
    this.pump();
  }

  /**
   * Takes a busy worker out of the pool (its job is the caller's to fail) and stops it once it has
   * finished what it is drawing (see `timedOut` for why not before).
   */
  private retire(slot: Slot): void {
    slot.job = null;
    slot.detached = true;
    this.slots.splice(this.slots.indexOf(slot), 1);
    if (slot.timer) clearTimeout(slot.timer);
    if (slot.idleTimer) clearTimeout(slot.idleTimer);
    const ended = new Promise<void>((resolve) => {
      const stuck = setTimeout(() => void slot.worker.terminate(), Math.max(this.jobTimeoutMs, STUCK_MS));
      stuck.unref();
      slot.worker.once('message', () => {
        clearTimeout(stuck);
        void slot.worker.terminate();
      });
      slot.worker.once('exit', () => {
        clearTimeout(stuck);
        this.givenUp.delete(ended);
        resolve();
      });
    });
    this.givenUp.add(ended);
    slot.worker.unref();
  }

  private spawn(): void {
    let worker: Worker;
    try {
      worker = startWorker(this.url);
    } catch (err) {
      this.fallBack(err);
      return;
    }
    const slot: Slot = {
      worker,
      ready: false,
      job: null,
      timer: null,
      idleTimer: null,
      retired: false,
      error: null,
      detached: false,
    };
    this.slots.push(slot);
    worker.unref();
    worker.on('message', (m: WorkerMessage) => this.onMessage(slot, m));
    worker.on('error', (err) => {
      slot.error = err;
    });
    worker.on('exit', (code) => this.onExit(slot, code));
  }

  private onMessage(slot: Slot, m: WorkerMessage): void {
    // A worker taken out of the pool while busy (retire) is stopped as its late answer comes; the answer is dropped.
    if (slot.detached) return;
    if (m.type === 'ready') {
      slot.ready = true;
      this.everReady = true;
      this.pump();
      if (!slot.job) this.idle(slot);
      return;
    }
    const p = slot.job;
    if (!p || p.id !== m.id) return;
    if (slot.timer) clearTimeout(slot.timer);
    slot.timer = null;
    slot.job = null;
    slot.worker.unref();
    if (m.type === 'done') p.resolve(Buffer.from(m.png.buffer, m.png.byteOffset, m.png.byteLength));
    else {
      const err = new Error(m.message);
      if (m.stack) err.stack = m.stack;
      p.reject(err);
    }
    this.pump();
    if (!slot.job) this.idle(slot);
  }

  /** A worker with nothing to do ends after `idleMs` unless a job comes first (`start` clears this). */
  private idle(slot: Slot): void {
    if (slot.idleTimer) clearTimeout(slot.idleTimer);
    slot.idleTimer = setTimeout(() => {
      slot.idleTimer = null;
      if (slot.job || this.closed) return;
      slot.retired = true;
      void slot.worker.terminate();
    }, this.idleMs);
    slot.idleTimer.unref();
  }

  private onExit(slot: Slot, code: number): void {
    if (slot.timer) clearTimeout(slot.timer);
    if (slot.idleTimer) clearTimeout(slot.idleTimer);
    // Taken out of the pool while busy (retire): its job was failed then.
    if (slot.detached) return;
    this.slots.splice(this.slots.indexOf(slot), 1);
    const p = slot.job;
    slot.job = null;
    if ((this.closed || slot.retired) && !p) {
      this.pump();
      return;
    }
    if (!slot.ready && !this.everReady) {
      // The worker never came up (no worker threads here, or its module cannot load): draw in-thread.
      this.fallBack(slot.error ?? new Error(`the render worker exited with code ${code} before it was ready`));
      return;
    }
    this.crashes++;
    const why = `failed: its render worker stopped (exit code ${code}${slot.error ? `: ${slot.error.message}` : ''})`;
    this.onEvent({
      type: 'crashed',
      exitCode: code,
      ...(slot.error ? { error: slot.error.message } : {}),
      ...(p ? { kind: p.job.kind } : {}),
    });
    p?.reject(new RenderWorkerCrash(`drawing the ${p.job.kind} picture ${why}`));
    // The queue goes on in a new worker (pump starts one).
    this.pump();
  }

  private fallBack(err: unknown): void {
    if (this.inThread) return;
    this.inThread = true;
    this.onEvent({ type: 'fallback', error: err instanceof Error ? err.message : String(err) });
    for (const p of this.queue.splice(0)) drawJob(p.job).then(p.resolve, p.reject);
    this.pump();
  }
}

/** A worker still busy this long after its job was given up is taken to be stuck, and stopped anyway. */
const STUCK_MS = 5 * 60_000;

const delay = (ms: number) =>
  new Promise<void>((resolve) => {
    setTimeout(resolve, ms).unref();
  });

/** render-worker.ts beside this module from source (tsx, vitest), render-worker.js in the bundle (dist/bot). */
function defaultWorkerUrl(): URL {
  const here = import.meta.url;
  return new URL(here.endsWith('.ts') ? './render-worker.ts' : './render-worker.js', here);
}

/**
 * Starts a worker on the module. A built worker (dist/bot/render-worker.js) is plain JavaScript
 * and inherits the flags `npm start` gives node. A TypeScript one (tsx: `npm run bench`,
 * `npm run play`, `npm run start:dev`; vitest) needs tsx's loader in the worker, and Node 20
 * loads a worker's entry before the hooks of an inherited `--import` apply (the entry then fails
 * with ERR_UNKNOWN_FILE_EXTENSION): a small bootstrap registers tsx's hooks in the worker, then
 * imports the module. (The bench starts its own workers with it too.)
 */
export function startWorker(url: URL, workerData?: unknown): Worker {
  if (!url.pathname.endsWith('.ts')) return new Worker(url, { workerData });
  const tsx = new URL(
    './dist/esm/api/index.mjs',
    pathToFileURL(createRequire(import.meta.url).resolve('tsx/package.json')),
  );
  const boot = `import(${JSON.stringify(tsx.href)}).then((m) => { m.register(); return import(${JSON.stringify(url.href)}); });`;
  return new Worker(boot, { eval: true, workerData });
}

// ---------------------------------------------------------------------------------------------
// The process's pool: every picture the bot posts is drawn through it.

let shared: RenderPool | null = null;
let sharedEvents: (event: RenderPoolEvent) => void = () => {};

/** Where the process's pool reports crashes and its fall back (the bot's logger). */
export function onRenderPoolEvent(listener: (event: RenderPoolEvent) => void): void {
  sharedEvents = listener;
}

/** The process's render pool, started on first use. */
export function renderPool(): RenderPool {
  shared ??= new RenderPool({ onEvent: (e) => sharedEvents(e) });
  return shared;
}

/** Draws a picture in the process's pool. */
export function renderPicture(job: RenderJob): Promise<Buffer> {
  return renderPool().run(job);
}

/** Closes the process's pool (bot shutdown); a later picture starts a new one. */
export async function closeRenderPool(): Promise<void> {
  const pool = shared;
  shared = null;
  await pool?.close();
}
