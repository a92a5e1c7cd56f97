import type { GrammarObject, GrammarPointHit } from '../../../lib/contract';
import type { GrammarCatalogue } from '../types';
import { DETECTORS, factsOf } from './detectors';
import { CLAUSE_POINTS } from './points-clauses';
import { PATTERN_POINTS } from './points-patterns';
import { VERB_POINTS } from './points-verbs';
import { readSentence } from './sentence';

export const POINTS: readonly GrammarObject[] = [...VERB_POINTS, ...CLAUSE_POINTS, ...PATTERN_POINTS];

/** The grammar catalogue with its detectors. */
export function createGrammarCatalogue(): GrammarCatalogue {
  const byName = new Map(POINTS.map((p) => [p.name, p]));
  for (const p of POINTS) if (!DETECTORS[p.name]) throw new Error(`grammar point without a detector: ${p.name}`);
  return {
    points: POINTS,
    byName: (name) => byName.get(name),
    detect(input) {
      if (input.words.length === 0) return [];
      const sentence = readSentence(input);
      const facts = factsOf(sentence);
      const size = sentence.words.length;
      // The tree's words are the structure's words with clitics split off: spans move into the joined words.
      const at = (i: number) => sentence.positions?.[Math.max(0, Math.min(size - 1, i))] ?? i;
      const limit = input.words.length;
      const hits: GrammarPointHit[] = [];
      const seen = new Set<string>();
      for (const p of POINTS) {
        for (const [start, end] of DETECTORS[p.name](sentence, facts)) {
          const a0 = Math.max(0, Math.min(start, size - 1));
          const b0 = Math.max(a0 + 1, Math.min(end, size));
          const a = Math.min(at(a0), limit - 1);
          const b = Math.max(a + 1, Math.min(at(b0 - 1) + 1, limit));
          const key = `${p.name}:${a}:${b}`;
          if (seen.has(key)) continue;
          seen.add(key);
          hits.push({ name: p.name, start: a, end: b });
        }
      }
      const order = new Map(POINTS.map((p, i) => [p.name, i]));
      return hits.sort((x, y) => x.start - y.start || x.end - y.end || (order.get(x.name) ?? 0) - (order.get(y.name) ?? 0));
    },
  };
}
