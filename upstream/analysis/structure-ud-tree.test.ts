import { describe, expect, it } from 'vitest';
import { handTree } from './structure-test-support';
import { UdTree } from './structure-ud-tree';

const read = (text: string, rows: string[]) => new UdTree(handTree(text, rows).words);

const tomAndMary = read('Tom and Mary are good friends.', [
  'Tom PROPN NNP 6 nsubj',
  'and CCONJ CC 3 cc',
  'Mary PROPN NNP 1 conj',
  'are AUX VBP 6 cop Fin',
  'good ADJ JJ 6 amod',
  'friends NOUN NNS 0 root _ SpaceAfter=No',
  '. PUNCT . 6 punct',
]);

describe('UdTree', () => {
  it('lists each word’s dependents and its subtree, 0-based', () => {
    expect(tomAndMary.n).toBe(7);
    expect(tomAndMary.kids[5]).toEqual([0, 3, 4, 6]);
    expect(tomAndMary.sub(0)).toEqual([0, 1, 2]);
    expect(tomAndMary.sub(5)).toEqual([0, 1, 2, 3, 4, 5, 6]);
    expect(tomAndMary.head(0)).toBe(5);
    expect(tomAndMary.head(5)).toBe(-1);
    expect(tomAndMary.rel(3)).toBe('cop');
  });

  it('spans words without the punctuation at either end', () => {
    expect(tomAndMary.trim([6, 4, 5, 4])).toEqual([4, 5]);
    expect(tomAndMary.span(tomAndMary.sub(5), '主句')).toEqual({ start: 0, end: 6, label: '主句' });
  });

  it('finds a head’s conjuncts and what makes a predicate', () => {
    expect(tomAndMary.conjHeads(0)).toEqual([0, 2]);
    // A noun a copula joins to its subject is a predicate; the subject noun is not.
    expect(tomAndMary.isPredicate(5)).toBe(true);
    expect(tomAndMary.isPredicate(0)).toBe(false);
    expect(tomAndMary.isClausal(5)).toBe(true);
    expect(tomAndMary.verbsOf(5)).toEqual([3]);
    expect(tomAndMary.isFinite(5)).toBe(true);
  });

  it('tells a finite clause from a non-finite phrase', () => {
    const t = read('I suggest he go, wanting to help.', [
      'I PRON PRP 2 nsubj',
      'suggest VERB VBP 0 root Fin',
      'he PRON PRP 4 nsubj',
      'go VERB VB 2 ccomp VerbForm=Inf SpaceAfter=No',
      ', PUNCT , 6 punct',
      'wanting VERB VBG 2 advcl VerbForm=Ger',
      'to PART TO 8 mark',
      'help VERB VB 6 xcomp VerbForm=Inf SpaceAfter=No',
      '. PUNCT . 2 punct',
    ]);
    // "he go": a bare verb with a subject and no "to" is finite (a subjunctive).
    expect(t.isFinite(3)).toBe(true);
    expect(t.isFinite(5)).toBe(false);
    expect(t.isFinite(7)).toBe(false);
    expect(t.isClausal(5)).toBe(true);
    expect(t.hasSubject(3)).toBe(true);
    expect(t.kidsWith(7, 'mark')).toEqual([6]);
  });
});
