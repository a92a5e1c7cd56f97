import { adverbialClauseLabel, nounClauseLabel } from './structure-lexicon';
import type { UdTree } from './structure-ud-tree';

/*
 * The names of the clauses and non-finite phrases the structure builder (structure-ud.ts) makes:
 * a clause by its relation, its marker and the function it fills (定语从句, 时间状语从句, 宾语从句 …),
 * a phrase by its verb's form (不定式短语, 动名词短语, 现在/过去分词短语, 独立主格结构).
 */

/** Wh-adverbs that open an adverbial clause in EWT as its advmod ("when I come over"). */
export const whOpeners = new Set(['when', 'whenever', 'where', 'wherever', 'while', 'once']);

/** The name of the finite clause headed by `k` that fills the function `fnLabel`. */
export function clauseLabel(t: UdTree, k: number, fnLabel: string): string {
  const rel = t.rel(k);
  if (rel === 'acl:relcl') return relativeLabel(t, k);
  if (fnLabel === '状语') return adverbialLabel(t, k);
  if (rel === 'acl') {
    const marker = t.kidsWith(k, 'mark').map((m) => t.lower[m]);
    return marker.includes('that') || marker.includes('whether') ? '同位语从句' : '定语从句';
  }
  if (fnLabel === '插入语' || fnLabel === '主句') return fnLabel;
  return nounClauseLabel(fnLabel === '真正主语' ? '主语' : fnLabel) ?? '宾语从句';
}

export function relativeLabel(t: UdTree, k: number): string {
  const start = t.trim(t.sub(k))[0];
  return t.lower[start - 1] === ',' ? '非限制性定语从句' : '定语从句';
}

export function adverbialLabel(t: UdTree, k: number): string {
  const marks = t.kidsWith(k, 'mark').sort((a, b) => a - b);
  let opener: number | undefined = marks[0];
  if (opener !== undefined) {
    const fixed = t.kidsWith(opener, 'fixed');
    if (fixed.length) opener = Math.max(...fixed);
  } else {
    const first = t.trim(t.sub(k))[0];
    if (whOpeners.has(t.lower[first])) opener = first;
  }
  if (opener === undefined) return '状语从句';
  const governor = t.head(k);
  const o = t.lower[opener];
  if (o === 'as' && governor >= 0 && t.kids[governor].some((x) => t.lower[x] === 'as' && t.base(x) === 'advmod'))
    return '比较状语从句';
  const perfect = governor >= 0 && t.kids[governor].some((x) => t.base(x) === 'aux' && t.w[x].lemma === 'have');
  return adverbialClauseLabel(o, t.lower[opener - 1] ?? '', perfect, t.lower[opener - 2] ?? '');
}

/** The name of the non-finite phrase headed by `k` that fills the function `fnLabel`. */
export function phraseLabel(t: UdTree, k: number, fnLabel: string, ex?: Set<number>): string {
  if (t.kids[k].some((x) => t.base(x) === 'nsubj' && !ex?.has(x))) return '独立主格结构';
  const verbs = t.verbsOf(k, ex);
  const first = t.w[verbs[0] ?? k];
  if (t.kids[k].some((x) => t.rel(x) === 'mark' && t.lower[x] === 'to')) return '不定式短语';
  if (first.xpos === 'VBG' || first.feats.VerbForm === 'Ger') {
    const nominalUse = ['主语', '真正主语', '宾语', '表语'].includes(fnLabel);
    const afterPreposition = t.kids[k].some((x) => (t.base(x) === 'mark' || t.base(x) === 'case') && x < k);
    return nominalUse || afterPreposition ? '动名词短语' : '现在分词短语';
  }
  if (first.xpos === 'VBN' || (first.feats.VerbForm === 'Part' && first.feats.Tense === 'Past')) return '过去分词短语';
  return '不定式短语';
}
