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

describe('mendTree: an inverted do', () => {
  it('makes the verb after the subject the root and a fronted phrase without a verb its oblique', () => {
    // The models' parse: "noon" the root, the rest a relative clause on it.
    const { forms, tags, arcs } = parsed([
      'Not PART RB 3 advmod',
      'until SCONJ IN 3 mark',
      'noon NOUN NN 0 root',
      'did AUX VBD 7 aux',
      'the DET DT 6 det',
      'shop NOUN NN 7 nsubj',
      'open VERB VB 3 acl:relcl',
      '. PUNCT . 3 punct',
    ]);
    expect(heads(mendTree(forms, tags, arcs))).toEqual([
      '3 advmod',
      '3 case',
      '7 obl',
      '7 aux',
      '6 det',
      '7 nsubj',
      '0 root',
      '7 punct',
    ]);
  });

  it('hangs a fronted clause from the verb as an adverbial clause with its marker and subject', () => {
    const { forms, tags, arcs } = parsed([
      'Not PART RB 4 advmod',
      'until ADP IN 4 case',
      'the DET DT 4 det',
      'bell NOUN NN 0 root',
      'rang VERB VBD 4 acl',
      'did AUX VBD 9 aux',
      'the DET DT 8 det',
      'pupils NOUN NNS 9 nsubj',
      'leave VERB VB 5 ccomp',
      '. PUNCT . 4 punct',
    ]);
    expect(heads(mendTree(forms, tags, arcs))).toEqual([
      '5 advmod',
      '5 mark',
      '4 det',
      '5 nsubj',
      '9 advcl',
      '9 aux',
      '8 det',
      '9 nsubj',
      '0 root',
      '9 punct',
    ]);
  });

  it('takes a fronted noun out of the subject where the verb was already the root', () => {
    const { forms, tags, arcs } = parsed([
      'Not PART RB 7 advmod',
      'until SCONJ IN 3 mark',
      'evening NOUN NN 7 nsubj',
      'did AUX VBD 7 aux',
      'the DET DT 6 det',
      'rain NOUN NN 7 nsubj',
      'end VERB VB 0 root',
      '. PUNCT . 7 punct',
    ]);
    expect(heads(mendTree(forms, tags, arcs)).slice(0, 3)).toEqual(['3 advmod', '3 case', '7 obl']);
  });

  it('leaves do as a main verb alone', () => {
    const { forms, tags, arcs } = parsed([
      'Only ADV RB 4 advmod',
      'the DET DT 3 det',
      'teacher NOUN NN 4 nsubj',
      'did VERB VBD 0 root',
      'the DET DT 6 det',
      'marking NOUN NN 4 obj',
      '. PUNCT . 4 punct',
    ]);
    expect(mendTree(forms, tags, arcs)).toBe(arcs);
    // An opener, and a do later with no subject after it (EWT dev: "Not only are these people …,
    // but they just don't give a darn").
    const later = parsed([
      'Not PART RB 3 advmod',
      'only ADV RB 1 advmod',
      'fair ADJ JJ 0 root',
      ', PUNCT , 9 punct',
      'but CCONJ CC 9 cc',
      'they PRON PRP 9 nsubj',
      'do AUX VBP 9 aux',
      "n't PART RB 9 advmod",
      'care VERB VB 3 conj',
    ]);
    expect(mendTree(later.forms, later.tags, later.arcs)).toBe(later.arcs);
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
    // A noun after a pronoun object is a bare infinitive too, but not after make nor "her".
    const sprout = mendTags(['watched', 'them', 'sprout'], [tag('VBD'), tag('PRP', 'PRON'), tag('NN', 'NOUN')]);
    expect(sprout[2]).toEqual({ upos: 'VERB', xpos: 'VB' });
    const king = mendTags(['made', 'him', 'king'], [tag('VBD'), tag('PRP', 'PRON'), tag('NN', 'NOUN')]);
    expect(king[2].xpos).toBe('NN');
    const face = mendTags(['saw', 'her', 'face'], [tag('VBD'), tag('PRP', 'PRON'), tag('NN', 'NOUN')]);
    expect(face[2].xpos).toBe('NN');
  });

  it('makes a noun after a modal with its subject before it a verb, not the subject of an inverted one', () => {
    const tag = (xpos: string, upos = 'VERB') => ({ upos, xpos });
    const curse = mendTags(
      ['John', 'would', 'not', 'curse'],
      [tag('NNP', 'PROPN'), tag('MD', 'AUX'), tag('RB', 'PART'), tag('NN', 'NOUN')],
    );
    expect(curse[3]).toEqual({ upos: 'VERB', xpos: 'VB' });
    // "Would dinner work?", "so will terrorism", "Why would someone post": the noun is the subject.
    const question = mendTags(['Would', 'dinner', 'work'], [tag('MD', 'AUX'), tag('NN', 'NOUN'), tag('VB')]);
    expect(question[1].xpos).toBe('NN');
    const so = mendTags(['so', 'will', 'terrorism'], [tag('RB', 'ADV'), tag('MD', 'AUX'), tag('NN', 'NOUN')]);
    expect(so[2].xpos).toBe('NN');
    const why = mendTags(
      ['Why', 'would', 'someone', 'post'],
      [tag('WRB', 'ADV'), tag('MD', 'AUX'), tag('NN', 'PRON'), tag('VB')],
    );
    expect(why[2].xpos).toBe('NN');
  });

  it('makes a present verb after an article or a possessive determiner a noun', () => {
    const tag = (xpos: string, upos = 'VERB') => ({ upos, xpos });
    const leaves = mendTags(['drops', 'its', 'leaves'], [tag('VBZ'), tag('PRP$', 'PRON'), tag('VBZ')]);
    expect(leaves[2]).toEqual({ upos: 'NOUN', xpos: 'NNS' });
    const the = mendTags(['The', 'leaves', 'are', 'red'], [tag('DT', 'DET'), tag('VBZ'), tag('VBP', 'AUX'), tag('JJ', 'ADJ')]);
    expect(the[1]).toEqual({ upos: 'NOUN', xpos: 'NNS' });
    // "that leaves us": a pronoun, and a verb.
    const that = mendTags(['that', 'leaves', 'us'], [tag('DT', 'PRON'), tag('VBZ'), tag('PRP', 'PRON')]);
    expect(that[1].xpos).toBe('VBZ');
    // "let her go": "her" may be the object.
    const her = mendTags(['let', 'her', 'go'], [tag('VB'), tag('PRP$', 'PRON'), tag('VB')]);
    expect(her[2].xpos).toBe('VB');
  });

  it('makes a base or present verb right after a preposition a noun', () => {
    const tag = (xpos: string, upos = 'VERB') => ({ upos, xpos });
    const leave = mendTags(
      ['request', 'for', 'leave', 'to', 'look'],
      [tag('NN', 'NOUN'), tag('IN', 'ADP'), tag('VBP'), tag('TO', 'PART'), tag('VB')],
    );
    expect(leave[2]).toEqual({ upos: 'NOUN', xpos: 'NN' });
    expect(leave[4].xpos).toBe('VB');
    // A gerund after a preposition is a verb form it may take; "to" is no preposition here.
    const gerund = mendTags(['for', 'leaving'], [tag('IN', 'ADP'), tag('VBG')]);
    expect(gerund[1].xpos).toBe('VBG');
    const infinitive = mendTags(['want', 'to', 'leave'], [tag('VBP'), tag('TO', 'PART'), tag('VB')]);
    expect(infinitive[2].xpos).toBe('VB');
  });

  it("makes a noun or adjective right after the infinitive's to a verb, and leaves a preposition's noun alone", () => {
    const tag = (xpos: string, upos = 'VERB') => ({ upos, xpos });
    const filter = mendTags(
      ['used', 'to', 'filter', 'off', 'light'],
      [tag('VBN'), tag('TO', 'PART'), tag('NN', 'NOUN'), tag('RP', 'ADP'), tag('NN', 'NOUN')],
    );
    expect(filter[2]).toEqual({ upos: 'VERB', xpos: 'VB' });
    expect(filter[4].xpos).toBe('NN');
    const adverb = mendTags(['to', 'really', 'dress'], [tag('TO', 'PART'), tag('RB', 'ADV'), tag('NN', 'NOUN')]);
    expect(adverb[2].xpos).toBe('VB');
    const thin = mendTags(['began', 'to', 'thin'], [tag('VBD'), tag('TO', 'PART'), tag('JJ', 'ADJ')]);
    expect(thin[2]).toEqual({ upos: 'VERB', xpos: 'VB' });
    const school = mendTags(['went', 'to', 'school'], [tag('VBD'), tag('IN', 'ADP'), tag('NN', 'NOUN')]);
    expect(school[2].xpos).toBe('NN');
  });

  it('makes a noun right after a negated do a verb', () => {
    const tag = (xpos: string, upos = 'VERB') => ({ upos, xpos });
    const campaign = mendTags(
      ['offices', 'did', 'not', 'campaign'],
      [tag('NNS', 'NOUN'), tag('VBD', 'AUX'), tag('RB', 'PART'), tag('NN', 'NOUN')],
    );
    expect(campaign[3]).toEqual({ upos: 'VERB', xpos: 'VB' });
    const contracted = mendTags(
      ['do', "n't", 'really', 'exercise'],
      [tag('VBP', 'AUX'), tag('RB', 'PART'), tag('RB', 'ADV'), tag('NN', 'NOUN')],
    );
    expect(contracted[3].xpos).toBe('VB');
    // Not without the negation ("did the work", "did homework"), nor after another word's "not".
    const work = mendTags(['did', 'homework'], [tag('VBD'), tag('NN', 'NOUN')]);
    expect(work[1].xpos).toBe('NN');
    const reason = mendTags(['was', 'not', 'reason'], [tag('VBD', 'AUX'), tag('RB', 'PART'), tag('NN', 'NOUN')]);
    expect(reason[2].xpos).toBe('NN');
  });

  it('makes do the auxiliary and the word after its subject the verb after a negative opener', () => {
    const tag = (xpos: string, upos = 'VERB') => ({ upos, xpos });
    const shop = mendTags(
      ['Not', 'until', 'noon', 'did', 'the', 'shop', 'open', '.'],
      [
        tag('RB', 'PART'),
        tag('IN', 'SCONJ'),
        tag('NN', 'NOUN'),
        tag('VBD'),
        tag('DT', 'DET'),
        tag('NN', 'NOUN'),
        tag('JJ', 'ADJ'),
        tag('.', 'PUNCT'),
      ],
    );
    expect(shop[3]).toEqual({ upos: 'AUX', xpos: 'VBD' });
    expect(shop[6]).toEqual({ upos: 'VERB', xpos: 'VB' });
    // The verb taken into the subject as a noun (the weather change), adverbs after it.
    const weather = mendTags(
      ['Never', 'did', 'the', 'weather', 'change', 'so', 'fast', '.'],
      [
        tag('RB', 'ADV'),
        tag('VBD'),
        tag('DT', 'DET'),
        tag('NN', 'NOUN'),
        tag('NN', 'NOUN'),
        tag('RB', 'ADV'),
        tag('RB', 'ADV'),
        tag('.', 'PUNCT'),
      ],
    );
    expect(weather[4]).toEqual({ upos: 'VERB', xpos: 'VB' });
    // A clause before do keeps its past tense: Not until the bell rang | did …
    const bell = mendTags(
      ['Not', 'until', 'the', 'bell', 'rang', 'did', 'they', 'leave'],
      [
        tag('RB', 'PART'),
        tag('IN', 'SCONJ'),
        tag('DT', 'DET'),
        tag('NN', 'NOUN'),
        tag('VBD'),
        tag('VBD'),
        tag('PRP', 'PRON'),
        tag('VB'),
      ],
    );
    expect(bell[4].xpos).toBe('VBD');
    expect(bell[5].upos).toBe('AUX');
    // No opener, or no verb after the subject: left alone.
    const plain = [tag('DT', 'DET'), tag('NN', 'NOUN'), tag('VBD'), tag('DT', 'DET'), tag('NN', 'NOUN')];
    expect(mendTags(['The', 'teacher', 'did', 'the', 'marking'], plain)).toEqual(plain);
    const only = [
      tag('RB', 'ADV'),
      tag('DT', 'DET'),
      tag('NN', 'NOUN'),
      tag('VBD'),
      tag('DT', 'DET'),
      tag('NN', 'NOUN'),
      tag('.', 'PUNCT'),
    ];
    expect(mendTags(['Only', 'the', 'teacher', 'did', 'the', 'marking', '.'], only)).toEqual(only);
  });
});
