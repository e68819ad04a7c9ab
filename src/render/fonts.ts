import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { registerFont } from 'canvas';

/**
 * The bundled fonts (assets/fonts): DejaVu Sans (Latin, Greek, Cyrillic and many symbols, Bitstream
 * Vera licence), then as fallbacks Noto Sans CJK SC (a subset: the common Chinese, Japanese and
 * Korean characters) and Noto Sans Symbols2 (OFL), so names render as players type them. They are
 * registered under family names no host has, so canvas never silently picks a system font and
 * every machine draws the same pixels. `safeText` keeps text to characters the files can draw,
 * because a missing glyph would otherwise fall back to whatever the host has installed.
 */
export const FONT_FAMILY = 'Campaign Master Sans';
/** Fallback families, in the order canvas tries them after FONT_FAMILY. */
export const FALLBACK_FAMILIES = ['Campaign Master CJK', 'Campaign Master Symbols'] as const;

const FONT_DIR = fileURLToPath(new URL('../../assets/fonts/', import.meta.url));

export const FONT_FILES = {
  regular: `${FONT_DIR}DejaVuSans.ttf`,
  bold: `${FONT_DIR}DejaVuSans-Bold.ttf`,
  cjk: `${FONT_DIR}NotoSansCJKsc-Subset.otf`,
  symbols: `${FONT_DIR}NotoSansSymbols2-Regular.ttf`,
} as const;

let registered = false;

/** Registers the bundled fonts with canvas; safe to call any number of times (before drawing). */
export function ensureFonts(): void {
  if (registered) return;
  registerFont(FONT_FILES.regular, { family: FONT_FAMILY, weight: 'normal', style: 'normal' });
  registerFont(FONT_FILES.bold, { family: FONT_FAMILY, weight: 'bold', style: 'normal' });
  // One weight each: a bold request draws the regular glyphs (there is no bold file to add size).
  registerFont(FONT_FILES.cjk, { family: FALLBACK_FAMILIES[0], weight: 'normal', style: 'normal' });
  registerFont(FONT_FILES.symbols, { family: FALLBACK_FAMILIES[1], weight: 'normal', style: 'normal' });
  registered = true;
}

/** A CSS font string for the bundled family, e.g. `bold 24px "Campaign Master Sans"`. */
export function font(px: number, weight: 'normal' | 'bold' = 'normal'): string {
  const families = [FONT_FAMILY, ...FALLBACK_FAMILIES].map((f) => `"${f}"`).join(', ');
  return `${weight === 'bold' ? 'bold ' : ''}${Math.round(px * 10) / 10}px ${families}`;
}

let coverage: Set<number> | null = null;

/**
 * Code points the bundled fonts can draw (read from their `cmap` tables once): those both DejaVu
 * files map, and those of the fallbacks.
 */
export function glyphCoverage(): ReadonlySet<number> {
  if (!coverage) {
    const regular = readCmap(readFileSync(FONT_FILES.regular));
    const bold = readCmap(readFileSync(FONT_FILES.bold));
    coverage = new Set([...regular].filter((cp) => bold.has(cp)));
    for (const file of [FONT_FILES.cjk, FONT_FILES.symbols])
      for (const cp of readCmap(readFileSync(file))) coverage.add(cp);
  }
  return coverage;
}

export function hasGlyph(codePoint: number): boolean {
  return glyphCoverage().has(codePoint);
}

/** Invisible joiners and selectors that come with emoji: dropped silently. */
function isInvisible(cp: number): boolean {
  return (
    cp === 0x200d ||
    cp === 0x200c ||
    (cp >= 0xfe00 && cp <= 0xfe0f) ||
    (cp >= 0xe0100 && cp <= 0xe01ef) ||
    (cp >= 0x1f3fb && cp <= 0x1f3ff)
  );
}

/** Pictographs (emoji): the bundled fonts draw a few; the others get EMOJI_STAND_IN. */
function isPictograph(cp: number): boolean {
  return (cp >= 0x1f000 && cp <= 0x1faff) || (cp >= 0x2600 && cp <= 0x27bf) || (cp >= 0x1f1e6 && cp <= 0x1f1ff);
}

/**
 * What an emoji the fonts cannot draw shows as: the Unicode replacement character, a visible mark
 * rather than a silent gap. One per emoji: a sequence joined by U+200D or a flag's pair is one.
 */
export const EMOJI_STAND_IN = '\ufffd';

/**
 * Text as the bundled fonts can draw it: control characters become spaces, an emoji they lack
 * becomes EMOJI_STAND_IN, any other missing character becomes `?`; runs of spaces collapse and
 * ends are trimmed.
 */
export function safeText(text: string): string {
  const cover = glyphCoverage();
  let out = '';
  // The previous character was a stand-in emoji that the next one continues (ZWJ, second flag letter).
  let continues = false;
  let flagHalf = false;
  for (const ch of text) {
    const cp = ch.codePointAt(0)!;
    if (cp === 0x200d) {
      continues = out.endsWith(EMOJI_STAND_IN);
      continue;
    }
    if (cp < 0x20 || (cp >= 0x7f && cp < 0xa0)) out += ' ';
    else if (isInvisible(cp)) continue;
    else if (cover.has(cp)) out += ch;
    else if (isPictograph(cp)) {
      const regional = cp >= 0x1f1e6 && cp <= 0x1f1ff;
      if (!(continues || (regional && flagHalf))) out += EMOJI_STAND_IN;
      flagHalf = regional && !flagHalf;
      continues = false;
      continue;
    } else out += '?';
    continues = false;
    flagHalf = false;
  }
  return out.replace(/\s+/g, ' ').trim();
}

/**
 * The code points a TrueType/OpenType file maps to glyphs, from its `cmap` table: the Unicode
 * subtables of format 4 (BMP) and 12 (full range). Glyph 0 (.notdef) does not count.
 */
export function readCmap(buf: Buffer): Set<number> {
  const out = new Set<number>();
  const numTables = buf.readUInt16BE(4);
  let cmap = -1;
  for (let i = 0; i < numTables; i++) {
    const rec = 12 + i * 16;
    if (buf.toString('latin1', rec, rec + 4) === 'cmap') cmap = buf.readUInt32BE(rec + 8);
  }
  if (cmap < 0) return out;
  const count = buf.readUInt16BE(cmap + 2);
  for (let i = 0; i < count; i++) {
    const platform = buf.readUInt16BE(cmap + 4 + i * 8);
    const encoding = buf.readUInt16BE(cmap + 6 + i * 8);
    const unicode = platform === 0 || (platform === 3 && (encoding === 1 || encoding === 10));
    if (!unicode) continue;
    const sub = cmap + buf.readUInt32BE(cmap + 8 + i * 8);
    const format = buf.readUInt16BE(sub);
    if (format === 4) readFormat4(buf, sub, out);
    else if (format === 12) readFormat12(buf, sub, out);
  }
  return out;
}

function readFormat4(buf: Buffer, sub: number, out: Set<number>): void {
  const segX2 = buf.readUInt16BE(sub + 6);
  const ends = sub + 14;
  const starts = ends + segX2 + 2;
  const deltas = starts + segX2;
  const offsets = deltas + segX2;
  for (let s = 0; s < segX2; s += 2) {
    const end = buf.readUInt16BE(ends + s);
    const start = buf.readUInt16BE(starts + s);
    const delta = buf.readInt16BE(deltas + s);
    const rangeOffset = buf.readUInt16BE(offsets + s);
    for (let c = start; c <= end && c !== 0xffff; c++) {
      let glyph: number;
      if (rangeOffset === 0) glyph = (c + delta) & 0xffff;
      else {
        const at = offsets + s + rangeOffset + (c - start) * 2;
        glyph = buf.readUInt16BE(at);
        if (glyph !== 0) glyph = (glyph + delta) & 0xffff;
      }
      if (glyph !== 0) out.add(c);
    }
  }
}

function readFormat12(buf: Buffer, sub: number, out: Set<number>): void {
  const groups = buf.readUInt32BE(sub + 12);
  for (let g = 0; g < groups; g++) {
    const at = sub + 16 + g * 12;
    const start = buf.readUInt32BE(at);
    const end = buf.readUInt32BE(at + 4);
    const glyph = buf.readUInt32BE(at + 8);
    for (let c = start; c <= end && c <= 0x10ffff; c++) if (glyph + (c - start) !== 0) out.add(c);
  }
}
