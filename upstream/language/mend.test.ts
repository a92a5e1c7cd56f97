import { describe, expect, it } from 'vitest';
import { mendTags, mendTree } from './mend';
import type { Arc } from './parser';

/** A parse written as "form UPOS XPOS head deprel", one word a line. */
function parsed(lines: string[]) {
  const rows = lines.map((line) => line.split(' '));
  return {
    forms: rows.map((r) => r[0]),
    tags: rows.map((r) => `${r[1]} ${r[2]}`),
    arcs: rows.map((r): Arc => ({ head: Number(r[3]), deprel: r[4], margin: 1 })),
  };
}
const heads = (arcs: Arc[]) => arcs.map((a) => `${a.head} ${a.deprel}`);

describe('mendTree: the pseudo-cleft', () => {
  it('makes the clause after "was" the root with the free relative its outer subject', () => {
    // The parse the models gave: "What" the root, the rest inside its relative clause.
    const { forms, tags, arcs } = parsed([
      'What PRON WP 0 root',
      'surprised VERB VBD 1 acl:relcl',
      'me PRON PRP 2 obj',
      'most ADJ JJS 2 xcomp',
      'was AUX VBD 6 cop',
      'how ADV WRB 2 ccomp',
      'quickly ADV RB 10 advmod',
      'the DET DT 9 det',
      'children NOUN NNS 10 nsubj',
      'learned VERB VBD 6 advcl:relcl',
      '. PUNCT . 1 punct',
    ]);
    expect(heads(mendTree(forms, tags, arcs))).toEqual([
      '10 nsubj:outer',
      '1 acl:relcl',
      '2 obj',
      '2 xcomp',
      '10 cop',
      '10 advmod',
      '10 advmod',
      '9 det',
      '10 nsubj',
      '0 root',
      '10 punct',
    ]);
  });

  it('makes the word after "was" the root when no clause follows', () => {
    const { forms, tags, arcs } = parsed([
      'What PRON WP 0 root',
      'he PRON PRP 3 nsubj',
      'said VERB VBD 1 acl:relcl',
      'was AUX VBD 5 cop',
      'true ADJ JJ 3 ccomp',
      '. PUNCT . 1 punct',
    ]);
    expect(heads(mendTree(forms, tags, arcs))).toEqual(['5 nsubj', '3 nsubj', '1 acl:relcl', '5 cop', '0 root', '5 punct']);
  });

  it('leaves every other tree as it is', () => {
    const question = parsed([
      'What PRON WP 4 obj',
      'do AUX VBP 4 aux',
      'you PRON PRP 4 nsubj',
      'want VERB VBP 0 root',
      '? PUNCT . 4 punct',
    ]);
    expect(mendTree(question.forms, question.tags, question.arcs)).toBe(question.arcs);
    const fragment = parsed(['What PRON WP 0 root', 'a DET DT 4 det', 'day NOUN NN 1 nsubj', '! PUNCT . 1 punct']);
    expect(mendTree(fragment.forms, fragment.tags, fragment.arcs)).toBe(fragment.arcs);
  });
});

describe('mendTags', () => {
  it('makes a past tense after have or be a participle, and one between a noun and a finite verb', () => {
    const tag = (xpos: string, upos = 'VERB') => ({ upos, xpos });
    const mended = mendTags(['was', 'invited'], [tag('VBD', 'AUX'), tag('VBD')]);
    expect(mended[1].xpos).toBe('VBN');
    const reduced = mendTags(['people', 'invited', 'came'], [tag('NNS', 'NOUN'), tag('VBD'), tag('VBD')]);
    expect(reduced.map((t) => t.xpos)).toEqual(['NNS', 'VBN', 'VBD']);
    const relative = mendTags(['I', 'saw', 'left'], [tag('PRP', 'PRON'), tag('VBD'), tag('VBD')]);
    expect(relative[1].xpos).toBe('VBD');
  });

  it('makes a present after a causative or perception verb and its object a bare infinitive', () => {
    const tag = (xpos: string, upos = 'VERB') => ({ upos, xpos });
    const made = mendTags(['made', 'the', 'students', 'write'], [tag('VBD'), tag('DT', 'DET'), tag('NNS', 'NOUN'), tag('VBP')]);
    expect(made[3]).toEqual({ upos: 'VERB', xpos: 'VB' });
    const saw = mendTags(['saw', 'him', 'leave'], [tag('VBD'), tag('PRP', 'PRON'), tag('VBP')]);
    expect(saw[2].xpos).toBe('VB');
    // A noun phrase and then a pronoun: a relative clause, left alone.
    const relative = mendTags(
      ['have', 'the', 'results', 'you', 'want'],
      [tag('VBP'), tag('DT', 'DET'), tag('NNS', 'NOUN'), tag('PRP', 'PRON'), tag('VBP')],
    );
    expect(relative[4].xpos).toBe('VBP');
    // Not after a verb of another kind.
    const other = mendTags(['told', 'the', 'men', 'work'], [tag('VBD'), tag('DT', 'DET'), tag('NNS', 'NOUN'), tag('VBP')]);
    expect(other[3].xpos).toBe('VBP');
  });
});
