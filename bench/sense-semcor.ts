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
 *
 * With --model every sentence is tagged and parsed by the trained models (a few minutes), and for
 * each fold a sense model (upstream/language/senses.ts) is trained on the other folds and scored on
 * it, against the first sense by training counts on the same cases; its confidence is checked
 * for calibration (expected calibration error over ten bins, and the accuracy of the answers
 * above each threshold of probability).
 *
 * DIR is a checkout's `data/3rada` (default /work/data/semcor/data/3rada).
 */
import { existsSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { createDictionaryEngine } from '../upstream/dictionary/engine';
import { openWordNet, type WnPos } from '../upstream/dictionary/wordnet';
import { loadTreeParser } from '../upstream/language/pipeline';
import {
  documentFolds,
  keyPos,
  readSemcor,
  readSemcorCases,
  type SemcorCase,
  type SemcorDocument,
  semcorCases,
  sentenceText,
  writeSemcorCases,
} from '../upstream/language/semcor';
import { SenseModel } from '../upstream/language/senses';
import { parseAround } from '../upstream/parser/clause';
import { createLinkGrammar, linkGrammarInstalled, type Parse } from '../upstream/parser/link-grammar';
import { reporter } from './support';

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
    cache: { type: 'string' },
  },
});

interface Target {
  document: string;
  fold: number;
  lemma: string;
  pos: WnPos;
  /** The gold senses as WordNet 3.1 keys (usually one; right if the answer is any of them). */
  gold: string[];
  /** The sentence as text, and the target's place in it. */
  sentence: string;
  start: number;
  end: number;
}

const wordnet = openWordNet();
const foldCount = Number(values.folds);
const documents = readSemcor(values.semcor);
const folds = documentFolds(documents, foldCount);

// ------------------------------------------------------------------ targets and the key mapping

const mapping = { keys: 0, mapped: 0, unmapped: new Map<string, number>() };
/** A 3.0 key as 3.1 has it, or undefined: 3.1 kept most keys as they were. */
function key31(key: string, lemma: string): string | undefined {
  mapping.keys++;
  if (wordnet.senses(lemma).some((s) => s.key === key)) {
    mapping.mapped++;
    return key;
  }
  mapping.unmapped.set(key, (mapping.unmapped.get(key) ?? 0) + 1);
  return undefined;
}

function targetsOf(document: SemcorDocument, fold: number): Target[] {
  const out: Target[] = [];
  for (const { words } of document.sentences) {
    const { text, spans } = sentenceText(words);
    words.forEach((w, k) => {
      if (!w.lemma || !w.keys) return;
      const gold = w.keys.map((key) => key31(key, w.lemma as string)).filter((k): k is string => k !== undefined);
      if (gold.length === 0) return;
      out.push({
        document: document.id,
        fold,
        lemma: w.lemma,
        pos: keyPos(gold[0]),
        gold,
        sentence: text,
        start: spans[k][0],
        end: spans[k][1],
      });
    });
  }
  return out;
}

const targets = folds.flatMap((docs, fold) => docs.flatMap((d) => targetsOf(d, fold)));

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

type Tally = { n: number; trained: number; wordnet: number; engine: number; engineN: number; unseen: number };
const empty = (): Tally => ({ n: 0, trained: 0, wordnet: 0, engine: 0, engineN: 0, unseen: 0 });
const tallies = new Map<string, Tally>([['all', empty()]]);
const tally = (name: string) => {
  let t = tallies.get(name);
  if (!t) tallies.set(name, (t = empty()));
  return t;
};

const engineEvery = Number(values.engine) > 0 ? Math.max(1, Math.floor(targets.length / Number(values.engine))) : 0;
const engine = engineEvery ? createDictionaryEngine() : null;
const parser = engine && linkGrammarInstalled() ? createLinkGrammar() : null;

for (const [k, t] of targets.entries()) {
  const trained = trainedFirst[t.fold].get(byLemma(t));
  const first = wordnetFirst(t);
  let engineRight: boolean | undefined;
  if (engine && k % engineEvery === 0) {
    const input = {
      pre_context: t.sentence.slice(0, t.start),
      target_word: t.sentence.slice(t.start, t.end),
      post_context: t.sentence.slice(t.end),
    };
    let parse: Parse | undefined;
    if (parser) parse = await parseAround(parser, engine.sentenceOf(input)).catch(() => undefined);
    const shown = engine.lookup(input, parse)[0]?.gloss[0]?.sense_id;
    engineRight = shown != null && t.gold.includes(String(shown));
  }
  for (const name of ['all', t.pos, `fold ${t.fold + 1}`]) {
    const x = tally(name);
    x.n++;
    if (!trained) x.unseen++;
    if (t.gold.includes(trained ?? first ?? '')) x.trained++;
    if (first && t.gold.includes(first)) x.wordnet++;
    if (engineRight !== undefined) {
      x.engineN++;
      if (engineRight) x.engine++;
    }
  }
}
parser?.close();

// ------------------------------------------------------------------------------------- report

const pct = (part: number, whole: number) => (whole ? `${((100 * part) / whole).toFixed(1)}%` : '–');
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
const names: Record<string, string> = { all: 'all', n: 'nouns', v: 'verbs', a: 'adjectives', r: 'adverbs' };
for (const name of order) {
  const x = tallies.get(name);
  if (!x) continue;
  report.say(
    `| ${names[name] ?? name} | ${x.n} | ${pct(x.trained, x.n)} | ${pct(x.wordnet, x.n)} | ${x.engineN ? `${pct(x.engine, x.engineN)} of ${x.engineN}` : '–'} |`,
  );
}
report.say();
report.say(`Lemma and part of speech never seen in the training folds: ${pct(tally('all').unseen, tally('all').n)} of targets.`);
if (values.model) modelReport();
report.save();

function modelReport() {
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
  for (let fold = 0; fold < foldCount; fold++) {
    const t0 = performance.now();
    const model = SenseModel.train(
      cases.flatMap((c, f) => (f === fold ? [] : c)),
      { epochs: Number(values.epochs), rate: Number(values.rate), l2: Number(values.l2) },
    );
    trainMs += performance.now() - t0;
    for (const c of cases[fold]) {
      const first = wordnet.senses(c.lemma).find((s) => s.pos === c.pos)?.key;
      const known = model.inventory.get(SenseModel.key(c.lemma, c.pos));
      const ranked = model.predict(c);
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
  }
  report.say();
  report.say(
    `## The sense model (upstream/language/senses.ts), ${values.epochs} epochs, rate ${values.rate}, L2 ${values.l2}, trained on the other folds`,
  );
  report.say();
  report.say(
    `Tagging and parsing the corpus: ${(parsedMs / 1000).toFixed(0)} s; training: ${(trainMs / foldCount / 1000).toFixed(0)} s a fold. Unseen lemmas fall back to WordNet's first sense.`,
  );
  report.say();
  report.say('| targets | n | first sense by training counts | sense model |');
  report.say('|---|---:|---:|---:|');
  for (const name of ['all', 'n', 'v', 'a', 'r']) {
    const r = rows.get(name);
    if (r) report.say(`| ${names[name]} | ${r.n} | ${pct(r.mfs, r.n)} | ${pct(r.model, r.n)} |`);
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
  report.say();
  report.say(`Temperatures chosen on the other folds: ${chosen.join(', ')}.`);
  calibrationTable(
    'as trained (temperature 1)',
    answers.map((a) => ({ p: a.p[0], right: a.right[0] })),
  );
  calibrationTable(
    "with each fold read at the other folds' temperature",
    answers.map((a) => ({ p: tempered(a.p, chosen[a.fold])[0], right: a.right[0] })),
  );
}

/** Probabilities at temperature t from those at temperature 1: p^(1/t), normalised. */
function tempered(p: number[], t: number) {
  const e = p.map((x) => x ** (1 / t));
  const sum = e.reduce((a, b) => a + b, 0);
  return e.map((x) => x / sum);
}

/** Expected calibration error over ten bins of the top probability, and accuracy above thresholds. */
function calibrationTable(label: string, confidence: { p: number; right: boolean }[]) {
  const bins = Array.from({ length: 10 }, () => ({ n: 0, p: 0, right: 0 }));
  for (const { p, right } of confidence) {
    const b = bins[Math.min(9, Math.floor(p * 10))];
    b.n++;
    b.p += p;
    if (right) b.right++;
  }
  const ece = bins.reduce((e, b) => e + (b.n ? (b.n / confidence.length) * Math.abs(b.p / b.n - b.right / b.n) : 0), 0);
  report.say();
  report.say(
    `Calibration ${label}, on ${confidence.length} answers with a choice: expected calibration error ${(ece * 100).toFixed(1)} points.`,
  );
  report.say();
  report.say('| top probability at least | share of answers | accuracy |');
  report.say('|---:|---:|---:|');
  for (const threshold of [0.5, 0.6, 0.7, 0.8, 0.9]) {
    const above = confidence.filter((c) => c.p >= threshold);
    report.say(
      `| ${threshold} | ${pct(above.length, confidence.length)} | ${pct(above.filter((c) => c.right).length, above.length)} |`,
    );
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
  const mapKeys = (keys: readonly string[], lemma: string) => {
    const known = new Set(wordnet.senses(lemma).map((s) => s.key));
    return keys.filter((k) => known.has(k));
  };
  const cases = folds.map((docs) => docs.flatMap((d) => semcorCases(d, trees, mapKeys)));
  if (values.cache) writeSemcorCases(values.cache, cases);
  return cases;
}
