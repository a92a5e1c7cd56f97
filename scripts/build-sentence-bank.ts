import fs from 'node:fs';
import path from 'node:path';
import { createGrammarCatalogue, POINTS } from '../upstream/analysis/grammar/catalogue';
import { structureOfTree } from '../upstream/analysis/structure-ud';
import { isSentenceLike, sentenceWords } from '../upstream/courses/books';
import { loadTreeParser } from '../upstream/language/pipeline';
import { runningWords, sharedEcdictLexicon } from '../upstream/reading/profile';
import { seedDocuments, shippedContentDir } from '../upstream/reading/seed';
import { paragraphSentences } from '../upstream/reading/text';

/*
 * npm run build:sentence-bank
 *
 * Writes 句库 (`content/sentence/`): the library's own sentences grouped by grammar point and exam
 * level, one document per point and level band. Every shipped text but the papers (whose sentences
 * hold blanks) is read, its sentences of 6–25 words that stand on their own are parsed by the
 * product's tagger and parser, and the grammar catalogue's detectors say which points each shows —
 * the same analysis a learner gets on clicking 分析. A sentence's level is that of its hardest
 * word (as the course books grade sentences). The files are generated: run this again after the
 * library's texts change, and commit what it writes.
 */

/** Each grammar point's file name, in the catalogue's order. */
const slugs: Record<string, string> = {
  一般现在时: 'present-simple',
  一般过去时: 'past-simple',
  一般将来时: 'future-simple',
  现在进行时: 'present-continuous',
  过去进行时: 'past-continuous',
  现在完成时: 'present-perfect',
  过去完成时: 'past-perfect',
  现在完成进行时: 'present-perfect-continuous',
  被动语态: 'passive-voice',
  情态动词: 'modal-verbs',
  虚拟语气: 'subjunctive-mood',
  祈使句: 'imperatives',
  定语从句: 'relative-clauses',
  非限制性定语从句: 'non-defining-relative-clauses',
  关系副词: 'relative-adverbs',
  宾语从句: 'object-clauses',
  主语从句: 'subject-clauses',
  表语从句: 'predicative-clauses',
  同位语从句: 'appositive-clauses',
  时间状语从句: 'clauses-of-time',
  原因状语从句: 'clauses-of-reason',
  条件状语从句: 'conditional-clauses',
  让步状语从句: 'clauses-of-concession',
  结果状语从句: 'clauses-of-result',
  目的状语从句: 'clauses-of-purpose',
  比较状语从句: 'clauses-of-comparison',
  方式状语从句: 'clauses-of-manner',
  地点状语从句: 'clauses-of-place',
  不定式: 'infinitives',
  动名词: 'gerunds',
  现在分词: 'present-participles',
  过去分词: 'past-participles',
  独立主格: 'absolute-constructions',
  强调句: 'cleft-sentences',
  倒装句: 'inversion',
  形式主语: 'anticipatory-it-subject',
  形式宾语: 'anticipatory-it-object',
  'there be 句型': 'there-be',
  强调谓语动词: 'emphatic-do',
  省略: 'ellipsis',
  并列句: 'compound-sentences',
  比较级: 'comparatives',
  最高级: 'superlatives',
  同级比较: 'as-as-comparisons',
  'the + 比较级, the + 比较级': 'the-more-the-more',
  双宾语: 'double-objects',
  宾语补足语: 'object-complements',
  使役动词: 'causative-verbs',
  感叹句: 'exclamations',
  反意疑问句: 'question-tags',
  特殊疑问句: 'wh-questions',
  一般疑问句: 'yes-no-questions',
};

/** The exam bands a point's sentences are grouped by, the level a document of the band states, and its longest sentence. */
const bands = [
  { key: 'zhongkao-gaokao', name: '中考·高考', levels: [1, 2], level: 2, longest: 18 },
  { key: 'cet4-cet6', name: '四级·六级', levels: [3, 4], level: 4, longest: sentenceWords.max },
  { key: 'kaoyan-ielts', name: '考研·雅思', levels: [5], level: 5, longest: sentenceWords.max },
] as const;
/** A document holds at most this many sentences, and is not made with fewer than the least. */
const most = 30;
const least = 8;

const catalogue = createGrammarCatalogue();
const trees = loadTreeParser(undefined, (line) => console.error(line));
if (!trees) {
  console.error('The tagger and parser models are missing (upstream/language/models).');
  process.exit(1);
}
for (const p of POINTS) if (!slugs[p.name]) throw new Error(`no file name for the grammar point ${p.name}`);

const lexicon = sharedEcdictLexicon();
const outDir = path.join(shippedContentDir, 'sentence');
const started = performance.now();

// Each sentence once, from the texts in seed order (ours first, then the public-domain stories).
const seen = new Set<string>();
const found = new Map<string, Map<number, string[]>>();
let parsed = 0;
for (const seed of seedDocuments()) {
  if (seed.category === 'paper' || seed.category === 'sentence' || seed.category === 'news') continue;
  const doc = seed.load();
  // Whole books: their first chapters are plenty, and a book's archaic sentences are few there.
  const sentences = paragraphSentences(doc.text).flat().slice(0, 1500);
  for (const sentence of sentences) {
    const words = sentence.split(/\s+/).length;
    if (words < sentenceWords.min || words > sentenceWords.max || !isSentenceLike(sentence)) continue;
    const key = sentence.toLowerCase();
    if (seen.has(key)) continue;
    seen.add(key);
    const level = Math.max(1, ...runningWords([sentence], lexicon).words.map((w) => w.level));
    if (level > 5) continue;
    const tree = trees.parse(sentence);
    parsed++;
    for (const point of catalogue.detect({ ...structureOfTree(tree), sentence, tree })) {
      // The tenses are in nearly every sentence: a page of them teaches nothing.
      if (['一般现在时', '一般过去时'].includes(point.name)) continue;
      const byLevel = found.get(point.name) ?? new Map<number, string[]>();
      found.set(point.name, byLevel);
      const list = byLevel.get(level) ?? [];
      byLevel.set(level, list);
      list.push(sentence);
    }
  }
}

fs.rmSync(outDir, { recursive: true, force: true });
fs.mkdirSync(outDir, { recursive: true });
let written = 0;
let kept = 0;
for (const point of POINTS) {
  const byLevel = found.get(point.name);
  if (!byLevel) continue;
  for (const band of bands) {
    // The band's sentences, easiest first, then as met.
    const sentences = band.levels
      .flatMap((l) => byLevel.get(l) ?? [])
      .filter((s) => s.split(/\s+/).length <= band.longest)
      .slice(0, most);
    if (sentences.length < least) continue;
    const filename = `${slugs[point.name]}-${band.key}`;
    const header = [
      '---',
      'category: sentence',
      `filename: ${filename}`,
      `title: "${point.name}（${band.name}）"`,
      'year: 2026',
      `level: ${band.level}`,
      "source: Sentences from Yujing's library (the texts written for Yujing and public-domain stories), grouped by grammar point",
      'licence: CC BY 4.0 (Yujing); sentences from public-domain texts remain public domain',
      '---',
      '',
    ].join('\n');
    fs.writeFileSync(path.join(outDir, `${filename}.md`), `${header}\n${sentences.join('\n\n')}\n`);
    written++;
    kept += sentences.length;
  }
}
console.log(
  `${parsed} sentences parsed in ${((performance.now() - started) / 1000).toFixed(1)} s; ${written} documents of ${kept} sentences written to content/sentence/`,
);
process.exit(0);
