import type { Users } from '../account/users';
import type { Speech } from '../audio/speech';
import { attachmentDisposition } from '../platform/attachment';
import type { CallHandlers } from '../platform/contract-routes';
import { ok } from '../platform/http';
import { type Clock, shanghaiDay } from '../platform/time';
import type { Deck } from './deck';
import { reviewApkg, reviewCsv } from './export';

export interface ReviewHandlersDeps {
  users: Pick<Users, 'requireUser'>;
  deck: Deck;
  /** The words' UK and US sound in an Anki package. */
  speech: Pick<Speech, 'audio'>;
  now: Clock;
}

/** The review screen's calls: the next card, a rating, its undoing, the counts and the settings. */
export function reviewHandlers({ users, deck, speech, now }: ReviewHandlersDeps): CallHandlers {
  // One export is built at a time in a process: a package of thousands of cards synthesizes their
  // sound and holds it in memory, and a burst of exports should wait their turn.
  let exporting: Promise<unknown> = Promise.resolve();
  const inTurn = <T>(build: () => Promise<T>): Promise<T> => {
    const turn = exporting.then(build);
    exporting = turn.catch(() => {});
    return turn;
  };

  return {
    export_review: async ({ format, audio }, caller) => {
      const user = await users.requireUser(caller);
      const at = now();
      const bytes = await inTurn(async () => {
        const cards = await deck.exportable(user.id);
        if (format === 'csv') return reviewCsv(cards);
        return reviewApkg(cards, {
          deckName: '语境生词',
          now: at,
          audio: audio === '0' ? null : async (text, voice) => (await speech.audio(text, voice)).bytes,
        });
      });
      const name = `语境生词-${shanghaiDay(at)}.${format}`;
      return new Response(new Uint8Array(bytes), {
        headers: {
          'content-type': format === 'csv' ? 'text/csv; charset=utf-8' : 'application/octet-stream',
          'content-length': String(bytes.byteLength),
          'content-disposition': attachmentDisposition(name, `yujing-cards-${shanghaiDay(at)}.${format}`),
          'cache-control': 'private, no-store',
        },
      });
    },
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
    review_waiting: async ({ lemma, sense_id }, caller) => {
      const user = await users.requireUser(caller);
      return ok({ card: await deck.waitingCard(user.id, lemma.toLowerCase(), sense_id) });
    },
    review_stats: async (_input, caller) => {
      const user = await users.requireUser(caller);
      return ok(await deck.stats(user.id));
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
