import { contentCategories } from '../../lib/contract';
import fs from 'node:fs';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../platform/config';
import { migrateToLatest, openDatabase, type Db } from '../db/database';
import { removeTestData, testDatabaseEnv } from '../test-harness';
import { prepareDatabase } from '../app';
import { parseDocumentFile } from './document-file';
import { createContentLibrary, type ContentLibrary } from './library';
import { gutenbergLicence, seedDocuments } from './seed';

const fixtures = path.resolve(__dirname, '../../tests/fixtures/content');
const paperFiles = ['paper-2024-cet4.md', 'paper-2019-cet4.md', 'paper-2010-cet4.md'];

function readFixture(name: string) {
  return parseDocumentFile(fs.readFileSync(path.join(fixtures, name), 'utf8'), name.replace(/\.md$/, ''));
}

// Seeding the whole shipped library (some 500 documents, 29,000 sentences) takes 10–15 s on
// SQLite here and longer on PostgreSQL, more on a busy machine.
const seedingTimeout = 180_000;

describe('content library', () => {
  let dir: string;
  let location: Awaited<ReturnType<typeof testDatabaseEnv>>;
  let db: Db;
  let library: ContentLibrary;
  const logs: string[] = [];
  const open = async () => {
    db = openDatabase(loadConfig(location));
    await migrateToLatest(db);
    library = createContentLibrary({ db, log: (line) => logs.push(line), now: () => new Date('2026-03-02T02:00:00Z') });
  };

  beforeEach(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'yujing-content-'));
    location = await testDatabaseEnv(dir);
    logs.length = 0;
    await open();
  });
  afterEach(async () => {
    await db.destroy();
    await removeTestData(dir);
  });

  it('has no counts and no examples while the library holds no papers', async () => {
    expect(await library.paperCount(['bank', 'banks'], new Date('2026-03-02T02:00:00Z'))).toBe(0);
    expect(await library.examplesFor(['bank'], 3)).toEqual([]);
  });

  it('counts occurrences of any form in the papers of the last 8 years, not older ones', async () => {
    for (const file of paperFiles) await library.importDocument(readFixture(file));
    const forms = ['bank', 'banks', 'banked', 'banking'];
    // 2024: "bank" three times; 2019: "banks" once; 2010 (four more) is too old in 2026.
    expect(await library.paperCount(forms, new Date('2026-03-02T02:00:00Z'))).toBe(4);
    expect(await library.paperCount(['bank'], new Date('2026-03-02T02:00:00Z'))).toBe(3);
    // The window is this year and the seven before: 2019 drops out in 2027, 2024 stays.
    expect(await library.paperCount(forms, new Date('2026-12-31T15:59:59Z'))).toBe(4);
    expect(await library.paperCount(forms, new Date('2026-12-31T16:00:00Z'))).toBe(3); // 2027 in Beijing
    expect(await library.paperCount(forms, new Date('2017-06-01T00:00:00Z'))).toBe(4); // only the 2010 paper
    expect(await library.paperCount(['BANK', 'Banks'], new Date('2026-03-02T02:00:00Z'))).toBe(4);
  });

  it('counts only category paper: the same words in a book do not count', async () => {
    await library.importDocument(readFixture('paper-2024-cet4.md'));
    await library.importDocument({
      category: 'classic',
      filename: 'river-book',
      title: 'A River Book',
      year: 2025,
      source: 'test',
      licence: 'CC0',
      text: 'The bank of the river was steep. The bank was green.',
    });
    expect(await library.paperCount(['bank'], new Date('2026-03-02T02:00:00Z'))).toBe(3);
  });

  it('replaces a document with the same identity instead of adding a second one', async () => {
    const paper = readFixture('paper-2024-cet4.md');
    const first = await library.importDocument(paper);
    expect(first.replaced).toBe(false);
    expect(first.sentences).toBeGreaterThan(5);
    const second = await library.importDocument({ ...paper, text: 'The bank opened early. Nobody came to the bank.' });
    expect(second).toMatchObject({ replaced: true, sentences: 2 });
    expect(await db.selectFrom('documents').select('id').execute()).toHaveLength(1);
    expect(await db.selectFrom('sentences').select('id').execute()).toHaveLength(2);
    expect(await library.paperCount(['bank'], new Date('2026-03-02T02:00:00Z'))).toBe(2);
    // A different sub_category is a different document, and none at all is yet another.
    await library.importDocument({ ...paper, sub_category: 'cet6' });
    await library.importDocument({ ...paper, sub_category: undefined });
    await library.importDocument({ ...paper, sub_category: undefined });
    expect(await db.selectFrom('documents').select('sub_category').orderBy('id').execute()).toEqual([
      { sub_category: 'cet4' },
      { sub_category: 'cet6' },
      { sub_category: '' },
    ]);
  });

  it('refuses documents the content call could not address, and keeps what was there', async () => {
    await library.importDocument(readFixture('paper-2024-cet4.md'));
    const bad = { ...readFixture('paper-2024-cet4.md'), filename: '../etc/passwd' };
    await expect(library.importDocument(bad)).rejects.toThrow(/filename/);
    await expect(library.importDocument({ ...bad, filename: 'ok', category: 'nonsense' as 'paper' })).rejects.toThrow(/category/);
    await expect(library.importDocument({ ...bad, filename: 'ok', text: '  \n ' })).rejects.toThrow(/empty/);
    expect(await db.selectFrom('documents').select('filename').execute()).toEqual([{ filename: '2024-06-reading-1' }]);
  });

  it('finds example sentences: distinct, without the excluded one, readable length first, papers first', async () => {
    await library.importDocument({
      category: 'classic',
      filename: 'banks',
      title: 'Banks',
      source: 'test',
      licence: 'CC0',
      text: [
        'The bank.',
        'We walked slowly along the bank of the wide river until the sun went down.',
        'We walked slowly along the bank of the wide river until the sun went down.',
        'She keeps her savings in a small bank near the station in the old town.',
        'Nothing here mentions money or rivers at all, as you can clearly see now.',
      ].join(' '),
    });
    await library.importDocument(readFixture('paper-2024-cet4.md'));
    const examples = await library.examplesFor(['bank', 'banks'], 10);
    expect(new Set(examples).size).toBe(examples.length);
    expect(examples).not.toContain('Nothing here mentions money or rivers at all, as you can clearly see now.');
    // The paper's sentences come before the book's, and the two-word sentence comes last.
    expect(examples[0]).toMatch(/^When Lin Wei opened her first account at a local bank/);
    expect(examples.at(-1)).toBe('The bank.');
    expect(examples).toContain('We walked slowly along the bank of the wide river until the sun went down.');

    const excluded = await library.examplesFor(
      ['bank'],
      10,
      ' we walked slowly along the bank of the wide river until the sun went down. ',
    );
    expect(excluded).not.toContain('We walked slowly along the bank of the wide river until the sun went down.');
    expect(excluded).toHaveLength(examples.length - 1);
    expect(await library.examplesFor(['bank'], 2)).toEqual(examples.slice(0, 2));
    expect(await library.examplesFor(['look forward to', ''], 2)).toEqual([]);
  });

  it(
    'seeds the shipped books and texts once, and a second start adds nothing',
    async () => {
      const shipped = seedDocuments();
      const first = await library.seedMissing();
      expect(first.imported).toBe(shipped.length);
      expect(first.sentences).toBeGreaterThan(3000);
      expect(logs.join('\n')).toMatch(new RegExp(`added ${shipped.length} shipped documents`));
      const documents = await db
        .selectFrom('documents')
        .select(['category', 'filename', 'title', 'year', 'licence', 'level'])
        .orderBy('id')
        .execute();
      // The books come first, as before the texts were shipped.
      expect(documents[0]).toMatchObject({
        category: 'classic',
        title: "Alice's Adventures in Wonderland",
        year: 1865,
        licence: gutenbergLicence,
      });
      expect(documents.map((d) => `${d.category}/${d.filename}`)).toEqual(shipped.map((s) => `${s.category}/${s.filename}`));
      // The texts fill every other category, from easy to hard.
      const texts = documents.filter((d) => d.category !== 'classic');
      expect(new Set(texts.map((d) => d.category)).size).toBe(contentCategories.length - 1);
      const levels = texts.map((d) => Number(d.level));
      expect(new Set(levels).size).toBeGreaterThanOrEqual(3);
      expect(Math.min(...levels)).toBeLessThanOrEqual(2);
      expect(Math.max(...levels)).toBeGreaterThanOrEqual(4);
      // The shipped papers are 模拟卷, not exam papers: "近8年真题出现了N次" does not count them.
      expect(texts.filter((d) => d.category === 'paper').length).toBeGreaterThanOrEqual(36);
      expect(await library.paperCount(['the'], new Date('2026-03-02T02:00:00Z'))).toBe(0);
      expect((await library.examplesFor(['rabbit'], 3)).every((s) => /rabbit/i.test(s))).toBe(true);

      await db.destroy();
      await open();
      logs.length = 0;
      expect(await library.seedMissing()).toMatchObject({ imported: 0, sentences: 0 });
      expect(await db.selectFrom('documents').select('id').execute()).toHaveLength(shipped.length);
      expect(logs).toEqual([]);
    },
    seedingTimeout,
  );

  // A few of the shipped documents, for the rules that do not need the whole library: three
  // stories of the classics, then texts, among them the two an operator's documents share.
  const someSeeds = () => {
    const all = seedDocuments();
    return [
      ...all.filter((s) => s.category === 'classic' && s.filename.startsWith('bryant-')).slice(0, 3),
      ...all.filter((s) => ['why-we-keep-diaries', 'the-lost-umbrella', 'in-praise-of-boredom'].includes(s.filename)),
      ...all.filter((s) => s.category === 'listening').slice(0, 2),
    ];
  };

  it('gives a library seeded before the texts were shipped the texts on its next start, keeping its books', async () => {
    // An older install: the classics, seeded when nothing else was shipped.
    const seeds = someSeeds();
    const books = seeds.filter((s) => s.category === 'classic');
    const texts = seeds.filter((s) => s.category !== 'classic');
    for (const book of books) await library.importDocument(book.load());
    const before = await db.selectFrom('documents').select(['id', 'filename', 'created_at']).orderBy('id').execute();

    const next = await library.seedMissing(seeds);
    expect(next.imported).toBe(texts.length);
    const after = await db.selectFrom('documents').select(['id', 'filename', 'created_at']).orderBy('id').execute();
    expect(after.slice(0, books.length)).toEqual(before);
    expect(after.slice(books.length).map((d) => d.filename)).toEqual(texts.map((s) => s.filename));
  });

  it("leaves an operator's document of the same category and filename as it is", async () => {
    const operators = [
      {
        category: 'essay' as const,
        filename: 'why-we-keep-diaries',
        title: 'Our school diary project',
        source: 'the operator',
        licence: 'All rights reserved',
        text: 'Every pupil kept a diary for a month. Most of them kept going afterwards.',
      },
      // Another sub_category: a reading page finds its document by filename, so it is the same one.
      {
        category: 'short_story' as const,
        sub_category: 'level 1',
        filename: 'the-lost-umbrella',
        title: 'The Umbrella',
        source: 'the operator',
        licence: 'CC0',
        text: 'It rained. Tom lost his umbrella. A kind driver found it.',
      },
    ];
    for (const doc of operators) await library.importDocument(doc);
    const theirs = () =>
      db
        .selectFrom('documents')
        .select(['id', 'category', 'sub_category', 'filename', 'title', 'licence', 'text'])
        .where('filename', 'in', ['why-we-keep-diaries', 'the-lost-umbrella'])
        .orderBy('id')
        .execute();
    const before = await theirs();

    const seeds = someSeeds();
    const result = await library.seedMissing(seeds);
    expect(result.imported).toBe(seeds.length - operators.length);
    expect(await theirs()).toEqual(before);
    expect(await db.selectFrom('documents').select('id').execute()).toHaveLength(seeds.length);
  });

  it('stores the profile and paragraphs at import, and fills them in once for documents imported before', async () => {
    const doc = {
      category: 'reading' as const,
      sub_category: 'level 1',
      filename: 'cat',
      title: 'The Cat',
      source: 'written for the tests',
      licence: 'CC0',
      text: 'The cat sat on the bed.\n\nIt was happy. It slept all day.',
    };
    await library.importDocument(doc);
    const profileColumns = [
      'word_count',
      'level',
      'lemma_count',
      'exam_zk',
      'exam_gk',
      'exam_cet4',
      'exam_cet6',
      'exam_ky',
      'exam_ielts',
      'paragraph_starts',
    ] as const;
    const read = () => db.selectFrom('documents').select(profileColumns).executeTakeFirstOrThrow();
    const imported = await read();
    expect(imported).toMatchObject({ word_count: 13, level: 1, paragraph_starts: '[0,1]' });
    // the, cat, sit, on, bed, it, be, happy, sleep, all, day: every one a 中考 word.
    expect(imported.lemma_count).toBe(11);
    expect(imported.exam_zk).toBe(11);
    const sentenceIds = await db.selectFrom('sentences').select(['id', 'text']).orderBy('position').execute();

    // As a database migrated to 011 holds a document imported before it.
    const unprofiled = Object.fromEntries(profileColumns.map((c) => [c, null]));
    await db.updateTable('documents').set(unprofiled).execute();
    await prepareDatabase({ seedContent: false }, db, { log: (line) => logs.push(line) });
    expect(await read()).toEqual(imported);
    // Its sentences are the same rows: lookups and tasks that name them still find them.
    expect(await db.selectFrom('sentences').select(['id', 'text']).orderBy('position').execute()).toEqual(sentenceIds);
    expect(logs.join('\n')).toMatch(/profiled 1 documents, re-imported 0/);
    expect(await library.completeProfiles()).toEqual({ profiled: 0, reimported: 0 });

    // Sentences cut otherwise than today's splitter cuts them: the document is imported again.
    await db.updateTable('documents').set(unprofiled).execute();
    await db
      .updateTable('sentences')
      .set({ text: 'It was happy. It slept all day.' })
      .where('id', '=', sentenceIds[1].id)
      .execute();
    await db.deleteFrom('sentences').where('id', '=', sentenceIds[2].id).execute();
    expect(await library.completeProfiles()).toEqual({ profiled: 0, reimported: 1 });
    expect(await read()).toEqual(imported);
    const texts = await db.selectFrom('sentences').select('text').orderBy('position').execute();
    expect(texts.map((t) => t.text)).toEqual(['The cat sat on the bed.', 'It was happy.', 'It slept all day.']);
    expect(await db.selectFrom('documents').select(['sub_category', 'filename']).execute()).toEqual([
      { sub_category: 'level 1', filename: 'cat' },
    ]);
  });

  it('keeps the library across a restart', async () => {
    for (const file of paperFiles) await library.importDocument(readFixture(file));
    const before = await library.examplesFor(['river'], 5);
    await db.destroy();
    await open();
    expect(await library.paperCount(['bank', 'banks'], new Date('2026-03-02T02:00:00Z'))).toBe(4);
    expect(await library.examplesFor(['river'], 5)).toEqual(before);
  });
});
