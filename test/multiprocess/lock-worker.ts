/**
 * One process racing for the PGlite data-folder lock (src/db/lock.ts). It prints `ready`, then
 * obeys lines on stdin:
 *   go <dir> <epochMs>   spin until that instant (so every worker tries at the same moment),
 *                        try the lock, print `took` or `locked` (or `error <message>`)
 *   release              release the lock if held, print `released`
 *
 *   node --import tsx lock-worker.ts
 */
import { createInterface } from 'node:readline';
import { acquireDataDirLock, DataDirLockedError } from '../../src/db/lock.ts';

let release: (() => void) | null = null;
process.stdout.write('ready\n');
for await (const line of createInterface({ input: process.stdin })) {
  const [command, dir, at] = line.trim().split(' ');
  if (command === 'go' && dir && at) {
    while (Date.now() < Number(at)) {
      // spin: all workers leave this loop within the same millisecond
    }
    try {
      release = acquireDataDirLock(dir);
      process.stdout.write('took\n');
    } catch (err) {
      process.stdout.write(err instanceof DataDirLockedError ? 'locked\n' : `error ${(err as Error).message}\n`);
    }
  } else if (command === 'release') {
    release?.();
    release = null;
    process.stdout.write('released\n');
  }
}
