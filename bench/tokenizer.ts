/**
 * How closely upstream/language/tokenizer.ts splits raw text as UD English EWT does: each
 * sentence's `# text` is tokenized and its words compared with the treebank's by character span.
 * Run with `npm run bench:tokenizer` (never part of the tests).
 *
 *   npm run bench:tokenizer                          # dev split of /work/data/ud-ewt
 *   npm run bench:tokenizer -- --split test          # test (report it; do not tune on it)
 *   npm run bench:tokenizer -- --split train --errors 40 --treebank DIR
 *
 * The treebank's words are placed in the text in order (white space between them skipped). A
 * multiword token (`1-2 don't` over `do` and `n't`) is, in EWT, always written as its syntactic
 * words run together, so its words have spans of their own and are scored as words: the tokenizer
 * is to give `do` and `n't`, which is what the tagger and the parser read. A word whose form is not
 * the text at that point (none in EWT v2.16) would end the sentence's alignment; such sentences are
 * counted and left out.
 *
 * Reported: the share of sentences tokenized exactly as the treebank, word precision, recall and F1
 * (a word counts when its start and end both match), the most frequent mistakes, and speed (words
 * per second over the whole split, best of a few rounds).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { readConllu } from '../upstream/language/conllu';
import { tokenize } from '../upstream/language/tokenizer';
import { readTreebank } from '../upstream/language/treebank';
import type { UdSentence } from '../upstream/language/ud';
import { reporter } from './support';

const arg = (name: string, fallback: string) => {
  const at = process.argv.indexOf(name);
  return at >= 0 && process.argv[at + 1] ? process.argv[at + 1] : fallback;
};
const split = arg('--split', 'dev');
const dir = arg('--treebank', '/work/data/ud-ewt');
const errorCount = Number(arg('--errors', '25'));
if (!['train', 'dev', 'test'].includes(split)) throw new Error(`--split ${split}: train, dev or test`);

function sentencesOf(): UdSentence[] {
  // dev and test are read straight from their files; train needs readTreebank (it may rebuild it).
  if (split === 'train') return readTreebank(dir).train;
  return readConllu(readFileSync(path.join(dir, `en_ewt-ud-${split}.conllu`), 'utf8'));
}

/** The treebank's words as [start, end) spans of the sentence's text, or null where one is not there. */
function goldSpans(sentence: UdSentence): [number, number][] | null {
  const spans: [number, number][] = [];
  const text = sentence.text;
  let at = 0;
  for (const word of sentence.words) {
    while (at < text.length && /\s/.test(text[at])) at++;
    if (!text.startsWith(word.form, at)) return null;
    spans.push([at, at + word.form.length]);
    at += word.form.length;
  }
  return spans;
}

const report = reporter(`tokenizer-${split}`);

const sentences = sentencesOf();
let unaligned = 0;
let exact = 0;
let goldWords = 0;
let predicted = 0;
let correct = 0;
const mistakes = new Map<string, number>();
const cases: { text: string; gold: [number, number][] }[] = [];

for (const sentence of sentences) {
  const gold = goldSpans(sentence);
  if (!gold) {
    unaligned++;
    continue;
  }
  cases.push({ text: sentence.text, gold });
}

for (const { text, gold } of cases) {
  const words = tokenize(text);
  const goldKeys = new Set(gold.map(([s, e]) => `${s}:${e}`));
  const predKeys = new Set(words.map((w) => `${w.start}:${w.end}`));
  let right = 0;
  for (const key of predKeys) if (goldKeys.has(key)) right++;
  goldWords += gold.length;
  predicted += words.length;
  correct += right;
  if (right === gold.length && right === words.length) {
    exact++;
    continue;
  }
  // A mistake is shown as the stretch of text where the two disagree: gold words | ours.
  const wrongGold = gold.filter(([s, e]) => !predKeys.has(`${s}:${e}`));
  const wrongPred = words.filter((w) => !goldKeys.has(`${w.start}:${w.end}`));
  const from = Math.min(...wrongGold.map(([s]) => s), ...wrongPred.map((w) => w.start));
  const to = Math.max(...wrongGold.map(([, e]) => e), ...wrongPred.map((w) => w.end));
  const goldForms = gold.filter(([s, e]) => s >= from && e <= to).map(([s, e]) => text.slice(s, e));
  const ourForms = words.filter((w) => w.start >= from && w.end <= to).map((w) => w.form);
  const key = `${goldForms.join(' ')}  |  ${ourForms.join(' ')}`;
  mistakes.set(key, (mistakes.get(key) ?? 0) + 1);
}

// Speed: the whole split tokenized a few times, the best round counted.
let best = Number.POSITIVE_INFINITY;
for (let round = 0; round < 5; round++) {
  const started = performance.now();
  for (const { text } of cases) tokenize(text);
  best = Math.min(best, performance.now() - started);
}

const precision = correct / predicted;
const recall = correct / goldWords;
const f1 = (2 * precision * recall) / (precision + recall);
const pc = (n: number) => `${(n * 100).toFixed(2)}%`;
report.say(`# Tokenizer against UD English EWT ${split} (${dir})`);
report.say();
report.say(`sentences: ${cases.length} scored${unaligned ? `, ${unaligned} left out (words not found in their text)` : ''}`);
report.say(`exact sentences: ${exact} (${pc(exact / cases.length)})`);
report.say(`words: gold ${goldWords}, ours ${predicted}, matching ${correct}`);
report.say(`word precision ${pc(precision)}, recall ${pc(recall)}, F1 ${pc(f1)}`);
report.say(
  `speed: ${Math.round(predicted / (best / 1000)).toLocaleString('en')} words/s (${best.toFixed(1)} ms for the split, best of 5)`,
);
report.say();
report.say(`most frequent mistakes (treebank  |  ours), ${mistakes.size} kinds:`);
for (const [key, n] of [...mistakes].sort((a, b) => b[1] - a[1]).slice(0, errorCount)) report.say(`  ${n}× ${key}`);
report.save();
