import type { CourseSentence, CourseType, DocumentRef, ReadingQuestion } from '../../lib/contract';
import { sentencesPerUnit, unitsPerWordLevel, wordsPerUnit } from '../../lib/contract';
import { courseBookCategories, courseBookLabels, type CourseBookCategory } from '../../lib/contract/categories';
import { levelLabel, levels as difficultyLevels, wordLevel, type Lexicon } from '../reading/profile';
import { parseTranslation } from '../dictionary/ecdict-text';
import { wordIpa } from '../dictionary/phonetics';
import { stopWords } from '../dictionary/rank';
import { normalised } from '../reading/content-check';
import type { LibraryDocument, LibrarySentence, LibrarySnapshot, ListedWord, StoredQuestion } from './sources';
import { identityKey } from './sources';
import { plans, stageGroups, type StageGroup } from './word-plans';
import {
  byFrequencyRank,
  chunk,
  numberUnits,
  passagesOf,
  stableHash,
  wordBookGroups,
  wordBookLevels,
  type LevelDraft,
  type NumberedLevel,
  type NumberedUnit,
} from './units';

/** The levels a book spans, as a learner reads them: "入门至高级", or the one level's name. */
const levelSpan = (top: number): string => (top <= 1 ? levelLabel(1) : `${levelLabel(1)}至${levelLabel(top)}`);

/*
 * The course books of every category, built from the listed words and a library snapshot
 * (sources.ts). Built once per snapshot and kept in memory: a unit's content is then a lookup.
 */

/** Sentences of this many words make a sentence book; shorter are fragments, longer are hard to drill. */
export const sentenceWords = { min: 6, max: 25 };
/** The most sentences one difficulty level of a sentence book takes. */
export const sentencesPerLevel = 300;
/** A reading unit holds about this many words. */
export const passageWords = 300;
/** An example sentence has this many words; the shortest such is the most typical. */
export const exampleWords = { min: 8, max: 30 };

/** A word of a word book, as every learner sees it (the 生词/熟词 mark is added per user). */
export interface BookWord {
  word: string;
  rank: number;
  phonetic_symbol: { first?: string; second?: string };
  senses: { pos: string; meaning: string }[];
  tags: string[];
  example: { id: number; text: string; document: DocumentRef; form: string } | null;
}

export interface ReadingItem {
  id: number;
  text: string;
  paragraph: number;
  document_id: number;
}

interface BookBase {
  id: string;
  category: CourseBookCategory;
  name: string;
  description: string;
  levels: NumberedLevel[];
  /** Words, sentences, passages or papers. */
  items: number;
  keys: Set<string>;
}
export type Book =
  | (BookBase & { type: 'word'; units: NumberedUnit<string>[] })
  | (BookBase & { type: 'sentence'; units: NumberedUnit<CourseSentence>[] })
  | (BookBase & { type: 'reading'; units: NumberedUnit<ReadingItem>[] })
  | (BookBase & { type: 'reading-question'; units: NumberedUnit<StoredQuestion>[]; papers: Map<string, number> });

export interface FrequentWord {
  word: string;
  count: number;
}

export interface ExamWords {
  /** Papers counted: Yujing's 模拟 and imported 真题. */
  mockPapers: number;
  realPapers: number;
  /** The category's own documents counted (none for 'paper'). */
  documents: number;
  words: FrequentWord[];
}

export interface Catalogue {
  /** A category's books, in type order. */
  booksOf(category: CourseBookCategory): Book[];
  book(id: string): Book | undefined;
  /** A word of a word book with its senses, phonetics and example (made on first ask, then kept). */
  word(word: string): BookWord;
  /** A document as a sentence or passage names it. */
  documentRef(id: number): DocumentRef;
  /** A document's paragraphs of sentences. */
  paragraphs(documentId: number): { id: number; text: string }[][];
  /** A paper's kind (模拟 when written for Yujing, else 真题) and its sections by their heading paragraphs. */
  paper(documentId: number): { kind: '模拟' | '真题'; sections: { number: number; title: string; paragraph: number }[] };
  /**
   * The exam's material — its papers (all papers for 'paper') and the category's own documents —
   * and its listed words by their occurrences there, most first.
   */
  examWords(category: CourseBookCategory): ExamWords;
  /** A word form's lemma, as the library's lexicon reads it (the form itself when unknown). */
  lemmaOf(form: string): string;
  /** A paper's (or any document's) level, 1–5. */
  paperLevel(documentId: number): number;
  /** A listed word's level (profile.ts: the easiest exam that lists it, or its frequency band). */
  wordLevelOf(word: string): number | undefined;
  /** A category's word list, commonest first, with the words' occurrences in the whole library. */
  listWords(category: CourseBookCategory): FrequentWord[];
  /** The ECDICT entry of a listed word. */
  listed(word: string): ListedWord | undefined;
  /**
   * The questions a passage of a paper answers: those whose evidence opens in one of its
   * sentences (as paper-review finds a wrong answer's sentence). None for other documents, and
   * none without evidence (a translation), which cannot be placed in a passage.
   */
  passageQuestions(documentId: number, sentences: readonly { text: string }[]): StoredQuestion[];
}

const typeOrder: CourseType[] = ['word', 'sentence', 'reading', 'reading-question'];

/** The forms of a word the library's index may hold: itself and its inflections. */
function formsOf(w: ListedWord): string[] {
  const forms = [w.word.toLowerCase()];
  for (const part of w.exchange.split('/')) {
    const [kind, value] = part.split(':');
    if (value && kind !== '0' && kind !== '1') forms.push(value.toLowerCase());
  }
  return [...new Set(forms)];
}

/**
 * A sentence that stands on its own: it begins with a capital and ends with . ! or ?, and is no
 * piece of dialogue (quotation marks cut a speech out of its exchange) and shouts no word in
 * capitals (a novel's emphasis: "I'LL soon make you dry").
 */
export const isSentenceLike = (text: string) =>
  /^[A-Z]/.test(text) && /[.!?]$/.test(text) && !/(^|[\s(—-])['‘"“]|["“”]|[.!?,;:]['’]/.test(text) && !/\b[A-Z]{2,}\b/.test(text);

export function buildCatalogue(listedWords: readonly ListedWord[], library: LibrarySnapshot, lexicon: Lexicon): Catalogue {
  const listedBy = new Map<string, ListedWord>();
  // A lower-case headword is the word; 'AM' is kept only where there is no 'am'.
  for (const w of listedWords) {
    const key = w.word.toLowerCase();
    const had = listedBy.get(key);
    if (!had || (had.word !== key && w.word === key)) listedBy.set(key, w);
  }
  const docs = new Map(library.documents.map((d) => [d.id, d]));
  const sentenceById = new Map<number, LibrarySentence>();
  for (const list of library.sentences.values()) for (const s of list) sentenceById.set(s.id, s);

  // Every form's occurrences in the library, and its most typical sentence: the shortest of
  // moderate length (ties: the first imported).
  const formCount = new Map<string, number>();
  const bestExample = new Map<string, LibrarySentence>();
  const allSentences = [...sentenceById.values()].sort((a, b) => a.id - b.id);
  for (const s of allSentences) {
    const fits = s.word_count >= exampleWords.min && s.word_count <= exampleWords.max;
    for (const [form, n] of s.forms) {
      formCount.set(form, (formCount.get(form) ?? 0) + n);
      if (!fits) continue;
      const best = bestExample.get(form);
      if (!best || s.word_count < best.word_count) bestExample.set(form, s);
    }
  }

  // A form's word level (content/profile.ts), undefined when the lexicon does not know it.
  lexicon.prefetch?.(formCount.keys());
  const levelOfForm = new Map<string, number | undefined>();
  const formLevel = (form: string) => {
    if (!levelOfForm.has(form)) {
      const facts = lexicon.facts(form);
      levelOfForm.set(form, facts ? wordLevel(facts) : undefined);
    }
    return levelOfForm.get(form);
  };
  // A sentence's level: that of its hardest known word (6: beyond every exam).
  const sentenceLevel = (s: LibrarySentence) => {
    let level = 1;
    for (const [form] of s.forms) level = Math.max(level, formLevel(form) ?? 1);
    return level;
  };

  const documentRef = (id: number): DocumentRef => {
    const d = docs.get(id);
    if (!d) throw new Error(`document ${id} is not in the snapshot`);
    return {
      category: d.category as DocumentRef['category'],
      sub_category: d.sub_category || null,
      filename: d.filename,
      title: d.title,
    };
  };
  const paragraphsOfDoc = (documentId: number): LibrarySentence[][] => {
    const sentences = library.sentences.get(documentId) ?? [];
    const starts = new Set(docs.get(documentId)?.paragraphStarts ?? [0]);
    const paragraphs: LibrarySentence[][] = [];
    for (const s of sentences) {
      if (starts.has(s.position) || !paragraphs.length) paragraphs.push([]);
      paragraphs[paragraphs.length - 1].push(s);
    }
    return paragraphs;
  };

  const words = new Map<string, BookWord>();
  function word(key: string): BookWord {
    const known = words.get(key);
    if (known) return known;
    const w = listedBy.get(key);
    let example: BookWord['example'] = null;
    let best: LibrarySentence | undefined;
    let bestForm = key;
    for (const form of w ? formsOf(w) : [key]) {
      const s = bestExample.get(form);
      if (s && (!best || s.word_count < best.word_count || (s.word_count === best.word_count && s.id < best.id))) {
        best = s;
        bestForm = form;
      }
    }
    if (best) example = { id: best.id, text: best.text, document: documentRef(best.document_id), form: bestForm };
    const { uk, us } = wordIpa(key, w?.phonetic);
    const senses = parseTranslation(w?.translation)
      .filter((line) => !line.domain)
      .slice(0, 4)
      .map((line) => ({ pos: line.pos ?? '', meaning: line.items.slice(0, 6).join('；') }));
    const made: BookWord = {
      word: w?.word ?? key,
      rank: w?.rank ?? 0,
      phonetic_symbol: { ...(uk ? { first: uk } : {}), ...(us ? { second: us } : {}) },
      senses,
      tags: w?.tags ?? [],
      example,
    };
    words.set(key, made);
    return made;
  }

  // The papers: documents of category 'paper', by the exam they are of (their sub_category).
  const papers = library.documents.filter((d) => d.category === 'paper');
  const papersOf = (category: CourseBookCategory) =>
    category === 'paper' ? papers : papers.filter((p) => p.sub_category === category);
  const paperOrder = (a: LibraryDocument, b: LibraryDocument) =>
    (b.year ?? 0) - (a.year ?? 0) || (a.filename < b.filename ? -1 : a.filename > b.filename ? 1 : 0) || a.id - b.id;
  const paperGroups = (list: LibraryDocument[], by: 'exam' | 'year') => {
    const groups = new Map<string, LibraryDocument[]>();
    const sorted = [...list].sort(
      by === 'exam' ? (a, b) => examIndex(a.sub_category) - examIndex(b.sub_category) || paperOrder(a, b) : paperOrder,
    );
    for (const p of sorted) {
      const name = by === 'exam' ? examName(p.sub_category) : p.year ? `${p.year}年` : '未注明年份';
      let group = groups.get(name);
      if (!group) groups.set(name, (group = []));
      group.push(p);
    }
    return [...groups];
  };

  const examWordCache = new Map<CourseBookCategory, ExamWords>();
  function examWords(category: CourseBookCategory): ExamWords {
    const known = examWordCache.get(category);
    if (known) return known;
    const chosenPapers = papersOf(category);
    const documents = category === 'paper' ? [] : library.documents.filter((d) => d.category === category);
    const counts = new Map<string, number>();
    for (const d of [...chosenPapers, ...documents]) {
      for (const s of library.sentences.get(d.id) ?? []) {
        for (const [form, n] of s.forms) {
          const lemma = lexicon.facts(form)?.lemma ?? form;
          if (!listedBy.has(lemma) || stopWords.has(lemma)) continue;
          counts.set(lemma, (counts.get(lemma) ?? 0) + n);
        }
      }
    }
    const list = [...counts]
      .map(([w, count]) => ({ word: w, count, rank: listedBy.get(w)?.rank ?? 0 }))
      .sort((a, b) => b.count - a.count || byFrequencyRank(a, b))
      .map(({ word: w, count }) => ({ word: w, count }));
    const answer = {
      mockPapers: chosenPapers.filter((p) => p.ours).length,
      realPapers: chosenPapers.filter((p) => !p.ours).length,
      documents: documents.length,
      words: list,
    };
    examWordCache.set(category, answer);
    return answer;
  }

  const listCache = new Map<CourseBookCategory, ListedWord[]>();
  /** A category's list, commonest first (the assessment's lists, the frequent words without material). */
  function planWords(category: Exclude<CourseBookCategory, 'paper'>): ListedWord[] {
    const known = listCache.get(category);
    if (known) return known;
    const { pick, limit } = plans[category].words;
    // One entry per spelling: ECDICT has 'AM' and 'am', 'US' and 'us'; the lower-case one wins.
    const seen = new Set<string>();
    const list = listedWords
      .filter(pick)
      .sort((a, b) => byFrequencyRank(a, b) || Number(a.word !== a.word.toLowerCase()) - Number(b.word !== b.word.toLowerCase()))
      .filter((w) => !seen.has(w.word.toLowerCase()) && seen.add(w.word.toLowerCase()))
      .slice(0, limit ?? Number.MAX_SAFE_INTEGER);
    listCache.set(category, list);
    return list;
  }

  /**
   * A word book's groups in book order. An exam's: the words of the exam's own level (what it adds
   * to the stages before it), the ones that weigh most in the exam's material first, then by how
   * common they are; then each level below, hardest first, to review. `level` is the word level
   * (profile.ts), so that a learner's assessed vocabulary can say where to start.
   */
  function wordGroups(category: Exclude<CourseBookCategory, 'paper'>): StageGroup[] {
    const plan = plans[category];
    if (!plan.words.exam) return [{ name: '', level: 0, words: planWords(category) }];
    return stageGroups(category, planWords(category), new Map(examWords(category).words.map((w) => [w.word, w.count])));
  }

  const libraryCount = (w: ListedWord) => formsOf(w).reduce((n, f) => n + (formCount.get(f) ?? 0), 0);

  // Sentences by difficulty level, each level in a fixed order that mixes the sources.
  const gradedSentences = new Map<number, LibrarySentence[]>();
  {
    const seen = new Set<string>();
    for (const s of allSentences) {
      const d = docs.get(s.document_id);
      if (!d || d.category === 'paper') continue;
      if (s.word_count < sentenceWords.min || s.word_count > sentenceWords.max || !isSentenceLike(s.text)) continue;
      const key = s.text.toLowerCase();
      if (seen.has(key)) continue;
      seen.add(key);
      const level = sentenceLevel(s);
      if (level > 5) continue;
      let list = gradedSentences.get(level);
      if (!list) gradedSentences.set(level, (list = []));
      list.push(s);
    }
    for (const [level, list] of gradedSentences) {
      list.sort((a, b) => stableHash(a.text) - stableHash(b.text) || a.id - b.id);
      gradedSentences.set(level, list.slice(0, sentencesPerLevel));
    }
  }
  const courseSentence = (s: LibrarySentence, level: number): CourseSentence => ({
    id: s.id,
    text: s.text,
    level,
    document: documentRef(s.document_id),
  });

  // Reading passages of a document (its sentences with their paragraph numbers).
  const passageCache = new Map<number, ReadingItem[][]>();
  function passages(d: LibraryDocument): ReadingItem[][] {
    const known = passageCache.get(d.id);
    if (known) return known;
    const paragraphs = paragraphsOfDoc(d.id).map((p) => p.map((s) => ({ id: s.id, text: s.text, words: s.word_count })));
    let paragraphNo = 0;
    const made = passagesOf(paragraphs, passageWords).map((passage) =>
      passage.flatMap((p) => {
        const n = paragraphNo++;
        return p.map((s) => ({ id: s.id, text: s.text, paragraph: n, document_id: d.id }));
      }),
    );
    passageCache.set(d.id, made);
    return made;
  }
  const readingUnits = (d: LibraryDocument) => {
    const list = passages(d);
    return list.map((items, i) => ({
      key: `doc:${identityKey(d)}#${i + 1}`,
      name: list.length > 1 ? `${d.title}（${i + 1}/${list.length}）` : d.title,
      items,
    }));
  };
  const questionUnits = (list: LibraryDocument[]) =>
    list.map((p) => ({ key: `paper:${identityKey(p)}`, name: p.title, items: library.questions.get(identityKey(p)) ?? [] }));

  function make<T>(
    category: CourseBookCategory,
    type: CourseType,
    name: string,
    description: string,
    drafts: LevelDraft<T>[],
    countItems: (units: NumberedUnit<T>[]) => number,
  ) {
    const { levels, units } = numberUnits(drafts);
    return {
      id: `${category}-${type}`,
      category,
      type,
      name,
      description,
      levels,
      units,
      items: countItems(units),
      keys: new Set(units.map((u) => u.key)),
    };
  }
  const sumItems = <T>(units: NumberedUnit<T>[]) => units.reduce((n, u) => n + u.items.length, 0);

  function buildBooks(category: CourseBookCategory): Book[] {
    const label = courseBookLabels[category];
    const books: Book[] = [];
    if (category === 'paper') {
      const ranked = examWords('paper').words.map((w) => w.word);
      books.push({
        ...make(
          category,
          'word',
          '试卷高频词',
          '模拟卷和导入的真题中出现次数最多的词，按出现次数排序',
          wordBookLevels(ranked, wordsPerUnit, unitsPerWordLevel),
          sumItems,
        ),
        type: 'word',
      });
      const sentenceDrafts = paperGroups(papers, 'exam').map(([name, group]) => ({
        name,
        units: chunk(
          group.flatMap((p) =>
            (library.sentences.get(p.id) ?? []).filter((s) => s.word_count >= sentenceWords.min && s.word_count <= 40),
          ),
          sentencesPerUnit,
        ).map((items, i) => ({ key: `${name}:${i + 1}`, name: `Unit ${i + 1}`, items: items.map((s) => courseSentence(s, 0)) })),
      }));
      books.push({
        ...make(category, 'sentence', '试卷句子', '模拟卷和导入的真题中的句子，按考试分组', sentenceDrafts, sumItems),
        type: 'sentence',
      });
      const readingDrafts = paperGroups(papers, 'exam').map(([name, group]) => ({ name, units: group.flatMap(readingUnits) }));
      books.push({
        ...make(category, 'reading', '试卷阅读', '模拟卷和导入的真题原文，按考试分组', readingDrafts, (u) => u.length),
        type: 'reading',
      });
    } else {
      const plan = plans[category];
      const groups = wordGroups(category).map((g) => ({ name: g.name, words: g.words.map((w) => w.word.toLowerCase()) }));
      books.push({
        ...make(
          category,
          'word',
          plan.words.name,
          plan.words.description,
          wordBookGroups(groups, wordsPerUnit, unitsPerWordLevel),
          sumItems,
        ),
        type: 'word',
      });
      const reach = difficultyLevels.filter((l) => l.level <= plan.level);
      const sentenceDrafts = reach.map((l) => ({
        name: l.label,
        units: chunk(gradedSentences.get(l.level) ?? [], sentencesPerUnit).map((items, i) => ({
          key: `${l.level}:${i + 1}`,
          name: `${l.label} Unit ${i + 1}`,
          items: items.map((s) => courseSentence(s, l.level)),
        })),
      }));
      books.push({
        ...make(
          category,
          'sentence',
          `${label}分级句子`,
          `从语境的文章中选出长度适中的句子，按句中最难词的级别分级（${levelSpan(plan.level)}），每级至多 ${sentencesPerLevel} 句`,
          sentenceDrafts,
          sumItems,
        ),
        type: 'sentence',
      });
      // Short texts before the passages of long books, each in import order.
      const readable = library.documents
        .filter((d) => d.category !== 'paper' && d.word_count > 0)
        .sort((a, b) => Number(a.word_count > 2 * passageWords) - Number(b.word_count > 2 * passageWords) || a.id - b.id);
      const readingDrafts = reach.map((l) => ({
        name: l.label,
        units: readable.filter((d) => d.level === l.level).flatMap(readingUnits),
      }));
      books.push({
        ...make(
          category,
          'reading',
          `${label}分级阅读`,
          `语境的文章，按难度分级（${levelSpan(plan.level)}），每单元一篇短文或长文的一段（约 ${passageWords} 词）`,
          readingDrafts,
          (u) => u.length,
        ),
        type: 'reading',
      });
    }
    const withQuestions = papersOf(category).filter((p) => library.questions.has(identityKey(p)));
    const questionDrafts = paperGroups(withQuestions, category === 'paper' ? 'exam' : 'year').map(([name, group]) => ({
      name,
      units: questionUnits(group),
    }));
    const rq = make(
      category,
      'reading-question',
      category === 'paper' ? '模拟卷与真题' : `${label}模拟卷与真题`,
      '按考试题型编写的模拟卷（标“模拟”）和导入的历年真题（标“真题”）：作答、评分、看解析',
      questionDrafts,
      (u) => u.length,
    );
    books.push({ ...rq, type: 'reading-question', papers: new Map(withQuestions.map((p) => [`paper:${identityKey(p)}`, p.id])) });
    return books.filter((b) => b.units.length > 0).sort((a, b) => typeOrder.indexOf(a.type) - typeOrder.indexOf(b.type));
  }

  const booksByCategory = new Map<CourseBookCategory, Book[]>();
  const byId = new Map<string, Book>();
  const booksOf = (category: CourseBookCategory) => {
    let books = booksByCategory.get(category);
    if (!books) {
      books = buildBooks(category);
      booksByCategory.set(category, books);
      for (const b of books) byId.set(b.id, b);
    }
    return books;
  };

  return {
    booksOf,
    book(id) {
      const category = courseBookCategories.find((c) => id.startsWith(`${c}-`));
      if (!category) return undefined;
      booksOf(category);
      return byId.get(id);
    },
    word: (w) => word(w.toLowerCase()),
    documentRef,
    paragraphs: (id) => paragraphsOfDoc(id).map((p) => p.map((s) => ({ id: s.id, text: s.text }))),
    paper(id) {
      const d = docs.get(id);
      const paragraphs = paragraphsOfDoc(id);
      return {
        kind: d?.ours ? '模拟' : '真题',
        sections: (d?.sectionParagraphs ?? [])
          .filter((p) => p < paragraphs.length)
          .map((paragraph, i) => ({ number: i + 1, title: paragraphs[paragraph].map((s) => s.text).join(' '), paragraph })),
      };
    },
    examWords,
    lemmaOf: (form) => lexicon.facts(form)?.lemma ?? form,
    paperLevel: (id) => docs.get(id)?.level ?? 1,
    wordLevelOf: (w) => {
      const listed = listedBy.get(w.toLowerCase());
      return listed ? wordLevel(listed) : undefined;
    },
    listWords(category) {
      if (category === 'paper') return [];
      return planWords(category).map((w) => ({ word: w.word.toLowerCase(), count: libraryCount(w) }));
    },
    listed: (w) => listedBy.get(w.toLowerCase()),
    passageQuestions(documentId, sentences) {
      const d = docs.get(documentId);
      if (d?.category !== 'paper') return [];
      const texts = sentences.map((s) => normalised(s.text));
      return (library.questions.get(identityKey(d)) ?? []).filter((q) => {
        const opening = normalised(q.evidence).slice(0, 30);
        return opening !== '' && texts.some((t) => t.includes(opening));
      });
    },
  };
}

// Papers are grouped by exam in the menu's order; others after, by name.
function examIndex(subCategory: string): number {
  const i = (courseBookCategories as readonly string[]).indexOf(subCategory);
  return i >= 0 ? i : courseBookCategories.length;
}
function examName(subCategory: string): string {
  return (courseBookLabels as Record<string, string>)[subCategory] ?? (subCategory || '其他');
}

/** The questions of a reading-question unit as learners see them (without answers). */
export const publicQuestions = (questions: StoredQuestion[]): ReadingQuestion[] =>
  questions.map(({ number, section, type, stem, options }) => ({ number, section, type, stem, options }));
