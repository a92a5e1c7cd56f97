/**
 * Scoring of subject and object heads against the hand-annotated development set
 * (bench/data/analysis-dev.jsonl; conventions in bench/analysis-quality.ts). Pure functions, so
 * that the matching and the arithmetic are unit-tested (tests/head-scoring.test.ts) apart from
 * the parser.
 */
import { z } from 'zod';
import type { SpanNode } from '../../lib/contract';

/** A head word of the gold tokenisation: its text and its 0-based occurrence among equal tokens. */
export interface HeadRef {
  head: string;
  occurrence: number;
}

const headRef = z.object({ head: z.string().min(1), occurrence: z.number().int().min(0) }).strict();

export const devSentence = z
  .object({
    id: z.string().min(1),
    style: z.enum(['exam', 'news']),
    sentence: z.string().min(1),
    subjects: z.array(headRef),
    objects: z.array(headRef),
    indirectObjects: z.array(headRef).optional(),
  })
  .strict();
export type DevSentence = z.infer<typeof devSentence>;

/** The functions scored, each against its own gold list. */
export const scoredFunctions = ['subject', 'object', 'indirectObject'] as const;
export type ScoredFunction = (typeof scoredFunctions)[number];

export type Heads = Record<ScoredFunction, HeadRef[]>;

export function goldHeads(entry: DevSentence): Heads {
  return { subject: entry.subjects, object: entry.objects, indirectObject: entry.indirectObjects ?? [] };
}

/** Parses the JSONL text of the set; a bad line throws with its line number. */
export function parseDevSet(text: string): DevSentence[] {
  return text
    .split('\n')
    .map((line, i) => [line.trim(), i + 1] as const)
    .filter(([line]) => line !== '')
    .map(([line, number]) => {
      try {
        return devSentence.parse(JSON.parse(line));
      } catch (error) {
        throw new Error(`analysis-dev.jsonl line ${number}: ${(error as Error).message}`);
      }
    });
}

// Clitics that Link Grammar splits off a word ("I'm" → "I" "'m", "company's" → "company" "'s");
// "n't" forms (don't, can't, isn't) stay whole, as they are single words of its dictionary.
const clitic = /^(.+?)('(?:s|re|ve|m|ll|d))$/i;

/**
 * The gold tokenisation: runs of letters and digits joined by inner hyphens or apostrophes
 * (well-known, COVID-19, o'clock, don't), numbers with inner points or commas (3.2, 1,250),
 * dotted abbreviations (U.S.), with the clitics 's 're 've 'm 'll 'd split off (and kept whole when they stand
 * alone, as in Link Grammar's words); every other
 * non-space character is a token of its own (punctuation, quotes, $, %). Curly quotes count as
 * straight ones.
 */
export function tokenize(text: string): string[] {
  const normal = text.replace(/[‘’]/g, "'").replace(/[“”]/g, '"');
  const tokens: string[] = [];
  for (const [piece] of normal.matchAll(
    /(?:[A-Za-z]\.){2,}|\d+(?:[.,]\d+)+|[A-Za-z0-9]+(?:['-][A-Za-z0-9]+)*|'(?:s|re|ve|m|ll|d)(?![A-Za-z0-9])|\S/gi,
  )) {
    const split = clitic.exec(piece);
    if (split && !/^o'clock$/i.test(piece)) tokens.push(split[1], split[2]);
    else tokens.push(piece);
  }
  return tokens;
}

const same = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

/** The ref of token `index`: equal tokens are compared ignoring case ("It" and "it" are equal). */
export function refAt(tokens: string[], index: number): HeadRef {
  let occurrence = 0;
  for (let i = 0; i < index; i++) if (same(tokens[i], tokens[index])) occurrence++;
  return { head: tokens[index], occurrence };
}

/** The token index a ref names, or -1 when the sentence has no such token. */
export function indexOfRef(tokens: string[], ref: HeadRef): number {
  let seen = 0;
  for (const [i, token] of tokens.entries()) {
    if (!same(token, ref.head)) continue;
    if (seen === ref.occurrence) return i;
    seen++;
  }
  return -1;
}

/**
 * Where each of the analyzer's words falls among the gold tokens, or null where it falls nowhere.
 * The analyzer's words (Link Grammar's split, or the fallback's) are re-split with the gold
 * tokeniser, then aligned with the gold tokens by a longest common subsequence on their text, so
 * that a different treatment of a contraction or a stray token shifts nothing after it. A word
 * stands for its first aligned piece.
 */
export function alignWords(words: string[], tokens: string[]): (number | null)[] {
  const pieces: { word: number; text: string }[] = [];
  for (const [word, raw] of words.entries()) {
    // Link Grammar writes words it left out of the linkage in brackets: [is].
    const text = raw.replace(/^\[(.+)\]$/, '$1');
    for (const piece of tokenize(text)) pieces.push({ word, text: piece.toLowerCase() });
  }
  const gold = tokens.map((t) => t.toLowerCase());
  const n = pieces.length;
  const m = gold.length;
  // lcs[i][j]: the longest common subsequence of pieces[i..] and gold[j..].
  const lcs = Array.from({ length: n + 1 }, () => new Array<number>(m + 1).fill(0));
  for (let i = n - 1; i >= 0; i--) {
    for (let j = m - 1; j >= 0; j--) {
      lcs[i][j] = pieces[i].text === gold[j] ? lcs[i + 1][j + 1] + 1 : Math.max(lcs[i + 1][j], lcs[i][j + 1]);
    }
  }
  const result: (number | null)[] = words.map(() => null);
  let i = 0;
  let j = 0;
  while (i < n && j < m) {
    if (pieces[i].text === gold[j] && lcs[i][j] === lcs[i + 1][j + 1] + 1) {
      result[pieces[i].word] ??= j;
      i++;
      j++;
    } else if (lcs[i + 1][j] >= lcs[i][j + 1]) {
      i++;
    } else {
      j++;
    }
  }
  return result;
}

/** Labels read as each function. 形式主语/形式宾语 (a formal "it") are the subject/object here. */
const labelFunction: Record<string, ScoredFunction> = {
  主语: 'subject',
  形式主语: 'subject',
  宾语: 'object',
  直接宾语: 'object',
  形式宾语: 'object',
  间接宾语: 'indirectObject',
};

/** Non-finite phrases: the gold annotates finite clauses only, so their own functions are not read. */
const nonFinite = new Set(['不定式短语', '动名词短语', '现在分词短语', '过去分词短语', '独立主格结构', '非谓语动词短语']);

const isClause = (label: string) => label === '主句' || label.endsWith('从句');

/**
 * The head word positions the span tree gives each function: every node labelled as a function,
 * except those belonging to a non-finite phrase (a finite clause nested deeper counts again), by
 * its first highlight. A function node without a highlight claims no head: the structure leaves the
 * highlight off a function that is a whole clause ("that he was right" as 宾语), and the gold counts
 * only noun-phrase heads, so such a node is neither a hit nor a miss. Positions are deduplicated
 * per function.
 */
export function functionHeads(spans: SpanNode[]): Record<ScoredFunction, (number | null)[]> {
  const found: Record<ScoredFunction, (number | null)[]> = { subject: [], object: [], indirectObject: [] };
  const visit = (node: SpanNode, inNonFinite: boolean) => {
    const fn = labelFunction[node.label];
    if (fn && !inNonFinite) {
      const head = node.highlight?.length ? node.highlight[0] : null;
      if (head !== null && !found[fn].includes(head)) found[fn].push(head);
    }
    const nextNonFinite = nonFinite.has(node.label) ? true : isClause(node.label) ? false : inNonFinite;
    for (const child of node.children ?? []) visit(child, nextNonFinite);
  };
  for (const node of spans) visit(node, false);
  return found;
}

/**
 * The analyzer's heads as refs of the gold tokenisation. A head that aligns with no gold token, or
 * a missing highlight, becomes a ref with occurrence -1, which matches no gold head.
 */
export function predictedHeads(answer: { words: string[]; spans: SpanNode[] }, tokens: string[]): Heads {
  const align = alignWords(answer.words, tokens);
  const positions = functionHeads(answer.spans);
  const toRef = (position: number | null): HeadRef => {
    const at = position === null ? null : align[position];
    if (at === null || at === undefined) {
      return { head: position === null ? '(no highlight)' : (answer.words[position] ?? '(out of range)'), occurrence: -1 };
    }
    return refAt(tokens, at);
  };
  return {
    subject: positions.subject.map(toRef),
    object: positions.object.map(toRef),
    indirectObject: positions.indirectObject.map(toRef),
  };
}

export interface Counts {
  /** Predicted heads that are gold heads. */
  tp: number;
  /** Predicted heads that are not. */
  fp: number;
  /** Gold heads not predicted. */
  fn: number;
}

export const zeroCounts = (): Counts => ({ tp: 0, fp: 0, fn: 0 });

export function addCounts(a: Counts, b: Counts): Counts {
  return { tp: a.tp + b.tp, fp: a.fp + b.fp, fn: a.fn + b.fn };
}

const key = (ref: HeadRef) => `${ref.head.toLowerCase()}#${ref.occurrence}`;

/**
 * Matches predicted heads with gold heads as sets of tokens (a token named twice counts once); a
 * predicted head outside the sentence's tokens (occurrence -1) is always a false positive.
 */
export function matchHeads(gold: HeadRef[], predicted: HeadRef[]): Counts {
  const goldKeys = new Set(gold.map(key));
  const predictedKeys = new Set(predicted.filter((ref) => ref.occurrence >= 0).map(key));
  const outside = predicted.filter((ref) => ref.occurrence < 0).length;
  let tp = 0;
  for (const k of predictedKeys) if (goldKeys.has(k)) tp++;
  return { tp, fp: predictedKeys.size - tp + outside, fn: goldKeys.size - tp };
}

export interface Scores {
  precision: number;
  recall: number;
  f1: number;
}

/** Micro-averaged precision, recall and F1; a ratio with nothing to count (0/0) is 0. */
export function prf({ tp, fp, fn }: Counts): Scores {
  const precision = tp + fp === 0 ? 0 : tp / (tp + fp);
  const recall = tp + fn === 0 ? 0 : tp / (tp + fn);
  const f1 = precision + recall === 0 ? 0 : (2 * precision * recall) / (precision + recall);
  return { precision, recall, f1 };
}
