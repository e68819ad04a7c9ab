import { describe, expect, it } from 'vitest';
import { COMMANDS } from '../../commands/index.ts';
import { commandIndex, HELP_SECTIONS, helpEmbed, nextSteps } from '../../commands/help.ts';
import type { CampaignState } from '../../src/rules/thunderdome/index.ts';
import { registeredGame, startedGame } from '../rules/td3/harness.ts';

/** Discord's embed limits: a field 1,024 characters, 25 fields, 6,000 in all. */
function embedSize(e: ReturnType<typeof helpEmbed>): number {
  const d = e.toJSON();
  return (d.title?.length ?? 0) + (d.fields ?? []).reduce((n, f) => n + f.name.length + f.value.length, 0);
}

describe('/help', () => {
  it('every section fits a Discord embed field (1,024 characters)', () => {
    for (const s of HELP_SECTIONS) {
      expect(s.lines.join('\n').length, s.title).toBeLessThanOrEqual(1024);
      expect(s.title.length).toBeLessThanOrEqual(256);
    }
  });

  it('lists every command and every subcommand, read from the definitions (campaign log, ledger, history, contest, leave among them)', () => {
    const entries = commandIndex(COMMANDS);
    const index = entries.join(' ');
    for (const c of COMMANDS) {
      const entry = entries.find(
        (e) => e.startsWith(`\`/${c.data.name}`) && /[ `]/.test(e[c.data.name.length + 2] ?? ''),
      );
      expect(entry, c.data.name).toBeDefined();
      const subs = (c.data.options ?? []).filter((o) => o.type === 1 || o.type === 2).map((o) => o.name);
      for (const sub of subs) expect(entry!.split(/[ |`]/)).toContain(sub);
    }
    expect(index).toMatch(/\/campaign [a-z|]*\blog\b[a-z|]*ledger\|history/);
    expect(index).toContain('contest|leave');
    expect(index).toContain('`/me`');
  });

  it('follows the phase and the asker: the index and the next step in every phase, under Discord’s embed limits', () => {
    const registration = registeredGame().state;
    const active = startedGame().state;
    const finished: CampaignState = { ...active, status: 'finished', winner: 'p2', turn: null };
    const cases: [CampaignState | null, string][] = [
      [null, 'u'],
      [registration, 'p1'],
      [registration, 'stranger'],
      [active, 'p1'],
      [active, 'p2'],
      [finished, 'p3'],
    ];
    for (const [state, user] of cases) {
      const e = helpEmbed(state, user, false, COMMANDS);
      const fields = e.toJSON().fields ?? [];
      expect(embedSize(e), `${state?.status} ${user}`).toBeLessThanOrEqual(6000);
      expect(fields.length).toBeLessThanOrEqual(25);
      for (const f of fields) expect(f.value.length).toBeLessThanOrEqual(1024);
      expect(fields.some((f) => f.name === 'Every command')).toBe(true);
    }
    const titles = (s: CampaignState | null) =>
      (helpEmbed(s, 'p1', false, COMMANDS).toJSON().fields ?? []).map((f) => f.name);
    expect(titles(registration)).toContain('1. Setting up (UTD8)');
    expect(titles(registration)).not.toContain('3. Battles (UTD7.4, 3.4–3.5)');
    expect(titles(active)).toContain('3. Battles (UTD7.4, 3.4–3.5)');
    expect(titles(active)).not.toContain('1. Setting up (UTD8)');

    expect(nextSteps(registration, 'stranger', false).join()).toContain('/campaign join');
    expect(nextSteps(registration, 'p1', false).join()).toContain('/map generate'); // p1 created it
    expect(nextSteps(registration, 'p2', false).join()).not.toContain('/map generate');
    expect(nextSteps(registration, 'p2', true).join()).toContain('/map generate'); // a server manager
    expect(nextSteps(active, 'p1', false).join()).toContain('your turn');
    expect(nextSteps(active, 'p2', false).join()).toMatch(/<@p1>’s turn, orders due <t:\d+:R>/);
    expect(nextSteps(finished, 'p3', false).join()).toContain('<@p2> won');
  });
});
