import { describe, expect, it } from 'vitest';
import {
  all,
  chainOf,
  childrenOf,
  clauseChains,
  clauseEnd,
  clauseFrom,
  clauseHeadOf,
  dedupe,
  type Detector,
  finiteVerbs,
  invertedAt,
  lastWord,
  needsParse,
  opensClause,
  predicateOf,
  subjectOf,
  subtree,
  within,
} from './detect-tree';
import { fromRows, wordsOnly } from './detect-test-support';

const never = fromRows('Never have I seen such a thing.', [
  'Never ADV RB 4 advmod',
  'have AUX VBP 4 aux Fin',
  'I PRON PRP 4 nsubj',
  'seen VERB VBN 0 root VerbForm=Part',
  'such DET PDT 7 det:predet',
  'a DET DT 7 det',
  'thing NOUN NN 4 obj _ SpaceAfter=No',
  '. PUNCT . 4 punct',
]);

const said = fromRows('He said that he left when I came.', [
  'He PRON PRP 2 nsubj',
  'said VERB VBD 0 root Fin',
  'that SCONJ IN 5 mark',
  'he PRON PRP 5 nsubj',
  'left VERB VBD 2 ccomp Fin',
  'when ADV WRB 8 advmod',
  'I PRON PRP 8 nsubj',
  'came VERB VBD 5 advcl Fin SpaceAfter=No',
  '. PUNCT . 2 punct',
]);

describe('reading the tree', () => {
  it('finds a word’s dependents, its predicate and subject, and its subtree without end punctuation', () => {
    expect(childrenOf(never, 3)).toEqual([0, 1, 2, 6, 7]);
    expect(predicateOf(never, 1)).toBe(3);
    expect(subjectOf(never, 1)).toBe(2);
    expect(subtree(never, 6)).toEqual([4, 7]);
    expect(subtree(never, 3)).toEqual([0, 7]);
    expect(lastWord(never)).toBe(7);
  });

  it('chains the auxiliaries to their verb across an inverted subject', () => {
    expect(chainOf(never, 3)).toEqual([1, 3]);
    expect(invertedAt(never, 1)).toBe(true);
    expect(clauseChains(never)).toEqual([{ chain: [1, 3], predicate: 3 }]);
    expect(finiteVerbs(never)).toEqual([1]);
    expect(invertedAt(said, 1)).toBe(false);
    expect(finiteVerbs(said)).toEqual([1, 4, 7]);
  });
});

describe('the clause a marker opens', () => {
  it('is the marker’s clause in the tree', () => {
    expect(clauseHeadOf(said, 2)).toBe(4);
    expect(clauseFrom(said, 2)).toEqual([2, 8]);
    expect(clauseHeadOf(said, 5)).toBe(7);
    expect(clauseFrom(said, 5)).toEqual([5, 8]);
  });

  it('opens with a subject before a finite verb, and runs to a comma or the end', () => {
    const finite = finiteVerbs(said);
    expect(opensClause(said, 3, finite)).toBe(true);
    expect(opensClause(said, 8, finite)).toBe(false);
    expect(clauseEnd(said, 5, 6)).toBe(8);
    const words = wordsOnly('If it rains, we stay at home.');
    expect(words.parsed).toBe(false);
    expect(clauseChains(words)).toEqual([]);
    expect(clauseFrom(words, 0)).toEqual([0, 3]);
    expect(clauseEnd(words, 0, 1)).toBe(3);
  });
});

describe('the detector combinators', () => {
  const first: Detector = () => [
    [0, 2],
    [3, 4],
  ];
  const second: Detector = () => [[0, 2]];

  it('joins detectors once per place, and keeps a parse-only detector off the words alone', () => {
    const facts = { groups: [], subjunctive: [], absolutes: [] };
    expect(all(first, second)(never, facts)).toEqual([
      [0, 2],
      [3, 4],
    ]);
    expect(
      dedupe([
        [1, 2],
        [1, 2],
        [1, 3],
      ]),
    ).toEqual([
      [1, 2],
      [1, 3],
    ]);
    expect(needsParse(first)(never, facts)).toHaveLength(2);
    expect(needsParse(first)(wordsOnly('Close the door.'), facts)).toEqual([]);
    expect(within([[2, 4]], 3)).toBe(true);
    expect(within([[2, 4]], 4)).toBe(false);
  });
});
