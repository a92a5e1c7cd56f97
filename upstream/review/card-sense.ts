import type { TranslationItem } from '../../lib/contract';
import type { CardSense } from './deck';

/**
 * The sense of an answer that a card keeps: the gloss with `senseId`, or without it the answer's
 * first gloss (the meaning in this text). Undefined when there is none: a word the dictionary does
 * not know, or a gloss without a sense id.
 */
export function senseOfAnswer(answer: readonly TranslationItem[], word: string, senseId?: string): CardSense | undefined {
  // Without a sense id, the first gloss of the first item only: the meaning in this text.
  for (const item of senseId === undefined ? answer.slice(0, 1) : answer) {
    const gloss =
      senseId === undefined ? item.gloss[0] : item.gloss.find((g) => g.sense_id != null && String(g.sense_id) === senseId);
    // Stored answers are read back from JSON: a gloss without its sense text is passed over.
    if (gloss?.sense_id != null && typeof gloss.sense?.first === 'string' && gloss.sense.first.trim()) {
      return {
        lemma: item.lemma.toLowerCase(),
        sense_id: String(gloss.sense_id),
        word: word.trim(),
        headword: gloss.phrase_title?.trim() || item.lemma,
        pos: gloss.pos?.label ?? '',
        sense_en: gloss.sense.first.trim(),
        sense_zh: gloss.sense.second?.trim() ?? '',
      };
    }
  }
  return undefined;
}
