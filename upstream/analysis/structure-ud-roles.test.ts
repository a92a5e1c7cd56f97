import { describe, expect, it } from 'vitest';
import { handTree } from './structure-test-support';
import { extraposed, functionsOf, predicateNodes, roleOf, summaryAppositive, verbGroup } from './structure-ud-roles';
import { UdTree } from './structure-ud-tree';

const read = (text: string, rows: string[]) => new UdTree(handTree(text, rows).words);
const clauseOf = (t: UdTree, p: number) => {
  const kids = t.kids[p];
  const copula = kids.find((k) => t.rel(k) === 'cop');
  const expl = kids.some((k) => t.base(k) === 'expl');
  return { nominal: !t.isVerbal(p), copula, expl, kids, grayCc: false, phrase: false };
};

const inversion = read('Never have I seen such a thing.', [
  'Never ADV RB 4 advmod',
  'have AUX VBP 4 aux Fin',
  'I PRON PRP 4 nsubj',
  'seen VERB VBN 0 root VerbForm=Part',
  'such DET PDT 7 det:predet',
  'a DET DT 7 det',
  'thing NOUN NN 4 obj _ SpaceAfter=No',
  '. PUNCT . 4 punct',
]);

describe('verbGroup and predicateNodes', () => {
  it('gathers the auxiliaries, negation and the verb, one 谓语 per uninterrupted run', () => {
    const group = verbGroup(inversion, 3, inversion.kids[3]);
    expect(group).toEqual([1, 3]);
    expect(predicateNodes(group, 3)).toEqual([
      { start: 1, end: 2, label: '谓语', highlight: [1] },
      { start: 3, end: 4, label: '谓语', highlight: [3] },
    ]);
    const t = read('He did not come.', [
      'He PRON PRP 4 nsubj',
      'did AUX VBD 4 aux Fin',
      'not PART RB 4 advmod',
      'come VERB VB 0 root VerbForm=Inf SpaceAfter=No',
      '. PUNCT . 4 punct',
    ]);
    const negated = verbGroup(t, 3, t.kids[3]);
    expect(negated).toEqual([1, 2, 3]);
    expect(predicateNodes(negated, 3)).toEqual([{ start: 1, end: 4, label: '谓语', highlight: [3] }]);
  });
});

describe('roleOf', () => {
  it('names each dependent’s function in its clause', () => {
    const c = clauseOf(inversion, 3);
    expect(roleOf(inversion, 3, 0, c)).toBe('状语');
    expect(roleOf(inversion, 3, 2, c)).toBe('主语');
    expect(roleOf(inversion, 3, 6, c)).toBe('宾语');
    expect(roleOf(inversion, 3, 7, c)).toBeUndefined();
  });

  it('makes the complement after an object 宾语补足语 and grays a marker', () => {
    const t = read('They asked us to read.', [
      'They PRON PRP 2 nsubj',
      'asked VERB VBD 0 root Fin',
      'us PRON PRP 2 obj',
      'to PART TO 5 mark',
      'read VERB VB 2 xcomp VerbForm=Inf SpaceAfter=No',
      '. PUNCT . 2 punct',
    ]);
    expect(roleOf(t, 1, 4, clauseOf(t, 1))).toBe('宾语补足语');
    expect(roleOf(t, 4, 3, clauseOf(t, 4))).toBe('gray');
  });

  it('takes the that-clause of an expletive "it" as the real subject', () => {
    const t = read('It is important that you come.', [
      'It PRON PRP 3 expl',
      'is AUX VBZ 3 cop Fin',
      'important ADJ JJ 0 root',
      'that SCONJ IN 6 mark',
      'you PRON PRP 6 nsubj',
      'come VERB VBP 3 advcl Fin SpaceAfter=No',
      '. PUNCT . 3 punct',
    ]);
    const c = clauseOf(t, 2);
    expect(extraposed(t, 5, 2, c)).toBe(true);
    expect(roleOf(t, 2, 5, c)).toBe('真正主语');
    expect(roleOf(t, 2, 0, c)).toBe('形式主语');
  });
});

describe('summaryAppositive and functionsOf', () => {
  const t = read('The bank raised rates again, a decision that pushed up borrowing costs.', [
    'The DET DT 2 det',
    'bank NOUN NN 3 nsubj',
    'raised VERB VBD 0 root Fin',
    'rates NOUN NNS 3 obj',
    'again ADV RB 3 advmod _ SpaceAfter=No',
    ', PUNCT , 8 punct',
    'a DET DT 8 det',
    'decision NOUN NN 4 appos',
    'that PRON WDT 10 nsubj PronType=Rel',
    'pushed VERB VBD 8 acl:relcl Fin',
    'up ADP RP 10 compound:prt',
    'borrowing NOUN NN 13 compound',
    'costs NOUN NNS 10 obj _ SpaceAfter=No',
    '. PUNCT . 3 punct',
  ]);

  it('takes a noun phrase set off by a comma after the clause as summing it up', () => {
    expect(summaryAppositive(t, 7, 2)).toBe(true);
    expect(summaryAppositive(t, 3, 2)).toBe(false);
  });

  it('sets an appositive after a comma apart from the object it follows', () => {
    const own = new Set(t.sub(2));
    const [object, appositive] = functionsOf(t, '宾语', 3, own);
    expect(object.label).toBe('宾语');
    expect([...object.words]).toEqual([3]);
    expect(appositive.label).toBe('同位语');
    expect(appositive.head).toBe(7);
    expect([...appositive.words].sort((a, b) => a - b)).toEqual([5, 6, 7, 8, 9, 10, 11, 12]);
    // A clause's function keeps its whole subtree.
    expect(functionsOf(t, '主语', 1, own)).toEqual([{ label: '主语', head: 1, words: new Set([0, 1]) }]);
  });
});
