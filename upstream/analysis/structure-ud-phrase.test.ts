import { describe, expect, it } from 'vitest';
import type { SpanNode } from '../../lib/contract';
import { handTree } from './structure-test-support';
import { Builder } from './structure-ud-clause';

/*
 * The phrase layer is abstract (its clauses come from the clause layer): it is tested through the
 * builder, on its own entry points. Positions are the tree's, 0-based.
 */
const builder = (text: string, rows: string[]) => new Builder(handTree(text, rows).words);
const labels = (nodes: SpanNode[] | undefined) => (nodes ?? []).map((n) => `${n.label}[${n.start},${n.end})`);

describe('PhraseLayer.nested', () => {
  it('finds the relative clause inside a noun phrase', () => {
    const b = builder('The book that you lent me was interesting.', [
      'The DET DT 2 det',
      'book NOUN NN 8 nsubj',
      'that PRON WDT 5 obj PronType=Rel',
      'you PRON PRP 5 nsubj',
      'lent VERB VBD 2 acl:relcl Fin',
      'me PRON PRP 5 iobj',
      'was AUX VBD 8 cop Fin',
      'interesting ADJ JJ 0 root _ SpaceAfter=No',
      '. PUNCT . 8 punct',
    ]);
    const [relative] = b.nested(1, new Set());
    expect(labels([relative])).toEqual(['定语从句[2,6)']);
    expect(labels(relative.children)).toEqual(['宾语[2,3)', '主语[3,4)', '谓语[4,5)', '间接宾语[5,6)']);
    // A skipped dependent of the head is not looked into.
    expect(b.nested(1, new Set([4]))).toEqual([]);
  });
});

describe('PhraseLayer.fnNode', () => {
  it('makes a free relative the clause of its function, the wh-word a function in it', () => {
    const b = builder('I know what he said.', [
      'I PRON PRP 2 nsubj',
      'know VERB VBP 0 root Fin',
      'what PRON WP 2 obj PronType=Int',
      'he PRON PRP 5 nsubj',
      'said VERB VBD 3 acl:relcl Fin SpaceAfter=No',
      '. PUNCT . 2 punct',
    ]);
    const node = b.fnNode({ label: '宾语', head: 2, words: new Set([2, 3, 4]) });
    expect(labels(node ? [node] : [])).toEqual(['宾语[2,5)']);
    expect(node?.highlight).toBeUndefined();
    const [clause] = node?.children ?? [];
    expect(labels([clause])).toEqual(['宾语从句[2,5)']);
    expect(labels(clause.children)).toEqual(['宾语[2,3)', '主语[3,4)', '谓语[4,5)']);
  });

  it('highlights a noun phrase’s head and each conjunct, and answers nothing for no words', () => {
    const b = builder('Tom and Mary came.', [
      'Tom PROPN NNP 4 nsubj',
      'and CCONJ CC 3 cc',
      'Mary PROPN NNP 1 conj',
      'came VERB VBD 0 root Fin SpaceAfter=No',
      '. PUNCT . 4 punct',
    ]);
    expect(b.fnNode({ label: '主语', head: 0, words: new Set([0, 1, 2]) })).toEqual({
      start: 0,
      end: 3,
      label: '主语',
      highlight: [0, 2],
    });
    expect(b.fnNode({ label: '主语', head: 0, words: new Set() })).toBeUndefined();
  });
});
