import fs from 'node:fs';
import { importQuestions, QuestionImportError } from '../upstream/courses/questions';
import { describeDatabase, migrateToLatest, openDatabase } from '../upstream/db/database';
import { loadConfig } from '../upstream/platform/config';

/*
 * Imports the questions of exam papers already in the content library (upstream/courses/questions.ts
 * describes the JSON file):
 *
 *   npm run import-questions -- <file.json>...
 *
 * Each file replaces all of its paper's questions, or, when anything is wrong with it, changes
 * nothing. Uses the upstream's configuration (DATA_DIR, DATABASE_PATH or DATABASE_URL). Exits 1
 * when any file could not be imported, 2 on a bad command line.
 */

async function main(files: string[]): Promise<number> {
  if (!files.length) {
    console.error('usage: npm run import-questions -- <file.json>...');
    return 2;
  }
  const config = loadConfig();
  const db = openDatabase(config);
  let failed = 0;
  try {
    await migrateToLatest(db);
    for (const file of files) {
      try {
        const { questions } = await importQuestions(db, JSON.parse(fs.readFileSync(file, 'utf8')));
        console.log(`✓ ${file}: ${questions} questions`);
      } catch (error) {
        failed++;
        const known = error instanceof QuestionImportError || error instanceof SyntaxError;
        console.error(
          `✗ ${file}: ${known || !(error instanceof Error) ? String(error instanceof Error ? error.message : error) : error.stack}`,
        );
      }
    }
  } finally {
    await db.destroy();
  }
  console.log(`${files.length - failed} of ${files.length} files imported — database ${describeDatabase(config)}`);
  return failed ? 1 : 0;
}

main(process.argv.slice(2)).then((code) => process.exit(code));
