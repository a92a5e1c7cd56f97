import { z } from 'zod';
import { contentCategories } from '../categories';
import { def, num, obj, str } from '../define';
import { envelope } from '../envelope';

/**
 * Reading content: documents by category (addressed as ../content.ts says), their listings, and
 * the answers of exam papers (documents of category `paper`).
 */
const fileId = { category: str, sub_category: str.optional(), filename: str };

/** Reading lists are paged: at most this many documents a page. */
export const maxReadingPageSize = 100;
export const defaultReadingPageSize = 20;

/** A whole number, as JSON sends it or as a query string or a route segment spells it ("2"). */
export const wholeNumber = z
  .union([
    z.number(),
    z
      .string()
      .regex(/^\d{1,9}$/, '应为整数')
      .transform(Number),
  ])
  .pipe(z.number().int());

/** How many words of the text each exam lists (distinct lemmas): 中考, 高考, CET-4, CET-6, 考研, IELTS. */
export const examProfile = obj({ zk: num, gk: num, cet4: num, cet6: num, ky: num, ielts: num });
export type ExamProfile = z.infer<typeof examProfile>;

/** A document as a reading list shows it. */
export const documentSummary = obj({
  category: z.enum(contentCategories),
  /** null when the document has none. */
  sub_category: str.nullable(),
  filename: str,
  title: str,
  year: num.nullable(),
  source: str,
  licence: str,
  /** Difficulty 1–5; level_label names it (入门 初级 中级 中高级 高级). */
  level: num,
  level_label: str,
  word_count: num,
  profile: examProfile,
  /** The opening sentence (the first of some length), for a list's teaser and a description. */
  excerpt: str,
  /** When it was imported (ISO 8601). */
  created_at: str,
});
export type DocumentSummary = z.infer<typeof documentSummary>;

/** One sentence of a document: its id is the library's, for looking words up in it. */
export const documentSentence = obj({ id: num, text: str });
export type DocumentSentence = z.infer<typeof documentSentence>;

/** A whole document for reading: its summary, and its paragraphs as lists of sentences. */
export const readableDocument = documentSummary.extend({ paragraphs: z.array(z.array(documentSentence)) });
export type ReadableDocument = z.infer<typeof readableDocument>;

/** The longest file name a document may have: a reading page naming a longer one names none. */
export const documentNameMax = 200;

/** A reading page's question: this file name, in these categories (lib/routes/article-routes.ts). */
const documentQuery = obj({
  filename: str.min(1).max(documentNameMax),
  categories: z.array(z.enum(contentCategories)).min(1).max(contentCategories.length),
});

export const readingCalls = {
  /** The whole document; 404 when there is none by that identity. */
  retrieve_file: def('retrieve_file', { method: 'GET', request: obj(fileId), response: envelope(readableDocument) }),
  /** A category's sub-categories with their document counts, in code-point order. */
  query_subcategory: def('query_subcategory', {
    request: obj({ category: z.enum(contentCategories) }),
    response: envelope(
      obj({
        category: str,
        sub_categories: z.array(obj({ sub_category: str, documents: num })),
        /** Documents of the category filed under no sub-category. */
        without_sub_category: num,
      }),
    ),
  }),
  /**
   * A page of a category's documents (of one sub-category when given; '' names those without).
   * Order `level` (the default): easiest first, then title, then import order; `newest`: last
   * imported first. Equal keys never swap between pages: the document's id breaks every tie.
   */
  query_filenames: def('query_filenames', {
    request: obj({
      category: z.enum(contentCategories),
      sub_category: str.max(200).optional(),
      page: wholeNumber.pipe(z.number().min(1)).optional(),
      page_size: wholeNumber.pipe(z.number().min(1).max(maxReadingPageSize)).optional(),
      order: z.enum(['level', 'newest']).optional(),
    }),
    response: envelope(obj({ documents: z.array(documentSummary), total: num, page: num, page_size: num })),
  }),
  /** The newest documents across categories but exam papers (the portal's picks), newest first. */
  query_recent_documents: def('query_recent_documents', {
    request: obj({ limit: wholeNumber.pipe(z.number().min(1).max(maxReadingPageSize)).optional() }),
    response: envelope(obj({ documents: z.array(documentSummary) })),
  }),
  /**
   * A book's chapters, told from its headings ("CHAPTER I. Down the Rabbit-Hole"): each with the
   * index of its heading's paragraph in retrieve_file's paragraphs. [] for a text without any.
   */
  query_chapters: def('query_chapters', {
    request: obj({ category: str, sub_category: str.optional(), filename: str }),
    response: envelope(
      obj({
        category: z.enum(contentCategories),
        sub_category: str.nullable(),
        filename: str,
        title: str,
        chapters: z.array(obj({ number: num, title: str, paragraph: num, sentence_id: num })),
      }),
    ),
  }),
  /**
   * A reading page's document: the URL names only the file, the page the categories it reads
   * (lib/routes/article-routes.ts). When several documents of those categories share the name,
   * the one imported first wins (the lowest id), so a page's address keeps showing what it showed
   * when a later import brings a namesake. 404 when there is none.
   */
  find_document: def('find_document', {
    request: documentQuery,
    response: envelope(readableDocument),
  }),
  /**
   * Whether find_document would find a document, without its text: the site's proxy asks it so
   * that a reading page of an unknown name answers the server-rendered 404. 404 when there is none.
   */
  has_document: def('has_document', {
    request: documentQuery,
    response: envelope(obj({ filename: str })),
  }),
} as const;

/**
 * The content call: `POST /api/{category}/{sub_category}/{filename}` (see ../content.ts). It is
 * addressed by the document rather than by a name, so it stands outside the table of calls. It
 * answers what retrieve_file answers.
 */
export const contentCall = {
  name: 'content',
  method: 'POST',
  kind: 'json',
  request: obj({}),
  response: envelope(readableDocument),
} as const;
