import fs from 'node:fs';
import path from 'node:path';
import type { Db } from '../db/database';
import { shippedContentDir, writtenForYujing } from '../reading/seed';
import { importQuestions, questionFile, questionRows, type QuestionFile } from './questions';

/*
 * The questions of the papers written for Yujing (`content/paper/<exam>/<name>.json`, beside each
 * paper's text), stored at every start where the library's copy differs from the shipped one: a
 * corrected explanation reaches an install that has the paper already. Only papers that are
 * Yujing's own are touched; an operator's paper of the same name keeps its questions.
 */

/** The shipped question files, read and checked (an unreadable one is an error of ours, which the tests catch). */
export function shippedQuestionFiles(dir = shippedContentDir): QuestionFile[] {
  const paperDir = path.join(dir, 'paper');
  if (!fs.existsSync(paperDir)) return [];
  return (fs.readdirSync(paperDir, { recursive: true }) as string[])
    .filter((file) => file.endsWith('.json'))
    .sort()
    .map((file) => {
      const parsed = questionFile.safeParse(JSON.parse(fs.readFileSync(path.join(paperDir, file), 'utf8')));
      if (!parsed.success)
        throw new Error(
          `content/paper/${file}: ${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`,
        );
      return parsed.data;
    });
}

/** Stores the shipped questions of Yujing's papers where they differ from the library's; answers how many papers changed. */
export async function seedShippedQuestions(db: Db, files = shippedQuestionFiles()): Promise<number> {
  if (!files.length) return 0;
  const ours = await db
    .selectFrom('documents')
    .select(['sub_category', 'filename'])
    .where('category', '=', 'paper')
    .where('source', '=', writtenForYujing)
    .execute();
  const isOurs = new Set(ours.map((d) => `${d.sub_category}/${d.filename}`));
  const stored = await db
    .selectFrom('exam_questions')
    .select(['sub_category', 'filename', 'number', 'section', 'kind', 'stem', 'options', 'answer', 'evidence', 'explanation'])
    .where('category', '=', 'paper')
    .orderBy('number')
    .execute();
  const storedOf = new Map<string, string[]>();
  for (const { sub_category, filename, number: _, ...row } of stored) {
    const key = `${sub_category}/${filename}`;
    const list = storedOf.get(key) ?? [];
    storedOf.set(key, list);
    list.push(fingerprint(row));
  }
  let changed = 0;
  for (const file of files) {
    const key = `${file.sub_category ?? ''}/${file.filename}`;
    if (!isOurs.has(key)) continue;
    // The rows an import would store, compared with the stored ones field by field.
    const shipped = questionRows(questionFile.parse(file)).map(fingerprint);
    const had = storedOf.get(key) ?? [];
    if (had.length === shipped.length && had.every((f, i) => f === shipped[i])) continue;
    await importQuestions(db, file);
    changed++;
  }
  return changed;
}

const fingerprint = (row: ReturnType<typeof questionRows>[number]) =>
  JSON.stringify([row.section, row.kind, row.stem, row.options, row.answer, row.evidence, row.explanation]);
