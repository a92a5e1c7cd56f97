import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { SpanNode } from '../../lib/contract';
import { readConllu } from '../language/conllu';
import { joinClitics, structureOfTree } from './structure-ud';
import { checkInvariants, findAll, handTree, headsOf } from './structure-test-support';

/*
 * Trees written by hand the way UD English EWT annotates such sentences (nsubj:outer for "What X
 * was Y", expl + csubj for "It is important that …", a free relative headed by its wh-word), in
 * the rows of handTree (structure-test-support.ts).
 */
const build = (text: string, rows: string[]) => {
  const s = structureOfTree(handTree(text, rows));
  expect(checkInvariants(s), text).toEqual([]);
  return s;
};
const words = (s: { words: string[] }, n: SpanNode | undefined) => (n ? s.words.slice(n.start, n.end).join(' ') : undefined);
const marked = (s: { words: string[] }, ids: number[] | undefined) => (ids ?? []).map((i) => s.words[i]);
const child = (n: SpanNode | undefined, label: string) => n?.children?.find((c) => c.label === label);

const trees: Record<string, string[]> = {
  'What surprised me most was how quickly the children learned.': [
    'What PRON WP 10 nsubj:outer PronType=Rel',
    'surprised VERB VBD 1 acl:relcl Fin',
    'me PRON PRP 2 obj',
    'most ADV RBS 2 advmod',
    'was AUX VBD 10 cop Fin',
    'how ADV WRB 7 advmod',
    'quickly ADV RB 10 advmod',
    'the DET DT 9 det',
    'children NOUN NNS 10 nsubj',
    'learned VERB VBD 0 root Fin SpaceAfter=No',
    '. PUNCT . 10 punct',
  ],
  'The bank raised rates again, a decision that pushed up borrowing costs.': [
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
  ],
  'They decided to encompass the whole brigade.': [
    'They PRON PRP 2 nsubj',
    'decided VERB VBD 0 root Fin',
    'to PART TO 4 mark',
    'encompass VERB VB 2 xcomp VerbForm=Inf',
    'the DET DT 7 det',
    'whole ADJ JJ 7 amod',
    'brigade NOUN NN 4 obj _ SpaceAfter=No',
    '. PUNCT . 2 punct',
  ],
  "i can't wait to see you": [
    'i PRON PRP 4 nsubj',
    "+2-3 can't",
    'ca AUX MD 4 aux VerbForm=Fin',
    "n't PART RB 4 advmod Polarity=Neg",
    'wait VERB VB 0 root VerbForm=Inf',
    'to PART TO 6 mark',
    'see VERB VB 4 xcomp VerbForm=Inf',
    'you PRON PRP 6 obj',
  ],
  'Tom and Mary are good friends.': [
    'Tom PROPN NNP 6 nsubj',
    'and CCONJ CC 3 cc',
    'Mary PROPN NNP 1 conj',
    'are AUX VBP 6 cop Fin',
    'good ADJ JJ 6 amod',
    'friends NOUN NNS 0 root _ SpaceAfter=No',
    '. PUNCT . 6 punct',
  ],
  'There is no proof.': [
    'There PRON EX 2 expl',
    'is VERB VBZ 0 root Fin',
    'no DET DT 4 det',
    'proof NOUN NN 2 nsubj _ SpaceAfter=No',
    '. PUNCT . 2 punct',
  ],
  'It is important that you come.': [
    'It PRON PRP 3 expl',
    'is AUX VBZ 3 cop Fin',
    'important ADJ JJ 0 root',
    'that SCONJ IN 6 mark',
    'you PRON PRP 6 nsubj',
    'come VERB VBP 3 csubj Fin SpaceAfter=No',
    '. PUNCT . 3 punct',
  ],
  'Never have I seen such a thing.': [
    'Never ADV RB 4 advmod',
    'have AUX VBP 4 aux Fin',
    'I PRON PRP 4 nsubj',
    'seen VERB VBN 0 root VerbForm=Part',
    'such DET PDT 7 det:predet',
    'a DET DT 7 det',
    'thing NOUN NN 4 obj _ SpaceAfter=No',
    '. PUNCT . 4 punct',
  ],
  'Dear Nina,': ['Dear ADJ JJ 2 amod', 'Nina PROPN NNP 0 root _ SpaceAfter=No', ', PUNCT , 2 punct'],
};
const of = (text: string) => build(text, trees[text]);

describe('structureOfTree', () => {
  it('makes a noun clause the subject and a clause the complement of "What … was how …"', () => {
    const s = of('What surprised me most was how quickly the children learned.');
    expect(s.spans.map((n) => n.label)).toEqual(['主句']);
    const main = s.spans[0];
    const subject = child(main, '主语');
    expect(words(s, subject)).toBe('What surprised me most');
    expect(subject?.highlight).toBeUndefined();
    expect(subject?.children?.map((n) => n.label)).toEqual(['主语从句']);
    expect(marked(s, child(main, '谓语')?.highlight)).toEqual(['was']);
    const complement = child(main, '表语');
    expect(words(s, complement)).toBe('how quickly the children learned');
    const clause = child(complement, '表语从句');
    expect(words(s, clause)).toBe('how quickly the children learned');
    expect(marked(s, child(clause, '主语')?.highlight)).toEqual(['children']);
    expect(marked(s, child(clause, '谓语')?.highlight)).toEqual(['learned']);
  });

  it('keeps an appositive after the object inside the one main clause, with its relative clause', () => {
    const s = of('The bank raised rates again, a decision that pushed up borrowing costs.');
    expect(s.spans.map((n) => n.label)).toEqual(['主句']);
    const main = s.spans[0];
    expect(marked(s, child(main, '宾语')?.highlight)).toEqual(['rates']);
    const appositive = child(main, '同位语');
    expect(words(s, appositive)).toBe('a decision that pushed up borrowing costs');
    expect(marked(s, appositive?.highlight)).toEqual(['decision']);
    const relative = child(appositive, '定语从句');
    expect(words(s, relative)).toBe('that pushed up borrowing costs');
    const predicate = child(relative, '谓语');
    expect(words(s, predicate)).toBe('pushed up');
    expect(marked(s, predicate?.highlight)).toEqual(['pushed']);
    expect(marked(s, child(relative, '宾语')?.highlight)).toEqual(['costs']);
    expect(marked(s, child(relative, '主语')?.highlight)).toEqual(['that']);
  });

  it('labels the object inside an infinitive that is itself the object', () => {
    const s = of('They decided to encompass the whole brigade.');
    const object = child(s.spans[0], '宾语');
    expect(words(s, object)).toBe('to encompass the whole brigade');
    const phrase = child(object, '不定式短语');
    expect(marked(s, phrase?.highlight)).toEqual(['encompass']);
    expect(marked(s, phrase?.gray)).toEqual(['to']);
    expect(marked(s, child(phrase, '宾语')?.highlight)).toEqual(['brigade']);
    expect(findAll(phrase?.children ?? [], (n) => n.label === '谓语')).toEqual([]);
  });

  it('joins the clitics back and finds the lower-case "i"', () => {
    const s = of("i can't wait to see you");
    expect(s.words).toEqual(['i', "can't", 'wait', 'to', 'see', 'you']);
    const main = s.spans[0];
    expect(marked(s, child(main, '主语')?.highlight)).toEqual(['i']);
    const predicate = child(main, '谓语');
    expect(words(s, predicate)).toBe("can't wait");
    expect(marked(s, predicate?.highlight)).toEqual(['wait']);
    expect(headsOf(s.words, s.spans, '宾语')).toEqual(['you']);
  });

  it('makes coordinated subjects one constituent with each name highlighted', () => {
    const s = of('Tom and Mary are good friends.');
    const subjects = findAll(s.spans, (n) => n.label === '主语');
    expect(subjects).toHaveLength(1);
    expect(words(s, subjects[0])).toBe('Tom and Mary');
    expect(marked(s, subjects[0].highlight)).toEqual(['Tom', 'Mary']);
    expect(marked(s, child(s.spans[0], '表语')?.highlight)).toEqual(['friends']);
    expect(marked(s, child(s.spans[0], '谓语')?.highlight)).toEqual(['are']);
  });

  it('labels expletive there and it 形式主语 and the subject they stand for 真正主语', () => {
    const there = of('There is no proof.');
    expect(headsOf(there.words, there.spans, '形式主语')).toEqual(['There']);
    expect(headsOf(there.words, there.spans, '真正主语')).toEqual(['proof']);
    expect(words(there, child(there.spans[0], '真正主语'))).toBe('no proof');
    expect(headsOf(there.words, there.spans, '主语')).toEqual([]);

    const it_ = of('It is important that you come.');
    const main = it_.spans[0];
    expect(marked(it_, child(main, '形式主语')?.highlight)).toEqual(['It']);
    const real = child(main, '真正主语');
    expect(words(it_, real)).toBe('that you come');
    expect(real?.children?.map((n) => n.label)).toEqual(['主语从句']);
    expect(marked(it_, real?.children?.[0].gray)).toEqual(['that']);
    expect(marked(it_, child(main, '表语')?.highlight)).toEqual(['important']);
  });

  it('takes a noun phrase set off by a comma after the clause as an appositive, though attached as an oblique', () => {
    const s = build('Rates rose again, a decision that hurt.', [
      'Rates NOUN NNS 2 nsubj',
      'rose VERB VBD 0 root Fin',
      'again ADV RB 2 advmod SpaceAfter=No',
      ', PUNCT , 6 punct',
      'a DET DT 6 det',
      'decision NOUN NN 2 obl',
      'that PRON WDT 8 nsubj',
      'hurt VERB VBD 6 acl:relcl Fin SpaceAfter=No',
      '. PUNCT . 2 punct',
    ]);
    const appositive = child(s.spans[0], '同位语');
    expect(words(s, appositive)).toBe('a decision that hurt');
    expect(child(s.spans[0], '状语') && words(s, child(s.spans[0], '状语'))).toBe('again');
    // With a preposition it stays an adverbial.
    const plain = build('Rates rose again, in a decision.', [
      'Rates NOUN NNS 2 nsubj',
      'rose VERB VBD 0 root Fin',
      'again ADV RB 2 advmod SpaceAfter=No',
      ', PUNCT , 7 punct',
      'in ADP IN 7 case',
      'a DET DT 7 det',
      'decision NOUN NN 2 obl SpaceAfter=No',
      '. PUNCT . 2 punct',
    ]);
    expect(child(plain.spans[0], '同位语')).toBeUndefined();
  });

  it('takes the that-clause of an expletive "it" as the real subject however the parser attached it', () => {
    for (const relation of ['advcl', 'ccomp']) {
      const s = build('It is important that you come.', [
        'It PRON PRP 3 expl',
        'is AUX VBZ 3 cop Fin',
        'important ADJ JJ 0 root',
        'that SCONJ IN 6 mark',
        'you PRON PRP 6 nsubj',
        `come VERB VBP 3 ${relation} Fin SpaceAfter=No`,
        '. PUNCT . 3 punct',
      ]);
      const real = child(s.spans[0], '真正主语');
      expect(words(s, real), relation).toBe('that you come');
      expect(real?.children?.map((n) => n.label)).toEqual(['主语从句']);
      expect(child(s.spans[0], '状语'), relation).toBeUndefined();
    }
    // A that-clause of a predicate whose subject is no expletive stays what it was.
    const plain = build('He was so tired that he slept.', [
      'He PRON PRP 4 nsubj',
      'was AUX VBD 4 cop Fin',
      'so ADV RB 4 advmod',
      'tired ADJ JJ 0 root',
      'that SCONJ IN 7 mark',
      'he PRON PRP 7 nsubj',
      'slept VERB VBD 4 advcl Fin SpaceAfter=No',
      '. PUNCT . 4 punct',
    ]);
    expect(child(plain.spans[0], '真正主语')).toBeUndefined();
  });

  it('labels "Never" of an inversion 状语 and splits the verb group around the subject', () => {
    const s = of('Never have I seen such a thing.');
    const main = s.spans[0];
    expect(words(s, main.children?.[0])).toBe('Never');
    expect(main.children?.[0].label).toBe('状语');
    expect(main.children?.map((n) => n.label)).toEqual(['状语', '谓语', '主语', '谓语', '宾语']);
    expect(headsOf(s.words, s.spans, '宾语')).toEqual(['thing']);
  });

  it('calls a verbless input a fragment, never an empty main clause', () => {
    const s = of('Dear Nina,');
    expect(s.spans).toEqual([{ start: 0, end: 3, label: '片段', highlight: [1] }]);
  });

  it.each([
    [
      'The bridge was built by the workers last year.',
      [
        'The DET DT 2 det',
        'bridge NOUN NN 4 nsubj:pass',
        'was AUX VBD 4 aux:pass Fin',
        'built VERB VBN 0 root VerbForm=Part',
        'by ADP IN 7 case',
        'the DET DT 7 det',
        'workers NOUN NNS 4 obl:agent',
        'last ADJ JJ 9 amod',
        'year NOUN NN 4 obl:unmarked',
        '. PUNCT . 4 punct',
      ],
      ['bridge'],
      [],
    ],
    [
      'She gave me a book.',
      [
        'She PRON PRP 2 nsubj',
        'gave VERB VBD 0 root Fin',
        'me PRON PRP 2 iobj',
        'a DET DT 5 det',
        'book NOUN NN 2 obj',
        '. PUNCT . 2 punct',
      ],
      ['she'],
      ['book'],
    ],
    [
      'I think that he is right.',
      [
        'I PRON PRP 2 nsubj',
        'think VERB VBP 0 root Fin',
        'that SCONJ IN 6 mark',
        'he PRON PRP 6 nsubj',
        'is AUX VBZ 6 cop Fin',
        'right ADJ JJ 2 ccomp',
        '. PUNCT . 2 punct',
      ],
      ['i', 'he'],
      [],
    ],
    [
      'He left because he was tired.',
      [
        'He PRON PRP 2 nsubj',
        'left VERB VBD 0 root Fin',
        'because SCONJ IN 6 mark',
        'he PRON PRP 6 nsubj',
        'was AUX VBD 6 cop Fin',
        'tired ADJ JJ 2 advcl',
        '. PUNCT . 2 punct',
      ],
      ['he', 'he'],
      [],
    ],
    [
      'The news that he won surprised us.',
      [
        'The DET DT 2 det',
        'news NOUN NN 6 nsubj',
        'that SCONJ IN 5 mark',
        'he PRON PRP 5 nsubj',
        'won VERB VBD 2 acl Fin',
        'surprised VERB VBD 0 root Fin',
        'us PRON PRP 6 obj',
        '. PUNCT . 6 punct',
      ],
      ['news', 'he'],
      ['us'],
    ],
    [
      'My brother, a doctor, lives in Beijing.',
      [
        'My PRON PRP$ 2 nmod:poss',
        'brother NOUN NN 7 nsubj',
        ', PUNCT , 5 punct',
        'a DET DT 5 det',
        'doctor NOUN NN 2 appos',
        ', PUNCT , 5 punct',
        'lives VERB VBZ 0 root Fin',
        'in ADP IN 9 case',
        'Beijing PROPN NNP 7 obl',
        '. PUNCT . 7 punct',
      ],
      ['brother'],
      [],
    ],
    [
      'The man standing there is my teacher.',
      [
        'The DET DT 2 det',
        'man NOUN NN 7 nsubj',
        'standing VERB VBG 2 acl VerbForm=Ger',
        'there ADV RB 3 advmod',
        'is AUX VBZ 7 cop Fin',
        'my PRON PRP$ 7 nmod:poss',
        'teacher NOUN NN 0 root',
        '. PUNCT . 7 punct',
      ],
      ['man'],
      [],
    ],
    [
      'She has been working here since 2010.',
      [
        'She PRON PRP 4 nsubj',
        'has AUX VBZ 4 aux Fin',
        'been AUX VBN 4 aux VerbForm=Part',
        'working VERB VBG 0 root VerbForm=Part',
        'here ADV RB 4 advmod',
        'since ADP IN 7 case',
        '2010 NUM CD 4 obl',
        '. PUNCT . 4 punct',
      ],
      ['she'],
      [],
    ],
    [
      'What he said surprised everyone.',
      [
        'What PRON WP 4 nsubj PronType=Rel',
        'he PRON PRP 3 nsubj',
        'said VERB VBD 1 acl:relcl Fin',
        'surprised VERB VBD 0 root Fin',
        'everyone PRON NN 4 obj',
        '. PUNCT . 4 punct',
      ],
      ['he'],
      ['what', 'everyone'],
    ],
    [
      'If it rains tomorrow, we will stay at home.',
      [
        'If SCONJ IN 3 mark',
        'it PRON PRP 3 nsubj',
        'rains VERB VBZ 8 advcl Fin',
        'tomorrow NOUN NN 3 obl:unmarked',
        ', PUNCT , 3 punct',
        'we PRON PRP 8 nsubj',
        'will AUX MD 8 aux VerbForm=Fin',
        'stay VERB VB 0 root VerbForm=Inf',
        'at ADP IN 10 case',
        'home NOUN NN 8 obl',
        '. PUNCT . 8 punct',
      ],
      ['it', 'we'],
      [],
    ],
    [
      'The company announced a sharp rise in its profits on Monday.',
      [
        'The DET DT 2 det',
        'company NOUN NN 3 nsubj',
        'announced VERB VBD 0 root Fin',
        'a DET DT 6 det',
        'sharp ADJ JJ 6 amod',
        'rise NOUN NN 3 obj',
        'in ADP IN 9 case',
        'its PRON PRP$ 9 nmod:poss',
        'profits NOUN NNS 6 nmod',
        'on ADP IN 11 case',
        'Monday PROPN NNP 3 obl',
        '. PUNCT . 3 punct',
      ],
      ['company'],
      ['rise'],
    ],
    [
      'Scientists believe the new vaccine will save many lives.',
      [
        'Scientists NOUN NNS 2 nsubj',
        'believe VERB VBP 0 root Fin',
        'the DET DT 5 det',
        'new ADJ JJ 5 amod',
        'vaccine NOUN NN 7 nsubj',
        'will AUX MD 7 aux VerbForm=Fin',
        'save VERB VB 2 ccomp VerbForm=Inf',
        'many ADJ JJ 9 amod',
        'lives NOUN NNS 7 obj',
        '. PUNCT . 2 punct',
      ],
      ['scientists', 'vaccine'],
      ['lives'],
    ],
    [
      'The students who passed the exam received a prize.',
      [
        'The DET DT 2 det',
        'students NOUN NNS 7 nsubj',
        'who PRON WP 4 nsubj PronType=Rel',
        'passed VERB VBD 2 acl:relcl Fin',
        'the DET DT 6 det',
        'exam NOUN NN 4 obj',
        'received VERB VBD 0 root Fin',
        'a DET DT 9 det',
        'prize NOUN NN 7 obj',
        '. PUNCT . 7 punct',
      ],
      ['students', 'who'],
      ['exam', 'prize'],
    ],
  ])('finds the subject and object heads of %s', (text, rows, subjects, objects) => {
    const s = build(text, rows);
    const heads = (label: string) =>
      headsOf(s.words, s.spans, label)
        .map((w) => w.toLowerCase())
        .sort();
    expect(heads('主语')).toEqual([...subjects].sort());
    expect(heads('宾语')).toEqual([...objects].sort());
  });

  it('names the clauses by their relation and marker', () => {
    const labels = (text: string, rows: string[]) => findAll(build(text, rows).spans, () => true).map((n) => n.label);
    expect(
      labels('He left because he was tired.', [
        'He PRON PRP 2 nsubj',
        'left VERB VBD 0 root Fin',
        'because SCONJ IN 6 mark',
        'he PRON PRP 6 nsubj',
        'was AUX VBD 6 cop Fin',
        'tired ADJ JJ 2 advcl',
        '. PUNCT . 2 punct',
      ]),
    ).toContain('原因状语从句');
    expect(
      labels('The news that he won surprised us.', [
        'The DET DT 2 det',
        'news NOUN NN 6 nsubj',
        'that SCONJ IN 5 mark',
        'he PRON PRP 5 nsubj',
        'won VERB VBD 2 acl Fin',
        'surprised VERB VBD 0 root Fin',
        'us PRON PRP 6 obj',
        '. PUNCT . 6 punct',
      ]),
    ).toContain('同位语从句');
    expect(
      labels('My father, who is a teacher, likes reading.', [
        'My PRON PRP$ 2 nmod:poss',
        'father NOUN NN 9 nsubj',
        ', PUNCT , 7 punct',
        'who PRON WP 7 nsubj PronType=Rel',
        'is AUX VBZ 7 cop Fin',
        'a DET DT 7 det',
        'teacher NOUN NN 2 acl:relcl',
        ', PUNCT , 7 punct',
        'likes VERB VBZ 0 root Fin',
        'reading NOUN NN 9 obj',
        '. PUNCT . 9 punct',
      ]),
    ).toContain('非限制性定语从句');
    expect(
      labels('The man standing there is my teacher.', [
        'The DET DT 2 det',
        'man NOUN NN 7 nsubj',
        'standing VERB VBG 2 acl VerbForm=Ger',
        'there ADV RB 3 advmod',
        'is AUX VBZ 7 cop Fin',
        'my PRON PRP$ 7 nmod:poss',
        'teacher NOUN NN 0 root',
        '. PUNCT . 7 punct',
      ]),
    ).toContain('现在分词短语');
    const both = build('I came, and she left.', [
      'I PRON PRP 2 nsubj',
      'came VERB VBD 0 root Fin _ SpaceAfter=No',
      ', PUNCT , 6 punct',
      'and CCONJ CC 6 cc',
      'she PRON PRP 6 nsubj',
      'left VERB VBD 2 conj Fin SpaceAfter=No',
      '. PUNCT . 2 punct',
    ]);
    expect(both.spans.map((n) => n.label)).toEqual(['主句', '并列句']);
    expect(marked(both, both.spans[1].gray)).toEqual(['and']);
  });

  it('joins clitics and the parts of a hyphenated word only where no space came between', () => {
    const w = (form: string, noSpaceAfter = false) => ({ form, noSpaceAfter });
    expect(
      joinClitics([w('company', true), w("'s"), w('wo', true), w('n’t'), w('Al', true), w('-', true), w('Qaeda'), w("'s")]),
    ).toEqual({
      words: ["company's", 'won’t', 'Al-Qaeda', "'s"],
      positions: [0, 0, 1, 1, 2, 2, 2, 3],
    });
    expect(joinClitics([w('gon', true), w('na'), w('end', true), w('.'), w('can', true), w('not')]).words).toEqual([
      'gonna',
      'end',
      '.',
      'cannot',
    ]);
  });

  it('keeps the invariants and never throws on 200 sentences of EWT dev', () => {
    const sample = readConllu(readFileSync(new URL('./fixtures/ewt-dev-sample.conllu', import.meta.url), 'utf8'));
    expect(sample).toHaveLength(200);
    let labelled = 0;
    for (const t of sample) {
      const s = structureOfTree(t);
      expect(checkInvariants(s), t.text).toEqual([]);
      expect(s.spans.length, t.text).toBeGreaterThan(0);
      if (findAll(s.spans, (n) => n.label === '主语').length) labelled++;
    }
    expect(labelled).toBeGreaterThan(100);
  });

  it('answers a tree it cannot read with one fragment', () => {
    const broken = handTree('a b', ['a X X 2 dep', 'b X X 1 dep']);
    expect(structureOfTree(broken).spans).toEqual([{ start: 0, end: 2, label: '片段' }]);
    expect(structureOfTree({ text: '', words: [] })).toEqual({ words: [], spans: [] });
  });
});
