import { parentPort, workerData } from 'node:worker_threads';
import { mapDrawOverEncode, pictureSuite, type PictureRun } from './render.ts';

/** The picture figures (bench/render.ts), measured in a worker thread as the bot draws its pictures. */
const { rounds } = workerData as { rounds: number };
const pictures = await pictureSuite(rounds);
const ratio = await mapDrawOverEncode(rounds);
const cold = await mapDrawOverEncode(rounds, true);
parentPort!.postMessage({ pictures, ratio, cold } satisfies PictureRun);
