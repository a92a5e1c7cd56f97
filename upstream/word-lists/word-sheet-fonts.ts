import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { inflateSync } from 'node:zlib';
import * as fontkit from 'fontkit';
import { releaseWhenIdle } from '../platform/idle-release';

/**
 * The fonts a printed sheet is set in, all shipped on npm under the SIL Open Font License 1.1:
 * Noto Sans (`@fontsource/noto-sans`: its latin, latin-ext and greek subsets as WOFF: fontkit subsets WOFF2 composite glyphs wrongly, which between them
 * hold the IPA letters and marks ə ɪ ʊ ʃ ʒ θ ð ŋ ˈ ˌ ː) and Noto Sans Hans (`@embedpdf/fonts-sc`,
 * the Simplified Chinese Noto Sans CJK, 20,945 ideographs). No single file has both, so every
 * string is set in runs, each character in the first font of the chain that has it.
 */

export type FontWeight = 'regular' | 'bold';

export interface SheetFont {
  /** The name the PDF document registers the font under. */
  name: string;
  bytes: Buffer;
  /** For coverage and advance widths, without laying text out. */
  face: fontkit.Font;
}

const require = createRequire(import.meta.url);
const packageDir = (entry: string) => dirname(require.resolve(entry));

const files = (): Record<FontWeight, string[]> => {
  const noto = join(packageDir('@fontsource/noto-sans/LICENSE'), 'files');
  // The package's entry is dist/index.js; its fonts sit beside dist/.
  const hans = join(packageDir('@embedpdf/fonts-sc'), '..', 'fonts');
  const chain = (weight: 400 | 700, hansFile: string) => [
    join(noto, `noto-sans-latin-${weight}-normal.woff`),
    join(noto, `noto-sans-latin-ext-${weight}-normal.woff`),
    join(noto, `noto-sans-greek-${weight}-normal.woff`),
    join(hans, hansFile),
  ];
  return { regular: chain(400, 'NotoSansHans-Regular.otf'), bold: chain(700, 'NotoSansHans-Bold.otf') };
};

/**
 * A WOFF file as the plain TrueType/OpenType font it wraps. fontkit reads WOFF tables through a
 * JavaScript inflate on every document (most of a 500-word sheet's time, measured); unwrapped
 * once here with zlib, the font opens like any TTF.
 */
export function sfntOfWoff(woff: Buffer): Buffer {
  if (woff.readUInt32BE(0) !== 0x774f4646) return woff; // not 'wOFF'
  const numTables = woff.readUInt16BE(12);
  const tables = Array.from({ length: numTables }, (_, i) => {
    const at = 44 + i * 20;
    const offset = woff.readUInt32BE(at + 4);
    const compLength = woff.readUInt32BE(at + 8);
    const origLength = woff.readUInt32BE(at + 12);
    const packed = woff.subarray(offset, offset + compLength);
    return {
      tag: woff.readUInt32BE(at),
      checksum: woff.readUInt32BE(at + 16),
      data: compLength < origLength ? inflateSync(packed) : packed,
    };
  });
  const pad = (n: number) => (n + 3) & ~3;
  const headerSize = 12 + numTables * 16;
  const out = Buffer.alloc(headerSize + tables.reduce((sum, t) => sum + pad(t.data.length), 0));
  const power = 2 ** Math.floor(Math.log2(numTables));
  out.writeUInt32BE(woff.readUInt32BE(4), 0); // the flavor: TrueType or CFF
  out.writeUInt16BE(numTables, 4);
  out.writeUInt16BE(power * 16, 6);
  out.writeUInt16BE(Math.log2(power), 8);
  out.writeUInt16BE(numTables * 16 - power * 16, 10);
  let offset = headerSize;
  tables.forEach((table, i) => {
    const record = 12 + i * 16;
    out.writeUInt32BE(table.tag, record);
    out.writeUInt32BE(table.checksum, record + 4);
    out.writeUInt32BE(offset, record + 8);
    out.writeUInt32BE(table.data.length, record + 12);
    table.data.copy(out, offset);
    offset += pad(table.data.length);
  });
  return out;
}

// The fallback chains once read (about 17 MB, mostly the two Chinese faces, with the glyphs fontkit
// keeps as it draws): let go after a quiet spell, read again by the next sheet.
const fonts: { loaded?: Record<FontWeight, SheetFont[]> } = {};
releaseWhenIdle(fonts, (f) => {
  f.loaded = undefined;
});

/** The fallback chains, read once per busy spell. */
export function sheetFonts(): Record<FontWeight, SheetFont[]> {
  if (fonts.loaded) return fonts.loaded;
  const load = (weight: FontWeight, paths: string[]) =>
    paths.map((path, i) => {
      const bytes = sfntOfWoff(readFileSync(path));
      const face = fontkit.create(bytes);
      if (!('hasGlyphForCodePoint' in face)) throw new Error(`${path} is a font collection, not a font`);
      return { name: `${weight}-${i}`, bytes, face };
    });
  const paths = files();
  fonts.loaded = { regular: load('regular', paths.regular), bold: load('bold', paths.bold) };
  return fonts.loaded;
}

export interface Run {
  font: SheetFont;
  text: string;
}

/** Splits text into runs of one font each: every character in the first font that has it. */
export function runsOf(text: string, chain: SheetFont[]): Run[] {
  const runs: Run[] = [];
  const fallback = chain[chain.length - 1];
  for (const ch of text) {
    const cp = ch.codePointAt(0) ?? 0;
    // Spaces and joiners take the font of what they follow, so a run is not cut at each space.
    const font =
      cp === 0x20 && runs.length > 0
        ? runs[runs.length - 1].font
        : (chain.find((f) => f.face.hasGlyphForCodePoint(cp)) ?? fallback);
    const last = runs[runs.length - 1];
    if (last && last.font === font) last.text += ch;
    else runs.push({ font, text: ch });
  }
  return runs;
}

const advanceCache = new WeakMap<SheetFont, Map<number, number>>();

/** The advance width of text in one font at a size, in points (no kerning: line breaking only). */
export function widthOf(font: SheetFont, text: string, size: number): number {
  let cache = advanceCache.get(font);
  if (!cache) {
    cache = new Map();
    advanceCache.set(font, cache);
  }
  let units = 0;
  for (const ch of text) {
    const cp = ch.codePointAt(0) ?? 0;
    let w = cache.get(cp);
    if (w === undefined) {
      w = font.face.glyphForCodePoint(cp).advanceWidth / font.face.unitsPerEm;
      cache.set(cp, w);
    }
    units += w;
  }
  return units * size;
}
