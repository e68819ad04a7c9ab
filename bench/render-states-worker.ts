import { parentPort, workerData } from 'node:worker_threads';
import { campaignWithSectors } from './render-states.ts';

/** `campaignWithSectors` in a thread of its own (bench/render-states.ts, `campaignWithSectorsOffThread`). */
const { players, perPlayer } = workerData as { players: number; perPlayer: number };
parentPort!.postMessage(campaignWithSectors(players, perPlayer));
