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
import type { StoredQuestion } from './sources';
import { type PaperReviewDeps, reviewWrongAnswers } from './paper-review';
import { reviewLessonMisses } from './lesson-review';
import { type ReadingQuestions, reviewGapMisses } from './reading-questions';
import type { Deck, LemmaState } from '../review/deck';

export interface CourseHandlersDeps {
  db: Db;
  users: Pick<Users, 'requireUser' | 'userForToken'>;
  courseShelf: CourseShelf;
  courseProgress: ProgressStore;
  /** A reading unit's questions: its paper's, or the gap-fill made from it. */
  readingQuestions: ReadingQuestions;
  /** The learner's review cards: which of a unit's words they know or have waiting. */
  deck: Pick<Deck, 'lemmaStates' | 'addCard'>;
  /** Chooses the sense of a wrong answer's word in its sentence. */
  dictionary: PaperReviewDeps['dictionary'];
  /** The learner's vocabulary tests (the assessment's store): the latest says where a word book starts. */
  assessmentStore: { history(userId: number, limit?: number): Promise<{ latest: { size: number } | null }> };
}

/** A learner who likely knows this share of a unit's words has mastered it. */
const masteredShare = 0.8;

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
export function courseHandlers({
  db,
  users,
  courseShelf,
  courseProgress,
  readingQuestions,
  deck,
  assessmentStore,
  dictionary,
}: CourseHandlersDeps): CallHandlers {
  const optionalUser = (caller: Caller) => users.userForToken(caller.token);

  /**
   * Where a word book starts for a learner by their latest vocabulary test: the easiest word level
   * (an exam's book lists its new words first and the earlier stages after) of whose words they
   * likely know less than masteredShare, at its first unit they have not mastered either.
   */
  async function startOf(catalogue: Catalogue, book: Book, userId: number) {
    if (book.type !== 'word') return null;
    const { latest } = await assessmentStore.history(userId, 1);
    if (!latest) return null;
    const size = latest.size;
    const units = book.units.map((u) => {
      const known = u.items.filter((w) => {
        const rank = catalogue.word(w).rank;
        return rank > 0 && rank <= size;
      }).length;
      return { unit: u, level: catalogue.wordLevelOf(u.items[0] ?? '') ?? 6, known, total: u.items.length };
    });
    // The easiest word level whose words the learner has not mostly mastered, then its first such unit.
    const byLevel = new Map<number, typeof units>();
    for (const u of units) byLevel.set(u.level, [...(byLevel.get(u.level) ?? []), u]);
    const mastered = (list: { known: number; total: number }[]) =>
      list.reduce((n, u) => n + u.known, 0) >= masteredShare * list.reduce((n, u) => n + u.total, 0);
    const stage = [...byLevel].sort(([a], [b]) => a - b).find(([, list]) => !mastered(list))?.[1];
    const first = stage?.find((u) => !mastered([u])) ?? stage?.[0];
    if (!first) return null;
    const level = book.levels.find((l) => l.level === first.unit.level);
    return { unit: first.unit.unit, level: first.unit.level, level_name: level?.name ?? '', size };
  }

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
      const [done, start] = await Promise.all([doneUnits(user?.id, [book]), user ? startOf(catalogue, book, user.id) : null]);
      return ok({ course: summary(book, user ? (done.get(book.id) ?? 0) : null), levels: book.levels, start });
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
          const { source, questions } = await readingQuestions.of(catalogue, items);
          content = {
            type: 'reading',
            ...head,
            progress: await progress,
            document,
            paragraphs,
            questions: publicQuestions(questions),
            questions_source: source,
          };
          break;
        }
        case 'reading-question': {
          const paper = book.papers.get(found.key) as number;
          const { kind, sections } = catalogue.paper(paper);
          content = {
            type: 'reading-question',
            ...head,
            progress: await progress,
            document: catalogue.documentRef(paper),
            paper_kind: kind,
            paragraphs: catalogue.paragraphs(paper),
            sections,
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

    report_lesson_misses: async ({ course_id, unit, words }, caller) => {
      const user = await users.requireUser(caller);
      const catalogue = await courseShelf.catalogue();
      const book = bookOf(catalogue, course_id);
      if (book.type !== 'word') throw notFound();
      const found = unitOf(book, unit);
      const missed = [...new Set(words.map((w) => w.trim().toLowerCase()))];
      const stranger = missed.find((w) => !found.items.includes(w));
      if (stranger !== undefined) throw badRequest(`${stranger} 不是本单元的单词`);
      const added = await reviewLessonMisses(
        { dictionary, deck },
        user.id,
        missed.map((w) => catalogue.word(w)),
      );
      return ok({ course_id, unit, added });
    },

    get_frequent_words: async ({ subcategory, wordType, page, pageSize }) => {
      const catalogue = await courseShelf.catalogue();
      const material = catalogue.examWords(subcategory);
      const papers = material.mockPapers + material.realPapers;
      const useMaterial = papers + material.documents > 0 || subcategory === 'paper';
      const list = frequentList(catalogue, `${subcategory}/${wordType}`, () => {
        const all = useMaterial ? material.words : catalogue.listWords(subcategory);
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
        source: useMaterial ? 'exam_material' : 'word_list',
        papers: useMaterial ? papers : 0,
        mock_papers: useMaterial ? material.mockPapers : 0,
        real_papers: useMaterial ? material.realPapers : 0,
        documents: useMaterial ? material.documents : 0,
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

    get_test_answer: async ({ course_id, unit, answers }, caller) => {
      const [catalogue, user] = await Promise.all([courseShelf.catalogue(), optionalUser(caller)]);
      const book = bookOf(catalogue, course_id);
      let questions: StoredQuestion[];
      let paper: number | undefined;
      if (book.type === 'reading-question') {
        const found = unitOf(book, unit);
        questions = found.items;
        paper = book.papers.get(found.key);
      } else if (book.type === 'reading') {
        // A passage of a paper: the questions it answers, and only those; of another text, its gap-fill.
        const items = unitOf(book, unit).items;
        const asked = await readingQuestions.of(catalogue, items);
        questions = asked.questions;
        if (asked.source === 'paper') paper = items[0]?.document_id;
        if (!questions.length) throw notFound();
      } else throw notFound();
      for (const number of Object.keys(answers)) {
        if (!questions.some((q) => q.number === Number(number))) throw badRequest(`没有第 ${number} 题`);
      }
      const results = questions.map((q) => {
        if (q.type === 'translation') {
          return {
            number: q.number,
            chosen: null,
            answer: q.answer,
            correct: null,
            evidence: q.evidence,
            explanation: q.explanation,
          };
        }
        const chosen = answers[String(q.number)]?.trim().toUpperCase() || null;
        return {
          number: q.number,
          chosen,
          answer: q.answer,
          correct: chosen === q.answer,
          evidence: q.evidence,
          explanation: q.explanation,
        };
      });
      const scored = results.filter((r) => r.correct !== null);
      const correct = scored.filter((r) => r.correct).length;
      const wrong = questions.filter((_, i) => results[i].correct === false);
      const review_added =
        !user || !wrong.length
          ? 0
          : paper !== undefined
            ? await reviewWrongAnswers({ dictionary, deck }, catalogue, user.id, paper, wrong)
            : book.type === 'reading'
              ? await reviewGapMisses({ dictionary, deck }, catalogue, user.id, wrong)
              : 0;
      return ok({
        course_id,
        unit,
        correct,
        total: scored.length,
        score: scored.length ? Math.round((100 * correct) / scored.length) : 0,
        results,
        review_added,
      });
    },
  };
}
