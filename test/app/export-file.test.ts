import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import {
  checkExport,
  EXPORT_FORMAT,
  EXPORT_PLAIN_MAX,
  exportLines,
  isGzip,
  packExport,
  type CampaignExport,
  type ExportedEvent,
} from '../../src/app/export.ts';
import { chainLinks, GENESIS_HASH } from '../../src/rules/event-chain.ts';
import { replay, type StoredEvent } from '../../src/rules/thunderdome/index.ts';
import { upcastEvent } from '../../src/rules/thunderdome/upcast.ts';

/** A valid format 4 export made of the format 1 fixture's log: upcast, chained, with the state it folds to. */
function formatFourFile(): CampaignExport {
  const v1 = JSON.parse(
    readFileSync(join(import.meta.dirname, '../fixtures/exports/campaign-export-v1.json'), 'utf8'),
  ) as { events: StoredEvent[] };
  const events = v1.events.map(upcastEvent);
  const links = chainLinks(GENESIS_HASH, events);
  return {
    format: EXPORT_FORMAT,
    kind: 'campaign-master/campaign',
    exportedAt: '2026-11-27T12:00:00.000Z',
    campaign: replay(events)!,
    deadlines: [],
    events: events.map((e, i) => ({ ...e, ...links[i]! })),
  };
}

async function text(file: CampaignExport): Promise<string> {
  const { events, ...header } = file;
  let out = '';
  async function* pages(): AsyncGenerator<ExportedEvent[]> {
    for (let i = 0; i < events.length; i += 50) yield events.slice(i, i + 50);
  }
  for await (const line of exportLines(header, pages())) out += line;
  return out;
}

describe('export files at any size (docs/export-format.md, format 4)', () => {
  it('the line layout is one JSON document: the header first, one event a line, and it imports as written, reformatted and gzip-compressed', async () => {
    const file = formatFourFile();
    const written = await text(file);
    const lines = written.split('\n');
    expect(lines[0]!.endsWith(',"events":[')).toBe(true);
    expect(lines.length).toBe(file.events.length + 3);
    expect(JSON.parse(written)).toEqual(JSON.parse(JSON.stringify(file)));
    for (const bytes of [
      Buffer.from(written),
      Buffer.from(JSON.stringify(file, null, 2)),
      gzipSync(written),
      gzipSync(JSON.stringify(file)),
    ]) {
      const checked = await checkExport(bytes);
      expect(checked.ok, checked.ok ? '' : checked.message).toBe(true);
      if (checked.ok) {
        expect(checked.value.count).toBe(file.events.length);
        const read: number[] = [];
        for await (const e of checked.value.events()) read.push(e.seq);
        expect(read).toEqual(file.events.map((e) => e.seq));
      }
    }
  });

  it('UTD1.6 a line of the log changed in a compressed file is refused, naming the event', async () => {
    const written = await text(formatFourFile());
    const lines = written.split('\n');
    const event = JSON.parse(lines[40]!.slice(0, -1)) as ExportedEvent;
    expect(event.seq).toBe(40);
    event.at = '2020-01-01T00:00:00.000Z';
    lines[40] = `${JSON.stringify(event)},`;
    const edited = lines.join('\n');
    const checked = await checkExport(gzipSync(edited));
    expect(checked).toEqual({
      ok: false,
      message: "the event log's hash chain breaks: event 40 was changed after it was stored",
    });
  });

  it('a compressed upload is known by its magic bytes, and one that expands past the limit is refused unread', async () => {
    const bomb = gzipSync(Buffer.alloc(4 * 1024 * 1024, 0x20));
    expect(isGzip(bomb)).toBe(true);
    expect(isGzip(Buffer.from('{"format":4'))).toBe(false);
    expect(bomb.byteLength).toBeLessThan(10_000);
    expect(await checkExport(bomb, 1024 * 1024)).toEqual({
      ok: false,
      message: `the file expands to more than ${1024 * 1024} bytes`,
    });
    expect(await checkExport(Buffer.from([0x1f, 0x8b, 1, 2, 3]))).toEqual({
      ok: false,
      message: 'the file is not a readable gzip file',
    });
  });

  it('an export stays plain text up to EXPORT_PLAIN_MAX and is gzip-compressed past it; past the upload limit even compressed it is refused', async () => {
    async function* lines(n: number, line: string): AsyncGenerator<string> {
      for (let i = 0; i < n; i++) yield line;
    }
    const small = await packExport(lines(10, 'x'.repeat(1000)));
    expect(small).toMatchObject({ gzip: false, plainBytes: 10_000 });
    expect(small!.bytes.toString()).toBe('x'.repeat(10_000));
    const large = await packExport(lines(3000, `${'y'.repeat(999)}\n`));
    expect(large!.gzip).toBe(true);
    expect(large!.plainBytes).toBeGreaterThan(EXPORT_PLAIN_MAX);
    expect(isGzip(large!.bytes)).toBe(true);
    // Random text does not compress: past the limit it is refused.
    async function* noise(): AsyncGenerator<string> {
      for (let i = 0; i < 40; i++) yield randomBytes(32 * 1024).toString('base64');
    }
    const refused = await packExport(noise(), 1024 * 1024);
    expect(refused).toBeNull();
  });
});
