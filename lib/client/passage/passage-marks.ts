'use client';

import { useQuery } from '@/lib/client/query';
import type { ParsedPassage, PassageToken } from '@/lib/contract/calls/passage';
import { parseTextLimits } from '@/lib/contract/passage-limits';
import { examLevel, examTags, type ExamTag } from '@/lib/contract/exams';
import { callData } from '../api';
import type { TextToken } from '../word-lookup';
import { useCurrentUser } from '../user';

/**
 * The reading screens' marks on a passage (issue 17): parse_text's tokens laid on the clickable
 * words of ClickableText (lib/client/word-lookup.ts `tokenize`), and what the toolbar shows of
 * them — exam words, the learner's 生词, the expressions a member's answer names.
 */

/**
 * The parse_text token behind each clickable word, by character offsets (parse_text's offsets
 * are into the text as sent, which is the text shown): the index is tokenize()'s, non-words and
 * words the parser did not cover are undefined. When the parser splits a word the clicker keeps
 * whole ("don't" → do + n't, "well-known" → well - known), the token reading the same text wins,
 * else the longest word token inside it.
 */
export function matchTokens(
  words: readonly TextToken[],
  passage: Pick<ParsedPassage, 'sentences'>,
): (PassageToken | undefined)[] {
  const parsed = passage.sentences.flatMap((s) => s.tokens).filter((t) => t.is_word);
  parsed.sort((a, b) => a.start - b.start);
  const matched: (PassageToken | undefined)[] = new Array(words.length).fill(undefined);
  let at = 0;
  words.forEach((word, index) => {
    if (!word.isWord) return;
    while (at < parsed.length && parsed[at].end <= word.start) at++;
    let best: PassageToken | undefined;
    for (let j = at; j < parsed.length && parsed[j].start < word.end; j++) {
      const token = parsed[j];
      if (token.text.toLowerCase() === word.text.toLowerCase()) {
        best = token;
        break;
      }
      if (!best || token.end - token.start > best.end - best.start) best = token;
    }
    matched[index] = best;
  });
  return matched;
}

export type MarkKind = 'exam' | 'strange' | 'phrase' | 'due';

/** Whether the learner knows a word: marked 熟词, or a card of it passed 21 days of stability. */
export const isKnown = (token: PassageToken | undefined) => token?.mark === 'familiar' || token?.review === 'known';

/**
 * The function words (Universal tags of the closed classes: "the", "I", "to", "of", "be" as an
 * auxiliary). ECDICT lists them under 中考, but a mark on every third word of a page says nothing.
 */
const functionWordTags = new Set(['AUX', 'PRON', 'DET', 'PART', 'CCONJ', 'SCONJ', 'ADP']);

/**
 * The 1,000 commonest words (frequency band 1): the level rule (upstream/reading/profile.ts) reads
 * them at the entry level, and they are what the stage below 中考 covers — the 小学常用词 book, the
 * 800 commonest 中考 words, reaches down to rank 1,166. Every learner of an exam already knows them.
 */
const basicBand = 1;

/**
 * Whether a word counts as an exam's word, the one rule every exam mark reads: tagged with it, no
 * easier exam lists it (a CET-4 reader does not need 中考 words marked again), and it is neither a
 * function word nor one of the basic words every learner of the exam already knows (so "the",
 * "I", "to" and "be" are no 中考词, while "apple" is).
 */
export function isExamWord(token: PassageToken | undefined, exam: string): boolean {
  if (!token?.exams?.includes(exam)) return false;
  if (functionWordTags.has(token.pos) || token.band === basicBand) return false;
  return Math.min(...token.exams.map(examLevel)) >= examLevel(exam);
}

export interface PassageMarks {
  /** The exam tags found in the passage, easiest first. */
  exams: ExamTag[];
  /** The distinct words (lemmas) of each exam, in passage order. */
  examWords: Record<string, string[]>;
  /** The learner's 生词 in the passage, distinct lemmas in passage order. */
  strangeWords: string[];
  /** The words whose review cards wait for review, distinct lemmas in passage order. */
  dueWords: string[];
  /**
   * How much of the passage the learner knows: of its distinct words (names and numbers left out),
   * those marked 熟词 or known from review. Null when nobody is logged in.
   */
  known: { words: number; of: number; share: number } | null;
  /** The expressions found (members), as the contract gives them. */
  phrases: ParsedPassage['phrases'];
  /** Per token index of tokenize(text): which kinds of mark it may carry, and its phrase's Chinese. */
  tokenMarks: Map<number, TokenMark>;
}

interface TokenMark {
  exams: string[];
  strange: boolean;
  due?: boolean;
  phrase?: string;
}

const lemmaOf = (token: PassageToken) => (token.lemma ?? token.text).toLowerCase();

/** What the screen can mark on a passage, from its clickable tokens and parse_text's answer. */
export function passageMarks(words: readonly TextToken[], passage: ParsedPassage): PassageMarks {
  const matched = matchTokens(words, passage);
  const present = new Set<string>();
  const examWords: Record<string, Set<string>> = {};
  const strange = new Set<string>();
  const due = new Set<string>();
  const counted = new Set<string>();
  const knownWords = new Set<string>();
  const tokenMarks: PassageMarks['tokenMarks'] = new Map();
  matched.forEach((token, index) => {
    if (!token) return;
    const lemma = lemmaOf(token);
    if (token.pos !== 'PROPN' && token.pos !== 'NUM' && /\p{L}/u.test(lemma)) {
      counted.add(lemma);
      if (isKnown(token)) knownWords.add(lemma);
    }
    // The exam words marked are the ones the learner does not know yet.
    const exams = isKnown(token) ? [] : examTags.map((e) => e.tag).filter((tag) => isExamWord(token, tag));
    for (const tag of exams) {
      present.add(tag);
      examWords[tag] ??= new Set();
      examWords[tag].add(lemma);
    }
    const isStrange = token.mark === 'strange';
    if (isStrange) strange.add(lemma);
    const isDue = token.review === 'due';
    if (isDue) due.add(lemma);
    if (exams.length || isStrange || isDue) tokenMarks.set(index, { exams, strange: isStrange, ...(isDue ? { due: true } : {}) });
  });
  // A phrase marks its words, and the gaps between two of its words that follow each other.
  for (const phrase of passage.phrases) {
    const sentence = passage.sentences[phrase.sentence];
    const indexes: number[] = [];
    for (const t of phrase.tokens) {
      const token = sentence?.tokens[t];
      if (!token) continue;
      // The clickable word holding the token (a parser's piece of a longer word marks all of it).
      const index = wordHolding(words, token);
      if (index >= 0 && !indexes.includes(index)) indexes.push(index);
    }
    indexes.sort((a, b) => a - b);
    indexes.forEach((index, k) => {
      const gloss = phrase.zh ? `${phrase.phrase}：${phrase.zh}` : phrase.phrase;
      const mark = tokenMarks.get(index) ?? { exams: [], strange: false };
      tokenMarks.set(index, { ...mark, phrase: gloss });
      const next = indexes[k + 1];
      if (next === index + 2 && !words[index + 1].isWord) tokenMarks.set(index + 1, { exams: [], strange: false, phrase: gloss });
    });
  }
  return {
    exams: examTags.map((e) => e.tag).filter((tag) => present.has(tag)),
    examWords: Object.fromEntries(Object.entries(examWords).map(([tag, set]) => [tag, [...set]])),
    strangeWords: [...strange],
    dueWords: [...due],
    known: passage.marks_included
      ? { words: knownWords.size, of: counted.size, share: counted.size ? knownWords.size / counted.size : 0 }
      : null,
    phrases: passage.phrases,
    tokenMarks,
  };
}

/**
 * The index of the clickable word holding a range of the text, or -1: by binary search, since a
 * book's phrases each ask it of tens of thousands of words (tokenize's words are in text order).
 */
function wordHolding(words: readonly TextToken[], range: { start: number; end: number }): number {
  let low = 0;
  let high = words.length - 1;
  while (low <= high) {
    const mid = (low + high) >> 1;
    const word = words[mid];
    if (word.end <= range.start) low = mid + 1;
    else if (word.start > range.start) high = mid - 1;
    else return word.isWord && range.end <= word.end ? mid : -1;
  }
  return -1;
}

/** What the reader has turned on. */
export interface MarkToggles {
  exam: string | null;
  strange: boolean;
  phrases: boolean;
  /** Words waiting for review (on unless the reader turns it off). */
  due?: boolean;
}

/** The data-marks value of each token index for the toggles on: "exam", "strange", "phrase", space-separated. */
export function visibleMarks(marks: PassageMarks, on: MarkToggles): Map<number, string> {
  const visible = new Map<number, string>();
  for (const [index, mark] of marks.tokenMarks) {
    const kinds: MarkKind[] = [];
    if (on.exam && mark.exams.includes(on.exam)) kinds.push('exam');
    if (on.strange && mark.strange) kinds.push('strange');
    if (on.phrases && mark.phrase) kinds.push('phrase');
    if (on.due && mark.due) kinds.push('due');
    if (kinds.length) visible.set(index, kinds.join(' '));
  }
  return visible;
}

/**
 * Where a text longer than one parse_text takes is cut (a book's chapter): pieces of at most
 * `max` characters, each ending at a paragraph's end where one is in its second half, else at a
 * sentence's end, else after a space. Pieces with nothing but spaces are left out.
 */
export function textPieces(text: string, max: number = parseTextLimits.maxChars): { start: number; end: number }[] {
  const pieces: { start: number; end: number }[] = [];
  let start = 0;
  while (start < text.length) {
    let end = Math.min(text.length, start + max);
    if (end < text.length) end = start + lastBreak(text.slice(start, end));
    if (text.slice(start, end).trim() !== '') pieces.push({ start, end });
    start = end;
  }
  return pieces;
}

function lastBreak(window: string): number {
  const half = window.length / 2;
  const paragraph = window.lastIndexOf('\n');
  if (paragraph >= half) return paragraph + 1;
  const sentence = Math.max(...['. ', '? ', '! ', '." '].map((end) => window.lastIndexOf(end)));
  if (sentence >= half) return sentence + 2;
  const space = window.lastIndexOf(' ');
  return space > 0 ? space + 1 : window.length;
}

/** The answers for a text's pieces as one answer for the whole text: offsets and sentence numbers shifted. */
export function joinPassages(parts: readonly { start: number; passage: ParsedPassage }[]): ParsedPassage {
  const sentences: ParsedPassage['sentences'] = [];
  const phrases: ParsedPassage['phrases'] = [];
  let wordCount = 0;
  for (const { start: at, passage } of parts) {
    const first = sentences.length;
    for (const s of passage.sentences) {
      const tokens = s.tokens.map((t) => ({ ...t, start: t.start + at, end: t.end + at }));
      sentences.push({ ...s, start: s.start + at, end: s.end + at, tokens });
    }
    for (const p of passage.phrases) phrases.push({ ...p, sentence: p.sentence + first, start: p.start + at, end: p.end + at });
    wordCount += passage.word_count;
  }
  return {
    sentences,
    phrases,
    word_count: wordCount,
    phrases_withheld: parts.find((p) => p.passage.phrases_withheld)?.passage.phrases_withheld ?? null,
    marks_included: parts.length > 0 && parts.every((p) => p.passage.marks_included),
  };
}

/** parse_text for a text of any length: piece by piece, one after another, joined. */
export async function parsePassage(text: string, signal?: AbortSignal): Promise<ParsedPassage> {
  const parts: { start: number; passage: ParsedPassage }[] = [];
  for (const { start, end } of textPieces(text)) {
    const passage = await callData('parse_text', { text: text.slice(start, end) }, signal, { quiet: true });
    parts.push({ start, passage });
  }
  return joinPassages(parts);
}

/**
 * parse_text for the text shown, once per text and reader (the marks are the reader's own):
 * asked when the user is known, quietly (the screen says what failed, in place, without a toast).
 */
export function usePassageParse(text: string, enabled: boolean) {
  const user = useCurrentUser();
  const account = user.data?.account ?? null;
  return useQuery({
    queryKey: ['parse_text', account, text],
    queryFn: ({ signal }) => parsePassage(text, signal),
    enabled: enabled && text.trim() !== '' && !user.isPending,
    staleTime: 5 * 60_000,
  });
}
