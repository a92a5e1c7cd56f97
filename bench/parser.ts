/**
 * The trained tagger and parser (upstream/language) against UD English EWT: what the committed
 * models score on the split named (test by default; the models were tuned on dev and never saw
 * test), and what they cost to load and run.
 *
 *   npm run bench:parser -- [--treebank DIR] [--split test|dev] [--json]
 *   npm run bench:parser -- --split dev --tune
 *
 * `--tune` chooses how the two parsers' trees are combined (pipeline.ts COMBINATION): it scores
 * each parser alone and a grid of combinations on the split (dev: never tune on test) and stops.
 *
 * On the treebank's own words (gold tokenization), every word counted:
 *  - tagging: UPOS and XPOS accuracy;
 *  - parsing: UAS and LAS, with and without punctuation;
 *  - subject heads (nsubj, nsubj:pass) and object heads (obj), in every clause, non-finite ones
 *    included: a predicted subject is right when the gold tree has the same word as a subject of
 *    the same head. An expletive (expl) is not a subject, as in UD.
 * From raw text: the same scores after the tokenizer, words aligned by their character spans.
 * Cost: the models' load time and the process's resident memory before and after, and words
 * tagged and parsed per second.
 */
import { parseArgs } from 'node:util';
import { combineParses } from '../upstream/language/combine';
import { type Arc, parserTag } from '../upstream/language/parser';
import { mendTags } from '../upstream/language/mend';
import { combineTrees, loadModels, loadTreeParser, parseTagged, ruleLemma } from '../upstream/language/pipeline';
import { readTreebank } from '../upstream/language/treebank';
import type { UdSentence, UdWord } from '../upstream/language/ud';
import { reporter } from './support';

const { values } = parseArgs({
  options: {
    treebank: { type: 'string', default: '/work/data/ud-ewt' },
    split: { type: 'string', default: 'test' },
    json: { type: 'boolean', default: false },
    tune: { type: 'boolean', default: false },
  },
});
const split = values.split === 'dev' ? 'dev' : 'test';

const rssBefore = process.memoryUsage().rss;
const trees = loadTreeParser();
if (!trees) throw new Error('the models could not be read');
// What the models hold, not the garbage of reading them (run with --expose-gc to see it).
(globalThis as { gc?: () => void }).gc?.();
const rssAfter = process.memoryUsage().rss;

// The tagger and parsers on their own, for gold tokenization.
const models = loadModels();
const { tagger } = models;

const sentences = readTreebank(values.treebank)[split];
// The dictionary, for the lemmas the product shows; imported after the models' memory is taken.
const { openLexicalData } = await import('../upstream/dictionary/engine');
const { lemmaInContext } = await import('../upstream/passage/passage');
const lexical = openLexicalData();

if (values.tune) {
  if (split === 'test') throw new Error('--tune chooses settings: run it on --split dev');
  tune();
  process.exit(0);
}

/** UAS without punctuation of each parser alone and of each combination in a grid. */
function tune() {
  const parsed = sentences.map((s) => {
    const forms = s.words.map((w) => w.form);
    const tags = mendTags(forms, tagger.tag(forms)).map(parserTag);
    return { gold: s.words, tags, both: [models.parser.parse(forms, tags), models.fromEnd.parseFromEnd(forms, tags)] };
  });
  const uas = (arcsOf: (both: Arc[][], tags: string[]) => Arc[]) => {
    let right = 0;
    let words = 0;
    for (const { gold: g, both, tags } of parsed) {
      const arcs = arcsOf(both, tags);
      g.forEach((w, k) => {
        if (w.upos === 'PUNCT') return;
        words++;
        if (arcs[k].head === w.head) right++;
      });
    }
    return `${((right / words) * 100).toFixed(2)}%`;
  };
  console.log(`left to right alone: ${uas((b) => b[0])}; right to left alone: ${uas((b) => b[1])}`);
  for (const scale of [16, 32, 64, 128, 256]) {
    const row = [0.9, 1, 1.1].map((w) => `${w}: ${uas((b) => combineParses(b, { scale, weights: [1, w] }))}`);
    const barred = uas((b, tags) => combineTrees(b, tags, { scale, weights: [1, 1] }));
    console.log(`scale ${scale} | right-to-left weight ${row.join(' · ')} | 1, punctuation barred as head: ${barred}`);
  }
  // Where the combination errs, by the gold relation: what to work on next.
  const errors = new Map<string, [number, number]>();
  for (const { gold: g, both, tags } of parsed) {
    const arcs = combineTrees(both, tags);
    g.forEach((w, k) => {
      const rel = w.deprel.split(':')[0];
      const [wrong, all] = errors.get(rel) ?? [0, 0];
      errors.set(rel, [wrong + (arcs[k].head === w.head ? 0 : 1), all + 1]);
    });
  }
  const ranked = [...errors].sort((a, b) => b[1][0] - a[1][0]).slice(0, 15);
  console.log(ranked.map(([rel, [wrong, all]]) => `${rel} ${wrong}/${all}`).join(' · '));
}

interface Counts {
  words: number;
  lemma: number;
  ruleLemma: number;
  upos: number;
  xpos: number;
  uas: number;
  las: number;
  nonPunct: number;
  uasNoPunct: number;
  lasNoPunct: number;
  subj: { tp: number; predicted: number; gold: number };
  obj: { tp: number; predicted: number; gold: number };
}
const empty = (): Counts => ({
  words: 0,
  lemma: 0,
  ruleLemma: 0,
  upos: 0,
  xpos: 0,
  uas: 0,
  las: 0,
  nonPunct: 0,
  uasNoPunct: 0,
  lasNoPunct: 0,
  subj: { tp: 0, predicted: 0, gold: 0 },
  obj: { tp: 0, predicted: 0, gold: 0 },
});
const isSubject = (deprel: string) => deprel === 'nsubj' || deprel === 'nsubj:pass';
const isObject = (deprel: string) => deprel === 'obj';

/** Adds a predicted sentence's scores; `align[k]` is the gold word predicted word k is, or -1. */
function score(c: Counts, gold: UdWord[], predicted: UdWord[], align: number[]) {
  const goldOf = (k: number) => (align[k] >= 0 ? gold[align[k]] : undefined);
  // A predicted head is right when it is the gold head's aligned word.
  const back = new Map(align.map((g, k) => [g, k]));
  const headMatches = (k: number) => {
    const g = goldOf(k);
    if (!g) return false;
    const p = predicted[k].head;
    return g.head === 0 ? p === 0 : p > 0 && back.get(g.head - 1) === p - 1;
  };
  for (const g of gold) {
    if (isSubject(g.deprel)) c.subj.gold++;
    if (isObject(g.deprel)) c.obj.gold++;
  }
  predicted.forEach((p, k) => {
    const g = goldOf(k);
    const right = headMatches(k);
    if (g) {
      c.words++;
      if (p.upos === g.upos) c.upos++;
      if (p.lemma.toLowerCase() === g.lemma.toLowerCase()) c.ruleLemma++;
      // The lemma the product shows: the dictionary's lemmatizer in the tagged part of speech.
      const shown = lemmaInContext(lexical, p.form.toLowerCase(), p.upos, p.lemma);
      if (shown.toLowerCase() === g.lemma.toLowerCase()) c.lemma++;
      if (p.xpos === g.xpos) c.xpos++;
      if (right) c.uas++;
      if (right && p.deprel === g.deprel) c.las++;
      if (g.upos !== 'PUNCT') {
        c.nonPunct++;
        if (right) c.uasNoPunct++;
        if (right && p.deprel === g.deprel) c.lasNoPunct++;
      }
    }
    for (const [test, counts] of [
      [isSubject, c.subj],
      [isObject, c.obj],
    ] as const) {
      if (!test(p.deprel)) continue;
      counts.predicted++;
      if (g && test(g.deprel) && right) counts.tp++;
    }
  });
}

const gold = empty();
let goldMs = 0;
for (const s of sentences) {
  const forms = s.words.map((w) => w.form);
  const t0 = performance.now();
  const tags = mendTags(forms, tagger.tag(forms));
  const arcs = parseTagged(models, forms, tags.map(parserTag));
  goldMs += performance.now() - t0;
  const predicted = forms.map((form, k) => ({
    ...s.words[k],
    ...tags[k],
    ...arcs[k],
    form,
    lemma: ruleLemma(form, tags[k].upos, tags[k].xpos),
  }));
  score(
    gold,
    s.words,
    predicted,
    forms.map((_, k) => k),
  );
}

// From raw text: the tokenizer first, words aligned with the gold ones by character span.
const raw = empty();
let rawMs = 0;
for (const s of sentences) {
  const t0 = performance.now();
  const tree = trees.parse(s.text);
  rawMs += performance.now() - t0;
  score(raw, s.words, tree.words, alignBySpan(s, tree.words));
}

/** Gold words' spans in the text, rebuilt from their forms in order. */
function alignBySpan(s: UdSentence, predicted: UdWord[]): number[] {
  const spans = new Map<string, number>();
  let at = 0;
  s.words.forEach((w, k) => {
    const found = s.text.indexOf(w.form, at);
    if (found < 0) return;
    spans.set(`${found}:${found + w.form.length}`, k);
    at = found + w.form.length;
  });
  return predicted.map((p) => spans.get(`${p.start}:${p.end}`) ?? -1);
}

const prf = ({ tp, predicted, gold: g }: Counts['subj']) => {
  const precision = tp / Math.max(1, predicted);
  const recall = tp / Math.max(1, g);
  return { precision, recall, f1: (2 * precision * recall) / Math.max(1e-9, precision + recall) };
};
const summary = (c: Counts, ms: number) => ({
  upos: c.upos / c.words,
  lemma: c.lemma / c.words,
  ruleLemma: c.ruleLemma / c.words,
  xpos: c.xpos / c.words,
  uas: c.uas / c.words,
  las: c.las / c.words,
  uasNoPunct: c.uasNoPunct / c.nonPunct,
  lasNoPunct: c.lasNoPunct / c.nonPunct,
  subject: prf(c.subj),
  object: prf(c.obj),
  wordsPerSecond: Math.round(c.words / (ms / 1000)),
});
const figures = {
  split,
  sentences: sentences.length,
  words: gold.words,
  goldTokens: summary(gold, goldMs),
  rawText: summary(raw, rawMs),
  loadMs: Math.round(trees.loadMs),
  rssBeforeMb: Math.round(rssBefore / 2 ** 20),
  rssAfterMb: Math.round(rssAfter / 2 ** 20),
};

if (values.json) {
  console.log(JSON.stringify(figures, null, 2));
} else {
  const report = reporter('parser');
  const p = (x: number) => `${(x * 100).toFixed(2)}%`;
  const f = (x: number) => x.toFixed(3);
  report.say(`# Tagger and parser on EWT ${split} (${figures.sentences} sentences, ${figures.words} words)`);
  report.say();
  report.say(
    '| input | UPOS | XPOS | lemma (dictionary) | lemma (rules) | UAS | LAS | UAS no punct | LAS no punct | subject P/R/F1 | object P/R/F1 | words/s |',
  );
  report.say('|---|---:|---:|---:|---:|---:|---:|---:|---:|---|---|---:|');
  for (const [name, s] of [
    ['gold tokens', figures.goldTokens],
    ['raw text', figures.rawText],
  ] as const) {
    report.say(
      `| ${name} | ${p(s.upos)} | ${p(s.xpos)} | ${p(s.lemma)} | ${p(s.ruleLemma)} | ${p(s.uas)} | ${p(s.las)} | ${p(s.uasNoPunct)} | ${p(s.lasNoPunct)} | ${f(s.subject.precision)}/${f(s.subject.recall)}/${f(s.subject.f1)} | ${f(s.object.precision)}/${f(s.object.recall)}/${f(s.object.f1)} | ${s.wordsPerSecond} |`,
    );
  }
  report.say();
  report.say(
    `Models loaded in ${figures.loadMs} ms; resident memory ${figures.rssBeforeMb} MB before, ${figures.rssAfterMb} MB after.`,
  );
  report.save();
}
