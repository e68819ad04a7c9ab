import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { canonicalJson, cloneJson } from '../../src/rules/json-data.ts';
import { applyEvent, foldInto, type CampaignState, type StoredEvent } from '../../src/rules/thunderdome/index.ts';
import { upcastEvent } from '../../src/rules/thunderdome/upcast.ts';
import { battleInA, explored, result, shipsOf } from './battles/helpers.ts';

/**
 * A replay folds the whole log onto one working copy (`foldInto`, docs/performance.md "History")
 * instead of a copy per event (`applyEvent`): the two must give the same state after every event,
 * and the working copy must never share an object with the log it came from.
 */
const FIXTURE = join(import.meta.dirname, '../fixtures/exports/campaign-export-v1.json');

describe('foldInto: one working copy folds a log exactly as applyEvent does', () => {
  it('every event of a played campaign (votes, battles, captures, retreats, yards, forfeits) gives the same state either way', () => {
    const file = JSON.parse(readFileSync(FIXTURE, 'utf8')) as { events: StoredEvent[] };
    const events = file.events.map(upcastEvent);
    const logBefore = canonicalJson(events);
    let copied: CampaignState | null = null;
    let working: CampaignState | null = null;
    for (const e of events) {
      copied = applyEvent(copied, e);
      working = foldInto(working, e);
      expect(canonicalJson(working), `after event ${e.seq} (${e.event.type})`).toBe(canonicalJson(copied));
    }
    // The fold never changed the log it read, and later folds never reach into it.
    expect(canonicalJson(events)).toBe(logBefore);
    expect(new Set(events.map((e) => e.event.type))).toContain('BattleResolved');
  });

  it('UTD7.26A a legendary officer lost with a ship destroyed in battle is settled on the working copy too', () => {
    const { g, battle } = battleInA();
    const ca = shipsOf(g, 'p2', 'KZI-CA')[0]!;
    g.patch((s) => {
      s.ships.find((x) => x.id === ca)!.legendaryOfficer = { type: 'captain', paid: '10' };
    });
    explored(g, 'C', 'dead');
    g.do('p1', {
      type: 'battle-propose',
      battle,
      kind: 'negotiated',
      result: result({ winner: 'p1', destroyed: [ca], retreat: 'C' }),
    });
    const before = cloneJson(g.state);
    const from = g.log.length;
    g.do('p2', { type: 'battle-accept', battle });
    const events = g.log.slice(from);
    const working = events.reduce<CampaignState>((s, e) => foldInto(s, e), cloneJson(before));
    expect(g.state.players.find((p) => p.id === 'p2')!.officersLost).toEqual(['captain']);
    expect(canonicalJson(working)).toBe(canonicalJson(g.state));
  });
});
