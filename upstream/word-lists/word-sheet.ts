import { WORD_SHEET_MAX_WORDS, type WordSheetSource, type WordSheetSourceKind } from '../../lib/contract';
import type { WordSheet, WordSheetEntry } from './word-sheet-pdf';
import type { Bookshelf } from '../books/bookshelf';
import type { CourseShelf } from '../courses/course-shelf';
import type { DictionaryEngine } from '../dictionary/types';
import { UpstreamError } from '../platform/http';
import type { NamedWordLists } from './named-lists';
import type { WordBook } from './word-book';

/** A sheet ready to print, with the names its file is saved under. */
export interface LoadedSheet {
  sheet: WordSheet;
  /** The file's name without extension, as the learner reads it (`语境-生词本-2026-11-25`). */
  fileName: string;
  /** The same in ASCII, for clients that cannot read `filename*`. */
  asciiFileName: string;
}

/** A list's words as the loader found them, before the options are applied. */
interface ListedWords {
  /** The list's name (`生词本`) and its ASCII file name part (`unfamiliar-words`). */
  title: string;
  asciiTitle: string;
  /** Words in the list, which may be more than the sheet holds. */
  total: number;
  entries: WordSheetEntry[];
}

export interface WordSheetDeps {
  wordBook: WordBook;
  /** The learner's named lists. */
  namedLists: Pick<NamedWordLists, 'one' | 'words'>;
  /** A personal book's unknown words. */
  bookshelf: Pick<Bookshelf, 'unknownWordList'>;
  /** A word book's unit. */
  courseShelf: Pick<CourseShelf, 'catalogue'>;
  dictionary: Pick<DictionaryEngine, 'headword'>;
}

/** A word the learner kept, with its dictionary card and the sentence they met it in. */
function cardEntry(
  dictionary: WordSheetDeps['dictionary'],
  item: { word: string; lemma: string; sentence: string },
): WordSheetEntry {
  const card = dictionary.headword(item.lemma) ?? dictionary.headword(item.word);
  return {
    word: item.lemma,
    uk: card?.uk,
    us: card?.us,
    senses: card?.senses ?? [],
    // The sentence the learner met the word in: the example that means most to them.
    example: item.sentence.trim() ? { en: item.sentence.trim() } : undefined,
  };
}

type Loader<K extends WordSheetSourceKind> = (
  source: Extract<WordSheetSource, { source: K }>,
  userId: number,
  deps: WordSheetDeps,
) => Promise<ListedWords>;

/**
 * Where a sheet's words come from, one loader per source of the contract: the learner's 生词/熟词
 * list and named lists, a word book's unit (its words in book order with their example sentences), and a personal
 * book's unknown words (the bookshelf).
 */
const loaders: { [K in WordSheetSourceKind]?: Loader<K> } = {
  word_list: async ({ strange }, userId, { wordBook, dictionary }) => {
    const unfamiliar = strange === '1';
    const page = await wordBook.words(userId, { strange: unfamiliar ? 1 : 0 }, { page: 1, page_size: WORD_SHEET_MAX_WORDS });
    return {
      title: unfamiliar ? '生词本' : '熟词本',
      asciiTitle: unfamiliar ? 'unfamiliar-words' : 'familiar-words',
      total: page.total,
      entries: page.items.map((item) => cardEntry(dictionary, item)),
    };
  },
  // One of the learner's named lists (404 for a list not theirs), the latest added first.
  named_list: async ({ list_id }, userId, { namedLists, dictionary }) => {
    const id = Number(list_id);
    const list = await namedLists.one(userId, id);
    const page = await namedLists.words(userId, id, { page: 1, page_size: WORD_SHEET_MAX_WORDS });
    return {
      title: list.name,
      asciiTitle: `word-list-${id}`,
      total: page.total,
      entries: page.items.map((item) => cardEntry(dictionary, item)),
    };
  },
  // A unit of a word book (courses), as its lesson shows it: anyone may print it.
  course_unit: async ({ course_id, unit_id }, _userId, { courseShelf }) => {
    const unit = /^[1-9]\d{0,6}$/.test(unit_id) ? Number(unit_id) : 0;
    const catalogue = await courseShelf.catalogue();
    const book = catalogue.book(course_id);
    const found = unit && book?.type === 'word' ? book.units[unit - 1] : undefined;
    if (!book || !found) throw new UpstreamError(404, '404', '访问资源不存在');
    return {
      title: `${book.name} ${found.name}`,
      asciiTitle: `${course_id}-unit-${unit}`,
      total: found.items.length,
      entries: found.items.map((key) => {
        const word = catalogue.word(key);
        return {
          word: word.word,
          uk: word.phonetic_symbol.first,
          us: word.phonetic_symbol.second,
          senses: word.senses.map((sense) => ({ pos: sense.pos || null, zh: sense.meaning })),
          example: word.example ? { en: word.example.text } : undefined,
        };
      }),
    };
  },
  // A personal book's unknown words for its reader (bookshelf.ts), the most frequent first.
  book: async ({ book_id }, userId, { bookshelf, dictionary }) => {
    const id = /^[1-9]\d{0,8}$/.test(book_id) ? Number(book_id) : 0;
    if (!id) throw new UpstreamError(404, '404', '访问资源不存在');
    const list = await bookshelf.unknownWordList(userId, id, WORD_SHEET_MAX_WORDS);
    return {
      title: `${list.title.slice(0, 60)} 生词`,
      asciiTitle: `book-${id}-unknown-words`,
      total: list.total,
      entries: list.lemmas.map((lemma) => {
        const card = dictionary.headword(lemma);
        return { word: lemma, uk: card?.uk, us: card?.us, senses: card?.senses ?? [] };
      }),
    };
  },
};

const dayOf = (at: Date) => new Intl.DateTimeFormat('sv-SE', { timeZone: 'Asia/Shanghai' }).format(at);

/** The sheet of a source for a user, with the options applied. */
export async function loadWordSheet(
  source: WordSheetSource,
  userId: number,
  at: Date,
  deps: WordSheetDeps,
): Promise<LoadedSheet> {
  const loader = loaders[source.source] as Loader<typeof source.source> | undefined;
  // Statuses outside the error catalogue, so that the screen shows these words, not a generic line.
  if (!loader) throw new UpstreamError(501, 'unsupported_source', '暂不支持导出这类内容的 PDF');
  const listed = await loader(source as never, userId, deps);
  if (listed.entries.length === 0) {
    throw new UpstreamError(404, 'empty_list', `${listed.title}里还没有单词，无法导出 PDF`);
  }
  const withChinese = source.chinese !== '0';
  const withExamples = source.examples !== '0';
  const entries = listed.entries.map((entry) => ({
    ...entry,
    senses: withChinese ? entry.senses : [],
    example:
      withExamples && entry.example
        ? { en: entry.example.en, ...(withChinese && entry.example.zh ? { zh: entry.example.zh } : {}) }
        : undefined,
  }));
  const day = dayOf(at);
  const count =
    listed.total > entries.length ? `共 ${listed.total} 个单词，收录最近的 ${entries.length} 个` : `共 ${entries.length} 个单词`;
  return {
    sheet: { title: listed.title, subtitle: `${count} · ${day} 导出 · 语境 Yujing`, entries },
    fileName: `语境-${listed.title}-${day}`,
    asciiFileName: `yujing-${listed.asciiTitle}-${day}`,
  };
}
