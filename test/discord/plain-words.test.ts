import { describe, expect, it } from 'vitest';
import { logLine } from '../../src/discord/log-words.ts';
import { quickUpdateText } from '../../src/discord/quick-words.ts';
import { ledgerRows, ledgerText } from '../../src/discord/views/ledger.ts';
import { navyText } from '../../src/discord/views/navy-text.ts';
import { sectorText } from '../../src/discord/views/sector-text.ts';
import { describeEvent } from '../../src/discord/words.ts';
import { roundingNote } from '../../src/discord/yard-words.ts';
import { EMPIRES } from '../../src/rules/thunderdome/index.ts';
import type { QuickState } from '../../src/rules/thunderdome/state.ts';
import { mappedGame, registeredGame, startedGame, who } from '../rules/td3/harness.ts';

/** Words a player reads: option names, not internal keys; plain sentences, not event names. */
describe('words a player reads', () => {
  it('UTD8.16 a map size out of range names the option sectors_per_player, rolls nothing and changes nothing', () => {
    const g = registeredGame();
    const err = g.refused(who('p1'), { type: 'map-generate', sectorsPerPlayer: 2 }, 'UTD8.16');
    expect(err.message).toContain('`sectors_per_player` must be 3 to 40 for 3 players');
    expect(err.message).toContain('you gave 2');
    expect(err.message).not.toContain('sectorsPerPlayer');
    expect(err.hint).toContain('/map generate sectors_per_player:3');
  });

  it('UTD3.31 /campaign log describes a forfeited turn end in words, never as TurnEnded', () => {
    const g = startedGame();
    g.do('p1', { type: 'end-turn' });
    const ended = g.events('TurnEnded').at(-1)!;
    expect(logLine(ended, g.state)).toBe('⏹️ p1 ends the turn.');
    const forfeited = { ...ended, event: { ...ended.event, forfeited: true } } as typeof ended;
    expect(describeEvent(forfeited, g.state)).toBeNull();
    expect(logLine(forfeited, g.state)).toBe("⏹️ p1's forfeited turn ends (UTD3.31).");
    // Every event of a whole game so far reads as a sentence: no internal event name is shown.
    const types = new Set(g.log.map((e) => e.event.type));
    for (const e of g.log) {
      const line = logLine(e, g.state);
      for (const t of types) expect(line, `#${e.seq} ${e.event.type}`).not.toContain(t);
    }
  });

  it('ISS-A03 a rounded yard charge says how it was rounded, not the setting key cost.rounding', () => {
    const g = startedGame();
    expect(roundingNote('13', '12.5', g.state)).toBe(' (exactly 12.5, rounded to whole BPV per order line, ISS-A03)');
    g.patch((s) => {
      s.settings['cost.rounding'] = 'perShip';
    });
    expect(roundingNote('13', '12.5', g.state)).toContain('per ship');
    expect(roundingNote('13', '12.5', g.state)).not.toContain('cost.rounding');
    expect(roundingNote('13', '13', g.state)).toBe('');
  });

  it('UTD3.1 /navy text groups repeated bases ("3 × …") and writes MC used "of 5"', () => {
    // The home defenses (UTD8.13): three ground bases and three DefSats; three more DefSats added.
    const g = startedGame();
    g.patch((s) => {
      for (const id of ['B91', 'B92', 'B93'])
        s.bases.push({
          id,
          owner: 'p1',
          unitId: 'NEU-DEFSAT',
          sector: 'H1',
          role: 'defense',
          bpv: '20',
          pending: false,
        });
    });
    const text = navyText(g.state, 'p1', g.catalog)!;
    const at = text.split('\n').find((l) => l.startsWith('At H1:'))!;
    expect(at).toContain('3 × Ground Defense Phaser Base, 6 × Defense Satellite');
    expect(at).toContain('capital (Capital)');
    expect(at).not.toContain('defense ');
    expect(at.match(/Defense Satellite/g)).toHaveLength(1);
    expect(text).toContain('Fleet 1 in H1 — MC 4/3 of 5, 196 BPV');
    expect(text).not.toMatch(/MC [\d/]+\/5/);
  });

  it('UTD4.3 the ledger text spells out colonies, mines and fortifications, singular and plural', () => {
    const g = startedGame();
    const text = ledgerText(g.state, ledgerRows(g.state, g.catalog));
    expect(text).toContain('1 colony, 1 mine, 1 fortification');
    expect(text).not.toMatch(/\bcol,|\b1 mines\b|\b1 fleets\b/);
  });

  it('UTD8.113 with every empire taken the refusal offers no empty list of free empires', () => {
    const g = mappedGame();
    g.patch((s) => {
      s.settings['players.max'] = 40;
    });
    const taken = new Set(g.state.players.map((p) => p.empire));
    let n = 10;
    for (const e of EMPIRES.filter((x) => !taken.has(x.key))) g.do(`q${n++}`, { type: 'join', empire: e.key });
    const err = g.refused('late', { type: 'join', empire: 'lyran' }, 'UTD8.113');
    expect(err.hint).toBe('No empire is free to join with and contest from (UTD8.113): agree with p1 who takes it.');
    expect(err.hint).not.toMatch(/\(\)|: \./);
    const bad = g.refused('late', { type: 'join', empire: 'nowhere' }, 'UTD8.111');
    expect(bad.hint).toBe('Every allowed empire is already played.');
  });

  it('UTD7.22 /buy fleets count:-1 is told what count means, not the fleet limit', () => {
    const g = startedGame();
    const err = g.refused('p1', { type: 'buy-fleets', count: -1 }, 'UTD7.22');
    expect(err.code).toBe('fleets/bad-count');
    expect(err.message).toContain('you gave -1');
    expect(err.message).not.toContain('At most three');
    expect(err.hint).toBe('You may buy up to 3 more (at most three extra fleets in all).');
    g.patch((s) => {
      s.players.find((p) => p.id === 'p1')!.bank = '5000';
    });
    g.do('p1', { type: 'buy-fleets', count: 3 });
    expect(g.refused('p1', { type: 'buy-fleets', count: 1 }, 'UTD7.22').message).toContain(
      'At most three extra fleets',
    );
  });

  it('UTD6.121 /turn undo after a scrap says the order is final by its kind, not that it rolled dice', () => {
    const g = startedGame();
    const ff = g.state.ships.find((s) => s.owner === 'p1' && s.unitId === 'LYR-FF')!;
    g.do('p1', { type: 'scrap', fleet: '1', ships: ff.id });
    const err = g.refused('p1', { type: 'undo' }, 'UTD6.121');
    expect(err.message).toContain('an order of this kind is final once given');
    expect(err.message).not.toContain('dice');
  });

  it('UTD6.372 /yard build yard:H1 takes the sector name, as /yard activate sector:H1 did', () => {
    const g = startedGame();
    g.do('p1', { type: 'yard-activate', sector: 'H1' });
    const [built] = g.do('p1', { type: 'yard-build', unitId: 'LYR-FF', yard: 'H1' });
    expect(built?.event.type).toBe('YardShipOrdered');
    const err = g.refused('p1', { type: 'yard-build', unitId: 'LYR-FF', yard: 'Q7' }, 'UTD6.37');
    expect(err.message).toContain('You have no shipyard `Q7`');
    // A second yard in H1 makes the sector's name ambiguous: the refusal lists both.
    g.patch((s) => {
      s.bases.push({
        id: 'B901',
        owner: 'p1',
        unitId: 'NEU-SY4',
        sector: 'H1',
        role: 'shipyard',
        bpv: '150',
        pending: false,
      });
    });
    const two = g.refused('p1', { type: 'yard-build', unitId: 'LYR-FF', yard: 'H1' }, 'UTD6.37');
    expect(two.code).toBe('yard/ambiguous');
    expect(two.hint).toContain('B901');
  });

  it('UTD4.12 names typed with Markdown show as typed in announcements and views', () => {
    const g = registeredGame();
    g.patch((s) => {
      s.name = '**Bold** _war_';
    });
    const joined = g.events('PlayerJoined')[0]!;
    expect(describeEvent(joined, g.state)).toContain('**\\*\\*Bold\\*\\* \\_war\\_**');
    const named = mappedGame();
    named.patch((s) => {
      s.map!.sectors.find((x) => x.key === 'A')!.name = 'Star*Gate';
    });
    expect(sectorText(named.state, 'Star*Gate')).toContain('**Star\\*Gate**');
  });

  it('A.2.14 the quick battle names the side it waits for after one side allocates', () => {
    const g = startedGame();
    const q = {
      agreed: [],
      intensity: {},
      allocations: { p1: 'auto' },
      units: [],
      carry: { A: 0, B: 0 },
      rolled: { round: 1 },
      rounds: [],
      fates: {},
      directed: {},
      directedResults: { A: null, B: null },
    } as unknown as QuickState;
    const text = quickUpdateText('secret', {
      battleId: 'X1',
      q,
      name: (l) => (l === 'A' ? 'p1' : 'p2'),
      state: g.state,
      sideIds: ['p1', 'p2'],
    });
    expect(text).toBe(
      '🤫 Battle X1: a side has made its secret SIDCORS choice; waiting for p2 to give an allocation with `/battle quick allocate:` (auto for the default).',
    );
  });

  it('UTD7.4663 the turn-start line counts the order points left after the retreat charge', () => {
    const g = startedGame();
    g.do('p1', { type: 'end-turn' });
    const started = g.events('TurnStarted').at(-1)!;
    g.patch((s) => {
      s.turn!.opsSpent = 1;
    });
    expect((started.event as { opsBase: number }).opsBase).toBe(3);
    expect(describeEvent(started, g.state)).toContain(
      'with **2 order points** for orders: 3 (UTD6.2) less 1 spent first on retreats (UTD7.4663)',
    );
    g.patch((s) => {
      s.turn!.opsSpent = 0;
    });
    expect(describeEvent(started, g.state)).toContain('with **3 order points** (UTD6.2)');
  });
});

describe('words a player reads: joining', () => {
  it('UTD8.113 a player who already joined is told to contest, not to join with a free empire (not their own)', () => {
    const g = registeredGame();
    const err = g.refused('p2', { type: 'join', empire: 'lyran' }, 'UTD8.113');
    expect(err.hint).toBe(
      'Agree with p1 who takes it, or roll for it with `/campaign contest empire:lyran` (UTD8.113).',
    );
    const newcomer = g.refused('p4', { type: 'join', empire: 'lyran' }, 'UTD8.113');
    expect(newcomer.hint).toContain('join with a free empire (');
    expect(newcomer.hint).not.toContain('Kzinti');
  });
});

describe('words a player reads: settings', () => {
  it('UTD1.7 a changed setting is announced with its value as /campaign settings shows it, not as JSON', () => {
    const g = startedGame();
    const stored = {
      ...g.log.at(-1)!,
      event: { type: 'SettingChanged', key: 'cost.rounding', value: 'perShip', fromHalfCycle: null },
    } as unknown as Parameters<typeof describeEvent>[0];
    const line = describeEvent(stored, g.state)!;
    expect(line).toContain('**cost.rounding** is now `');
    expect(line).not.toContain('"perShip"');
  });
});
