import { describe, expect, it } from 'vitest';
import { mapDigest, thunderdomePosts } from '../../src/app/thunderdome-posts.ts';
import { StateCache } from '../../src/app/state-cache.ts';
import { derived } from '../../src/app/state-derived.ts';
import { cloneJson } from '../../src/rules/json-data.ts';
import type { CampaignState, StoredEvent } from '../../src/rules/thunderdome/index.ts';
import { startedGame } from '../rules/td3/harness.ts';
import { mapFingerprint } from '../../src/render/map-fingerprint.ts';
import { turnMoves } from '../../src/render/map-moves.ts';

/** The fingerprint as one JSON array, worked out whole: what digests stored in the outbox were made from. */
function wholeFingerprint(state: CampaignState): string {
  const map = state.map!;
  const dev = (d: { owner: string; status: string } | null) => (d ? `${d.owner}:${d.status}` : '');
  const fleets = new Map(state.fleets.map((f) => [f.id, f]));
  return JSON.stringify([
    state.name,
    state.status,
    state.halfCycles,
    state.winner,
    state.settings.startYear,
    map.approvals.length,
    map.approved,
    state.turn ? [state.turn.playerId, state.turn.deadline, turnMoves(state).map((m) => [m.kind, m.from, m.to])] : null,
    state.players.map((p) => [p.id, p.name, p.seat, p.status, p.empire]),
    map.sectors.map((s) => [
      s.key,
      s.name,
      s.type,
      s.owner,
      s.homeSlot,
      dev(s.colony),
      dev(s.mine),
      dev(s.fort),
      s.npe?.status ?? '',
      s.x,
      s.y,
      s.terrain,
      s.overlays,
    ]),
    map.lanes,
    state.bases.map((b) => [b.sector, b.role, b.owner, b.pending]).sort(),
    state.fleets.map((f) => `${f.sector}:${f.owner}`).sort(),
    state.ships
      .flatMap((s) => {
        const f = s.fleetId !== null ? fleets.get(s.fleetId) : undefined;
        return f ? [`${f.sector}:${f.owner}:${s.unitId}:${s.bpv}`] : [];
      })
      .sort(),
    state.battles
      .filter((b) => b.status === 'open')
      .map((b) => b.sector)
      .sort(),
  ]);
}

/**
 * UTD1.12: a map post follows every change of what the map shows. Its digest (mapFingerprint
 * hashed) is kept with a frozen state the process keeps, and a command that hands back the state it
 * was given (a dice roll) is known to have changed nothing without fingerprinting the map twice.
 */
describe('map digest (UTD1.12)', () => {
  it('UTD1.12 a kept, frozen state keeps its digest; a state that may still change is fingerprinted each time', () => {
    const state = startedGame().state;
    const cache = new StateCache();
    cache.put('c', '1', state);
    const kept = cache.peek('c', '1')!;
    expect(mapDigest(kept)).toBe(mapDigest(state));
    const moved = cloneJson(state);
    const fleet = moved.fleets[0]!;
    const elsewhere = moved.map!.sectors.find((s) => s.key !== fleet.sector)!;
    fleet.sector = elsewhere.key;
    expect(mapDigest(moved)).not.toBe(mapDigest(state));
    // Changed back, the same object gives the first digest again: nothing was kept for it.
    fleet.sector = state.fleets[0]!.sector;
    expect(mapDigest(moved)).toBe(mapDigest(state));
  });

  it('UTD1.12 the digest worked out for the state a command made goes with the copy the state cache keeps of it', () => {
    const state = startedGame().state;
    const digest = mapDigest(state);
    const cache = new StateCache();
    cache.put('c', '1', state);
    const kept = cache.peek('c', '1')!;
    expect(derived(kept, 'mapDigest', () => 'worked out again')).toBe(digest);
    // A state nothing was worked out for keeps nothing: its digest is worked out when first asked.
    const other = cloneJson(state);
    cache.put('d', '1', other);
    expect(derived(cache.peek('d', '1')!, 'mapDigest', () => 'worked out again')).toBe('worked out again');
  });

  it('UTD1.12 a dice roll posts no map; a fleet moved on the map does', () => {
    const g = startedGame();
    const state = g.state;
    const rolled: StoredEvent[] = g.do('p1', { type: 'roll', expression: '2d6' });
    expect(g.state).toEqual(state);
    const kinds = (after: CampaignState) =>
      thunderdomePosts(rolled, state, after, { log: { error: () => {} } as never }).map((p) => p.kind);
    expect(kinds(state)).not.toContain('map-post');
    const moved = cloneJson(state);
    moved.fleets[0]!.sector = moved.map!.sectors.find((s) => s.key !== moved.fleets[0]!.sector)!.key;
    expect(kinds(moved)).toContain('map-post');
  });

  it('UTD1.12 the fingerprint read from kept parts is the one read whole; a part changed since is read anew', () => {
    const state = startedGame().state;
    const cache = new StateCache();
    cache.put('c', '1', state);
    const kept = cache.peek('c', '1')!;
    expect(mapFingerprint(state)).toBe(wholeFingerprint(state));
    expect(mapFingerprint(kept)).toBe(wholeFingerprint(state));
    expect(mapFingerprint(kept)).toBe(wholeFingerprint(state));
    // The next command's state shares the kept map, fleets and bases, with a new list of ships.
    const ships = cloneJson(kept.ships);
    const sailing = ships.find((s) => s.fleetId !== null)!;
    sailing.bpv += 7;
    const next = { ...kept, ships } as CampaignState;
    expect(mapFingerprint(next)).toBe(wholeFingerprint(next));
    expect(mapFingerprint(next)).not.toBe(mapFingerprint(kept));
    // Kept again, frozen: its pieces are worked out for it, not taken from the earlier ships.
    cache.put('c', '2', next);
    expect(mapFingerprint(cache.peek('c', '2')!)).toBe(wholeFingerprint(next));
  });
});
