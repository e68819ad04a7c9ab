import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { threadId } from 'node:worker_threads';
import { afterAll, describe, expect, it } from 'vitest';
import { catalogData, drawJob, type RenderJob } from '../../src/render/jobs.ts';
import { defaultPoolSize, RenderPool, RenderWorkerCrash, type RenderPoolEvent } from '../../src/render/pool.ts';
import { renderMap } from '../../src/render/map-image.ts';
import { renderNavySheet } from '../../src/render/navy-sheet.ts';
import { renderLedger } from '../../src/render/ledger-image.ts';
import { campaignLedger } from '../../src/rules/thunderdome/ledger.ts';
import { richGame } from './scenarios.ts';

/**
 * The render pool (docs/performance.md, "Pictures off the main thread"): pictures drawn and
 * encoded in worker threads from plain data, byte for byte what drawing in the bot's thread gives.
 */
const CRASHING = new URL('./fixtures/crashing-render-worker.ts', import.meta.url);

describe('render pool', () => {
  const g = richGame();
  const pools: RenderPool[] = [];
  const pool = (opts: ConstructorParameters<typeof RenderPool>[0] = {}) => {
    const p = new RenderPool(opts);
    pools.push(p);
    return p;
  };
  afterAll(async () => {
    await Promise.all(pools.map((p) => p.close()));
  });

  it('sizes itself from the cores: one core stays with the event loop, at most two workers', () => {
    expect(defaultPoolSize(1)).toBe(1);
    expect(defaultPoolSize(2)).toBe(1);
    expect(defaultPoolSize(3)).toBe(2);
    expect(defaultPoolSize(16)).toBe(2);
  });

  it('a picture drawn in a worker thread is the same PNG bytes as one drawn in this thread', async () => {
    const p = pool({ size: 2 });
    const catalog = catalogData(g.catalog, g.state);
    const ledger = campaignLedger(g.state, g.catalog);
    const jobs: [RenderJob, () => Promise<Buffer>][] = [
      [{ kind: 'map', state: g.state, catalog }, () => renderMap(g.state, { catalog: g.catalog })],
      [
        { kind: 'map', state: g.state, catalog, focus: 'X', width: 900 },
        () => renderMap(g.state, { catalog: g.catalog, focus: 'X', width: 900 }),
      ],
      [{ kind: 'navy', state: g.state, playerId: 'p1', catalog }, () => renderNavySheet(g.state, 'p1', g.catalog)],
      [{ kind: 'ledger', state: g.state, ledger }, () => renderLedger(g.state, ledger)],
    ];
    // All at once: two workers, the rest queued.
    const fromPool = await Promise.all(jobs.map(([job]) => p.run(job)));
    for (const [i, [job, direct]] of jobs.entries()) {
      const here = await direct();
      expect(fromPool[i]!.length, job.kind).toBeGreaterThan(1000);
      expect(fromPool[i]!.equals(here), `${job.kind} ${i}`).toBe(true);
    }
    const ids = p.threadIds();
    expect(ids.length).toBeGreaterThanOrEqual(1);
    expect(ids.length).toBeLessThanOrEqual(2);
    expect(ids).not.toContain(threadId);
    expect(p.stats()).toMatchObject({ inThread: false, crashes: 0, queued: 0, busy: 0 });
  });

  it('a drawing error comes back as the job failing, and the worker goes on', async () => {
    const p = pool({ size: 1 });
    await expect(p.run({ kind: 'map', state: g.state, width: 50 })).rejects.toThrow(/out of range/);
    const png = await p.run({ kind: 'map', state: g.state, width: 400 });
    expect(png.equals(await renderMap(g.state, { width: 400 }))).toBe(true);
    expect(p.stats().crashes).toBe(0);
  });

  it('a worker that dies fails its job clearly; a new worker draws the next', async () => {
    const events: RenderPoolEvent[] = [];
    const p = pool({ size: 1, workerUrl: CRASHING, onEvent: (e) => events.push(e) });
    const fine = await p.run({ kind: 'map', state: g.state, width: 400 });
    const [first] = p.threadIds();
    const crash = p.run({ kind: 'map', state: { ...g.state, name: 'crash' } });
    // Queued behind the crash: drawn by the replacement.
    const after = p.run({ kind: 'map', state: g.state, width: 400 });
    await expect(crash).rejects.toBeInstanceOf(RenderWorkerCrash);
    await expect(crash).rejects.toThrow(/map picture failed: its render worker stopped \(exit code 70\)/);
    expect((await after).equals(fine)).toBe(true);
    expect(p.threadIds()).toHaveLength(1);
    expect(p.threadIds()[0]).not.toBe(first);
    expect(p.stats()).toMatchObject({ crashes: 1, inThread: false });
    expect(events).toEqual([{ type: 'crashed', exitCode: 70, kind: 'map' }]);
  });

  it('an idle worker ends after idleMs and gives back its memory, without counting as a crash; the next picture starts one', async () => {
    const events: RenderPoolEvent[] = [];
    const p = pool({ size: 1, idleMs: 50, onEvent: (e) => events.push(e) });
    const first = await p.run({ kind: 'map', state: g.state, width: 400 });
    expect(p.threadIds()).toHaveLength(1);
    const deadline = Date.now() + 10_000;
    while (p.threadIds().length > 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    expect(p.threadIds()).toHaveLength(0);
    expect(p.stats()).toMatchObject({ crashes: 0, inThread: false });
    expect(events).toEqual([]);
    const again = await p.run({ kind: 'map', state: g.state, width: 400 });
    expect(again.equals(first)).toBe(true);
    expect(p.threadIds()).toHaveLength(1);
  });

  it('a job that holds its worker too long fails at once; the worker is stopped only once it has finished drawing, and a new one draws the next', async () => {
    const events: RenderPoolEvent[] = [];
    const p = pool({ size: 1, jobTimeoutMs: 1, onEvent: (e) => events.push(e) });
    const given = p.run({ kind: 'map', state: g.state });
    await expect(given).rejects.toBeInstanceOf(RenderWorkerCrash);
    await expect(given).rejects.toThrow(/took longer than 1 ms and was given up/);
    expect(p.stats()).toMatchObject({ crashes: 1, busy: 0, inThread: false });
    expect(events).toEqual([{ type: 'timed-out', kind: 'map', ms: 1 }]);
    // Stopped mid-drawing, a worker inside a canvas call could take this whole process down (a
    // fatal napi_throw from measureText); given up, it finishes its picture, then ends. The pool
    // goes on with a new worker meanwhile: this one's job fails the same way, but is drawn.
    const next = p.run({ kind: 'map', state: g.state, width: 400 });
    await expect(next).rejects.toThrow(/took longer than 1 ms/);
    expect(p.stats().crashes).toBe(2);
    await new Promise((r) => setTimeout(r, 1500));
    expect(p.threadIds().length).toBeLessThanOrEqual(1);
  });

  it('close fails a picture still drawing after its drain time, and waits for that worker to finish before it ends it', async () => {
    const p = pool({ size: 1, drainMs: 1 });
    // A worker ready first, so the picture is under way when the pool closes.
    await p.run({ kind: 'map', state: g.state, width: 400 });
    const drawing = p.run({ kind: 'map', state: g.state });
    const failed = expect(drawing).rejects.toThrow(/closed before this picture was drawn/);
    await p.close();
    await failed;
    expect(p.threadIds()).toEqual([]);
    expect(p.stats()).toMatchObject({ workers: 0, busy: 0, crashes: 0 });
  });

  it('close lets queued jobs finish, then ends every worker; later jobs are refused', async () => {
    const p = pool({ size: 1 });
    const queued = [
      p.run({ kind: 'map', state: g.state, width: 400 }),
      p.run({ kind: 'ledger', state: g.state, ledger: campaignLedger(g.state, g.catalog) }),
    ];
    await p.close();
    const [map, ledger] = await Promise.all(queued);
    expect(map!.length).toBeGreaterThan(1000);
    expect(ledger!.length).toBeGreaterThan(1000);
    expect(p.threadIds()).toEqual([]);
    expect(p.stats().workers).toBe(0);
    await expect(p.run({ kind: 'map', state: g.state })).rejects.toThrow(/closed/);
  });

  it('where no worker can start, pictures are drawn in this thread (and that is reported)', async () => {
    const events: RenderPoolEvent[] = [];
    const p = pool({
      size: 1,
      workerUrl: new URL('./fixtures/no-such-worker.ts', import.meta.url),
      onEvent: (e) => events.push(e),
    });
    const png = await p.run({ kind: 'map', state: g.state, width: 400 });
    expect(png.equals(await drawJob({ kind: 'map', state: g.state, width: 400 }))).toBe(true);
    expect(p.stats().inThread).toBe(true);
    expect(events.map((e) => e.type)).toEqual(['fallback']);
  });

  it('loads under tsx as `npm run bench`, `npm run play` and `npm run start:dev` run it (a TypeScript worker)', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'cm-render-pool-'));
    try {
      const pool = fileURLToPath(new URL('../../src/render/pool.ts', import.meta.url));
      writeFileSync(join(dir, 'state.json'), JSON.stringify(g.state));
      writeFileSync(
        join(dir, 'draw.mts'),
        [
          `import { readFileSync } from 'node:fs';`,
          `import { createHash } from 'node:crypto';`,
          `import { RenderPool } from ${JSON.stringify(pool)};`,
          `const p = new RenderPool({ size: 1, onEvent: (e) => console.log(JSON.stringify(e)) });`,
          `const state = JSON.parse(readFileSync(${JSON.stringify(join(dir, 'state.json'))}, 'utf8'));`,
          `const png = await p.run({ kind: 'map', state, width: 400 });`,
          `console.log(p.threadIds().length, p.stats().inThread, createHash('sha256').update(png).digest('hex'));`,
          `await p.close();`,
        ].join('\n'),
      );
      const tsx = createRequire(import.meta.url).resolve('tsx/cli');
      const run = spawnSync(process.execPath, [tsx, join(dir, 'draw.mts')], { encoding: 'utf8', timeout: 60_000 });
      expect(run.stderr).toBe('');
      const want = createHash('sha256')
        .update(await drawJob({ kind: 'map', state: g.state, width: 400 }))
        .digest('hex');
      expect(run.stdout.trim()).toBe(`1 false ${want}`);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);
});
