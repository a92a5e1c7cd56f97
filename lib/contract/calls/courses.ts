import { z } from 'zod';
import { courseBookCategories } from '../categories';
import { courseTypes, frequentWordTypes, maxCoursePageSize } from '../course-terms';
import { documentSummary, wholeNumber } from './reading';
import { def, num, obj, str } from '../define';
import { envelope } from '../envelope';

/**
 * Course books: courses, their levels and units, their words. (Made books and the bookshelf: ./books.ts.)
 *
 * Every `/aiBook/{category}` category (lib/routes/course-books.ts) has up to four kinds of book,
 * built by the upstream from its own data (nothing invented):
 *  - `word`: the words an exam lists (ECDICT's exam tags: 中考 zk, 高考 gk, 考研 ky, cet4, cet6,
 *    ielts), commonest first (corpus frequency rank), 20 words a unit, units grouped into levels
 *    of 10. 小学 has no exam tag: its book is the commonest 中考 words. 新概念 is a copyrighted
 *    series that is not shipped: its word book is the Oxford 3000. 真题 (`paper`): the words that
 *    occur most in the imported exam papers. Each word with its senses, phonetics and an example
 *    sentence from the content library.
 *  - `sentence`: library sentences of moderate length, graded by their hardest word, 10 a unit,
 *    one course level per difficulty level up to the category's (四级: 入门, 初级, 中级).
 *  - `reading`: library documents graded likewise, a passage (a short document, or about 300
 *    words of a long one, on paragraph boundaries) a unit, with its questions: a paper's own, or
 *    a 词汇填空 made from the passage (courseUnitContent).
 *  - `reading-question`: imported exam papers that have questions, one paper a unit. Only where
 *    question data has been imported (真题, and an exam category whose papers have them);
 *    otherwise the book does not exist.
 * A category lists only the books that have at least one unit.
 *
 * Ids are stable: a course id is `{category}-{type}` (e.g. `cet4-word`, `paper-reading-question`);
 * units are numbered 1..N through the whole course, levels 1..L. Lists keep the same order on
 * every call. Unknown course or unit: 404. Malformed input: 400.
 */

export {
  type CourseType,
  courseTypes,
  defaultCoursePageSize,
  frequentWordTypes,
  maxCoursePageSize,
  sentencesPerUnit,
  unitsPerWordLevel,
  wordsPerUnit,
} from '../course-terms';

const courseCategory = z.enum(courseBookCategories);
/** A course id: `{category}-{type}`. */
const courseId = str.min(1).max(64);
const unitNumber = num.int().min(1).max(1_000_000);
const pageNumber = num.int().min(1).max(100_000);
const pageSize = num.int().min(1).max(maxCoursePageSize);

/** One book of a category. */
export const courseSummary = obj({
  id: str,
  category: courseCategory,
  type: z.enum(courseTypes),
  /** Chinese, e.g. '四级词汇', '四级分级句子', '模拟卷与真题'. */
  name: str,
  /** Where the book comes from, in Chinese (e.g. 'ECDICT 四级考纲词，按词频排序'). */
  description: str,
  levels: num,
  units: num,
  /** Words, sentences, passages or papers in the whole book. */
  items: num,
  /** Units the logged-in user has finished; null when not logged in. */
  done_units: num.nullable(),
});
export type CourseSummary = z.infer<typeof courseSummary>;

/** One level of a book: units `first_unit` .. `first_unit + units - 1`. */
export const courseLevel = obj({
  level: num,
  /** Chinese, e.g. '第1级' for a word book, '入门' … '高级' for graded books. */
  name: str,
  units: num,
  items: num,
  first_unit: num,
});
export type CourseLevel = z.infer<typeof courseLevel>;

/** A book with its levels: a category page's card, read from query_course_names and query_course_levels. */
export interface CategoryBook extends CourseSummary {
  levels_list: CourseLevel[];
}

/** A course-book category's page: its name and its books, each with its levels. */
export interface CategoryBooks {
  label: string;
  books: CategoryBook[];
}

/** Where a learner stopped in a unit (set_unit_progress). */
export const unitProgress = obj({
  /** Index of the item the learner is at (0-based; a word, sentence or question). */
  position: num,
  done: z.boolean(),
  /** ISO 8601. */
  updated_at: str,
});
export type UnitProgress = z.infer<typeof unitProgress>;

/** One unit of a book as a unit list shows it. */
export const unitSummary = obj({
  unit: num,
  level: num,
  /** Chinese, e.g. 'Unit 3', or a passage's title for reading books. */
  name: str,
  items: num,
  /** The logged-in user's progress; null when not logged in or not started. */
  progress: unitProgress.nullable(),
});
export type UnitSummary = z.infer<typeof unitSummary>;

/** A library document a sentence or passage comes from (fetchable with retrieve_file). */
export const documentRef = documentSummary.pick({ category: true, sub_category: true, filename: true, title: true });
export type DocumentRef = z.infer<typeof documentRef>;

/** One sense line of a word: a part of speech and its Chinese meanings ('n.', '银行；堤，岸'). */
export const courseSense = obj({ pos: str, meaning: str });

/** A word of a word book. */
export const courseWord = obj({
  word: str,
  /** Corpus frequency rank (COCA, else BNC), 1 the commonest; 0 unknown. */
  rank: num,
  /** first UK, second US (IPA, without slashes); absent when unknown. */
  phonetic_symbol: obj({ first: str.optional(), second: str.optional() }),
  /** The commonest senses first, at most 4 lines. */
  senses: z.array(courseSense),
  /** The exam tags ECDICT gives the word (zk gk ky cet4 cet6 ielts toefl gre). */
  tags: z.array(str),
  /**
   * The library sentence that shows the word best (the shortest of 8–30 words); null when none.
   * `form`: the word's form the sentence holds, lower case (the word itself or an inflection,
   * 'banks' for bank), so that a lesson can blank it out.
   */
  example: obj({ id: num, text: str, document: documentRef, form: str.optional() }).nullable(),
  /** The logged-in user's mark in the word book: 1 生词, 0 熟词, null unmarked or not logged in. */
  strange: z.union([z.literal(0), z.literal(1), z.null()]),
  /** Where the learner stands with the word's review cards (as parse_text's tokens say); absent without cards. */
  review: z.enum(['due', 'known', 'learning']).optional(),
});
export type CourseWord = z.infer<typeof courseWord>;

/** A sentence of a sentence book. `id` is the library's, for looking words up in it. */
export const courseSentence = obj({ id: num, text: str, level: num, document: documentRef });
export type CourseSentence = z.infer<typeof courseSentence>;

/**
 * How a paper's question is answered: `choice`, `cloze` (a blank `__N__` of the text) and `match`
 * (a shared list: 七选五, paragraph matching, a word bank) by an option's key; `translation` by
 * writing, compared by the learner with a reference translation and not scored.
 */
export const questionTypes = ['choice', 'cloze', 'match', 'translation'] as const;
export type QuestionType = (typeof questionTypes)[number];

/** A question of a reading-question unit, without its answer. */
export const readingQuestion = obj({
  /** 1-based within the unit. */
  number: num,
  /** The paper's section it belongs to (1-based, as `sections` number them); 0 when the paper has none. */
  section: num,
  type: z.enum(questionTypes),
  stem: str,
  /** Empty for a translation. */
  options: z.array(obj({ key: str, text: str })),
});
export type ReadingQuestion = z.infer<typeof readingQuestion>;

const unitHead = {
  course_id: str,
  unit: num,
  level: num,
  name: str,
  /** The logged-in user's progress in this unit; null when not logged in or not started. */
  progress: unitProgress.nullable(),
};
const paragraphs = z.array(z.array(obj({ id: num, text: str })));

/** A unit's content, by the book's type. */
export const courseUnitContent = z.discriminatedUnion('type', [
  obj({ type: z.literal('word'), ...unitHead, words: z.array(courseWord) }),
  obj({ type: z.literal('sentence'), ...unitHead, sentences: z.array(courseSentence) }),
  /**
   * A passage: consecutive paragraphs of one document, and its questions (answers via
   * get_test_answer). `questions_source` says which: `paper`, a passage of an exam paper gets the
   * paper's own questions that it answers (their evidence is in it), none when it answers none;
   * `gap_fill`, a passage of any other text gets a 词汇填空 made from its own sentences — each a
   * sentence with one content word blanked (`____`) and four words of the passage of the same part
   * of speech and form to choose from, the author's word the answer — at most 5, spread over the
   * passage, none when fewer than 3 of its sentences can carry a gap (dialogue, names and numbers
   * are never blanked). The same passage always gets the same questions.
   */
  obj({
    type: z.literal('reading'),
    ...unitHead,
    document: documentRef,
    paragraphs,
    questions: z.array(readingQuestion).default([]),
    questions_source: z.enum(['paper', 'gap_fill']).default('paper'),
  }),
  /** A whole paper's text and its questions (answers via get_test_answer). */
  obj({
    type: z.literal('reading-question'),
    ...unitHead,
    document: documentRef,
    /** 模拟: a practice paper written for Yujing; 真题: an operator's imported exam paper. */
    paper_kind: z.enum(['模拟', '真题']),
    paragraphs,
    /** The paper's sections: each opens at its heading, paragraph `paragraph` of `paragraphs`. Empty when it has none. */
    sections: z.array(obj({ number: num, title: str, paragraph: num })),
    questions: z.array(readingQuestion),
  }),
]);
export type CourseUnitContent = z.infer<typeof courseUnitContent>;

const unitQuery = obj({ course_id: courseId, unit: unitNumber });

export const coursesCalls = {
  /** A category's books, in type order word, sentence, reading, reading-question. */
  query_course_names: def('query_course_names', {
    request: obj({ category: courseCategory }),
    response: envelope(obj({ category: courseCategory, label: str, courses: z.array(courseSummary) })),
  }),
  /** A book's levels, in order. */
  query_course_levels: def('query_course_levels', {
    request: obj({ course_id: courseId }),
    response: envelope(
      obj({
        course: courseSummary,
        levels: z.array(courseLevel),
        /**
         * Where a logged-in learner who took the vocabulary test should start a word book: in the
         * easiest stage (word level) of which they likely know less than 80 %, its first unit they
         * have not mastered (a word counts as known when its frequency rank is within their
         * estimated vocabulary size). null: not logged in, no test taken, not a word book, or
         * nothing left to learn.
         */
        start: obj({ unit: num, level: num, level_name: str, size: num }).nullable(),
      }),
    ),
  }),
  /** A page of a book's units (of one level when given), in unit order, with the user's progress. */
  query_unit_names: def('query_unit_names', {
    request: obj({
      course_id: courseId,
      level: num.int().min(1).max(1_000).optional(),
      page: pageNumber.optional(),
      page_size: pageSize.optional(),
    }),
    response: envelope(obj({ course: courseSummary, units: z.array(unitSummary), total: num, page: num, page_size: num })),
  }),
  /** A word unit's words, in book order, with the user's 生词/熟词 marks. 404 unless a word book's unit. */
  query_words: def('query_words', {
    request: unitQuery,
    response: envelope(obj({ course_id: str, unit: num, level: num, name: str, words: z.array(courseWord) })),
  }),
  /** A unit's content, whatever the book's type. */
  query_course_unit_content: def('query_course_unit_content', {
    request: unitQuery,
    response: envelope(courseUnitContent),
  }),
  /**
   * Beside the spec: stores where the logged-in user is in a unit (the item index, and whether the
   * unit is finished), so that a lesson resumes there. The last write wins; `done` once true stays
   * true. 401 when not logged in; 400 when position is beyond the unit's items.
   */
  set_unit_progress: def('set_unit_progress', {
    request: unitQuery.extend({ position: num.int().min(0).max(100_000), done: z.boolean() }),
    response: envelope(obj({ course_id: str, unit: num, progress: unitProgress })),
  }),
  /**
   * Beside the spec: the words of a word unit that the logged-in learner missed in its lesson's
   * questions become review cards (origin 'lesson'), each with the sentence it was met in there
   * (its example sentence; the word alone when it has none) and the dictionary's sense of it in
   * that sentence. `added`: the cards made now (a word already in review adds its sentence and
   * counts 0). 401 when not logged in; 404 unless a word book's unit; 400 for a word not in the unit.
   */
  report_lesson_misses: def('report_lesson_misses', {
    request: unitQuery.extend({ words: z.array(str.min(1).max(64)).min(1).max(100) }),
    response: envelope(obj({ course_id: str, unit: num, added: num })),
  }),
  /**
   * The words that occur most in the exam's material (source `exam_material`: the papers of
   * category `paper` with sub_category the category — Yujing's 模拟 and imported 真题 — and the
   * category's own documents; all papers for `paper`), or, with no material, the category's word
   * list commonest first (source `word_list`; count: occurrences in the whole content library).
   * Ties keep rank order, so pages never overlap. 400 for bad paging.
   */
  get_frequent_words: def('get_frequent_words', {
    request: obj({
      subcategory: courseCategory,
      wordType: z.enum(frequentWordTypes),
      page: wholeNumber.pipe(z.number().min(1).max(100_000)),
      pageSize: wholeNumber.pipe(z.number().min(1).max(maxCoursePageSize)),
    }),
    response: envelope(
      obj({
        subcategory: courseCategory,
        wordType: z.enum(frequentWordTypes),
        source: z.enum(['exam_material', 'word_list']),
        /** How many papers were counted, and of them Yujing's 模拟 and imported 真题 (0 for a word list). */
        papers: num,
        mock_papers: num,
        real_papers: num,
        /** How many of the category's own documents were counted (0 for a word list and for 'paper'). */
        documents: num,
        words: z.array(
          obj({
            /** 1-based place in the whole list. */
            position: num,
            word: str,
            count: num,
            rank: num,
            phonetic_symbol: obj({ first: str.optional(), second: str.optional() }),
            senses: z.array(courseSense),
          }),
        ),
        total: num,
        page: num,
        pageSize: num,
      }),
    ),
  }),
  /**
   * Checks a learner's answers to a reading-question unit, or to the questions of a reading unit
   * (its `questions`: a paper's, or the gap-fill; 404 for a reading unit without any): `answers` maps question number (as a
   * string) to the option key chosen (a translation's answer is the learner's own and is not
   * sent); unanswered questions count as wrong. Score = correct answers out of the unit's scored
   * questions (translations are not), and 0–100 rounded. A logged-in learner's wrong answers put
   * the words that decided them, in the passage's sentence, into their review (review cards; a
   * gap-fill's miss: the blanked word in its sentence, origin 'lesson'). A gap-fill's evidence is
   * its whole sentence, its explanation the word's Chinese for its part of speech.
   */
  get_test_answer: def('get_test_answer', {
    request: unitQuery.extend({ answers: z.record(z.string().regex(/^\d{1,3}$/), str.max(8)) }),
    response: envelope(
      obj({
        course_id: str,
        unit: num,
        correct: num,
        /** Scored questions (all but translations). */
        total: num,
        score: num,
        results: z.array(
          obj({
            number: num,
            chosen: str.nullable(),
            /** An option's key; a translation's reference translation. */
            answer: str,
            /** null for a translation, which the learner judges. */
            correct: z.boolean().nullable(),
            /** The passage's words that decide the answer ('' when the paper gives none). */
            evidence: str,
            explanation: str,
          }),
        ),
        /** Review cards made from the wrong answers' words; 0 when not logged in. */
        review_added: num,
      }),
    ),
  }),
} as const;
