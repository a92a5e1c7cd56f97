import { z } from 'zod';
import { def, num, obj, str, strOrNum } from '../define';
import { envelope } from '../envelope';

/** Sentence analysis: the sentence's constituents and clauses, its grammar objects, its history. */

/** One node of the analysis tree: a span of the sentence's words with its constituent label. */
export const spanNode: z.ZodType<unknown> = z.lazy(() =>
  obj({
    start: num,
    end: num,
    label: str,
    gray: z.array(z.unknown()).optional(),
    highlight: z.array(z.unknown()).optional(),
    children: z.array(spanNode).optional(),
  }),
);

export const analysisCalls = {
  analyze_sentence: def('analyze_sentence', {
    request: obj({ sentence: str.min(1).max(5_000), word_id: strOrNum.optional() }),
    response: envelope(
      obj({
        analysis_result: obj({ answer: z.unknown() }),
        conversation_id: strOrNum,
      }),
    ),
  }),
  get_grammar_objects: def('get_grammar_objects', {}),
  get_sentence_history: def('get_sentence_history', {}),
} as const;
