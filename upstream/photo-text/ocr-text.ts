import type { OcrBlock, OcrBox, OcrLine, OcrPage, OcrParagraph, OcrWord } from './ocr';

/*
 * From what the recogniser saw to text a learner reads: pure, over the page's blocks, paragraphs,
 * lines and words as Tesseract's layout analysis gives them.
 *  - Blocks are kept in Tesseract's order, which reads a page's columns one after the other
 *    instead of across; every block starts a paragraph of its own.
 *  - Noise is dropped: lines without two letters or mostly symbols (a photo's edges, a rule, a
 *    smudge), lines the recogniser barely believes, and stray symbols at a line's ends.
 *  - Lines are unwrapped into paragraphs: joined with a space, or, when a line ends in a hyphen
 *    and the next starts in lower case, into one word ("ambi-" + "guous"), keeping the hyphen of a
 *    compound whose halves are words but whose join is not ("well-" + "known").
 *  - A paragraph ends where Tesseract ends one, and also after a short line that ends a sentence
 *    (a paragraph's last line); two of Tesseract's paragraphs are one when the first stops in
 *    mid-sentence and the second goes on in lower case.
 */

export interface CleanOptions {
  /** Whether a lower-case word is in the dictionary: decides whether a line-end hyphen is kept. */
  isWord?: (word: string) => boolean;
}

export interface CleanedText {
  /** Paragraphs separated by a blank line. */
  text: string;
  /** The mean confidence (0–100) of the words kept, by their length; 0 when none is. */
  confidence: number;
  /** Words kept. */
  words: number;
}

/** Below this mean confidence a line is taken for noise (a texture read as letters). */
const noiseConfidence = 35;
/** A line shorter than this share of its block's widest line, ending a sentence, ends its paragraph. */
const shortLineShare = 0.75;

const ligatures: Record<string, string> = { 'ﬀ': 'ff', 'ﬁ': 'fi', 'ﬂ': 'fl', 'ﬃ': 'ffi', 'ﬄ': 'ffl', 'ﬅ': 'st', 'ﬆ': 'st' };

/** One word's text as the reader should see it: ligatures spelt out, quotes straight, no invisible marks. */
export function normaliseWord(text: string): string {
  return text
    .normalize('NFC')
    .replace(/[\uFB00-\uFB06]/g, (c) => ligatures[c] ?? c)
    .replace(/[‘’‚‛′]/g, "'")
    .replace(/[“”„‟″]/g, '"')
    .replace(/[\u200B-\u200D\uFEFF]/g, '')
    .trim();
}

const letters = (text: string) => text.match(/\p{L}/gu)?.length ?? 0;
const alphanumeric = /[\p{L}\p{N}]/u;
// Marks a photo's borders, rules and shadows come out as: never text at a line's ends.
const edgeJunk = /^[|¦\\/_~=<>^`°•·■□▪▫●○◆◇*#+]+$/u;
const sentenceEnd = /[.!?:;]["')\]]*$/;

interface CleanLine {
  text: string;
  words: OcrWord[];
  /** Where the kept words begin and how far they reach. */
  left: number;
  width: number;
  height: number;
  baseline: OcrLine['baseline'];
}

/** A line's words without the stray symbols at its ends, or null when what is left is noise. */
function cleanLine(line: OcrLine): CleanLine | null {
  const words = line.words
    .map((w) => ({ ...w, text: normaliseWord(w.text) }))
    // Specks read as symbols inside the line.
    .filter((w) => w.text !== '' && (alphanumeric.test(w.text) || w.confidence >= 50));
  // At a line's ends, nothing without a letter or digit is text (punctuation clings to its
  // word), nor a short scrap the recogniser barely believes.
  const junk = (w: OcrWord) =>
    edgeJunk.test(w.text) || !alphanumeric.test(w.text) || (w.confidence < 40 && w.text.replace(/\P{L}/gu, '').length <= 2);
  while (words.length && junk(words[0])) words.shift();
  while (words.length && junk(words[words.length - 1])) words.pop();
  // A mark before the first word's letters (a border's shadow read as "-" or "~").
  if (words.length) words[0] = { ...words[0], text: words[0].text.replace(/^[-~_=|¦]+(?=\p{L})/u, '') };
  if (words.length === 0) return null;
  const text = words.map((w) => w.text).join(' ');
  const visible = text.replace(/\s/g, '');
  const letterCount = letters(visible);
  if (letterCount < 2 || letterCount / visible.length < 0.5) return null;
  const confidence = words.reduce((sum, w) => sum + w.confidence * w.text.length, 0) / visible.length;
  if (confidence < noiseConfidence) return null;
  const left = words[0].bbox.x0;
  return {
    text,
    words,
    left,
    width: words[words.length - 1].bbox.x1 - left,
    height: line.bbox.y1 - line.bbox.y0,
    baseline: line.baseline,
  };
}

/**
 * Joins a line to the text before it: a word split by a hyphen at the line's end becomes one
 * again; anything else is joined with a space.
 */
export function joinLines(before: string, next: string, isWord?: (word: string) => boolean): string {
  const split = /(\p{L}+)[-\u2010\u00AD]$/u.exec(before);
  const rest = /^(\p{Ll}+)/u.exec(next);
  if (!split || !rest) return `${before} ${next}`;
  const head = before.slice(0, -1);
  if (isWord) {
    const joined = `${split[1]}${rest[1]}`.toLowerCase();
    // A compound's hyphen stays when its halves are words and the join is not ("well-known").
    if (!isWord(joined) && isWord(split[1].toLowerCase()) && isWord(rest[1])) return `${before}${next}`;
  }
  return `${head}${next}`;
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length ? sorted[Math.floor(sorted.length / 2)] : 0;
};

function blockParagraphs(block: OcrBlock, options: CleanOptions, kept: OcrWord[]): string[] {
  // The block's lines in order, each knowing whether Tesseract began a paragraph with it.
  const lines: (CleanLine & { opens: boolean })[] = [];
  for (const paragraph of block.paragraphs) {
    let opens = true;
    for (const line of paragraph.lines) {
      const clean = cleanLine(line);
      if (!clean) continue;
      lines.push({ ...clean, opens });
      opens = false;
    }
  }
  if (lines.length === 0) return [];
  const widest = Math.max(...lines.map((l) => l.width));
  const left = Math.min(...lines.map((l) => l.left));
  // Lines are measured by their baselines where they cross the block's left edge: a tilted
  // photo's lines keep their spacing there, whatever their letters' heights.
  const baselineAt = ({ baseline: b }: CleanLine) =>
    b.x1 === b.x0 ? b.y0 : b.y0 + ((b.y1 - b.y0) * (left - b.x0)) / (b.x1 - b.x0);
  const pitches = lines.slice(1).map((l, i) => baselineAt(l) - baselineAt(lines[i]));
  // With three lines or more, the usual distance between lines tells a paragraph's gap.
  const pitch = pitches.length >= 2 ? median(pitches) : 0;
  const lineHeight = median(lines.map((l) => l.height));

  const paragraphs: CleanLine[][] = [[lines[0]]];
  for (let i = 1; i < lines.length; i++) {
    const line = lines[i];
    const before = lines[i - 1];
    const ended = sentenceEnd.test(before.text);
    const goesOn = !ended && /^\p{Ll}/u.test(line.text);
    const opens =
      (line.opens && !goesOn) ||
      (pitch > 0 && pitches[i - 1] > pitch * 1.4) ||
      (ended && line.left - left > lineHeight * 1.2) ||
      (ended && before.width < widest * shortLineShare);
    if (opens) paragraphs.push([line]);
    else paragraphs[paragraphs.length - 1].push(line);
  }

  return paragraphs.map((group) => {
    kept.push(...group.flatMap((l) => l.words));
    return group.map((l) => l.text).reduce((text, next) => joinLines(text, next, options.isWord));
  });
}

const boxOf = (words: OcrWord[]): OcrBox => ({
  x0: Math.min(...words.map((w) => w.bbox.x0)),
  y0: Math.min(...words.map((w) => w.bbox.y0)),
  x1: Math.max(...words.map((w) => w.bbox.x1)),
  y1: Math.max(...words.map((w) => w.bbox.y1)),
});

/**
 * A block's columns, left to right, when Tesseract took two columns side by side for one block
 * (it does with narrow gutters and short columns, and then reads each line across both): a
 * gutter is a band, wider than a word is high, that no word of the block crosses, with a good
 * share of the text on either side. Each line is cut at the gutter; the columns are read one
 * after the other, and each may be cut again. A block without such a gutter is itself.
 */
export function splitColumns(block: OcrBlock): OcrBlock[] {
  const lines = block.paragraphs.flatMap((p) => p.lines);
  const words = lines.flatMap((l) => l.words).filter((w) => alphanumeric.test(w.text));
  if (lines.length < 4 || words.length < 8) return [block];
  // Words' heights, not lines': a tilted line's box is as high as its slope.
  const wordHeight = median(words.map((w) => w.bbox.y1 - w.bbox.y0));
  const spans = words.map((w) => w.bbox).sort((a, b) => a.x0 - b.x0);
  const width = Math.max(...spans.map((b) => b.x1)) - spans[0].x0;
  const letters = (side: (w: OcrWord) => boolean) => words.filter(side).reduce((n, w) => n + w.text.length, 0);
  const total = letters(() => true);

  let best: { at: number; width: number } | undefined;
  let reach = spans[0].x1;
  for (const span of spans.slice(1)) {
    const gap = span.x0 - reach;
    if (gap > wordHeight * 1.2 && (!best || gap > best.width)) {
      const at = reach + gap / 2;
      const leftShare = letters((w) => w.bbox.x1 <= at) / total;
      const sidesWide = at - spans[0].x0 > width * 0.25 && spans[0].x0 + width - at > width * 0.25;
      if (leftShare > 0.2 && leftShare < 0.8 && sidesWide) best = { at, width: gap };
    }
    reach = Math.max(reach, span.x1);
  }
  if (!best) return [block];
  const { at } = best;

  const side = (left: boolean): OcrBlock => {
    const paragraphs = block.paragraphs
      .map((paragraph) => ({
        ...paragraph,
        lines: paragraph.lines
          .map((line) => ({ ...line, words: line.words.filter((w) => (w.bbox.x0 + w.bbox.x1) / 2 < at === left) }))
          .filter((line) => line.words.length > 0)
          .map((line) => ({ ...line, bbox: boxOf(line.words) })),
      }))
      .filter((paragraph) => paragraph.lines.length > 0);
    // Lines cut from one line of Tesseract's may come out of order within a column: top to bottom.
    const ordered = paragraphs.flatMap((p) => p.lines.map((line, j) => ({ line, opens: j === 0 })));
    ordered.sort((a, b) => a.line.bbox.y0 - b.line.bbox.y0);
    const regrouped: OcrParagraph[] = [];
    for (const { line, opens } of ordered) {
      if (opens || regrouped.length === 0) regrouped.push({ lines: [line], bbox: line.bbox });
      else regrouped[regrouped.length - 1].lines.push(line);
    }
    return { bbox: boxOf(regrouped.flatMap((p) => p.lines.flatMap((l) => l.words))), paragraphs: regrouped };
  };
  return [...splitColumns(side(true)), ...splitColumns(side(false))];
}

/** The page's text, cleaned, with the confidence of what was kept. */
export function cleanOcrPage(page: OcrPage, options: CleanOptions = {}): CleanedText {
  const kept: OcrWord[] = [];
  const paragraphs = page.blocks.flatMap(splitColumns).flatMap((block) => blockParagraphs(block, options, kept));
  const text = paragraphs
    .map((p) => p.replace(/\s+/g, ' ').trim())
    .filter(Boolean)
    .join('\n\n');
  const length = kept.reduce((sum, w) => sum + w.text.length, 0);
  const confidence = length ? kept.reduce((sum, w) => sum + w.confidence * w.text.length, 0) / length : 0;
  return { text, confidence: Math.round(confidence * 10) / 10, words: kept.length };
}
