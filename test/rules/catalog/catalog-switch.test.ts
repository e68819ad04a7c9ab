import { describe, expect, it } from 'vitest';
import { mc } from '../../../src/rules/exact/move-class.ts';
import type { Catalog, CatalogUnit } from '../../../src/rules/thunderdome/catalog/index.ts';
import { unitCatalogOf } from '../../../src/rules/thunderdome/units.ts';
import { describeEvent } from '../../../src/discord/words.ts';
import { type Game, mappedGame, registeredGame, startedGame, who } from '../td3/harness.ts';
import { sampleCatalog } from './helpers.ts';

/** The sample catalog under another version label, with units changed or removed. */
function variant(version: string, change: (units: CatalogUnit[]) => CatalogUnit[] = (u) => u): Catalog {
  const sample = sampleCatalog();
  return { ...sample, version, units: change(structuredClone(sample.units)) };
}

function switchTo(g: Game, catalog: Catalog, user = 'p1') {
  g.catalog = unitCatalogOf(catalog);
  return g.do(user, { type: 'catalog-set', version: catalog.version });
}

/** p1 (Lyran) has bought a CA and an FF into fleet 1 during the setup; nobody is ready yet. */
function setupWithPurchases(): Game {
  const g = mappedGame();
  g.dice(900, 500, 100).do('p1', { type: 'start' });
  g.do('p1', { type: 'setup-buy', unitId: 'LYR-CA', fleetSlot: 1 });
  g.do('p1', { type: 'setup-buy', unitId: 'LYR-FF', fleetSlot: 1 });
  return g;
}

describe('switching the campaign catalog (UTD8.1, requirements §4.2 "pinned at setup")', () => {
  it('UTD8.1 before the start the creator switches the catalog; the event names both versions and the unit count', () => {
    const g = registeredGame();
    const next = variant('v2');
    const [stored] = switchTo(g, next);
    expect(stored!.event).toEqual({ type: 'CatalogSet', version: 'v2', previous: 'sample', units: next.units.length });
    expect(g.state.catalogVersion).toBe('v2');
    expect(g.replayed().catalogVersion).toBe('v2');
    expect(describeEvent(stored!, g.state)).toContain(
      `switched **Test** to ship catalog \`v2\` (${next.units.length} units; it was \`sample\`)`,
    );
  });

  it('UTD8.1 during the setup the switch keeps the starting forces and purchases that the new catalog still has at the same price', () => {
    const g = setupWithPurchases();
    switchTo(g, variant('v2'));
    expect(g.state.catalogVersion).toBe('v2');
    // Purchases go on under the new catalog.
    g.do('p1', { type: 'setup-buy', unitId: 'LYR-DD', fleetSlot: 2 });
    expect(g.state.ships.filter((s) => s.owner === 'p1').map((s) => s.unitId)).toEqual(['LYR-CA', 'LYR-FF', 'LYR-DD']);
  });

  it('UTD8.1 once play has started the catalog is pinned: refused, nothing changes', () => {
    const g = startedGame();
    g.catalog = unitCatalogOf(variant('v2'));
    const error = g.refused('p1', { type: 'catalog-set', version: 'v2' }, 'UTD8.1');
    expect(error.code).toBe('catalog/pinned');
    expect(error.message).toContain('pinned when play began');
    expect(g.state.catalogVersion).toBe('sample');
  });

  it('UTD8.1 only the campaign creator or a server manager may switch', () => {
    const g = registeredGame();
    g.catalog = unitCatalogOf(variant('v2'));
    expect(g.refused('p2', { type: 'catalog-set', version: 'v2' }, 'UTD8.1').code).toBe('permission/admin');
    g.do(who('p2', true), { type: 'catalog-set', version: 'v2' });
    expect(g.state.catalogVersion).toBe('v2');
  });

  it('UTD8.1 a bought ship whose unit the new catalog lacks refuses the switch, naming it', () => {
    const g = setupWithPurchases();
    g.catalog = unitCatalogOf(variant('v2', (units) => units.filter((u) => u.unitId !== 'LYR-FF')));
    const error = g.refused('p1', { type: 'catalog-set', version: 'v2' }, 'UTD8.1');
    expect(error.code).toBe('catalog/units-differ');
    const ff = g.state.ships.find((s) => s.unitId === 'LYR-FF')!;
    expect(error.message).toContain(`ship ${ff.id} is a \`LYR-FF\`, which the new catalog lacks`);
    expect(error.hint).toContain('/setup return');
  });

  it('UTD8.1 a starting base whose unit the new catalog lacks refuses the switch', () => {
    const g = setupWithPurchases();
    const capital = g.state.bases.find((b) => b.owner === 'p1' && b.role === 'capital')!;
    g.catalog = unitCatalogOf(variant('v2', (units) => units.filter((u) => u.unitId !== capital.unitId)));
    const error = g.refused('p1', { type: 'catalog-set', version: 'v2' }, 'UTD8.1');
    expect(error.message).toContain(`capital ${capital.id} is a \`${capital.unitId}\``);
  });

  it('UTD1.2 a bought ship repriced by the new catalog refuses the switch (the bank paid the old price)', () => {
    const g = setupWithPurchases();
    g.catalog = unitCatalogOf(
      variant('v2', (units) => units.map((u) => (u.unitId === 'LYR-CA' ? { ...u, bpvEconomic: '140' } : u))),
    );
    const ca = g.state.ships.find((s) => s.unitId === 'LYR-CA')!;
    const error = g.refused('p1', { type: 'catalog-set', version: 'v2' }, 'UTD8.1');
    expect(error.message).toContain(
      `ship ${ca.id} (\`LYR-CA\`) was bought for ${ca.bpv} BPV; the new catalog prices it at 140`,
    );
  });

  it('UTD7.23 a fleet that would exceed 5 MC under the new move costs refuses the switch', () => {
    const g = setupWithPurchases();
    // CA (now MC 5) + FF (1/3) = 5 1/3 > 5.
    g.catalog = unitCatalogOf(
      variant('v2', (units) => units.map((u) => (u.unitId === 'LYR-CA' ? { ...u, moveCost: mc(300) } : u))),
    );
    const error = g.refused('p1', { type: 'catalog-set', version: 'v2' }, 'UTD8.1');
    expect(error.message).toContain('fleet 1 of p1 would hold MC 16/3 of 5 (UTD7.23)');
  });

  it('switching to the version already in use is refused as no change', () => {
    const g = registeredGame();
    switchTo(g, variant('v2'));
    expect(g.refused('p1', { type: 'catalog-set', version: 'v2' }, 'UTD8.1').code).toBe('catalog/no-change');
  });
});
