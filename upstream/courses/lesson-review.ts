import { senseOfAnswer } from '../review/card-sense';
import type { BookWord } from './books';
import type { PaperReviewDeps } from './paper-review';

/*
 * A word lesson's misses become review cards. The sentence is the one the learner met the word in
 * during the lesson: the unit's example sentence for it, the word alone when it has none. The
 * sense is the dictionary's for the word in that sentence, as a lookup there would show it, so the
 * card teaches the meaning the learner was asked about rather than the word's first entry.
 */

/** Where a word's form stands in a sentence (whole words, any case); -1 when it does not. */
export function formAt(sentence: string, form: string): number {
  const escaped = form.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const found = new RegExp(`(?<![A-Za-z'-])${escaped}(?![A-Za-z'-])`, 'i').exec(sentence);
  return found ? found.index : -1;
}

/** Puts the missed words into the learner's review; answers how many cards were made now. */
export async function reviewLessonMisses(
  { dictionary, deck }: PaperReviewDeps,
  userId: number,
  missed: readonly BookWord[],
): Promise<number> {
  let made = 0;
  for (const w of missed) {
    const example = w.example;
    const at = example ? formAt(example.text, example.form) : -1;
    const input =
      example && at >= 0
        ? {
            pre_context: example.text.slice(0, at),
            target_word: example.text.slice(at, at + example.form.length),
            post_context: example.text.slice(at + example.form.length),
          }
        : { pre_context: '', target_word: w.word, post_context: '' };
    const sense = senseOfAnswer(dictionary.lookup(input), input.target_word);
    if (!sense) continue;
    const sentences =
      example && at >= 0 ? [{ ...input, word: input.target_word, source: 'course' as const, from: 'lesson' }] : [];
    const { created } = await deck.addCard(userId, sense, 'lesson', sentences);
    if (created) made++;
  }
  return made;
}
