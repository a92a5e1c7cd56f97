import Database from 'better-sqlite3';
import { sql } from 'kysely';
import type { Db } from '../db/database';
import { defaultEcdictPath } from '../dictionary/ecdict';
import { writtenForYujing } from '../reading/seed';
import { headingParagraphs } from '../reading/text';
import type { QuestionType } from '../../lib/contract';

/*
 * What the course books are built from: ECDICT's listed words (read once per process, it never
 * changes) and a snapshot of the content library with the papers' questions (read again when the
 * library changes, which `librarySignature` tells).
 */

/** A word some list names: an exam tag, or the Oxford 3000. */
export interface ListedWord {
  word: string;
  phonetic: string;
  translation: string;
  exchange: string;
  tags: string[];
  /** COCA rank, else BNC rank; 0 unknown. */
  rank: number;
  oxford: boolean;
}

/** Every ECDICT row with an exam tag or in the Oxford 3000 (about 15,000; one query). */
export function loadListedWords(path: string = defaultEcdictPath()): ListedWord[] {
  const db = new Database(path, { readonly: true, fileMustExist: true });
  try {
    type Row = {
      word: string;
      phonetic: string | null;
      translation: string | null;
      exchange: string | null;
      tag: string | null;
      frq: number | null;
      bnc: number | null;
      oxford: number | null;
    };
    const rows = db
      .prepare<[], Row>(
        "SELECT word, phonetic, translation, exchange, tag, frq, bnc, oxford FROM stardict WHERE (tag IS NOT NULL AND tag != '') OR oxford = 1",
      )
      .all();
    return rows.map((r) => ({
      word: r.word,
      phonetic: r.phonetic ?? '',
      translation: r.translation ?? '',
      exchange: r.exchange ?? '',
      tags: (r.tag ?? '').split(/\s+/).filter(Boolean),
      rank: r.frq || r.bnc || 0,
      oxford: r.oxford === 1,
    }));
  } finally {
    db.close();
  }
}

let listed: ListedWord[] | undefined;
/** The listed words, shared by every app in the process (the tests start many). */
export const sharedListedWords = (): ListedWord[] => (listed ??= loadListedWords());

export interface LibraryDocument {
  id: number;
  category: string;
  /** '' when none. */
  sub_category: string;
  filename: string;
  title: string;
  year: number | null;
  level: number;
  word_count: number;
  /** Positions of the sentences that open a paragraph. */
  paragraphStarts: number[];
  /** Written for Yujing (a paper so marked is 模拟, any other 真题). */
  ours: boolean;
  /** A paper's paragraphs that open its sections (its `## ` headings); empty for other documents. */
  sectionParagraphs: number[];
}

export interface LibrarySentence {
  id: number;
  document_id: number;
  position: number;
  text: string;
  word_count: number;
  /** The sentence's index forms with their occurrences. */
  forms: [string, number][];
}

export interface StoredQuestion {
  number: number;
  /** The paper's section (its heading from 1); 0 when the paper has none. */
  section: number;
  type: QuestionType;
  stem: string;
  options: { key: string; text: string }[];
  answer: string;
  evidence: string;
  explanation: string;
}

export interface LibrarySnapshot {
  documents: LibraryDocument[];
  /** By document, in position order. */
  sentences: Map<number, LibrarySentence[]>;
  /** By paper identity (`category/sub_category/filename`), in number order. */
  questions: Map<string, StoredQuestion[]>;
}

export const identityKey = (d: { category: string; sub_category: string; filename: string }) =>
  `${d.category}/${d.sub_category}/${d.filename}`;

/**
 * News (read from feeds every hour, and copyrighted) is no part of any book: the books are built
 * from the rest of the library, and a feed's new items do not make every instance build them again.
 */
const notInBooks = 'news';

/**
 * A fingerprint of what the books are built from: it changes when a document is imported,
 * replaced or removed, or questions are imported. One small query, asked on every call, so that
 * every instance sees an import at once.
 */
export async function librarySignature(db: Db): Promise<string> {
  const { rows } = await sql<{ docs: number; last: number; questions: number; weight: number }>`
    select
      (select count(*) from documents where category <> ${notInBooks}) as docs,
      (select coalesce(max(id), 0) from documents where category <> ${notInBooks}) as last,
      (select count(*) from exam_questions) as questions,
      (select coalesce(sum(length(stem) + length(answer) + length(explanation) + number), 0) from exam_questions) as weight
  `.execute(db);
  const r = rows[0];
  return `${r.docs}:${r.last}:${r.questions}:${r.weight}`;
}

/** The whole library as the books need it. */
export async function loadLibrary(db: Db): Promise<LibrarySnapshot> {
  const [docs, paperTexts, sentences, words, questions] = await Promise.all([
    db
      .selectFrom('documents')
      .select([
        'id',
        'category',
        'sub_category',
        'filename',
        'title',
        'year',
        'level',
        'word_count',
        'paragraph_starts',
        'source',
      ])
      .where('category', '<>', notInBooks)
      .orderBy('id')
      .execute(),
    // Papers' texts, for their sections (a few dozen short texts).
    db.selectFrom('documents').select(['id', 'text']).where('category', '=', 'paper').execute(),
    db
      .selectFrom('sentences as s')
      .innerJoin('documents as d', 'd.id', 's.document_id')
      .select(['s.id', 's.document_id', 's.position', 's.text', 's.word_count'])
      .where('d.category', '<>', notInBooks)
      .orderBy('s.id')
      .execute(),
    db
      .selectFrom('sentence_words as w')
      .innerJoin('sentences as s', 's.id', 'w.sentence_id')
      .innerJoin('documents as d', 'd.id', 's.document_id')
      .select(['w.sentence_id', 'w.word', 'w.occurrences'])
      .where('d.category', '<>', notInBooks)
      .execute(),
    db.selectFrom('exam_questions').selectAll().orderBy('number').execute(),
  ]);
  const formsOf = new Map<number, [string, number][]>();
  for (const w of words) {
    let list = formsOf.get(w.sentence_id);
    if (!list) formsOf.set(w.sentence_id, (list = []));
    list.push([w.word, w.occurrences]);
  }
  const byDocument = new Map<number, LibrarySentence[]>();
  for (const s of sentences) {
    let list = byDocument.get(s.document_id);
    if (!list) byDocument.set(s.document_id, (list = []));
    list.push({ ...s, forms: formsOf.get(s.id) ?? [] });
  }
  for (const list of byDocument.values()) list.sort((a, b) => a.position - b.position);
  const byPaper = new Map<string, StoredQuestion[]>();
  for (const q of questions) {
    const key = identityKey(q);
    let list = byPaper.get(key);
    if (!list) byPaper.set(key, (list = []));
    list.push({
      number: q.number,
      section: q.section,
      type: q.kind,
      stem: q.stem,
      options: JSON.parse(q.options) as StoredQuestion['options'],
      answer: q.answer,
      evidence: q.evidence,
      explanation: q.explanation,
    });
  }
  const sectionsOf = new Map(paperTexts.map((p) => [p.id, headingParagraphs(p.text)]));
  return {
    documents: docs.map((d) => ({
      id: d.id,
      category: d.category,
      sub_category: d.sub_category,
      filename: d.filename,
      title: d.title,
      year: d.year,
      level: d.level ?? 1,
      word_count: d.word_count ?? 0,
      paragraphStarts: d.paragraph_starts ? (JSON.parse(d.paragraph_starts) as number[]) : [0],
      ours: d.source === writtenForYujing,
      sectionParagraphs: sectionsOf.get(d.id) ?? [],
    })),
    sentences: byDocument,
    questions: byPaper,
  };
}
