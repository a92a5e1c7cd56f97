import { describe, expect, it } from 'vitest';
import type { SpanNode } from '../../lib/contract';
import { handTree } from './structure-test-support';
import { Builder } from './structure-ud-clause';

/* The span tree in the tree's own positions (0-based), before structure-ud.ts joins clitics. */
const build = (text: string, rows: string[]) => new Builder(handTree(text, rows).words).build();
const labels = (nodes: SpanNode[] | undefined) => (nodes ?? []).map((n) => `${n.label}[${n.start},${n.end})`);

describe('Builder.build', () => {
  it('makes a conjunct with its own subject a clause beside the main one, its coordinator gray', () => {
    const spans = build('He sang and she danced.', [
      'He PRON PRP 2 nsubj',
      'sang VERB VBD 0 root Fin',
      'and CCONJ CC 5 cc',
      'she PRON PRP 5 nsubj',
      'danced VERB VBD 2 conj Fin SpaceAfter=No',
      '. PUNCT . 2 punct',
    ]);
    expect(labels(spans)).toEqual(['主句[0,2)', '并列句[2,6)']);
    expect(spans[1].gray).toEqual([2]);
    expect(labels(spans[1].children)).toEqual(['主语[3,4)', '谓语[4,5)']);
  });

  it('gives a conjunct without a subject its own 谓语 in the same clause', () => {
    const spans = build('She sang and danced.', [
      'She PRON PRP 2 nsubj',
      'sang VERB VBD 0 root Fin',
      'and CCONJ CC 4 cc',
      'danced VERB VBD 2 conj Fin SpaceAfter=No',
      '. PUNCT . 2 punct',
    ]);
    expect(labels(spans)).toEqual(['主句[0,5)']);
    expect(labels(spans[0].children)).toEqual(['主语[0,1)', '谓语[1,2)', '谓语[3,4)']);
  });

  it('makes a parataxis clause inside the main clause’s stretch a parenthesis in it', () => {
    const spans = build('The bank, he said, raised rates.', [
      'The DET DT 2 det',
      'bank NOUN NN 7 nsubj _ SpaceAfter=No',
      ', PUNCT , 5 punct',
      'he PRON PRP 5 nsubj',
      'said VERB VBD 7 parataxis Fin SpaceAfter=No',
      ', PUNCT , 5 punct',
      'raised VERB VBD 0 root Fin',
      'rates NOUN NNS 7 obj _ SpaceAfter=No',
      '. PUNCT . 7 punct',
    ]);
    expect(labels(spans)).toEqual(['主句[0,9)']);
    expect(labels(spans[0].children)).toEqual(['主语[0,2)', '插入语[3,5)', '谓语[6,7)', '宾语[7,8)']);
  });

  it('makes the 表语 of "What X was Y" a clause', () => {
    const spans = build('What he said was what he meant.', [
      'What PRON WP 7 nsubj:outer PronType=Rel',
      'he PRON PRP 3 nsubj',
      'said VERB VBD 1 acl:relcl Fin',
      'was AUX VBD 7 cop Fin',
      'what PRON WP 7 obj PronType=Rel',
      'he PRON PRP 7 nsubj',
      'meant VERB VBD 0 root Fin SpaceAfter=No',
      '. PUNCT . 7 punct',
    ]);
    expect(labels(spans[0].children)).toEqual(['主语[0,3)', '谓语[3,4)', '表语[4,7)']);
    expect(labels(spans[0].children?.[2].children)).toEqual(['表语从句[4,7)']);
  });

  it('answers a verbless root with a fragment and a tree without a root with nothing', () => {
    expect(build('Dear Nina,', ['Dear ADJ JJ 2 amod', 'Nina PROPN NNP 0 root _ SpaceAfter=No', ', PUNCT , 2 punct'])).toEqual([
      { start: 0, end: 3, label: '片段', highlight: [1] },
    ]);
    expect(build('a b', ['a X X 2 dep', 'b X X 1 dep'])).toEqual([]);
  });
});
