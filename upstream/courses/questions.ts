import { z } from 'zod';
import { questionTypes } from '../../lib/contract';
import type { Db } from '../db/database';

/*
 * The questions of imported exam papers. A paper is a document of category `paper` (imported with
 * `npm run import-content`); its questions come in a file of their own, JSON, beside it:
 *
 *   {
 *     "category": "paper", "sub_category": "cet4", "filename": "2023-06-1",
 *     "questions": [
 *       { "stem": "What does the author think of …?",
 *         "options": { "A": "…", "B": "…", "C": "…", "D": "…" },
 *         "answer": "B",
 *         "explanation": "第二段第一句……" }
 *       (and optionally "section", "type" and "evidence": content/README.md, the shipped papers)
 *     ]
 *   }
 *
 * imported with `npm run import-questions -- <file>…`. Questions are numbered in file order; an
 * import replaces all of the paper's questions at once. The paper must have been imported first.
 */

const optionKey = z.string().regex(/^[A-Z]$/, 'an option key is one capital letter');

// How a question is answered (the contract's questionTypes): a translation's `answer` is a
// reference translation the learner compares theirs with; the others' an option's key.

export const storedQuestion = z
  .object({
    /** The paper's section the question belongs to: its `## ` heading, counted from 1. */
    section: z.number().int().min(1).max(50).optional(),
    type: z.enum(questionTypes).default('choice'),
    stem: z.string().trim().min(1).max(2_000),
    options: z.record(optionKey, z.string().trim().min(1).max(1_000)).default({}),
    answer: z.string().trim().min(1).max(5_000),
    /** The passage's own words that decide the answer (checked by `npm run check:content`). */
    evidence: z.string().trim().max(2_000).default(''),
    explanation: z.string().trim().max(5_000).default(''),
  })
  .superRefine((q, ctx) => {
    const keys = Object.keys(q.options).length;
    if (q.type === 'translation') {
      if (keys) ctx.addIssue({ code: 'custom', path: ['options'], message: 'a translation question has no options' });
      return;
    }
    if (keys < 2) ctx.addIssue({ code: 'custom', path: ['options'], message: 'a question has at least two options' });
    if (!(q.answer in q.options))
      ctx.addIssue({ code: 'custom', path: ['answer'], message: 'the answer must be one of the options' });
  });

export const questionFile = z
  .object({
    category: z.literal('paper'),
    sub_category: z.string().trim().max(200).optional(),
    filename: z.string().trim().min(1).max(200),
    questions: z.array(storedQuestion).min(1).max(200),
  })
  .strict();
export type QuestionFile = z.input<typeof questionFile>;

export class QuestionImportError extends Error {}

/** Stores a paper's questions in place of those it had; answers how many. */
export async function importQuestions(db: Db, input: QuestionFile): Promise<{ questions: number }> {
  const parsed = questionFile.safeParse(input);
  if (!parsed.success) {
    throw new QuestionImportError(parsed.error.issues.map((i) => `${i.path.join('.') || 'file'}: ${i.message}`).join('; '));
  }
  const file = parsed.data;
  const identity = { category: file.category, sub_category: file.sub_category ?? '', filename: file.filename };
  return db.transaction().execute(async (trx) => {
    const paper = await trx
      .selectFrom('documents')
      .select('id')
      .where('category', '=', identity.category)
      .where('sub_category', '=', identity.sub_category)
      .where('filename', '=', identity.filename)
      .executeTakeFirst();
    if (!paper) {
      throw new QuestionImportError(
        `no paper ${identity.category}/${identity.sub_category ? `${identity.sub_category}/` : ''}${identity.filename} in the library: import it first`,
      );
    }
    await trx
      .deleteFrom('exam_questions')
      .where('category', '=', identity.category)
      .where('sub_category', '=', identity.sub_category)
      .where('filename', '=', identity.filename)
      .execute();
    await trx
      .insertInto('exam_questions')
      .values(questionRows(file).map((row, i) => ({ ...identity, number: i + 1, ...row })))
      .execute();
    return { questions: file.questions.length };
  });
}

/** A checked file's questions as exam_questions stores them (options sorted by key, as JSON), in order. */
export function questionRows(file: z.output<typeof questionFile>) {
  return file.questions.map((q) => ({
    stem: q.stem,
    options: JSON.stringify(
      Object.entries(q.options)
        .sort(([a], [b]) => (a < b ? -1 : 1))
        .map(([key, text]) => ({ key, text })),
    ),
    answer: q.answer,
    explanation: q.explanation,
    section: q.section ?? 0,
    kind: q.type,
    evidence: q.evidence,
  }));
}
