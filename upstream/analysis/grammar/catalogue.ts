import type { GrammarObject } from '../../../lib/contract';
import type { GrammarCatalogue } from '../types';

/** The grammar catalogue with its detectors. */
export function createGrammarCatalogue(): GrammarCatalogue {
  const points: GrammarObject[] = [];
  const byName = new Map(points.map((p) => [p.name, p]));
  return {
    points,
    byName: (name) => byName.get(name),
    detect: () => [],
  };
}
