import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { createCanvas, GlobalFonts, type SKRSContext2D } from '@napi-rs/canvas';
import { sfntOfWoff } from '../../upstream/word-lists/word-sheet-fonts';
import { seededRandom } from './seeded-random';

/*
 * Photos of printed English that the tests and the OCR bench make themselves from known text:
 * set in a font shipped on npm (Noto Sans, Noto Serif, Roboto Mono: SIL OFL), wrapped to a page
 * width with long words hyphenated at line ends, in one or two columns, then, like a phone
 * photo, turned a little, grey paper and speckled. Deterministic: the same options make the
 * same bytes.
 */

export const pageFonts = {
  sans: { family: 'Yujing Test Sans', pkg: '@fontsource/noto-sans', file: 'noto-sans-latin-400-normal.woff' },
  serif: { family: 'Yujing Test Serif', pkg: '@fontsource/noto-serif', file: 'noto-serif-latin-400-normal.woff' },
  mono: { family: 'Yujing Test Mono', pkg: '@fontsource/roboto-mono', file: 'roboto-mono-latin-400-normal.woff' },
} as const;
export type PageFont = keyof typeof pageFonts;

const require = createRequire(import.meta.url);
let registered = false;
function registerFonts() {
  if (registered) return;
  for (const font of Object.values(pageFonts)) {
    const woff = readFileSync(join(dirname(require.resolve(`${font.pkg}/package.json`)), 'files', font.file));
    GlobalFonts.register(sfntOfWoff(woff), font.family);
  }
  registered = true;
}

export interface PageOptions {
  /** The text, one string per paragraph. */
  paragraphs: string[];
  font?: PageFont;
  /** The type's size in pixels (a 12 pt line photographed at ~200 dpi is about 32 px). */
  size?: number;
  /** The text column's width in pixels. */
  columnWidth?: number;
  /** Two columns side by side: the first half of the paragraphs in the left one. */
  columns?: 1 | 2;
  /** The space between the columns, in ems. */
  gutterEms?: number;
  /** Turned by this many degrees (a photo taken a little askew). */
  rotation?: number;
  /** Share of pixels speckled (0–1), and the paper a little grey and uneven. */
  noise?: number;
  /** Break long words at line ends with a hyphen (the cleaning joins them again). */
  hyphenate?: boolean;
  format?: 'png' | 'jpeg' | 'webp';
  seed?: number;
}

export interface RenderedPage {
  bytes: Buffer;
  width: number;
  height: number;
  /** The text as set, paragraphs separated by a blank line: what a perfect reading gives. */
  text: string;
}

/** Wraps a paragraph to lines no wider than `width`, hyphenating long plain words that do not fit. */
function wrap(g: SKRSContext2D, paragraph: string, width: number, hyphenate: boolean): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of paragraph.split(/\s+/).filter(Boolean)) {
    const candidate = line ? `${line} ${word}` : word;
    if (g.measureText(candidate).width <= width || !line) {
      line = candidate;
      continue;
    }
    if (hyphenate && /^[a-z]{7,}$/.test(word)) {
      // The longest head (3 letters or more, leaving 3) that fits with its hyphen.
      let cut = word.length - 3;
      while (cut >= 3 && g.measureText(`${line} ${word.slice(0, cut)}-`).width > width) cut--;
      if (cut >= 3) {
        lines.push(`${line} ${word.slice(0, cut)}-`);
        line = word.slice(cut);
        continue;
      }
    }
    lines.push(line);
    line = word;
  }
  if (line) lines.push(line);
  return lines;
}

export async function renderPage({
  paragraphs,
  font = 'sans',
  size = 32,
  columnWidth = 1100,
  columns = 1,
  gutterEms = 2.5,
  rotation = 0,
  noise = 0,
  hyphenate = true,
  format = 'png',
  seed = 1,
}: PageOptions): Promise<RenderedPage> {
  registerFonts();
  const measure = createCanvas(10, 10).getContext('2d');
  measure.font = `${size}px "${pageFonts[font].family}"`;
  const split = columns === 2 ? Math.ceil(paragraphs.length / 2) : paragraphs.length;
  const groups = columns === 2 ? [paragraphs.slice(0, split), paragraphs.slice(split)] : [paragraphs];
  const leading = Math.round(size * 1.45);
  const gap = Math.round(size * 0.9);
  const laidOut = groups.map((group) => group.map((p) => wrap(measure, p, columnWidth, hyphenate)));
  const columnHeight = (column: string[][]) => column.reduce((h, lines) => h + lines.length * leading + gap, 0);
  const margin = Math.round(size * 2.5);
  const gutter = Math.round(size * gutterEms);
  const width = margin * 2 + columnWidth * groups.length + gutter * (groups.length - 1);
  const height = margin * 2 + Math.max(...laidOut.map(columnHeight));

  const canvas = createCanvas(width, height);
  const g = canvas.getContext('2d');
  const rand = seededRandom(seed);
  g.fillStyle = noise > 0 ? '#ecebe6' : '#ffffff';
  g.fillRect(0, 0, width, height);
  g.save();
  g.translate(width / 2, height / 2);
  g.rotate((rotation * Math.PI) / 180);
  g.translate(-width / 2, -height / 2);
  g.fillStyle = '#1a1a1a';
  g.font = measure.font;
  g.textBaseline = 'alphabetic';
  laidOut.forEach((column, c) => {
    let y = margin + size;
    const x = margin + c * (columnWidth + gutter);
    for (const lines of column) {
      for (const line of lines) {
        g.fillText(line, x, y);
        y += leading;
      }
      y += gap;
    }
  });
  g.restore();

  if (noise > 0) {
    const image = g.getImageData(0, 0, width, height);
    const px = image.data;
    for (let i = 0; i < px.length; i += 4) {
      // Uneven paper: a gentle shade across the page, and speckles of ink and glare.
      const shade = Math.round(12 * Math.sin((i / 4 / width) * 0.01) + (rand() - 0.5) * 24 * noise);
      const speck = rand() < noise * 0.5 ? (rand() < 0.5 ? -170 : 120) : 0;
      for (let k = 0; k < 3; k++) px[i + k] = Math.max(0, Math.min(255, px[i + k] + shade + speck));
    }
    g.putImageData(image, 0, 0);
  }

  const bytes =
    format === 'jpeg'
      ? await canvas.encode('jpeg', 90)
      : format === 'webp'
        ? await canvas.encode('webp', 90)
        : await canvas.encode('png');
  return { bytes, width, height, text: paragraphs.map((p) => p.split(/\s+/).filter(Boolean).join(' ')).join('\n\n') };
}
