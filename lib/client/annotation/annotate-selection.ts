import { NO_SENSE_CANDIDATE, OTHER_SENSE_ID } from '@/lib/contract';
import type { CallData } from '../api';

/**
 * The annotation screen's logic, kept free of React so it can be tested: which senses are
 * offered, which one starts ticked, how ticking works (one at most, unticking clears), and how
 * the task's words become a sentence and the context of a clicked word.
 */

/** Spec section 8: the annotation screen's messages. */
export const annotateMessages = {
  submitted: '标注提交成功，将获取下一条要标注数据.',
  submitFailed: '标注出错，请联系管理员！',
  requestFailed: '请求失败请联系管理员',
} as const;
/** Spec section 9: the success toast stays 5 s. */
export const ANNOTATE_SUCCESS_TOAST_MS = 5000;

export type SenseId = string | number;

/** One annotation task, as annotate_data answers it in `result`. */
export type AnnotationTask = CallData<'annotate_data'>;

export interface SenseOption {
  id: SenseId;
  /** Part of speech, e.g. "n." with its name "名词". */
  pos?: { name: string; label: string };
  chinese?: string;
  english?: string;
  isOther: boolean;
  /** The upstream's candidate for this word in this sentence. */
  recommended: boolean;
}

/** Sense ids come as strings (WordNet sense keys) or numbers (-1 Other); compare them as text. */
export const sameSense = (a: SenseId | null | undefined, b: SenseId | null | undefined): boolean =>
  a !== null && a !== undefined && b !== null && b !== undefined && String(a) === String(b);

const isOtherId = (id: SenseId) => sameSense(id, OTHER_SENSE_ID);

/**
 * The choices in the order shown: the task's glosses that carry a sense id (each once), then
 * "Other" last, whether or not the task sent its extra gloss for it.
 */
export function senseOptions(task: Pick<AnnotationTask, 'glosses' | 'sense_id_candidate'>): SenseOption[] {
  const seen = new Set<string>();
  const options: SenseOption[] = [];
  for (const g of task.glosses) {
    const id = g.sense_id;
    if (id === null || id === undefined || id === '' || isOtherId(id) || seen.has(String(id))) continue;
    seen.add(String(id));
    options.push({
      id,
      pos: g.pos,
      chinese: g.sense.second || g.simple_sense || undefined,
      english: g.sense.first || undefined,
      isOther: false,
      recommended: sameSense(id, task.sense_id_candidate),
    });
  }
  options.push({
    id: OTHER_SENSE_ID,
    isOther: true,
    recommended: sameSense(OTHER_SENSE_ID, task.sense_id_candidate),
  });
  return options;
}

/** The candidate starts ticked when there is one (not -2) and it is among the choices. */
export function initialChoice(task: Pick<AnnotationTask, 'glosses' | 'sense_id_candidate'>): SenseId | null {
  const candidate = task.sense_id_candidate;
  if (candidate === null || sameSense(candidate, NO_SENSE_CANDIDATE)) return null;
  return senseOptions(task).find((o) => sameSense(o.id, candidate))?.id ?? null;
}

/**
 * Checkboxes of which only one can be ticked: ticking one unticks the others; unticking the
 * ticked one leaves nothing chosen (submitted as sense_id null, spec section 5).
 */
export function toggleChoice(current: SenseId | null, id: SenseId, checked: boolean): SenseId | null {
  if (checked) return id;
  return sameSense(current, id) ? null : current;
}

// ---- the sentence ------------------------------------------------------------------------------

// Tokens written against the word before them: closing punctuation and English clitics.
const closing = /^(?:[.,;:!?%)\]}…»”’]+|'(?:s|re|ve|ll|d|m|t)|n't|-+)$/i;
// Tokens written against the word after them: opening brackets and quotes, currency.
const opening = /^[([{«“‘$£€¥]$/;

export interface SentencePiece {
  word: string;
  /** Whether a space goes before this token when the sentence is written out. */
  spaceBefore: boolean;
}

/** Writes the task's tokens back as a sentence: punctuation against its word, quotes paired. */
export function sentencePieces(words: readonly string[]): SentencePiece[] {
  const inside = { '"': false, "'": false };
  let glueNext = true;
  return words.map((word) => {
    let spaceBefore = !glueNext;
    glueNext = false;
    if (word === '"' || word === "'") {
      // A straight quote standing alone opens or closes, alternately.
      if (inside[word]) spaceBefore = false;
      else glueNext = true;
      inside[word] = !inside[word];
    } else if (closing.test(word)) {
      spaceBefore = false;
    } else if (opening.test(word)) {
      glueNext = true;
    }
    return { word, spaceBefore };
  });
}

export function sentenceText(words: readonly string[]): string {
  return sentencePieces(words)
    .map((p) => (p.spaceBefore ? ` ${p.word}` : p.word))
    .join('');
}

/** The context of the word at `index`, as query_word takes it. */
export function contextOfWord(
  words: readonly string[],
  index: number,
): { pre_context: string; target_word: string; post_context: string } {
  const pieces = sentencePieces(words);
  // The first token of a stretch goes without its space; the joins around the target add it.
  const write = (from: number, to: number) =>
    pieces
      .slice(from, to)
      .map((p, i) => (i > 0 && p.spaceBefore ? ` ${p.word}` : p.word))
      .join('');
  const space = (i: number) => (pieces[i]?.spaceBefore ? ' ' : '');
  return {
    pre_context: write(0, index) + space(index),
    target_word: words[index] ?? '',
    post_context: space(index + 1) + write(index + 1, pieces.length),
  };
}
