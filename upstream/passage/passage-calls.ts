import type { Users } from '../account/users';
import type { CallHandlers } from '../platform/contract-routes';
import { ok } from '../platform/http';
import type { Deck } from '../review/deck';
import type { WordBook } from '../word-lists/word-book';
import { passageForCaller } from './caller-passage';
import type { PassageReader } from './passage';

export interface PassageHandlersDeps {
  users: Pick<Users, 'userForToken' | 'isVip'>;
  wordBook: Pick<WordBook, 'marks'>;
  deck: Pick<Deck, 'lemmaStates'>;
  passageReader: PassageReader;
}

/** parse_text: a whole passage, with the expressions for members and the marks for a learner. */
export function passageHandlers({ users, wordBook, deck, passageReader }: PassageHandlersDeps): CallHandlers {
  return {
    parse_text: async ({ text }, caller) =>
      ok(await passageForCaller({ users, wordBook, deck, passageReader }, text, await users.userForToken(caller.token))),
  };
}
