/**
 * How the grammar catalogue's detectors (upstream/analysis/grammar) do on exam-style sentences
 * that neither the tests nor the catalogue's examples use: bench/data/grammar-heldout.json, 40
 * sentences in the manner of 中考/高考/CET items, each with every point it carries, written before
 * the detectors were moved onto the tree and never used to tune them.
 *
 *   npm run bench:grammar-points             # the trained tagger and parser's trees
 *   npm run bench:grammar-points -- --words  # the words alone (the fallback, no tree)
 *   npm run bench:grammar-points -- --json   # the figures as JSON
 *   npm run bench:grammar-points -- --dev    # the development set (grammar-dev.json) instead
 *   npm run bench:grammar-points -- --ewt [DIR]  # agreement, predicted trees against gold, on EWT dev
 *
 * bench/data/grammar-dev.json is the set to tune on: separate sentences, written after the first
 * held-out run, that the detectors may be fitted to. Recall is the expected (sentence, point) pairs found, over all expected pairs. A false alarm is
 * a point claimed that the sentence does not carry; a sentence with one or more counts once.
 * Goals (issue 30): recall ≥ 90%, false alarms in at most 2 of 40 sentences.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { approximateStructure } from '../upstream/analysis/fallback';
import { createGrammarCatalogue } from '../upstream/analysis/grammar/catalogue';
import { structureOfTree } from '../upstream/analysis/structure-ud';
import { readConllu } from '../upstream/language/conllu';
import { loadTreeParser } from '../upstream/language/pipeline';
import type { UdSentence } from '../upstream/language/ud';

interface Item {
  sentence: string;
  points: string[];
}

const here = path.dirname(fileURLToPath(import.meta.url));
const set = process.argv.includes('--dev') ? 'grammar-dev' : 'grammar-heldout';
const data = JSON.parse(readFileSync(path.join(here, `data/${set}.json`), 'utf8')) as { sentences: Item[] };
const wordsOnly = process.argv.includes('--words');
const asJson = process.argv.includes('--json');

const catalogue = createGrammarCatalogue();
for (const item of data.sentences)
  for (const name of item.points) if (!catalogue.byName(name)) throw new Error(`unknown point "${name}" in "${item.sentence}"`);

const trees = wordsOnly ? null : loadTreeParser(undefined, (line) => console.error(line));
if (!wordsOnly && !trees) {
  console.error('The models are missing (upstream/language/models); run with --words for the fallback.');
  process.exit(1);
}

if (process.argv.includes('--ewt')) {
  const at = process.argv.indexOf('--ewt');
  const dir = process.argv[at + 1] && !process.argv[at + 1].startsWith('--') ? process.argv[at + 1] : '/work/data/ud-ewt';
  const gold = readConllu(readFileSync(path.join(dir, 'en_ewt-ud-dev.conllu'), 'utf8'))
    .filter((t) => t.words.length >= 5 && t.words.length <= 30)
    .slice(0, 1200);
  const stat = new Map<string, { both: number; gold: number; parsed: number }>();
  for (const g of gold) {
    const text = g.words
      .map((w) => w.form + (w.noSpaceAfter ? '' : ' '))
      .join('')
      .trim();
    const names = (tree: UdSentence) =>
      new Set(catalogue.detect({ ...structureOfTree(tree), sentence: text, tree }).map((h) => h.name));
    const fromGold = names(g);
    const fromParse = names((trees as NonNullable<typeof trees>).parse(text));
    for (const n of new Set([...fromGold, ...fromParse])) {
      const t = stat.get(n) ?? { both: 0, gold: 0, parsed: 0 };
      if (fromGold.has(n)) t.gold++;
      if (fromParse.has(n)) t.parsed++;
      if (fromGold.has(n) && fromParse.has(n)) t.both++;
      stat.set(n, t);
    }
  }
  console.log(`grammar points on ${gold.length} EWT dev sentences: the parsed tree's against the gold tree's`);
  for (const [n, t] of [...stat].sort((a, b) => b[1].gold - a[1].gold))
    console.log(
      `  ${n.padEnd(10, '\u3000')} gold ${String(t.gold).padStart(3)}  parsed ${String(t.parsed).padStart(3)}  P ${(t.both / t.parsed).toFixed(2)}  R ${(t.both / t.gold).toFixed(2)}`,
    );
  process.exit(0);
}

let expected = 0;
let found = 0;
const alarmed: { sentence: string; extra: string[] }[] = [];
const missed: { sentence: string; missing: string[] }[] = [];
const byPoint = new Map<string, { expected: number; found: number; alarms: number }>();
const tally = (name: string) => {
  let t = byPoint.get(name);
  if (!t) byPoint.set(name, (t = { expected: 0, found: 0, alarms: 0 }));
  return t;
};

for (const { sentence, points } of data.sentences) {
  const tree = trees ? trees.parse(sentence) : null;
  const structure = tree ? structureOfTree(tree) : approximateStructure(sentence);
  const claimed = new Set(catalogue.detect({ ...structure, sentence, tree }).map((h) => h.name));
  const want = new Set(points);
  const missing = [...want].filter((p) => !claimed.has(p));
  const extra = [...claimed].filter((p) => !want.has(p));
  expected += want.size;
  found += want.size - missing.length;
  for (const p of want) {
    tally(p).expected++;
    if (claimed.has(p)) tally(p).found++;
  }
  for (const p of extra) tally(p).alarms++;
  if (missing.length) missed.push({ sentence, missing });
  if (extra.length) alarmed.push({ sentence, extra });
}

const recall = found / expected;
const figures = {
  set,
  engine: wordsOnly ? 'words only' : 'tree',
  sentences: data.sentences.length,
  expected,
  found,
  recall: Number(recall.toFixed(4)),
  sentencesWithFalseAlarm: alarmed.length,
  goals: { recall: recall >= 0.9, falseAlarms: alarmed.length <= 2 },
};

if (asJson) {
  console.log(JSON.stringify({ ...figures, missed, alarmed }, null, 2));
} else {
  console.log(`grammar points on ${figures.sentences} sentences of ${set}.json (${figures.engine})`);
  console.log(`  recall       ${(recall * 100).toFixed(1)}%  (${found} of ${expected} expected points)   goal ≥ 90%`);
  console.log(`  false alarms in ${alarmed.length} of ${figures.sentences} sentences   goal ≤ 2`);
  if (missed.length) console.log('\nmissed:');
  for (const m of missed) console.log(`  ${m.missing.join(', ')}  ←  ${m.sentence}`);
  if (alarmed.length) console.log('\nfalse alarms:');
  for (const a of alarmed) console.log(`  ${a.extra.join(', ')}  ←  ${a.sentence}`);
}
