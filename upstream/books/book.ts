import type { BookChapter } from '../../lib/contract';
import { chaptersOf } from '../content/chapters';
import { isNameLike, lexiconFacts, profileOf, wordLevel, type DocumentProfile, type Lexicon } from '../content/profile';
import { paragraphSentences, tokenize, wordCount } from '../content/text';
import type { BookSection, ExtractedBook } from './extract';

/*
 * An extracted file made into a book: chapters of paragraphs of sentences, the exam profile and
 * level of the whole text (content/profile.ts), and every known lemma with its count and word level,
 * from which the reader's unknown words are read.
 */

export interface BookChapterText {
  title: string;
  /** Paragraphs of sentences. */
  paragraphs: string[][];
}

export interface MadeBook {
  chapters: BookChapterText[];
  profile: DocumentProfile;
  /** lemma → occurrences and word level (1–6). */
  words: Map<string, { occurrences: number; level: number }>;
  sentenceCount: number;
}

// A text without headings is read in parts of about this many words, cut at paragraph ends.
const partWords = 3_000;
// A section this short (a cover, a title page, a copyright notice) joins the next one.
const minSectionWords = 40;
const headingWords = 12;

const wordsOf = (paragraphs: string[][]) => paragraphs.reduce((n, p) => n + p.reduce((m, s) => m + wordCount(s), 0), 0);

/** The chapters of a text without headings of its own: parts of about partWords words. */
function parts(paragraphs: string[][], firstTitle?: string): BookChapterText[] {
  const out: BookChapterText[] = [];
  let current: string[][] = [];
  let words = 0;
  for (const paragraph of paragraphs) {
    current.push(paragraph);
    words += paragraph.reduce((n, s) => n + wordCount(s), 0);
    if (words >= partWords) {
      out.push({ title: '', paragraphs: current });
      current = [];
      words = 0;
    }
  }
  if (current.length) out.push({ title: '', paragraphs: current });
  return out.map((chapter, i) => ({
    ...chapter,
    title: out.length === 1 ? (firstTitle ?? '全文') : firstTitle ? `${firstTitle}（${i + 1}）` : `第 ${i + 1} 部分`,
  }));
}

/** One section's chapters: at its headings (chapters.ts) when it has any, else in parts. */
function chaptersOfSection(section: BookSection, paragraphs: string[][]): BookChapterText[] {
  let id = 0;
  const numbered = paragraphs.map((p) => p.map((text) => ({ id: id++, text })));
  const headings = chaptersOf(numbered);
  if (!headings.length) return parts(paragraphs, section.title);
  const chapters: BookChapterText[] = [];
  // What comes before the first heading (a preface, a title page) is a chapter of its own.
  // A short one (a book's title line) stays at the head of the first chapter.
  const front = paragraphs.slice(0, headings[0].paragraph);
  const longFront = wordsOf(front) >= minSectionWords;
  if (longFront) chapters.push(...parts(front, section.title ?? '开篇'));
  for (const [i, heading] of headings.entries()) {
    const end = headings[i + 1]?.paragraph ?? paragraphs.length;
    const start = i === 0 && !longFront ? 0 : heading.paragraph;
    chapters.push({ title: heading.title, paragraphs: paragraphs.slice(start, end) });
  }
  return chapters;
}

/** An EPUB spine item's title: its first paragraph when that is short (a heading). */
function sectionTitle(paragraphs: string[][]): string | undefined {
  const first = paragraphs[0];
  if (first?.length === 1 && wordCount(first[0]) <= headingWords && /\p{L}/u.test(first[0]))
    return first[0].replace(/[.\s]+$/, '');
  return undefined;
}

export function makeBook(extracted: ExtractedBook, lexicon: Lexicon): MadeBook {
  let chapters: BookChapterText[] = [];
  if (extracted.format === 'epub') {
    // Each spine item is a chapter; short ones (cover, title page) go with the next.
    let pending: string[][] = [];
    for (const section of extracted.sections) {
      const paragraphs = [...pending, ...paragraphSentences(section.text)];
      // A short section goes with the next one (a cover, a title page), unless it is a chapter:
      // a heading with text under it.
      const own = paragraphSentences(section.text);
      if (wordsOf(paragraphs) < minSectionWords && !(sectionTitle(own) && own.length > 1)) {
        pending = paragraphs;
        continue;
      }
      pending = [];
      const title = sectionTitle(own);
      chapters.push(...chaptersOfSection({ ...section, title }, paragraphs));
    }
    // What is left short at the end (a last short chapter, a colophon) is a chapter of its own.
    if (pending.length) chapters.push(...chaptersOfSection({ title: sectionTitle(pending), text: '' }, pending));
  } else {
    for (const section of extracted.sections) {
      const paragraphs = paragraphSentences(section.text);
      if (!paragraphs.length) {
        if (section.title) chapters.push({ title: section.title, paragraphs: [[section.title]] });
        continue;
      }
      chapters.push(...chaptersOfSection(section, paragraphs));
    }
  }
  chapters = chapters.filter((c) => c.paragraphs.length > 0);
  // Titles the book gives no name to are numbered.
  chapters = chapters.map((c, i) => ({ ...c, title: c.title || `第 ${i + 1} 章` }));

  const sentences = chapters.flatMap((c) => c.paragraphs.flat());
  const profile = profileOf(sentences, lexicon);
  const words = new Map<string, { occurrences: number; level: number }>();
  for (const sentence of sentences) {
    const tokens = tokenize(sentence).filter((t) => t.isWord);
    for (const [i, { text }] of tokens.entries()) {
      if (i > 0 && isNameLike(text)) continue;
      for (const facts of lexiconFacts(text, lexicon)) {
        const known = words.get(facts.lemma);
        if (known) known.occurrences++;
        else words.set(facts.lemma, { occurrences: 1, level: wordLevel(facts) });
      }
    }
  }
  return { chapters, profile, words, sentenceCount: sentences.length };
}

/** The chapters as the book's row lists them. */
export function chapterList(book: MadeBook): BookChapter[] {
  return book.chapters.map((c, i) => ({
    number: i + 1,
    title: c.title,
    sentences: c.paragraphs.reduce((n, p) => n + p.length, 0),
    word_count: wordsOf(c.paragraphs),
  }));
}
