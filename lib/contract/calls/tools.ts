import { def, obj, str } from '../define';
import { envelope } from '../envelope';

/** Tools: translation, text and image parsing, the writing assistant and its instructions. */
export const toolsCalls = {
  translate: def('translate', {
    request: obj({ text: str.min(1).max(20_000) }),
    response: envelope(obj({ translation: str })),
  }),
  parse_text: def('parse_text', {}),
  parse_image: def('parse_image', { kind: 'multipart' }),
  writer_chat: def('writer_chat', {}),
  update_expert_instruction: def('update_expert_instruction', {}),
  query_expert_instruction: def('query_expert_instruction', {}),
} as const;
