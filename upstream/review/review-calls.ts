import type { Users } from '../account/users';
import type { CallHandlers } from '../platform/contract-routes';
import { ok } from '../platform/http';
import type { Deck } from './deck';

export interface ReviewHandlersDeps {
  users: Pick<Users, 'requireUser'>;
  deck: Deck;
}

/** The review screen's calls: the next card, a rating, its undoing, the counts and the settings. */
export function reviewHandlers({ users, deck }: ReviewHandlersDeps): CallHandlers {
  return {
    review_next: async ({ exclude }, caller) => {
      const user = await users.requireUser(caller);
      return ok(await deck.next(user.id, exclude ?? []));
    },
    review_rate: async (input, caller) => {
      const user = await users.requireUser(caller);
      return ok(await deck.rate(user.id, input));
    },
    review_undo: async ({ review_id }, caller) => {
      const user = await users.requireUser(caller);
      return ok(await deck.undo(user.id, review_id));
    },
    review_counts: async (_input, caller) => {
      const user = await users.requireUser(caller);
      return ok(await deck.counts(user.id));
    },
    review_settings: async (change, caller) => {
      const user = await users.requireUser(caller);
      const changing = change.desired_retention !== undefined || change.new_per_day !== undefined;
      return ok(changing ? await deck.setSettings(user.id, change) : await deck.settings(user.id));
    },
  };
}
