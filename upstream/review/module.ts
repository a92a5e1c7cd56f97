import type { AudioServices } from '../audio/module';
import type { DictionaryServices } from '../dictionary/module';
import type { Platform, UpstreamModule } from '../platform/module';
import { createDeck, type Deck } from './deck';
import { createMemoryFitter, type MemoryFitter } from './memory';
import { reviewHandlers, type ReviewHandlersDeps } from './review-calls';

export interface ReviewServices {
  /** The learner's cards per sense, their FSRS schedule and the review log. */
  deck: Deck;
  /** Fits FSRS to a learner's own reviews once they have enough. */
  reviewMemory: MemoryFitter;
}

/** The learning loop: cards per sense reviewed in their own sentences, scheduled by FSRS. */
export const reviewModule: UpstreamModule<
  Omit<ReviewHandlersDeps, keyof Platform | keyof ReviewServices> & DictionaryServices & AudioServices,
  ReviewServices
> = {
  name: 'review',
  services: {
    deck: ({ db, now, dictionary }) => createDeck({ db, now, examsOf: (lemma) => dictionary.headword(lemma)?.exams ?? [] }),
    reviewMemory: ({ db, log, deck }) => createMemoryFitter({ db, settings: deck.settings, log }),
  },
  calls: reviewHandlers,
  // A fit in progress at shutdown is abandoned: the learner's weights stay as they were.
  start: ({ reviewMemory }) => reviewMemory.stop,
};
