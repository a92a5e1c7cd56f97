import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookUpload, readableBook } from '../../lib/contract';
import { bearer, logInByEmail, startTestUpstream, type TestUpstream } from '../test-harness';
import { pageCharacters } from './book';
import { bombEpub, slowPdf } from './sample-books';

/*
 * What an outside probe sent to take the service down with one upload, over real HTTP: a Markdown
 * file of 500,000 empty headings, a chapter of millions of characters, an EPUB that unpacks to
 * gigabytes, a PDF that takes PDF.js minutes; and an uploader who leaves while the book is made.
 */

const file = (bytes: string | Uint8Array, type = 'text/plain') => new Blob([bytes as BlobPart], { type });

function uploader(upstream: () => TestUpstream) {
  return (headers: Record<string, string>, name: string, bytes: string | Uint8Array, signal?: AbortSignal) => {
    const form = new FormData();
    form.append('file', file(bytes), name);
    return upstream().request('/api/make_book', { method: 'POST', headers, body: form, signal });
  };
}

async function stored(upstream: TestUpstream) {
  const count = async (table: 'books' | 'book_sentences' | 'bookshelf') =>
    Number(
      (
        await upstream.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  return { books: await count('books'), sentences: await count('book_sentences'), shelf: await count('bookshelf') };
}

const workers = async (upstream: TestUpstream) =>
  (await upstream.request('/__test/books/workers')).body as { live: number; running: number; queued: number };

// Each of these files is megabytes of work for a worker; on a busy machine that takes a while.
describe('bounded books', { timeout: 180_000 }, () => {
  let upstream: TestUpstream;
  let reader: Record<string, string>;
  const upload = uploader(() => upstream);
  const getBook = async (query: Record<string, number>) => {
    const response = await fetch(
      `${upstream.url}/api/get_book?${new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)]))}`,
      { headers: reader },
    );
    const text = await response.text();
    return { http: response.status, bytes: Buffer.byteLength(text), body: JSON.parse(text) };
  };

  beforeAll(async () => {
    // These files are about bounds, not time: a deadline no busy test machine meets by chance.
    upstream = await startTestUpstream({ env: { BOOK_EXTRACT_TIMEOUT_MS: '300000' } });
    reader = bearer(await logInByEmail(upstream, 'bomber@example.com'));
  });
  afterAll(() => upstream.stop());

  it('makes 500,000 empty headings a book of few chapters, read in small answers', async () => {
    const bomb = `The cat sat on the mat.\n${'# a\n'.repeat(500_000)}`;
    const made = await upload(reader, 'headings.md', bomb);
    expect(made.http).toBe(200);
    expect(made.body.data.chapter_count).toBeLessThanOrEqual(bookUpload.maxChapters);
    const id = made.body.data.book_id;

    const first = await getBook({ book_id: id });
    expect(first.http).toBe(200);
    // The probe's answer was 29 MB; a page of text and a page of the contents are a few dozen KB.
    expect(first.bytes).toBeLessThan(200_000);
    const book = readableBook.parse(first.body.data);
    expect(book.chapters.length).toBeLessThanOrEqual(bookUpload.chaptersPerPage);
    expect(book.chapter.paragraphs.flat()[0].text).toBe('The cat sat on the mat.');
    // The headings are kept as text, a few hundred characters a sentence, a page at a time.
    const { pages } = book.chapter;
    expect(pages).toBeGreaterThan(1);
    const last = await getBook({ book_id: id, chapter: book.chapter.number, page: pages });
    expect(last.http).toBe(200);
    expect(last.body.data.chapter.paragraphs.flat().at(-1).text).toMatch(/a$/);
    expect((await getBook({ book_id: id, chapter: book.chapter.number, page: pages + 1 })).http).toBe(404);
  });

  it('joins a flood of short chapters into at most the limit, and pages the table of contents', async () => {
    const chapters = Array.from({ length: 20_000 }, (_, i) => `# Note ${i + 1}\n\nThe bird sang a song number ${i + 1}.\n`);
    const made = await upload(reader, 'notes.md', chapters.join('\n'));
    expect(made.http).toBe(200);
    expect(made.body.data.chapter_count).toBe(bookUpload.maxChapters);
    const id = made.body.data.book_id;

    const first = readableBook.parse((await getBook({ book_id: id })).body.data);
    expect(first.contents).toEqual({ page: 1, pages: bookUpload.maxChapters / bookUpload.chaptersPerPage, per_page: 50 });
    expect(first.chapters.map((c) => c.number)).toEqual(Array.from({ length: 50 }, (_, i) => i + 1));
    // A joined chapter keeps every heading of its notes in its text, and is named by its first and last.
    expect(first.chapters[0].title).toBe('Note 1 – Note 40');
    expect(first.chapter.paragraphs.flat().map((s) => s.text)).toContain('Note 2');

    // The chapter's own page of the contents comes by default; any other when asked for.
    const later = (await getBook({ book_id: id, chapter: 123 })).body.data;
    expect(later.contents.page).toBe(3);
    expect(later.chapters[0].number).toBe(101);
    const other = (await getBook({ book_id: id, chapter: 123, contents_page: 10 })).body.data;
    expect(other.chapters.at(-1).number).toBe(500);
    expect(other.chapter.number).toBe(123);
    expect((await getBook({ book_id: id, contents_page: 11 })).http).toBe(404);
  });

  it('reads a chapter of millions of characters a page at a time', async () => {
    const sentence = 'The river ran slowly past the old mill and the green fields. ';
    const made = await upload(reader, 'river.md', `# The River\n\n${sentence.repeat(40_000)}`);
    expect(made.http).toBe(200);
    const id = made.body.data.book_id;
    const first = readableBook.parse((await getBook({ book_id: id })).body.data);
    expect(first.chapter.pages).toBeGreaterThanOrEqual(100);
    let seen = 0;
    for (const page of [1, 2, first.chapter.pages]) {
      const answer = await getBook({ book_id: id, page });
      expect(answer.bytes).toBeLessThan(100_000);
      const text = answer.body.data.chapter.paragraphs.flat().map((s: { text: string }) => s.text);
      expect(text.join(' ').length).toBeLessThanOrEqual(pageCharacters);
      seen += text.length;
    }
    expect(seen).toBeGreaterThan(0);
    // The pages together are the chapter: every sentence once, in order.
    const ids: number[] = [];
    for (let page = 1; page <= first.chapter.pages; page++) {
      const answer = await getBook({ book_id: id, page });
      ids.push(...answer.body.data.chapter.paragraphs.flat().map((s: { id: number }) => s.id));
    }
    expect(ids).toEqual(Array.from({ length: 40_000 }, (_, i) => i + 1));
  });

  it('refuses an EPUB that unpacks to gigabytes while unpacking it, and stores nothing', async () => {
    const before = await stored(upstream);
    const bomb = bombEpub(1 << 30);
    expect(bomb.byteLength).toBeLessThan(1_200_000);
    const refused = await upload(reader, 'small.epub', bomb);
    expect(refused.http).toBe(413);
    expect(refused.body).toEqual({ status: '413', description: 'EPUB 解压后过大：文字部分最多 64 MB' });
    expect(await stored(upstream)).toEqual(before);
  });
});

describe('book workers: deadline, cancellation and bounds', { timeout: 120_000 }, () => {
  let upstream: TestUpstream;
  let reader: Record<string, string>;
  const upload = uploader(() => upstream);

  beforeAll(async () => {
    // One worker, nobody waiting behind it, and a deadline short enough to meet in a test.
    upstream = await startTestUpstream({
      env: { BOOK_EXTRACT_TIMEOUT_MS: '3000', BOOK_EXTRACT_WORKERS: '1', BOOK_EXTRACT_QUEUE: '0' },
    });
    reader = bearer(await logInByEmail(upstream, 'reader@example.com'));
  });
  afterAll(() => upstream.stop());

  it('refuses a PDF that takes longer than the deadline, ends its worker, and goes on', async () => {
    const before = await stored(upstream);
    // PDF.js needs minutes for these 40 pages of a million text items each; the deadline is 3 s.
    const refused = await upload(reader, 'slow.pdf', slowPdf(1_000_000));
    expect(refused.http).toBe(422);
    expect(refused.body.description).toMatch(/^文件过于复杂，无法在限定时间内读取/);
    await expect.poll(() => workers(upstream), { timeout: 20_000 }).toEqual({ live: 0, running: 0, queued: 0 });
    expect(await stored(upstream)).toEqual(before);

    const next = await upload(reader, 'fine.txt', 'A short story about a dog. The dog was happy.');
    expect(next.http).toBe(200);
  });

  it('ends the worker when the uploader leaves, and bounds uploads at once', async () => {
    const long = await startTestUpstream({
      env: { BOOK_EXTRACT_TIMEOUT_MS: '600000', BOOK_EXTRACT_WORKERS: '1', BOOK_EXTRACT_QUEUE: '0' },
    });
    try {
      const a = bearer(await logInByEmail(long, 'a@example.com'));
      const b = bearer(await logInByEmail(long, 'b@example.com'));
      const before = await stored(long);
      const leaving = new AbortController();
      const gone = uploader(() => long)(a, 'slow.pdf', slowPdf(1_000_000), leaving.signal).catch((error: Error) => error);
      await expect.poll(() => workers(long), { timeout: 20_000 }).toMatchObject({ running: 1 });

      // Meanwhile: the same user again is too frequent; another user finds the one worker busy.
      const again = await uploader(() => long)(a, 'again.txt', 'Another short story.');
      expect(again.http).toBe(429);
      expect(again.body.status).toBe('000');
      const busy = await uploader(() => long)(b, 'mine.txt', 'My own short story.');
      expect(busy.http).toBe(503);
      expect(busy.body.description).toBe('书籍处理繁忙，请稍后再试');

      // The uploader leaves: the worker is ended (the deadline is ten minutes away).
      leaving.abort();
      expect(await gone).toBeInstanceOf(Error);
      await expect.poll(() => workers(long), { timeout: 20_000 }).toEqual({ live: 0, running: 0, queued: 0 });
      expect(await stored(long)).toEqual(before);
      const after = await uploader(() => long)(b, 'mine.txt', 'My own short story. It is short.');
      expect(after.http).toBe(200);
    } finally {
      await long.stop();
    }
  });

  it('refuses a file that needs more memory than a worker has, and goes on', async () => {
    const small = await startTestUpstream({ env: { BOOK_EXTRACT_MEMORY_MB: '96', BOOK_EXTRACT_TIMEOUT_MS: '600000' } });
    try {
      const a = bearer(await logInByEmail(small, 'a@example.com'));
      const before = await stored(small);
      // PDF.js holds a page of a million text items at once: far past a 96 MB heap.
      const refused = await uploader(() => small)(a, 'big.pdf', slowPdf(1_000_000));
      expect(refused.http).toBe(422);
      expect(refused.body.description).toMatch(/^文件过于复杂，读取它所需的内存超出限制/);
      expect(await stored(small)).toEqual(before);
      expect((await uploader(() => small)(a, 'fine.txt', 'A short story about a cat. The cat slept.')).http).toBe(200);
    } finally {
      await small.stop();
    }
  });
});
