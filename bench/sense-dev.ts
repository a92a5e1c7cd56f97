/**
 * How often the first gloss `query_word` shows is the sense that fits, on running text annotated
 * by hand: bench/data/sense-dev.jsonl (rules in bench/data/sense-dev-rules.md). Unlike
 * bench/sense-eval.ts, whose cases are WordNet's own short examples, these sentences carry
 * expressions, participles, gerunds, compounds and words whose part of speech the tagger can miss.
 *
 * Each target goes through the dictionary engine exactly as query_word hands it over (the
 * sentence split at the target's offsets). The first item's first gloss is compared with the gold
 * WordNet sense key; the baseline is WordNet's first sense of the gold lemma and part of speech.
 * Targets whose gold is null (WordNet has no fitting sense) are counted apart, not scored.
 *
 *   npx tsx bench/sense-dev.ts            # report, also saved to bench/results/
 *   npx tsx bench/sense-dev.ts --json     # figures as JSON
 *   npx tsx bench/sense-dev.ts --misses   # also list every target the engine got wrong
 *   npx tsx bench/sense-dev.ts --no-model # without the sense model (the overlap ranker's order)
 *   npx tsx bench/sense-dev.ts --context W # the sense model with another context weight ("0.45", "v:0.2", …)
 */
import { z } from 'zod';
import { createDictionaryEngine } from '../upstream/dictionary/engine';
import { loadTreeParser } from '../upstream/language/pipeline';
import { lazySenseModel } from '../upstream/language/senses';
import { parseAround } from '../upstream/parser/clause';
import { createLinkGrammar, linkGrammarInstalled, type Parse } from '../upstream/parser/link-grammar';
import { openWordNet, type WnPos } from '../upstream/dictionary/wordnet';
import { parseContextWeight, readJsonl, reporter } from './support';

export const senseDevKinds = [
  'plain',
  'phrasal',
  'phrase',
  'participle',
  'gerund',
  'compound',
  'hyphenated',
  'pos-ambiguous',
] as const;

export const senseDevTarget = z
  .object({
    id: z.string().min(1),
    source: z.union([z.string().regex(/^book:.+/), z.literal('exam'), z.literal('news')]),
    sentence: z.string().min(1),
    start: z.number().int().nonnegative(),
    end: z.number().int().positive(),
    target: z.string().min(1),
    lemma: z.string().regex(/^[a-z0-9'._-]+$/),
    pos: z.enum(['n', 'v', 'a', 'r']),
    sense_key: z.string().nullable(),
    kind: z.enum(senseDevKinds),
    note: z.string().optional(),
  })
  .strict();
export type SenseDevTarget = z.infer<typeof senseDevTarget>;

export const senseDevPath = 'bench/data/sense-dev.jsonl';

export function readSenseDev(path = senseDevPath): SenseDevTarget[] {
  return readJsonl(path, senseDevTarget);
}

/** WordNet's lemma and part of speech of a sense key (`ss_type` 5, the satellite, is an adjective). */
export function keyParts(key: string): { lemma: string; pos: WnPos } | undefined {
  const m = /^(.+)%([1-5]):/.exec(key);
  if (!m) return undefined;
  return { lemma: m[1], pos: (['n', 'v', 'a', 'r', 'a'] as const)[Number(m[2]) - 1] };
}

/** The rows of the breakdown, by what the first gloss shown is. */
const rows = {
  right: 'right lemma and part of speech',
  ecdictPhrase: 'an ECDICT phrase gloss (`ecdict:…`)',
  multiword: 'a WordNet multi-word lemma not used as such',
  wrongPos: 'wrong part of speech',
  wrongLemma: 'wrong lemma',
  notFound: 'not found',
} as const;
type Row = keyof typeof rows;

function classify(first: string | null | undefined, gold: SenseDevTarget): Row {
  if (!first) return 'notFound';
  const ecdict = /^ecdict:(.+?):/.exec(first);
  if (ecdict) {
    const headword = ecdict[1].toLowerCase();
    if (headword.includes('_') && headword !== gold.lemma) return 'ecdictPhrase';
    // ECDICT lines of the word itself stand for a part of speech WordNet does not have.
    return headword === gold.lemma ? 'wrongPos' : 'wrongLemma';
  }
  const shown = keyParts(first);
  if (!shown) return 'notFound';
  if (shown.lemma === gold.lemma) return shown.pos === gold.pos ? 'right' : 'wrongPos';
  if (shown.lemma.includes('_')) return 'multiword';
  return 'wrongLemma';
}

interface Outcome {
  target: SenseDevTarget;
  shown: string | null;
  row: Row;
  engineRight: boolean;
  firstSense: string | undefined;
  firstSenseRight: boolean;
}

interface Tally {
  n: number;
  engine: number;
  firstSense: number;
}

export async function runSenseDev() {
  const targets = readSenseDev();
  // --weights '{"leaveMargin":1}' tries ranking weights other than the defaults.
  const at = process.argv.indexOf('--weights');
  // As query_word does: the sense model the product ships (unless --no-model) over the trained
  // parser's tree; --context W tries another weight for the overlap ranker beside it.
  const context = process.argv.indexOf('--context');
  const model = process.argv.includes('--no-model') ? null : (lazySenseModel()?.get() ?? null);
  const trees = model ? loadTreeParser() : null;
  const engine = createDictionaryEngine({
    ...(at > 0 ? { weights: JSON.parse(process.argv[at + 1]) } : {}),
    senses: () => model,
    ...(context > 0 ? { contextWeight: parseContextWeight(process.argv[context + 1]) } : {}),
  });
  // As query_word does: the target's sentence parsed by Link Grammar, unless --no-parse.
  const parser = !process.argv.includes('--no-parse') && linkGrammarInstalled() ? createLinkGrammar() : null;
  const wordnet = openWordNet();
  const outcomes: Outcome[] = [];
  let unscored = 0;
  for (const t of targets) {
    if (t.sense_key === null) {
      unscored++;
      continue;
    }
    const input = {
      pre_context: t.sentence.slice(0, t.start),
      post_context: t.sentence.slice(t.end),
      target_word: t.target,
    };
    let parse: Parse | undefined;
    if (parser) parse = await parseAround(parser, engine.sentenceOf(input)).catch(() => undefined);
    const items = engine.lookup(input, parse, trees?.parse(engine.sentenceOf(input).text).words);
    const id = items[0]?.gloss[0]?.sense_id;
    const shown = id == null ? null : String(id);
    const firstSense = wordnet.senses(t.lemma).find((s) => s.pos === t.pos)?.key;
    outcomes.push({
      target: t,
      shown,
      row: classify(shown, t),
      engineRight: shown === t.sense_key,
      firstSense,
      firstSenseRight: firstSense === t.sense_key,
    });
  }

  const tally = (list: Outcome[]): Tally => ({
    n: list.length,
    engine: list.filter((o) => o.engineRight).length,
    firstSense: list.filter((o) => o.firstSenseRight).length,
  });
  const breakdown = (list: Outcome[]) =>
    Object.fromEntries((Object.keys(rows) as Row[]).map((row) => [row, tally(list.filter((o) => o.row === row))])) as Record<
      Row,
      Tally
    >;
  const kinds = senseDevKinds.filter((k) => outcomes.some((o) => o.target.kind === k));
  const overall = { ...tally(outcomes), breakdown: breakdown(outcomes) };
  const perKind = Object.fromEntries(
    kinds.map((k) => {
      const list = outcomes.filter((o) => o.target.kind === k);
      return [k, { ...tally(list), breakdown: breakdown(list) }];
    }),
  );
  parser?.close();
  return { targets: targets.length, unscored, overall, perKind, outcomes, parsed: Boolean(parser) };
}

const share = (part: number, whole: number) => (whole ? `${((100 * part) / whole).toFixed(1)}%` : '–');

/** The development set's tables: top-1 against the first sense, the breakdown, per kind. */
export function sayDevSet(out: { say(line?: string): void }, result: Awaited<ReturnType<typeof runSenseDev>>, level = '#') {
  const { overall, perKind } = result;
  out.say(`${level} Sense choice on the hand-annotated development set (bench/data/sense-dev.jsonl)`);
  out.say();
  out.say(`${result.targets} targets, ${overall.n} scored (${result.unscored} left out: no fitting WordNet sense).`);
  out.say(
    result.parsed
      ? 'Each sentence parsed by Link Grammar, as query_word does.'
      : 'Without the parse (--no-parse or link-parser missing).',
  );
  out.say();
  out.say('| | top-1 (first item, first gloss) |');
  out.say('|---|---|');
  out.say(`| WordNet's first sense of the gold lemma and part of speech | ${share(overall.firstSense, overall.n)} |`);
  out.say(`| Yujing (query_word's engine) | **${share(overall.engine, overall.n)}** |`);
  out.say();
  const table = (b: Record<Row, Tally>, n: number) => {
    out.say('| first gloss shown | targets | Yujing right | first sense would be right |');
    out.say('|---|---|---|---|');
    for (const row of Object.keys(rows) as Row[]) {
      const t = b[row];
      out.say(`| ${rows[row]} | ${share(t.n, n)} (${t.n}) | ${share(t.engine, n)} | ${share(t.firstSense, n)} |`);
    }
  };
  out.say(`${level}# Breakdown, all targets (shares of all scored targets)`);
  out.say();
  table(overall.breakdown, overall.n);
  out.say();
  out.say(`${level}# Per kind`);
  out.say();
  out.say('| kind | targets | Yujing top-1 | first sense |');
  out.say('|---|---|---|---|');
  for (const [kind, t] of Object.entries(perKind)) {
    out.say(`| ${kind} | ${t.n} | ${share(t.engine, t.n)} | ${share(t.firstSense, t.n)} |`);
  }
  for (const [kind, t] of Object.entries(perKind)) {
    out.say();
    out.say(`${level}## ${kind} (${t.n} targets; shares of them)`);
    out.say();
    table(t.breakdown, t.n);
  }
}

async function main() {
  const result = await runSenseDev();
  if (process.argv.includes('--json')) {
    const { outcomes, ...figures } = result;
    console.log(
      JSON.stringify(
        {
          ...figures,
          misses: outcomes
            .filter((o) => !o.engineRight)
            .map((o) => ({ id: o.target.id, gold: o.target.sense_key, shown: o.shown, row: o.row })),
        },
        null,
        2,
      ),
    );
    return;
  }
  const out = reporter('sense-dev');
  sayDevSet(out, result, '#');
  if (process.argv.includes('--misses')) {
    out.say();
    out.say('## Misses');
    out.say();
    for (const o of result.outcomes.filter((x) => !x.engineRight)) {
      const s = o.target.sentence;
      const marked = `${s.slice(0, o.target.start)}**${o.target.target}**${s.slice(o.target.end)}`;
      out.say(`- ${o.target.id} [${o.row}] gold ${o.target.sense_key}, shown ${o.shown}: ${marked}`);
    }
  }
  out.save();
}

// Imported by the test for its schema; run only as a script.
if (process.argv[1]?.endsWith('sense-dev.ts')) void main();
