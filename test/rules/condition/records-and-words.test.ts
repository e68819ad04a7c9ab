import { describe, expect, it } from 'vitest';
import { ApplicationCommandOptionType, type APIApplicationCommandOption } from 'discord.js';
import { shipCommand, shipStatusText } from '../../../commands/ship.ts';
import { describeConditionEvent } from '../../../src/discord/condition-words.ts';
import { describeEvent } from '../../../src/discord/words.ts';
import { conditionLabels } from '../../../src/rules/thunderdome/condition/index.ts';
import { byId, conditionGame, placeFleet, roundTrip, shipOf } from './helpers.ts';

describe('expendables and damage notes (UTD2.3(3), 2.3(8))', () => {
  it('UTD2.3 expendables are tracked until the owner’s step 3, which regains them; the damage note stays', () => {
    const g = conditionGame({ p1: ['LYR-CA', 'LYR-FF'] });
    const ca = shipOf(g, 'LYR-CA').id;
    g.do('p1', { type: 'ship-expend', ship: ca, items: '2 T-bombs, 1 suicide shuttle' });
    g.do('p1', { type: 'ship-expend', ship: ca, items: 'extra drone' });
    g.do('p1', { type: 'ship-report', ship: ca, note: 'No. 2 warp hit' });
    expect(byId(g, ca).condition).toEqual({
      expended: ['2 T-bombs', '1 suicide shuttle', 'extra drone'],
      note: 'No. 2 warp hit',
    });
    g.do('p1', { type: 'end-turn' });
    expect(byId(g, ca).condition?.expended).toHaveLength(3);
    g.do('p2', { type: 'end-turn' });
    g.do('p3', { type: 'end-turn' });
    expect(byId(g, ca).condition).toEqual({ note: 'No. 2 warp hit' });
    g.do('p1', { type: 'ship-report', ship: ca, note: '' });
    expect(byId(g, ca).condition).toBeUndefined();
    expect(g.replayed()).toEqual(g.state);
  });

  it('UTD2.3 only the owner records; overlong notes and empty items are refused', () => {
    const g = conditionGame({ p1: ['LYR-CA', 'LYR-FF'] });
    const ca = shipOf(g, 'LYR-CA').id;
    g.refused('p2', { type: 'ship-expend', ship: ca, items: '1 drone' }, 'UTD2.3');
    g.refused('p1', { type: 'ship-expend', ship: ca, items: ' , ' }, 'UTD2.3');
    g.refused('p1', { type: 'ship-report', ship: ca, note: 'x'.repeat(301) }, 'UTD2.3');
    g.refused('p1', { type: 'ship-report', ship: ca }, 'UTD7.47');
  });

  it('UTD6.3773 a captured freighter not yet inspected does not make a colony free', () => {
    const g = conditionGame({ p1: ['LYR-CA', 'NEU-F-L'] });
    g.patch((s) => {
      Object.assign(s.ships.find((x) => x.unitId === 'NEU-F-L')!, { captured: true, uninspected: true });
      const a = s.map!.sectors.find((x) => x.key === 'A')!;
      Object.assign(a, { type: 'life', exploredBy: 'p1' });
      placeFleet(s, 'p1', 1, 'A');
    });
    g.do('p1', { type: 'establish', fleet: '1', kind: 'colony' });
    expect(g.log.at(-1)!.event).toMatchObject({ type: 'DevelopmentOrdered', opCost: 1, freeBy: null });
  });
});

describe('/ship words and views', () => {
  it('every ship-condition event has an announcement line; other events are not ours', () => {
    const g = conditionGame({ p1: ['LYR-CV', 'LYR-CA'] });
    const start = g.log.length;
    const [cv, ca] = [shipOf(g, 'LYR-CV').id, shipOf(g, 'LYR-CA').id];
    g.do('p1', { type: 'ship-losses', ship: cv, fighters: 5, pfs: 0 });
    g.do('p1', { type: 'ship-breakout', ship: cv });
    g.do('p1', { type: 'ship-report', ship: ca, boxesDestroyed: 9, speed: 6, tractors: 1 });
    g.do('p1', { type: 'ship-self-repair', ship: ca, boxes: 3 });
    g.do('p1', { type: 'ship-expend', ship: ca, items: '1 T-bomb' });
    g.do('p1', { type: 'ship-report', ship: ca, note: 'bridge hit' });
    g.do('p1', { type: 'refit-fleet', fleet: '1', refits: `${ca}=LYR-CA+PH` });
    g.do('p1', { type: 'ship-replace', fleet: '1' });
    roundTrip(g);
    const ours = g.log
      .slice(start)
      .filter((e) =>
        ['ShipConditionRecorded', 'ShipsResupplied', 'AttritionReplaced', 'FleetRefitted'].includes(e.event.type),
      );
    expect(ours.length).toBe(9);
    const lines = ours.map((e) => describeConditionEvent(e, g.state));
    expect(lines.every((l) => typeof l === 'string' && l.length > 0)).toBe(true);
    expect(lines.map((l) => describeEvent(ours[lines.indexOf(l)]!, g.state))).toEqual(lines);
    expect(lines[0]).toContain('lost 5 fighters');
    expect(lines[2]).toContain('**wrecked**');
    expect(lines[6]).toContain('LYR-CA → **LYR-CA+PH**');
    expect(lines[7]).toContain('free at the capital');
    expect(lines[8]).toContain('expendables regained');
    expect(describeConditionEvent(g.log[0]!, g.state)).toBeUndefined();
  });

  it('conditionLabels lists what the navy views show', () => {
    const g = conditionGame({ p1: ['LYR-CV', 'LYR-CA'] });
    const [cv, ca] = [shipOf(g, 'LYR-CV').id, shipOf(g, 'LYR-CA').id];
    g.do('p1', { type: 'ship-losses', ship: cv, fighters: 3, pfs: 0 });
    g.do('p1', { type: 'ship-report', ship: ca, speed: 5, boxesDestroyed: 14, note: 'adrift' });
    expect(conditionLabels(byId(g, cv), g.catalog.get('LYR-CV'), { catalog: g.catalog })).toEqual([
      'fighters 9/12, spares 4/4',
    ]);
    expect(conditionLabels(byId(g, ca), g.catalog.get('LYR-CA'))).toEqual([
      'wrecked (speed ≤ 7), must be towed',
      '14 boxes destroyed, speed 5/31',
      'note: adrift',
    ]);
    const text = shipStatusText(g.state, 'p1', g.catalog);
    expect(text).toContain(`**LYR-CV** ${cv} — fleet 1`);
    expect(text).toContain('wrecked');
  });

  it('/ship fits Discord limits', () => {
    const subs = shipCommand.data.options as APIApplicationCommandOption[];
    const bad: string[] = [];
    let chars = shipCommand.data.name.length + shipCommand.data.description.length;
    for (const s of subs) {
      chars += s.name.length + s.description.length;
      if (s.description.length > 100) bad.push(s.name);
      let optional = false;
      for (const o of (s.type === ApplicationCommandOptionType.Subcommand
        ? (s.options ?? [])
        : []) as APIApplicationCommandOption[]) {
        chars += o.name.length + o.description.length;
        if (o.description.length > 100) bad.push(`${s.name} ${o.name}`);
        const required = 'required' in o && o.required === true;
        if (required && optional) bad.push(`${s.name} ${o.name} required after optional`);
        if (!required) optional = true;
      }
    }
    expect(bad).toEqual([]);
    expect(shipCommand.data.description.length).toBeLessThanOrEqual(100);
    expect(chars).toBeLessThanOrEqual(4000);
  });
});
