/**
 * The one sentence splitter for English (and Chinese) text, shared by the content library, speech
 * segments and the word panel's context, so that a "sentence" is the same thing everywhere.
 * Pure string code, no Node or DOM APIs: it runs in the browser and in the upstream.
 *
 * A sentence ends at . ! ? … followed by closing quotes or brackets and then white space, unless
 * the next word (after opening quotes or brackets) is in lower case, or the stop is a single full
 * stop after an abbreviation or an initial. Chinese stops (。！？) end a sentence even with no space
 * after them. A blank line always ends one, and a line break ends one unless the next line goes on
 * in lower case, so titles and list items stand alone while hard-wrapped lines are not cut.
 */

export interface SentenceRange {
  /** Offset of the sentence's first character, in UTF-16 code units. */
  start: number;
  /** Offset just past its last character; surrounding white space is not part of it. */
  end: number;
}

const LATIN_STOPS = '.!?…';
const CJK_STOPS = '。！？';
const CLOSERS = `"')]}»”’」』）】〕》`;
const OPENERS = `"'([{«“‘「『（【〔《`;

// A full stop after these never ends a sentence: titles before a name, Latin and bibliographic
// abbreviations followed by more of the same sentence, and month names before a day.
// biome-ignore format: a table, laid out by hand to be read as one
const NEVER_FINAL = new Set([
  'mr', 'mrs', 'ms', 'mx', 'dr', 'prof', 'sr', 'jr', 'st', 'mt', 'ft', 'rev', 'fr', 'gen', 'col', 'lt', 'sgt',
  'capt', 'cmdr', 'gov', 'sen', 'rep', 'pres', 'hon', 'messrs', 'mme', 'mlle', 'vs', 'cf', 'viz', 'approx', 'fig',
  'figs', 'vol', 'vols', 'pp', 'ch', 'chap', 'sec', 'eq', 'eqs', 'ed', 'eds', 'esp', 'al', 'dept', 'univ', 'ave',
  'blvd', 'rd', 'e.g', 'i.e', 'a.k.a', 'jan', 'feb', 'mar', 'apr', 'jun', 'jul', 'aug', 'sep', 'sept', 'oct',
  'nov', 'dec',
]);

// These often close a sentence too ("pens, paper, etc."), so they end one before a capital.
const FINAL_BEFORE_CAPITAL = new Set(['etc', 'inc', 'ltd', 'co', 'corp']);

// A dotted abbreviation (U.S., p.m., B.C.) is mostly followed by a name ("the U.S. Army", "5 p.m.
// Sunday"), so it ends a sentence only before a word that typically opens one.
// biome-ignore format: a table, laid out by hand to be read as one
const SENTENCE_OPENERS = new Set([
  'the', 'a', 'an', 'this', 'that', 'these', 'those', 'it', 'its', 'he', 'she', 'we', 'they', 'i', 'you', 'there',
  'here', 'then', 'but', 'and', 'so', 'yet', 'however', 'if', 'when', 'what', 'why', 'how', 'who', 'my', 'our',
  'his', 'her', 'their', 'after', 'before', 'in', 'on', 'at',
]);

const isSpace = (ch: string | undefined) => ch !== undefined && /\s/u.test(ch);
const isLineBreak = (ch: string | undefined) => ch !== undefined && /[\n\r\u2028\u2029]/u.test(ch);

/** The sentences of a text as offsets into it, in order, each trimmed of white space. */
export function sentenceRanges(text: string): SentenceRange[] {
  const ranges: SentenceRange[] = [];
  let start = 0;
  const cut = (end: number) => {
    let s = start;
    let e = end;
    while (s < e && isSpace(text[s])) s++;
    while (e > s && isSpace(text[e - 1])) e--;
    if (e > s) ranges.push({ start: s, end: e });
    start = end;
  };

  let i = 0;
  while (i < text.length) {
    const ch = text[i];
    if (LATIN_STOPS.includes(ch) || CJK_STOPS.includes(ch)) {
      let end = i;
      let cjk = false;
      while (end < text.length && (LATIN_STOPS.includes(text[end]) || CJK_STOPS.includes(text[end]))) {
        if (CJK_STOPS.includes(text[end])) cjk = true;
        end++;
      }
      while (end < text.length && CLOSERS.includes(text[end])) end++;
      if (endsSentence(text, i, end, cjk)) cut(end);
      i = end;
      continue;
    }
    if (isLineBreak(ch)) {
      const breakEnd = ch === '\r' && text[i + 1] === '\n' ? i + 2 : i + 1;
      let next = breakEnd;
      while (next < text.length && isSpace(text[next]) && !isLineBreak(text[next])) next++;
      const blankLine = isLineBreak(text[next]);
      while (next < text.length && isSpace(text[next])) next++;
      if (blankLine || next >= text.length || !/\p{Ll}/u.test(text[next])) cut(i);
      i = breakEnd;
      continue;
    }
    i++;
  }
  cut(text.length);
  return ranges;
}

/**
 * The sentence of a text that holds the span from `from` to `to` (a looked-up word): the sentences
 * the span touches, joined where the span holds a stop of its own; the span itself where it
 * touches none (white space).
 */
export function sentenceHolding(text: string, from: number, to: number): SentenceRange {
  const touched = sentenceRanges(text).filter((r) => r.start < Math.max(to, from + 1) && r.end > from);
  return {
    start: Math.min(from, ...touched.map((r) => r.start)),
    end: Math.max(to, ...touched.map((r) => r.end)),
  };
}

/** The sentences of a text, in order, each trimmed, with its closing quotes and brackets. */
export function splitSentences(text: string): string[] {
  return sentenceRanges(text).map((r) => text.slice(r.start, r.end));
}

/**
 * Ranges that cover the whole text: the white space after a sentence belongs to it, the text's
 * leading white space to the first. For screens that map any offset to its sentence.
 */
export function coverText(text: string, ranges: readonly SentenceRange[]): SentenceRange[] {
  return ranges.map((r, i) => ({
    start: i === 0 ? 0 : r.start,
    end: i + 1 < ranges.length ? ranges[i + 1].start : text.length,
  }));
}

/** Whether the stop run text[stopAt, end) (closing marks included) ends a sentence. */
function endsSentence(text: string, stopAt: number, end: number, cjk: boolean): boolean {
  if (cjk) return true;
  // "3.5", "U.S.A", "example.com" and '"word".Next' have no space after the stop.
  if (end < text.length && !isSpace(text[end])) return false;
  let next = end;
  while (next < text.length && (isSpace(text[next]) || OPENERS.includes(text[next]))) next++;
  if (next >= text.length) return true;
  const following = text[next];
  // '"Is it deep?" she asked', 'Wait... what', "'Late!' (when she thought it over) she ran" go on.
  if (/\p{Ll}/u.test(following)) return false;
  const stops = [...text.slice(stopAt, end)].filter((c) => !CLOSERS.includes(c)).join('');
  if (stops !== '.') return true; // ! ? … or an ellipsis before a capital
  const word = wordBefore(text, stopAt);
  const lower = word.toLowerCase();
  if (NEVER_FINAL.has(lower)) return false;
  if (lower === 'no' && /\p{N}/u.test(following)) return false; // No. 5
  if (/^\p{Lu}$/u.test(word)) return false; // an initial: J. K. Rowling
  if (FINAL_BEFORE_CAPITAL.has(lower)) return /[\p{Lu}\p{Lt}]/u.test(following);
  if (/^(?:\p{L}\.)+\p{L}$/u.test(word)) return SENTENCE_OPENERS.has(wordAt(text, next).toLowerCase());
  return true;
}

/** The letters and inner dots just before a full stop ("e.g", "U.S"), without opening marks. */
function wordBefore(text: string, stopAt: number): string {
  let at = stopAt;
  while (at > 0 && /[\p{L}.]/u.test(text[at - 1])) at--;
  return text.slice(at, stopAt);
}

function wordAt(text: string, from: number): string {
  return /^[\p{L}\p{M}]+/u.exec(text.slice(from, from + 40))?.[0] ?? '';
}
