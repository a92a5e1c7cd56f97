import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookUpload, readableBook, shelfItem } from '../../lib/contract';
import { readPdf } from '../../tests/support/pdf-text';
import { createContentLibrary } from '../reading/library';
import { bearer, logInByEmail, startTestUpstream, type TestUpstream } from '../test-harness';
import { rawEpub, sampleEpub, samplePdf } from './sample-books';

const story = [
  'CHAPTER I. The Garden',
  'The old gardener planted roses by the wall every spring. His daughter watched him and asked many questions.',
  'CHAPTER II. The Storm',
  'One night a terrible storm broke the ancient oak tree. The ubiquitous debris covered the garden.',
].join('\n\n');

describe('book making and the bookshelf', () => {
  let upstream: TestUpstream;
  let reader: Record<string, string>;
  let other: Record<string, string>;

  const upload = (fields: Record<string, string | Blob | [Blob, string]>, headers: Record<string, string> = reader) => {
    const form = new FormData();
    for (const [name, value] of Object.entries(fields)) {
      if (Array.isArray(value)) form.append(name, value[0], value[1]);
      else form.append(name, value);
    }
    return upstream.request('/api/make_book', { method: 'POST', headers, body: form });
  };
  const getBook = (query: Record<string, string | number>, headers = reader) =>
    upstream.request(`/api/get_book?${new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)]))}`, { headers });
  const shelf = async (headers = reader) =>
    (await upstream.call('query_bookshelf', {}, headers)).body.data.items as { kind: string; ref: string; title: string }[];
  const file = (text: string | Uint8Array, type = 'text/plain') => new Blob([text as BlobPart], { type });

  beforeAll(async () => {
    upstream = await startTestUpstream();
    reader = bearer(await logInByEmail(upstream, 'reader@example.com'));
    other = bearer(await logInByEmail(upstream, 'other@example.com'));
    await createContentLibrary({ db: upstream.db, log: () => {}, now: () => new Date() }).importDocument({
      category: 'classic',
      filename: 'garden-notes',
      title: 'Garden Notes',
      source: 'written for the tests',
      licence: 'CC0',
      text: 'Roses grow by the wall.',
    });
  });
  afterAll(() => upstream.stop());

  it('makes a book from a text file: chapters, profile, unknown words, on the shelf', async () => {
    const made = await upload({ title: 'My Garden', options: JSON.stringify({ level: 2 }), file: [file(story), 'garden.txt'] });
    expect(made.http).toBe(200);
    expect(made.body.data).toMatchObject({
      title: 'My Garden',
      format: 'txt',
      file_name: 'garden.txt',
      chapter_count: 2,
      reader_level: 2,
    });
    expect(made.body.data.word_count).toBeGreaterThan(30);
    expect(made.body.data.unknown_words).toBeGreaterThan(0);
    const id = made.body.data.book_id;

    const first = await getBook({ book_id: id });
    expect(first.http).toBe(200);
    const book = readableBook.parse(first.body.data);
    expect(book.chapters.map((c) => c.title)).toEqual(['The Garden', 'The Storm']);
    expect(book.chapter.number).toBe(1);
    expect(book.chapter.paragraphs.flat().map((s) => s.text)).toContain('His daughter watched him and asked many questions.');
    expect(book.unknown_words.items.map((w) => w.lemma)).toContain('ubiquitous');
    expect(book.unknown_words.items.map((w) => w.lemma)).not.toContain('tree');

    const second = (await getBook({ book_id: id, chapter: 2 })).body.data;
    expect(second.chapter.title).toBe('The Storm');
    expect(second.chapter.paragraphs[1][0]).toEqual({
      id: expect.any(Number),
      text: 'One night a terrible storm broke the ancient oak tree.',
    });
    expect((await getBook({ book_id: id, chapter: 3 })).http).toBe(404);

    // Marking a word 熟词 takes it off the unknown words; 生词 puts an easy one on.
    await upstream.call('set_strange_status', { word: 'ubiquitous', strange: 0 }, reader);
    await upstream.call('set_strange_status', { word: 'tree', strange: 1 }, reader);
    const marked = (await getBook({ book_id: id })).body.data.unknown_words.items.map((w: { lemma: string }) => w.lemma);
    expect(marked).not.toContain('ubiquitous');
    expect(marked).toContain('tree');

    const items = await shelf();
    expect(items[0]).toMatchObject({
      kind: 'book',
      ref: String(id),
      title: 'My Garden',
      book: { book_id: id, chapter_count: 2 },
    });

    // The unknown words print as a word sheet (export_pdf, source=book), for the owner only.
    const sheet = await fetch(`${upstream.url}/api/export_pdf?source=book&book_id=${id}`, { headers: reader });
    expect(sheet.status).toBe(200);
    expect(sheet.headers.get('content-type')).toBe('application/pdf');
    const printed = readPdf(new Uint8Array(await sheet.arrayBuffer())).text;
    expect(printed).toContain('tree');
    expect(printed).toContain('My Garden 生词');
    expect((await fetch(`${upstream.url}/api/export_pdf?source=book&book_id=${id}`, { headers: other })).status).toBe(404);
  });

  it('makes books from an EPUB and a PDF, titled by the file when the form gives none', async () => {
    const chapters = [
      { title: 'Chapter 1. Rain', paragraphs: ['It rained all day in the small town. Nobody went to the market.'] },
      { title: 'Chapter 2. Sun', paragraphs: ['The next morning the sun came out. Children ran to the river.'] },
    ];
    const epub = await upload({ file: [file(sampleEpub('Weather Days', chapters), 'application/epub+zip'), 'weather.epub'] });
    expect(epub.body.data).toMatchObject({ title: 'Weather Days', format: 'epub', chapter_count: 2 });
    const pdf = await upload({ file: [file(await samplePdf(chapters), 'application/pdf'), 'weather days.pdf'] });
    expect(pdf.body.data).toMatchObject({ title: 'weather days', format: 'pdf', chapter_count: 2 });
    const read = (await getBook({ book_id: pdf.body.data.book_id, chapter: 2 })).body.data;
    expect(read.chapter.paragraphs.flat().map((s: { text: string }) => s.text)).toContain('Children ran to the river.');
  });

  it('shows a book to its owner only, and the calls to logged-in users only', async () => {
    const [{ ref }] = await shelf();
    expect((await getBook({ book_id: ref }, other)).http).toBe(404);
    expect((await getBook({ book_id: ref }, {})).http).toBe(401);
    expect((await upload({ file: [file(story), 'a.txt'] }, {})).http).toBe(401);
    expect((await upstream.call('query_bookshelf', {})).http).toBe(401);
    expect(await shelf(other)).toEqual([]);
    expect((await getBook({ book_id: 'x' })).http).toBe(400);
  });

  it('refuses an oversized, wrong or corrupt file with a clear error, and stores nothing', async () => {
    const before = await shelf();
    const count = async () =>
      Number(
        (
          await upstream.db
            .selectFrom('book_sentences')
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const sentences = await count();
    const big = await upload({ file: [file(new Uint8Array(bookUpload.maxBytes + 10).fill(97)), 'big.txt'] });
    expect(big.http).toBe(413);
    expect(big.body).toEqual({ status: '413', description: '文件过大：最大 10 MB' });
    const docx = await upload({ file: [file('hello'), 'notes.docx'] });
    expect(docx.http).toBe(400);
    expect(docx.body.description).toMatch(/不支持的文件类型/);
    const broken = await upload({ file: [file('%PDF-1.7 broken', 'application/pdf'), 'broken.pdf'] });
    expect(broken.http).toBe(400);
    expect(broken.body.description).toMatch(/已损坏/);
    const noFile = await upload({ title: 'x' });
    expect(noFile.http).toBe(400);
    expect(noFile.body.description).toMatch(/请选择要上传的文件/);
    const longTitle = await upload({ title: 'x'.repeat(201), file: [file(story), 'a.txt'] });
    expect(longTitle.http).toBe(400);
    expect(longTitle.body.description).toMatch(/书名最长 200/);
    expect((await upload({ options: '{"level": 9}', file: [file(story), 'a.txt'] })).http).toBe(400);
    expect(await shelf()).toEqual(before);
    expect(await count()).toBe(sentences);
  });

  it('puts library documents and course books on the shelf once, and takes items off', async () => {
    const doc = await upstream.call('add_to_bookshelf', { category: 'classic', filename: 'garden-notes' }, reader);
    expect(shelfItem.parse(doc.body.data)).toMatchObject({
      kind: 'document',
      ref: 'classic//garden-notes',
      title: 'Garden Notes',
      document: { category: 'classic', sub_category: null, filename: 'garden-notes' },
    });
    await upstream.call('add_to_bookshelf', { category: 'classic', filename: 'garden-notes' }, reader);
    // A course book goes on under its own name, whatever title the caller gives; an unknown one is refused.
    const names = await upstream.call('query_course_names', { category: 'cet4' }, reader);
    const cet4Word = (names.body.data.courses as { id: string; name: string }[]).find((c) => c.id === 'cet4-word');
    const course = await upstream.call('add_to_bookshelf', { course_book_id: 'cet4-word', title: 'anything' }, reader);
    expect(course.body.data).toMatchObject({ kind: 'course', ref: 'cet4-word', title: cet4Word?.name });
    expect((await upstream.call('add_to_bookshelf', { course_book_id: 'cet4-word-1' }, reader)).http).toBe(404);
    expect((await upstream.call('add_to_bookshelf', { category: 'classic', filename: 'nope' }, reader)).http).toBe(404);
    expect((await upstream.call('add_to_bookshelf', {}, reader)).http).toBe(400);
    const items = await shelf();
    expect(items.filter((i) => i.kind === 'document')).toHaveLength(1);
    expect(items[0].kind).toBe('course');

    const book = items.find((i) => i.kind === 'book');
    if (!book) throw new Error('no book on the shelf');
    // Another user cannot delete it.
    expect((await upstream.call('remove_from_bookshelf', { kind: 'book', ref: book.ref }, other)).body.data).toEqual({
      removed: false,
    });
    expect((await getBook({ book_id: book.ref })).http).toBe(200);
    expect((await upstream.call('remove_from_bookshelf', { kind: 'book', ref: book.ref }, reader)).body.data).toEqual({
      removed: true,
    });
    expect((await getBook({ book_id: book.ref })).http).toBe(404);
    expect((await shelf()).some((i) => i.ref === book.ref && i.kind === 'book')).toBe(false);
  });

  it('keeps at most the limit of books a user, refusing the next one whole', async () => {
    const owner = bearer(await logInByEmail(upstream, 'collector@example.com'));
    for (let i = 0; i < bookUpload.maxBooks; i++) {
      const made = await upload({ file: [file(`Book number ${i} has one line.`), `b${i}.txt`] }, owner);
      expect(made.http).toBe(200);
    }
    const refused = await upload({ file: [file('One book too many.'), 'extra.txt'] }, owner);
    expect(refused.http).toBe(400);
    expect(refused.body.description).toContain(`书架上最多 ${bookUpload.maxBooks} 本自制书`);
    expect(await shelf(owner)).toHaveLength(bookUpload.maxBooks);
    const { n } = await upstream.db
      .selectFrom('book_sentences')
      .where('text', '=', 'One book too many.')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(n)).toBe(0);
  });

  it('takes control characters out of every text of an upload (PostgreSQL stores no NUL)', async () => {
    const titled = await upload({ title: 'Night\u0000 Train', file: [file(story), 'night.txt'] });
    expect(titled.http).toBe(200);
    expect(titled.body.data.title).toBe('Night Train');
    // An EPUB whose title and text carry NUL and other control characters.
    const epub = rawEpub({
      title: 'Dark\u0000 Sea\u0007',
      body: '<h1>Chapter 1\u0000</h1><p>The ship\u0000 sailed at night. Nobody\u0001 slept on it.</p>',
    });
    const made = await upload({ file: [file(epub, 'application/epub+zip'), 'sea\u0000.epub'] });
    expect(made.http).toBe(200);
    expect(made.body.data).toMatchObject({ title: 'Dark Sea', file_name: 'sea.epub' });
    const read = (await getBook({ book_id: made.body.data.book_id })).body.data;
    expect(read.chapter.paragraphs.flat().map((s: { text: string }) => s.text)).toEqual([
      'Chapter 1',
      'The ship sailed at night.',
      'Nobody slept on it.',
    ]);
    for (const { book_id } of [titled.body.data, made.body.data]) {
      await upstream.call('remove_from_bookshelf', { kind: 'book', ref: String(book_id) }, reader);
    }
  });

  it('reads a book made before pages, a page of 200 sentences at a time', async () => {
    const text = Array.from({ length: 450 }, (_, i) => `Line ${i + 1} is here.`).join(' ');
    const made = await upload({ file: [file(text), 'lines.txt'] });
    const id = made.body.data.book_id;
    // The row as books were stored before: no pages in the chapter list.
    await upstream.db
      .updateTable('books')
      .set({ chapters: JSON.stringify([{ number: 1, title: '全文', sentences: 450, word_count: 1800 }]) })
      .where('id', '=', id)
      .execute();
    const first = readableBook.parse((await getBook({ book_id: id })).body.data);
    expect(first.chapters).toEqual([{ number: 1, title: '全文', sentences: 450, word_count: 1800, pages: 3 }]);
    expect(first.chapter).toMatchObject({ page: 1, pages: 3 });
    expect(first.chapter.paragraphs.flat()).toHaveLength(200);
    const third = (await getBook({ book_id: id, page: 3 })).body.data;
    expect(third.chapter.paragraphs.flat().map((s: { text: string }) => s.text)).toEqual(
      Array.from({ length: 50 }, (_, i) => `Line ${401 + i} is here.`),
    );
    await upstream.call('remove_from_bookshelf', { kind: 'book', ref: String(id) }, reader);
  });

  it('keeps personal books out of the public reading lists', async () => {
    const recent = await upstream.call('query_recent_documents', { limit: 100 });
    expect(recent.body.data.documents.map((d: { title: string }) => d.title)).toEqual(['Garden Notes']);
  });
});
