import { describe, expect, it } from 'vitest';
import { bookUpload } from '../../lib/contract';
import { sharedEcdictLexicon } from '../reading/profile';
import { makeBook, maxBookSentences, maxSentenceCharacters, pageCharacters, pageStarts } from './book';
import { BookFileError, extractBook, markdownSections } from './extract';
import { bombEpub, sampleEpub, samplePdf, type SampleChapter } from './sample-books';

const chapters: SampleChapter[] = [
  {
    title: 'Chapter 1. The Fox',
    paragraphs: [
      'A hungry fox saw some fine grapes hanging from a vine. He jumped and jumped, but he could not reach them.',
      'At last he walked away and said that the grapes were sour anyway.',
    ],
  },
  {
    title: 'Chapter 2. The Crow',
    paragraphs: [
      'A thirsty crow found a pitcher with a little water at the bottom. She dropped pebbles into it until the water rose.',
    ],
  },
];

const utf8 = (text: string) => new TextEncoder().encode(text);
const refusal = async (name: string, bytes: Uint8Array) => {
  try {
    await extractBook(name, bytes);
  } catch (error) {
    if (error instanceof BookFileError) return { status: error.httpStatus, message: error.message };
    throw error;
  }
  throw new Error('not refused');
};

describe('reading an uploaded book', () => {
  it('reads an EPUB’s chapters in spine order, its cover joined to the first', async () => {
    const extracted = await extractBook('fables.epub', sampleEpub('Two Fables', chapters));
    expect(extracted.title).toBe('Two Fables');
    const book = makeBook(extracted, sharedEcdictLexicon());
    expect(book.chapters.map((c) => c.title)).toEqual(['The Fox', 'The Crow']);
    expect(book.chapters[0].paragraphs.flat()).toContain('He jumped and jumped, but he could not reach them.');
    expect(book.chapters[1].paragraphs.flat().at(-1)).toBe('She dropped pebbles into it until the water rose.');
  });

  it('reads a PDF’s text layer as paragraphs, without its page numbers', async () => {
    const extracted = await extractBook('fables.pdf', await samplePdf(chapters));
    const book = makeBook(extracted, sharedEcdictLexicon());
    expect(book.chapters.map((c) => c.title)).toEqual(['The Fox', 'The Crow']);
    expect(book.chapters[0].paragraphs).toEqual([
      ['Chapter 1.', 'The Fox'],
      ['A hungry fox saw some fine grapes hanging from a vine.', 'He jumped and jumped, but he could not reach them.'],
      ['At last he walked away and said that the grapes were sour anyway.'],
    ]);
    expect(book.chapters.flatMap((c) => c.paragraphs.flat()).some((s) => /^\d+$/.test(s))).toBe(false);
  });

  it('cuts Markdown at its top headings and plain text at its chapter headings, else in parts', async () => {
    expect(markdownSections('Preface line.\n\n# One\n\nText one.\n\n```\n# not a heading\n```\n\n## Two *b*\nText two.')).toEqual(
      [
        { text: 'Preface line.\n' },
        { title: 'One', text: '\nText one.\n\n```\n# not a heading\n```\n' },
        { title: 'Two b', text: 'Text two.' },
      ],
    );
    const text = await extractBook('t.txt', utf8('CHAPTER I.\n\nThe cat sat.\n\nCHAPTER II.\n\nThe dog ran.'));
    expect(makeBook(text, sharedEcdictLexicon()).chapters.map((c) => c.title)).toEqual(['CHAPTER I', 'CHAPTER II']);
    const long = Array.from({ length: 700 }, (_, i) => `Paragraph ${i} has a few plain words in it.`).join('\n\n');
    const parts = makeBook(await extractBook('long.txt', utf8(long)), sharedEcdictLexicon()).chapters;
    expect(parts.map((c) => c.title)).toEqual(['第 1 部分', '第 2 部分', '第 3 部分']);
  });

  it('counts the book’s lemmas with their word levels, names left out', async () => {
    const book = makeBook(
      await extractBook('t.txt', utf8('Alice ran. Then Alice ran again, and the ubiquitous cats ran.')),
      sharedEcdictLexicon(),
    );
    expect(book.words.get('run')?.occurrences).toBe(3);
    expect(book.words.get('cat')).toEqual({ occurrences: 1, level: 1 });
    expect(book.words.get('ubiquitous')?.level).toBeGreaterThan(3);
    expect(book.words.has('alice')).toBe(false);
  });

  it('folds headings without text into the next chapter, and cuts runs of text without a stop', async () => {
    const book = makeBook(
      await extractBook(
        'b.md',
        utf8(`# Part One\n\n## Chapter 1\n\nThe rain fell.\n\n## Chapter 2\n\n${'word '.repeat(500)}\n\n# Notes\n`),
      ),
      sharedEcdictLexicon(),
    );
    expect(book.chapters.map((c) => c.title)).toEqual(['Chapter 1', 'Chapter 2']);
    expect(book.chapters[0].paragraphs).toEqual([['Part One'], ['The rain fell.']]);
    // The last heading has nothing after it: it ends the chapter before.
    expect(book.chapters[1].paragraphs.at(-1)).toEqual(['Notes']);
    const long = book.chapters[1].paragraphs[0];
    expect(long.length).toBe(3);
    expect(long.every((s) => s.length <= maxSentenceCharacters && /^word( word)*$/.test(s))).toBe(true);
  });

  it('cuts a chapter into pages at paragraph ends, inside a paragraph longer than a page', () => {
    const paragraph = (sentences: number) => Array.from({ length: sentences }, () => 'x'.repeat(99));
    // Two paragraphs of 8,000 characters fit a page; a third starts the next one.
    expect(pageStarts([paragraph(80), paragraph(80), paragraph(80)])).toEqual([0, 160]);
    // A paragraph of 50,000 characters is cut at sentences.
    expect(pageStarts([paragraph(10), paragraph(500)])).toEqual([0, 200, 400]);
    expect(pageCharacters).toBe(20_000);
  });

  it('refuses a flood of fragments and an EPUB that unpacks past its ceiling', async () => {
    const fragments = await extractBook('dots.txt', utf8('Go. '.repeat(maxBookSentences + 1)));
    expect(() => makeBook(fragments, sharedEcdictLexicon())).toThrow(/^文本过于零碎：最多 200,000 个句子/);
    expect(await refusal('bomb.epub', bombEpub(100 << 20))).toEqual({
      status: 413,
      message: 'EPUB 解压后过大：文字部分最多 64 MB',
    });
  });

  it('refuses files too large, of another kind, corrupt or without text, with a clear reason', async () => {
    expect(await refusal('big.txt', new Uint8Array(bookUpload.maxBytes + 1).fill(65))).toEqual({
      status: 413,
      message: '文件过大：最大 10 MB',
    });
    expect((await refusal('book.docx', utf8('hello'))).message).toMatch(/不支持的文件类型/);
    expect((await refusal('book.pdf', utf8('hello there'))).message).toMatch(/不是 PDF/);
    const pdf = await samplePdf(chapters);
    expect((await refusal('cut.pdf', pdf.slice(0, 400))).message).toMatch(/已损坏/);
    expect((await refusal('book.epub', utf8('PK\u0003\u0004 not a zip at all'))).message).toMatch(/EPUB/);
    expect((await refusal('latin1.txt', new Uint8Array([0x63, 0x61, 0x66, 0xe9, 0x20, 0x6f]))).message).toMatch(/UTF-8/);
    expect((await refusal('empty.txt', new Uint8Array())).message).toBe('文件是空的');
    expect((await refusal('blank.md', utf8('\n\n  ... 123 \n'))).message).toBe('文件里没有可读取的文字');
  });
});
