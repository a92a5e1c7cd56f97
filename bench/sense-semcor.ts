/**
 * The sense that fits, on running text nobody here wrote: SemCor 3.0 (the Brown corpus with
 * WordNet senses, issue 31), under document-level cross-validation.
 *
 * Every sense-tagged word of `brown1` and `brown2` (all content words) and `brownv` (verbs only)
 * is a target. Its WordNet 3.0 sense keys are mapped to the 3.1 keys the product uses (the same
 * key where 3.1 has it; what does not map is counted and left out). The documents are dealt into
 * folds; each fold is scored with what the other folds teach:
 *
 *   - the first sense by the training folds' own counts, per lemma and part of speech (WordNet's
 *     first sense where the lemma was never seen in training);
 *   - WordNet's first sense of the lemma and part of speech. WordNet ordered its senses by their
 *     counts in the semantic concordances, SemCor among them, so this baseline is inflated here:
 *     it has, in effect, seen the test folds;
 *   - the dictionary as query_word answers (its first gloss, the sentence parsed by Link Grammar
 *     as the call does), on an even sample of targets (`--engine N`, 0 to skip).
 *
 *   npm run bench:sense-semcor -- [--semcor DIR] [--folds 5] [--engine 2000] [--json]
 *   npm run bench:sense-semcor -- --model [--epochs 4] [--rate 0.3] [--l2 1e-5] [--cache FILE]
 *     # also the sense model, trained per fold; FILE keeps the parsed corpus between runs
 *   npm run bench:sense-semcor -- --lemmas
 *     # only whether the lemmatizer offers each tagged word's gold lemma
 *
 * With --model every sentence is tagged and parsed by the trained models (a few minutes), and for
 * each fold a sense model (upstream/language/senses.ts) is trained on the other folds and scored on
 * it, against the first sense by training counts on the same cases; its confidence is checked
 * for calibration (expected calibration error over ten bins, and the accuracy of the answers
 * above each threshold of probability).
 *
 * DIR is a checkout's `data/3rada` (default /work/data/semcor/data/3rada).
 */
import { appendFileSync, existsSync, writeFileSync } from 'node:fs';
import { brotliCompressSync, constants } from 'node:zlib';
import { parseArgs } from 'node:util';
import { createDictionaryEngine } from '../upstream/dictionary/engine';
import { openLexicalData } from '../upstream/dictionary/engine-data';
import { openWordNet, type WnPos } from '../upstream/dictionary/wordnet';
import { loadTreeParser } from '../upstream/language/pipeline';
import {
  documentFolds,
  keyMapper,
  keyPos,
  readSemcor,
  readSemcorCases,
  type SemcorCase,
  type SemcorDocument,
  semcorCases,
  sentenceText,
  writeSemcorCases,
} from '../upstream/language/semcor';
import { lexicalClasses, PRIOR_EXAMPLES, SenseModel, TEMPERATURE } from '../upstream/language/senses';
import { parseAround } from '../upstream/parser/clause';
import { createLinkGrammar, linkGrammarInstalled, type Parse } from '../upstream/parser/link-grammar';
import type { ContextWeight, PosWeight } from '../upstream/dictionary/sense-choice';
import { parseContextWeight, reporter } from './support';

const { values } = parseArgs({
  options: {
    semcor: { type: 'string', default: '/work/data/semcor/data/3rada' },
    folds: { type: 'string', default: '5' },
    engine: { type: 'string', default: '2000' },
    json: { type: 'boolean', default: false },
    model: { type: 'boolean', default: false },
    epochs: { type: 'string', default: '4' },
    rate: { type: 'string', default: '0.3' },
    l2: { type: 'string', default: '0.00001' },
    // Train the fold models by averaged SGD (senses.ts TrainOptions.average).
    average: { type: 'boolean', default: false },
    // Train and read the fold models with the words' classes (senses.ts lexicalClasses), query_word
    // included (the engine hands them to the model); the product's model is trained without them.
    classes: { type: 'boolean', default: false },
    // The temperature query_word reads the fold models at (the product's TEMPERATURE by default).
    temperature: { type: 'string', default: '' },
    cache: { type: 'string' },
    prune: { type: 'string', default: '' },
    // With --model: the model's probabilities drawn toward the training counts' by k pseudo-examples
    // (p = (n·model + k·counts) / (n + k), n the lemma's training examples), for each k listed.
    shrink: { type: 'string', default: '' },
    // With --model: what the overlap ranker adds to the model's log probabilities, one or more
    // values, comma-separated; the first is the main table's. Each is "default" (the product's),
    // a number, one per part of speech ("n:0.45/v:0.2"), or "0.2~0.45@0.15" (0.2, and 0.45 where
    // the model's best sense is under 15% likely): support.ts parseContextWeight.
    context: { type: 'string', default: '' },
    // ... and one or more probabilities from which an answer is shown as sure; --expressions-later
    // adds an engine that offers expressions after the word's senses instead of first.
    confident: { type: 'string', default: '' },
    'expressions-later': { type: 'boolean', default: false },
    // ... and one whose lemma is not decided by how the annotators of the training folds read the form.
    'readings-off': { type: 'boolean', default: false },
    // With --model, the senses of a lemma the fold's model never saw are not weighed by WordNet's
    // tag counts, which count the held-out fold's own tags (on text SemCor lacks, such a lemma has
    // none); --tag-counts adds an engine that weighs them, as the runs before 2026-11-30 did
    // (inflated).
    'tag-counts': { type: 'boolean', default: false },
    // Each sampled answer of the first engine as a JSON line (the target, the gold keys, the first
    // item's lemma, the first three glosses), for counting where query_word goes wrong.
    misses: { type: 'string' },
    // Only whether the lemmatizer offers each single word's gold lemma, and the commonest misses.
    lemmas: { type: 'boolean', default: false },
  },
});

interface Target {
  document: string;
  fold: number;
  lemma: string;
  pos: WnPos;
  /** The gold senses as WordNet 3.1 keys (usually one; right if the answer is any of them). */
  gold: string[];
  /** A proper name SemCor tags by its class (person, group, location). */
  name: boolean;
  /** The sentence as text, and the target's place in it. */
  sentence: string;
  start: number;
  end: number;
}

const wordnet = openWordNet();
// The words' classes the fold models read with --classes (senses.ts lexicalClasses).
const classOf = values.classes ? lexicalClasses((lemma) => wordnet.senses(lemma)) : undefined;
const foldCount = Number(values.folds);
const documents = readSemcor(values.semcor);
const folds = documentFolds(documents, foldCount);

// ------------------------------------------------------------------ targets and the key mapping

const keys31 = keyMapper((lemma) => wordnet.senses(lemma).map((s) => s.key));
const mapping = keys31.counts;

function targetsOf(document: SemcorDocument, fold: number): Target[] {
  const out: Target[] = [];
  for (const { words } of document.sentences) {
    const { text, spans } = sentenceText(words);
    words.forEach((w, k) => {
      if (!w.lemma || !w.keys) return;
      const gold = keys31.map(w.keys, w.lemma);
      if (gold.length === 0) return;
      out.push({
        document: document.id,
        fold,
        lemma: w.lemma,
        pos: keyPos(gold[0]),
        gold,
        name: Boolean(w.name),
        sentence: text,
        start: spans[k][0],
        end: spans[k][1],
      });
    });
  }
  return out;
}

const targets = folds.flatMap((docs, fold) => docs.flatMap((d) => targetsOf(d, fold)));

if (values.lemmas) {
  lemmaCoverage();
  process.exit(0);
}

/**
 * Whether query_word can reach the gold lemma at all: for each sense-tagged single word (names
 * left out), the lemmatizer's candidates for its form as written, and the misses by form.
 */
function lemmaCoverage() {
  const { lemmatizer } = openLexicalData();
  const misses = new Map<string, number>();
  let n = 0;
  for (const document of documents)
    for (const { words } of document.sentences)
      for (const w of words) {
        if (!w.lemma || !w.keys || w.name || w.form.includes('_') || w.lemma.includes('_')) continue;
        if (keys31.map(w.keys, w.lemma).length === 0) continue;
        n++;
        const offered = lemmatizer.candidates(w.form).map((c) => c.lemma.replace(/ /g, '_'));
        if (offered.includes(w.lemma.toLowerCase())) continue;
        const key = `${w.form.toLowerCase()} → ${w.lemma} (offered: ${offered.join(', ') || 'nothing'})`;
        misses.set(key, (misses.get(key) ?? 0) + 1);
      }
  const missed = [...misses.values()].reduce((a, b) => a + b, 0);
  const report = reporter('sense-semcor-lemmas');
  report.say(`# Gold lemmas the lemmatizer does not offer, SemCor 3.0`);
  report.say();
  report.say(`${missed} of ${n} single tagged words (${((100 * missed) / n).toFixed(2)}%), names left out. Commonest:`);
  report.say();
  for (const [key, count] of [...misses].sort((a, b) => b[1] - a[1]).slice(0, 40)) report.say(`- ${count} × ${key}`);
  report.save();
}

// ------------------------------------------------------------------------------------ baselines

const byLemma = (t: { lemma: string; pos: WnPos }) => `${t.lemma}\t${t.pos}`;

const firstSenses = new Map<string, string | undefined>();
/** WordNet 3.1's first sense of a lemma in a part of speech (adjectives and satellites together). */
function wordnetFirst(t: Target): string | undefined {
  const id = byLemma(t);
  if (!firstSenses.has(id)) firstSenses.set(id, wordnet.senses(t.lemma).find((s) => s.pos === t.pos)?.key);
  return firstSenses.get(id);
}

/** Per fold, the training folds' most frequent sense of each lemma and part of speech. */
const trainedFirst = Array.from({ length: foldCount }, (_, fold) => {
  const counts = new Map<string, Map<string, number>>();
  for (const t of targets) {
    if (t.fold === fold) continue;
    const byKey = counts.get(byLemma(t)) ?? new Map<string, number>();
    // A word with two gold senses counts half for each.
    for (const key of t.gold) byKey.set(key, (byKey.get(key) ?? 0) + 1 / t.gold.length);
    counts.set(byLemma(t), byKey);
  }
  const best = new Map<string, string>();
  for (const [id, byKey] of counts) best.set(id, [...byKey].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))[0][0]);
  return best;
});

// ------------------------------------------------------------------------------------- scoring

type Tally = {
  n: number;
  trained: number;
  wordnet: number;
  engine: number;
  engineN: number;
  unseen: number;
  /** query_word's answers shown as the meaning in this text (not as one of two), and how many were right. */
  sure: number;
  sureRight: number;
  /** Its answers that an expression rule put first, and how many were right. */
  phrase: number;
  phraseRight: number;
};
const empty = (): Tally => ({
  n: 0,
  trained: 0,
  wordnet: 0,
  engine: 0,
  engineN: 0,
  unseen: 0,
  sure: 0,
  sureRight: 0,
  phrase: 0,
  phraseRight: 0,
});
const tallies = new Map<string, Tally>([['all', empty()]]);
const tally = (name: string) => {
  let t = tallies.get(name);
  if (!t) tallies.set(name, (t = empty()));
  return t;
};

const engineEvery = Number(values.engine) > 0 ? Math.max(1, Math.floor(targets.length / Number(values.engine))) : 0;
// With --model, query_word reads each fold with the sense model trained on the other folds, once
// for each context weight asked for.
let foldModel: SenseModel | null = null;
const contextWeights = values.context
  ? values.context.split(',').map((w) => (w === 'default' ? undefined : parseContextWeight(w)))
  : [undefined];
const thresholds = values.confident ? values.confident.split(',').map(Number) : [undefined];
const variants = [
  ...contextWeights.flatMap((contextWeight) =>
    thresholds.map((confident) => ({ contextWeight, confident, expressionsFirst: true })),
  ),
  ...(values['expressions-later']
    ? [{ contextWeight: contextWeights[0], confident: thresholds[0], expressionsFirst: false }]
    : []),
  ...(values['readings-off']
    ? [{ contextWeight: contextWeights[0], confident: thresholds[0], expressionsFirst: true, readings: false }]
    : []),
  ...(values['tag-counts'] && values.model
    ? [{ contextWeight: contextWeights[0], confident: thresholds[0], expressionsFirst: true, tagCounts: true }]
    : []),
];
/** A context weight as the table shows it: "0.45", "v 0.2", "v 0.2, 0.45 under 0.15". */
function weightText(weight: ContextWeight | undefined): string {
  if (weight === undefined) return 'default';
  const one = (w: PosWeight) => (typeof w === 'number' ? String(w) : `${w[0]}, ${w[1]} under ${w[2]}`);
  if (typeof weight === 'number' || Array.isArray(weight)) return one(weight as PosWeight);
  return Object.entries(weight as Record<string, PosWeight>)
    .map(([pos, w]) => `${pos} ${one(w)}`)
    .join(', ');
}
const engines = engineEvery
  ? variants.map((options) => ({
      options,
      engine: createDictionaryEngine({
        senses: () => foldModel,
        tagCounts: !values.model,
        classOf,
        ...options,
      }),
      tallies: new Map<string, Tally>(),
    }))
  : [];
const engine = engines[0]?.engine ?? null;
const parser = engine && linkGrammarInstalled() ? createLinkGrammar() : null;
const engineTrees = engine ? loadTreeParser() : null;

/** query_word's first gloss for a target by each engine, as the call answers (Link Grammar's parse, the tree). */
async function engineAnswers(t: Target) {
  if (!engine) return [];
  const input = {
    pre_context: t.sentence.slice(0, t.start),
    target_word: t.sentence.slice(t.start, t.end),
    post_context: t.sentence.slice(t.end),
  };
  let parse: Parse | undefined;
  if (parser) parse = await parseAround(parser, engine.sentenceOf(input)).catch(() => undefined);
  const tree = engineTrees?.parse(engine.sentenceOf(input).text).words;
  return engines.map(({ engine }, k) => {
    const items = engine.lookup(input, parse, tree);
    const first = items[0]?.gloss[0];
    if (k === 0 && values.misses) noteAnswer(t, items);
    if (!first) return { right: false, sure: false, phrase: false };
    return {
      right: first.sense_id != null && t.gold.includes(String(first.sense_id)),
      sure: first.maybe !== 'close',
      phrase: Boolean(first.phrase_title),
    };
  });
}

if (values.misses) writeFileSync(values.misses, '');
function noteAnswer(t: Target, items: ReturnType<NonNullable<typeof engine>['lookup']>) {
  const line = {
    fold: t.fold,
    lemma: t.lemma,
    pos: t.pos,
    gold: t.gold,
    name: t.name,
    text: `${t.sentence.slice(0, t.start)}[[${t.sentence.slice(t.start, t.end)}]]${t.sentence.slice(t.end)}`,
    item: items[0]?.lemma,
    glosses: (items[0]?.gloss ?? []).slice(0, 3).map((g) => ({
      id: g.sense_id ?? null,
      pos: g.pos?.name,
      phrase: g.phrase_title,
      maybe: g.maybe,
      en: g.sense.first.slice(0, 60),
    })),
  };
  appendFileSync(values.misses as string, `${JSON.stringify(line)}\n`);
}

async function countEngines(t: Target) {
  const answers = await engineAnswers(t);
  answers.forEach((answer, k) => {
    if (k === 0) count(t, answer, tally);
    const into = (name: string) => {
      const list = engines[k].tallies;
      let x = list.get(name);
      if (!x) list.set(name, (x = empty()));
      return x;
    };
    count(t, answer, into);
    countWithoutNames(t, answer, into);
  });
  // The first sense by the training folds' counts on the same targets (WordNet's where the lemma
  // was never seen in training), to set each part of speech beside.
  const first = trainedFirst[t.fold].get(byLemma(t)) ?? wordnetFirst(t) ?? '';
  const baseline = { right: t.gold.includes(first), sure: false, phrase: false };
  const into = (name: string) => {
    let x = sampleBaseline.get(name);
    if (!x) sampleBaseline.set(name, (x = empty()));
    return x;
  };
  count(t, baseline, into);
  countWithoutNames(t, baseline, into);
}
/**
 * Proper names are SemCor's own convention (tagged person, group, location): every answer is also
 * counted without them ("no names", "-n"…), and apart by whether the training folds of the
 * target's fold saw its lemma in its part of speech ("seen n", "unseen n"…).
 */
function countWithoutNames(t: Target, answer: Answer, into: (name: string) => Tally) {
  if (t.name) return;
  const seen = trainedFirst[t.fold].has(byLemma(t)) ? 'seen' : 'unseen';
  count({ ...t, fold: -99 }, answer, (name) => into(name === 'all' ? 'no names' : `-${name}`));
  count({ ...t, fold: -99 }, answer, (name) => into(`${seen} ${name}`));
}
const sampleBaseline = new Map<string, Tally>();

type Answer = { right: boolean; sure: boolean; phrase: boolean };
function count(t: Target, answer: Answer, into: (name: string) => Tally) {
  for (const name of ['all', t.pos, `fold ${t.fold + 1}`]) {
    const x = into(name);
    x.engineN++;
    if (answer.right) x.engine++;
    if (answer.sure) {
      x.sure++;
      if (answer.right) x.sureRight++;
    }
    if (answer.phrase) {
      x.phrase++;
      if (answer.right) x.phraseRight++;
    }
  }
}

for (const [k, t] of targets.entries()) {
  const trained = trainedFirst[t.fold].get(byLemma(t));
  const first = wordnetFirst(t);
  for (const name of ['all', t.pos, `fold ${t.fold + 1}`]) {
    const x = tally(name);
    x.n++;
    if (!trained) x.unseen++;
    if (t.gold.includes(trained ?? first ?? '')) x.trained++;
    if (first && t.gold.includes(first)) x.wordnet++;
  }
  if (engine && !values.model && k % engineEvery === 0) await countEngines(t);
}
const pct = (part: number, whole: number) => (whole ? `${((100 * part) / whole).toFixed(1)}%` : '–');
/** An engine's share of right answers in one tally of `tallies` ('–' where it has none). */
const accuracy = (tallies: Map<string, Tally>, name: string) =>
  pct(tallies.get(name)?.engine ?? 0, tallies.get(name)?.engineN ?? 0);
const names: Record<string, string> = { all: 'all', n: 'nouns', v: 'verbs', a: 'adjectives', r: 'adverbs' };
const modelLines = values.model ? await modelRun() : [];
parser?.close();

// ------------------------------------------------------------------------------------- report

const figures = {
  documents: documents.length,
  folds: foldCount,
  keys: { total: mapping.keys, mapped: mapping.mapped, unmapped: mapping.keys - mapping.mapped },
  rows: Object.fromEntries(tallies),
};
if (values.json) {
  console.log(JSON.stringify(figures, null, 2));
  process.exit(0);
}
const report = reporter('sense-semcor');
report.say(`# The sense that fits on SemCor 3.0, ${foldCount}-fold cross-validation by document`);
report.say();
report.say(
  `${documents.length} documents, ${targets.length} targets. Sense keys: ${mapping.keys}, of which ${mapping.mapped} are WordNet 3.1 keys as they stand and ${mapping.keys - mapping.mapped} (${pct(mapping.keys - mapping.mapped, mapping.keys)}) do not map (left out: ${mapping.unmapped.size} distinct; most frequent: ${[
    ...mapping.unmapped,
  ]
    .sort((a, b) => b[1] - a[1])
    .slice(0, 6)
    .map(([k, n]) => `${k} ×${n}`)
    .join(', ')}).`,
);
report.say();
report.say(
  'WordNet orders senses by their counts in the semantic concordances, SemCor among them: its first sense has seen these folds, so that baseline is inflated here.',
);
report.say();
report.say('| targets | n | first sense by training counts | WordNet first sense (inflated) | query_word first gloss (sample) |');
report.say('|---|---:|---:|---:|---:|');
const order = ['all', 'n', 'v', 'a', 'r', ...Array.from({ length: foldCount }, (_, f) => `fold ${f + 1}`)];
for (const name of order) {
  const x = tallies.get(name);
  if (!x) continue;
  report.say(
    `| ${names[name] ?? name} | ${x.n} | ${pct(x.trained, x.n)} | ${pct(x.wordnet, x.n)} | ${x.engineN ? `${pct(x.engine, x.engineN)} of ${x.engineN}` : '–'} |`,
  );
}
report.say();
report.say(`Lemma and part of speech never seen in the training folds: ${pct(tally('all').unseen, tally('all').n)} of targets.`);
for (const line of modelLines) report.say(line);
if (engines.length > 0 && values.model) {
  report.say();
  report.say(
    "query_word's sample by engine: the context weight (what the overlap ranker adds to the sense model), the probability from which an answer is shown as sure, expressions first or offered later, the lemma read as the annotators read the form or not; each part of speech without names:",
  );
  report.say();
  report.say(
    "| context | sure from | expressions | form readings | unseen lemmas' tag counts | all | without names | nouns | verbs | adjectives | adverbs | shown as sure | right when sure | expression first: n, right |",
  );
  report.say('|---:|---:|---|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|');
  {
    const t = sampleBaseline;
    const cell = (name: string) => accuracy(t, name);
    report.say(
      `| first sense by training counts, gold lemma and part of speech | – | – | – | – | ${cell('all')} | ${cell('no names')} | ${cell('-n')} | ${cell('-v')} | ${cell('-a')} | ${cell('-r')} | – | – | – |`,
    );
  }
  for (const { options, tallies: t } of engines) {
    const cell = (name: string) => accuracy(t, name);
    const all = t.get('all') ?? empty();
    report.say(
      `| ${weightText(options.contextWeight)} | ${options.confident ?? 'default'} | ${options.expressionsFirst ? 'first' : 'later'} | ${'readings' in options ? 'off' : 'on'} | ${'tagCounts' in options ? 'counted (inflated)' : 'set aside'} | ${cell('all')} | ${cell('no names')} | ${cell('-n')} | ${cell('-v')} | ${cell('-a')} | ${cell('-r')} | ${pct(all.sure, all.engineN)} | ${pct(all.sureRight, all.sure)} | ${all.phrase}, ${pct(all.phraseRight, all.phrase)} |`,
    );
  }
}
if (engines.length > 0 && values.model) {
  // The baseline's first sense of a lemma the training folds never saw is WordNet's, which counted
  // the held-out fold itself: beside it, the same targets apart.
  const mine = engines[0].tallies;
  report.say();
  report.say(
    "The first engine's sample without names, apart by whether the training folds saw the target's lemma in its part of speech (the baseline's first sense: the training counts' where seen, WordNet's, inflated, where not):",
  );
  report.say();
  report.say('| | seen: n | query_word | first sense | unseen: n | query_word | WordNet first sense (inflated) |');
  report.say('|---|---:|---:|---:|---:|---:|---:|');
  for (const pos of ['all', 'n', 'v', 'a', 'r']) {
    const n = (seen: string) => mine.get(`${seen} ${pos}`)?.engineN ?? 0;
    report.say(
      `| ${names[pos]} | ${n('seen')} | ${accuracy(mine, `seen ${pos}`)} | ${accuracy(sampleBaseline, `seen ${pos}`)} | ${n('unseen')} | ${accuracy(mine, `unseen ${pos}`)} | ${accuracy(sampleBaseline, `unseen ${pos}`)} |`,
    );
  }
  const plain = mine.get('no names') ?? empty();
  report.say();
  report.say(
    `Without names, shown as sure ${pct(plain.sure, plain.engineN)} of answers, right ${pct(plain.sureRight, plain.sure)} of those.`,
  );
  report.say();
  report.say(
    "The senses of a lemma the fold's model never saw are not weighed by WordNet's tag counts, which count the held-out fold's own tags (on text SemCor lacks such a lemma has none); WordNet's order, itself drawn from those counts, still breaks ties.",
  );
}
const sample = tally('all');
if (sample.engineN) {
  report.say();
  report.say(
    `query_word's sample: shown as the meaning in this text ${pct(sample.sure, sample.engineN)} of answers, right ${pct(sample.sureRight, sample.sure)} of those; first gloss an expression ${sample.phrase} times, right ${pct(sample.phraseRight, sample.phrase)} of those.`,
  );
}
report.save();

async function modelRun(): Promise<string[]> {
  const lines: string[] = [];
  const say = (line = '') => lines.push(line);
  const started = performance.now();
  const cases = parsedCases();
  const parsedMs = performance.now() - started;
  type Row = { n: number; mfs: number; model: number };
  const rows = new Map<string, Row>();
  const row = (name: string) => {
    let r = rows.get(name);
    if (!r) rows.set(name, (r = { n: 0, mfs: 0, model: 0 }));
    return r;
  };
  // Each answer with a choice: its senses' probabilities (at temperature 1) and which are right.
  const answers: { fold: number; p: number[]; right: boolean[] }[] = [];
  let trainMs = 0;
  // Each pruning threshold: the model written without weights under it, read back and scored.
  const prunes = values.prune ? values.prune.split(',').map(Number) : [];
  const pruned = prunes.map((threshold) => ({ threshold, right: 0, n: 0, bytes: 0, weights: 0 }));
  const shrinks = (values.shrink ? values.shrink.split(',').map(Number) : []).map((k) => ({
    k,
    right: 0,
    n: 0,
    rare: 0,
    rareRight: 0,
  }));
  for (let fold = 0; fold < foldCount; fold++) {
    const t0 = performance.now();
    const model = SenseModel.train(
      cases.flatMap((c, f) => (f === fold ? [] : c)),
      { epochs: Number(values.epochs), rate: Number(values.rate), l2: Number(values.l2), average: values.average, classOf },
    );
    trainMs += performance.now() - t0;
    if (engine) {
      foldModel = SenseModel.parse(model.serialize(3, Number(values.prune?.split(',').pop() || 0)));
      foldModel.temperature = Number(values.temperature || TEMPERATURE);
      for (const [k, t] of targets.entries()) if (t.fold === fold && k % engineEvery === 0) await countEngines(t);
    }
    for (const c of cases[fold]) {
      const first = wordnet.senses(c.lemma).find((s) => s.pos === c.pos)?.key;
      const known = model.inventory.get(SenseModel.key(c.lemma, c.pos));
      const ranked = model.predict({ ...c, classOf });
      const answer = ranked?.[0]?.sense ?? first;
      for (const name of ['all', c.pos]) {
        const r = row(name);
        r.n++;
        if (c.gold.includes(known?.senses[0] ?? first ?? '')) r.mfs++;
        if (answer && c.gold.includes(answer)) r.model++;
      }
      if (ranked && ranked.length > 1)
        answers.push({ fold, p: ranked.map((r) => r.p), right: ranked.map((r) => c.gold.includes(r.sense)) });
    }
    if (shrinks.length) {
      // The prediction drawn toward the training counts by k pseudo-examples, at the product's temperature.
      model.temperature = TEMPERATURE;
      for (const x of shrinks) {
        model.prior = x.k;
        for (const c of cases[fold]) {
          const known = model.inventory.get(SenseModel.key(c.lemma, c.pos));
          const best = model.predict({ ...c, classOf })?.[0]?.sense;
          if (!known || !best) continue;
          x.n++;
          if (c.gold.includes(best)) x.right++;
          if (known.examples < 20) {
            x.rare++;
            if (c.gold.includes(best)) x.rareRight++;
          }
        }
      }
      model.temperature = 1;
      model.prior = PRIOR_EXAMPLES;
    }
    for (const x of pruned) {
      const text = model.serialize(3, x.threshold);
      const smaller = SenseModel.parse(text);
      if (fold === 0) {
        x.bytes = brotliCompressSync(text, { params: { [constants.BROTLI_PARAM_QUALITY]: 9 } }).length;
        x.weights = text.split('\nD\t').length - 1;
      }
      for (const c of cases[fold]) {
        const answer =
          smaller.predict({ ...c, classOf })?.[0]?.sense ?? wordnet.senses(c.lemma).find((s) => s.pos === c.pos)?.key;
        x.n++;
        if (answer && c.gold.includes(answer)) x.right++;
      }
    }
  }
  say();
  say(
    `## The sense model (upstream/language/senses.ts), ${values.epochs} epochs, rate ${values.rate}, L2 ${values.l2}${values.average ? ', averaged' : ''}${classOf ? ", with the words' classes" : ''}, trained on the other folds`,
  );
  say();
  say(
    `Tagging and parsing the corpus: ${(parsedMs / 1000).toFixed(0)} s; training: ${(trainMs / foldCount / 1000).toFixed(0)} s a fold. Unseen lemmas fall back to WordNet's first sense.`,
  );
  say();
  say('| targets | n | first sense by training counts | sense model |');
  say('|---|---:|---:|---:|');
  for (const name of ['all', 'n', 'v', 'a', 'r']) {
    const r = rows.get(name);
    if (r) say(`| ${names[name]} | ${r.n} | ${pct(r.mfs, r.n)} | ${pct(r.model, r.n)} |`);
  }
  if (shrinks.length) {
    say();
    say(
      'Drawn toward the training counts by k pseudo-examples (targets whose lemma the model knows; under 20 training examples):',
    );
    say();
    say('| k | top-1 | rare lemmas |');
    say('|---:|---:|---:|');
    for (const x of shrinks) say(`| ${x.k} | ${pct(x.right, x.n)} of ${x.n} | ${pct(x.rareRight, x.rare)} of ${x.rare} |`);
  }
  if (pruned.length) {
    say();
    say("Pruned: weights under the threshold left out (size of the first fold's model file, brotli):");
    say();
    say('| weights under | weights kept | file | top-1 |');
    say('|---:|---:|---:|---:|');
    for (const x of pruned) say(`| ${x.threshold} | ${x.weights} | ${(x.bytes / 1e6).toFixed(1)} MB | ${pct(x.right, x.n)} |`);
  }
  // The temperature for each fold is the one that fits the other folds' answers best (log-loss),
  // so no fold's own answers choose how its confidence is read.
  const temperatures = [0.5, 0.75, 1, 1.25, 1.5, 1.75, 2, 2.5, 3, 4];
  const loss = (list: typeof answers, t: number) =>
    list.reduce((total, a) => {
      const right = tempered(a.p, t).reduce((sum, x, k) => sum + (a.right[k] ? x : 0), 0);
      return total - Math.log(Math.max(1e-12, right));
    }, 0);
  const chosen = Array.from({ length: foldCount }, (_, fold) => {
    const others = answers.filter((a) => a.fold !== fold);
    return temperatures.reduce((best, t) => (loss(others, t) < loss(others, best) ? t : best), 1);
  });
  say();
  say(`Temperatures chosen on the other folds: ${chosen.join(', ')}.`);
  calibrationTable(
    say,
    'as trained (temperature 1)',
    answers.map((a) => ({ p: a.p[0], right: a.right[0] })),
  );
  calibrationTable(
    say,
    "with each fold read at the other folds' temperature",
    answers.map((a) => ({ p: tempered(a.p, chosen[a.fold])[0], right: a.right[0] })),
  );
  return lines;
}

/** Probabilities at temperature t from those at temperature 1: p^(1/t), normalised. */
function tempered(p: number[], t: number) {
  const e = p.map((x) => x ** (1 / t));
  const sum = e.reduce((a, b) => a + b, 0);
  return e.map((x) => x / sum);
}

/** Expected calibration error over ten bins of the top probability, and accuracy above thresholds. */
function calibrationTable(say: (line?: string) => void, label: string, confidence: { p: number; right: boolean }[]) {
  const bins = Array.from({ length: 10 }, () => ({ n: 0, p: 0, right: 0 }));
  for (const { p, right } of confidence) {
    const b = bins[Math.min(9, Math.floor(p * 10))];
    b.n++;
    b.p += p;
    if (right) b.right++;
  }
  const ece = bins.reduce((e, b) => e + (b.n ? (b.n / confidence.length) * Math.abs(b.p / b.n - b.right / b.n) : 0), 0);
  say();
  say(
    `Calibration ${label}, on ${confidence.length} answers with a choice: expected calibration error ${(ece * 100).toFixed(1)} points.`,
  );
  say();
  say('| top probability at least | share of answers | accuracy |');
  say('|---:|---:|---:|');
  for (const threshold of [0.5, 0.6, 0.7, 0.8, 0.9]) {
    const above = confidence.filter((c) => c.p >= threshold);
    say(`| ${threshold} | ${pct(above.length, confidence.length)} | ${pct(above.filter((c) => c.right).length, above.length)} |`);
  }
}

/** The corpus tagged and parsed as cases, per fold; kept in `--cache FILE` between runs. */
function parsedCases(): SemcorCase[][] {
  if (values.cache && existsSync(values.cache)) {
    const cached = readSemcorCases(values.cache);
    if (cached.length !== foldCount) throw new Error(`${values.cache} holds ${cached.length} folds, not ${foldCount}`);
    return cached;
  }
  const trees = loadTreeParser();
  if (!trees) throw new Error('the tagger and parser models are missing');
  const { map } = keyMapper((lemma) => wordnet.senses(lemma).map((s) => s.key));
  const cases = folds.map((docs) => docs.flatMap((d) => semcorCases(d, trees, map)));
  if (values.cache) writeSemcorCases(values.cache, cases);
  return cases;
}
