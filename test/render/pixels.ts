import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { createCanvas, loadImage } from 'canvas';

/** Decoded RGBA pixels of a PNG, with helpers for the image tests. */
export interface Pixels {
  width: number;
  height: number;
  data: Uint8ClampedArray;
}

export async function decode(png: Buffer): Promise<Pixels> {
  const img = await loadImage(png);
  const c = createCanvas(img.width, img.height);
  const ctx = c.getContext('2d');
  ctx.drawImage(img, 0, 0);
  const { data } = ctx.getImageData(0, 0, img.width, img.height);
  return { width: img.width, height: img.height, data };
}

export function rgbAt(p: Pixels, x: number, y: number): [number, number, number] {
  const i = (Math.round(y) * p.width + Math.round(x)) * 4;
  return [p.data[i]!, p.data[i + 1]!, p.data[i + 2]!];
}

export function close(a: readonly number[], b: readonly number[], tol = 6): boolean {
  return Math.abs(a[0]! - b[0]!) <= tol && Math.abs(a[1]! - b[1]!) <= tol && Math.abs(a[2]! - b[2]!) <= tol;
}

/** True when some pixel within `radius` of (x, y) has the colour (± tol per channel). */
export function hasColourNear(
  p: Pixels,
  x: number,
  y: number,
  radius: number,
  rgb: readonly number[],
  tol = 6,
): boolean {
  for (let dy = -radius; dy <= radius; dy++) {
    for (let dx = -radius; dx <= radius; dx++) {
      const px = Math.round(x + dx);
      const py = Math.round(y + dy);
      if (px < 0 || py < 0 || px >= p.width || py >= p.height) continue;
      if (close(rgbAt(p, px, py), rgb, tol)) return true;
    }
  }
  return false;
}

/** Pixels in a rectangle whose colour is not `rgb` (± tol). */
export function countOther(
  p: Pixels,
  rect: { x: number; y: number; w: number; h: number },
  rgb: readonly number[],
  tol = 6,
): number {
  let n = 0;
  for (let y = Math.max(0, Math.floor(rect.y)); y < Math.min(p.height, rect.y + rect.h); y++) {
    for (let x = Math.max(0, Math.floor(rect.x)); x < Math.min(p.width, rect.x + rect.w); x++)
      if (!close(rgbAt(p, x, y), rgb, tol)) n++;
  }
  return n;
}

/** Pixels of a colour in a rectangle. */
export function countColour(
  p: Pixels,
  rect: { x: number; y: number; w: number; h: number },
  rgb: readonly number[],
  tol = 6,
): number {
  const area =
    Math.max(0, Math.min(p.width, rect.x + rect.w) - Math.max(0, Math.floor(rect.x))) *
    Math.max(0, Math.min(p.height, rect.y + rect.h) - Math.max(0, Math.floor(rect.y)));
  return area - countOther(p, rect, rgb, tol);
}

/** Share of pixels that differ by more than `tol` in some channel (images of equal size). */
export function differingShare(a: Pixels, b: Pixels, tol = 40): number {
  if (a.width !== b.width || a.height !== b.height) return 1;
  let n = 0;
  for (let i = 0; i < a.data.length; i += 4) {
    if (
      Math.abs(a.data[i]! - b.data[i]!) > tol ||
      Math.abs(a.data[i + 1]! - b.data[i + 1]!) > tol ||
      Math.abs(a.data[i + 2]! - b.data[i + 2]!) > tol
    )
      n++;
  }
  return n / (a.width * a.height);
}

/**
 * Compares a PNG with a stored snapshot, tolerating small differences (font rasterisers differ a
 * little between machines). Writes the snapshot when it is missing or UPDATE_SNAPSHOTS=1.
 * Returns the share of differing pixels (0 when just written).
 */
export async function compareSnapshot(png: Buffer, path: string): Promise<number> {
  if (!existsSync(path) || process.env.UPDATE_SNAPSHOTS === '1') {
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, png);
    return 0;
  }
  return differingShare(await decode(png), await decode(readFileSync(path)));
}

/**
 * The PNG scaled down to `width` (height in proportion), re-encoded: snapshots of the large
 * fixed-size pictures (battle card, n3d views) are stored small, and averaging neighbouring
 * pixels also evens out the rasteriser's small anti-aliasing differences.
 */
export async function shrink(png: Buffer, width: number): Promise<Buffer> {
  const img = await loadImage(png);
  const height = Math.round((img.height * width) / img.width);
  const c = createCanvas(width, height);
  const ctx = c.getContext('2d');
  ctx.imageSmoothingEnabled = true;
  ctx.quality = 'good';
  ctx.drawImage(img, 0, 0, width, height);
  return c.toBuffer('image/png', { compressionLevel: 9 });
}
