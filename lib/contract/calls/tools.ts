import { z } from 'zod';
import { def, obj, str } from '../define';
import { envelope } from '../envelope';

/** Tools: translation, text and image parsing, the writing assistant and its instructions. */
export const toolsCalls = {
  translate: def('translate', {
    request: obj({ text: str.min(1).max(20_000) }),
    // source: 'model' when the language model translated; 'gloss' for the offline word-by-word
    // gloss (逐词释义), which the UI labels as such and never passes off as a translation.
    response: envelope(obj({ translation: str, source: z.enum(['model', 'gloss']).optional() })),
  }),
  parse_text: def('parse_text', {}),
  parse_image: def('parse_image', { kind: 'multipart' }),
  writer_chat: def('writer_chat', {}),
  update_expert_instruction: def('update_expert_instruction', {}),
  query_expert_instruction: def('query_expert_instruction', {}),
} as const;
