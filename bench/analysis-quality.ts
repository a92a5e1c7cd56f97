/**
 * How well sentence analysis finds the heads of subjects and objects, on a development set we
 * wrote and annotated by hand: bench/data/analysis-dev.jsonl, 177 sentences of 8–40 words, about
 * half exam-style (中考/高考/CET/考研: relative and noun clauses, passives, it-clefts, inversion,
 * non-finite clauses, there-be, questions, coordination) and half news-style (long, with
 * appositives, numbers, quotes, reported speech).
 *
 * Each sentence runs through the analyzer exactly as the product builds it
 * (createSentenceAnalyzer with loadTreeParser() and createGrammarCatalogue()), and again
 * through its fallback (trees null). The heads are read from the answer's spans: nodes labelled
 * 主语 (and 形式主语), 宾语 (and 直接宾语, 形式宾语) and, scored apart, 间接宾语, by their first
 * `highlight` index into `words`, except the functions of non-finite phrases (不定式短语, 动名词短语,
 * 现在分词短语, 过去分词短语, 独立主格结构), which the set does not annotate; a finite clause nested
 * in one counts again. Printed: precision, recall and F1 per function and engine, overall and per
 * style, and the sentences with the most errors.
 *
 *   npx tsx bench/analysis-quality.ts              # the report, also saved to bench/results/
 *   npx tsx bench/analysis-quality.ts --json       # the figures as JSON on stdout
 *   npx tsx bench/analysis-quality.ts --worst 20   # how many worst sentences to list (10)
 *
 * ## The set's format
 *
 * One JSON object a line: {"id", "style": "exam"|"news", "sentence", "subjects": [{"head",
 * "occurrence"}…], "objects": […], "indirectObjects": […] (only where there are some)}. A head is
 * a token of the gold tokenisation (tokenize in bench/support/head-scoring.ts) with its 0-based
 * occurrence among the sentence's tokens equal to it, ignoring case ("It" and "it" are equal).
 *
 * The tokenisation splits on spaces and punctuation: runs of letters and digits joined by inner
 * hyphens or apostrophes are one token (well-known, COVID-19, o'clock), numbers keep their inner
 * points and commas (3.2, 1,250), dotted abbreviations stay whole (U.S.); the clitics 's 're 've
 * 'm 'll 'd are split off (I'd → I 'd, company's → company 's), as Link Grammar splits them; the
 * "n't" forms stay whole (don't, won't, isn't), as Link Grammar 5 keeps them as single dictionary
 * words; every other character is a token (, . " ? $ %). The analyzer's words are aligned with
 * these tokens by their text (a longest common subsequence), so another split of a contraction
 * or a stray token costs only that token.
 *
 * ## Annotation conventions
 *
 * Every finite clause, main or subordinate (relative, noun, adverbial, comparative-correlative,
 * quoted), has its subject head and its direct object head(s) (and indirect object) annotated.
 * - Head of a noun phrase: its noun or pronoun; in a compound or a name, the last word (air
 *   pollution → pollution, the Great Wall → Wall, Zhang Wei → Wei, Mr Lopez → Lopez); a possessive
 *   is a determiner (the team's coach → coach); a number before a noun is a determiner (3,000
 *   residents → residents, 2.5 billion yuan → yuan).
 * - Quantity determiners (a number of, thousands of, tens of thousands of, dozens of, all, both)
 *   leave the head on the noun after them (A number of volunteers → volunteers; but the number
 *   of students → number). Partitives with
 *   a pronoun, numeral, fraction or percentage keep the head on that word (none of us → none,
 *   one of the girls → one, many of whom → many, some of which → some, a third of all cars →
 *   third, 60 percent of the people → percent, one in five teenagers → one).
 * - Coordinated noun phrases: the head of the first conjunct (Neither the teacher nor the
 *   students → teacher; noise and traffic → noise). Coordinated verbs that share a subject have
 *   one subject and each its own object (climb walls and inspect bridges → walls, bridges).
 * - A relative pronoun (who, which, that; whose is a determiner: whose car → car) and a free
 *   relative (whoever, what, whatever) is the subject or object of its own clause (the book that you lent me: "that"
 *   is the object of lent, "me" its indirect object). Zero relatives have no token: nothing is
 *   annotated for them. Relative adverbs (when, where, why) are neither.
 * - It-cleft: "It" is the main clause's subject; the "that/who" after the focus is annotated like
 *   a relative pronoun when the focus fills that clause's subject or object (Was it the storm that
 *   caused the delay → "that" is the subject of caused), otherwise not (It was in this village
 *   that the writer spent his childhood).
 * - Expletive "there" and "it" are subjects (There are…, It is said that…, It took me three hours
 *   to…, weather "it"); a formal "it" object is the object (found it difficult to…, make it easier
 *   for…). Imperatives have no subject. A wh-word is what it stands for (Who do you think will win
 *   → Who is the subject of win; Which of the two novels did you enjoy → Which is the object).
 * - Passives: the surface subject is the subject; a second object left after a passive of a
 *   two-object verb is the object (was awarded a prize → prize); the by-phrase is not counted.
 * - Only noun-phrase objects count: that-, wh-, if-clauses, quotes, infinitives and gerunds as
 *   objects are not annotated, nor are clausal or infinitive subjects; a gerund subject counts,
 *   headed by the gerund (Smoking is not allowed → Smoking).
 * - Indirect object: the first of two noun-phrase objects (bought me a dictionary, told her brother
 *   a story, charge customers 10 cents). A noun phrase followed by a clause or a quote is the
 *   object (told reporters that…, expected us to win, asked us to hand in…), as is the noun phrase
 *   of an object complement (elected him monitor, let her go, shows a bear walking).
 * - Phrasal verbs with a particle take objects (turn off the lights, knocked out power, made up a
 *   third); objects of prepositions are not objects (depend on the weather, heard of the story,
 *   worried about the impact), nor are measure phrases after intransitive verbs (rose 5 percent,
 *   viewed 20 million times), predicative complements (is my cousin, was named the best player)
 *   or noun phrases of an elliptical than-clause.
 * - Only finite clauses: the functions inside infinitive, gerund and participle phrases and
 *   absolute constructions are not annotated (Having finished his homework, …), except the finite
 *   clauses nested in them (saying the investigation was still under way → investigation). A verb
 *   group with be going to, have to or had better is finite (will have to cancel the picnic →
 *   picnic).
 * - Gold heads are sets: a token is named once per function, and predicted heads are compared as
 *   a set of tokens (a head predicted twice counts once).
 */
import { readFileSync } from 'node:fs';
import { createSentenceAnalyzer } from '../upstream/analysis/analyzer';
import { createGrammarCatalogue } from '../upstream/analysis/grammar/catalogue';
import { loadTreeParser } from '../upstream/language/pipeline';
import type { SentenceAnalyzer } from '../upstream/analysis/types';
import {
  addCounts,
  type Counts,
  type DevSentence,
  goldHeads,
  type Heads,
  type HeadRef,
  matchHeads,
  parseDevSet,
  predictedHeads,
  prf,
  type ScoredFunction,
  scoredFunctions,
  tokenize,
  zeroCounts,
} from './support/head-scoring';
import { reporter } from './support';

const json = process.argv.includes('--json');
const worstAt = process.argv.indexOf('--worst');
const worstCount = worstAt > 0 ? Number(process.argv[worstAt + 1]) || 10 : 10;

const set = parseDevSet(readFileSync(new URL('./data/analysis-dev.jsonl', import.meta.url), 'utf8'));

type Scope = 'all' | DevSentence['style'];
const scopes: Scope[] = ['all', 'exam', 'news'];
const functionNames: Record<ScoredFunction, string> = {
  subject: 'subject (主语)',
  object: 'object (宾语)',
  indirectObject: 'indirect object (间接宾语)',
};

interface SentenceResult {
  id: string;
  sentence: string;
  gold: Heads;
  predicted: Heads;
  counts: Record<ScoredFunction, Counts>;
  errors: number;
  /** Set when the analyzer answered from its fallback, or threw. */
  note?: string;
}

interface EngineResult {
  engine: string;
  sentences: number;
  /** Answers whose engine was not the one asked for (the parser stalled and the fallback answered). */
  fellBack: number;
  failed: number;
  scores: Record<Scope, Record<ScoredFunction, Counts & ReturnType<typeof prf>>>;
  worst: SentenceResult[];
}

const emptyHeads = (): Heads => ({ subject: [], object: [], indirectObject: [] });

async function evaluate(engine: string, analyzer: SentenceAnalyzer): Promise<EngineResult> {
  const totals = Object.fromEntries(
    scopes.map((scope) => [scope, Object.fromEntries(scoredFunctions.map((fn) => [fn, zeroCounts()]))]),
  ) as Record<Scope, Record<ScoredFunction, Counts>>;
  const results: SentenceResult[] = [];
  let fellBack = 0;
  let failed = 0;
  for (const entry of set) {
    const tokens = tokenize(entry.sentence);
    const gold = goldHeads(entry);
    let predicted = emptyHeads();
    let note: string | undefined;
    try {
      const analysis = await analyzer.analyze(entry.sentence);
      // The answer's `spans` field, as analyze_sentence sends it.
      const answerSpans = { words: analysis.words, spans: analysis.spans };
      predicted = predictedHeads(answerSpans, tokens);
      if (analysis.engine !== analyzer.engine) {
        fellBack++;
        note = `answered by ${analysis.engine}`;
      }
    } catch (error) {
      failed++;
      note = `failed: ${(error as Error).message}`;
    }
    const counts = Object.fromEntries(scoredFunctions.map((fn) => [fn, matchHeads(gold[fn], predicted[fn])])) as Record<
      ScoredFunction,
      Counts
    >;
    for (const fn of scoredFunctions) {
      totals.all[fn] = addCounts(totals.all[fn], counts[fn]);
      totals[entry.style][fn] = addCounts(totals[entry.style][fn], counts[fn]);
    }
    const errors = scoredFunctions.reduce((sum, fn) => sum + counts[fn].fp + counts[fn].fn, 0);
    results.push({ id: entry.id, sentence: entry.sentence, gold, predicted, counts, errors, note });
  }
  const scores = Object.fromEntries(
    scopes.map((scope) => [
      scope,
      Object.fromEntries(scoredFunctions.map((fn) => [fn, { ...totals[scope][fn], ...prf(totals[scope][fn]) }])),
    ]),
  ) as EngineResult['scores'];
  const worst = [...results]
    .filter((r) => r.errors > 0)
    .sort((a, b) => b.errors - a.errors || a.id.localeCompare(b.id))
    .slice(0, worstCount);
  return { engine, sentences: set.length, fellBack, failed, scores, worst };
}

const catalogue = createGrammarCatalogue();
const runs: EngineResult[] = [];
const skipped: string[] = [];

const trees = loadTreeParser();
if (trees) {
  runs.push(await evaluate('treebank', createSentenceAnalyzer({ trees, catalogue })));
} else {
  skipped.push('treebank (the model files could not be read)');
}
const fallback = createSentenceAnalyzer({ trees: null, catalogue });
runs.push(await evaluate('fallback', fallback));
fallback.close();

if (json) {
  console.log(JSON.stringify({ set: 'bench/data/analysis-dev.jsonl', sentences: set.length, skipped, engines: runs }, null, 2));
} else {
  const report = reporter('analysis-quality');
  const styleCounts = scopes
    .slice(1)
    .map((style) => `${set.filter((e) => e.style === style).length} ${style}`)
    .join(', ');
  const goldTotals = scoredFunctions.map((fn) => `${set.reduce((n, e) => n + goldHeads(e)[fn].length, 0)} ${fn}`).join(', ');
  report.say(`# Subject and object heads on the development set`);
  report.say();
  report.say(`${set.length} sentences (${styleCounts}); gold heads: ${goldTotals}.`);
  for (const line of skipped) report.say(`Skipped: ${line}.`);
  const pct = (n: number) => `${(n * 100).toFixed(1)}`;
  const refs = (list: HeadRef[]) =>
    list.map((r) => (r.occurrence < 0 ? `${r.head}(?)` : `${r.head}#${r.occurrence}`)).join(' ') || '—';
  for (const run of runs) {
    report.say();
    report.say(`## ${run.engine}`);
    report.say();
    if (run.fellBack || run.failed) {
      report.say(`${run.fellBack} answers came from the fallback, ${run.failed} sentences failed.`);
      report.say();
    }
    report.say('| function | scope | precision | recall | F1 | matched / predicted / gold |');
    report.say('|---|---|---:|---:|---:|---|');
    for (const fn of scoredFunctions) {
      for (const scope of scopes) {
        const s = run.scores[scope][fn];
        report.say(
          `| ${functionNames[fn]} | ${scope} | ${pct(s.precision)} | ${pct(s.recall)} | ${pct(s.f1)} | ${s.tp} / ${s.tp + s.fp} / ${s.tp + s.fn} |`,
        );
      }
    }
    report.say();
    report.say(`Worst sentences (errors = wrong + missed heads):`);
    for (const r of run.worst) {
      report.say();
      report.say(`- ${r.id} (${r.errors} errors${r.note ? `; ${r.note}` : ''}): ${r.sentence}`);
      for (const fn of scoredFunctions) {
        if (!r.gold[fn].length && !r.predicted[fn].length) continue;
        report.say(`  - ${fn}: gold ${refs(r.gold[fn])} · predicted ${refs(r.predicted[fn])}`);
      }
    }
  }
  report.save();
}
