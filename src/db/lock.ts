import { closeSync, mkdirSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import { join } from 'node:path';

/**
 * PGlite is a single-process database: two processes opening one data folder would corrupt it
 * (design §3.8). A lock file holding our PID guards the folder; a lock left by a process that
 * no longer runs (killed with SIGKILL, say) is taken over.
 */
export class DataDirLockedError extends Error {}

export function acquireDataDirLock(dir: string): () => void {
  mkdirSync(dir, { recursive: true });
  const path = join(dir, 'campaign-master.lock');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(path, 'wx');
      writeSync(fd, String(process.pid));
      closeSync(fd);
      return () => {
        try {
          if (readFileSync(path, 'utf8') === String(process.pid)) rmSync(path);
        } catch {
          // already gone
        }
      };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const holder = Number(readFileSync(path, 'utf8').trim());
      if (Number.isInteger(holder) && holder > 0 && holder !== process.pid && isAlive(holder)) {
        throw new DataDirLockedError(
          `The data folder ${dir} is in use by another Campaign Master process (pid ${holder}). Stop it, or set DATA_DIR to another folder, or use DATABASE_URL.`,
        );
      }
      rmSync(path, { force: true });
    }
  }
  throw new DataDirLockedError(`Could not lock the data folder ${dir}.`);
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}
