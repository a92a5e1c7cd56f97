import fs from 'node:fs';
import path from 'node:path';
import { checkPaper } from '../upstream/courses/paper-check';
import type { QuestionFile } from '../upstream/courses/questions';
import { checkText } from '../upstream/reading/content-check';
import { parseDocumentFile } from '../upstream/reading/document-file';
import { sharedEcdictLexicon } from '../upstream/reading/profile';
import { shippedContentDir, shippedTextFiles } from '../upstream/reading/seed';

/*
 * npm run check:content [-- <file or folder under content/>…]
 *
 * Checks the texts written for Yujing (content/README.md): each text's level and sentence length
 * against the level it states, and each paper's questions against its sections. Prints one line a
 * file that has a problem (and with --all, every file), then the report by category; exits 1 when
 * any file has a problem.
 */

const args = process.argv.slice(2);
const all = args.includes('--all');
const wanted = args.filter((a) => a !== '--all').map((a) => path.resolve(a));
const files = shippedTextFiles().filter((file) => {
  const full = path.join(shippedContentDir, file);
  return !wanted.length || wanted.some((w) => full === w || full.startsWith(`${w}${path.sep}`));
});

const lexicon = sharedEcdictLexicon();
interface Tally {
  texts: number;
  within: number;
  words: number;
  share: number;
  sentenceWords: number;
  questions: number;
  supported: number;
  translations: number;
}
const tallies = new Map<string, Tally>();
let failed = 0;

for (const file of files) {
  const full = path.join(shippedContentDir, file);
  const problems: string[] = [];
  let line = '';
  try {
    const doc = parseDocumentFile(fs.readFileSync(full, 'utf8'), path.basename(file, '.md'));
    const report = checkText(doc, lexicon);
    problems.push(...report.problems);
    const tally = tallies.get(doc.category) ?? {
      texts: 0,
      within: 0,
      words: 0,
      share: 0,
      sentenceWords: 0,
      questions: 0,
      supported: 0,
      translations: 0,
    };
    tallies.set(doc.category, tally);
    tally.texts++;
    tally.words += report.words;
    tally.share += report.withinShare;
    tally.sentenceWords += report.averageSentence;
    if (!report.problems.length) tally.within++;
    line = `level ${report.stated} → ${report.computed}, ${(100 * report.withinShare).toFixed(1)}% within, ${report.words} words, ${report.averageSentence.toFixed(1)} words/sentence`;
    if (report.computed > report.stated) line += `; hard words: ${report.hardWords.join(', ')}`;
    if (doc.category === 'paper') {
      const questionsPath = full.replace(/\.md$/, '.json');
      if (!fs.existsSync(questionsPath)) problems.push('no questions file beside it');
      else {
        const paper = checkPaper(doc, JSON.parse(fs.readFileSync(questionsPath, 'utf8')) as QuestionFile);
        problems.push(...paper.problems);
        tally.questions += paper.questions;
        tally.supported += paper.supported;
        tally.translations += paper.translations;
        const spread = Object.entries(paper.answers)
          .sort()
          .map(([k, n]) => `${k}${n}`)
          .join(' ');
        line += `; ${paper.sections} sections, ${paper.questions} questions (${paper.supported} supported, ${paper.translations} translation; answers ${spread})`;
      }
    }
  } catch (error) {
    problems.push(error instanceof Error ? error.message : String(error));
  }
  if (problems.length) failed++;
  if (problems.length || all) {
    console.log(`${problems.length ? '✗' : '✓'} content/${file}: ${line}`);
    for (const p of problems) console.log(`    ${p}`);
  }
}

console.log('\ncategory              texts  within level  words  mean within-share  words/sentence  questions supported');
let texts = 0;
let within = 0;
let questions = 0;
let supported = 0;
let translations = 0;
for (const [category, t] of [...tallies].sort()) {
  texts += t.texts;
  within += t.within;
  questions += t.questions;
  supported += t.supported;
  translations += t.translations;
  console.log(
    [
      category.padEnd(20),
      String(t.texts).padStart(6),
      `${t.within}/${t.texts}`.padStart(13),
      String(t.words).padStart(6),
      `${((100 * t.share) / t.texts).toFixed(1)}%`.padStart(18),
      (t.sentenceWords / t.texts).toFixed(1).padStart(15),
      t.questions ? `${t.supported}/${t.questions - t.translations} (+${t.translations} translation)`.padStart(20) : '',
    ].join(' '),
  );
}
console.log(
  `\n${texts} texts, ${within} within their level and sentence length (${texts ? ((100 * within) / texts).toFixed(1) : 0}%); ` +
    `${questions} questions, ${supported} of ${questions - translations} supported by their passage, ${translations} translation`,
);
process.exit(failed ? 1 : 0);
