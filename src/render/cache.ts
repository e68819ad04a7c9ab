/**
 * Memoises rendered images by (kind, campaign id, campaign version): the campaign version goes
 * up with every change of state (design §3.3), so an unchanged state is never drawn twice.
 * `kind` names the picture and its variant, e.g. `map`, `map:focus=X`, `navy:<player id>`.
 *
 * A render in progress is shared by everyone asking for the same key, a failed render is
 * forgotten (the next call tries again), a newer version of the same (kind, campaign) drops the
 * older ones, and at most `maxEntries` images are kept, least recently used dropped first.
 */
export interface ImageCacheOptions {
  /** Default 64 images. */
  maxEntries?: number;
}

export interface ImageCacheStats {
  hits: number;
  misses: number;
  size: number;
}

export function imageKey(kind: string, campaignId: string, version: number): string {
  return JSON.stringify([kind, campaignId, version]);
}

export class ImageCache {
  private readonly entries = new Map<string, { slot: string; version: number; image: Promise<Buffer> }>();
  /** Newest version seen per (kind, campaign). */
  private readonly newest = new Map<string, number>();
  private readonly maxEntries: number;
  private hits = 0;
  private misses = 0;

  constructor(options: ImageCacheOptions = {}) {
    this.maxEntries = Math.max(1, options.maxEntries ?? 64);
  }

  /** The image for this key: cached, being rendered, or rendered now by `render`. */
  get(kind: string, campaignId: string, version: number, render: () => Promise<Buffer>): Promise<Buffer> {
    const key = imageKey(kind, campaignId, version);
    const slot = JSON.stringify([kind, campaignId]);
    const found = this.entries.get(key);
    if (found) {
      this.hits++;
      // Refresh its place in the least-recently-used order.
      this.entries.delete(key);
      this.entries.set(key, found);
      return found.image;
    }
    this.misses++;
    const image = render();
    const newest = this.newest.get(slot);
    // An older version than one already seen is rendered for the caller but not kept.
    if (newest !== undefined && version < newest) return image;
    if (newest === undefined || version > newest) {
      this.newest.set(slot, version);
      for (const [k, e] of this.entries) if (e.slot === slot && e.version < version) this.entries.delete(k);
    }
    this.entries.set(key, { slot, version, image });
    image.catch(() => {
      if (this.entries.get(key)?.image === image) this.entries.delete(key);
    });
    while (this.entries.size > this.maxEntries) {
      const oldest = this.entries.keys().next().value as string;
      this.entries.delete(oldest);
    }
    return image;
  }

  /** Forgets every image of a campaign (e.g. when it is deleted). */
  forget(campaignId: string): void {
    for (const [k, e] of this.entries)
      if ((JSON.parse(e.slot) as [string, string])[1] === campaignId) this.entries.delete(k);
    for (const slot of [...this.newest.keys()])
      if ((JSON.parse(slot) as [string, string])[1] === campaignId) this.newest.delete(slot);
  }

  stats(): ImageCacheStats {
    return { hits: this.hits, misses: this.misses, size: this.entries.size };
  }
}
