import { describe, expect, it } from 'vitest';
import { handTree } from './structure-test-support';
import { adverbialLabel, clauseLabel, phraseLabel, relativeLabel } from './structure-ud-labels';
import { UdTree } from './structure-ud-tree';

const read = (text: string, rows: string[]) => new UdTree(handTree(text, rows).words);

describe('clauseLabel', () => {
  it('names a relative clause by the comma before it', () => {
    const restrictive = read('The man who lives here is a doctor.', [
      'The DET DT 2 det',
      'man NOUN NN 8 nsubj',
      'who PRON WP 4 nsubj',
      'lives VERB VBZ 2 acl:relcl Fin',
      'here ADV RB 4 advmod',
      'is AUX VBZ 8 cop Fin',
      'a DET DT 8 det',
      'doctor NOUN NN 0 root _ SpaceAfter=No',
      '. PUNCT . 8 punct',
    ]);
    expect(clauseLabel(restrictive, 3, '定语')).toBe('定语从句');
    const nonRestrictive = read('My father, who is a teacher, smiled.', [
      'My PRON PRP$ 2 nmod:poss',
      'father NOUN NN 9 nsubj _ SpaceAfter=No',
      ', PUNCT , 7 punct',
      'who PRON WP 7 nsubj',
      'is AUX VBZ 7 cop Fin',
      'a DET DT 7 det',
      'teacher NOUN NN 2 acl:relcl _ SpaceAfter=No',
      ', PUNCT , 7 punct',
      'smiled VERB VBD 0 root Fin SpaceAfter=No',
      '. PUNCT . 9 punct',
    ]);
    expect(relativeLabel(nonRestrictive, 6)).toBe('非限制性定语从句');
  });

  it('names an adverbial clause by its opener, and a noun clause by its function', () => {
    const t = read('He said that he left when I came.', [
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
    expect(adverbialLabel(t, 7)).toBe('时间状语从句');
    expect(clauseLabel(t, 7, '状语')).toBe('时间状语从句');
    expect(clauseLabel(t, 4, '宾语')).toBe('宾语从句');
    expect(clauseLabel(t, 4, '真正主语')).toBe('主语从句');
    expect(clauseLabel(t, 1, '主句')).toBe('主句');
  });

  it('names a that-clause on a noun an appositive clause', () => {
    const t = read('The news that he won surprised us.', [
      'The DET DT 2 det',
      'news NOUN NN 6 nsubj',
      'that SCONJ IN 5 mark',
      'he PRON PRP 5 nsubj',
      'won VERB VBD 2 acl Fin',
      'surprised VERB VBD 0 root Fin',
      'us PRON PRP 6 obj _ SpaceAfter=No',
      '. PUNCT . 6 punct',
    ]);
    expect(clauseLabel(t, 4, '定语')).toBe('同位语从句');
  });
});

describe('phraseLabel', () => {
  const t = read('Having finished, she decided to rest, her work done.', [
    'Having AUX VBG 2 aux VerbForm=Ger',
    'finished VERB VBN 5 advcl VerbForm=Part SpaceAfter=No',
    ', PUNCT , 2 punct',
    'she PRON PRP 5 nsubj',
    'decided VERB VBD 0 root Fin',
    'to PART TO 7 mark',
    'rest VERB VB 5 xcomp VerbForm=Inf SpaceAfter=No',
    ', PUNCT , 11 punct',
    'her PRON PRP$ 10 nmod:poss',
    'work NOUN NN 11 nsubj',
    'done VERB VBN 5 advcl VerbForm=Part SpaceAfter=No',
    '. PUNCT . 5 punct',
  ]);

  it('names a non-finite phrase by its first verb word, its "to" and its subject', () => {
    expect(phraseLabel(t, 6, '宾语')).toBe('不定式短语');
    expect(phraseLabel(t, 1, '状语')).toBe('现在分词短语');
    expect(phraseLabel(t, 1, '主语')).toBe('动名词短语');
    expect(phraseLabel(t, 10, '状语')).toBe('独立主格结构');
    // Without its subject (excluded), the participle names the phrase.
    expect(phraseLabel(t, 10, '状语', new Set([9]))).toBe('过去分词短语');
  });
});
