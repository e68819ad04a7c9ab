import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const WORKER = join(import.meta.dirname, 'lock-worker.ts');
const WORKERS = 4;
const TRIALS_PER_CASE = 20;

/** A long-lived worker process; `next()` resolves with its next output line. */
class LockWorker {
  private readonly lines: string[] = [];
  private waiting: ((line: string) => void) | null = null;
  private stderr = '';

  constructor(private readonly child: ChildProcessWithoutNullStreams) {
    let buffer = '';
    child.stdout.on('data', (chunk: Buffer) => {
      buffer += chunk.toString();
      for (let at = buffer.indexOf('\n'); at >= 0; at = buffer.indexOf('\n')) {
        this.push(buffer.slice(0, at));
        buffer = buffer.slice(at + 1);
      }
    });
    child.stderr.on('data', (c: Buffer) => (this.stderr += c.toString()));
    child.on('exit', (code) => this.push(`exited ${code} ${this.stderr}`));
  }

  static start(): LockWorker {
    return new LockWorker(spawn(process.execPath, ['--import', 'tsx', WORKER], { stdio: ['pipe', 'pipe', 'pipe'] }));
  }

  private push(line: string): void {
    if (this.waiting) {
      const w = this.waiting;
      this.waiting = null;
      w(line);
    } else this.lines.push(line);
  }

  next(): Promise<string> {
    const line = this.lines.shift();
    if (line !== undefined) return Promise.resolve(line);
    return new Promise((resolve) => (this.waiting = resolve));
  }

  send(line: string): void {
    this.child.stdin.write(`${line}\n`);
  }

  stop(): void {
    this.child.stdin.end();
  }
}

/** The lock file as a crashed holder leaves it, in each shape a start may meet. */
const STALE: Record<string, ((dir: string) => void) | null> = {
  'no lock file': null,
  'a lock of a process that died': (dir) =>
    writeFileSync(join(dir, 'campaign-master.lock'), JSON.stringify({ pid: 2147483646, start: '1', token: 'dead' })),
  'a lock of an older version naming a dead pid': (dir) =>
    writeFileSync(join(dir, 'campaign-master.lock'), '2147483646'),
  // The pid was reused: it now belongs to a live, unrelated process (this test runner) started at another time.
  'a lock whose pid now belongs to an unrelated process': (dir) =>
    writeFileSync(join(dir, 'campaign-master.lock'), JSON.stringify({ pid: process.pid, start: '1', token: 'reused' })),
};

describe('the PGlite data-folder lock is exclusive (design §3.8)', () => {
  const root = mkdtempSync(join(tmpdir(), 'cm-lock-race-'));
  let workers: LockWorker[] = [];

  beforeAll(async () => {
    workers = Array.from({ length: WORKERS }, () => LockWorker.start());
    for (const w of workers) expect(await w.next()).toBe('ready');
  }, 60_000);
  afterAll(() => {
    for (const w of workers) w.stop();
    rmSync(root, { recursive: true, force: true });
  });

  for (const [name, seed] of Object.entries(STALE)) {
    it(`${WORKERS} processes started at the same instant, ${TRIALS_PER_CASE} times, with ${name}: exactly one holds the folder`, async () => {
      for (let trial = 0; trial < TRIALS_PER_CASE; trial++) {
        const dir = join(root, `${name.replace(/\W+/g, '-')}-${trial}`);
        mkdirSync(dir);
        seed?.(dir);
        const at = Date.now() + 150;
        for (const w of workers) w.send(`go ${dir} ${at}`);
        const answers = await Promise.all(workers.map((w) => w.next()));
        // Nobody releases before every worker has answered: a second `took` would be two holders at once.
        expect(
          answers.filter((a) => a === 'took'),
          `trial ${trial}: ${answers.join(', ')}`,
        ).toHaveLength(1);
        expect(answers.filter((a) => a === 'locked')).toHaveLength(WORKERS - 1);
        const holder = workers[answers.indexOf('took')]!;
        const record = JSON.parse(readFileSync(join(dir, 'campaign-master.lock'), 'utf8')) as { pid: number };
        expect(record.pid).not.toBe(process.pid);
        holder.send('release');
        expect(await holder.next()).toBe('released');
        // Released: the file is gone, and no temporary or takeover file is left behind.
        expect(existsSync(join(dir, 'campaign-master.lock'))).toBe(false);
        expect(readdirSync(dir)).toEqual([]);
      }
    }, 120_000);
  }
});
