import { def, obj, str } from '../define';
import { anyData, envelope } from '../envelope';

/**
 * Reading content: documents by category (addressed as ../content.ts says), their listings, and
 * the answers of exam papers (documents of category `paper`).
 */
const fileId = { category: str, sub_category: str.optional(), filename: str };

export const contentCalls = {
  retrieve_file: def('retrieve_file', { method: 'GET', request: obj(fileId) }),
  query_subcategory: def('query_subcategory', {}),
  query_filenames: def('query_filenames', {}),
  get_test_answer: def('get_test_answer', {}),
} as const;

/**
 * The content call: `POST /api/{category}/{sub_category}/{filename}` (see ../content.ts). It is
 * addressed by the document rather than by a name, so it stands outside the table of calls.
 */
export const contentCall = {
  name: 'content',
  method: 'POST',
  kind: 'json',
  request: obj({}),
  response: envelope(anyData),
} as const;
