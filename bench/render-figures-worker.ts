import { parentPort, workerData } from 'node:worker_threads';
import type { CampaignState } from '../src/rules/thunderdome/index.ts';
import { mapDrawOverEncode, pictureSuite, renderFigures, type PictureRun } from './render.ts';

/**
 * The picture figures (bench/render.ts), measured in a worker thread as the bot draws its pictures:
 * with a `state`, the map image figures of that campaign (`renderFigures`); otherwise the suite.
 */
const { rounds, state } = workerData as { rounds: number; state?: CampaignState };
if (state) parentPort!.postMessage(await renderFigures(state, rounds));
else {
  const pictures = await pictureSuite(rounds);
  const ratio = await mapDrawOverEncode(rounds, 'redraw');
  const cold = await mapDrawOverEncode(rounds, 'fresh');
  const first = await mapDrawOverEncode(rounds, 'first');
  parentPort!.postMessage({ pictures, ratio, cold, first } satisfies PictureRun);
}
