/**
 * How well the dictionary engine picks the sense that fits a sentence, measured on WordNet's own
 * example sentences: each quoted example of a synset that contains a form of one of the synset's
 * (single-word, polysemous) lemmas is a sentence whose right sense is known.
 *
 * Each case is held out: its example sentence is removed from the evidence the ranker may use
 * (`excludeExamples`), so a sense cannot win by matching its own example.
 *
 * Reported, for a fixed-seed sample of cases: top-1 accuracy of the ranker (with wink-nlp's part
 * of speech, as in a real lookup) against WordNet's first sense of the right part of speech (an
 * oracle-POS baseline) and WordNet's most frequent sense of any part of speech, on the even-numbered
 * half (the one the weights in upstream/dictionary/rank.ts were tuned on) and the odd half (not
 * used for tuning). Then the same report as bench/sense-dev.ts on the hand-annotated running text
 * (bench/data/sense-dev.jsonl), which WordNet's short examples do not resemble. Results go to
 * bench/results/sense-eval-<time>.md.
 *
 *   npx tsx bench/sense-eval.ts               # report (SENSE_EVAL_CASES=2000 by default)
 *   npx tsx bench/sense-eval.ts --tune        # coordinate search of the weights on the even half
 */
import { openEcdict } from '../upstream/dictionary/ecdict';
import { createLemmatizer } from '../upstream/dictionary/lemmas';
import { createRanker, defaultWeights, type ContextFeatures, type RankWeights } from '../upstream/dictionary/rank';
import { tagContext, wnPosOfTag, type TaggedSentence } from '../upstream/dictionary/tagger';
import { openWordNet, type SenseEntry, type WnPos } from '../upstream/dictionary/wordnet';
import { runSenseDev, sayDevSet } from './sense-dev';
import { reporter } from './support';

const caseCount = Number(process.env.SENSE_EVAL_CASES ?? 2000);
const seed = Number(process.env.SENSE_EVAL_SEED ?? 20240611);
const tune = process.argv.includes('--tune');

const wordnet = openWordNet();
const ecdict = openEcdict();
const lemmatizer = createLemmatizer(wordnet, ecdict);

interface Case {
  lemma: string;
  gold: SenseEntry;
  example: string;
  start: number;
  end: number;
}

/** mulberry32: a small seeded generator, so the sample is the same on every run. */
function random(s: number) {
  return () => {
    s = (s + 0x6d2b79f5) | 0;
    let t = Math.imul(s ^ (s >>> 15), 1 | s);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function collectCases(): Case[] {
  const cases: Case[] = [];
  for (const pos of ['n', 'v', 'a', 'r'] as WnPos[]) {
    wordnet.forEachSynset(pos, (synset) => {
      for (const example of synset.examples) {
        for (const word of synset.words) {
          if (!/^[a-z]+$/.test(word.lemma)) continue; // single plain words only
          const senses = wordnet.senses(word.lemma);
          if (senses.length < 2) continue;
          const gold = senses.find((s) => s.offset === synset.offset && s.pos === synset.pos);
          if (!gold) continue;
          const forms = lemmatizer.formsOf(word.lemma).filter((f) => /^[a-z]+$/.test(f));
          const re = new RegExp(`\\b(${forms.join('|')})\\b`, 'i');
          const m = re.exec(example);
          if (!m) continue;
          cases.push({ lemma: word.lemma, gold, example, start: m.index, end: m.index + m[0].length });
        }
      }
    });
  }
  return cases;
}

const all = collectCases();

/**
 * Two samples. "examples": uniform over the example sentences, so every sense with an example
 * counts alike (WordNet writes examples for rare senses too, which makes the first sense a weak
 * baseline here). "weighted": drawn with probability proportional to the gold sense's tag count
 * (its frequency in the SemCor concordance), a stand-in for running text, where the first sense
 * is strong. A ranker for real use must do well on both.
 */
const rndUniform = random(seed);
const shuffled = [...all];
for (let i = shuffled.length - 1; i > 0; i--) {
  const j = Math.floor(rndUniform() * (i + 1));
  [shuffled[i], shuffled[j]] = [shuffled[j], shuffled[i]];
}
const uniform = shuffled.slice(0, caseCount);
// Efraimidis–Spirakis weighted sampling without replacement: the largest u^(1/w).
const rndWeighted = random(seed + 1);
const weighted = all
  .filter((c) => c.gold.tagCount > 0)
  .map((c) => ({ c, key: rndWeighted() ** (1 / c.gold.tagCount) }))
  .sort((x, y) => y.key - x.key)
  .slice(0, caseCount)
  .map((x) => x.c);

const tag = (cases: Case[]) =>
  cases.map((c) => tagContext(c.example.slice(0, c.start), c.example.slice(c.start, c.end), c.example.slice(c.end)));
const samples = {
  examples: { cases: uniform, tagged: tag(uniform) },
  weighted: { cases: weighted, tagged: tag(weighted) },
};
type Sample = (typeof samples)[keyof typeof samples];

const posOrder: Record<WnPos, number> = { n: 0, v: 1, a: 2, r: 3 };

function firstSenseSamePos(c: Case): boolean {
  const first = wordnet.senses(c.lemma).find((s) => s.pos === c.gold.pos && s.senseNumber === 1);
  return first?.key === c.gold.key;
}

function mostFrequentAnyPos(c: Case): boolean {
  const best = [...wordnet.senses(c.lemma)].sort(
    (a, b) => b.tagCount - a.tagCount || posOrder[a.pos] - posOrder[b.pos] || a.senseNumber - b.senseNumber,
  )[0];
  return best?.key === c.gold.key;
}

/**
 * The first sense of the part of speech wink-nlp gives the word (the baseline the ranker meets
 * on equal terms: same tagger, no oracle); the most frequent sense when the lemma has none of it.
 */
function firstSenseTaggerPos(c: Case, t: TaggedSentence): boolean {
  const head = t.target.find((i) => t.tokens[i]?.isWord) ?? t.target[0];
  const pos = head === undefined ? 'x' : wnPosOfTag(t.tokens[head].pos);
  const first = wordnet.senses(c.lemma).find((s) => s.pos === pos && s.senseNumber === 1);
  return first ? first.key === c.gold.key : mostFrequentAnyPos(c);
}

type Ranker = ReturnType<typeof createRanker>;

function evaluate(ranker: Ranker, sample: Sample, indices: number[], oraclePos = false): number {
  let right = 0;
  for (const i of indices) {
    const c = sample.cases[i];
    const t = sample.tagged[i];
    let features: ContextFeatures = ranker.features(t.tokens, t.target);
    if (oraclePos) features = { ...features, pos: c.gold.pos };
    const surface = c.example.slice(c.start, c.end).toLowerCase();
    const formPos = lemmatizer.candidates(surface).find((x) => x.lemma === c.lemma)?.pos;
    const ranked = ranker.rank(wordnet.senses(c.lemma), features, { formPos, excludeExamples: new Set([c.example]) });
    if (ranked[0]?.sense.key === c.gold.key) right++;
  }
  return right;
}

const halves = (n: number) => {
  const all = Array.from({ length: n }, (_, i) => i);
  return { even: all.filter((i) => i % 2 === 0), odd: all.filter((i) => i % 2 === 1), all };
};
const pct = (n: number, of: number) => `${((100 * n) / Math.max(1, of)).toFixed(1)}%`;

/** The tuning objective: the mean accuracy over the even halves of both samples. */
function objective(ranker: Ranker): number {
  let sum = 0;
  for (const sample of Object.values(samples)) {
    const even = halves(sample.cases.length).even;
    sum += evaluate(ranker, sample, even) / even.length;
  }
  return sum / Object.keys(samples).length;
}
const show = (x: number) => `${(100 * x).toFixed(2)}%`;

if (tune) {
  // Parameters that do not change signatures are searched on one ranker (its caches stay warm);
  // those that do get a fresh ranker per value.
  const weights: RankWeights = { ...defaultWeights };
  const cheap: Partial<Record<keyof RankWeights, number[]>> = {
    priorAlpha: [0.25, 0.5, 1, 2, 5, 10],
    priorWeight: [0.25, 0.5, 0.75, 1, 1.5, 2],
    senseNumberWeight: [0, 0.1, 0.25, 0.5],
    posMismatch: [1, 2, 3],
    formMismatch: [2, 3, 5],
    frameMismatch: [0.5, 1, 2, 3, 4],
    overlapWeight: [1, 1.5, 2, 3, 4, 6],
    overlapPower: [0.5, 0.75, 1],
    sharedDamping: [0, 0.25, 0.5, 1],
    expansion: [0.25, 0.5, 0.75, 1],
    sizeDamping: [0.15, 0.3, 0.5, 0.8],
    distanceDecay: [0, 0.05, 0.1, 0.2],
    collocation: [0, 0.5, 1, 1.5, 2, 3],
  };
  const costly: Partial<Record<keyof RankWeights, number[]>> = {
    synonym: [0.75, 1, 1.5],
    definition: [1, 1.5, 2],
    example: [0.25, 0.5, 1],
    relatedLemma: [0.5, 0.75, 1],
    relatedDefinition: [0.15, 0.3, 0.5],
    hyponymLemma: [0.5, 1, 1.5],
  };
  let ranker = createRanker(wordnet, lemmatizer, ecdict, weights);
  let best = objective(ranker);
  console.log(`start: ${show(best)}`);
  // The prior and the overlap trade off against each other, so they are first searched jointly.
  for (const priorWeight of [0.5, 0.75, 1, 1.5]) {
    for (const overlapWeight of [1, 2, 4]) {
      for (const overlapPower of [0.5, 1]) {
        for (const sharedDamping of [0, 0.5, 1]) {
          const keep = { ...weights };
          Object.assign(weights, { priorWeight, overlapWeight, overlapPower, sharedDamping });
          const score = objective(ranker);
          if (score > best) {
            best = score;
            console.log(`joint ${JSON.stringify({ priorWeight, overlapWeight, overlapPower, sharedDamping })}: ${show(score)}`);
          } else Object.assign(weights, keep);
        }
      }
    }
  }
  for (let pass = 0; pass < 2; pass++) {
    for (const [name, values] of Object.entries(cheap) as [keyof RankWeights, number[]][]) {
      let bestV = weights[name];
      for (const v of values) {
        if (v === bestV) continue;
        weights[name] = v;
        const score = objective(ranker);
        if (score > best) {
          best = score;
          bestV = v;
          console.log(`${name}=${v}: ${show(score)}`);
        }
      }
      weights[name] = bestV;
    }
    for (const [name, values] of Object.entries(costly) as [keyof RankWeights, number[]][]) {
      let bestV = weights[name];
      for (const v of values) {
        if (v === bestV) continue;
        const trial = createRanker(wordnet, lemmatizer, ecdict, { ...weights, [name]: v });
        const score = objective(trial);
        if (score > best) {
          best = score;
          bestV = v;
          console.log(`${name}=${v}: ${show(score)}`);
        }
      }
      weights[name] = bestV;
      ranker = createRanker(wordnet, lemmatizer, ecdict, weights);
    }
  }
  console.log(`best mean on the even halves: ${show(best)}`);
  console.log(JSON.stringify(weights, null, 2));
} else {
  const started = performance.now();
  const ranker = createRanker(wordnet, lemmatizer, ecdict);
  const out = reporter('sense-eval');
  out.say('# Sense ranking on WordNet 3.1 examples (held out)');
  out.say();
  out.say(`${all.length} example sentences contain a form of a polysemous single-word lemma of their synset; each is a`);
  out.say('case whose right sense is known. Each case ranks all senses of the lemma (every part of speech) for');
  out.say("that sentence with the sentence itself removed from the ranker's evidence; top-1 = the first sense is");
  out.say(`the example's synset. Two samples of ${caseCount} cases (seed ${seed}):`);
  out.say();
  out.say('- **examples**: uniform over the example sentences (rare senses count as much as common ones);');
  out.say("- **weighted**: drawn in proportion to the right sense's WordNet tag count (its SemCor frequency), a");
  out.say('  stand-in for running text.');
  out.say();
  out.say('The weights in upstream/dictionary/rank.ts were tuned (`--tune`) on the even-numbered cases of both');
  out.say('samples; the odd-numbered cases were not used for tuning.');
  out.say();
  out.say(
    '| sample | cases | n | ranker (wink POS) | first sense, wink POS | ranker (gold POS) | first sense, gold POS | most frequent sense, any POS |',
  );
  out.say('|---|---|---|---|---|---|---|---|');
  for (const [sampleName, sample] of Object.entries(samples)) {
    const h = halves(sample.cases.length);
    for (const [name, set] of [
      ['even (tuning)', h.even],
      ['odd (held out)', h.odd],
      ['all', h.all],
    ] as [string, number[]][]) {
      const ours = evaluate(ranker, sample, set);
      const oracle = evaluate(ranker, sample, set, true);
      const first = set.filter((i) => firstSenseSamePos(sample.cases[i])).length;
      const firstTagged = set.filter((i) => firstSenseTaggerPos(sample.cases[i], sample.tagged[i])).length;
      const mfs = set.filter((i) => mostFrequentAnyPos(sample.cases[i])).length;
      const cell = (n: number) => `${n} (${pct(n, set.length)})`;
      out.say(
        `| ${sampleName} | ${name} | ${set.length} | ${cell(ours)} | ${cell(firstTagged)} | ${cell(oracle)} | ${cell(first)} | ${cell(mfs)} |`,
      );
    }
  }
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  out.say();
  out.say("Columns in pairs: the ranker and WordNet's first sense, each with the part of speech wink-nlp tags the");
  out.say('word with in the sentence (what a real lookup has), then each told the right part of speech (an oracle).');
  out.say('"most frequent sense, any POS" is the sense with the highest tag count over all parts of speech (ties: n,');
  out.say('v, a, r, then sense number); "first sense, wink POS" falls back to it when the lemma lacks the tagged POS.');
  out.say();
  out.say(`Weights: \`${JSON.stringify(ranker.weights)}\``);
  out.say();
  out.say(`Time: ${seconds} s, Node ${process.version}. Command: \`npx tsx bench/sense-eval.ts\`.`);
  out.say();
  // WordNet's examples are short and carry no expressions; running text is scored beside them.
  void runSenseDev().then((result) => {
    sayDevSet(out, result, '##');
    out.save();
  });
}
