import type { Users } from '../account/users';
import type { Speech } from '../audio/speech';
import { attachmentDisposition } from '../platform/attachment';
import type { CallHandlers } from '../platform/contract-routes';
import { ok } from '../platform/http';
import { type Clock, shanghaiDay } from '../platform/time';
import type { Deck } from './deck';
import type { MemoryFitter } from './memory';
import { reviewApkgStream, reviewCsv } from './export';

export interface ReviewHandlersDeps {
  users: Pick<Users, 'requireUser'>;
  deck: Deck;
  reviewMemory: Pick<MemoryFitter, 'afterRating' | 'memory'>;
  /** The words' UK and US sound in an Anki package. */
  speech: Pick<Speech, 'audio'>;
  now: Clock;
}

/** The review screen's calls: the next card, a rating, its undoing, the counts and the settings. */
export function reviewHandlers({ users, deck, reviewMemory, speech, now }: ReviewHandlersDeps): CallHandlers {
  return {
    export_review: async ({ format, audio }, caller) => {
      const user = await users.requireUser(caller);
      const at = now();
      const cards = await deck.exportable(user.id);
      const name = `语境生词-${shanghaiDay(at)}.${format}`;
      const headers = {
        'content-disposition': attachmentDisposition(name, `yujing-cards-${shanghaiDay(at)}.${format}`),
        'cache-control': 'private, no-store',
      };
      if (format === 'csv') {
        const bytes = reviewCsv(cards);
        return new Response(new Uint8Array(bytes), {
          headers: { ...headers, 'content-type': 'text/csv; charset=utf-8', 'content-length': String(bytes.byteLength) },
        });
      }
      // Streamed as it is made: the sound of a large deck takes minutes to synthesize (through the
      // shared speech pool, which bounds how much of the machine exports take).
      const body = reviewApkgStream(cards, {
        deckName: '语境生词',
        now: at,
        audio: audio === '0' ? null : async (text, voice) => (await speech.audio(text, voice)).bytes,
      });
      return new Response(body, { headers: { ...headers, 'content-type': 'application/octet-stream' } });
    },

    review_next: async ({ exclude }, caller) => {
      const user = await users.requireUser(caller);
      return ok(await deck.next(user.id, exclude ?? []));
    },
    review_rate: async (input, caller) => {
      const user = await users.requireUser(caller);
      const answer = await deck.rate(user.id, input);
      if (!answer.stale) reviewMemory.afterRating(user.id);
      return ok(answer);
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
      const chosen = changing ? await deck.settings.change(user.id, change) : await deck.settings.read(user.id);
      return ok({
        desired_retention: chosen.desired_retention,
        new_per_day: chosen.new_per_day,
        memory: await reviewMemory.memory(user.id),
      });
    },
  };
}
