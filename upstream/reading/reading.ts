import { sql, type Selectable } from 'kysely';
import type { ContentCategory, ContentFileId, DocumentSentence, DocumentSummary, ReadableDocument } from '../../lib/contract';
import type { Db } from '../db/database';
import { inCodePointOrder } from '../db/dialect';
import type { DocumentsTable } from '../db/schema';
import { chaptersOf } from './chapters';
import { levelLabel } from './profile';

/*
 * The library as the reading screens see it: a category's sub-categories, paged lists of
 * documents, and a whole document by paragraphs and sentences. Read-only.
 */

// A teaser is the first sentence of some length among the opening ones (a book opens with
// "CHAPTER I."), cut to a line or two.
const excerptSearch = 20;
const excerptMinWords = 6;
const excerptMaxChars = 200;

export type ListingOrder = 'level' | 'newest';

export interface ListingQuery {
  category: ContentCategory;
  /** '' for the documents filed under no sub-category; absent for all of the category. */
  sub_category?: string;
  page: number;
  page_size: number;
  order: ListingOrder;
}

type DocumentRow = Omit<Selectable<DocumentsTable>, 'text'>;

export function createReadingShelf({ db }: { db: Db }) {
  // Everything but the text, which only the reader needs.
  const summaryColumns = [
    'id',
    'category',
    'sub_category',
    'filename',
    'title',
    'year',
    'source',
    'licence',
    'created_at',
    'word_count',
    'level',
    'lemma_count',
    'exam_zk',
    'exam_gk',
    'exam_cet4',
    'exam_cet6',
    'exam_ky',
    'exam_ielts',
    'paragraph_starts',
  ] as const;

  async function excerpts(ids: number[]): Promise<Map<number, string>> {
    if (!ids.length) return new Map();
    const rows = await db
      .selectFrom('sentences')
      .select(['document_id', 'text', 'word_count'])
      .where('document_id', 'in', ids)
      .where('position', '<', excerptSearch)
      .orderBy('document_id')
      .orderBy('position')
      .execute();
    const first = new Map<number, string>();
    const chosen = new Map<number, string>();
    for (const row of rows) {
      if (!first.has(row.document_id)) first.set(row.document_id, row.text);
      if (!chosen.has(row.document_id) && row.word_count >= excerptMinWords) chosen.set(row.document_id, row.text);
    }
    return new Map(ids.map((id) => [id, shorten(chosen.get(id) ?? first.get(id) ?? '')]));
  }

  async function summaries(rows: DocumentRow[]): Promise<DocumentSummary[]> {
    const teasers = await excerpts(rows.map((r) => r.id));
    return rows.map((row) => summaryOf(row, teasers.get(row.id) ?? ''));
  }

  /** A category's sub-categories with their document counts, in code-point order. */
  async function subcategories(category: ContentCategory) {
    const rows = await db
      .selectFrom('documents')
      .select(['sub_category', (eb) => eb.fn.countAll<number>().as('documents')])
      .where('category', '=', category)
      .groupBy('sub_category')
      .orderBy(inCodePointOrder(db, 'sub_category'))
      .execute();
    return {
      category,
      sub_categories: rows
        .filter((r) => r.sub_category !== '')
        .map((r) => ({ sub_category: r.sub_category, documents: Number(r.documents) })),
      without_sub_category: Number(rows.find((r) => r.sub_category === '')?.documents ?? 0),
    };
  }

  /** One page of a category's documents, in an order that never swaps equal keys between pages. */
  async function listing(query: ListingQuery) {
    let filtered = db.selectFrom('documents').where('category', '=', query.category);
    if (query.sub_category !== undefined) filtered = filtered.where('sub_category', '=', query.sub_category);
    const { total } = await filtered.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow();
    let ordered = filtered.select(summaryColumns);
    ordered =
      query.order === 'newest'
        ? ordered.orderBy('created_at', 'desc').orderBy('id', 'desc')
        : ordered
            // Documents not profiled yet (only until the start that fills them in) come last.
            .orderBy(sql`coalesce(level, 99)`)
            .orderBy(inCodePointOrder(db, 'title'))
            .orderBy('id');
    const rows = await ordered
      .limit(query.page_size)
      .offset((query.page - 1) * query.page_size)
      .execute();
    return { documents: await summaries(rows), total: Number(total), page: query.page, page_size: query.page_size };
  }

  /**
   * The newest documents of the whole library, newest first: reading for the portal, so exam
   * papers (category paper) are left out; they are studied with their questions in the 真题 books.
   */
  async function recent(limit: number): Promise<DocumentSummary[]> {
    const rows = await db
      .selectFrom('documents')
      .select(summaryColumns)
      .where('category', '!=', 'paper')
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(limit)
      .execute();
    return summaries(rows);
  }

  /** A document's chapters; undefined when there is no document by that identity. */
  async function chapters(file: ContentFileId) {
    const document = await read(file);
    if (!document) return undefined;
    const { category, sub_category, filename, title, paragraphs } = document;
    return { category, sub_category, filename, title, chapters: chaptersOf(paragraphs) };
  }

  /** A whole document by paragraphs of sentences; undefined when there is none by that identity. */
  async function read(file: ContentFileId): Promise<ReadableDocument | undefined> {
    const row = await db
      .selectFrom('documents')
      .select(summaryColumns)
      .where('category', '=', file.category)
      .where('sub_category', '=', file.sub_category ?? '')
      .where('filename', '=', file.filename)
      .executeTakeFirst();
    return row && whole(row);
  }

  /**
   * The document named `filename` in any of `categories` (any sub-category); of namesakes the
   * first imported (lowest id), so that an address keeps its document when another comes in.
   */
  /** The documents a reading page may show: this name in these categories, the first imported first. */
  function named(filename: string, categories: readonly ContentCategory[]) {
    return db
      .selectFrom('documents')
      .where('filename', '=', filename)
      .where('category', 'in', [...categories])
      .orderBy('id')
      .limit(1);
  }

  async function find(filename: string, categories: readonly ContentCategory[]): Promise<ReadableDocument | undefined> {
    if (!categories.length) return undefined;
    const row = await named(filename, categories).select(summaryColumns).executeTakeFirst();
    return row && whole(row);
  }

  /** Whether `find` would find one, without reading its text. */
  async function has(filename: string, categories: readonly ContentCategory[]): Promise<boolean> {
    if (!categories.length) return false;
    return (await named(filename, categories).select('id').executeTakeFirst()) !== undefined;
  }

  async function whole(row: DocumentRow): Promise<ReadableDocument> {
    const sentences = await db
      .selectFrom('sentences')
      .select(['id', 'text', 'word_count'])
      .where('document_id', '=', row.id)
      .orderBy('position')
      .execute();
    const [summary] = await summaries([row]);
    return { ...summary, paragraphs: byParagraph(sentences, row.paragraph_starts) };
  }

  return { subcategories, listing, recent, read, find, has, chapters };
}

export type ReadingShelf = ReturnType<typeof createReadingShelf>;

function summaryOf(row: DocumentRow, excerpt: string): DocumentSummary {
  return {
    category: row.category as ContentCategory,
    sub_category: row.sub_category || null,
    filename: row.filename,
    title: row.title,
    year: row.year,
    source: row.source,
    licence: row.licence,
    level: row.level ?? 0,
    level_label: row.level === null ? '' : levelLabel(row.level),
    word_count: row.word_count ?? 0,
    profile: {
      zk: row.exam_zk ?? 0,
      gk: row.exam_gk ?? 0,
      cet4: row.exam_cet4 ?? 0,
      cet6: row.exam_cet6 ?? 0,
      ky: row.exam_ky ?? 0,
      ielts: row.exam_ielts ?? 0,
    },
    excerpt,
    created_at: row.created_at,
  };
}

/** Splits the sentences (in order) where the stored paragraph starts say; one paragraph without them. */
export function byParagraph(sentences: { id: number; text: string }[], startsJson: string | null): DocumentSentence[][] {
  const starts = new Set<number>(startsJson ? (JSON.parse(startsJson) as number[]) : [0]);
  const paragraphs: DocumentSentence[][] = [];
  for (const [position, { id, text }] of sentences.entries()) {
    if (starts.has(position) || !paragraphs.length) paragraphs.push([]);
    paragraphs[paragraphs.length - 1].push({ id, text });
  }
  return paragraphs;
}

function shorten(text: string): string {
  if (text.length <= excerptMaxChars) return text;
  // Cut at a space, so no word is broken, and say that it goes on.
  const cut = text.slice(0, excerptMaxChars);
  const space = cut.lastIndexOf(' ');
  return `${(space > excerptMaxChars / 2 ? cut.slice(0, space) : cut).trimEnd()}…`;
}
