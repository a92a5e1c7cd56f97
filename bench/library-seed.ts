/**
 * The shipped library on a first start (issue 34): how long seeding takes and what it holds.
 * Run with `npm run bench:library-seed`; never part of the tests.
 *
 * Over a throwaway SQLite database it runs what a first start runs (prepareDatabase: the
 * migrations, every shipped document with its sentences, word index and profile, and the papers'
 * questions), timed; then a second start's check; then it reports the database file's size and,
 * per category, the documents and words the library holds.
 */
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { categoryLabels, contentCategories } from '../lib/contract';
import { prepareDatabase } from '../upstream/app';
import { openDatabase } from '../upstream/db/database';
import { loadConfig } from '../upstream/platform/config';

const dir = mkdtempSync(join(tmpdir(), 'yujing-seed-'));
const file = join(dir, 'yujing.sqlite');
const config = loadConfig({ DATA_DIR: dir, DATABASE_PATH: file });
const db = openDatabase(config);
try {
  let started = performance.now();
  await prepareDatabase({ seedContent: true }, db, { log: () => {} });
  const first = performance.now() - started;
  started = performance.now();
  await prepareDatabase({ seedContent: true }, db, { log: () => {} });
  const again = performance.now() - started;
  const rows = await db
    .selectFrom('documents')
    .select((eb) => ['category', eb.fn.countAll<number>().as('documents'), eb.fn.sum<number>('word_count').as('words')])
    .groupBy('category')
    .execute();
  const questions = await db
    .selectFrom('exam_questions')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  const sentences = await db
    .selectFrom('sentences')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  await db.destroy();
  const size = statSync(file).size;

  console.log(`first start: ${(first / 1000).toFixed(1)} s to migrate and seed; a second start's check: ${Math.round(again)} ms`);
  console.log(`database file: ${(size / 1024 / 1024).toFixed(1)} MB (SQLite, after seeding)`);
  console.log(
    `${Number(sentences.n).toLocaleString('en')} sentences, ${Number(questions.n).toLocaleString('en')} paper questions\n`,
  );
  console.log('category              label      documents     words');
  let docs = 0;
  let words = 0;
  for (const category of contentCategories) {
    const row = rows.find((r) => r.category === category);
    docs += Number(row?.documents ?? 0);
    words += Number(row?.words ?? 0);
    console.log(
      `${category.padEnd(22)}${categoryLabels[category].padEnd(8, '　')}${String(row?.documents ?? 0).padStart(8)}${Number(
        row?.words ?? 0,
      )
        .toLocaleString('en')
        .padStart(10)}`,
    );
  }
  console.log(`${'all'.padEnd(30)}${String(docs).padStart(8)}${words.toLocaleString('en').padStart(10)}`);
} finally {
  rmSync(dir, { recursive: true, force: true });
}
process.exit(0);
