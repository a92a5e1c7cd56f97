import type { ParsedPassage } from '../../lib/contract';
import type { Users } from '../account/users';
import type { User } from '../db/schema';
import { hasMemberFeature } from '../metering/entitlements';
import type { Deck } from '../review/deck';
import type { WordBook } from '../word-lists/word-book';
import { lemmasIn, type PassageReader } from './passage';

/*
 * A passage parsed for whoever asks: the same for a pasted passage (parse_text) and a photo's
 * text (parse_image). Phrases are a member's feature (the entitlements table); a logged-in
 * learner's 生词/熟词 marks and review cards are read (a query each) and put on the tokens.
 */

export interface CallerPassageDeps {
  users: Pick<Users, 'isVip'>;
  wordBook: Pick<WordBook, 'marks'>;
  /** The learner's review cards: which words wait for review, which are known. */
  deck: Pick<Deck, 'lemmaStates'>;
  passageReader: PassageReader;
}

/** What a caller without membership is told instead of the passage's phrases. */
export const phrasesWithheld = { reason: 'vip_only' as const, description: '识别词组是会员功能，开通会员后可查看文中的词组' };

export async function passageForCaller(
  { users, wordBook, deck, passageReader }: CallerPassageDeps,
  text: string,
  /** The caller's user, as the handler already looked it up (undefined for a visitor). */
  user: User | undefined,
): Promise<ParsedPassage> {
  const phrases = hasMemberFeature(user && { isVip: users.isVip(user) }, 'passage_phrases');
  const passage = passageReader.read(text, { phrases });
  if (user) {
    const lemmas = lemmasIn(passage);
    const [marks, reviews] = await Promise.all([wordBook.marks(user.id, lemmas), deck.lemmaStates(user.id, lemmas)]);
    for (const sentence of passage.sentences) {
      for (const token of sentence.tokens) {
        if (token.lemma === undefined) continue;
        const mark = marks.get(token.lemma);
        if (mark !== undefined) token.mark = mark === 1 ? 'strange' : 'familiar';
        const review = reviews.get(token.lemma);
        if (review !== undefined) token.review = review;
      }
    }
  }
  return { ...passage, phrases_withheld: phrases ? null : phrasesWithheld, marks_included: user !== undefined };
}
