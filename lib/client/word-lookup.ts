import { z } from 'zod';
import { closeOverlay, openOverlay } from './overlays';

/**
 * Looking a word up in its sentence (spec sections 1 and 2): the request the word panel sends,
 * the one entry point every screen uses to open it, and the text helpers that turn a passage into
 * clickable words and a clicked word back into its sentence context.
 */

/** The word query of spec section 7, as a screen asks for it. `from` names the screen. */
export const wordQuerySchema = z.object({
  pre_context: z.string().max(20_000),
  post_context: z.string().max(20_000),
  target_word: z.string().min(1).max(200),
  word_id: z.union([z.string(), z.number()]).optional(),
  from: z.string().min(1).max(64),
});
export type WordQuery = z.infer<typeof wordQuerySchema>;

/**
 * Opens the shell's word translation overlay (a popup on desktop, a bottom drawer on mobile) for
 * a word in its context; the panel runs the query itself. A malformed query is refused before
 * anything opens.
 */
export function lookUpWord(query: WordQuery): void {
  openOverlay('wordTranslation', wordQuerySchema.parse(query));
}

export function closeWordPanel(): void {
  closeOverlay('wordTranslation');
}

/** The overlay store's payload back as a query, or null when it is not one. */
export function wordQueryOf(payload: unknown): WordQuery | null {
  const parsed = wordQuerySchema.safeParse(payload);
  return parsed.success ? parsed.data : null;
}

/** TanStack Query key of one lookup: the same word in the same sentence is the same answer. */
export const wordQueryKey = (q: WordQuery) =>
  ['query_word', q.target_word, q.pre_context, q.post_context, q.word_id ?? null, q.from] as const;

// ---- tokens ------------------------------------------------------------------------------------

export interface TextToken {
  text: string;
  /** A word to click: letters (and digits) with inner apostrophes or hyphens, at least one letter. */
  isWord: boolean;
  /** Offsets into the text, end exclusive. */
  start: number;
  end: number;
}

// Inner apostrophes (straight or curly) and hyphens join: don't, o'clock, well-known, rock’n’roll.
const WORD = /[\p{L}\p{M}\p{N}]+(?:['’\u2010\u2011-][\p{L}\p{M}\p{N}]+)*/gu;
const HAS_LETTER = /\p{L}/u;

/**
 * Splits a text into words and what lies between them (spaces, punctuation, numbers-only runs
 * stay as non-words), covering every character exactly once, in order.
 */
export function tokenize(text: string): TextToken[] {
  const tokens: TextToken[] = [];
  let at = 0;
  for (const m of text.matchAll(WORD)) {
    const start = m.index;
    const end = start + m[0].length;
    const isWord = HAS_LETTER.test(m[0]);
    if (start > at) pushGap(tokens, text, at, start);
    if (isWord) tokens.push({ text: m[0], isWord: true, start, end });
    else pushGap(tokens, text, start, end);
    at = end;
  }
  if (at < text.length) pushGap(tokens, text, at, text.length);
  return tokens;
}

// Neighbouring non-words merge, so a text alternates word / gap at most.
function pushGap(tokens: TextToken[], text: string, start: number, end: number) {
  const last = tokens.at(-1);
  if (last && !last.isWord && last.end === start) {
    last.end = end;
    last.text = text.slice(last.start, end);
    return;
  }
  tokens.push({ text: text.slice(start, end), isWord: false, start, end });
}

// ---- sentences ---------------------------------------------------------------------------------

export interface TextRange {
  start: number;
  end: number;
}

// A period after these does not end a sentence (compared in lower case, without the period).
const ABBREVIATIONS = new Set([
  'mr', 'mrs', 'ms', 'dr', 'prof', 'sr', 'jr', 'st', 'mt', 'vs', 'etc', 'e.g', 'i.e', 'cf', 'no', 'fig',
  'jan', 'feb', 'mar', 'apr', 'jun', 'jul', 'aug', 'sep', 'sept', 'oct', 'nov', 'dec',
  'a.m', 'p.m', 'u.s', 'u.k', 'inc', 'ltd', 'co', 'corp', 'dept', 'approx', 'gen', 'gov', 'rev',
]);
const TERMINAL = /[.!?…。！？]/;
const CLOSER = /["'”’)\]}»」』]/;

/**
 * Sentence spans of a text, covering all of it (whitespace between sentences belongs to the
 * sentence before). A sentence ends at . ! ? … (and the Chinese 。！？) followed by closing quotes
 * or brackets and then a space, unless the period ends a known abbreviation or an initial, or the
 * next word starts in lower case. A blank line always ends one, and a line break ends one when
 * the next line starts like a new sentence (a capital, a digit or a quote) — titles and list items
 * are sentences of their own, while a hard-wrapped line that goes on in lower case is not cut.
 */
export function sentenceRanges(text: string): TextRange[] {
  const ranges: TextRange[] = [];
  let start = 0;
  let i = 0;
  while (i < text.length) {
    const ch = text[i];
    let cut = -1;
    if (TERMINAL.test(ch)) {
      let j = i + 1;
      while (j < text.length && (TERMINAL.test(text[j]) || CLOSER.test(text[j]))) j++;
      const marksEnd = j;
      while (j < text.length && /\s/.test(text[j])) j++;
      // "3.5", "U.S.A" and "example.com" go on: a sentence ends before a space (or a Chinese mark).
      const spaced = j > marksEnd || /[。！？]/.test(ch);
      if (j >= text.length || (spaced && endsSentence(text, i, j))) cut = j;
      else i = marksEnd - 1;
    } else if (ch === '\n') {
      let j = i + 1;
      while (j < text.length && /[^\S\n]/.test(text[j])) j++;
      const blankLine = text[j] === '\n';
      while (j < text.length && /\s/.test(text[j])) j++;
      const before = text.slice(start, i).trim();
      if (before && (blankLine || j >= text.length || /[\p{Lu}\p{N}"“'‘(\-•*]/u.test(text[j] ?? ''))) cut = j;
    }
    if (cut > start && text.slice(start, cut).trim()) {
      ranges.push({ start, end: cut });
      start = cut;
      i = cut;
      continue;
    }
    i++;
  }
  if (start < text.length) {
    if (ranges.length > 0 && !text.slice(start).trim()) ranges[ranges.length - 1].end = text.length;
    else ranges.push({ start, end: text.length });
  }
  return ranges;
}

// `at` is the terminal mark, `next` the first character of what follows.
function endsSentence(text: string, at: number, next: number): boolean {
  const following = text[next];
  // '"Is it deep?" she asked.' goes on; so does 'e.g. in cafés'.
  if (following && /\p{Ll}/u.test(following)) return false;
  if (text[at] !== '.') return true;
  const word = /([\p{L}.]+)$/u.exec(text.slice(Math.max(0, at - 12), at))?.[1] ?? '';
  if (!word) return true;
  if (/^\p{Lu}$/u.test(word)) return false; // an initial: J. K. Rowling
  return !ABBREVIATIONS.has(word.toLowerCase());
}

/** The range of the sentence holding offset `at` (the last one for an offset past the end). */
export function sentenceAt(text: string, at: number, ranges = sentenceRanges(text)): TextRange {
  return ranges.find((r) => at >= r.start && at < r.end) ?? ranges.at(-1) ?? { start: 0, end: text.length };
}

/**
 * The lookup context of the word at `tokenIndex` (an index into tokenize(text)): the rest of its
 * sentence before and after it, with runs of whitespace (line breaks included) made single
 * spaces, so that pre_context + target_word + post_context reads as the sentence.
 */
export function contextOf(
  text: string,
  tokenIndex: number,
  tokens: readonly TextToken[] = tokenize(text),
  ranges: readonly TextRange[] = sentenceRanges(text),
): Pick<WordQuery, 'pre_context' | 'post_context' | 'target_word'> {
  const token = tokens[tokenIndex];
  if (!token?.isWord) throw new RangeError(`token ${tokenIndex} is not a word`);
  const sentence = sentenceAt(text, token.start, [...ranges]);
  const squeeze = (s: string) => s.replace(/\s+/g, ' ');
  return {
    pre_context: squeeze(text.slice(sentence.start, token.start)).trimStart(),
    post_context: squeeze(text.slice(token.end, sentence.end)).trimEnd(),
    target_word: token.text,
  };
}

/**
 * Where a word is in a text, as an index into tokenize(text): the `index`th word (counting words
 * only, from 0) when given and in range, else the first case-insensitive occurrence of `target`
 * (ignoring curly or straight apostrophes), else -1.
 */
export function findWord(tokens: readonly TextToken[], target: string | null | undefined, index?: number | null): number {
  const words = tokens.flatMap((t, i) => (t.isWord ? [i] : []));
  if (index !== undefined && index !== null && Number.isInteger(index) && index >= 0 && index < words.length) {
    const at = words[index];
    if (!target || sameWord(tokens[at].text, target)) return at;
  }
  if (!target) return -1;
  return words.find((i) => sameWord(tokens[i].text, target)) ?? -1;
}

const fold = (s: string) => s.trim().replace(/’/g, "'").toLowerCase();
const sameWord = (a: string, b: string) => fold(a) === fold(b);
