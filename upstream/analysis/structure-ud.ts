import type { SpanNode } from '../../lib/contract';
import type { UdSentence, UdWord } from '../language/ud';
import { Builder } from './structure-ud-clause';
import { sanitizeSpans } from './structure-tree';
import type { SentenceStructure } from './types';

/*
 * The layered structure of a sentence from its Universal Dependencies tree: the same labels and
 * layers as the Link Grammar builder (structure.ts), read from relations instead of links.
 *
 * A clause is a predicate word (a verb, or the noun or adjective a copula joins to its subject)
 * with its dependents. In a clause:
 *   - the verb group is its auxiliaries (aux, aux:pass), copula, negation (not, n't), particle
 *     (compound:prt) and the verb itself, one 谓语 per run of them that nothing interrupts ("Did |
 *     you | see"), the main verb (or the copula) highlighted;
 *   - each other dependent is a function over its subtree: nsubj 主语, obj 宾语, iobj 间接宾语,
 *     obl/advmod/advcl 状语, ccomp 宾语 (表语 after a copula), xcomp 宾语/表语/宾语补足语, the noun
 *     or adjective after a copula 表语, expl 形式主语 with the nsubj or csubj beside it 真正主语,
 *     appos 同位语, discourse/vocative/parataxis 插入语; marks (that, because, to) are gray;
 *   - a function that is a clause or a non-finite phrase (ccomp, csubj, advcl, xcomp, a free
 *     relative "what he said") has that clause as its one child and no highlight of its own; a
 *     noun phrase highlights its head and every conjunct ("Tom and Mary"), and holds the clauses
 *     and phrases found in it (relative clauses, appositive clauses, participles, appositives);
 *   - a conj verb without its own subject is a second predicate of the same clause ("sang and
 *     danced"); with its own subject it is a clause beside it (并列句 at the top), as is a
 *     parataxis clause at the top.
 * Non-finite phrases (不定式短语, 动名词短语, 现在/过去分词短语, 独立主格结构) are built like clauses
 * but without a 谓语: the phrase highlights its verb and grays its "to", and its objects and
 * adverbials are functions inside it. "What X was Y" (EWT's nsubj:outer) is one clause whose 主语
 * is X and whose 表语 is the clause Y. A root that is no predicate (a heading, a name) is a 片段.
 *
 * UD splits clitics ("ca n't", "company 's"); the structure's words join them back (joinClitics)
 * and every position is in the joined words. Positions inside the builder are the tree's, 0-based.
 *
 * The builder is in layers: structure-ud-tree.ts reads the tree (dependents, subtrees, what a word
 * is), structure-ud-roles.ts says what each dependent is in its clause, structure-ud-labels.ts names
 * clauses and phrases, structure-ud-phrase.ts builds a function's node and what nests in a noun
 * phrase, and structure-ud-clause.ts builds the clauses, calling the phrase layer and back.
 */

/** The words a learner sees, and where each of the tree's words went among them. */
export interface JoinedWords {
  words: string[];
  /** `positions[i]` is the index in `words` of the tree's word i (0-based). */
  positions: number[];
}

const clitic = /^(n['’]t|['’](s|re|ll|ve|d|m))$/i;
/** Pairs written as one word that UD splits without an apostrophe: gon|na, wan|na, got|ta, can|not. */
const splitPairs = new Set(['gon na', 'wan na', 'got ta', 'can not', 'gim me', 'lem me']);

/**
 * Joins each clitic the tree split off back onto the word before it ("ca" "n't" → "can't",
 * "company" "'s" → "company's") when no space separated them in the text, and the parts of a
 * hyphenated word EWT splits ("Al - Qaeda" → "Al-Qaeda"). Other punctuation stays a word of its own.
 */
export function joinClitics(words: readonly Pick<UdWord, 'form' | 'noSpaceAfter'>[]): JoinedWords {
  const out: string[] = [];
  const positions: number[] = [];
  const hyphen = (i: number) =>
    words[i]?.form === '-' &&
    words[i - 1]?.noSpaceAfter === true &&
    words[i].noSpaceAfter === true &&
    /\w$/.test(words[i - 1].form) &&
    /^\w/.test(words[i + 1]?.form ?? '');
  words.forEach((w, i) => {
    const prev = words[i - 1];
    const joins =
      prev?.noSpaceAfter === true &&
      (clitic.test(w.form) || splitPairs.has(`${prev.form.toLowerCase()} ${w.form.toLowerCase()}`) || hyphen(i) || hyphen(i - 1));
    if (joins && out.length) out[out.length - 1] += w.form;
    else out.push(w.form);
    positions.push(out.length - 1);
  });
  return { words: out, positions };
}

/** The layered span tree of a sentence's UD tree. Never throws: a tree it cannot read gives one node. */
export function structureOfTree(tree: UdSentence): SentenceStructure {
  const { words, positions } = joinClitics(tree.words);
  if (words.length === 0) return { words, spans: [] };
  let spans: SpanNode[];
  try {
    spans = new Builder(tree.words).build();
  } catch {
    // A tree it cannot read (a cycle, a head out of range) is one fragment rather than no answer.
    spans = [];
  }
  if (spans.length === 0) spans = [{ start: 0, end: tree.words.length, label: '片段' }];
  return { words, spans: sanitizeSpans(remap(spans, positions), words.length) };
}

/**
 * The tree in joined words. Two siblings can meet inside one joined word ("it" and "'s" of
 * "it's"): the earlier keeps it and the later starts after it, or goes when nothing is left.
 */
function remap(spans: SpanNode[], positions: number[]): SpanNode[] {
  const at = (i: number) => positions[Math.max(0, Math.min(positions.length - 1, i))];
  const out: SpanNode[] = [];
  let floor = 0;
  for (const s of [...spans].sort((a, b) => a.start - b.start)) {
    const start = at(s.start);
    const end = at(s.end - 1) + 1;
    const node: SpanNode = { start: start < floor && end > floor ? floor : start, end, label: s.label };
    if (node.start >= node.end || (start < floor && end <= floor)) continue;
    if (s.gray) node.gray = [...new Set(s.gray.map(at))];
    if (s.highlight) node.highlight = [...new Set(s.highlight.map(at))];
    if (s.children) node.children = remap(s.children, positions);
    out.push(node);
    floor = Math.max(floor, end);
  }
  return out;
}
