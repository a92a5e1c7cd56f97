/**
 * How faithfully the sentence structure built from a UD tree (upstream/analysis/structure-ud.ts)
 * keeps the tree's subjects and objects: structureOfTree runs on the GOLD trees of UD English EWT
 * and the heads it labels are scored against the same trees. This measures the builder alone, not
 * the parser: a miss here is a miss the product makes even when the parse is perfect.
 *
 *   npx tsx bench/structure-ud.ts                               # dev, /work/data/ud-ewt
 *   npx tsx bench/structure-ud.ts --treebank DIR --split test   # another checkout, the test split
 *   npx tsx bench/structure-ud.ts --misses 30                   # also list 30 misses of each kind
 *   npx tsx bench/structure-ud.ts --json                        # the figures as JSON
 *
 * Gold subjects are the words whose deprel is nsubj or nsubj:pass (UD's convention: an expletive
 * is not the subject; nsubj:outer, the "What X" of "What X is Y", is not counted either); gold
 * objects are the words whose deprel is obj. A predicted subject head is the FIRST highlighted
 * word of a node labelled 主语 or 真正主语 (the real subject beside an expletive, which UD marks
 * nsubj), in any clause or phrase; a predicted object head the first highlighted word of a 宾语
 * node. Counting the first highlight only is how coordination is scored: UD marks only the first
 * conjunct nsubj or obj, and the structure highlights every conjunct, the first one first. Heads
 * are compared by position in the structure's words (clitics joined back, so "it" of "it's" is
 * the word "it's"). The figures with 主语 alone (without 真正主语) are printed too.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { SpanNode } from '../lib/contract';
import { joinClitics, structureOfTree } from '../upstream/analysis/structure-ud';
import { checkInvariants } from '../upstream/analysis/structure-test-support';
import { readConllu } from '../upstream/language/conllu';
import type { UdSentence } from '../upstream/language/ud';
import { reporter } from './support';

const arg = (name: string, fallback: string) => {
  const at = process.argv.indexOf(name);
  return at >= 0 && process.argv[at + 1] ? process.argv[at + 1] : fallback;
};
const treebank = arg('--treebank', '/work/data/ud-ewt');
const split = arg('--split', 'dev');
const missesToShow = Number(arg('--misses', '0'));

interface Score {
  matched: number;
  predicted: number;
  gold: number;
}
const prf = ({ matched, predicted, gold }: Score) => {
  const p = predicted ? matched / predicted : 1;
  const r = gold ? matched / gold : 1;
  return { precision: p, recall: r, f1: p + r ? (2 * p * r) / (p + r) : 0 };
};

interface Miss {
  id: string;
  text: string;
  word: string;
  kind: 'missed' | 'extra';
}

function firstHighlights(spans: SpanNode[], labels: string[]): number[] {
  const out: number[] = [];
  const visit = (nodes: SpanNode[]) => {
    for (const n of nodes) {
      if (labels.includes(n.label) && n.highlight?.length) out.push(Math.min(...n.highlight));
      visit(n.children ?? []);
    }
  };
  visit(spans);
  return out;
}

function score(sentences: UdSentence[]) {
  const tally = {
    subject: { matched: 0, predicted: 0, gold: 0 },
    subjectOnly: { matched: 0, predicted: 0, gold: 0 },
    object: { matched: 0, predicted: 0, gold: 0 },
  };
  const misses: Record<'subject' | 'object', Miss[]> = { subject: [], object: [] };
  let broken = 0;
  let fragments = 0;
  const started = performance.now();
  for (const tree of sentences) {
    const s = structureOfTree(tree);
    if (checkInvariants(s).length) broken++;
    if (s.spans[0]?.label === '片段') fragments++;
    const { positions } = joinClitics(tree.words);
    const goldOf = (rels: string[]) => new Set(tree.words.flatMap((w, i) => (rels.includes(w.deprel) ? [positions[i]] : [])));
    const kinds: [keyof typeof tally, Set<number>, string[]][] = [
      ['subject', goldOf(['nsubj', 'nsubj:pass']), ['主语', '真正主语']],
      ['subjectOnly', goldOf(['nsubj', 'nsubj:pass']), ['主语']],
      ['object', goldOf(['obj']), ['宾语']],
    ];
    for (const [kind, gold, labels] of kinds) {
      const predicted = new Set(firstHighlights(s.spans, labels));
      const t = tally[kind];
      t.gold += gold.size;
      t.predicted += predicted.size;
      for (const p of predicted) if (gold.has(p)) t.matched++;
      if (kind === 'subjectOnly') continue;
      const say = (word: number, what: Miss['kind']) =>
        misses[kind].push({ id: tree.id ?? '', text: tree.text, word: `${s.words[word]}@${word}`, kind: what });
      for (const g of gold) if (!predicted.has(g)) say(g, 'missed');
      for (const p of predicted) if (!gold.has(p)) say(p, 'extra');
    }
  }
  return { tally, misses, broken, fragments, ms: performance.now() - started };
}

const file = path.join(treebank, `en_ewt-ud-${split}.conllu`);
const sentences = readConllu(readFileSync(file, 'utf8'));
const result = score(sentences);

if (process.argv.includes('--json')) {
  console.log(
    JSON.stringify(
      {
        split,
        sentences: sentences.length,
        ...Object.fromEntries(Object.entries(result.tally).map(([k, t]) => [k, { ...t, ...prf(t) }])),
        broken: result.broken,
        fragments: result.fragments,
      },
      null,
      2,
    ),
  );
} else {
  const out = reporter(`structure-ud-${split}`);
  out.say(`# Structure from gold UD trees: EWT ${split} (${file})`);
  out.say();
  out.say(
    `${sentences.length} sentences in ${result.ms.toFixed(0)} ms; ${result.broken} break an invariant; ${result.fragments} are 片段.`,
  );
  out.say();
  out.say('| heads | precision | recall | F1 | matched | predicted | gold |');
  out.say('|---|---|---|---|---|---|---|');
  const names = { subject: 'subject (主语 + 真正主语)', subjectOnly: 'subject (主语 only)', object: 'object (宾语)' };
  for (const [kind, t] of Object.entries(result.tally) as [keyof typeof names, Score][]) {
    const { precision, recall, f1 } = prf(t);
    out.say(
      `| ${names[kind]} | ${precision.toFixed(3)} | ${recall.toFixed(3)} | ${f1.toFixed(3)} | ${t.matched} | ${t.predicted} | ${t.gold} |`,
    );
  }
  if (missesToShow > 0) {
    for (const kind of ['subject', 'object'] as const) {
      for (const what of ['missed', 'extra'] as const) {
        const list = result.misses[kind].filter((m) => m.kind === what);
        out.say();
        out.say(`## ${kind}: ${what} (${list.length})`);
        for (const m of list.slice(0, missesToShow)) out.say(`- ${m.id} ${m.word}: ${m.text}`);
      }
    }
  }
  out.save();
}
