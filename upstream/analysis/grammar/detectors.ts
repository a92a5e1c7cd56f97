import { CLAUSE_DETECTORS } from './detect-clauses';
import { ELEMENT_DETECTORS } from './detect-elements';
import { absoluteSpans, NONFINITE_DETECTORS } from './detect-nonfinite';
import { PATTERN_DETECTORS } from './detect-patterns';
import { type Detector, type Facts, finiteVerbs } from './detect-tree';
import { subjunctiveSpans, VERB_DETECTORS, verbGroups } from './detect-verbs';
import type { Sentence } from './sentence';

/*
 * The grammar points' detectors, by area as the catalogue is (points-*.ts): detect-verbs.ts
 * (tenses, voice, mood), detect-clauses.ts (clauses), detect-nonfinite.ts (non-finite verbs),
 * detect-patterns.ts (special patterns, comparison), detect-elements.ts (sentence elements and
 * types), all reading the sentence through detect-tree.ts.
 */

export type { Detector, Facts, Span, VerbGroup } from './detect-tree';

/** Each catalogue point's detector, by name. */
export const DETECTORS: Record<string, Detector> = {
  ...VERB_DETECTORS,
  ...CLAUSE_DETECTORS,
  ...NONFINITE_DETECTORS,
  ...PATTERN_DETECTORS,
  ...ELEMENT_DETECTORS,
};

/** The facts every detector may read, worked out once per sentence. */
export function factsOf(s: Sentence): Facts {
  const groups = s.parsed ? verbGroups(s) : [];
  const finite = finiteVerbs(s);
  return { groups, subjunctive: s.parsed ? subjunctiveSpans(s, finite) : [], absolutes: absoluteSpans(s) };
}
