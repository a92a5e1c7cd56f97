/*
 * Raw English text to words as UD English EWT tokenizes them, so that the tagger and the parser
 * see what they were trained on. Rules, not a model; measured against the treebank's dev and test
 * text in bench/parser-quality.ts.
 *
 * EWT's conventions, as its words show them:
 *  - punctuation, quotes and brackets are words of their own; a run of the same marks is one word
 *    ("...", "!!!", "?!", "--", "***");
 *  - the clitics n't 's 're 'll 've 'd 'm (straight or curly) are split off ("don't" → do n't,
 *    "can't" → ca n't, "company's" → company 's), "cannot" → can not, "gonna" → gon na, and the
 *    same without apostrophes in informal writing ("dont" → do nt, "im" → i m);
 *  - a hyphenated compound of two words is three words ("15-year" → 15 - year, "self-driven" →
 *    self - driven), while a word with a bound prefix stays whole (e-mail, non-profit, re-read,
 *    co-workers, mid-August), as do numbers joined by hyphens (phone numbers, 4-12);
 *  - URLs, e-mail addresses, file and domain names, numbers (3.30, 200,000, 5:00, 11/28/2000),
 *    dotted abbreviations (U.S., p.m., e.g.), titles and other known abbreviations with their full
 *    stop (Mr., Dr., Inc., Sept.), single initials (W.) and emoticons (:) ;-) ^_^) stay whole.
 * Sentence splitting is lib/text/sentences.ts's; this works on one sentence or any span of text.
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

// Abbreviations that are also words: only before a number (No. 5, Vol. 2, Sat. 12).
const BEFORE_NUMBER = new Set(['no', 'vol', 'sat', 'sun', 'wed', 'ch', 'sec', 'fig', 'art', 'op', 'ed']);

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
// A run of one kind of mark, or of stops, question and exclamation marks: one word.
const MARK_RUN = /^(?:[.!?…]+|-{2,}|\*+|=+|_+|\++|~+|#{2,}|>{2,}|<{2,}|`{2}|'{2}|’{2}|‘{2}|,{2,}|\/{2,}|\|+)$/;

const OPENERS = new Set(['(', '[', '{', '<', '"', '“', '‘', '«', '`', "'", '*', '$', '£', '€', '¥', '~', '¿', '¡', '|', '-', '=', '/']);
const CLOSERS = new Set([')', ']', '}', '>', '"', '”', '’', '»', "'", ',', ';', ':', '!', '?', '.', '%', '*', '…', '|', '/', '=']);
// Runs of marks split off the front or the end of a word as one word.
const FRONT_RUN = /^(?:\.{2,}|-{2,}|…+|`{2}|'{2}|‘[‘’]|’’|\*+|<{2,}|>{2,}|={2,})/;
const END_RUN = /(?:[.!?…]+|-{2,}|\*+|''|’’|‘’|,+|<{2,}|>{2,}|={2,})$/;
// A number with a unit or an hour written on (55k, 8M, 11AM, 7:00PM, 80Hz): two words; not 1st, 90s.
const NUMBER_UNIT = /^(\d[\d.,:]*)([A-Za-z]+)$/;
const ORDINAL = /^(?:st|nd|rd|th|s|d)$/i;

/** Where a piece stands: whether it is the text's last (before closing marks), and what follows it. */
interface Context {
  final: boolean;
  next: string;
}

const isWordChar = (ch: string | undefined) => ch !== undefined && /[\p{L}\p{N}]/u.test(ch);

/** Whether the whole piece is one word whatever it holds. */
function isWhole(piece: string): boolean {
  if (piece.length <= 1) return true;
  if (EMOTICONS.has(piece) || MARK_RUN.test(piece)) return true;
  if (URL.test(piece) || EMAIL.test(piece) || NUMBER.test(piece)) return true;
  if (FILE_SUFFIX.test(piece)) return true;
  if (piece.endsWith('.') && isAbbreviation(piece)) return true;
  if (DOTTED.test(piece)) return true;
  if (DOMAIN.test(piece) && !/^\d+\.\d+$/.test(piece)) return true;
  return false;
}

function isAbbreviation(piece: string): boolean {
  const bare = piece.slice(0, -1);
  if (ABBREVIATIONS.has(bare.toLowerCase()) && /^[A-Za-z]+$/.test(bare)) return true;
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
  const run = /^(?:\.{2,}|-{2,}|…+|`{2}|'{2}|‘{2}|\*+)/.exec(piece);
  if (run && run[0].length < piece.length) return run[0].length;
  if (OPENERS.has(first)) {
    // "+44" and "-2" are numbers; "$5" is two words ($ 5), as in EWT.
    return 1;
  }
  if (first === '-' && /^-[\p{L}]/u.test(piece) === false && !NUMBER.test(piece)) return 1;
  return 0;
}

/** Length of the word to split off the end of the piece, or 0. */
function suffixLength(piece: string): number {
  const clitic = CLITIC.exec(piece);
  if (clitic && clitic.index > 0 && /\p{L}/u.test(piece[clitic.index - 1])) return clitic[0].length;
  const emoticon = emoticonSuffix(piece);
  if (emoticon) return emoticon;
  const run = /(?:[.!?…]+|-{2,}|\*+|''|’’|,+)$/.exec(piece);
  if (run && run.index > 0) {
    // A full stop that belongs to an abbreviation stays ("Inc.", "U.S."), and so does the stop
    // of a dotted abbreviation before a sentence's end mark.
    if (run[0] === '.' && isAbbreviation(piece)) return 0;
    return run[0].length;
  }
  const last = piece[piece.length - 1];
  if (CLOSERS.has(last)) return 1;
  if (last === '-' && piece.length > 1) return 1;
  return 0;
}

/** Splits a piece that has no prefix or suffix left at inner marks, or returns null. */
function infixSplit(piece: string): number[] | null {
  const informal = INFORMAL[piece.toLowerCase()];
  if (informal?.length) return informal;
  // Inner runs of marks: word--word, word...word, word/word where a word is letters.
  const inner = /(?:-{2,}|\.{2,}|…|\(|\)|\[|\]|"|“|”|;|!|\?|,(?=\p{L})|(?<=\p{L}),|(?<=\p{L})\/(?=\p{L}{2})|(?<=\p{L}{2})\/(?=\p{L}))/u.exec(
    piece,
  );
  if (inner && inner.index > 0) return [inner.index, inner[0].length, piece.length - inner.index - inner[0].length].filter((n) => n > 0);
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

/** The words of one piece of text without white space, as [start, end) offsets into it. */
function splitPiece(piece: string, depth = 0): [number, number][] {
  const front: [number, number][] = [];
  const back: [number, number][] = [];
  let a = 0;
  let b = piece.length;
  while (a < b) {
    const rest = piece.slice(a, b);
    if (isWhole(rest)) {
      front.push([a, b]);
      a = b;
      break;
    }
    const p = prefixLength(rest);
    if (p > 0) {
      front.push([a, a + p]);
      a += p;
      continue;
    }
    const s = suffixLength(rest);
    if (s > 0 && s < rest.length) {
      back.unshift([b - s, b]);
      b -= s;
      continue;
    }
    const parts = depth < 8 ? infixSplit(rest) : null;
    if (parts) {
      let at = a;
      for (const length of parts) {
        for (const [x, y] of splitPiece(piece.slice(at, at + length), depth + 1)) front.push([at + x, at + y]);
        at += length;
      }
      a = b;
      break;
    }
    front.push([a, b]);
    a = b;
  }
  return [...front, ...back];
}

/** The words of a text (one sentence, or any span), with their offsets. */
export function tokenize(text: string): Token[] {
  const tokens: Token[] = [];
  for (const match of text.matchAll(/\S+/gu)) {
    const start = match.index;
    const spans = splitPiece(match[0]);
    for (const [i, [x, y]] of spans.entries()) {
      const end = start + y;
      tokens.push({
        form: match[0].slice(x, y),
        start: start + x,
        end,
        spaceAfter: i === spans.length - 1 ? end < text.length : false,
      });
    }
  }
  return tokens;
}
