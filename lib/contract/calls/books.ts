import { z } from 'zod';
import { contentCategories } from '../categories';
import { def, num, obj, str } from '../define';
import { envelope } from '../envelope';
import { documentSentence, examProfile, wholeNumber } from './reading';

/**
 * Personal books and the bookshelf: a learner uploads a text, Markdown, EPUB or PDF file and
 * gets a book of their own (make_book), reads it chapter by chapter (get_book), and keeps it,
 * library documents and course books on a shelf (add_to_bookshelf, query_bookshelf,
 * remove_from_bookshelf). A personal book is its owner's only: it is never listed, indexed or
 * shown to anyone else.
 */

/** What an upload may be: its largest size and the kinds of file read. */
export const bookUpload = {
  maxBytes: 10 * 1024 * 1024,
  /** File name endings and what they are read as. */
  formats: { txt: 'txt', text: 'txt', md: 'md', markdown: 'md', epub: 'epub', pdf: 'pdf' } as Record<string, BookFormat>,
  accept: '.txt,.md,.markdown,.epub,.pdf,text/plain,text/markdown,application/epub+zip,application/pdf',
  maxTitle: 200,
  /** Personal books a user may keep. */
  maxBooks: 50,
  /**
   * Chapters a book has at most: a file with more headings has its shortest chapters joined
   * with their neighbours (and headings with no text under them folded into the next chapter).
   */
  maxChapters: 500,
  /** Chapters get_book lists at a time (one page of the table of contents). */
  chaptersPerPage: 50,
} as const;
export const bookFormats = ['txt', 'md', 'epub', 'pdf'] as const;
export type BookFormat = (typeof bookFormats)[number];

/** The reader's level the unknown words are measured against: 1 中考 … 5 考研/雅思 (profile levels). */
export const defaultReaderLevel = 3;

// A form's file: what the browser attaches (a File) and what the upstream's form parser makes of it.
const uploadedFile = z.custom<File>((value) => typeof File !== 'undefined' && value instanceof File, '请选择要上传的文件');

/** make_book's options, sent as one JSON form field. */
export const bookOptions = obj({
  /** The reader's level: words above it that the reader has not marked 熟词 are the book's unknown words. */
  level: z.number().int().min(1).max(5).optional(),
});
export type BookOptions = z.infer<typeof bookOptions>;

const optionsField = z
  .string()
  .max(2_000)
  .transform((text, ctx) => {
    try {
      return JSON.parse(text) as unknown;
    } catch {
      ctx.addIssue({ code: 'custom', message: 'options 应为 JSON' });
      return z.NEVER;
    }
  })
  .pipe(bookOptions);

/** One chapter of a book, in reading order; a long one is read in pages (get_book's `page`). */
export const bookChapter = obj({ number: num, title: str, sentences: num, word_count: num, pages: num });
export type BookChapter = z.infer<typeof bookChapter>;

/** A personal book as the shelf and its reader show it. */
export const bookSummary = obj({
  book_id: num,
  title: str,
  format: z.enum(bookFormats),
  file_name: str,
  word_count: num,
  lemma_count: num,
  level: num,
  level_label: str,
  profile: examProfile,
  reader_level: num,
  chapter_count: num,
  sentence_count: num,
  created_at: str,
});
export type BookSummary = z.infer<typeof bookSummary>;

/** One of the book's unknown words: how often it occurs and its word level (1–6, 6 beyond every exam). */
export const unknownWord = obj({ lemma: str, occurrences: num, level: num, strange: z.union([z.literal(1), z.null()]) });
export type UnknownWord = z.infer<typeof unknownWord>;

/**
 * A personal book with one page of its table of contents, one page of one chapter's text, and its
 * unknown words. Every part is bounded, whatever the book: at most `bookUpload.chaptersPerPage`
 * chapters listed, and a chapter's text a page (about 20,000 characters) at a time.
 */
export const readableBook = bookSummary.extend({
  /** The chapters of the table of contents' page `contents.page` (of `contents.pages`). */
  chapters: z.array(bookChapter),
  contents: obj({ page: num, pages: num, per_page: num }),
  /** The chapter's page `page` of `pages`: its paragraphs of sentences (a paragraph may go on over the page's end). */
  chapter: obj({ number: num, title: str, page: num, pages: num, paragraphs: z.array(z.array(documentSentence)) }),
  unknown_words: obj({ total: num, items: z.array(unknownWord) }),
});
export type ReadableBook = z.infer<typeof readableBook>;

export const shelfKinds = ['book', 'document', 'course'] as const;
export type ShelfKind = (typeof shelfKinds)[number];

/** One item of the bookshelf: a personal book, a library document or a course book. */
export const shelfItem = obj({
  kind: z.enum(shelfKinds),
  /** The book's id, the document's "category/sub_category/filename", or the course book's id. */
  ref: str,
  title: str,
  added_at: str,
  /** Personal books only. */
  book: bookSummary.optional(),
  /** Library documents only: where the document is. */
  document: obj({ category: z.enum(contentCategories), sub_category: str.nullable(), filename: str }).optional(),
});
export type ShelfItem = z.infer<typeof shelfItem>;

const shelfRef = obj({ kind: z.enum(shelfKinds), ref: str.min(1).max(700) });

export const booksCalls = {
  /** Makes a personal book from an uploaded file and puts it on the shelf. Logged-in only. */
  make_book: def('make_book', {
    kind: 'multipart',
    request: obj({
      title: str.trim().max(bookUpload.maxTitle, `书名最长 ${bookUpload.maxTitle} 个字符`).optional(),
      options: optionsField.optional(),
      file: uploadedFile,
    }),
    response: envelope(bookSummary.extend({ unknown_words: num })),
  }),
  /**
   * A personal book, to its owner only (404 to anyone else): one page of one chapter's paragraphs
   * of sentences (the chapter's first page, and the book's first chapter, when none is named), a
   * page of its table of contents (`contents_page`; by default the page that lists the chapter)
   * and its unknown words (the 100 most frequent, and how many there are). A chapter or a page
   * the book lacks answers 404.
   */
  get_book: def('get_book', {
    method: 'GET',
    request: obj({
      book_id: wholeNumber.pipe(z.number().min(1)),
      chapter: wholeNumber.pipe(z.number().min(1)).optional(),
      page: wholeNumber.pipe(z.number().min(1)).optional(),
      contents_page: wholeNumber.pipe(z.number().min(1)).optional(),
    }),
    response: envelope(readableBook),
  }),
  /**
   * Puts a library document (category, sub_category, filename) or a course book (its id, as the
   * course screens name it, with a title) on the shelf. Putting it there again changes nothing.
   */
  add_to_bookshelf: def('add_to_bookshelf', {
    request: obj({
      category: z.enum(contentCategories).optional(),
      sub_category: str.max(200).optional(),
      filename: str.min(1).max(200).optional(),
      course_book_id: str.trim().min(1).max(200).optional(),
      title: str.trim().min(1).max(bookUpload.maxTitle).optional(),
    }).refine((r) => (r.filename && r.category) || r.course_book_id, '请给出文档（category 与 filename）或课程书 course_book_id'),
    response: envelope(shelfItem),
  }),
  /** The user's shelf, the most recently added first. */
  query_bookshelf: def('query_bookshelf', {
    request: obj({}),
    response: envelope(obj({ items: z.array(shelfItem) })),
  }),
  /** Takes an item off the shelf; a personal book is deleted with it. */
  remove_from_bookshelf: def('remove_from_bookshelf', {
    request: shelfRef,
    response: envelope(obj({ removed: z.boolean() })),
  }),
} as const;
