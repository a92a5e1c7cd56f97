import PDFDocument from 'pdfkit';
import { runsOf, sheetFonts, widthOf, type FontWeight, type SheetFont } from './word-sheet-fonts';

/**
 * A printable word list: any list of words (the 生词本 and 熟词本 today; a course unit or a
 * personal book's unknown words are the same model) set on A4 pages as a PDF. Pure: a sheet in,
 * the PDF's bytes out. The text is real text in embedded, subsetted fonts, so a reader can search
 * and copy it, and `pdftotext` reads back the Chinese and the IPA.
 */

export interface WordSheetSense {
  /** Part of speech as a label learners know (`n.`, `vt.`, `adj.`), when the sense has one. */
  pos?: string | null;
  /** The Chinese of the sense (`银行；河岸`). */
  zh: string;
}

export interface WordSheetEntry {
  word: string;
  /** British and American IPA, without slashes. */
  uk?: string;
  us?: string;
  senses: WordSheetSense[];
  /** A sentence with the word, and its Chinese when there is one. */
  example?: { en: string; zh?: string };
}

export interface WordSheet {
  /** The list's name, on the first page and in every page's header (`生词本`). */
  title: string;
  /** One line under the title: where the list comes from, how many words, when. */
  subtitle: string;
  entries: WordSheetEntry[];
}

// A4 in points, and the page's frame.
const pageWidth = 595.28;
const pageHeight = 841.89;
const margin = { top: 64, bottom: 60, left: 56, right: 56 };
const contentWidth = pageWidth - margin.left - margin.right;
const senseIndent = 22;

interface Style {
  size: number;
  color: string;
  weight?: FontWeight;
  /** Line height as a multiple of the size. */
  leading?: number;
}

const styles = {
  title: { size: 22, color: '#111827', weight: 'bold', leading: 1.3 },
  subtitle: { size: 9.5, color: '#6b7280' },
  number: { size: 9, color: '#9ca3af' },
  headword: { size: 14, color: '#111827', weight: 'bold' },
  phoneticLabel: { size: 8.5, color: '#9ca3af' },
  phonetic: { size: 10, color: '#4b5563' },
  pos: { size: 9.5, color: '#2563eb' },
  sense: { size: 10.5, color: '#1f2937' },
  exampleEn: { size: 9.5, color: '#374151' },
  exampleZh: { size: 9.5, color: '#6b7280' },
  frame: { size: 8, color: '#9ca3af' },
} satisfies Record<string, Style>;

interface Span {
  text: string;
  style: Style;
}

interface PlacedRun {
  x: number;
  font: SheetFont;
  text: string;
  style: Style;
}

interface Line {
  runs: PlacedRun[];
  /** Distance from the line's top to its baseline, and the line's whole height. */
  ascent: number;
  height: number;
}

// Characters a line may break before and after: CJK ideographs, kana, full-width forms.
const atoms =
  /[\u2e80-\u9fff\uf900-\ufaff\uff00-\uffef\u3000-\u303f]|[^\s\u2e80-\u9fff\uf900-\ufaff\uff00-\uffef\u3000-\u303f]+\s*|\s+/gu;
// Punctuation that never starts a line: it stays with what it follows.
const noLineStart = /^[，。；：、！？）》」』,.;:!?)\]]/u;

interface Atom {
  pieces: { text: string; style: Style }[];
  width: number;
}

function chainOf(style: Style): SheetFont[] {
  return sheetFonts()[style.weight ?? 'regular'];
}

function measure(text: string, style: Style): number {
  let width = 0;
  for (const run of runsOf(text, chainOf(style))) width += widthOf(run.font, run.text, style.size);
  return width;
}

function atomsOf(spans: Span[]): Atom[] {
  const out: Atom[] = [];
  for (const span of spans) {
    for (const match of span.text.matchAll(atoms)) {
      const text = match[0];
      const width = measure(text, span.style);
      const last = out[out.length - 1];
      if (last && noLineStart.test(text)) {
        last.pieces.push({ text, style: span.style });
        last.width += width;
      } else {
        out.push({ pieces: [{ text, style: span.style }], width });
      }
    }
  }
  return out;
}

/** Cuts an atom wider than a line (a very long word) into pieces that fit. */
function splitWide(atom: Atom, width: number): Atom[] {
  const out: Atom[] = [];
  let current: Atom = { pieces: [], width: 0 };
  for (const piece of atom.pieces) {
    for (const ch of piece.text) {
      const w = measure(ch, piece.style);
      if (current.width + w > width && current.width > 0) {
        out.push(current);
        current = { pieces: [], width: 0 };
      }
      const last = current.pieces[current.pieces.length - 1];
      if (last && last.style === piece.style) last.text += ch;
      else current.pieces.push({ text: ch, style: piece.style });
      current.width += w;
    }
  }
  if (current.pieces.length) out.push(current);
  return out;
}

/** Sets spans into lines of at most `width` points, starting at `x`; a wrapped line starts at `x + hang`. */
function layout(spans: Span[], x: number, width: number, hang = 0): Line[] {
  const lines: Line[] = [];
  let current: Atom[] = [];
  let used = 0;
  const flush = (first: boolean) => {
    if (!current.length) return;
    // Spaces at the end of a line take no room and are not drawn.
    const last = current[current.length - 1];
    const lastPiece = last.pieces[last.pieces.length - 1];
    lastPiece.text = lastPiece.text.replace(/\s+$/u, '');
    let cursor = first ? x : x + hang;
    const runs: PlacedRun[] = [];
    let size = 0;
    let leading = 1.45;
    for (const atom of current) {
      for (const piece of atom.pieces) {
        size = Math.max(size, piece.style.size);
        leading = piece.style.leading ?? leading;
        for (const run of runsOf(piece.text, chainOf(piece.style))) {
          runs.push({ x: cursor, font: run.font, text: run.text, style: piece.style });
          cursor += widthOf(run.font, run.text, piece.style.size);
        }
      }
    }
    lines.push({ runs, ascent: size * 1.08, height: size * leading });
    current = [];
    used = 0;
  };
  const room = () => (lines.length === 0 ? width : width - hang);
  for (const atom of atomsOf(spans)) {
    const parts = atom.width > room() ? splitWide(atom, width - hang) : [atom];
    for (const part of parts) {
      if (current.length && used + part.width - trailingSpace(part) > room()) flush(lines.length === 0);
      // A line never starts with a space.
      if (!current.length && /^\s+$/u.test(part.pieces.map((p) => p.text).join(''))) continue;
      current.push(part);
      used += part.width;
    }
  }
  flush(lines.length === 0);
  return lines;
}

function trailingSpace(atom: Atom): number {
  const last = atom.pieces[atom.pieces.length - 1];
  const spaces = /\s+$/u.exec(last.text)?.[0];
  return spaces ? measure(spaces, last.style) : 0;
}

/** The lines of one entry, at the left margin. */
function entryLines(entry: WordSheetEntry, index: number): Line[] {
  const head: Span[] = [
    { text: `${index}. `, style: styles.number },
    { text: `${entry.word}  `, style: styles.headword },
  ];
  if (entry.uk && entry.uk === entry.us) {
    head.push({ text: '英美 ', style: styles.phoneticLabel }, { text: `/${entry.uk}/`, style: styles.phonetic });
  } else {
    if (entry.uk) head.push({ text: '英 ', style: styles.phoneticLabel }, { text: `/${entry.uk}/  `, style: styles.phonetic });
    if (entry.us) head.push({ text: '美 ', style: styles.phoneticLabel }, { text: `/${entry.us}/`, style: styles.phonetic });
  }
  const lines = layout(head, margin.left, contentWidth, senseIndent);
  const x = margin.left + senseIndent;
  const width = contentWidth - senseIndent;
  for (const sense of entry.senses) {
    const spans: Span[] = sense.pos ? [{ text: `${sense.pos} `, style: styles.pos }] : [];
    spans.push({ text: sense.zh, style: styles.sense });
    lines.push(...layout(spans, x, width));
  }
  if (entry.example?.en) {
    lines.push(...layout([{ text: entry.example.en, style: styles.exampleEn }], x, width));
    if (entry.example.zh) lines.push(...layout([{ text: entry.example.zh, style: styles.exampleZh }], x, width));
  }
  return lines;
}

function draw(doc: PDFKit.PDFDocument, line: Line, top: number) {
  const baseline = top + line.ascent;
  for (const run of line.runs) {
    doc
      .font(run.font.name)
      .fontSize(run.style.size)
      .fillColor(run.style.color)
      .text(run.text, run.x, baseline, { lineBreak: false, baseline: 'alphabetic' });
  }
}

const blockGap = 9;
const yieldEvery = 25;

/** Renders the sheet; resolves with the PDF's bytes. */
export async function renderWordSheet(sheet: WordSheet, { createdAt = new Date() }: { createdAt?: Date } = {}): Promise<Buffer> {
  const fonts = sheetFonts();
  const doc = new PDFDocument({
    size: 'A4',
    margin: 0,
    bufferPages: true,
    autoFirstPage: true,
    // No standard font: every glyph comes from the embedded fonts (pdfkit would load Helvetica).
    font: null as unknown as string,
    lang: 'zh-CN',
    displayTitle: true,
    pdfVersion: '1.7',
    info: {
      Title: sheet.title,
      Subject: sheet.subtitle,
      Creator: '语境 Yujing',
      Producer: '语境 Yujing',
      CreationDate: createdAt,
    },
  });
  // The parsed fonts, not their bytes: parsing the Chinese face again for each document (30,000
  // glyphs) cost most of a long sheet's time, in garbage. pdfkit takes a fontkit font as it is.
  for (const font of [...fonts.regular, ...fonts.bold]) doc.registerFont(font.name, font.face as unknown as Buffer);

  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  const bottom = pageHeight - margin.bottom;
  let y = margin.top;
  for (const line of layout([{ text: sheet.title, style: styles.title }], margin.left, contentWidth)) {
    draw(doc, line, y);
    y += line.height;
  }
  for (const line of layout([{ text: sheet.subtitle, style: styles.subtitle }], margin.left, contentWidth)) {
    draw(doc, line, y);
    y += line.height;
  }
  y += 10;
  doc
    .moveTo(margin.left, y)
    .lineTo(pageWidth - margin.right, y)
    .lineWidth(1)
    .strokeColor('#111827')
    .stroke();
  y += 12;

  for (const [i, entry] of sheet.entries.entries()) {
    // A long sheet takes a second or more of CPU: let the server answer other requests meanwhile.
    if (i > 0 && i % yieldEvery === 0) await new Promise((resolve) => setImmediate(resolve));
    const lines = entryLines(entry, i + 1);
    const height = lines.reduce((sum, l) => sum + l.height, 0);
    // An entry stays on one page unless it is taller than a page.
    if (y + height > bottom && y > margin.top) {
      doc.addPage();
      y = margin.top;
    }
    for (const line of lines) {
      if (y + line.height > bottom) {
        doc.addPage();
        y = margin.top;
      }
      draw(doc, line, y);
      y += line.height;
    }
    y += blockGap / 2;
    if (i < sheet.entries.length - 1 && y + blockGap / 2 < bottom) {
      doc
        .moveTo(margin.left, y)
        .lineTo(pageWidth - margin.right, y)
        .lineWidth(0.4)
        .strokeColor('#e5e7eb')
        .stroke();
    }
    y += blockGap / 2;
  }

  // The frame of every page, once the number of pages is known.
  const { start, count } = doc.bufferedPageRange();
  for (let p = start; p < start + count; p++) {
    doc.switchToPage(p);
    if (p > start) {
      const header = layout([{ text: sheet.title, style: styles.frame }], margin.left, contentWidth / 2);
      draw(doc, header[0], 30);
      const brand = '语境 Yujing';
      const brandLine = layout([{ text: brand, style: styles.frame }], 0, contentWidth)[0];
      const brandWidth = measure(brand, styles.frame);
      for (const run of brandLine.runs) run.x += pageWidth - margin.right - brandWidth;
      draw(doc, brandLine, 30);
      doc
        .moveTo(margin.left, 46)
        .lineTo(pageWidth - margin.right, 46)
        .lineWidth(0.5)
        .strokeColor('#d1d5db')
        .stroke();
    }
    const folio = `第 ${p - start + 1} 页，共 ${count} 页`;
    const folioLine = layout([{ text: folio, style: styles.frame }], 0, contentWidth)[0];
    const folioWidth = measure(folio, styles.frame);
    for (const run of folioLine.runs) run.x += (pageWidth - folioWidth) / 2;
    draw(doc, folioLine, pageHeight - 40);
  }
  doc.end();
  return done;
}
