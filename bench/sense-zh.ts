/**
 * Whether the Chinese shown beside a WordNet sense is Chinese a bilingual reader would accept for
 * that sense. bench/data/sense-dev-zh.jsonl holds, for every gold sense of
 * bench/data/sense-dev.jsonl, the renderings a good bilingual dictionary would give (rules in
 * bench/data/sense-dev-zh-rules.md). For each sense the Chinese matcher (chinese.ts) is asked what
 * the engine shows beside that sense for the gold lemma: its short Chinese (`simple_sense`).
 *
 * The short Chinese is split into items (at ，,；;、) and each item is compared with the accepted
 * renderings after normalisation (brackets, ellipses, "sb./sth.", a trailing 的/地 and a leading
 * 使/被 removed). An item matches when it equals an accepted rendering, or when one contains the
 * other and the shorter has at least two characters (a single character must match exactly:
 * 看 accepted does not accept 看法). A sense is then:
 *  - accepted: every item of its short Chinese matches;
 *  - partly: some item matches and some do not (银行，堤 for a river bank); counted as not accepted;
 *  - not accepted: no item matches;
 *  - English only: no Chinese shown.
 *
 *   npx tsx bench/sense-zh.ts            # report, also saved to bench/results/
 *   npx tsx bench/sense-zh.ts --json     # figures as JSON
 *   npx tsx bench/sense-zh.ts --list     # also list every sense with what was shown
 */
import { z } from 'zod';
import { createChineseMatcher } from '../upstream/dictionary/chinese';
import { openEcdict } from '../upstream/dictionary/ecdict';
import { senseLabel } from '../upstream/dictionary/verb-frames';
import { openWordNet } from '../upstream/dictionary/wordnet';
import { keyParts, readSenseDev } from './sense-dev';
import { readJsonl, reporter } from './support';

export const senseZhEntry = z
  .object({
    sense_key: z.string().regex(/^.+%[1-5]:/),
    accept: z.array(z.string().regex(/[\u3400-\u9fff]/)).min(1),
  })
  .strict();
export type SenseZhEntry = z.infer<typeof senseZhEntry>;

export const senseZhPath = 'bench/data/sense-dev-zh.jsonl';

export function readSenseZh(path = senseZhPath): SenseZhEntry[] {
  return readJsonl(path, senseZhEntry);
}

/** The comparable core of a rendering. */
export function normalise(item: string): string {
  return item
    .replace(/[（(][^）)]*[）)]|\[[^\]]*\]|【[^】]*】/g, '')
    .replace(/\b(?:sb|sth|sp|one's|oneself)\b\.?/gi, '')
    .replace(/[.…。·\s"'“”‘’~～]/g, '')
    .replace(/[的地]$/, '')
    .replace(/^[使被把]/, '');
}

/** Whether one shown item matches one accepted rendering (see the rule at the top). */
export function itemMatches(shown: string, accepted: string): boolean {
  const a = normalise(shown);
  const b = normalise(accepted);
  if (!a || !b) return false;
  if (a === b) return true;
  const [short, long] = a.length <= b.length ? [a, b] : [b, a];
  return short.length >= 2 && long.includes(short);
}

export type Verdict = 'accepted' | 'partly' | 'wrong' | 'none';

export function judge(simple: string | undefined, accept: string[]): Verdict {
  const items = (simple ?? '')
    .split(/[，,；;、]/)
    .map((s) => s.trim())
    .filter(Boolean);
  if (items.length === 0) return 'none';
  const ok = items.map((item) => accept.some((a) => itemMatches(item, a)));
  if (ok.every(Boolean)) return 'accepted';
  return ok.some(Boolean) ? 'partly' : 'wrong';
}

function run() {
  const entries = readSenseZh();
  const gold = new Set(readSenseDev().map((t) => t.sense_key));
  const wordnet = openWordNet();
  const chinese = createChineseMatcher(wordnet, openEcdict());
  const outcomes: { key: string; shown: string | undefined; verdict: Verdict; accept: string[] }[] = [];
  const missing = [...gold].filter((k) => k !== null && !entries.some((e) => e.sense_key === k));
  for (const e of entries) {
    const parts = keyParts(e.sense_key);
    const sense = parts && wordnet.senses(parts.lemma).find((s) => s.key === e.sense_key);
    if (!parts || !sense) throw new Error(`unknown sense key ${e.sense_key}`);
    const synset = wordnet.synset(sense.pos, sense.offset);
    const lemma = parts.lemma.replace(/_/g, ' ');
    chinese.prefetch(lemma, [synset]);
    const zh = chinese.forSense(lemma, synset, senseLabel(synset, sense.lemma));
    outcomes.push({ key: e.sense_key, shown: zh?.simple, verdict: judge(zh?.simple, e.accept), accept: e.accept });
  }
  const count = (v: Verdict) => outcomes.filter((o) => o.verdict === v).length;
  return {
    senses: outcomes.length,
    missing,
    accepted: count('accepted'),
    partly: count('partly'),
    wrong: count('wrong'),
    none: count('none'),
    outcomes,
  };
}

const share = (part: number, whole: number) => (whole ? `${((100 * part) / whole).toFixed(1)}%` : '–');

function main() {
  const r = run();
  if (process.argv.includes('--json')) {
    const { outcomes, ...figures } = r;
    console.log(
      JSON.stringify({ ...figures, wrongOnes: outcomes.filter((o) => o.verdict === 'wrong' || o.verdict === 'partly') }, null, 2),
    );
    return;
  }
  const out = reporter('sense-zh');
  out.say('# Chinese beside the gold sense (bench/data/sense-dev-zh.jsonl)');
  out.say();
  out.say(`${r.senses} gold senses of bench/data/sense-dev.jsonl.`);
  if (r.missing.length) out.say(`Not annotated: ${r.missing.join(', ')}`);
  out.say();
  out.say('| Chinese shown | senses | share |');
  out.say('|---|---|---|');
  out.say(`| shown and accepted (every item) | ${r.accepted} | **${share(r.accepted, r.senses)}** |`);
  out.say(`| shown, not accepted | ${r.partly + r.wrong} | ${share(r.partly + r.wrong, r.senses)} |`);
  out.say(`|   of which partly accepted (some items) | ${r.partly} | ${share(r.partly, r.senses)} |`);
  out.say(`| no Chinese (English only) | ${r.none} | ${share(r.none, r.senses)} |`);
  out.say();
  out.say(`Precision of the Chinese shown: ${share(r.accepted, r.accepted + r.partly + r.wrong)}.`);
  out.say(`At least one item accepted (lenient): ${share(r.accepted + r.partly, r.senses)}.`);
  if (process.argv.includes('--list')) {
    out.say();
    out.say('## Every sense');
    out.say();
    for (const o of r.outcomes) out.say(`- [${o.verdict}] ${o.key}: ${o.shown ?? '—'}  (accept: ${o.accept.join('，')})`);
  }
  out.save();
}

if (process.argv[1]?.endsWith('sense-zh.ts')) main();
