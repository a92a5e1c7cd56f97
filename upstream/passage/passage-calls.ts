import type { Users } from '../account/users';
import type { CallHandlers } from '../platform/contract-routes';
import { ok } from '../platform/http';
import type { WordBook } from '../word-lists/word-book';
import { passageForCaller } from './caller-passage';
import type { PassageReader } from './passage';

export interface PassageHandlersDeps {
  users: Pick<Users, 'userForToken' | 'isVip'>;
  wordBook: Pick<WordBook, 'marks'>;
  passageReader: PassageReader;
}

/** parse_text: a whole passage, with the expressions for members and the marks for a learner. */
export function passageHandlers({ users, wordBook, passageReader }: PassageHandlersDeps): CallHandlers {
  return {
    parse_text: async ({ text }, caller) =>
      ok(await passageForCaller({ users, wordBook, passageReader }, text, await users.userForToken(caller.token))),
  };
}
