/**
 * Picture figures. Map image figures (docs/performance.md): `renderMap(state)` end to end (layout, drawing and
 * PNG encoding), the layout alone (`mapScene`), and the PNG encoding alone — the same picture
 * decoded and encoded again at the compression level renderMap uses.
 */
import { createCanvas, loadImage } from 'canvas';
import { performance } from 'node:perf_hooks';
import { mapScene, renderMap } from '../src/render/index.ts';
import { encodePng } from '../src/render/png.ts';
import { renderLedger } from '../src/render/ledger-image.ts';
import { renderNavySheet } from '../src/render/navy-sheet.ts';
import { campaignLedger } from '../src/rules/thunderdome/ledger.ts';
import { campaignWithSectors, tenFleetNavy } from './render-states.ts';
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

export async function renderFigures(state: CampaignState, rounds: number): Promise<RenderFigures> {
  // The first call registers the fonts; it is start-up work, not per-image work.
  const png = await renderMap(state);
  const render: number[] = [];
  const layout: number[] = [];
  const encode: number[] = [];
  const image = await loadImage(png);
  const canvas = createCanvas(image.width, image.height);
  canvas.getContext('2d').drawImage(image, 0, 0);
  for (let k = 0; k < rounds; k++) {
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
export async function mapDrawOverEncode(rounds: number): Promise<{ ratio: number; figures: RenderFigures }> {
  const figures = await renderFigures(campaignWithSectors(10, 10), rounds);
  const draw = Math.max(0, figures.render.median - figures.encode.median);
  return { ratio: draw / figures.encode.median, figures };
}
