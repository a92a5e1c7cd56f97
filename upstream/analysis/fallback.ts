import type { SpanNode } from '../../lib/contract';
import { type Token, tag } from '../dictionary/tagger';
import {
  adverbialClauseLabel,
  beForms,
  complexTransitives,
  copulas,
  nounClauseLabel,
  relativePronouns,
  whWords,
} from './structure-lexicon';
import { sanitizeSpans } from './structure-tree';
import type { SentenceStructure } from './types';

/*
 * The sentence's structure without the parser, from wink-nlp's part-of-speech tags (the model the
 * dictionary already loads, through its tagger). Approximate by design:
 *   - clauses are split at subordinators (SCONJ), at relative pronouns right after a noun, at
 *     "that"/wh-words after a verb, and at a coordinator after a comma;
 *   - in each clause the first run of auxiliaries and verbs is the 谓语, the noun phrase before it
 *     the 主语; after it, a noun phrase is the 宾语 (two: 间接宾语 + 宾语, or 宾语 + 宾语补足语
 *     after make/call/elect…), after a copula the 表语; a preposition with its noun phrase is a 状语;
 *   - a relative clause joins the function that ends with its noun as a child (定语从句); a clause
 *     after a verb that takes it is the 宾语 (宾语从句); other subordinate clauses sit in a 状语.
 * The same labels and invariants as the parser's structure; the answer says it is approximate.
 */

const subordinators = new Set(
  'although though because unless whereas while whilst if when whenever before after until till once since'.split(' '),
);
const nominal = new Set(['DET', 'ADJ', 'NOUN', 'PROPN', 'PRON', 'NUM']);
const heads = new Set(['NOUN', 'PROPN', 'PRON', 'NUM']);

interface Segment {
  start: number;
  /** Inclusive. */
  end: number;
  /** The marker word that opened it (because, who, that…), or -1. */
  opener: number;
  kind: 'main' | 'relative' | 'noun' | 'adverbial';
  /** The main clause going on after a subordinate clause inside it. */
  resumed?: boolean;
}

/** The sentence's structure without the parser: approximate. */
export function approximateStructure(sentence: string): SentenceStructure {
  let tokens: Token[];
  try {
    tokens = tag(sentence.slice(0, 2_000)).filter((t) => t.text.trim() !== '');
  } catch {
    tokens = (sentence.match(/[A-Za-z0-9]+(?:['’-][A-Za-z0-9]+)*|[^\sA-Za-z0-9]/g) ?? []).map((text, i) => ({
      text,
      lower: text.toLowerCase(),
      pos: 'X',
      lemma: text.toLowerCase(),
      start: i,
      end: i,
      isWord: true,
    }));
  }
  const words = tokens.map((t) => t.text);
  if (words.length === 0) return { words, spans: [] };
  let spans: SpanNode[] = [];
  try {
    spans = build(tokens);
  } catch {
    spans = [];
  }
  if (spans.length === 0) spans = [{ start: 0, end: words.length, label: '主句' }];
  return { words, spans: sanitizeSpans(spans, words.length) };
}

function build(t: Token[]): SpanNode[] {
  const segments = split(t);
  const mains = segments.filter((s) => s.kind === 'main' && !s.resumed);
  if (mains.length === 0) return [];
  const nodes: SpanNode[] = [];
  mains.forEach((m, i) => {
    const next = mains[i + 1];
    // A main clause runs to the next main clause, with the subordinate segments between.
    const end = next ? next.start - 1 : t.length - 1;
    const start = i === 0 ? 0 : m.start;
    const inner = segments.filter((s) => s.kind !== 'main' && s.start >= start && s.end <= end);
    const own = ownRanges(m, inner, start, end);
    nodes.push(clause(t, own, inner, start, end, '主句', -1));
  });
  return nodes;
}

/** Splits the tokens into segments, each a clause or the start of one. */
function split(t: Token[]): Segment[] {
  const segments: Segment[] = [];
  let current: Segment = { start: 0, end: 0, opener: -1, kind: 'main' };
  let mainVerb = false;
  // A subordinate segment's own verb, and a noun phrase after it: a verb after that is the main clause's.
  let subVerb = false;
  let subAfterVerb = false;
  let resumeMain = false;
  for (let i = 0; i < t.length; i++) {
    const isVerb = t[i].pos === 'VERB' || t[i].pos === 'AUX';
    if (current.kind === 'main' && isVerb) mainVerb = true;
    if (current.kind !== 'main') {
      if (isVerb && subVerb && subAfterVerb && !mainVerb && current.kind !== 'adverbial') resumeMain = true;
      else if (isVerb) subVerb = true;
      else if (subVerb && nominal.has(t[i].pos)) subAfterVerb = true;
    }
    if (resumeMain) {
      resumeMain = false;
      current.end = i - 1;
      segments.push(current);
      current = { start: i, end: i, opener: -1, kind: 'main', resumed: true };
      mainVerb = true;
      continue;
    }
    const w = t[i].lower;
    const prev = t[i - 1];
    let kind: Segment['kind'] | undefined;
    if (i > 0 && relativePronouns.has(w) && prev && (heads.has(prev.pos) || prev.text === ',') && w !== 'when' && w !== 'where') {
      if (w !== 'that' || heads.has(prev.pos)) kind = 'relative';
    } else if (
      i > 0 &&
      (w === 'that' || whWords.has(w)) &&
      prev &&
      (prev.pos === 'VERB' || prev.pos === 'AUX' || prev.pos === 'ADJ')
    ) {
      kind =
        w === 'that' && prev.pos === 'ADJ' && t.slice(Math.max(0, i - 4), i).some((x) => x.lower === 'so') ? 'adverbial' : 'noun';
    } else if ((t[i].pos === 'SCONJ' || subordinators.has(w)) && !(w === 'that' && i > 0) && clauseFollows(t, i + 1)) {
      kind = 'adverbial';
    } else if (i > 0 && (w === 'and' || w === 'but' || w === 'or' || w === 'so') && prev?.text === ',' && hasVerb(t, i + 1)) {
      current.end = i - 1;
      segments.push(current);
      current = { start: i + 1, end: i + 1, opener: i, kind: 'main' };
      continue;
    }
    if (kind) {
      subVerb = false;
      subAfterVerb = false;
      current.end = i - 1;
      if (current.end >= current.start) segments.push(current);
      current = { start: i, end: i, opener: i, kind };
    } else if (current.kind !== 'main' && t[i].text === ',' && segmentHasVerb(t, current.start, i - 1)) {
      // A comma closes a subordinate clause that has its verb; what follows belongs to the main clause.
      current.end = i - 1;
      segments.push(current);
      current = { start: i + 1, end: i + 1, opener: -1, kind: 'main' };
    }
  }
  // The closing punctuation stays with the main clause, outside any subordinate one.
  let last = t.length - 1;
  while (last > 0 && t[last].pos === 'PUNCT') last--;
  current.end = current.kind === 'main' ? t.length - 1 : last;
  if (current.end >= current.start) segments.push(current);
  // A sentence that opens with a subordinate clause has its main clause after it; one without a
  // main clause at all is read as a main clause.
  if (!segments.some((s) => s.kind === 'main')) segments[0].kind = 'main';
  return segments;
}

/** Whether a verb comes before the next comma or stop: "since 2010" is a phrase, not a clause. */
function clauseFollows(t: Token[], from: number): boolean {
  for (let i = from; i < t.length && i < from + 15; i++) {
    if (t[i].pos === 'PUNCT') return false;
    if (t[i].pos === 'VERB' || t[i].pos === 'AUX') return true;
  }
  return false;
}

const hasVerb = (t: Token[], from: number) => t.slice(from, from + 12).some((x) => x.pos === 'VERB' || x.pos === 'AUX');
const segmentHasVerb = (t: Token[], a: number, b: number) => t.slice(a, b + 1).some((x) => x.pos === 'VERB' || x.pos === 'AUX');

/** The positions of a clause that are its own, not its subordinate segments'. */
function ownRanges(seg: Segment, inner: Segment[], start: number, end: number): number[] {
  const out: number[] = [];
  for (let i = Math.min(start, seg.start); i <= end; i++) if (!inner.some((s) => i >= s.start && i <= s.end)) out.push(i);
  return out;
}

/** A clause over [a, b] (inclusive): its functions from its own words, its subordinates nested. */
function clause(t: Token[], own: number[], inner: Segment[], a: number, b: number, label: string, opener: number): SpanNode {
  const children: SpanNode[] = [];
  const gray: number[] = [];
  const words = own.filter((i) => i >= a && i <= b && i !== opener);
  // The verb group: the first run of auxiliaries, verbs, negation and adverbs between them.
  const verbAt = words.findIndex((i) => t[i].pos === 'VERB' || t[i].pos === 'AUX');
  const fns: { label: string; start: number; end: number; head: number }[] = [];
  let relativeSubject = false;
  if (opener >= 0 && relativePronouns.has(t[opener].lower) && label.includes('定语从句')) {
    // "who passed the exam": the pronoun is the subject when a verb follows it at once.
    const after = t[opener + 1];
    if (after && (after.pos === 'VERB' || after.pos === 'AUX')) {
      fns.push({ label: '主语', start: opener, end: opener, head: opener });
      relativeSubject = true;
    } else if (t[opener].lower !== 'whose') {
      fns.push({
        label: t[opener].lower === 'where' || t[opener].lower === 'when' ? '状语' : '宾语',
        start: opener,
        end: opener,
        head: opener,
      });
    }
  } else if (opener >= 0) {
    gray.push(opener);
  }
  if (verbAt >= 0) {
    let v = verbAt;
    while (
      v + 1 < words.length &&
      words[v + 1] === words[v] + 1 &&
      (['AUX', 'VERB', 'ADV'].includes(t[words[v + 1]].pos) ||
        (t[words[v + 1]].pos === 'PART' && t[words[v + 1]].lower !== 'to')) &&
      !(t[words[v + 1]].pos === 'ADV' && !(t[words[v + 2]]?.pos === 'VERB'))
    )
      v++;
    let group = words.slice(verbAt, v + 1);
    // "Did you see …", "Have they left": the subject stands inside the verb group.
    let inverted: { start: number; end: number; head: number } | undefined;
    if (group.every((i) => t[i].pos === 'AUX') && verbAt + 1 < words.length && nominal.has(t[words[v + 1]].pos)) {
      let j = v + 1;
      while (j < words.length && nominal.has(t[words[j]].pos) && words[j] === words[j - 1] + 1) j++;
      if (j < words.length && t[words[j]].pos === 'VERB' && words[j] === words[j - 1] + 1) {
        const np = words.slice(v + 1, j);
        const head = [...np].reverse().find((i) => heads.has(t[i].pos)) ?? np.at(-1)!;
        inverted = { start: np[0], end: np.at(-1)!, head };
        children.push({ start: group[0], end: group.at(-1)! + 1, label: '谓语', highlight: [group.at(-1)!] });
        group = [words[j]];
        v = j;
      }
    }
    const verbs = group.filter((i) => t[i].pos === 'VERB' || t[i].pos === 'AUX');
    const main = verbs.at(-1)!;
    children.push({ start: group[0], end: group.at(-1)! + 1, label: '谓语', highlight: [main] });
    if (inverted) fns.push({ label: '主语', ...inverted });
    // The subject: the noun phrase right before the verb group.
    if (!relativeSubject && !inverted) {
      const before = words.slice(0, verbAt);
      let s = before.length - 1;
      while (s >= 0 && t[before[s]].pos === 'ADV') s--;
      const endAt = s;
      while (s >= 0 && nominal.has(t[before[s]].pos) && (s === endAt || before[s] === before[s + 1] - 1)) s--;
      const np = before.slice(s + 1, endAt + 1).filter((i) => nominal.has(t[i].pos));
      const head = [...np].reverse().find((i) => heads.has(t[i].pos));
      if (head !== undefined) fns.push({ label: '主语', start: np[0], end: np.at(-1)!, head });
      // What comes before the subject (an opening phrase) is adverbial.
      const lead = before.filter((i) => i < (np[0] ?? group[0]) && t[i].isWord);
      if (lead.length) fns.push({ label: '状语', start: lead[0], end: lead.at(-1)!, head: lead[0] });
    }
    // After the verb: noun phrases, complements, prepositional phrases.
    const after = words.slice(v + 1);
    const copular = beForms.has(t[main].lower) || copulas.has(t[main].lower) || copulas.has(t[main].lemma);
    const complex = complexTransitives.has(t[main].lower);
    let nps = 0;
    for (let k = 0; k < after.length; ) {
      const i = after[k];
      const tok = t[i];
      if (tok.pos === 'ADP' || (tok.pos === 'PART' && tok.lower === 'to')) {
        let j = k + 1;
        while (j < after.length && after[j] === after[j - 1] + 1 && (nominal.has(t[after[j]].pos) || t[after[j]].pos === 'VERB'))
          j++;
        const end = after[j - 1];
        const infinitive = tok.lower === 'to' && t[after[k + 1]]?.pos === 'VERB';
        fns.push({ label: infinitive ? (nps > 0 ? '宾语补足语' : copular ? '表语' : '宾语') : '状语', start: i, end, head: i });
        k = j;
      } else if (nominal.has(tok.pos) || (tok.pos === 'ADV' && copular && t[after[k + 1]]?.pos === 'ADJ')) {
        let j = k + 1;
        while (
          j < after.length &&
          after[j] === after[j - 1] + 1 &&
          nominal.has(t[after[j]].pos) &&
          t[after[j - 1]].pos !== 'PRON' &&
          t[after[j]].pos !== 'DET'
        )
          j++;
        const span = after.slice(k, j);
        const head = [...span].reverse().find((x) => heads.has(t[x].pos) || t[x].pos === 'ADJ') ?? span.at(-1)!;
        let fn: string;
        if (copular) fn = '表语';
        else if (t[head].pos === 'ADJ' && nps > 0) fn = '宾语补足语';
        else if (t[head].pos === 'ADJ') fn = '表语';
        else fn = nps === 0 ? '宾语' : complex ? '宾语补足语' : '宾语';
        if (fn === '宾语' && nps === 1 && !complex) {
          const first = fns.findLast((f) => f.label === '宾语');
          if (first) first.label = '间接宾语';
        }
        if (fn === '宾语' || fn === '宾语补足语') nps++;
        fns.push({ label: fn, start: span[0], end: span.at(-1)!, head });
        k = j;
      } else if (tok.pos === 'ADV') {
        fns.push({ label: '状语', start: i, end: i, head: i });
        k++;
      } else {
        k++;
      }
    }
  }
  for (const f of fns) children.push({ start: f.start, end: f.end + 1, label: f.label, highlight: [f.head] });

  // Subordinate segments directly under this clause nest: relative clauses into the function that
  // ends right before them, noun clauses as objects, the others as adverbials.
  const direct = inner.filter(
    (s) => !inner.some((o) => o !== s && o.start <= s.start && s.end <= extentOf(o, inner) && o.start < s.start),
  );
  for (const s of direct) {
    const end = extentOf(s, inner);
    const deeper = inner.filter((o) => o !== s && o.start > s.start && o.end <= end);
    const own = ownRanges(s, deeper, s.start, end);
    if (s.kind === 'relative') {
      const node = clause(t, own, deeper, s.start, end, t[s.start - 1]?.text === ',' ? '非限制性定语从句' : '定语从句', s.opener);
      const host = children.find((c) => c.end === s.start || c.end === s.start - 1);
      if (host && host.label !== '谓语') {
        host.end = end + 1;
        host.children = [...(host.children ?? []), node];
      } else {
        children.push({ start: s.start, end: end + 1, label: '定语', children: [node] });
      }
    } else if (s.kind === 'noun') {
      const host = children.findLast((c) => c.start < s.start);
      const fn = host?.label === '谓语' ? (copulaBefore(t, s.start) ? '表语' : '宾语') : '宾语';
      const node = clause(t, own, deeper, s.start, end, nounClauseLabel(fn) ?? '宾语从句', s.opener);
      children.push({ start: s.start, end: end + 1, label: fn, children: [node] });
    } else {
      const o = t[s.opener];
      const kind = adverbialClauseLabel(o?.lower ?? '', t[s.opener - 1]?.lower ?? '', false, t[s.opener - 2]?.lower ?? '');
      const node = clause(t, own, deeper, s.start, end, kind, s.opener);
      children.push({ start: s.start, end: end + 1, label: '状语', children: [node] });
    }
  }
  children.sort((x, y) => x.start - y.start || y.end - x.end);
  // Functions that the nested clauses now cover give way to them.
  const kept: SpanNode[] = [];
  for (const c of children) {
    const last = kept.at(-1);
    if (last && c.start < last.end) {
      if (c.end > last.end && (c.children?.length ?? 0) > 0) kept[kept.length - 1] = c;
      continue;
    }
    kept.push(c);
  }
  const node: SpanNode = { start: a, end: b + 1, label, children: kept };
  if (gray.length) node.gray = gray;
  return node;
}

const copulaBefore = (t: Token[], i: number) => t.slice(Math.max(0, i - 3), i).some((x) => beForms.has(x.lower));

/** Where a segment ends, with the segments nested after it up to the next comma-closed boundary. */
function extentOf(s: Segment, all: Segment[]): number {
  let end = s.end;
  for (const o of all) if (o.start === end + 1 && o.kind !== 'adverbial' && s.kind !== 'adverbial') end = extentOf(o, all);
  return end;
}
