import type { DocumentFile } from '../reading/document-file';
import { normalised, paperSections } from '../reading/content-check';
import { questionFile, type QuestionFile } from './questions';

/*
 * The check of a shipped paper (`npm run check:content`): its questions parse, each belongs to a
 * section of the text, each blank of the text is a question, and each answer is supported by the
 * passage — the words the question names as its evidence are in its own section.
 */

export interface PaperReport {
  sections: number;
  questions: number;
  /** Questions whose answer the checker found supported: the evidence is in their section. */
  supported: number;
  /** Translation questions (nothing to find in the passage). */
  translations: number;
  /** How often each option key is the answer. */
  answers: Record<string, number>;
  problems: string[];
}

/** Checks a paper's questions file against its text. */
export function checkPaper(doc: DocumentFile, file: QuestionFile): PaperReport {
  const problems: string[] = [];
  const parsed = questionFile.safeParse(file);
  const sections = paperSections(doc.text);
  if (!sections.length) problems.push('the paper has no "## " section headings');
  if (!parsed.success) {
    problems.push(...parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`));
    return { sections: sections.length, questions: 0, supported: 0, translations: 0, answers: {}, problems };
  }
  const { questions } = parsed.data;
  if (file.sub_category !== doc.sub_category || file.filename !== doc.filename) {
    problems.push(`the questions name ${file.sub_category}/${file.filename}, the paper is ${doc.sub_category}/${doc.filename}`);
  }
  let supported = 0;
  let translations = 0;
  const answers: Record<string, number> = {};
  for (const [i, q] of questions.entries()) {
    const number = i + 1;
    const section = q.section ? sections[q.section - 1] : undefined;
    if (!section) {
      problems.push(`question ${number}: no section ${q.section ?? '(none given)'}`);
      continue;
    }
    if (q.type === 'translation') {
      translations++;
      continue;
    }
    answers[q.answer] = (answers[q.answer] ?? 0) + 1;
    if (!q.evidence) problems.push(`question ${number}: no evidence`);
    else if (!normalised(section.text).includes(normalised(q.evidence))) {
      problems.push(`question ${number}: its evidence is not in section ${q.section}: "${q.evidence.slice(0, 80)}"`);
    } else supported++;
  }
  // Every blank __N__ of a section is question N of that section, and every cloze question has its blank.
  for (const [s, section] of sections.entries()) {
    for (const match of section.text.matchAll(/__(\d+)__/g)) {
      const q = questions[Number(match[1]) - 1];
      if (!q || q.section !== s + 1) problems.push(`section ${s + 1}: blank __${match[1]}__ is no question of the section`);
    }
  }
  for (const [i, q] of questions.entries()) {
    if (q.type !== 'cloze') continue;
    const section = q.section ? sections[q.section - 1] : undefined;
    if (section && !section.text.includes(`__${i + 1}__`))
      problems.push(`question ${i + 1}: no blank __${i + 1}__ in its section`);
  }
  return { sections: sections.length, questions: questions.length, supported, translations, answers, problems };
}
