import {
  defaultCoursePageSize,
  type CourseSummary,
  type CourseUnitContent,
  type CourseWord,
  type UnitProgress,
} from '../../lib/contract';
import { courseBookLabels } from '../../lib/contract/categories';
import type { Users } from '../account/users';
import type { Db } from '../db/database';
import { parseTranslation } from '../dictionary/ecdict-text';
import type { CallHandlers } from '../platform/contract-routes';
import type { Caller } from '../platform/caller';
import { badRequest, notFound, ok } from '../platform/http';
import { publicQuestions, type Book, type Catalogue, type FrequentWord } from './books';
import type { CourseShelf } from './course-shelf';
import type { ProgressStore } from './progress';
import type { Deck, LemmaState } from '../review/deck';

export interface CourseHandlersDeps {
  db: Db;
  users: Pick<Users, 'requireUser' | 'userForToken'>;
  courseShelf: CourseShelf;
  courseProgress: ProgressStore;
  /** The learner's review cards: which of a unit's words they know or have waiting. */
  deck: Pick<Deck, 'lemmaStates'>;
}

// The parts of speech of the frequent-word lists, as ECDICT's translation lines label them.
const wordTypePos: Record<string, readonly string[]> = {
  noun: ['n.'],
  verb: ['v.', 'vt.', 'vi.'],
  adjective: ['adj.'],
  adverb: ['adv.'],
};

// The filtered lists of a catalogue, made once: a page is then a slice.
const frequentLists = new WeakMap<Catalogue, Map<string, FrequentWord[]>>();
function frequentList(catalogue: Catalogue, key: string, make: () => FrequentWord[]): FrequentWord[] {
  let lists = frequentLists.get(catalogue);
  if (!lists) frequentLists.set(catalogue, (lists = new Map()));
  let list = lists.get(key);
  if (!list) lists.set(key, (list = make()));
  return list;
}

/** The course-book calls (lib/contract/calls/courses.ts). */
export function courseHandlers({ db, users, courseShelf, courseProgress, deck }: CourseHandlersDeps): CallHandlers {
  const optionalUser = (caller: Caller) => users.userForToken(caller.token);

  function bookOf(catalogue: Catalogue, id: string): Book {
    const book = catalogue.book(id);
    if (!book) throw notFound();
    return book;
  }
  function unitOf<B extends Book>(book: B, unit: number): B['units'][number] {
    const found = book.units[unit - 1];
    if (!found) throw notFound();
    return found;
  }
  const summary = (book: Book, done: number | null): CourseSummary => ({
    id: book.id,
    category: book.category,
    type: book.type,
    name: book.name,
    description: book.description,
    levels: book.levels.length,
    units: book.units.length,
    items: book.items,
    done_units: done,
  });
  async function doneUnits(userId: number | undefined, books: Book[]): Promise<Map<string, number>> {
    const counts = new Map<string, number>();
    if (userId === undefined) return counts;
    const finished = await courseProgress.finished(
      userId,
      books.map((b) => b.id),
    );
    for (const b of books) counts.set(b.id, [...(finished.get(b.id) ?? [])].filter((k) => b.keys.has(k)).length);
    return counts;
  }

  /** 生词/熟词 marks of the user's word book for these words (lemmas, lower case). */
  async function marks(userId: number | undefined, words: string[]): Promise<Map<string, 0 | 1>> {
    if (userId === undefined || !words.length) return new Map();
    const rows = await db
      .selectFrom('word_list')
      .select(['lemma', 'strange'])
      .where('user_id', '=', userId)
      .where('lemma', 'in', words)
      .where('strange', 'is not', null)
      .execute();
    return new Map(rows.map((r) => [r.lemma, r.strange === 1 ? 1 : 0]));
  }

  async function unitWords(catalogue: Catalogue, items: string[], userId: number | undefined): Promise<CourseWord[]> {
    const [marked, reviews] = await Promise.all([
      marks(userId, items),
      userId === undefined ? new Map<string, LemmaState>() : deck.lemmaStates(userId, items),
    ]);
    return items.map((w) => {
      const review = reviews.get(w);
      return { ...catalogue.word(w), strange: marked.get(w) ?? null, ...(review ? { review } : {}) };
    });
  }

  return {
    query_course_names: async ({ category }, caller) => {
      const [catalogue, user] = await Promise.all([courseShelf.catalogue(), optionalUser(caller)]);
      const books = catalogue.booksOf(category);
      const done = await doneUnits(user?.id, books);
      return ok({
        category,
        label: courseBookLabels[category],
        courses: books.map((b) => summary(b, user ? (done.get(b.id) ?? 0) : null)),
      });
    },

    query_course_levels: async ({ course_id }, caller) => {
      const [catalogue, user] = await Promise.all([courseShelf.catalogue(), optionalUser(caller)]);
      const book = bookOf(catalogue, course_id);
      const done = await doneUnits(user?.id, [book]);
      return ok({ course: summary(book, user ? (done.get(book.id) ?? 0) : null), levels: book.levels });
    },

    query_unit_names: async ({ course_id, level, page = 1, page_size = defaultCoursePageSize }, caller) => {
      const [catalogue, user] = await Promise.all([courseShelf.catalogue(), optionalUser(caller)]);
      const book = bookOf(catalogue, course_id);
      let units: Book['units'] = book.units;
      if (level !== undefined) {
        const found = book.levels.find((l) => l.level === level);
        if (!found) throw notFound();
        units = book.units.slice(found.first_unit - 1, found.first_unit - 1 + found.units);
      }
      const progress = user ? await courseProgress.ofCourse(user.id, book.id) : new Map<string, UnitProgress>();
      const done = [...progress].filter(([key, p]) => p.done && book.keys.has(key)).length;
      const slice = units.slice((page - 1) * page_size, page * page_size);
      return ok({
        course: summary(book, user ? done : null),
        units: slice.map((u) => ({
          unit: u.unit,
          level: u.level,
          name: u.name,
          items: u.items.length,
          progress: progress.get(u.key) ?? null,
        })),
        total: units.length,
        page,
        page_size,
      });
    },

    query_words: async ({ course_id, unit }, caller) => {
      const [catalogue, user] = await Promise.all([courseShelf.catalogue(), optionalUser(caller)]);
      const book = bookOf(catalogue, course_id);
      if (book.type !== 'word') throw notFound();
      const found = unitOf(book, unit);
      return ok({
        course_id,
        unit,
        level: found.level,
        name: found.name,
        words: await unitWords(catalogue, found.items, user?.id),
      });
    },

    query_course_unit_content: async ({ course_id, unit }, caller) => {
      const [catalogue, user] = await Promise.all([courseShelf.catalogue(), optionalUser(caller)]);
      const book = bookOf(catalogue, course_id);
      const found = unitOf(book, unit);
      const head = { course_id, unit, level: found.level, name: found.name };
      const progress = user ? courseProgress.ofUnit(user.id, book.id, found.key) : Promise.resolve(null);
      let content: CourseUnitContent;
      switch (book.type) {
        case 'word': {
          const [words, p] = await Promise.all([unitWords(catalogue, book.units[unit - 1].items, user?.id), progress]);
          content = { type: 'word', ...head, progress: p, words };
          break;
        }
        case 'sentence':
          content = { type: 'sentence', ...head, progress: await progress, sentences: book.units[unit - 1].items };
          break;
        case 'reading': {
          const items = book.units[unit - 1].items;
          const paragraphs: { id: number; text: string }[][] = [];
          let last: number | undefined;
          for (const s of items) {
            if (s.paragraph !== last) paragraphs.push([]);
            last = s.paragraph;
            paragraphs[paragraphs.length - 1].push({ id: s.id, text: s.text });
          }
          const document = catalogue.documentRef(items[0].document_id);
          content = { type: 'reading', ...head, progress: await progress, document, paragraphs };
          break;
        }
        case 'reading-question': {
          const paper = book.papers.get(found.key) as number;
          content = {
            type: 'reading-question',
            ...head,
            progress: await progress,
            document: catalogue.documentRef(paper),
            paragraphs: catalogue.paragraphs(paper),
            questions: publicQuestions(book.units[unit - 1].items),
          };
          break;
        }
      }
      return ok(content);
    },

    set_unit_progress: async ({ course_id, unit, position, done }, caller) => {
      const user = await users.requireUser(caller);
      const book = bookOf(await courseShelf.catalogue(), course_id);
      const found = unitOf(book, unit);
      if (position > found.items.length) throw badRequest(`position 不能超过本单元的 ${found.items.length} 项`);
      const progress = await courseProgress.save(user.id, { courseId: book.id, key: found.key, number: unit }, position, done);
      return ok({ course_id, unit, progress });
    },

    get_frequent_words: async ({ subcategory, wordType, page, pageSize }) => {
      const catalogue = await courseShelf.catalogue();
      const fromPapers = catalogue.paperWords(subcategory);
      const usePapers = fromPapers.papers > 0 || subcategory === 'paper';
      const list = frequentList(catalogue, `${subcategory}/${wordType}`, () => {
        const all = usePapers ? fromPapers.words : catalogue.listWords(subcategory);
        const wanted = wordTypePos[wordType];
        if (!wanted) return all;
        return all.filter((w) =>
          parseTranslation(catalogue.listed(w.word)?.translation).some((line) => line.pos && wanted.includes(line.pos)),
        );
      });
      const start = (page - 1) * pageSize;
      return ok({
        subcategory,
        wordType,
        source: usePapers ? 'papers' : 'word_list',
        papers: usePapers ? fromPapers.papers : 0,
        words: list.slice(start, start + pageSize).map((w, i) => {
          const entry = catalogue.word(w.word);
          return {
            position: start + i + 1,
            word: entry.word,
            count: w.count,
            rank: entry.rank,
            phonetic_symbol: entry.phonetic_symbol,
            senses: entry.senses,
          };
        }),
        total: list.length,
        page,
        pageSize,
      });
    },

    get_test_answer: async ({ course_id, unit, answers }) => {
      const book = bookOf(await courseShelf.catalogue(), course_id);
      if (book.type !== 'reading-question') throw notFound();
      const questions = unitOf(book, unit).items;
      for (const number of Object.keys(answers)) {
        if (!questions.some((q) => q.number === Number(number))) throw badRequest(`没有第 ${number} 题`);
      }
      const results = questions.map((q) => {
        const chosen = answers[String(q.number)]?.trim().toUpperCase() || null;
        return { number: q.number, chosen, answer: q.answer, correct: chosen === q.answer, explanation: q.explanation };
      });
      const correct = results.filter((r) => r.correct).length;
      return ok({
        course_id,
        unit,
        correct,
        total: questions.length,
        score: questions.length ? Math.round((100 * correct) / questions.length) : 0,
        results,
      });
    },
  };
}
