import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Client } from 'discord.js';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import type { CommandResult } from '../../src/app/run-command.ts';
import { runAfterCommand, type AfterCommandStep } from '../../src/discord/after-command.ts';
import { testApp } from '../helpers/app.ts';

const ROOT = join(import.meta.dirname, '../..');

/** A result whose steps all have nothing to do (no events): only the fake steps act. */
const result = {
  ok: true,
  duplicate: false,
  events: [],
  state: { id: 'campaign-1', channelId: 'c1' },
  before: null,
  sharedBefore: null,
} as unknown as CommandResult;

describe('runAfterCommand', () => {
  it('logs a failed step with its name, the campaign and the channel, and runs the steps after it', async () => {
    const logged: Record<string, unknown>[] = [];
    const app = {
      ...testApp({} as never),
      log: pino({ level: 'warn' }, { write: (l: string) => void logged.push(JSON.parse(l)) }),
    };
    const order: string[] = [];
    const steps: AfterCommandStep[] = [
      { name: 'first', run: () => void order.push('first') },
      {
        name: 'refused',
        run: () => {
          order.push('refused');
          throw new Error('Missing Permissions');
        },
      },
      { name: 'last', run: async () => void order.push('last') },
    ];
    const report = await runAfterCommand({} as Client, result, { via: 'scheduler', app, channelId: 'c1' }, steps);
    expect(order).toEqual(['first', 'refused', 'last']);
    expect(report.ran).toEqual(['first', 'refused', 'last']);
    expect(report.failures.map((f) => f.step)).toEqual(['refused']);
    expect(logged).toEqual([
      expect.objectContaining({ step: 'refused', via: 'scheduler', campaign: 'campaign-1', channel: 'c1' }),
    ]);
  });

  it('the step modules are called only from the one list, and each delivery only from the outbox table: no path posts on its own', () => {
    const calledFrom = (file: string, steps: string[]) => {
      const dir = join(ROOT, 'src/discord');
      return readdirSync(dir)
        .filter((f) => f.endsWith('.ts') && f !== file)
        .flatMap((f) => {
          const text = readFileSync(join(dir, f), 'utf8');
          return steps.filter((s) => new RegExp(`(?<!function )\\b${s}\\b`).test(text)).map((s) => `${f}: ${s}`);
        });
    };
    expect(calledFrom('after-command.ts', ['replyToInteraction'])).toEqual([]);
    expect(
      calledFrom('deliveries.ts', [
        'deliverAnnouncement',
        'deliverTurnStart',
        'deliverVoteTally',
        'deliverMapApprovalTally',
        'deliverBattleThread',
        'deliverBattleCard',
        'deliverVotePost',
        'deliverMapApprovalPost',
        'deliverExplorationOffer',
        'deliverMapPost',
      ]),
    ).toEqual([]);
  });
});
