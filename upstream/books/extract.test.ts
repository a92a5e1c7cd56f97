import { describe, expect, it } from 'vitest';
import { bookUpload } from '../../lib/contract';
import { sharedEcdictLexicon } from '../reading/profile';
import { makeBook, maxBookSentences, maxSentenceCharacters, pageCharacters, pageStarts } from './book';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { titleOfFileName } from './book-calls';
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

describe('what an uploaded book is called, and what it lists', () => {
  it('takes the title from the file itself, and does not repeat it as the first paragraph', async () => {
    // A PDF's document information names it; its first page says it again.
    const pdf = await PDFDocument.create();
    pdf.setTitle('Two Fables');
    const font = await pdf.embedFont(StandardFonts.TimesRoman);
    const page = pdf.addPage([595, 842]);
    page.drawText('Two Fables', { x: 60, y: 780, size: 20, font });
    page.drawText('A hungry fox saw some fine grapes hanging from a vine.', { x: 60, y: 700, size: 12, font });
    const fromPdf = await extractBook('scan_0042.pdf', await pdf.save());
    expect(fromPdf.title).toBe('Two Fables');
    const pdfBook = makeBook(fromPdf, sharedEcdictLexicon());
    expect(pdfBook.chapters[0].paragraphs[0]).toEqual(['A hungry fox saw some fine grapes hanging from a vine.']);

    // A Markdown file's first level-one heading; a plain text's first line standing alone.
    expect((await extractBook('notes.md', utf8('Intro line.\n\n# The Garden\n\n## One\n\nText.'))).title).toBe('The Garden');
    const text = await extractBook('book1.txt', utf8('The Secret Garden\n\nMary was a sour little girl.\n\nShe sat alone.'));
    expect(text.title).toBe('The Secret Garden');
    expect(makeBook(text, sharedEcdictLexicon()).chapters[0].paragraphs[0]).toEqual(['Mary was a sour little girl.']);
    // A first line that is a sentence, or a chapter's heading, is no title.
    expect((await extractBook('a.txt', utf8('It was a cold day.\n\nThe end.\n\nReally.'))).title).toBeUndefined();
    expect((await extractBook('a.txt', utf8('Chapter 1\n\nThe cat sat.\n\nThe end.'))).title).toBeUndefined();
    // An EPUB's dc:title, as before.
    expect((await extractBook('x.epub', sampleEpub('Two Fables', chapters))).title).toBe('Two Fables');
  });

  it('falls back to the file name, cleaned of its ending, copy marks and underscores', () => {
    expect(titleOfFileName('the_secret-garden (1).epub')).toBe('the secret garden');
    expect(titleOfFileName('weather days.pdf')).toBe('weather days');
    expect(titleOfFileName('well-known tales 副本.txt')).toBe('well-known tales');
    expect(titleOfFileName('___.txt')).toBe('___');
  });

  it('leaves proper names out of the words, even where one opens a sentence, but not words also written in lower case', async () => {
    const book = makeBook(
      await extractBook(
        't.txt',
        utf8('Harry smiled at the sea. Then Harry and Rose walked home. Rose laughed. Hope is good, and we hope so.'),
      ),
      sharedEcdictLexicon(),
    );
    // "harry" and "rose" are words of the dictionary, but here only ever names.
    expect(book.words.has('harry')).toBe(false);
    expect(book.words.has('rose')).toBe(false);
    // "hope" is written in lower case too: a word, counted where it opens a sentence as well.
    expect(book.words.get('hope')?.occurrences).toBe(2);
    expect(book.words.get('sea')?.occurrences).toBe(1);
  });

  it('cuts a PDF into chapters at its chapter headings, even without a page or a gap between them', async () => {
    // Three chapters on one page, each heading set as one more line of the text.
    const pdf = await PDFDocument.create();
    const font = await pdf.embedFont(StandardFonts.TimesRoman);
    const page = pdf.addPage([595, 842]);
    const lines = [
      'CHAPTER I',
      'The fox walked to the old vine and looked at the grapes.',
      'Chapter 2',
      'The crow found a pitcher with a little water in it.',
      'CHAPTER III. The Lion',
      'The lion slept under a tall tree all afternoon.',
    ];
    for (const [i, line] of lines.entries()) page.drawText(line, { x: 60, y: 780 - i * 16, size: 12, font });
    const book = makeBook(await extractBook('three.pdf', await pdf.save()), sharedEcdictLexicon());
    expect(book.chapters.map((c) => c.paragraphs.flat().at(-1))).toEqual([
      'The fox walked to the old vine and looked at the grapes.',
      'The crow found a pitcher with a little water in it.',
      'The lion slept under a tall tree all afternoon.',
    ]);
    expect(book.chapters.map((c) => c.title)).toEqual(['CHAPTER I', 'Chapter 2', 'The Lion']);
    // A Chinese edition's headings are chapter headings too.
    const chinese = makeBook(
      await extractBook('c.txt', utf8('第一章\n\nThe fox ran.\n\n第二章 乌鸦\n\nThe crow flew.')),
      sharedEcdictLexicon(),
    );
    expect(chinese.chapters.map((c) => c.paragraphs.flat().at(-1))).toEqual(['The fox ran.', 'The crow flew.']);
  });
});
