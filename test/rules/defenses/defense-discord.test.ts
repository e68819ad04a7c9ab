import { readFileSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { ApplicationCommandOptionType, type APIApplicationCommandOption } from 'discord.js';
import { defenseCommand } from '../../../commands/defense.ts';
import { COMMANDS } from '../../../commands/index.ts';
import { describeDefenseEvent, defenseStatusText } from '../../../src/discord/defense-words.ts';
import type { CampaignState, StoredEvent } from '../../../src/rules/thunderdome/index.ts';
import { playLines, triangleCampaignLines } from '../../helpers/playground.ts';
import { basesOf, defenseGame, sectorOf } from './defense-harness.ts';

const SCRIPT = [
  ...triangleCampaignLines({ seed: 11, name: 'Walls', aliceBuys: ['unit:LYR-CA fleet:1'] }),
  '@alice /defense revise sector:H1 buy:"NEU-DEFSAT x2, NEU-GBDP"',
  '@alice /defense revise sector:H1 buy:NEU-MON',
  '@alice /defense scrap sector:H1 units:all',
  '@alice /defense status',
  '@alice /turn end',
  '@alice /campaign export',
];

describe('/defense through Discord (the playground)', async () => {
  const { results, cleanup } = await playLines(SCRIPT);
  afterAll(cleanup);
  const file = JSON.parse(
    readFileSync(results.find((r) => r.input.includes('/campaign export'))!.files[0]!, 'utf8'),
  ) as { campaign: CampaignState; events: StoredEvent[] };
  const s = file.campaign;
  const alice = s.players.find((p) => p.name === 'alice')!;

  it('UTD6.3A revise is announced with its cost and step-10 arrival; the 2nd monitor is refused ephemerally citing UTD7.34', () => {
    const revise = results.find((r) => r.input.includes('buy:"NEU-DEFSAT'))!;
    expect(revise.ok).toBe(true);
    expect(revise.content + revise.posts.map((p) => p.content).join('\n')).toContain(
      '2 × **NEU-DEFSAT**, **NEU-GBDP** for 80 BPV',
    );
    const monitor = results.find((r) => r.input.endsWith('buy:NEU-MON'))!;
    expect(monitor.ok).toBe(false);
    expect(monitor.ephemeral).toBe(true);
    expect(monitor.content).toContain('Rule UTD7.34');
  });

  it('UTD6.3F scrap all (after Confirm) removes the arrived defenses only; the three bought ones arrive at step 10', () => {
    const scrap = results.find((r) => r.input.includes('/defense scrap'))!;
    expect(scrap.ok).toBe(true);
    const mine = s.bases.filter((b) => b.owner === alice.id && b.sector === 'H1');
    expect(mine.map((b) => b.unitId).sort()).toEqual(['NEU-DEFSAT', 'NEU-DEFSAT', 'NEU-F-RL', 'NEU-GBDP', 'NEU-LCD']);
    expect(mine.every((b) => !b.pending)).toBe(true);
    // The starting monitor (100), 3 GBDPs (120) and 3 DefSats (60) scrap for 140; the purchases cost 80.
    const scrapped = file.events.find((e) => e.event.type === 'DefensesScrapped')!.event as { refund: string };
    expect(scrapped.refund).toBe('140');
    expect(file.events.some((e) => e.event.type === 'DefensesArrived')).toBe(true);
  });

  it('/defense status lists the sector, its limits and the battle move cost', () => {
    const status = results.find((r) => r.input.endsWith('/defense status'))!;
    expect(status.ephemeral).toBe(true);
    expect(status.content).toContain('Lyra Prime');
    expect(status.content).toContain('arrives at step 10');
  });
});

describe('/defense definition and words', () => {
  it('the command is registered and fits Discord limits: required options first, descriptions of 1–100 characters', () => {
    expect(COMMANDS).toContain(defenseCommand);
    const bad: string[] = [];
    for (const s of defenseCommand.data.options as APIApplicationCommandOption[]) {
      if (s.description.length > 100) bad.push(s.name);
      let optional = false;
      for (const o of (s.type === ApplicationCommandOptionType.Subcommand
        ? (s.options ?? [])
        : []) as APIApplicationCommandOption[]) {
        if (o.description.length > 100) bad.push(`${s.name} ${o.name}`);
        const required = 'required' in o && o.required === true;
        if (required && optional) bad.push(`${s.name} ${o.name} required after optional`);
        if (!required) optional = true;
      }
    }
    expect(bad).toEqual([]);
  });

  it('every defense event has a line, a cancelled delivery says why; other events are not ours', () => {
    const g = defenseGame();
    sectorOf(g, 'A', 'dead', 'p1', { fort: true });
    const start = g.log.length;
    g.do('p1', { type: 'defense-revise', sector: 'A', buy: 'NEU-DEFSAT' });
    g.do('p1', {
      type: 'defense-revise',
      sector: 'H1',
      buy: 'NEU-DEFSAT',
      scrap: basesOf(g, 'p1', 'H1', 'NEU-MON')[0]!.id,
    });
    g.do('p1', { type: 'defense-scrap', sector: 'H1', units: basesOf(g, 'p1', 'H1', 'NEU-GBDP')[0]!.id });
    g.patch((st) => (st.map!.sectors.find((x) => x.key === 'A')!.fort = null));
    expect(defenseStatusText(g.state, 'p1', g.catalog)).toContain(
      'no new defenses here: it has no fortification of yours',
    );
    g.do('p1', { type: 'end-turn' });
    const lines = g.log
      .slice(start)
      .map((e) => describeDefenseEvent(e, g.state))
      .filter((l) => l !== undefined);
    expect(lines).toHaveLength(4);
    expect(lines.every((l) => typeof l === 'string' && l.length > 0)).toBe(true);
    expect(lines[1]).toContain('for 50 BPV, half their value');
    expect(lines[2]).toContain('for 20 BPV');
    expect(lines[3]).toContain('is not delivered');
    expect(describeDefenseEvent(g.log[0]!, g.state)).toBeUndefined();
  });
});
