import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contentPath, documentSummary, readableDocument } from '../../lib/contract';
import { startTestUpstream, type TestUpstream } from '../test-harness';
import { createContentLibrary } from './library';
import type { DocumentInput } from './document-input';
import { profileOf, sharedEcdictLexicon } from './profile';
import { splitSentences } from './text';

const doc = (filename: string, extra: Partial<DocumentInput> = {}): DocumentInput => ({
  category: 'reading',
  filename,
  title: filename,
  source: 'written for the tests',
  licence: 'CC0',
  text: 'The cat sat on the bed. It was happy.',
  ...extra,
});

// Easy (level 1) and harder texts, so that the listing's order by level shows.
const easyText = 'I have a big red ball. I play with my ball in the park every day with my friends.';
const ballText = `CHAPTER I.\n\n${easyText}\n\nWe run. We laugh a lot and then we go home for dinner with our family.`;
const hardText =
  'The epistemological ramifications of quantum decoherence remain contentious among philosophers, who dispute ' +
  'whether the ostensible collapse of the wavefunction constitutes an ontological transition.';

describe('the reading calls', () => {
  let upstream: TestUpstream;
  const get = (query: Record<string, string | undefined>) =>
    upstream.request(
      `/api/retrieve_file?${new URLSearchParams(Object.entries(query).filter((e): e is [string, string] => e[1] !== undefined))}`,
    );
  const content = (path: string) =>
    upstream.request(path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });

  beforeAll(async () => {
    upstream = await startTestUpstream();
    // Imported a minute apart, so "newest" has an order of its own.
    const at = (minutes: number) =>
      createContentLibrary({ db: upstream.db, log: () => {}, now: () => new Date(Date.UTC(2026, 2, 2, 2, minutes)) });
    await at(0).importDocument(doc('hard-essay', { sub_category: 'essays', title: 'A Hard Essay', text: hardText, year: 2024 }));
    await at(1).importDocument(
      doc('ball', {
        sub_category: 'stories',
        title: 'The Ball',
        text: ballText,
      }),
    );
    // Seven documents with the same level and title: only their ids can order them.
    for (let i = 1; i <= 7; i++) await at(2 + i).importDocument(doc(`same-${i}`, { sub_category: 'stories', title: 'Same' }));
    await at(10).importDocument(doc('loose', { title: 'Loose Leaf' }));
    await at(11).importDocument(
      doc("Zoë's naïve story (1)", {
        category: 'short_story',
        sub_category: '英语一 2020',
        title: 'Zoë',
        text: 'Zoë met a naïve café owner. He was kind.\n\nThey talked all night.',
      }),
    );
    await at(12).importDocument(doc('other-category', { category: 'news' }));
  });
  afterAll(() => upstream.stop());

  it('lists a category’s sub-categories with their counts, and those filed under none', async () => {
    const answer = await upstream.call('query_subcategory', { category: 'reading' });
    expect(answer.http).toBe(200);
    expect(answer.body).toEqual({
      status: 'OK',
      data: {
        category: 'reading',
        sub_categories: [
          { sub_category: 'essays', documents: 1 },
          { sub_category: 'stories', documents: 8 },
        ],
        without_sub_category: 1,
      },
    });
    const empty = await upstream.call('query_subcategory', { category: 'ielts' });
    expect(empty.body.data).toEqual({ category: 'ielts', sub_categories: [], without_sub_category: 0 });
    for (const body of [{ category: 'nonsense' }, {}]) {
      const bad = await upstream.call('query_subcategory', body);
      expect(bad.http).toBe(400);
      expect(bad.body.status).toBe('400');
    }
  });

  it('pages a category’s documents, easiest first, with their profiles and excerpts', async () => {
    const answer = await upstream.call('query_filenames', { category: 'reading', page: 1, page_size: 3 });
    expect(answer.http).toBe(200);
    const { documents, total, page, page_size } = answer.body.data;
    expect({ total, page, page_size }).toEqual({ total: 10, page: 1, page_size: 3 });
    for (const d of documents) expect(documentSummary.strict().safeParse(d).success).toBe(true);
    // Level 1 first; among those the titles in code-point order (Loose Leaf, Same…, The Ball).
    expect(documents.map((d: { filename: string }) => d.filename)).toEqual(['loose', 'same-1', 'same-2']);
    const ball = (await upstream.call('query_filenames', { category: 'reading', sub_category: 'stories', page_size: 100 })).body
      .data.documents[7];
    expect(ball).toMatchObject({
      category: 'reading',
      sub_category: 'stories',
      filename: 'ball',
      title: 'The Ball',
      year: null,
      licence: 'CC0',
      level: 1,
      level_label: '入门',
      // "CHAPTER I." is too short to stand for the text: the first real sentence does.
      excerpt: 'I have a big red ball.',
      created_at: '2026-03-02T02:01:00.000Z',
    });
    expect(ball.word_count).toBe(2 + 6 + 13 + 2 + 14);
    expect(ball.profile.zk).toBeGreaterThan(15);
    // What the import computed is what the list reads back.
    expect(ball.profile).toEqual(profileOf(splitSentences(ballText), sharedEcdictLexicon()).exams);

    const last = (await upstream.call('query_filenames', { category: 'reading', page: 4, page_size: 3 })).body.data;
    expect(last.documents.map((d: { filename: string }) => d.filename)).toEqual(['hard-essay']);
    expect(last.documents[0]).toMatchObject({ level: 5, level_label: '高级', year: 2024, sub_category: 'essays' });
    expect((await upstream.call('query_filenames', { category: 'reading', page: 5, page_size: 3 })).body.data).toEqual({
      documents: [],
      total: 10,
      page: 5,
      page_size: 3,
    });
  });

  it('keeps documents with equal sort keys in one order across pages', async () => {
    const all = (await upstream.call('query_filenames', { category: 'reading', sub_category: 'stories', page_size: 100 })).body
      .data.documents;
    const paged: string[] = [];
    for (let page = 1; page <= 4; page++) {
      const answer = await upstream.call('query_filenames', { category: 'reading', sub_category: 'stories', page, page_size: 2 });
      paged.push(...answer.body.data.documents.map((d: { filename: string }) => d.filename));
    }
    expect(paged).toEqual(all.map((d: { filename: string }) => d.filename));
    expect(paged).toEqual(['same-1', 'same-2', 'same-3', 'same-4', 'same-5', 'same-6', 'same-7', 'ball']);
  });

  it('filters by sub-category, names those without one by an empty string, and orders by newest', async () => {
    const loose = await upstream.call('query_filenames', { category: 'reading', sub_category: '' });
    expect(loose.body.data.documents.map((d: { filename: string }) => d.filename)).toEqual(['loose']);
    expect(loose.body.data.documents[0].sub_category).toBeNull();
    const none = await upstream.call('query_filenames', { category: 'reading', sub_category: 'no such' });
    expect(none.body.data).toMatchObject({ documents: [], total: 0 });
    const newest = await upstream.call('query_filenames', { category: 'reading', order: 'newest', page_size: '3', page: '1' });
    expect(newest.body.data.documents.map((d: { filename: string }) => d.filename)).toEqual(['loose', 'same-7', 'same-6']);
    expect(newest.body.data.page_size).toBe(3);
  });

  it('refuses bad paging and unknown categories with 400', async () => {
    const bad = [
      { page: 0 },
      { page: -1 },
      { page: 1.5 },
      { page: 'two' },
      { page: '1e3' },
      { page_size: 0 },
      { page_size: 101 },
      { page_size: 2.5 },
      { page_size: null },
      { order: 'random' },
      { category: 'nonsense' },
      { category: undefined },
    ];
    for (const extra of bad) {
      const answer = await upstream.call('query_filenames', { category: 'reading', ...extra });
      expect(answer.http, JSON.stringify(extra)).toBe(400);
      expect(answer.body.status).toBe('400');
      expect(answer.body.description).toMatch(/^请求参数错误/);
    }
    expect((await upstream.call('query_filenames', { category: 'reading', page_size: 100 })).http).toBe(200);
  });

  it('answers the newest documents of the whole library', async () => {
    const answer = await upstream.call('query_recent_documents', { limit: 3 });
    expect(answer.body.data.documents.map((d: { filename: string }) => d.filename)).toEqual([
      'other-category',
      "Zoë's naïve story (1)",
      'loose',
    ]);
    expect((await upstream.call('query_recent_documents', {})).body.data.documents).toHaveLength(6);
    expect((await upstream.call('query_recent_documents', { limit: 0 })).http).toBe(400);
  });

  it('gives a whole document by paragraphs of sentences, by query and by path alike', async () => {
    const answer = await get({ category: 'reading', sub_category: 'stories', filename: 'ball' });
    expect(answer.http).toBe(200);
    expect(readableDocument.strict().safeParse(answer.body.data).success).toBe(true);
    const { paragraphs, title, level, excerpt } = answer.body.data;
    expect({ title, level, excerpt }).toEqual({ title: 'The Ball', level: 1, excerpt: 'I have a big red ball.' });
    expect(paragraphs.map((p: { text: string }[]) => p.map((s) => s.text))).toEqual([
      ['CHAPTER I.'],
      ['I have a big red ball.', 'I play with my ball in the park every day with my friends.'],
      ['We run.', 'We laugh a lot and then we go home for dinner with our family.'],
    ]);
    // The ids are the library's sentences, in order.
    const stored = await upstream.db
      .selectFrom('sentences')
      .innerJoin('documents', 'documents.id', 'sentences.document_id')
      .select(['sentences.id', 'sentences.text'])
      .where('documents.filename', '=', 'ball')
      .orderBy('sentences.position')
      .execute();
    expect(paragraphs.flat()).toEqual(stored);

    const byPath = await content(contentPath({ category: 'reading', sub_category: 'stories', filename: 'ball' }));
    expect(byPath.http).toBe(200);
    expect(byPath.body).toEqual(answer.body);
    const loose = await content('/api/reading/loose');
    expect(loose.body.data).toMatchObject({ filename: 'loose', sub_category: null });
    expect(loose.body.data.paragraphs).toHaveLength(1);
    expect((await get({ category: 'reading', filename: 'loose' })).body).toEqual(loose.body);
  });

  it('finds documents whose names hold any script, spaces, apostrophes and brackets', async () => {
    const id = { category: 'short_story' as const, sub_category: '英语一 2020', filename: "Zoë's naïve story (1)" };
    const byPath = await content(contentPath(id));
    expect(byPath.http).toBe(200);
    expect(byPath.body.data).toMatchObject({ ...id, title: 'Zoë' });
    expect(byPath.body.data.paragraphs.map((p: unknown[]) => p.length)).toEqual([2, 1]);
    expect((await get(id)).body).toEqual(byPath.body);
    // The same letters decomposed (e + combining diaeresis) are another name, not this one.
    expect((await get({ ...id, filename: id.filename.normalize('NFD') })).http).toBe(404);
    const listed = await upstream.call('query_filenames', { category: 'short_story', sub_category: '英语一 2020' });
    expect(listed.body.data.documents[0].filename).toBe(id.filename);
  });

  it('tells a book’s chapters, pointing into its paragraphs, and none for an article', async () => {
    const answer = await upstream.call('query_chapters', { category: 'reading', sub_category: 'stories', filename: 'ball' });
    expect(answer.body).toEqual({
      status: 'OK',
      data: {
        category: 'reading',
        sub_category: 'stories',
        filename: 'ball',
        title: 'The Ball',
        chapters: [{ number: 1, title: 'CHAPTER I', paragraph: 0, sentence_id: expect.any(Number) }],
      },
    });
    const whole = await get({ category: 'reading', sub_category: 'stories', filename: 'ball' });
    expect(whole.body.data.paragraphs[0][0].id).toBe(answer.body.data.chapters[0].sentence_id);
    const article = await upstream.call('query_chapters', { category: 'reading', filename: 'loose' });
    expect(article.body.data).toMatchObject({ sub_category: null, chapters: [] });
    for (const unknown of [
      { category: 'reading', filename: 'ball' },
      { category: 'nonsense', filename: 'ball' },
    ]) {
      const answer = await upstream.call('query_chapters', unknown);
      expect(answer.http).toBe(404);
    }
    expect((await upstream.call('query_chapters', { category: 'reading' })).http).toBe(400);
  });

  it('answers 404 for an unknown document, wherever it is asked for', async () => {
    const unknown = [
      { category: 'reading', filename: 'nothing' },
      { category: 'reading', sub_category: 'essays', filename: 'ball' },
      { category: 'reading', sub_category: '', filename: 'ball' },
      { category: 'nonsense', filename: 'ball' },
      { category: 'reading', filename: '..' },
    ];
    for (const query of unknown) {
      const answer = await get(query);
      expect(answer.http, JSON.stringify(query)).toBe(404);
      expect(answer.body).toEqual({ status: '404', description: '访问资源不存在' });
    }
    expect((await content('/api/reading/nothing')).http).toBe(404);
    expect((await content('/api/reading/stories/nothing')).http).toBe(404);
    expect((await content('/api/nonsense/ball')).http).toBe(404);
    // A missing filename is a bad request, not an unknown document.
    expect((await upstream.request('/api/retrieve_file?category=reading')).http).toBe(400);
  });

  it('finds a reading page’s document by its name among the page’s categories, the first imported of namesakes', async () => {
    // 'other-category' is in news already; a namesake comes into listening later, in a sub-category.
    await createContentLibrary({ db: upstream.db, log: () => {}, now: () => new Date(Date.UTC(2026, 2, 2, 3)) }).importDocument(
      doc('other-category', { category: 'listening', sub_category: 'later', title: 'The Later One' }),
    );
    const find = (body: unknown) => upstream.call('find_document', body);

    const both = await find({ filename: 'other-category', categories: ['listening', 'news'] });
    expect(both.http).toBe(200);
    expect(readableDocument.parse(both.body.data)).toMatchObject({ category: 'news', sub_category: null });
    // The order the categories are named in does not matter: the first imported wins.
    expect((await find({ filename: 'other-category', categories: ['news', 'listening'] })).body.data).toMatchObject({
      category: 'news',
    });
    const later = await find({ filename: 'other-category', categories: ['listening'] });
    expect(later.body.data).toMatchObject({ category: 'listening', sub_category: 'later', title: 'The Later One' });

    // Found in any sub-category, with its whole text, as retrieve_file gives it.
    const zoe = await find({ filename: "Zoë's naïve story (1)", categories: ['short_story'] });
    const direct = await get({ category: 'short_story', sub_category: '英语一 2020', filename: "Zoë's naïve story (1)" });
    expect(zoe.body).toEqual(direct.body);

    // Not in the categories named, or not at all: 404. No categories or no name: 400.
    expect((await find({ filename: 'ball', categories: ['news', 'short_story'] })).http).toBe(404);
    expect((await find({ filename: 'nothing', categories: ['reading'] })).http).toBe(404);
    expect((await find({ filename: 'ball', categories: [] })).http).toBe(400);
    expect((await find({ filename: 'ball', categories: ['nonsense'] })).http).toBe(400);
    expect((await find({ categories: ['reading'] })).http).toBe(400);

    // has_document says the same, without the text.
    const has = (body: unknown) => upstream.call('has_document', body);
    expect(await has({ filename: 'other-category', categories: ['listening'] })).toMatchObject({
      http: 200,
      body: { status: 'OK', data: { filename: 'other-category' } },
    });
    expect((await has({ filename: "Zoë's naïve story (1)", categories: ['short_story'] })).http).toBe(200);
    expect((await has({ filename: 'ball', categories: ['news', 'short_story'] })).http).toBe(404);
    expect((await has({ filename: 'nothing', categories: ['reading'] })).http).toBe(404);
    expect((await has({ filename: 'ball', categories: [] })).http).toBe(400);
    expect((await has({ filename: 'x'.repeat(201), categories: ['reading'] })).http).toBe(400);
  });
});
