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
 *
 * DIR is a checkout's `data/3rada` (default /work/data/semcor/data/3rada).
 */
import { parseArgs } from 'node:util';
import { createDictionaryEngine } from '../upstream/dictionary/engine';
import { openWordNet, type WnPos } from '../upstream/dictionary/wordnet';
import { documentFolds, keyPos, readSemcor, type SemcorDocument } from '../upstream/language/semcor';
import { parseAround } from '../upstream/parser/clause';
import { createLinkGrammar, linkGrammarInstalled, type Parse } from '../upstream/parser/link-grammar';
import { reporter } from './support';

const { values } = parseArgs({
  options: {
    semcor: { type: 'string', default: '/work/data/semcor/data/3rada' },
    folds: { type: 'string', default: '5' },
    engine: { type: 'string', default: '2000' },
    json: { type: 'boolean', default: false },
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
    // The sentence as a reader sees it: multiword lemmas' words apart, one space between words.
    const forms = words.map((w) => w.form.replace(/_/g, ' '));
    const starts: number[] = [];
    let text = '';
    for (const form of forms) {
      if (text) text += ' ';
      starts.push(text.length);
      text += form;
    }
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
        start: starts[k],
        end: starts[k] + forms[k].length,
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
report.save();
