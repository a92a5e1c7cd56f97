import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseDocumentFile } from '../reading/document-file';
import { shippedContentDir, shippedTextFiles } from '../reading/seed';
import { checkPaper } from './paper-check';
import type { QuestionFile } from './questions';

const paper = parseDocumentFile(
  [
    '---',
    'category: paper',
    'sub_category: cet4',
    'filename: cet4-mock-9',
    'title: 四级模拟卷 9',
    'source: Written for Yujing',
    'licence: CC BY 4.0 (Yujing)',
    '---',
    '## Part A 完形填空',
    'Tom __1__ to school every day. He likes it.',
    '## Part B 阅读理解',
    'Mary’s garden is small, but she grows tomatoes there.',
    '## Part C 翻译',
    '长城是中国的象征。',
  ].join('\n'),
  'cet4-mock-9',
);

const file = (questions: QuestionFile['questions']): QuestionFile => ({
  category: 'paper',
  sub_category: 'cet4',
  filename: 'cet4-mock-9',
  questions,
});
const cloze = {
  section: 1,
  type: 'cloze',
  stem: '__1__',
  options: { A: 'walks', B: 'sings' },
  answer: 'A',
  evidence: 'Tom __1__ to school',
  explanation: '第一句。',
} as const;
const choice = {
  section: 2,
  type: 'choice',
  stem: 'What does Mary grow?',
  options: { A: 'Roses', B: 'Tomatoes' },
  answer: 'B',
  evidence: "Mary's garden is small, but she grows tomatoes",
  explanation: '第二部分第一句。',
} as const;
const translation = {
  section: 3,
  type: 'translation',
  stem: '将下面这句话译成英文：长城是中国的象征。',
  answer: 'The Great Wall is a symbol of China.',
} as const;

describe('the check of a paper', () => {
  it('finds each answer supported by its own section (typographic quotes aside) and leaves translations out', () => {
    const report = checkPaper(paper, file([cloze, choice, translation]));
    expect(report).toMatchObject({
      sections: 3,
      questions: 3,
      supported: 2,
      translations: 1,
      answers: { A: 1, B: 1 },
      problems: [],
    });
  });

  it('reports evidence that is not in the section, a missing section, and blanks without their question', () => {
    const report = checkPaper(
      paper,
      file([
        { ...cloze, evidence: 'Tom __1__ to work' },
        { ...choice, section: 1 },
        { ...translation, section: 7 },
      ]),
    );
    expect(report.supported).toBe(0);
    expect(report.problems).toEqual([
      'question 1: its evidence is not in section 1: "Tom __1__ to work"',
      `question 2: its evidence is not in section 1: "${choice.evidence}"`,
      'question 3: no section 7',
    ]);
    expect(checkPaper(paper, file([choice, cloze])).problems).toEqual([
      'section 1: blank __1__ is no question of the section',
      'question 2: no blank __2__ in its section',
    ]);
  });

  it('reports a questions file that does not parse', () => {
    const report = checkPaper(paper, file([{ ...choice, answer: 'E' }]));
    expect(report.problems).toEqual(['questions.0.answer: the answer must be one of the options']);
  });
});

describe('every paper written for Yujing', () => {
  const papers = shippedTextFiles().filter((f) => f.startsWith('paper/'));
  it('covers each exam with at least six papers', () => {
    for (const exam of ['junior_high_school', 'high_school', 'cet4', 'cet6', 'postgraduate', 'ielts']) {
      expect(papers.filter((f) => f.startsWith(`paper/${exam}/`)).length, exam).toBeGreaterThanOrEqual(6);
    }
  });
  it.each(papers)('%s has questions, each answered from its own section', (file) => {
    const full = path.join(shippedContentDir, file);
    const doc = parseDocumentFile(fs.readFileSync(full, 'utf8'), path.basename(file, '.md'));
    const questions = JSON.parse(fs.readFileSync(full.replace(/\.md$/, '.json'), 'utf8')) as QuestionFile;
    const report = checkPaper(doc, questions);
    expect(report.problems).toEqual([]);
    expect(report.questions).toBeGreaterThanOrEqual(20);
  });
});
