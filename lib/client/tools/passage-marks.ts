'use client';

import { useQuery } from '@/lib/client/query';
import type { ParsedPassage, PassageToken } from '@/lib/contract/calls/tools';
import { callData } from '../api';
import type { TextToken } from '../word-lookup';
import { useCurrentUser } from '../user';

/**
 * The reading screens' marks on a passage (issue 17): parse_text's tokens laid on the clickable
 * words of ClickableText (lib/client/word-lookup.ts `tokenize`), and what the toolbar shows of
 * them — exam words, the learner's 生词, the expressions a member's answer names.
 */

/** The exam tags ECDICT gives, easiest first, with their Chinese names and word level (contract: level). */
export const examTags = [
  { tag: 'zk', name: '中考', level: 1 },
  { tag: 'gk', name: '高考', level: 2 },
  { tag: 'cet4', name: '四级', level: 3 },
  { tag: 'cet6', name: '六级', level: 4 },
  { tag: 'ky', name: '考研', level: 5 },
  { tag: 'ielts', name: '雅思', level: 5 },
  { tag: 'toefl', name: '托福', level: 5 },
  { tag: 'gre', name: 'GRE', level: 6 },
] as const;
export type ExamTag = (typeof examTags)[number]['tag'];

export const examName = (tag: string) => examTags.find((e) => e.tag === tag)?.name ?? tag;

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

export type MarkKind = 'exam' | 'strange' | 'phrase';

const levelOf = (tag: string) => examTags.find((e) => e.tag === tag)?.level ?? 6;

/**
 * Whether a word counts as an exam's word: tagged with it, and no easier exam lists it (a CET-4
 * reader does not need "the" marked because the syllabus repeats the 中考 words).
 */
export function isExamWord(token: PassageToken | undefined, exam: string): boolean {
  if (!token?.exams?.includes(exam)) return false;
  return Math.min(...token.exams.map(levelOf)) >= levelOf(exam);
}

export interface PassageMarks {
  /** The exam tags found in the passage, easiest first. */
  exams: ExamTag[];
  /** The distinct words (lemmas) of each exam, in passage order. */
  examWords: Record<string, string[]>;
  /** The learner's 生词 in the passage, distinct lemmas in passage order. */
  strangeWords: string[];
  /** The expressions found (members), as the contract gives them. */
  phrases: ParsedPassage['phrases'];
  /** Per token index of tokenize(text): which kinds of mark it may carry, and its phrase's Chinese. */
  tokenMarks: Map<number, { exams: string[]; strange: boolean; phrase?: string }>;
}

const lemmaOf = (token: PassageToken) => (token.lemma ?? token.text).toLowerCase();

/** What the screen can mark on a passage, from its clickable tokens and parse_text's answer. */
export function passageMarks(words: readonly TextToken[], passage: ParsedPassage): PassageMarks {
  const matched = matchTokens(words, passage);
  const present = new Set<string>();
  const examWords: Record<string, Set<string>> = {};
  const strange = new Set<string>();
  const tokenMarks: PassageMarks['tokenMarks'] = new Map();
  matched.forEach((token, index) => {
    if (!token) return;
    const exams = examTags.map((e) => e.tag).filter((tag) => isExamWord(token, tag));
    for (const tag of exams) {
      present.add(tag);
      examWords[tag] ??= new Set();
      examWords[tag].add(lemmaOf(token));
    }
    const isStrange = token.mark === 'strange';
    if (isStrange) strange.add(lemmaOf(token));
    if (exams.length || isStrange) tokenMarks.set(index, { exams, strange: isStrange });
  });
  // A phrase marks its words, and the gaps between two of its words that follow each other.
  for (const phrase of passage.phrases) {
    const sentence = passage.sentences[phrase.sentence];
    const indexes: number[] = [];
    for (const t of phrase.tokens) {
      const token = sentence?.tokens[t];
      if (!token) continue;
      // The clickable word holding the token (a parser's piece of a longer word marks all of it).
      const index = words.findIndex((w) => w.isWord && w.start <= token.start && token.end <= w.end);
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
    phrases: passage.phrases,
    tokenMarks,
  };
}

/** What the reader has turned on. */
export interface MarkToggles {
  exam: string | null;
  strange: boolean;
  phrases: boolean;
}

/** The data-marks value of each token index for the toggles on: "exam", "strange", "phrase", space-separated. */
export function visibleMarks(marks: PassageMarks, on: MarkToggles): Map<number, string> {
  const visible = new Map<number, string>();
  for (const [index, mark] of marks.tokenMarks) {
    const kinds: MarkKind[] = [];
    if (on.exam && mark.exams.includes(on.exam)) kinds.push('exam');
    if (on.strange && mark.strange) kinds.push('strange');
    if (on.phrases && mark.phrase) kinds.push('phrase');
    if (kinds.length) visible.set(index, kinds.join(' '));
  }
  return visible;
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
    queryFn: ({ signal }) => callData('parse_text', { text }, signal, { quiet: true }),
    enabled: enabled && text.trim() !== '' && !user.isPending,
    staleTime: 5 * 60_000,
  });
}
