/*
 * Raw English text to words as UD English EWT tokenizes them, so that the tagger and the parser
 * see what they were trained on. Rules, not a model, tuned on the treebank's train and dev text.
 *
 * EWT's conventions, as its words show them:
 *  - punctuation, quotes and brackets are words of their own; a run of the same marks is one word
 *    ("...", "!!!", "?!", "--", "***");
 *  - the clitics n't 's 're 'll 've 'd 'm (straight or curly) are split off ("don't" → do n't,
 *    "can't" → ca n't, "company's" → company 's), "cannot" → can not, "gonna" → gon na, and the
 *    same without apostrophes in informal writing ("dont" → do nt, "im" → i m);
 *  - a hyphenated compound of two words is three words ("15-year" → 15 - year, "self-driven" →
 *    self - driven), while a word with a bound prefix stays whole (e-mail, non-profit, re-read,
 *    co-workers, mid-August), as do phone numbers and post codes (713-853-3989, 77042-2016);
 *  - URLs, e-mail addresses, file and domain names, numbers (3.30, 200,000, 5:00, 11/28/2000),
 *    dotted abbreviations (U.S., p.m., e.g.), titles and other known abbreviations with their full
 *    stop (Mr., Dr., Inc., Sept.), single initials (W.) and emoticons (:) ;-) ^_^) stay whole.
 *  - at the very end of the text an abbreviation gives up its full stop to end the sentence
 *    ("… taxes, etc." → etc .; "U.S." → U.S .), and "its" before a word that cannot follow the
 *    possessive is EWT's "it s" (its not, its a);
 *  - number ranges are split (5 - 10, 1969 - 1970; phone and post codes stay whole: 345-9945),
 *    and so are numbers with a unit or an hour written on (7:30PM → 7:30 PM, 35mm, 65k; not 3rd, 90s),
 *    "#1" and "@2.975" (# 1, @ 2.975), and a run of stops from a run of ! and ? ("...?" → ... ?).
 * Beyond EWT: control characters separate words like white space, an emoji (with its modifiers and
 * joiners) is a word of its own, and a run of CJK characters is one word, apart from the Latin
 * letters around it. The work is linear in the text: each piece between spaces is split by a few
 * anchored regular expressions, and a piece longer than any EWT word (MAX_PIECE) is first cut
 * into runs of letters and digits and runs of one mark, so that no input can make it slow.
 * Sentence splitting is lib/text/sentences.ts's; this works on one sentence or any span of text.
 * Measured against EWT's sentences by bench/tokenizer.ts.
 */

export interface Token {
  /** The word as written (a clitic keeps its apostrophe: n't, 's). */
  form: string;
  /** Offsets in the text, in UTF-16 code units: the word is text.slice(start, end). */
  start: number;
  end: number;
  /** White space follows the word in the text (CoNLL-U's SpaceAfter). */
  spaceAfter: boolean;
}

// Abbreviations that keep their full stop (lower case, without it). Months, titles, Latin,
// company forms, days, and the short forms of addresses and units that EWT writes.
// biome-ignore format: a table, laid out by hand to be read as one
const ABBREVIATIONS = new Set([
  'mr', 'mrs', 'ms', 'dr', 'prof', 'sr', 'jr', 'st', 'mt', 'ft', 'rev', 'fr', 'gen', 'col', 'lt', 'sgt', 'capt',
  'gov', 'sen', 'rep', 'reps', 'pres', 'hon', 'messrs', 'vs', 'cf', 'viz', 'approx', 'fig', 'vol', 'pp', 'ch',
  'sec', 'eds', 'esp', 'al', 'dept', 'univ', 'ave', 'blvd', 'rd', 'etc', 'inc', 'ltd', 'co', 'corp', 'nos',
  'jan', 'feb', 'mar', 'apr', 'jun', 'jul', 'aug', 'sep', 'sept', 'oct', 'nov', 'dec', 'mon', 'tue', 'tues',
  'thu', 'thur', 'thurs', 'fri', 'attn', 'arrv', 'tel', 'ext', 'approx', 'govt', 'assn', 'bros', 'hrs', 'mgr',
  'mins', 'mgmt', 'cit', 'ibid', 'lbs', 'oz', 'sq', 'yrs', 'wk', 'wks', 'calif', 'fla', 'mich', 'minn', 'tenn',
  'ariz', 'colo', 'okla', 'para', 'dept', 'intl', 'natl',
]);

// Abbreviations that are also words: only before a number (No. 5, Art. 2, Op. 3).
const BEFORE_NUMBER = new Set(['no', 'art', 'op', 'ed', 'pt']);
// Abbreviations that are also words, taken as abbreviations when capitalized (Sat. Oct 12).
const CAPITALIZED = new Set(['Sat', 'Sun', 'Wed', 'Mon', 'Tue', 'Thu', 'Fri', 'La', 'Spec']);
// Words that keep a mark EWT leaves on them.
const NAMES = new Set(['Yahoo!', 'Jeopardy!']);

// Abbreviations with inner stops that are not simply letter-stop pairs.
const DOTTED = /^(?:[A-Za-z]\.){2,}[A-Za-z]?$|^(?:[A-Za-z]\.)+[A-Za-z]{1,2}\.?$|^(?:e\.g|i\.e|a\.k\.a|p\.s|et al)\.?$/i;

// biome-ignore format: a table, laid out by hand to be read as one
const EMOTICONS = new Set([
  ':)', ':-)', ':(', ':-(', ':D', ':-D', ';)', ';-)', ':P', ':-P', ':p', ':-p', ':/', ':-/', ':O', ':o', ':|',
  ":'(", '=)', '=(', '=D', '^_^', '^^', '<3', 'XD', 'xD', ':]', ':[', ';D', ':*', 'o_O', 'O_o', '-_-',
]);

// Informal spellings that EWT splits into two or three words, as lengths of the parts.
// biome-ignore format: a table, laid out by hand to be read as one
const INFORMAL: Record<string, number[]> = {
  cannot: [3, 3], gonna: [3, 2], wanna: [3, 2], gotta: [3, 2], outta: [3, 2], dunno: [2, 1, 2], dont: [2, 2],
  cant: [2, 2], wont: [2, 2], didnt: [3, 2], doesnt: [4, 2], havent: [4, 2], hasnt: [3, 2], hadnt: [3, 2],
  couldnt: [5, 2], wouldnt: [5, 2], shouldnt: [6, 2], isnt: [2, 2], wasnt: [3, 2], werent: [4, 2], arent: [3, 2],
  aint: [2, 2], im: [1, 1], ive: [1, 2], youre: [3, 2], theyre: [4, 2], thats: [4, 1], theres: [5, 1],
  whats: [4, 1], hes: [2, 1], shes: [3, 1], youve: [3, 2], weve: [2, 2], theyve: [4, 2], itll: [2, 2],
  youll: [3, 2],
};

// Bound prefixes after which a hyphenated word stays whole (EWT: e-mail, non-profit, re-read).
// biome-ignore format: a table, laid out by hand to be read as one
const PREFIXES = new Set([
  'e', 'non', 'pre', 'anti', 'mid', 're', 'post', 'co', 'over', 'pro', 'multi', 'ex', 'sub', 'semi', 'cross',
  'neo', 'psycho', 'socio', 'counter', 'intra', 'inter', 'micro', 'macro', 'un', 'de', 'bi', 'tri', 'mis',
  'meh', 'vice', 'ultra', 'super', 'pseudo', 'quasi', 'extra', 'hyper', 'mega', 'mini', 'trans', 'infra',
  'uni', 'auto', 'geo', 'bio', 'eco', 'euro', 'afro', 'sino', 'pan', 'poly', 'self-e',
]);

const CLITIC = /(?:n['’`]t|['’`](?:s|m|re|ve|ll|d))$/i;
const URL = /^(?:(?:https?|ftp):\/\/|www\.|mailto:)[^\s]*[^\s.,;:!?)\]}'"’”>]$/i;
const EMAIL = /^[A-Za-z0-9_][^\s@"'()<>[\],;]*@[A-Za-z0-9][\w.-]*[A-Za-z0-9]$/;
// A file or domain name: words joined by inner stops, the last part letters (enron.com, ENRON.XLS, 20.doc).
const DOMAIN = /^[\w-]*\w\.(?:[\w-]+\.)*[A-Za-z][\w]*$/;
const FILE_SUFFIX = /^\.(?:doc|docx|xls|xlsx|pdf|txt|ppt|pptx|htm|html|com|org|net|jpg|gif|zip)$/i;
// A number with inner separators (3.30, 200,000, 5:00, 11/28/2000, 713-853-3989, +44), or digits and letters (3rd, A4).
const NUMBER = /^[+-]?(?:\d+(?:[.,:/-]\d+)*|\.\d+)$/;
// A run of one kind of mark, or of question and exclamation marks: one word.
const MARK_RUN = /^(?:\.[!?]+|\.+|[!?]+|…+|-{2,}|\*+|=+|_+|\++|~+|#{2,}|>{2,}|<{2,}|`{2}|'{2}|’{2}|‘{2}|,{2,}|\/{2,}|\|+)$/;

const OPENERS = new Set([
  '(',
  '[',
  '{',
  '<',
  '"',
  '“',
  '‘',
  '«',
  '`',
  "'",
  '*',
  '$',
  '£',
  '€',
  '¥',
  '~',
  '¿',
  '¡',
  '|',
  '-',
  '=',
  '/',
]);
const CLOSERS = new Set([
  ')',
  ']',
  '}',
  '>',
  '"',
  '”',
  '’',
  '»',
  "'",
  ',',
  ';',
  ':',
  '!',
  '?',
  '.',
  '%',
  '*',
  '…',
  '|',
  '/',
  '=',
]);
// Runs of marks split off the front or the end of a word as one word.
const FRONT_RUN = /^(?:\.{2,}|-{2,}|…+|`{2}|'{2}|‘[‘’]|’’|\*+|<{2,}|>{2,}|={2,})/;
const END_RUN = /(?:(?<!\.)\.[!?]+|\.+|[!?]+|…+|-{2,}|\*+|''|’’|‘’|,+|<{2,}|>{2,}|={2,}|(?<=[\p{L}\p{N}])\++)$/u;
// A number with a unit or an hour written on (55k, 11AM, 7:00PM, 35mm): two words; not 1st, 90s, 86M.
const NUMBER_UNIT = /^\d[\d.,:]*(?=(?:[ap]m|[AP]M|[kK]|m|mm|cm|km|kg|[gGmMkK][bB]|ft|lbs?|hrs?|mins?|ml|persons)$)/;
// The words after which "its" is EWT's "it s" (it is), never the possessive.
// biome-ignore format: a table, laid out by hand to be read as one
const AFTER_IT_IS = new Set([
  'not', 'a', 'an', 'the', 'really', 'very', 'so', 'just', 'been', 'simply', 'definitely', 'also', 'too', 'getting',
  'going', 'gonna', 'nothing', 'your', 'my', 'his', 'her', 'our', 'their', 'probably', 'actually', 'always', 'never',
  'totally', 'ok', 'okay', 'because', 'about', 'in', 'on', 'at', 'for', 'from', 'between', 'that', 'what', 'how',
  'like', 'still', 'all', 'now', 'only', 'kind', 'sort', 'pretty', 'easy', 'hard', 'great', 'illegal', 'important',
  'necessary', 'true', 'fine', 'better', 'worth', 'called', 'less', 'more', 'cheap', 'rare', 'horrible',
]);
/** The longest piece between spaces that the rules read whole; longer ones are cut first (see the header). */
const MAX_PIECE = 200;

const isWordChar = (ch: string | undefined) => ch !== undefined && /[\p{L}\p{N}]/u.test(ch);

/** Whether the whole piece is one word whatever it holds; `next` is the text after it. */
function isWhole(piece: string, next: string): boolean {
  if (piece.length <= 1) return true;
  if (EMOTICONS.has(piece) || MARK_RUN.test(piece) || NAMES.has(piece)) return true;
  if (URL.test(piece) || EMAIL.test(piece)) return true;
  if (NUMBER.test(piece)) return !isNumberRange(piece);
  if (FILE_SUFFIX.test(piece)) return true;
  // A year written short ('72).
  if (/^['’]\d\d$/.test(piece)) return true;
  if (piece.endsWith('.') && isAbbreviation(piece, next)) return true;
  if (DOTTED.test(piece)) return true;
  if (DOMAIN.test(piece) && !/^\d+\.\d+$/.test(piece)) return true;
  return false;
}

/** Two numbers joined by a hyphen that EWT splits (5-10, 1969-1970), unlike phone numbers and post codes. */
function isNumberRange(piece: string): boolean {
  const parts = /^(\d+(?:[:.,]\d+)*)-(\d+(?:[:.,]\d+)*)$/.exec(piece);
  if (!parts) return false;
  return !(/^\d{4,}$/.test(parts[2]) && /^\d+$/.test(parts[1]) && parts[1].length !== 4);
}

/** Whether a piece that ends with a full stop is an abbreviation with it; `next` is the text after it. */
function isAbbreviation(piece: string, next: string): boolean {
  const bare = piece.slice(0, -1);
  if (ABBREVIATIONS.has(bare.toLowerCase()) && /^[A-Za-z]+$/.test(bare)) return true;
  if (CAPITALIZED.has(bare)) return true;
  if (BEFORE_NUMBER.has(bare.toLowerCase()) && /^\s*#?\d/.test(next)) return true;
  // A single capital initial (George W. Bush), and dotted forms (U.S., p.m., e.g.).
  if (/^[A-Z]$/.test(bare)) return true;
  return DOTTED.test(piece);
}

/** Length of an emoticon at the end of the piece after a word ("great:)"), or 0. */
function emoticonSuffix(piece: string): number {
  for (const length of [3, 2]) {
    const tail = piece.slice(-length);
    if (piece.length > length && EMOTICONS.has(tail) && isWordChar(piece[piece.length - length - 1])) return length;
  }
  return 0;
}

/** Length of the word to split off the front of the piece, or 0. */
function prefixLength(piece: string): number {
  const first = piece[0];
  // A clitic standing alone ('s after a split quote) is a word, not a quote and a word.
  if ((first === "'" || first === '’' || first === '`') && CLITIC.test(piece) && piece.length <= 3) return 0;
  // Nor is a year written short ('72).
  if (/^['’]\d\d(?!\d)/.test(piece)) return 0;
  const run = FRONT_RUN.exec(piece);
  if (run && run[0].length < piece.length) return run[0].length;
  // "$5" is two words ($ 5), as in EWT; so are "#1" and "@2.975", while "#audiobooks" is one.
  if (OPENERS.has(first)) return 1;
  if ((first === '#' || first === '@') && /^[#@]\d/.test(piece)) return 1;
  return 0;
}

/** Length of the word to split off the end of the piece, or 0; `next` is the text after it. */
function suffixLength(piece: string, next: string): number {
  const clitic = CLITIC.exec(piece);
  if (clitic && clitic.index > 0 && /\p{L}/u.test(piece[clitic.index - 1])) return clitic[0].length;
  const emoticon = emoticonSuffix(piece);
  if (emoticon) return emoticon;
  const run = END_RUN.exec(piece);
  if (run && run.index > 0) {
    // A full stop that belongs to an abbreviation stays ("Inc.", "U.S."), and so does the stop
    // of an abbreviation before a second one that ends the sentence ("Inc.." → Inc. .).
    if (run[0] === '.' && isAbbreviation(piece, next)) return 0;
    if (run[0] === '..' && isAbbreviation(piece.slice(0, -1), next)) return 1;
    return run[0].length;
  }
  const unit = NUMBER_UNIT.exec(piece);
  if (unit) return piece.length - unit[0].length;
  const last = piece[piece.length - 1];
  if (CLOSERS.has(last)) return 1;
  if (last === '-' && piece.length > 1) return 1;
  return 0;
}

/** Splits a piece that has no prefix or suffix left at inner marks, or returns null. */
function infixSplit(piece: string): number[] | null {
  const informal = INFORMAL[piece.toLowerCase()];
  if (informal?.length) return informal;
  const range = /^([\d:.,]+)-[\d:.,]+$/.exec(piece);
  if (range && isNumberRange(piece)) return [range[1].length, 1, piece.length - range[1].length - 1];
  // Inner runs of marks: word--word, word...word, word/word where a word is letters.
  const inner =
    /(?:-{2,}|\.{2,}|…|\(|\)|\[|\]|"|“|”|;|!|\?|,(?=\p{L})|(?<=\p{L}),|(?<=\p{L})\/(?=\p{L}{2})|(?<=\p{L}{2})\/(?=\p{L}))/u.exec(
      piece,
    );
  if (inner && inner.index > 0)
    return [inner.index, inner[0].length, piece.length - inner.index - inner[0].length].filter((n) => n > 0);
  if (inner && inner.index === 0) return [inner[0].length, piece.length - inner[0].length];
  // A hyphen between two words, unless the first is a bound prefix or both are numbers.
  const hyphen = /-/.exec(piece);
  if (hyphen && hyphen.index > 0 && hyphen.index < piece.length - 1) {
    const before = piece.slice(0, hyphen.index);
    const after = piece.slice(hyphen.index + 1);
    const bound = PREFIXES.has(before.toLowerCase());
    const numbers = /^\d+$/.test(before) && /^[\d-]+$/.test(after);
    if (!bound && !numbers && isWordChar(before[before.length - 1]) && isWordChar(after[0])) {
      return [before.length, 1, after.length];
    }
  }
  return null;
}

/**
 * The words of one piece of text without white space, as [start, end) offsets into it; `next` is
 * the text after the piece (a few characters are enough). Each step takes a word off the front or
 * the end, or splits the rest at an inner mark, so a piece of n characters takes at most n steps.
 */
function splitPiece(piece: string, next: string, depth = 0): [number, number][] {
  const front: [number, number][] = [];
  const back: [number, number][] = [];
  let a = 0;
  let b = piece.length;
  while (a < b) {
    const rest = piece.slice(a, b);
    const after = b === piece.length ? next : piece.slice(b);
    if (isWhole(rest, after)) {
      front.push([a, b]);
      break;
    }
    const p = prefixLength(rest);
    if (p > 0) {
      front.push([a, a + p]);
      a += p;
      continue;
    }
    const s = suffixLength(rest, after);
    if (s > 0 && s < rest.length) {
      back.push([b - s, b]);
      b -= s;
      continue;
    }
    const parts = depth < 8 ? infixSplit(rest) : null;
    if (parts) {
      let at = a;
      for (const length of parts) {
        for (const [x, y] of splitPiece(piece.slice(at, at + length), piece.slice(at + length) || next, depth + 1))
          front.push([at + x, at + y]);
        at += length;
      }
      break;
    }
    front.push([a, b]);
    break;
  }
  return front.concat(back.reverse());
}

// What cuts a piece before the rules read it: an emoji with its modifiers, variation selectors and
// joined emoji; a run of CJK characters and CJK punctuation; other pictographic symbols (♥).
const EMOJI = String.raw`\p{Extended_Pictographic}(?:\p{Emoji_Modifier}|\uFE0F|\u20E3|\u200D\p{Extended_Pictographic})*`;
const CJK = String.raw`[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}\u3000-\u303F\uFF00-\uFFEF]+`;
const SEPARATE_SOURCE = `${EMOJI}|${CJK}|[\\u2660-\\u2667]`;
const SEPARATE = new RegExp(SEPARATE_SOURCE, 'gu');
const SEPARATE_WHOLE = new RegExp(`^(?:${SEPARATE_SOURCE})$`, 'u');
// A piece too long for the rules is cut into runs of letters and digits and runs of one character.
const LONG_CUT = /[\p{L}\p{N}\p{M}]+|([^\p{L}\p{N}\p{M}])\1*/gu;

/**
 * The parts of a piece between spaces, as [start, end) offsets and whether the part is a word as
 * it is (an emoji, a CJK run, a cut of a too-long piece) rather than one for the rules to read.
 */
function parts(piece: string): [number, number, boolean][] {
  const cut: [number, number][] = [];
  let at = 0;
  for (const match of piece.matchAll(SEPARATE)) {
    if (match.index > at) cut.push([at, match.index]);
    cut.push([match.index, match.index + match[0].length]);
    at = match.index + match[0].length;
  }
  if (at < piece.length) cut.push([at, piece.length]);
  const out: [number, number, boolean][] = [];
  for (const [x, y] of cut) {
    const part = piece.slice(x, y);
    if (y - x > MAX_PIECE && !URL.test(part)) {
      for (const match of part.matchAll(LONG_CUT)) {
        const length = match[0].length;
        out.push([x + match.index, x + match.index + length, length > MAX_PIECE]);
      }
    } else out.push([x, y, cut.length > 1 && SEPARATE_WHOLE.test(part)]);
  }
  return out;
}

/** The words of a text (one sentence, or any span), with their offsets. Never throws. */
export function tokenize(text: string): Token[] {
  const spans: [number, number, boolean][] = [];
  for (const match of text.matchAll(/[^\s\p{Cc}]+/gu)) {
    const start = match.index;
    const piece = match[0];
    const cut = parts(piece);
    for (const [i, [x, y, whole]] of cut.entries()) {
      const sub = piece.slice(x, y);
      const next = i + 1 < cut.length ? piece.slice(y, y + 8) : text.slice(start + y, start + y + 8);
      for (const [u, v] of whole ? [[0, sub.length] as [number, number]] : splitPiece(sub, next))
        spans.push([start + x + u, start + x + v, false]);
    }
  }
  endStop(text, spans);
  const tokens: Token[] = [];
  for (const [i, [start, end]] of spans.entries()) {
    const form = text.slice(start, end);
    const next = spans[i + 1];
    // "its" before a word that cannot follow the possessive: EWT's "it s".
    if (/^its$/i.test(form) && next && AFTER_IT_IS.has(text.slice(next[0], next[1]).toLowerCase())) {
      tokens.push({ form: form.slice(0, 2), start, end: start + 2, spaceAfter: false });
      tokens.push({ form: form.slice(2), start: start + 2, end, spaceAfter: next[0] > end });
      continue;
    }
    // "Lets go" opening a sentence is "let's" without its apostrophe (EWT: "Let s"); within one,
    // "lets" is the verb (the boss lets them leave).
    const previous = tokens[tokens.length - 1];
    if (/^lets$/i.test(form) && (!previous || OPENERS.has(previous.form))) {
      tokens.push({ form: form.slice(0, 3), start, end: start + 3, spaceAfter: false });
      tokens.push({ form: form.slice(3), start: start + 3, end, spaceAfter: next ? next[0] > end : end < text.length });
      continue;
    }
    tokens.push({ form, start, end, spaceAfter: next ? next[0] > end : end < text.length });
  }
  return tokens;
}

/** At the very end of the text an abbreviation's full stop is the sentence's (etc. → etc .). */
function endStop(text: string, spans: [number, number, boolean][]) {
  const last = spans[spans.length - 1];
  if (!last || text.slice(last[1]).trim() !== '') return;
  const form = text.slice(last[0], last[1]);
  if (form.length > 1 && /[A-Za-z]\.$/.test(form) && !URL.test(form)) {
    spans.splice(spans.length - 1, 1, [last[0], last[1] - 1, false], [last[1] - 1, last[1], false]);
  }
}
