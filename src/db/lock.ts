import { randomBytes } from 'node:crypto';
import { linkSync, mkdirSync, readFileSync, statSync, unlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * PGlite is a single-process database: two processes opening one data folder would corrupt it
 * (design §3.8). A lock file guards the folder:
 *
 * - **Taken atomically.** The holder's record is written whole to a file of its own, then
 *   `link()`ed to the lock's name: the link either creates the name or fails because it exists,
 *   so of several processes started at once exactly one gets it, and a reader never sees a
 *   half-written lock.
 * - **Who holds it.** The record names the pid, the process's start time (field 22 of
 *   `/proc/<pid>/stat`, where there is one) and a random token. A lock whose pid is gone, or whose
 *   pid now belongs to a process started at another time (the pid was reused after a crash), is
 *   stale and taken over.
 * - **Taking over a stale lock** happens under a second, short-lived lock (`.break`, also taken by
 *   `link()`), and only after reading the lock again and finding the same token: so two processes
 *   that both found the same stale lock cannot each remove the other's fresh one.
 */
export class DataDirLockedError extends Error {}

const LOCK_NAME = 'campaign-master.lock';

/** A takeover holds `.break` for microseconds; one older than this was left by a crash. */
const STALE_BREAK_MS = 5_000;

interface Holder {
  pid: number;
  /** Start time of the process in clock ticks since boot; null where /proc is not available (or a lock of an older version). */
  start: string | null;
  token: string;
}

export function acquireDataDirLock(dir: string): () => void {
  mkdirSync(dir, { recursive: true });
  const path = join(dir, LOCK_NAME);
  const me: Holder = { pid: process.pid, start: processStart(process.pid), token: randomBytes(16).toString('hex') };
  for (let attempt = 0; attempt < 20; attempt++) {
    if (linkInPlace(path, me)) return () => release(path, me.token);
    const holder = readHolder(path);
    if (holder === 'gone') continue;
    if (holder !== null && isLive(holder)) {
      throw new DataDirLockedError(
        `The data folder ${dir} is in use by another Campaign Master process (pid ${holder.pid}). Stop it, or set DATA_DIR to another folder, or use DATABASE_URL.`,
      );
    }
    removeStale(path, holder);
  }
  throw new DataDirLockedError(`Could not lock the data folder ${dir}.`);
}

/** Writes the record to a file of our own and links it to `path`: true when the name was free. */
function linkInPlace(path: string, record: Holder): boolean {
  const temp = `${path}.${record.pid}.${randomBytes(6).toString('hex')}`;
  writeFileSync(temp, JSON.stringify(record), { flag: 'wx' });
  try {
    linkSync(temp, path);
    return true;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw err;
  } finally {
    unlinkSync(temp);
  }
}

/** The holder named by the lock file; null for a file that names no one (unreadable content); 'gone' when there is no file. */
function readHolder(path: string): Holder | null | 'gone' {
  let text: string;
  try {
    text = readFileSync(path, 'utf8').trim();
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return 'gone';
    throw err;
  }
  // Locks written by earlier versions hold only the pid.
  if (/^\d+$/.test(text)) return { pid: Number(text), start: null, token: `pid:${text}` };
  try {
    const r = JSON.parse(text) as Partial<Holder>;
    if (Number.isInteger(r.pid) && typeof r.token === 'string')
      return { pid: r.pid!, start: typeof r.start === 'string' ? r.start : null, token: r.token };
  } catch {
    // not a record: nobody can hold it
  }
  return null;
}

/**
 * Whether the process that wrote the record still runs: the pid answers, and, where both start
 * times are known, it is the same process (not another one that got the pid later). Our own pid
 * is not live: a lock this process wrote and did not release (an earlier open in the same process)
 * is taken over, as before.
 */
function isLive(holder: Holder): boolean {
  if (holder.pid <= 0 || holder.pid === process.pid) return false;
  try {
    process.kill(holder.pid, 0);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EPERM') return false;
  }
  const now = processStart(holder.pid);
  return holder.start === null || now === null || now === holder.start;
}

/** Removes the lock if it is still the stale one that was read, under the `.break` lock. */
function removeStale(path: string, stale: Holder | null): void {
  const breakPath = `${path}.break`;
  const breaker: Holder = {
    pid: process.pid,
    start: processStart(process.pid),
    token: randomBytes(16).toString('hex'),
  };
  if (!linkInPlace(breakPath, breaker)) {
    // Another process is taking over right now; unless it died doing so, try again after it.
    if (ageMs(breakPath) > STALE_BREAK_MS) unlinkIfPresent(breakPath);
    sleepMs(5);
    return;
  }
  try {
    const now = readHolder(path);
    const same = now === null ? stale === null : now !== 'gone' && stale !== null && now.token === stale.token;
    if (same) unlinkIfPresent(path);
  } finally {
    unlinkIfPresent(breakPath);
  }
}

function release(path: string, token: string): void {
  const holder = readHolder(path);
  if (holder !== null && holder !== 'gone' && holder.token === token) unlinkIfPresent(path);
}

/** Field 22 of /proc/<pid>/stat (after the parenthesised command name, which may hold spaces); null off Linux. */
function processStart(pid: number): string | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return fields[19] ?? null;
  } catch {
    return null;
  }
}

function ageMs(path: string): number {
  try {
    return Date.now() - statSync(path).mtimeMs;
  } catch {
    return 0;
  }
}

function unlinkIfPresent(path: string): void {
  try {
    unlinkSync(path);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
  }
}

/** A short synchronous pause between attempts (the lock is taken once, at start-up). */
function sleepMs(ms: number): void {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}
