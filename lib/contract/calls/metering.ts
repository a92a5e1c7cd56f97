import { z } from 'zod';
import { def, num, obj } from '../define';
import { envelope } from '../envelope';

/** What each kind of user may use, and how often a day for free (upstream/metering). */

/** The features counted against the free uses, and those only members have. */
export const meteredFeatureNames = [
  'query_word',
  'analyze_sentence',
  'photo_text',
  'writer_review',
  'translate',
  'ask_tutor',
] as const;
export type MeteredFeature = (typeof meteredFeatureNames)[number];
export const memberFeatureNames = ['passage_phrases'] as const;

/**
 * The metered features that exist only where the operator has configured a language model
 * (LLM_BASE_URL). Without one they are answered offline for free, or not at all (the writer's
 * review), so they are neither counted nor offered: query_free_uses's `metered` leaves them out,
 * and the pages that sell or describe the product read that list.
 */
export const modelFeatureNames = ['writer_review', 'translate', 'ask_tutor'] as const;

export const meteringCalls = {
  /**
   * The free uses a day of each metered feature for a visitor and for a logged-in learner (each
   * feature counted on its own; members are not counted) and what only members have, as the
   * operator configured them. Not a call of the spec's section 7: Yujing's own, for /UseForFree.
   * `metered` is also what the running product delivers of its model's features: the membership
   * pages, the home page and /AboutUs offer a model feature only when it is listed here.
   */
  query_free_uses: def('query_free_uses', {
    method: 'GET',
    response: envelope(
      obj({
        anonymous: num,
        logged_in: num,
        metered: z.array(z.enum(meteredFeatureNames)),
        member_only: z.array(z.enum(memberFeatureNames)),
      }),
    ),
  }),
} as const;
