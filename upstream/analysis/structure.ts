import type { Parse } from './link-grammar';
import type { SentenceStructure } from './types';

/** The layered span tree of a parsed sentence. */
export function structureOf(parse: Parse): SentenceStructure {
  const last = parse.words.at(-1) === 'RIGHT-WALL' ? parse.words.length - 1 : parse.words.length;
  const words = parse.words.slice(1, last);
  return { words, spans: words.length ? [{ start: 0, end: words.length, label: '主句' }] : [] };
}
