import { describe, expect, it } from 'vitest';
import { mc } from '../../../src/rules/exact/move-class.ts';
import type { Catalog, CatalogUnit } from '../../../src/rules/thunderdome/catalog/index.ts';
import { unitCatalogOf } from '../../../src/rules/thunderdome/units.ts';
import { describeEvent } from '../../../src/discord/words.ts';
import { type Game, registeredGame, startedGame } from '../td3/harness.ts';
import { sampleCatalog } from './helpers.ts';

/** The sample under another version label, with units changed, removed or added. */
function variant(version: string, change: (units: CatalogUnit[]) => CatalogUnit[] = (u) => u): Catalog {
  const sample = sampleCatalog();
  return { ...sample, version, units: change(structuredClone(sample.units)) };
}

/** v2: the Lyran cruiser costs 140 and moves at 2/3; the Kzinti dreadnought is gone; a Lyran scout is new. */
function v2(): Catalog {
  return variant('v2', (units) => {
    const ca = units.find((u) => u.unitId === 'LYR-CA')!;
    ca.bpvEconomic = '140';
    ca.moveCost = mc(40);
    const scout = { ...structuredClone(ca), unitId: 'LYR-SC', name: 'Lyran Scout', hullFamily: 'LYR-SC' };
    return [...units.filter((u) => u.unitId !== 'KZI-DN'), scout];
  });
}

function propose(g: Game, catalog: Catalog, ships: 'keep' | 'adopt' = 'keep', user = 'p2') {
  g.proposable[catalog.version] = unitCatalogOf(catalog);
  return g.do(user, { type: 'catalog-amend', version: catalog.version, ships });
}

function vote(g: Game, ballots: Record<string, 'yes' | 'no'>) {
  const open = g.state.votes.find((v) => v.status === 'open')!;
  g.do('p1', { type: 'vote-attach', voteId: open.id, messageId: 'm-amend' });
  for (const [player, choice] of Object.entries(ballots))
    g.do(player, { type: 'ballot', messageId: 'm-amend', choice, present: true });
  return g.state.votes.find((v) => v.id === open.id)!;
}

describe('UTD1.7 catalog amendments during play', () => {
  it('UTD1.7 a proposal opens a supermajority vote and posts the difference: units added, removed, changed, and the ships in play it touches', () => {
    const g = startedGame();
    const stored = propose(g, v2());
    const proposed = stored.find((e) => e.event.type === 'CatalogAmendmentProposed')!;
    const lyranCa = g.state.ships.find((s) => s.unitId === 'LYR-CA')!;
    expect(proposed.event).toMatchObject({
      version: 'v2',
      previous: 'sample',
      ships: 'keep',
      difference: {
        added: ['LYR-SC'],
        removed: ['KZI-DN'],
        changed: [
          {
            unitId: 'LYR-CA',
            fields: [
              { field: 'bpv', from: '133', to: '140' },
              { field: 'mc', from: 60, to: 40 },
            ],
          },
        ],
        touched: [{ kind: 'ship', id: lyranCa.id, unitId: 'LYR-CA', owner: 'p1' }],
      },
    });
    expect(g.state.votes.at(-1)).toMatchObject({
      status: 'open',
      payload: { kind: 'catalog-amendment', version: 'v2' },
    });
    const post = describeEvent(proposed, g.state)!;
    expect(post).toContain('Units added (1): LYR-SC');
    expect(post).toContain('Units removed (1): KZI-DN');
    expect(post).toContain('`LYR-CA`: BPV 133 → 140, move cost 1 → 2/3');
    expect(post).toContain(`ship ${lyranCa.id} (\`LYR-CA\`) of p1`);
    // Nothing changes until the players decide.
    expect(g.state.catalogVersion).toBe('sample');
  });

  it('UTD1.7 a passed vote replaces the catalog at once; ships keep their recorded prices; the event replays', () => {
    const g = startedGame();
    propose(g, v2());
    const v = vote(g, { p1: 'yes', p2: 'yes' });
    expect(v.status).toBe('passed');
    const amended = g.events('CatalogAmended')[0]!;
    expect(amended.event).toMatchObject({ version: 'v2', previous: 'sample', ships: 'keep', repriced: [] });
    expect(g.state.catalogVersion).toBe('v2');
    expect(g.state.ships.find((s) => s.unitId === 'LYR-CA')!.bpv).toBe('133');
    expect(g.replayed()).toEqual(g.state);
    expect(describeEvent(amended, g.state)).toContain('now plays with ship catalog `v2` (was `sample`)');
  });

  it('UTD1.7 with ships:adopt the ships of a repriced unit take the new price', () => {
    const g = startedGame();
    propose(g, v2(), 'adopt');
    vote(g, { p1: 'yes', p3: 'yes' });
    const ca = g.state.ships.find((s) => s.unitId === 'LYR-CA')!;
    expect(g.events('CatalogAmended')[0]!.event).toMatchObject({
      repriced: [{ shipId: ca.id, from: '133', to: '140' }],
    });
    expect(ca.bpv).toBe('140');
    expect(g.replayed().ships.find((s) => s.id === ca.id)!.bpv).toBe('140');
  });

  it('UTD1.7 a rejected vote changes nothing', () => {
    const g = startedGame();
    propose(g, v2());
    const v = vote(g, { p1: 'no', p3: 'no' });
    expect(v.status).toBe('rejected');
    expect(g.events('CatalogAmended')).toHaveLength(0);
    expect(g.state.catalogVersion).toBe('sample');
  });

  it('UTD1.7 an amendment that would leave a ship in play without a definition is refused, naming it', () => {
    const g = startedGame();
    const catalog = variant('v3', (units) => units.filter((u) => u.unitId !== 'LYR-FF'));
    g.proposable.v3 = unitCatalogOf(catalog);
    const error = g.refused('p2', { type: 'catalog-amend', version: 'v3', ships: 'keep' }, 'UTD1.7');
    const ff = g.state.ships.find((s) => s.unitId === 'LYR-FF')!;
    expect(error.code).toBe('catalog/amend-undefined');
    expect(error.message).toContain(`ship ${ff.id} (\`LYR-FF\`)`);
  });

  it('UTD7.23 an amendment that would put a fleet over 5 MC is refused', () => {
    const g = startedGame();
    const catalog = variant('v4', (units) => {
      units.find((u) => u.unitId === 'LYR-CA')!.moveCost = mc(300);
      return units;
    });
    g.proposable.v4 = unitCatalogOf(catalog);
    expect(g.refused('p2', { type: 'catalog-amend', version: 'v4', ships: 'keep' }, 'UTD7.23').code).toBe(
      'catalog/amend-fleet-limit',
    );
  });

  it('UTD1.7 a vote that passes after the campaign changed to no longer fit is recorded, and the catalog stays', () => {
    const g = startedGame();
    propose(g, v2());
    // While the vote is open a Kzinti dreadnought, which v2 drops, came into play.
    g.patch((s) => {
      s.ships.push({ ...structuredClone(s.ships.find((x) => x.owner === 'p2')!), id: 'S99', unitId: 'KZI-DN' });
    });
    vote(g, { p1: 'yes', p2: 'yes' });
    expect(g.events('CatalogAmendmentFailed')[0]!.event).toMatchObject({
      undefinedUnits: [{ id: 'S99', unitId: 'KZI-DN' }],
    });
    expect(g.state.catalogVersion).toBe('sample');
  });

  it('UTD1.7 before play the catalog changes without a vote, and one amendment is voted on at a time', () => {
    const r = registeredGame();
    r.proposable.v2 = unitCatalogOf(v2());
    expect(r.refused('p1', { type: 'catalog-amend', version: 'v2', ships: 'keep' }, 'UTD1.7').code).toBe(
      'catalog/not-in-play',
    );
    const g = startedGame();
    propose(g, v2());
    g.proposable.v5 = unitCatalogOf(variant('v5'));
    expect(g.refused('p3', { type: 'catalog-amend', version: 'v5', ships: 'keep' }, 'UTD1.7').code).toBe(
      'vote/duplicate',
    );
  });
});
