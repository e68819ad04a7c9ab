import { describe, expect, it } from 'vitest';
import {
  type Address,
  type Galaxy,
  addressName,
  adjacentSectors,
  directionTo,
  hexDistance,
  neighbour,
  neighbours,
  parseAddress,
  parseHex,
  resolveMove,
  sectorName,
} from '../../../src/rules/warlord/hex.ts';
import { activePulses } from '../../../src/rules/warlord/ships.ts';

const G: Galaxy = { width: 10, height: 10 };
const at = (s: string): Address => {
  const a = parseAddress(G, s);
  if (!a) throw new Error(s);
  return a;
};
const walk = (from: string, hexes: string[]) => {
  let cur = at(from);
  const out: string[] = [];
  for (const h of hexes) {
    const hx = parseHex(h);
    const next = hx && resolveMove(G, cur, hx);
    if (!next) {
      out.push('illegal');
      break;
    }
    cur = next;
    out.push(addressName(cur));
  }
  return out;
};

describe('Warlord galaxy geometry (§4.1–4.6)', () => {
  it('Warlord G28 crossing borders: from 45-0101 up is 44-0116, left 35-1601, up-left 34-1616', () => {
    const a = at('45-0101');
    expect(addressName(neighbour(G, a, 1))).toBe('44-0116');
    expect(addressName(neighbour(G, a, 5))).toBe('35-1601');
    expect(addressName(neighbour(G, a, 6))).toBe('34-1616');
    // The 1616 corner touches the 0101 of the sector down-right; 0116 and 1601 touch no diagonal sector.
    expect(neighbours(G, at('45-1616')).map(addressName)).toContain('56-0101');
    expect(neighbours(G, at('45-0116')).some((n) => sectorName({ x: n.sx, y: n.sy }) === '36')).toBe(false);
    expect(neighbours(G, at('45-1601')).some((n) => sectorName({ x: n.sx, y: n.sy }) === '54')).toBe(false);
  });

  it('Warlord G28 wrapping: sector 00 is adjacent to 09 and 90, and diagonally to 99', () => {
    const adj = adjacentSectors(G, { x: 0, y: 0 }).map(sectorName);
    expect(adj).toEqual(expect.arrayContaining(['09', '90', '99', '10', '01']));
    expect(adj).toHaveLength(6);
    expect(addressName(neighbour(G, at('00-0101'), 6))).toBe('99-1616');
  });

  it('Warlord G25 raid direction: from 1612, RAD4 targets 1613 and RAD1 targets 1611', () => {
    const a = at('22-1612');
    expect(addressName(neighbour(G, a, 4))).toBe('22-1613');
    expect(addressName(neighbour(G, a, 1))).toBe('22-1611');
  });

  it('Warlord G26 basic movement: K-F5 0101→0201→0301→0401→0501→0502 is legal; slot pulses with and without RM', () => {
    expect(walk('11-0101', ['0201', '0301', '0401', '0501', '0502'])).not.toContain('illegal');
    expect(activePulses(4, false)).toEqual([1, 2, 3, 4]);
    expect(activePulses(4, true)).toEqual([3, 4, 5, 6]);
    expect(activePulses(5, true)).toEqual([2, 3, 4, 5, 6]);
    expect(activePulses(2, true)).toEqual([5, 6]);
  });

  it('Warlord G29 sample sheet: T-PC 34-1516 via 1501, 1601 then 1503 fails; C-WG 34-1616 0101 0102 ends at 45-0102', () => {
    expect(walk('34-1516', ['1501', '1601', '1503'])).toEqual(['35-1501', '35-1601', 'illegal']);
    expect(walk('34-1616', ['0101', '0102'])).toEqual(['45-0101', '45-0102']);
  });

  it('Warlord G30 order examples: every step legal except 1412→1612 and 1601→1503', () => {
    expect(walk('11-1411', ['1412', '1612'])).toEqual(['11-1412', 'illegal']);
    expect(walk('11-1616', ['1615'])).not.toContain('illegal');
    expect(walk('11-0101', ['1616'])).toEqual(['00-1616']);
    expect(walk('11-1615', ['1616', '1601'])).not.toContain('illegal');
    expect(walk('11-1515', ['1415'])).not.toContain('illegal');
  });

  it('Warlord hex distance is 1 exactly for the six neighbours', () => {
    const a = at('33-0708');
    for (const n of neighbours(G, a)) expect(hexDistance(a, n)).toBe(1);
    expect(hexDistance({ col: 1, row: 1 }, { col: 5, row: 1 })).toBe(4);
    expect(directionTo(G, a, neighbour(G, a, 3))).toBe(3);
  });
});
