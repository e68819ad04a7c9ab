import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { n3dViewLayout, ownerColours, renderN3dViews } from '../../src/render/n3d-view.ts';
import { PALETTE, rgbOf } from '../../src/render/theme.ts';
import { addBlackHole, addUnit, addWeb, hexesToKm, newEngagement, type Engagement } from '../../src/rules/n3d/index.ts';
import { compareSnapshot, decode, hasColourNear, shrink } from './pixels.ts';
import { RenderPool } from '../../src/render/pool.ts';

const hex = (h: number) => hexesToKm(h);
const at = (x: number, y: number, z: number) => ({ x: hex(x), y: hex(y), z: hex(z) });
const classD = { kind: 'class', class: 'D' } as const;

/** Alice's CA at the origin heading north, Bob's D7 5 hexes north and 2 up, a Tholian web, a black hole. */
function scene(): Engagement {
  let e = newEngagement();
  e = addUnit(e, { id: 'CA', name: 'Enterprise', owner: 'alice', pos: at(0, 0, 0), speed: hex(16), turnMode: classD });
  e = addUnit(e, {
    id: 'D7',
    name: 'Devisor',
    owner: 'bob',
    pos: at(5, 2, 0),
    facing: { pitch: 0, yaw: 1_800_000, roll: 0 },
    speed: hex(8),
    turnMode: classD,
  });
  e = addUnit(e, { id: 'T1', name: 'Tholian PC', owner: 'tom', pos: at(2.5, 0, 3), turnMode: classD });
  e = addUnit(e, {
    id: 'BS',
    name: 'Battle Station',
    owner: 'alice',
    kind: 'base',
    pos: at(-2, -1, -2),
    turnMode: classD,
  });
  e = addWeb(e, { id: 'W', anchors: [{ unit: 'T1' }, { point: at(2.5, 0, -3) }], traditionalStrength: 2 });
  return addBlackHole(e, { id: 'BH', pos: at(6, -2, 4), size: 1 });
}

describe('renderN3dViews', () => {
  it('drawn in a render worker (the bot draws it there) it is the same bytes: the engagement is plain data', async () => {
    const pool = new RenderPool({ size: 1 });
    try {
      const png = await pool.run({ kind: 'n3d', engagement: scene() });
      expect(png.equals(await renderN3dViews(scene()))).toBe(true);
      expect(pool.stats()).toMatchObject({ inThread: false, crashes: 0 });
    } finally {
      await pool.close();
    }
  });

  it('matches the stored snapshot (scaled to 600 px) within 0.5 % of pixels', async () => {
    const png = await shrink(await renderN3dViews(scene()), 600);
    expect(
      await compareSnapshot(png, fileURLToPath(new URL('./__snapshots__/n3d-views-600.png', import.meta.url))),
    ).toBeLessThan(0.005);
  });

  it('is deterministic: the same engagement gives identical PNG bytes', async () => {
    const a = await renderN3dViews(scene());
    const b = await renderN3dViews(scene());
    expect(a.subarray(0, 8).toString('latin1')).toBe('\x89PNG\r\n\x1a\n');
    expect(Buffer.compare(a, b)).toBe(0);
  });

  it('is 1200 px wide and as tall as panels plus one table row per unit: 4 units → 820 px', async () => {
    const img = await decode(await renderN3dViews(scene()));
    expect([img.width, img.height]).toEqual([1200, 820]);
    expect(n3dViewLayout(scene())).toMatchObject({ width: 1200, height: 820 });
  });

  it('top view: north is up the image, west is left; side view: north is right, up is up', () => {
    const l = n3dViewLayout(scene());
    const [ca, d7, t1] = l.points;
    expect(d7!.top.y).toBeLessThan(ca!.top.y); // D7 is north
    expect(d7!.top.x).toBeCloseTo(ca!.top.x, 6); // same z
    expect(t1!.top.x).toBeLessThan(ca!.top.x); // T1 is west (+z) → left
    expect(d7!.side.x).toBeGreaterThan(ca!.side.x); // north → right
    expect(d7!.side.y).toBeLessThan(ca!.side.y); // 2 hexes up
    expect(d7!.side.y - ca!.side.y).toBeCloseTo(-2 * l.scale, 6); // one scale for both views
  });

  it('draws each unit in its owner colour at its place in both views', async () => {
    const e = scene();
    const img = await decode(await renderN3dViews(e));
    const l = n3dViewLayout(e);
    const colours = ownerColours(e);
    expect([...colours.values()]).toEqual([PALETTE[0], PALETTE[1], PALETTE[2]]);
    e.units.forEach((u, i) => {
      const p = l.points[i]!;
      const rgb = rgbOf(colours.get(u.owner)!);
      expect(hasColourNear(img, p.top.x, p.top.y, 3, rgb, 12), `${u.id} top`).toBe(true);
      expect(hasColourNear(img, p.side.x, p.side.y, 3, rgb, 12), `${u.id} side`).toBe(true);
    });
  });

  it('an empty engagement still renders (panels and an empty table)', async () => {
    const img = await decode(await renderN3dViews(newEngagement()));
    expect([img.width, img.height]).toEqual([1200, 650 + 30 + 24 + 20]);
  });

  it('the table stops at 16 units and says how many more', () => {
    let e = newEngagement();
    for (let i = 0; i < 20; i++)
      e = addUnit(e, { id: `U${i}`, name: `Unit ${i}`, owner: `p${i % 3}`, pos: at(i, 0, 0), turnMode: classD });
    expect(n3dViewLayout(e).height).toBe(650 + 30 + 17 * 24 + 24 + 20);
  });
});
