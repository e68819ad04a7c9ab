/**
 * Map image figures (issue 8 §1, issue 7): `renderMap(state)` end to end (layout, drawing and
 * PNG encoding), the layout alone (`mapScene`), and the PNG encoding alone — the same picture
 * decoded and encoded again at the compression level renderMap uses.
 */
import { createCanvas, loadImage } from 'canvas';
import { performance } from 'node:perf_hooks';
import { mapScene, renderMap } from '../src/render/index.ts';
import { encodePng } from '../src/render/png.ts';
import type { CampaignState } from '../src/rules/thunderdome/index.ts';
import { stats, type Stats } from './stats.ts';

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
  return { render: stats(render), layout: stats(layout), encode: stats(encode), width: image.width, height: image.height, bytes: png.length };
}
