import type { SentenceStructure } from './types';

/** The sentence's structure without the parser: approximate. */
export function approximateStructure(sentence: string): SentenceStructure {
  const words = sentence.match(/[A-Za-z0-9]+(?:['’-][A-Za-z0-9]+)*|[^\sA-Za-z0-9]/g) ?? [];
  return { words, spans: words.length ? [{ start: 0, end: words.length, label: '主句' }] : [] };
}
