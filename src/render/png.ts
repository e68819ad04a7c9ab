import type { Canvas } from 'canvas';

/**
 * PNG bytes of a canvas, encoded on libuv's thread pool (the callback form of toBuffer), so a
 * large image does not hold up the event loop — Discord interactions must be answered in 3 s.
 */
export function encodePng(canvas: Canvas): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    canvas.toBuffer(
      (err, buf) => {
        if (err) reject(err);
        else resolve(buf);
      },
      'image/png',
      { compressionLevel: 6 },
    );
  });
}
