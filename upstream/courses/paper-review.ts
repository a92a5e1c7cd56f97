import { stopWords } from '../dictionary/rank';
import type { DictionaryEngine } from '../dictionary/types';
import { senseOfAnswer } from '../review/card-sense';
import type { CardOrigin, Deck } from '../review/deck';
import { normalised } from '../reading/content-check';
import { tokenize } from '../reading/text';
import type { Catalogue } from './books';
import type { StoredQuestion } from './sources';

/*
 * A paper's wrong answers become review cards: the words that decided each one, in the passage's
 * sentence where they decide it. For a blank, the word that fills it, in its sentence filled; for
 * a question answered from the passage, the hardest words of its evidence (at most two), those the
 * learner does not already know. The sense is the dictionary's for the word in that sentence, as
 * a lookup there would show it. At most `mostCards` words a paper, so that one bad try does not
 * bury the learner's review.
 */

const mostCards = 10;
const wordsPerQuestion = 2;

export interface PaperReviewDeps {
  dictionary: Pick<DictionaryEngine, 'lookup'>;
  deck: Pick<Deck, 'addCard' | 'lemmaStates'>;
}

/** Puts the deciding words of the wrong answers into the learner's review; answers how many cards were made. */
export async function reviewWrongAnswers(
  { dictionary, deck }: PaperReviewDeps,
  catalogue: Catalogue,
  userId: number,
  paperId: number,
  wrong: readonly StoredQuestion[],
): Promise<number> {
  const sentences = catalogue.paragraphs(paperId).flat();
  const level = catalogue.paperLevel(paperId);
  const candidates: ReviewCandidate[] = [];
  for (const q of wrong) {
    if (!q.evidence) continue;
    const blank = /__(\d+)__/.exec(q.evidence);
    const fill = q.options.find((o) => o.key === q.answer)?.text ?? '';
    if (blank && (q.type === 'cloze' || q.type === 'match') && /^[A-Za-z][A-Za-z'-]*$/.test(fill)) {
      // The blank's sentence with its answer in place.
      const sentence = sentenceOf(sentences, q.evidence).replace(`__${blank[1]}__`, fill);
      candidates.push({ word: fill, lemma: catalogue.lemmaOf(fill.toLowerCase()), sentence, at: sentence.indexOf(fill) });
      continue;
    }
    const sentence = sentenceOf(sentences, q.evidence);
    const evidenceAt = Math.max(0, normalised(sentence).indexOf(normalised(q.evidence).slice(0, 30)));
    const words = tokenize(sentence)
      .filter((t) => t.isWord && t.start >= evidenceAt && /^[a-z]/.test(t.text))
      .map((t) => ({ word: t.text, lemma: catalogue.lemmaOf(t.text.toLowerCase()), at: t.start }))
      .filter((w) => !stopWords.has(w.lemma))
      .map((w) => ({ ...w, level: catalogue.wordLevelOf(w.lemma) }))
      .filter((w): w is typeof w & { level: number } => w.level !== undefined && w.level >= Math.max(2, level - 1))
      .sort((a, b) => b.level - a.level || a.at - b.at);
    const seen = new Set<string>();
    for (const w of words) {
      if (seen.size >= wordsPerQuestion) break;
      if (seen.has(w.lemma)) continue;
      seen.add(w.lemma);
      candidates.push({ word: w.word, lemma: w.lemma, sentence, at: w.at });
    }
  }
  return addReviewCards({ dictionary, deck }, userId, candidates, { origin: 'paper', from: 'paper' });
}

/** A word that a wrong answer puts into review, in its sentence (at `at`). */
export interface ReviewCandidate {
  word: string;
  lemma: string;
  sentence: string;
  at: number;
}

/**
 * Makes review cards of the candidates: one per lemma, none for a word the learner knows, at most
 * `mostCards`; each with the dictionary's sense of the word in its sentence. Answers how many are new.
 */
export async function addReviewCards(
  { dictionary, deck }: PaperReviewDeps,
  userId: number,
  candidates: readonly ReviewCandidate[],
  { origin, from }: { origin: CardOrigin; from: string },
): Promise<number> {
  const distinct = [...new Map(candidates.map((c) => [c.lemma, c])).values()];
  const states = await deck.lemmaStates(
    userId,
    distinct.map((c) => c.lemma),
  );
  let made = 0;
  for (const c of distinct.filter((c) => states.get(c.lemma) !== 'known').slice(0, mostCards)) {
    const input = {
      pre_context: c.sentence.slice(0, c.at),
      target_word: c.word,
      post_context: c.sentence.slice(c.at + c.word.length),
    };
    const sense = senseOfAnswer(dictionary.lookup(input), c.word);
    if (!sense) continue;
    const { created } = await deck.addCard(userId, sense, origin, [{ ...input, word: c.word, source: 'course', from }]);
    if (created) made++;
  }
  return made;
}

/** The passage's sentence that holds the evidence's opening (the evidence itself when none does). */
function sentenceOf(sentences: readonly { text: string }[], evidence: string): string {
  const opening = normalised(evidence).slice(0, 30);
  return sentences.find((s) => normalised(s.text).includes(opening))?.text ?? evidence;
}
