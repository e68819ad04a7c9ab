import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/db/client.ts';
import { DataDirLockedError, acquireDataDirLock } from '../../src/db/lock.ts';
import { campaignInChannel, createCampaign } from '../../src/app/campaigns.ts';
import { TARGET, actor, testApp } from '../helpers/app.ts';

describe('embedded PGlite data folder', () => {
  const dirs: string[] = [];
  const tempDir = () => {
    const d = mkdtempSync(join(tmpdir(), 'cm-lock-'));
    dirs.push(d);
    return d;
  };
  afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

  it('refuses a second opener of the same folder while the first holds it, with a clear message', () => {
    const dir = tempDir();
    // Pretend another live process (our parent) holds the lock.
    writeFileSync(join(dir, 'campaign-master.lock'), String(process.ppid));
    expect(() => acquireDataDirLock(dir)).toThrow(DataDirLockedError);
    expect(() => acquireDataDirLock(dir)).toThrow(/in use by another Campaign Master process/);
  });

  it('takes over a lock left by a process that died', () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'campaign-master.lock'), '2147483646');
    const release = acquireDataDirLock(dir);
    release();
  });

  it('keeps campaigns across close and reopen (migrations applied once)', async () => {
    const dir = tempDir();
    const first = await openDatabase({ kind: 'pglite', dataDir: dir });
    expect((await createCampaign(testApp(first), TARGET, actor('u1'), 'Persistent')).ok).toBe(true);
    await first.close();
    const second = await openDatabase({ kind: 'pglite', dataDir: dir });
    expect((await campaignInChannel(testApp(second), TARGET.channelId))?.name).toBe('Persistent');
    await second.close();
  });
});
