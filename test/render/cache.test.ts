import { describe, expect, it } from 'vitest';
import { ImageCache } from '../../src/render/cache.ts';

const png = (text: string) => Buffer.from(text);

describe('ImageCache: an unchanged state is not drawn again', () => {
  it('memoises by (kind, campaign, version)', async () => {
    const cache = new ImageCache();
    let renders = 0;
    const render = async () => png(`image ${++renders}`);
    expect((await cache.get('map', 'c1', 3, render)).toString()).toBe('image 1');
    expect((await cache.get('map', 'c1', 3, render)).toString()).toBe('image 1');
    expect((await cache.get('map', 'c1', 4, render)).toString()).toBe('image 2');
    expect((await cache.get('navy:p1', 'c1', 4, render)).toString()).toBe('image 3');
    expect((await cache.get('map', 'c2', 4, render)).toString()).toBe('image 4');
    // map c1 v3 was dropped when v4 arrived.
    expect(cache.stats()).toEqual({ hits: 1, misses: 4, size: 3 });
  });

  it('shares one render among simultaneous callers', async () => {
    const cache = new ImageCache();
    let renders = 0;
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const render = async () => {
      renders++;
      await gate;
      return png('x');
    };
    const all = Promise.all([
      cache.get('map', 'c', 1, render),
      cache.get('map', 'c', 1, render),
      cache.get('map', 'c', 1, render),
    ]);
    release();
    expect((await all).map(String)).toEqual(['x', 'x', 'x']);
    expect(renders).toBe(1);
  });

  it('forgets a failed render so the next call tries again', async () => {
    const cache = new ImageCache();
    await expect(cache.get('map', 'c', 1, async () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    await Promise.resolve();
    expect((await cache.get('map', 'c', 1, async () => png('ok'))).toString()).toBe('ok');
  });

  it('a newer version drops older ones of the same picture; an older version is not kept', async () => {
    const cache = new ImageCache();
    await cache.get('map', 'c', 1, async () => png('v1'));
    await cache.get('map:focus=A', 'c', 1, async () => png('a1'));
    await cache.get('map', 'c', 2, async () => png('v2'));
    expect(cache.stats().size).toBe(2);
    expect((await cache.get('map', 'c', 1, async () => png('v1 again'))).toString()).toBe('v1 again');
    expect(cache.stats().size).toBe(2);
  });

  it('keeps at most maxEntries, dropping the least recently used; forget(campaign) clears one campaign', async () => {
    const cache = new ImageCache({ maxEntries: 2 });
    await cache.get('map', 'a', 1, async () => png('a'));
    await cache.get('map', 'b', 1, async () => png('b'));
    await cache.get('map', 'a', 1, async () => png('a2')); // touch a
    await cache.get('map', 'c', 1, async () => png('c')); // drops b
    expect((await cache.get('map', 'b', 1, async () => png('b2'))).toString()).toBe('b2');
    expect((await cache.get('map', 'c', 1, async () => png('c2'))).toString()).toBe('c');
    cache.forget('c');
    expect((await cache.get('map', 'c', 1, async () => png('c3'))).toString()).toBe('c3');
  });
});
