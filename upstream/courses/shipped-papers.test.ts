import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { migrateToLatest, openDatabase, type Db } from '../db/database';
import { loadConfig } from '../platform/config';
import { createContentLibrary } from '../reading/library';
import { writtenForYujing } from '../reading/seed';
import { removeTestData, testDatabaseEnv } from '../test-harness';
import { seedShippedQuestions, shippedQuestionFiles } from './shipped-papers';

// The questions of the papers written for Yujing, stored beside the seeded papers at each start.

const paperText = (source: string) => ({
  category: 'paper' as const,
  sub_category: 'cet4',
  filename: 'cet4-mock-1',
  title: '四级模拟卷 1（阅读）',
  year: 2026,
  source,
  licence: 'CC BY 4.0 (Yujing)',
  text: '## Section C 仔细阅读\n\nThe cat sat on the mat. It was warm there.',
});
const file = (explanation: string) => ({
  category: 'paper' as const,
  sub_category: 'cet4',
  filename: 'cet4-mock-1',
  questions: [
    {
      section: 1,
      type: 'choice' as const,
      stem: 'Where did the cat sit?',
      options: { A: 'On the mat', B: 'On the roof' },
      answer: 'A',
      evidence: 'The cat sat on the mat.',
      explanation,
    },
  ],
});

describe('the shipped papers’ questions', () => {
  let dir: string;
  let db: Db;
  beforeEach(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'yujing-papers-'));
    db = openDatabase(loadConfig(await testDatabaseEnv(dir)));
    await migrateToLatest(db);
  });
  afterEach(async () => {
    await db.destroy();
    await removeTestData(dir);
  });

  it('are all readable: six papers’ worth for each of six exams', () => {
    const files = shippedQuestionFiles();
    expect(files.length).toBeGreaterThanOrEqual(36);
    for (const f of files) expect(f.filename).toMatch(/^[a-z0-9]+-mock-\d+$/);
  });

  it('are stored once, again only when the shipped ones change, and never over an operator’s paper', async () => {
    const library = createContentLibrary({ db, log: () => {}, now: () => new Date('2026-03-02T02:00:00Z') });
    await library.importDocument(paperText(writtenForYujing));
    const stored = () => db.selectFrom('exam_questions').select(['section', 'kind', 'evidence', 'explanation']).execute();

    expect(await seedShippedQuestions(db, [file('第一句。')])).toBe(1);
    expect(await stored()).toEqual([
      { section: 1, kind: 'choice', evidence: 'The cat sat on the mat.', explanation: '第一句。' },
    ]);
    expect(await seedShippedQuestions(db, [file('第一句。')])).toBe(0);
    expect(await seedShippedQuestions(db, [file('第一段第一句。')])).toBe(1);
    expect((await stored())[0].explanation).toBe('第一段第一句。');

    // An operator's paper of the same name keeps its own questions.
    await db.deleteFrom('exam_questions').execute();
    await library.importDocument(paperText('An operator'));
    expect(await seedShippedQuestions(db, [file('第一句。')])).toBe(0);
    expect(await stored()).toEqual([]);
  });
});
