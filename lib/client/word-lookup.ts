import { coverText, sentenceRanges as sharedSentenceRanges, type SentenceRange } from '@/lib/text/sentences';
import { closeOverlay, openOverlay, type OverlayAnchor, type WordLookup } from './overlays';

/**
 * Looking a word up in its sentence (spec sections 1 and 2): the one entry point every screen
 * uses to open the word panel, and the text helpers that turn a passage into clickable words and
 * a clicked word back into its sentence context.
 */

/** The word query of spec section 7, as the contract takes it; `from` names the screen. */
export type WordQuery = WordLookup['query'];

/**
 * Opens the shell's word translation overlay for a word in its context: on desktop a popup
 * beside `anchor` (the word on the page; centred without one), on mobile a bottom drawer. The
 * panel runs the query itself. A query without a word or its context is refused before anything
 * opens (the contract's bounds are checked where the query is sent).
 */
export function lookUpWord(query: WordQuery, anchor?: OverlayAnchor): void {
  if (!query.target_word || typeof query.pre_context !== 'string' || typeof query.post_context !== 'string') {
    throw new RangeError('a lookup needs a word and the sentence around it');
  }
  openOverlay('wordTranslation', { query, anchor });
}

export function closeWordPanel(): void {
  closeOverlay('wordTranslation');
}

/** TanStack Query key of one lookup: the same word in the same sentence is the same answer. */
export const wordQueryKey = (q: WordQuery) =>
  ['query_word', q.target_word, q.pre_context, q.post_context, q.word_id ?? null, q.from ?? null] as const;

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

export type TextRange = SentenceRange;

/**
 * Sentence spans of a text (the shared rules of lib/text/sentences.ts), covering all of it: the
 * white space between sentences belongs to the sentence before, so every offset has a sentence.
 */
export function sentenceRanges(text: string): TextRange[] {
  return coverText(text, sharedSentenceRanges(text));
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
