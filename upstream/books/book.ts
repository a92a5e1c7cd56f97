import { bookUpload, type BookChapter } from '../../lib/contract';
import { chaptersOf } from '../reading/chapters';
import {
  isNameLike,
  lexiconFacts,
  profileOf,
  wordLevel,
  type DocumentProfile,
  type Lexicon,
  type WordFacts,
} from '../reading/profile';
import { paragraphSentences, tokenize, wordCount } from '../reading/text';
import { BookFileError, type BookSection, type ExtractedBook } from './extract';

/*
 * An extracted file made into a book: chapters of paragraphs of sentences, the exam profile and
 * level of the whole text (content/profile.ts), and every known lemma with its count and word level,
 * from which the reader's unknown words are read.
 *
 * Every part of a book is bounded, whatever the file, so that storing it and reading it stay small
 * (an upload of 500,000 empty Markdown headings was once a book of 500,001 chapters): a sentence
 * has at most maxSentenceCharacters characters (a longer run without a stop is cut at a space); a
 * heading with no text under it is not a chapter but a line at the head of the next one; a book
 * has at most bookUpload.maxChapters chapters (beyond, the shortest runs of chapters are joined);
 * at most maxBookSentences sentences (beyond, the file is refused); and each chapter is read in
 * pages of about pageCharacters characters, cut at paragraph ends where a paragraph allows.
 * This runs in a worker thread (book-worker.mjs), never on the service's event loop.
 */

export interface BookChapterText {
  title: string;
  /** Paragraphs of sentences. */
  paragraphs: string[][];
  /** Whether the title is the chapter's first line (a heading in the text) rather than given apart (Markdown, parts). */
  titleInText?: boolean;
  /** A heading with no text under it. */
  headingOnly?: boolean;
}

/** The longest sentence kept whole; a longer run of text without a sentence stop is cut at a space. */
export const maxSentenceCharacters = 1_000;
/** A chapter's page: about this many characters of text (a page of get_book, a screenful or ten). */
export const pageCharacters = 20_000;
/** More sentences than this is not a book but a flood of fragments: refused (a 4 M-character novel has about 50,000). */
export const maxBookSentences = 200_000;
// A run of more headings without text than this is packed into lines of several headings each.
const headingsKeptApart = 10;
const maxTitleCharacters = bookUpload.maxTitle;

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
  const titled = !!firstTitle && !!paragraphs[0]?.join(' ').startsWith(firstTitle);
  return out.map((chapter, i) => ({
    ...chapter,
    title: out.length === 1 ? (firstTitle ?? '全文') : firstTitle ? `${firstTitle}（${i + 1}）` : `第 ${i + 1} 部分`,
    titleInText: i === 0 && titled,
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
    chapters.push({
      title: heading.title,
      paragraphs: paragraphs.slice(start, end),
      titleInText: true,
      headingOnly: end - start === 1 && start === heading.paragraph,
    });
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

/**
 * The lexicon with every answer kept for the book's making: a novel has some 20,000 forms, more
 * than ECDICT's own cache holds, and each is asked for twice (the profile, the lemmas).
 */
function remembering(lexicon: Lexicon): Lexicon {
  const known = new Map<string, WordFacts | undefined>();
  return {
    facts(form) {
      if (known.has(form)) return known.get(form);
      const facts = lexicon.facts(form);
      known.set(form, facts);
      return facts;
    },
    prefetch: lexicon.prefetch && ((forms) => lexicon.prefetch?.(forms)),
  };
}

export function makeBook(extracted: ExtractedBook, ecdict: Lexicon): MadeBook {
  const lexicon = remembering(ecdict);
  let chapters: BookChapterText[] = [];
  if (extracted.format === 'epub') {
    // Each spine item is a chapter; short ones (cover, title page) go with the next.
    let pending: string[][] = [];
    for (const section of extracted.sections) {
      const own = boundedSentences(paragraphSentences(section.text));
      const paragraphs = [...pending, ...own];
      // A short section goes with the next one (a cover, a title page), unless it is a chapter:
      // a heading with text under it.
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
      const paragraphs = boundedSentences(paragraphSentences(section.text));
      if (!paragraphs.length) {
        if (section.title) {
          const [heading] = boundedSentences([[section.title]]);
          chapters.push({ title: section.title, paragraphs: [heading], titleInText: true, headingOnly: true });
        }
        continue;
      }
      chapters.push(...chaptersOfSection(section, paragraphs));
    }
  }
  chapters = withoutTitleLine(chapters, extracted.title).filter((c) => c.paragraphs.length > 0);
  chapters = joinChapters(foldHeadings(chapters), bookUpload.maxChapters);
  // Titles the book gives no name to are numbered.
  chapters = chapters.map((c, i) => ({ ...c, title: (c.title || `第 ${i + 1} 章`).slice(0, maxTitleCharacters) }));

  let sentenceCount = 0;
  for (const chapter of chapters) for (const paragraph of chapter.paragraphs) sentenceCount += paragraph.length;
  if (sentenceCount > maxBookSentences) {
    throw new BookFileError(
      `文本过于零碎：最多 ${maxBookSentences.toLocaleString('en-US')} 个句子，这个文件有 ${sentenceCount.toLocaleString('en-US')} 个`,
      413,
    );
  }
  const sentences = chapters.flatMap((c) => c.paragraphs.flat());
  const profile = profileOf(sentences, lexicon);
  const words = new Map<string, { occurrences: number; level: number }>();
  const tokenized = sentences.map((sentence) => tokenize(sentence).filter((t) => t.isWord));
  const names = properNames(tokenized);
  for (const tokens of tokenized) {
    for (const [i, { text }] of tokens.entries()) {
      if ((i > 0 && isNameLike(text)) || names.has(text.toLowerCase())) continue;
      for (const facts of lexiconFacts(text, lexicon)) {
        const known = words.get(facts.lemma);
        if (known) known.occurrences++;
        else words.set(facts.lemma, { occurrences: 1, level: wordLevel(facts) });
      }
    }
  }
  return { chapters, profile, words, sentenceCount };
}

/** Text as compared for sameness: letters and digits, in lower case. */
const comparable = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();

/**
 * The chapters without the book's title as their first line: the reader shows the title above the
 * book, and a title page ("Two Fables" on a PDF's first page, a text's first line) would say it
 * again as the first paragraph.
 */
function withoutTitleLine(chapters: BookChapterText[], title: string | undefined): BookChapterText[] {
  const [first, ...rest] = chapters;
  const line = first?.paragraphs[0]?.join(' ');
  if (!title || !line || comparable(line) !== comparable(title)) return chapters;
  return [{ ...first, paragraphs: first.paragraphs.slice(1), titleInText: false }, ...rest];
}

/**
 * The book's proper names, in lower case: words written with a capital inside a sentence and
 * never in lower case anywhere in the book. A name the dictionary also has as a word ("Harry",
 * "Rose", "Bob") is then left out where it opens a sentence too, instead of being listed as a new
 * word; a word capitalised for emphasis or in a title ("the Garden") that the book also writes in
 * lower case stays a word.
 */
export function properNames(sentences: readonly { text: string }[][]): Set<string> {
  const capitalised = new Set<string>();
  const lower = new Set<string>();
  for (const tokens of sentences) {
    for (const [i, { text }] of tokens.entries()) {
      if (i > 0 && isNameLike(text)) capitalised.add(text.toLowerCase());
      else if (text === text.toLowerCase()) lower.add(text);
    }
  }
  return new Set([...capitalised].filter((name) => !lower.has(name)));
}

/** Sentences cut to maxSentenceCharacters: a longer one at its last space before the bound, else at the bound. */
export function boundedSentences(paragraphs: string[][]): string[][] {
  return paragraphs.map((sentences) => {
    if (sentences.every((s) => s.length <= maxSentenceCharacters)) return sentences;
    return sentences.flatMap((sentence) => {
      const pieces: string[] = [];
      let rest = sentence;
      while (rest.length > maxSentenceCharacters) {
        let cut = rest.lastIndexOf(' ', maxSentenceCharacters);
        if (cut < maxSentenceCharacters / 2) cut = maxSentenceCharacters;
        // Never between the two halves of a surrogate pair.
        if (/[\uD800-\uDBFF]/.test(rest[cut - 1] ?? '')) cut--;
        pieces.push(rest.slice(0, cut).trim());
        rest = rest.slice(cut).trim();
      }
      if (rest) pieces.push(rest);
      return pieces.filter(Boolean);
    });
  });
}

/**
 * Headings with no text under them are not chapters: each run of them goes to the head of the
 * next chapter (the last run to the end of the one before), a heading a paragraph; a long run
 * (a file of nothing but headings) as paragraphs of many headings each, so that it stays a few
 * sentences rather than one per heading.
 */
function foldHeadings(chapters: BookChapterText[]): BookChapterText[] {
  const out: BookChapterText[] = [];
  let run: BookChapterText[] = [];
  const runParagraphs = (): string[][] => {
    if (run.length <= headingsKeptApart) return run.flatMap((c) => c.paragraphs);
    const lines = run.map((c) => c.paragraphs.flat().join(' '));
    return boundedSentences([[lines.join(' / ')]]);
  };
  for (const chapter of chapters) {
    if (chapter.headingOnly) {
      run.push(chapter);
      continue;
    }
    if (run.length) {
      out.push({ ...chapter, title: chapter.title, paragraphs: [...runParagraphs(), ...chapter.paragraphs], titleInText: false });
      run = [];
    } else out.push(chapter);
  }
  if (run.length) {
    const last = out.pop();
    if (last) out.push({ ...last, paragraphs: [...last.paragraphs, ...runParagraphs()] });
    else out.push({ title: run[0].title, paragraphs: runParagraphs(), titleInText: true });
  }
  return out;
}

/**
 * At most `max` chapters: when there are more, neighbours are joined in reading order, a group
 * closing once it has its share of the book's words (the whole count over `max`), so that long
 * chapters stay alone and runs of short ones go together. A joined chapter keeps every heading in
 * its text and is named by its first and last.
 */
function joinChapters(chapters: BookChapterText[], max: number): BookChapterText[] {
  if (chapters.length <= max) return chapters;
  const words = chapters.map((c) => wordsOf(c.paragraphs));
  const share = Math.max(1, Math.ceil(words.reduce((a, b) => a + b, 0) / max));
  const groups: BookChapterText[][] = [];
  let group: BookChapterText[] = [];
  let groupWords = 0;
  for (const [i, chapter] of chapters.entries()) {
    group.push(chapter);
    groupWords += words[i];
    if (groupWords >= share) {
      groups.push(group);
      group = [];
      groupWords = 0;
    }
  }
  if (group.length) {
    if (groups.length >= max) groups[groups.length - 1].push(...group);
    else groups.push(group);
  }
  return groups.map((members) => {
    if (members.length === 1) return members[0];
    const [first] = members;
    const last = members[members.length - 1];
    const paragraphs: string[][] = [...first.paragraphs];
    for (const member of members.slice(1)) {
      if (member.title && !member.titleInText) paragraphs.push(...boundedSentences([[member.title]]));
      for (const paragraph of member.paragraphs) paragraphs.push(paragraph);
    }
    const title = first.title && last.title ? `${first.title} – ${last.title}` : first.title || last.title;
    return { title, paragraphs, titleInText: first.titleInText };
  });
}

/**
 * Where each page of a chapter starts, as sentence offsets in the chapter (the first is 0): a
 * page ends before the paragraph that would take it past pageCharacters; a paragraph longer than
 * a page goes on from where the page is and is cut before the sentence that would.
 */
export function pageStarts(paragraphs: string[][]): number[] {
  const starts = [0];
  let offset = 0;
  let size = 0;
  for (const paragraph of paragraphs) {
    const length = paragraph.reduce((n, s) => n + s.length + 1, 0);
    if (length > pageCharacters) {
      for (const sentence of paragraph) {
        if (size > 0 && size + sentence.length + 1 > pageCharacters) {
          starts.push(offset);
          size = 0;
        }
        size += sentence.length + 1;
        offset++;
      }
    } else {
      if (size > 0 && size + length > pageCharacters) {
        starts.push(offset);
        size = 0;
      }
      size += length;
      offset += paragraph.length;
    }
  }
  return starts;
}

/** A chapter as the book's row keeps it: what the contract lists, and where its pages start. */
export interface StoredChapter extends BookChapter {
  /** Sentence offsets in the chapter where its pages start ([0] for one page); absent in books made before pages. */
  starts?: number[];
}

/** The chapters as the book's row lists them. */
export function chapterList(book: Pick<MadeBook, 'chapters'>): StoredChapter[] {
  return book.chapters.map((c, i) => {
    const starts = pageStarts(c.paragraphs);
    return {
      number: i + 1,
      title: c.title,
      sentences: c.paragraphs.reduce((n, p) => n + p.length, 0),
      word_count: wordsOf(c.paragraphs),
      pages: starts.length,
      starts,
    };
  });
}

/**
 * A made book as it travels from the worker to the service: its texts as UTF-8 bytes with their
 * ends, and its numbers, in typed arrays whose buffers are handed over (transferred), not copied:
 * millions of small strings and arrays would each be cloned on the service's event loop, and even
 * one string of 4 million characters costs it some 10 ms to receive. The rows are decoded a chunk
 * at a time as they are written (sentenceRows, wordRows).
 */
export interface PackedBook {
  chapters: StoredChapter[];
  /** Every sentence in reading order, UTF-8, one after another; sentence i ends at sentenceEnds[i]. */
  sentences: Uint8Array;
  sentenceEnds: Uint32Array;
  /** Sentences in each paragraph, in reading order; a chapter is whole paragraphs. */
  paragraphSizes: Uint32Array;
  sentenceCount: number;
  profile: DocumentProfile;
  /** The book's lemmas, UTF-8, one after another, with their ends, occurrences and word levels at the same index. */
  lemmas: Uint8Array;
  lemmaEnds: Uint32Array;
  occurrences: Uint32Array;
  levels: Uint8Array;
}

/** Texts as one UTF-8 buffer and the byte offset where each ends. */
function packTexts(texts: string[]): { bytes: Uint8Array; ends: Uint32Array } {
  const encoder = new TextEncoder();
  const parts = texts.map((text) => encoder.encode(text));
  const ends = new Uint32Array(parts.length);
  let length = 0;
  for (const [i, part] of parts.entries()) {
    length += part.byteLength;
    ends[i] = length;
  }
  const bytes = new Uint8Array(length);
  for (const [i, part] of parts.entries()) bytes.set(part, ends[i] - part.byteLength);
  return { bytes, ends };
}

export function packBook(book: MadeBook): PackedBook {
  const sentences: string[] = [];
  const sizes: number[] = [];
  for (const chapter of book.chapters) {
    for (const paragraph of chapter.paragraphs) {
      sizes.push(paragraph.length);
      for (const sentence of paragraph) sentences.push(sentence);
    }
  }
  const lemmas = [...book.words.keys()];
  const packedSentences = packTexts(sentences);
  const packedLemmas = packTexts(lemmas);
  return {
    chapters: chapterList(book),
    sentences: packedSentences.bytes,
    sentenceEnds: packedSentences.ends,
    paragraphSizes: Uint32Array.from(sizes),
    sentenceCount: book.sentenceCount,
    profile: book.profile,
    lemmas: packedLemmas.bytes,
    lemmaEnds: packedLemmas.ends,
    occurrences: Uint32Array.from(lemmas, (l) => book.words.get(l)?.occurrences ?? 0),
    levels: Uint8Array.from(lemmas, (l) => book.words.get(l)?.level ?? 0),
  };
}

/** The buffers of a packed book, to be transferred rather than copied. */
export const packedBuffers = (book: PackedBook): ArrayBuffer[] =>
  [book.sentences, book.sentenceEnds, book.paragraphSizes, book.lemmas, book.lemmaEnds, book.occurrences, book.levels]
    .map((array) => array.buffer)
    .filter((buffer): buffer is ArrayBuffer => buffer instanceof ArrayBuffer);

/** The packed book's sentences as rows, in reading order: its chapter (1…), paragraph (0…) and position (0…). */
export function* sentenceRows(
  book: PackedBook,
): Generator<{ position: number; chapter: number; paragraph: number; text: string }> {
  const decoder = new TextDecoder();
  let position = 0;
  let chapter = 0;
  let chapterEnd = 0;
  for (const [paragraph, size] of book.paragraphSizes.entries()) {
    for (let i = 0; i < size; i++) {
      while (position >= chapterEnd && chapter < book.chapters.length) chapterEnd += book.chapters[chapter++].sentences;
      const text = decoder.decode(
        book.sentences.subarray(position ? book.sentenceEnds[position - 1] : 0, book.sentenceEnds[position]),
      );
      yield { position, chapter, paragraph, text };
      position++;
    }
  }
}

/** The packed book's lemmas with their occurrences and word levels. */
export function* wordRows(book: PackedBook): Generator<{ lemma: string; occurrences: number; level: number }> {
  const decoder = new TextDecoder();
  for (let i = 0; i < book.lemmaEnds.length; i++) {
    const lemma = decoder.decode(book.lemmas.subarray(i ? book.lemmaEnds[i - 1] : 0, book.lemmaEnds[i]));
    yield { lemma, occurrences: book.occurrences[i], level: book.levels[i] };
  }
}
