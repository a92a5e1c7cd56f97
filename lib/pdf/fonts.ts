import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import * as fontkit from 'fontkit';

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

let loaded: Record<FontWeight, SheetFont[]> | undefined;

/** The fallback chains, read once per process (about 17 MB, mostly the two Chinese faces). */
export function sheetFonts(): Record<FontWeight, SheetFont[]> {
  if (loaded) return loaded;
  const load = (weight: FontWeight, paths: string[]) =>
    paths.map((path, i) => {
      const bytes = readFileSync(path);
      const face = fontkit.create(bytes);
      if (!('hasGlyphForCodePoint' in face)) throw new Error(`${path} is a font collection, not a font`);
      return { name: `${weight}-${i}`, bytes, face };
    });
  const paths = files();
  loaded = { regular: load('regular', paths.regular), bold: load('bold', paths.bold) };
  return loaded;
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
