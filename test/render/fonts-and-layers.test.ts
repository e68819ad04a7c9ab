import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { createCanvas } from 'canvas';
import { describe, expect, it } from 'vitest';
import { EMOJI_STAND_IN, ensureFonts, font, FONT_FILES, glyphCoverage, safeText } from '../../src/render/fonts.ts';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

describe('bundled fonts', () => {
  it('the TTF files and their licence are in assets/fonts', () => {
    expect(existsSync(FONT_FILES.regular)).toBe(true);
    expect(existsSync(FONT_FILES.bold)).toBe(true);
    const licence = readFileSync(`${ROOT}assets/fonts/LICENSE`, 'utf8');
    expect(licence).toContain('Bitstream');
    expect(licence).toContain('DejaVu changes are in public domain');
  });

  it('register once, and the family draws text', () => {
    ensureFonts();
    ensureFonts();
    const ctx = createCanvas(10, 10).getContext('2d');
    ctx.font = font(20, 'bold');
    const bold = ctx.measureText('Campaign Master').width;
    ctx.font = font(20);
    const regular = ctx.measureText('Campaign Master').width;
    expect(bold).toBeGreaterThan(regular);
    expect(regular).toBeGreaterThan(100);
  });

  it('knows which characters it can draw (from the cmap tables)', () => {
    const cover = glyphCoverage();
    for (const ch of 'AZaz09 .,·—–…×?') expect(cover.has(ch.codePointAt(0)!), ch).toBe(true);
    // Greek and Cyrillic from DejaVu; CJK and Hangul from the Noto CJK subset; symbols from Symbols2.
    for (const ch of 'ΩαЖж東京字한국かなカナ') expect(cover.has(ch.codePointAt(0)!), ch).toBe(true);
    for (const ch of ['🚀', '𠀀']) expect(cover.has(ch.codePointAt(0)!), ch).toBe(false);
  });

  it('safeText keeps every script the fonts cover, shows one stand-in per emoji, marks other missing characters', () => {
    expect(safeText('Chen 🚀')).toBe(`Chen ${EMOJI_STAND_IN}`);
    expect(safeText('🇫🇷 Paris')).toBe(`${EMOJI_STAND_IN} Paris`);
    expect(safeText('👨‍👩‍👧 home')).toBe(`${EMOJI_STAND_IN} home`);
    expect(safeText('Ørsted  Ågård')).toBe('Ørsted Ågård');
    expect(safeText('東京 Station')).toBe('東京 Station');
    expect(safeText('Αθήνα Москва 서울 とうきょう')).toBe('Αθήνα Москва 서울 とうきょう');
    expect(safeText('𠀀 rare')).toBe('? rare');
    expect(safeText('tab\there\nnew')).toBe('tab here new');
    expect(safeText('❤️')).toBe('❤');
  });
});

describe('layering: src/render imports only canvas, node built-ins, itself, and pure rules modules', () => {
  // Pure helpers from src/rules that images may use (no state changes, no I/O).
  const PURE_RULES = [
    '../rules/thunderdome/map/graph.ts',
    '../rules/thunderdome/map/geometry.ts',
    '../rules/thunderdome/calendar.ts',
    '../rules/thunderdome/empires.ts',
    '../rules/exact/bpv.ts',
    '../rules/exact/move-class.ts',
    // Pure lookups over the campaign state (the fleet limit of fleet.maxMc).
    '../rules/thunderdome/lookup.ts',
    '../rules/n3d/index.ts',
    // Warlord's sector geometry (the 16×16 even-q sector size): constants and pure functions.
    '../rules/warlord/hex.ts',
    '../rules/thunderdome/exploration/tables.ts',
    // The catalog's CSV parser: a render worker parses catalogs off the event loop (jobs.ts `catalog`).
    '../rules/thunderdome/catalog/index.ts',
    // The map generator: a render worker makes `/map generate`'s map off the event loop (jobs.ts `map-generate`).
    '../rules/thunderdome/map/index.ts',
    // Which records are finished (resolved battles, decided votes): the map shows the open battles.
    '../rules/thunderdome/finished.ts',
  ];
  const dir = `${ROOT}src/render/`;
  for (const file of readdirSync(dir).filter((f) => f.endsWith('.ts'))) {
    it(file, () => {
      const source = readFileSync(dir + file, 'utf8');
      for (const m of source.matchAll(/^(import|export)\s+(type\s+)?[^'"]*?from\s+'([^']+)'/gm)) {
        const [, , typeOnly, spec] = m as unknown as [string, string, string | undefined, string];
        if (spec === 'canvas' || spec.startsWith('node:') || spec.startsWith('./')) continue;
        if (spec.startsWith('../rules/')) {
          expect(typeOnly !== undefined || PURE_RULES.includes(spec), `${file} imports ${spec}`).toBe(true);
          continue;
        }
        expect.fail(`${file} imports ${spec}`);
      }
      for (const m of source.matchAll(/import\('([^']+)'\)/g))
        expect(m[1]!.startsWith('./') || m[1]!.startsWith('../rules/'), `${file}: ${m[1]}`).toBe(true);
    });
  }
});
