import { execFile } from 'node:child_process';
import fs from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../platform/config';
import { migrateToLatest, openDatabase } from '../db/database';
import { DocumentFileError, parseDocumentFile } from './document-file';
import { createContentLibrary } from './library';
import { removeTestData, testDatabaseEnv } from '../test-harness';

const root = path.resolve(__dirname, '../..');
const fixtures = path.join(root, 'tests/fixtures/content');

function problemsOf(raw: string): string[] {
  try {
    parseDocumentFile(raw, 'fallback');
  } catch (error) {
    if (error instanceof DocumentFileError) return error.problems;
    throw error;
  }
  throw new Error('parsed without complaint');
}

describe('document files', () => {
  it('reads the header and the text', () => {
    const doc = parseDocumentFile(fs.readFileSync(path.join(fixtures, 'paper-2024-cet4.md'), 'utf8'), 'x');
    expect(doc).toMatchObject({
      category: 'paper',
      sub_category: 'cet4',
      filename: '2024-06-reading-1',
      year: 2024,
      source: 'Written for the Yujing test suite',
      licence: 'CC0 1.0',
    });
    expect(doc.text.trimStart()).toMatch(/^# Passage One\n\nWhen Lin Wei/);
  });

  it('takes the file name when the header has no filename, quotes and "license" too', () => {
    const doc = parseDocumentFile(
      '\uFEFF---\r\ncategory: essay\r\ntitle: "My essay"\r\nsource: me\r\nlicense: \'CC BY 4.0\'\r\n---\r\nHello there. Bye.',
      'my-essay',
    );
    expect(doc).toMatchObject({ category: 'essay', filename: 'my-essay', title: 'My essay', licence: 'CC BY 4.0', year: null });
    expect(doc.text).toBe('Hello there. Bye.');
  });

  it('lists every problem of a bad file', () => {
    expect(problemsOf('Just text, no header.')).toEqual([expect.stringMatching(/no header/)]);
    const problems = problemsOf('---\ncategory: papers\nyear: 23\ncolour: red\nnot a pair\n---\ntext');
    expect(problems).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/unknown header key "colour"/),
        expect.stringMatching(/header line 5 is not "key: value"/),
        expect.stringMatching(/title is missing/),
        expect.stringMatching(/source is missing/),
        expect.stringMatching(/licence is missing/),
        expect.stringMatching(/^year: year must be four digits/),
      ]),
    );
    expect(problemsOf('---\ncategory: papers\ntitle: t\nsource: s\nlicence: l\n---\ntext')).toEqual([
      expect.stringMatching(/^category: /),
    ]);
    expect(problemsOf('---\ncategory: paper\ntitle: t\nsource: s\nlicence: l\n---\n   \n')).toEqual(['text: the text is empty']);
  });
});

describe('import-content command', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'yujing-import-'));
  });
  afterEach(async () => {
    // The import made its database in a folder of its own, as a real data folder would be.
    await removeTestData(path.join(dir, 'data'));
    await rm(dir, { recursive: true, force: true });
  });

  const run = (args: string[], env: Record<string, string>) =>
    promisify(execFile)(process.execPath, ['--import', 'tsx', path.join(root, 'scripts/import-content.ts'), ...args], {
      cwd: root,
      env: { ...process.env, ...env },
    }).then(
      (r) => ({ code: 0, ...r }),
      (e: { code: number; stdout: string; stderr: string }) => ({ code: e.code, stdout: e.stdout, stderr: e.stderr }),
    );

  it('imports a directory of papers, reports each file and the counts, and rejects a bad file clearly', async () => {
    const incoming = path.join(dir, 'incoming');
    fs.cpSync(fixtures, incoming, { recursive: true });
    fs.writeFileSync(path.join(incoming, 'broken.md'), '---\ncategory: paper\ntitle: Broken\n---\nSome text.');
    fs.writeFileSync(path.join(incoming, 'notes.pdf'), 'not a text file');
    const location = await testDatabaseEnv(path.join(dir, 'data'));

    const result = await run([incoming], location);
    expect(result.code).toBe(1);
    expect(result.stdout).toMatch(/✓ .*paper-2024-cet4\.md → paper\/cet4\/2024-06-reading-1 \(2024\): \d+ sentences/);
    expect(result.stdout).toMatch(/paper-2024-cet4\.md .*: \d+ sentences, \d+ words, level [1-5] (入门|初级|中级|中高级|高级)\n/);
    expect(result.stdout).toMatch(/3 of 4 files imported \(0 replaced\), \d+ sentences; 1 failed/);
    expect(result.stderr).toMatch(
      /✗ .*broken\.md:\n\s+- source is missing from the header\n\s+- licence is missing from the header/,
    );
    expect(result.stdout + result.stderr).not.toMatch(/notes\.pdf/);

    const again = await run([path.join(incoming, 'paper-2019-cet4.md')], location);
    expect(again.code).toBe(0);
    expect(again.stdout).toMatch(/1 of 1 files imported \(1 replaced\)/);

    const db = openDatabase(loadConfig(location));
    try {
      await migrateToLatest(db);
      const library = createContentLibrary({ db, log: () => {}, now: () => new Date() });
      expect(await library.paperCount(['bank', 'banks'], new Date('2026-03-02T02:00:00Z'))).toBe(4);
      expect(await db.selectFrom('documents').select('year').orderBy('year').execute()).toEqual([
        { year: 2010 },
        { year: 2019 },
        { year: 2024 },
      ]);
    } finally {
      await db.destroy();
    }
    // Two runs of the command, each a process that loads the dictionary to profile the documents.
  }, 120_000);

  it('says how to use it when given nothing, and names a missing path', async () => {
    expect(await run([], {})).toMatchObject({ code: 2, stderr: expect.stringMatching(/usage: npm run import-content/) });
    const missing = await run([path.join(dir, 'nope')], { DATABASE_PATH: path.join(dir, 'db.sqlite') });
    expect(missing).toMatchObject({ code: 1, stderr: expect.stringMatching(/nope: no such file or directory/) });
  });
});
