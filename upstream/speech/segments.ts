/**
 * Splits a text into sentence segments for playback one by one (get_text_audio_segments).
 *
 * A full stop ends a sentence only where a reader would say so: not inside a number (3.5), not
 * after a title or a Latin abbreviation (Mr., Dr., e.g., i.e.), not after an initial (J. K.
 * Rowling), not before a word in lower case ("Wait... what?" stays whole only when the next word
 * is lower case). Chinese and Japanese stops (。！？) end a sentence with no space after them.
 * Closing quotes and brackets stay with the sentence they close. Every line is split on its own,
 * so a title without a stop is a segment. A sentence too long to be one sensible request is cut at
 * its clause marks (, ; : and their CJK forms, dashes), then between words.
 */

export interface Segment {
  index: number;
  text: string;
}

/** Longest segment before it is cut at clause marks. */
export const MAX_SEGMENT_CHARS = 240;

const LATIN_STOPS = '.!?…';
const CJK_STOPS = '。！？';
const CLOSERS = `"')]}»”’」』）】〕》`;
const OPENERS = `"'([{«“‘「『（【〔《`;

/** Abbreviations after which a full stop never ends a sentence (lower case, no final dot). */
const NEVER_FINAL = new Set([
  'mr', 'mrs', 'ms', 'mx', 'dr', 'prof', 'sr', 'jr', 'st', 'mt', 'rev', 'fr', 'gen', 'col', 'lt', 'sgt', 'capt',
  'cmdr', 'gov', 'sen', 'rep', 'pres', 'hon', 'messrs', 'mme', 'mlle', 'vs', 'cf', 'viz', 'approx', 'fig', 'figs',
  'vol', 'vols', 'pp', 'ch', 'chap', 'sec', 'eq', 'eqs', 'ed', 'eds', 'esp', 'dept', 'univ', 'ave', 'blvd', 'rd',
  'e.g', 'i.e', 'a.k.a', 'jan', 'feb', 'mar', 'apr', 'jun', 'jul', 'aug', 'sep', 'sept', 'oct', 'nov', 'dec',
]);

/** Abbreviations that end a sentence only when a capitalised word follows. */
const FINAL_BEFORE_CAPITAL = new Set(['etc', 'inc', 'ltd', 'co', 'corp', 'a.m', 'p.m', 'u.s', 'u.k', 'u.s.a', 'b.c', 'a.d']);

const isSpace = (ch: string | undefined) => ch !== undefined && /\s/u.test(ch);
const hasWordChar = (text: string) => /[\p{L}\p{N}]/u.test(text);

/** The text's sentence segments, empty and punctuation-only ones dropped, numbered from 0. */
export function splitSegments(text: string, maxChars = MAX_SEGMENT_CHARS): Segment[] {
  const sentences: string[] = [];
  for (const line of text.normalize('NFC').split(/\r\n|\r|\n|\u2028|\u2029/u)) {
    for (const sentence of splitLine(line)) sentences.push(...capLength(sentence, maxChars));
  }
  return sentences
    .map((s) => s.replace(/\s+/gu, ' ').trim())
    .filter(hasWordChar)
    .map((s, index) => ({ index, text: s }));
}

function splitLine(line: string): string[] {
  const out: string[] = [];
  let start = 0;
  let i = 0;
  while (i < line.length) {
    const ch = line[i];
    if (!LATIN_STOPS.includes(ch) && !CJK_STOPS.includes(ch)) {
      i++;
      continue;
    }
    let end = i;
    let cjk = false;
    while (end < line.length && (LATIN_STOPS.includes(line[end]) || CJK_STOPS.includes(line[end]))) {
      if (CJK_STOPS.includes(line[end])) cjk = true;
      end++;
    }
    while (end < line.length && CLOSERS.includes(line[end])) end++;
    if (endsSentence(line, i, end, cjk)) {
      out.push(line.slice(start, end));
      start = end;
    }
    i = end;
  }
  out.push(line.slice(start));
  return out;
}

/** Whether the stop run line[stopAt, end) (closers included) ends a sentence. */
function endsSentence(line: string, stopAt: number, end: number, cjk: boolean): boolean {
  if (cjk) return true;
  if (end < line.length && !isSpace(line[end])) return false; // 3.5, e.g.x, U.S.A, "word".Next
  const next = nextWordStart(line, end);
  if (next === undefined) return true;
  // A lower-case continuation is the same sentence: 'He said "Why?" and left', 'Wait... what'.
  if (/\p{Ll}/u.test(next)) return false;
  const stops = [...line.slice(stopAt, end)].filter((c) => !CLOSERS.includes(c)).join('');
  if (stops !== '.') return true; // ! ? … or an ellipsis before a capital
  // A single full stop: look at the word it closes.
  const word = wordBefore(line, stopAt);
  const lower = word.toLowerCase();
  if (NEVER_FINAL.has(lower)) return false;
  if (lower === 'no' && /\d/u.test(next)) return false; // No. 5
  if (/^\p{Lu}$/u.test(word)) return false; // an initial: J. K. Rowling
  if (FINAL_BEFORE_CAPITAL.has(lower)) return /\p{Lu}/u.test(next);
  return true;
}

/** The first character of the next word after `from`, skipping spaces and opening marks. */
function nextWordStart(line: string, from: number): string | undefined {
  let at = from;
  while (at < line.length && (isSpace(line[at]) || OPENERS.includes(line[at]))) at++;
  return at < line.length ? line[at] : undefined;
}

/** The token just before a full stop: letters and inner dots (e.g, U.S), without opening marks. */
function wordBefore(line: string, stopAt: number): string {
  let at = stopAt;
  while (at > 0 && /[\p{L}.]/u.test(line[at - 1])) at--;
  return line.slice(at, stopAt);
}

/** A sentence cut into pieces of at most maxChars: at clause marks first, then between words. */
function capLength(sentence: string, maxChars: number): string[] {
  const trimmed = sentence.trim();
  if (trimmed.length <= maxChars) return [trimmed];
  const clauses = trimmed.split(/(?<=[,;:，；：、—–])\s*/u).filter(Boolean);
  return pack(
    clauses.flatMap((clause) => (clause.length <= maxChars ? [clause] : splitWords(clause, maxChars))),
    maxChars,
  );
}

function splitWords(clause: string, maxChars: number): string[] {
  const words = clause.split(/(?<=\s)/u);
  const pieces: string[] = [];
  for (const word of words) {
    // A run with no spaces (Chinese text, a long URL) is cut where it must be.
    for (let at = 0; at < word.length; at += maxChars) pieces.push(word.slice(at, at + maxChars));
  }
  return pack(pieces, maxChars);
}

/** Joins consecutive pieces while they fit, so a cut sentence has as few parts as it can. */
function pack(pieces: string[], maxChars: number): string[] {
  const out: string[] = [];
  let current = '';
  for (const piece of pieces) {
    const joined = current === '' ? piece : joinPieces(current, piece);
    if (joined.length <= maxChars) current = joined;
    else {
      if (current) out.push(current);
      current = piece;
    }
  }
  if (current) out.push(current);
  return out.map((s) => s.trim());
}

function joinPieces(a: string, b: string): string {
  // CJK clause marks carry no space after them; Latin ones do.
  if (isSpace(a.at(-1)) || /[，；：、]$/u.test(a)) return a + b;
  return `${a} ${b}`;
}
