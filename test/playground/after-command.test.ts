import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pino from 'pino';
import { afterAll, describe, expect, it, vi } from 'vitest';
import type { AfterCommandReport, AfterCommandWhere } from '../../src/discord/after-command.ts';
import { MAP_APPROVAL_HEAD } from '../../src/discord/map-approval-words.ts';
import type { RefusalRule } from '../../src/discord/standin/index.ts';
import { Playground, stableSnowflake, type LineResult } from '../../src/playground/playground.ts';
import { createPgliteDatabase } from '../helpers/databases.ts';
import { ROOT } from '../helpers/playground.ts';

/** Every call of the one after-command path, with the path it came from and the steps it ran. */
const calls = vi.hoisted(() => [] as { via: string; ran: string[] }[]);

vi.mock('../../src/discord/after-command.ts', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../src/discord/after-command.ts')>();
  return {
    ...real,
    runAfterCommand: async (...args: Parameters<typeof real.runAfterCommand>): Promise<AfterCommandReport> => {
      const report = await real.runAfterCommand(...args);
      calls.push({ via: (args[2] as AfterCommandWhere).via, ran: report.ran });
      return report;
    },
  };
});

const { AFTER_COMMAND_STEPS } = await import('../../src/discord/after-command.ts');

/**
 * The steps after a command, through the real bot and the stand-in. (a) When Discord refuses one
 * call (403 Missing Permissions from the stand-in), the failure is logged with the step's name,
 * the campaign and the channel, and everything else still goes out (docs/delivery.md): the
 * announcement of a refused reply in the channel, the map approval message (UTD8.16), the battle
 * thread (UTD3.4), the vote message (UTD1.7). (b) Slash commands, Confirm buttons, reactions and
 * the scheduler all go through the same list of steps.
 */
describe('after-command steps: one list for every path, a failed step does not stop the rest', async () => {
  const logLines: Record<string, unknown>[] = [];
  const outDir = mkdtempSync(join(tmpdir(), 'cm-after-'));
  const tdb = await createPgliteDatabase();
  const playground = await Playground.start({
    database: tdb.database,
    outDir,
    log: pino({ level: 'warn' }, { write: (line: string) => void logLines.push(JSON.parse(line)) }),
  });
  const results = new Map<string, LineResult>();
  let n = 0;
  const cwd = process.cwd();
  process.chdir(ROOT);
  /** Runs script lines; with `refuse`, the stand-in refuses the first REST call the rule matches. */
  async function play(lines: string[], refuse?: RefusalRule): Promise<void> {
    let refused = false;
    const lift = refuse
      ? playground.standIn.refuse((r) => {
          if (refused || !refuse(r)) return false;
          refused = true;
          return true;
        })
      : null;
    try {
      for (const line of lines) {
        const r = await playground.run(line, ++n);
        if (r) results.set(line, r);
      }
    } finally {
      lift?.();
    }
    if (refuse) expect(refused).toBe(true);
  }
  /** The first answer to a slash command (its reply). */
  const reply: RefusalRule = (r) => r.method === 'POST' && r.route === '/interactions/:interactionId/:token/callback';
  /** A follow-up: the public answer to a Confirm button, after the button's own update. */
  const followUp: RefusalRule = (r) => r.method === 'POST' && r.route === '/webhooks/:applicationId/:token';
  try {
    await play([
      '!seed 11',
      '!admin @alice',
      '@alice /campaign create name:"After Command"',
      '@alice /campaign join empire:lyran',
      '@bob /campaign join empire:kzinti',
      '@carol /campaign join empire:hydran',
    ]);
    // Discord refuses the answer to /map import (a public follow-up to its private acknowledgement,
    // which comes first because of the download): the approval message is still posted.
    await play(['@alice /map import file:examples/maps/triangle.json'], followUp);
    await play([
      '!react @alice ✅',
      '@bob /map approve',
      '@carol /map approve',
      '!dice 900 500 100',
      '@alice /campaign start',
      '@alice /setup buy unit:LYR-CA fleet:1',
      '@alice /setup buy unit:LYR-TS fleet:2',
      '@alice /setup buy unit:LYR-DD fleet:2',
      '@bob /setup buy unit:KZI-CA fleet:1',
      '@carol /setup buy unit:HYD-CA fleet:1',
      '@alice /setup ready',
      '@bob /setup ready',
    ]);
    // Discord refuses the turn-start post that pings alice.
    await play(['@carol /setup ready'], (r) => r.route === '/channels/:channelId/messages' && isTurnStart(r.body));
    await play(['@alice /move fleet:1 to:A', '@alice /move fleet:2 to:B', '!dice 5 3 1 3 2 1']);
    // Discord refuses the public answer to Confirm: the NPE battle still gets its thread.
    await play(['@alice /turn end'], followUp);
    // Discord refuses the reply to /vote setting: the vote message is still posted with ✅ and ❌.
    await play(['@bob /vote setting key:startYear value:168'], reply);
    // The vote's 72 hours run out: the scheduler rejects it.
    await play(['!advance 73h']);
  } finally {
    process.chdir(cwd);
    await playground.close();
    await tdb.drop();
  }
  afterAll(() => rmSync(outDir, { recursive: true, force: true }));

  const channelId = stableSnowflake('channel:campaign');
  const failures = (step: string) => logLines.filter((l) => l['step'] === step);

  it('a refused reply to /map import is logged; its announcement and the map approval message still go out (UTD8.16)', () => {
    const imported = results.get('@alice /map import file:examples/maps/triangle.json')!;
    expect(imported.posts.some((p) => p.content.startsWith(MAP_APPROVAL_HEAD))).toBe(true);
    expect(imported.posts.filter((p) => p.content.startsWith('🗺️ New map (imported file)'))).toHaveLength(1);
    const [logged] = failures('reply');
    expect(logged).toMatchObject({ via: 'slash', channel: channelId, code: 50013 });
    expect(logged!['campaign']).toEqual(expect.any(String));
  });

  it('a turn-start post refused with its map goes out as text, with one notice naming Attach Files; the campaign goes on', () => {
    const ready = results.get('@carol /setup ready')!;
    const pings = ready.posts.filter((p) => isTurnStart({ content: p.content }));
    expect(pings).toHaveLength(1);
    expect(pings[0]!.files).toEqual([]);
    expect(ready.posts.filter((p) => p.content.includes('**Attach Files**'))).toHaveLength(1);
    expect(failures('turn-start')).toEqual([
      expect.objectContaining({ channel: channelId, permission: 'AttachFiles', campaign: expect.any(String) }),
    ]);
    expect(results.get('@alice /move fleet:1 to:A')!.ok).toBe(true);
  });

  it('a refused answer to Confirm does not stop the battle thread (UTD3.4)', () => {
    const end = results.get('@alice /turn end')!;
    expect(
      end.posts.some((p) =>
        /^🧵 Battle K\d+ — B: ⚔️ Battle \*\*K\d+\*\* in \*\*B\*\*: @alice vs the NPE/.test(p.content),
      ),
    ).toBe(true);
    // The router still tells the player, privately, that Discord refused the answer (design §3.5).
    expect(end).toMatchObject({ ok: false, ephemeral: true });
    expect(failures('reply').map((l) => l['via'])).toContain('button');
  });

  it('a refused reply to /vote setting does not stop the vote message (UTD1.7)', () => {
    const vote = results.get('@bob /vote setting key:startYear value:168')!;
    expect(vote.posts.some((p) => p.content.startsWith('🗳️ **Vote'))).toBe(true);
    const message = playground.standIn.channelMessages(channelId).find((m) => m.content.startsWith('🗳️ **Vote'))!;
    expect(message.reactions.map((r) => r.emoji)).toEqual(['✅', '❌']);
  });

  it('slash commands, Confirm buttons, reactions and the scheduler all run the same list of steps', () => {
    expect(new Set(calls.map((c) => c.via))).toEqual(new Set(['slash', 'button', 'reaction', 'scheduler']));
    const names = AFTER_COMMAND_STEPS.map((s) => s.name);
    expect(names).toEqual(['reply', 'deliver']);
    for (const c of calls) expect(c.ran).toEqual(names);
  });

  it('the scheduler closed the vote and announced it through the steps (UTD1.7)', () => {
    const advance = results.get('!advance 73h')!;
    expect(advance.posts.some((p) => p.content.includes('Rejected'))).toBe(true);
  });
});

function isTurnStart(body: unknown): boolean {
  const content = (body as { content?: unknown } | null)?.content;
  return typeof content === 'string' && content.startsWith('▶️');
}
