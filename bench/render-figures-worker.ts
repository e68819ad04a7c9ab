import { parentPort, workerData } from 'node:worker_threads';
import { mapDrawOverEncode, pictureSuite, type PictureRun } from './render.ts';

/** The picture figures (bench/render.ts), measured in a worker thread as the bot draws its pictures. */
const { rounds } = workerData as { rounds: number };
const pictures = await pictureSuite(rounds);
const ratio = await mapDrawOverEncode(rounds, 'redraw');
const cold = await mapDrawOverEncode(rounds, 'fresh');
const first = await mapDrawOverEncode(rounds, 'first');
parentPort!.postMessage({ pictures, ratio, cold, first } satisfies PictureRun);
