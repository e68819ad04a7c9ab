import { describe, expect, it } from 'vitest';
import { cloneJson, sameJson } from '../../src/rules/json-data.ts';

/**
 * Performance (docs/performance.md): every command copies the campaign state once, and a command that changes
 * nothing in it skips rewriting it. The copy must be as deep and faithful as `structuredClone`,
 * and "the same" must never be said of two states that would be stored differently.
 */
describe('cloneJson: a deep copy of plain JSON data', () => {
  it('copies every level, so changing the copy leaves the original as it was', () => {
    const original = { a: 1, list: [{ b: 'x', deeper: { c: [1, 2, 3] } }], none: null, yes: true };
    const copy = cloneJson(original);
    expect(copy).toEqual(original);
    copy.list[0]!.deeper.c.push(4);
    copy.list.push({ b: 'y', deeper: { c: [] } });
    copy.a = 2;
    expect(original).toEqual({ a: 1, list: [{ b: 'x', deeper: { c: [1, 2, 3] } }], none: null, yes: true });
  });

  it('keeps a property set to undefined, as structuredClone does, and the order of the keys', () => {
    const copy = cloneJson({ z: 1, a: undefined, m: [undefined] });
    expect(Object.keys(copy)).toEqual(['z', 'a', 'm']);
    expect(copy).toStrictEqual(structuredClone({ z: 1, a: undefined, m: [undefined] }));
  });

  it('hands anything that is not plain data to structuredClone (a Date stays a Date, and a copy)', () => {
    const when = new Date('2026-11-21T12:00:00Z');
    const copy = cloneJson({ when });
    expect(copy.when).toBeInstanceOf(Date);
    expect(copy.when).not.toBe(when);
    expect(copy.when.toISOString()).toBe('2026-11-21T12:00:00.000Z');
  });
});

describe('sameJson: would two values be stored as the same JSON document', () => {
  it('is true for equal data, whatever the order of the keys (jsonb does not keep it)', () => {
    expect(sameJson({ a: 1, b: [1, { c: 'x' }] }, { b: [1, { c: 'x' }], a: 1 })).toBe(true);
    expect(
      sameJson(cloneJson({ map: { sectors: [{ key: '0101', owner: null }] } }), {
        map: { sectors: [{ key: '0101', owner: null }] },
      }),
    ).toBe(true);
  });

  it('is false for any difference: a value, a missing key, an extra element, an array against an object', () => {
    expect(sameJson({ bank: '950' }, { bank: '949' })).toBe(false);
    expect(sameJson({ a: 1, b: 2 }, { a: 1 })).toBe(false);
    expect(sameJson({ a: 1 }, { a: 1, b: 2 })).toBe(false);
    expect(sameJson([1, 2], [1, 2, 3])).toBe(false);
    expect(sameJson({ 0: 'x' }, ['x'])).toBe(false);
    expect(sameJson({ a: null }, { a: 0 })).toBe(false);
    expect(sameJson({ a: '1' }, { a: 1 })).toBe(false);
  });

  it('errs only towards "different": a key set to undefined on one side, NaN, a Date', () => {
    expect(sameJson({ a: 1, b: undefined }, { a: 1 })).toBe(false);
    expect(sameJson({ n: Number.NaN }, { n: Number.NaN })).toBe(false);
    expect(sameJson({ d: new Date(0) }, { d: new Date(0) })).toBe(false);
  });
});
