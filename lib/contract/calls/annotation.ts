import { z } from 'zod';
import { def, num, obj, str, strOrNum } from '../define';
import { gloss } from '../shapes';

/** Annotation: a word in its sentence, the senses to choose from, the annotator's choice. */

/** Annotation data: the extra gloss meaning "Other", and "no candidate" (spec section 3). */
export const OTHER_SENSE_ID = -1;
export const NO_SENSE_CANDIDATE = -2;

const senseId = z.union([str, num, z.null()]);

export const annotationCalls = {
  annotate_data: def('annotate_data', {
    request: obj({ user_id: strOrNum.optional() }),
    response: obj({
      status: strOrNum.optional(),
      result: obj({
        glosses: z.array(gloss),
        sense_id_candidate: senseId,
        words: z.array(str),
        current_word_index: num,
        target_word_index: num,
      }).optional(),
    }),
  }),
  annotate_result: def('annotate_result', {
    request: obj({
      user_id: strOrNum.optional(),
      current_word_index: num,
      sense_id: senseId,
    }),
  }),
} as const;
