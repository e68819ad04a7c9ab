/**
 * Picture figures. Map image figures (docs/performance.md): `renderMap(state)` end to end (layout, drawing and
 * PNG encoding), the layout alone (`mapScene`), and the PNG encoding alone — the same picture
 * decoded and encoded again at the compression level renderMap uses.
 */
import { createCanvas, loadImage } from 'canvas';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { mapScene, renderMap } from '../src/render/index.ts';
import { forgetMapCaches } from '../src/render/map-image.ts';
import { RenderPool, startWorker } from '../src/render/pool.ts';
import { encodePng } from '../src/render/png.ts';
import { renderLedger } from '../src/render/ledger-image.ts';
import { renderNavySheet } from '../src/render/navy-sheet.ts';
import { campaignLedger } from '../src/rules/thunderdome/ledger.ts';
import { campaignWithSectors, campaignWithSectorsOffThread, tenFleetNavy } from './render-states.ts';
import type { CampaignState } from '../src/rules/thunderdome/index.ts';
import { ms, stats, type Stats } from './stats.ts';

export interface RenderFigures {
  render: Stats;
  layout: Stats;
  encode: Stats;
  width: number;
  height: number;
  bytes: number;
}

/**
 * How each measured map is drawn: `redraw`, the same map again, as after a command that left the
 * map area and legend as they were (render/map-image.ts); `fresh`, from nothing, the layout and
 * the kept map layer forgotten first (a map whose sectors, owners or fleets changed since the last
 * draw; the drawing pieces kept by radius, colour or text stay); `first`, with every cache of the
 * map empty, as a render worker's first map.
 */
export type DrawKind = 'redraw' | 'fresh' | 'first';

export async function renderFigures(
  state: CampaignState,
  rounds: number,
  kind: DrawKind = 'redraw',
): Promise<RenderFigures> {
  // The first call registers the fonts; it is start-up work, not per-image work.
  const png = await renderMap(state);
  const render: number[] = [];
  const layout: number[] = [];
  const encode: number[] = [];
  const image = await loadImage(png);
  const canvas = createCanvas(image.width, image.height);
  canvas.getContext('2d').drawImage(image, 0, 0);
  for (let k = 0; k < rounds; k++) {
    if (kind !== 'redraw') forgetMapCaches(kind === 'first');
    let t0 = performance.now();
    await renderMap(state);
    render.push(performance.now() - t0);
    t0 = performance.now();
    mapScene(state);
    layout.push(performance.now() - t0);
    t0 = performance.now();
    await encodePng(canvas);
    encode.push(performance.now() - t0);
  }
  return {
    render: stats(render),
    layout: stats(layout),
    encode: stats(encode),
    width: image.width,
    height: image.height,
    bytes: png.length,
  };
}

// ---------------------------------------------------------------------------------------------
// Every picture at several sizes, each beside the encoding of a blank canvas of the
// same size (the part of the time that is PNG encoding of that many pixels, not drawing).

export interface PictureFigures {
  label: string;
  width: number;
  height: number;
  bytes: number;
  /** Drawing and encoding, end to end. */
  render: Stats;
  /** Encoding a blank canvas of the same size. */
  blank: Stats;
}

async function pictureFigures(label: string, rounds: number, draw: () => Promise<Buffer>): Promise<PictureFigures> {
  const png = await draw();
  const image = await loadImage(png);
  const blankCanvas = createCanvas(image.width, image.height);
  const render: number[] = [];
  const blank: number[] = [];
  for (let k = 0; k < rounds; k++) {
    let t0 = performance.now();
    await draw();
    render.push(performance.now() - t0);
    t0 = performance.now();
    await encodePng(blankCanvas);
    blank.push(performance.now() - t0);
  }
  return {
    label,
    width: image.width,
    height: image.height,
    bytes: png.length,
    render: stats(render),
    blank: stats(blank),
  };
}

/** Maps of 30, 100 and 300 sectors, a navy sheet of 10 fleets and the ledger. */
export async function pictureSuite(rounds: number): Promise<PictureFigures[]> {
  const out: PictureFigures[] = [];
  for (const [players, per] of [
    [3, 10],
    [10, 10],
    [12, 25],
  ] as const) {
    const state = campaignWithSectors(players, per);
    out.push(await pictureFigures(`map, ${state.map!.sectors.length} sectors`, rounds, () => renderMap(state)));
  }
  const navy = tenFleetNavy();
  out.push(
    await pictureFigures(
      `navy sheet, ${navy.state.fleets.filter((f) => f.owner === navy.playerId).length} fleets`,
      rounds,
      () => renderNavySheet(navy.state, navy.playerId, navy.catalog),
    ),
  );
  const big = campaignWithSectors(12, 25);
  const ledger = campaignLedger(big, navy.catalog);
  out.push(await pictureFigures(`ledger, ${ledger.rows.length} players`, rounds, () => renderLedger(big, ledger)));
  return out;
}

export function printPictures(figures: readonly PictureFigures[]): void {
  console.log('\nPictures: medians over repeated runs; "blank" is encoding an empty canvas of the same size');
  for (const f of figures) {
    console.log(
      `  ${f.label.padEnd(24)} ${`${f.width}×${f.height}`.padEnd(10)} ${String(Math.round(f.bytes / 1024)).padStart(4)} KiB  draw + encode ${ms(f.render, 1)}; blank encode ${ms(f.blank, 1)}`,
    );
  }
}

/**
 * The map drawing beside the PNG encoding of the same picture, at 100 sectors (10 players): drawing
 * (layout and canvas work, renderMap less its encode) ÷ encoding. The target is at most 0.5.
 */
export async function mapDrawOverEncode(
  rounds: number,
  kind: DrawKind = 'redraw',
): Promise<{ ratio: number; figures: RenderFigures }> {
  const figures = await renderFigures(campaignWithSectors(10, 10), rounds, kind);
  const draw = Math.max(0, figures.render.median - figures.encode.median);
  return { ratio: draw / figures.encode.median, figures };
}

export interface PictureRun {
  pictures: PictureFigures[];
  /** The 100-sector map redrawn, drawn from nothing, and drawn first in a worker (DrawKind). */
  ratio: { ratio: number; figures: RenderFigures };
  cold: { ratio: number; figures: RenderFigures };
  first: { ratio: number; figures: RenderFigures };
}

/**
 * The picture figures measured in a thread of their own (bench/render-figures-worker.ts), as the
 * bot draws in its render workers: the same timings, without holding up this thread's event loop
 * (whose delay the bench reports over the whole run).
 */
export function pictureRunInWorker(rounds: number): Promise<PictureRun> {
  return inFiguresWorker<PictureRun>({ rounds });
}

/** `renderFigures(state, rounds)` in a thread of its own, as `pictureRunInWorker`. */
export function renderFiguresInWorker(state: CampaignState, rounds: number): Promise<RenderFigures> {
  return inFiguresWorker<RenderFigures>({ rounds, state });
}

function inFiguresWorker<T>(data: { rounds: number; state?: CampaignState }): Promise<T> {
  const worker = startWorker(new URL('./render-figures-worker.ts', import.meta.url), data);
  return new Promise<T>((resolve, reject) => {
    worker.once('message', (run: T) => {
      resolve(run);
      void worker.terminate();
    });
    worker.once('error', reject);
    worker.once('exit', (code) => reject(new Error(`picture figures worker exited with code ${code}`)));
  });
}

export interface LoopDelayFigures {
  label: string;
  /** Event-loop delay of this thread while the map was drawn (ms). */
  max: number;
  p99: number;
  /** Each picture, from asking to having the PNG (ms). */
  picture: Stats;
}

/**
 * The event loop of this thread while the largest map (300 sectors) is drawn `rounds` times, one
 * after the other: through a render pool (the bot's way), and with `inThreadToo` in this thread
 * from nothing (the way before the pool; it blocks, so it would count in the bench's whole-run
 * loop-delay figures: only on request). 1 ms resolution.
 */
export async function loopDelayWhileDrawing(rounds: number, inThreadToo = false): Promise<LoopDelayFigures[]> {
  const state = await campaignWithSectorsOffThread(12, 25);
  const out: LoopDelayFigures[] = [];
  const measure = async (label: string, draw: () => Promise<Buffer>) => {
    await draw();
    const h = monitorEventLoopDelay({ resolution: 1 });
    const times: number[] = [];
    h.enable();
    for (let k = 0; k < rounds; k++) {
      const t0 = performance.now();
      await draw();
      times.push(performance.now() - t0);
    }
    h.disable();
    out.push({ label, max: h.max / 1e6, p99: h.percentile(99) / 1e6, picture: stats(times) });
  };
  const pool = new RenderPool();
  try {
    await measure(`through the render pool (${pool.size} worker${pool.size === 1 ? '' : 's'})`, () =>
      pool.run({ kind: 'map', state }),
    );
  } finally {
    await pool.close();
  }
  if (inThreadToo)
    await measure('in this thread', () => {
      forgetMapCaches();
      return renderMap(state);
    });
  return out;
}

export function printLoopDelay(figures: readonly LoopDelayFigures[]): void {
  console.log('\nEvent-loop delay of the bench thread while a 300-sector map is drawn, one after the other:');
  for (const f of figures)
    console.log(
      `  ${f.label.padEnd(36)} max ${f.max.toFixed(1)} ms, p99 ${f.p99.toFixed(1)} ms; each picture ${ms(f.picture, 1)}`,
    );
}
