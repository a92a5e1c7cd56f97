import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/*
 * An exam paper with its reading questions, imported into the browser tests' library the way an
 * operator imports one (npm run import-content, then npm run import-questions): it appears beside
 * the shipped 模拟卷, marked 真题. The text is written for these tests.
 */

// No exam (sub_category): the paper joins only the 试卷 books (under 其他), so no exam category's lists
// (its frequent words among them) change under the other tests.
export const testPaper = { category: 'paper', filename: 'e2e-cooler-streets' } as const;

const text = `---
category: paper
filename: ${testPaper.filename}
title: Cooler Streets (practice paper)
year: 2026
source: Written for Yujing's tests
licence: CC BY 4.0 (Yujing)
---

Many cities are trying to make their streets cooler in summer. Cities plant trees along busy roads, and they paint roofs white so that they reflect the sun.

However, planting trees costs money, and young trees need water for years. Some cities ask their citizens to help, and many people are glad to do so.
`;

const questions = {
  ...testPaper,
  questions: [
    {
      stem: 'What are many cities trying to do?',
      options: { A: 'Build roads', B: 'Make streets cooler', C: 'Sell roofs', D: 'Move people' },
      answer: 'B',
      explanation: '第一段第一句。',
    },
    {
      stem: 'What do young trees need?',
      options: { A: 'Water', B: 'Roofs' },
      answer: 'A',
      explanation: '第二段第一句。',
    },
  ],
};

let imported = false;

/**
 * Imports the paper and its questions into the test servers' database, once per worker: a new
 * import would make the upstream build its books again.
 */
export function importTestPaper(): void {
  if (imported) return;
  const dataDir = process.env.E2E_DATA_DIR;
  if (!dataDir) throw new Error('E2E_DATA_DIR is not set (playwright.config.ts sets it)');
  const dir = mkdtempSync(join(tmpdir(), 'yujing-paper-'));
  writeFileSync(join(dir, `${testPaper.filename}.md`), text);
  const questionFile = join(dir, `${testPaper.filename}.questions.json`);
  writeFileSync(questionFile, JSON.stringify(questions));
  const env = { ...process.env, DATA_DIR: dataDir, DATABASE_PATH: join(dataDir, 'yujing.sqlite') };
  for (const script of [
    ['scripts/import-content.ts', join(dir, `${testPaper.filename}.md`)],
    ['scripts/import-questions.ts', questionFile],
  ]) {
    execFileSync(process.execPath, ['--import', 'tsx', ...script], { env, stdio: 'pipe', timeout: 120_000 });
  }
  imported = true;
}
