import { describe, expect, it } from 'vitest';
import type { FormReading } from '../language/senses';
import type { UdWord } from '../language/ud';
import { parsedSentence } from '../../tests/support/bank-senses';
import { annotatorsPassive, annotatorsReading } from './annotators-reading';
import type { LemmaCandidate, LemmaForm } from './lemmas';

const candidate = (lemma: string, form: LemmaForm = 'word'): LemmaCandidate => ({
  lemma,
  pos: new Set(['a', 'r']),
  identity: form === 'word',
  form,
});
const tree = (upos: string, form = 'later'): { words: UdWord[]; target: number } => ({
  words: [{ form, lemma: form, upos, xpos: 'RB', feats: {}, head: 0, deprel: 'root' }],
  target: 0,
});
/** A sense model that knows these readings of every form. */
const model = (...readings: FormReading[]) => ({ readingsOf: () => readings });

describe("SemCor's annotators' reading of a form", () => {
  const later = [candidate('later'), candidate('late', 'inflection')];

  it('decides the lemma and part of speech where they read the form one way often enough', () => {
    const reading = model({ lemma: 'later', pos: 'r', count: 8 }, { lemma: 'late', pos: 'a', count: 2 });
    expect(annotatorsReading(later, tree('ADV'), reading)).toEqual({ lemma: 'later', pos: 'r' });
    const compound = model({ lemma: 'ice_cream', pos: 'n', count: 5 });
    expect(annotatorsReading([candidate('ice cream')], tree('NOUN', 'ice-cream'), compound)).toEqual({
      lemma: 'ice cream',
      pos: 'n',
    });
  });

  it('decides nothing against the part of speech the parse is sure of', () => {
    const reading = model({ lemma: 'later', pos: 's', count: 8 });
    expect(annotatorsReading(later, tree('ADJ'), reading, 'a')).toEqual({ lemma: 'later', pos: 'a' });
    expect(annotatorsReading(later, tree('ADJ'), reading, 'r')).toBeUndefined();
  });

  it("reads an adverb the tree hangs on a noun by their reading of the form's adjective tag", () => {
    const byTag = {
      readingsOf: (_form: string, tag: string) =>
        tag === 'JJR' ? [{ lemma: 'later', pos: 's', count: 6 }] : [{ lemma: 'later', pos: 'r', count: 9 }],
    };
    const modifier = { words: [{ ...tree('ADV').words[0], xpos: 'RBR', deprel: 'amod', head: 2 }], target: 0 };
    expect(annotatorsReading(later, modifier, byTag)).toEqual({ lemma: 'later', pos: 'a' });
    const adverb = { words: [{ ...tree('ADV').words[0], xpos: 'RBR', deprel: 'advmod', head: 2 }], target: 0 };
    expect(annotatorsReading(later, adverb, byTag)).toEqual({ lemma: 'later', pos: 'r' });
  });

  it('reads "next" before "to" by their reading of its adjective tag', () => {
    const byTag = {
      readingsOf: (_form: string, tag: string) =>
        tag === 'JJ' ? [{ lemma: 'next', pos: 's', count: 30 }] : [{ lemma: 'next', pos: 'r', count: 40 }],
    };
    const next = [candidate('next')];
    const word = { ...tree('ADV', 'next').words[0], deprel: 'case', head: 3 };
    const to = { ...word, form: 'to', lemma: 'to', upos: 'ADP', xpos: 'IN' };
    expect(annotatorsReading(next, { words: [word, to], target: 0 }, byTag)).toEqual({ lemma: 'next', pos: 'a' });
    expect(annotatorsReading(next, { words: [word], target: 0 }, byTag)).toEqual({ lemma: 'next', pos: 'r' });
  });

  it("reads a noun's modifier and an adjective standing for its noun by their reading of the construction first", () => {
    // "the west harbor": as a modifier they read "west" as the adjective, as a noun everywhere else.
    const byTag = {
      readingsOf: (_form: string, tag: string) =>
        tag === 'MOD' ? [{ lemma: 'west', pos: 's', count: 4 }] : [{ lemma: 'west', pos: 'n', count: 16 }],
    };
    const west = [candidate('west')];
    const word = (form: string, xpos: string, deprel: string, head: number): UdWord => ({
      form,
      lemma: form,
      upos: xpos === 'JJ' ? 'ADJ' : 'NOUN',
      xpos,
      feats: {},
      head,
      deprel,
    });
    const modifier = {
      words: [word('the', 'DT', 'det', 3), word('west', 'NN', 'compound', 3), word('harbor', 'NN', 'root', 0)],
      target: 1,
    };
    // Link Grammar's noun is what it makes of any modifier: the construction's adjective stands.
    expect(annotatorsReading(west, modifier, byTag, 'n')).toEqual({ lemma: 'west', pos: 'a' });
    // Not a verb the parse is sure of; then the form's own reading decides, against the parse too.
    expect(annotatorsReading(west, modifier, byTag, 'v')).toBeUndefined();
    // Standing alone, "west" is their noun.
    const head = { words: [word('the', 'DT', 'det', 2), word('west', 'NN', 'root', 0)], target: 1 };
    expect(annotatorsReading(west, head, byTag)).toEqual({ lemma: 'west', pos: 'n' });
    // "The latter plays": an adjective as a subject.
    const latter = [candidate('latter')];
    const asNoun = {
      readingsOf: (_form: string, tag: string) =>
        tag === 'NOM' ? [{ lemma: 'latter', pos: 'a', count: 34 }] : [{ lemma: 'latter', pos: 'n', count: 5 }],
    };
    const subject = {
      words: [word('the', 'DT', 'det', 2), word('latter', 'JJ', 'nsubj', 3), word('plays', 'VBZ', 'root', 0)],
      target: 1,
    };
    expect(annotatorsReading(latter, subject, asNoun, 'n')).toEqual({ lemma: 'latter', pos: 'a' });
  });

  it('decides nothing where they were split, saw the form too rarely, or read it as another lemma', () => {
    expect(
      annotatorsReading(later, tree('ADV'), model({ lemma: 'later', pos: 'r', count: 5 }, { lemma: 'late', pos: 'r', count: 4 })),
    ).toBeUndefined();
    expect(annotatorsReading(later, tree('ADV'), model({ lemma: 'later', pos: 'r', count: 2 }))).toBeUndefined();
    expect(annotatorsReading(later, tree('ADV'), model({ lemma: 'lateness', pos: 'n', count: 9 }))).toBeUndefined();
  });

  it('leaves participles and gerunds to the product, closed classes and missing trees or models alone', () => {
    const reading = model({ lemma: 'impair', pos: 'v', count: 9 });
    const impaired = [candidate('impair', 'verb-participle'), candidate('impaired', 'participle-adjective')];
    expect(annotatorsReading(impaired, tree('VERB', 'impaired'), reading)).toBeUndefined();
    expect(annotatorsReading([candidate('impair')], tree('VERB', 'impaired'), reading)).toEqual({ lemma: 'impair', pos: 'v' });
    expect(annotatorsReading([candidate('impair')], tree('DET', 'impaired'), reading)).toBeUndefined();
    expect(annotatorsReading(later, undefined, reading)).toBeUndefined();
    expect(annotatorsReading(later, tree('ADV'), null)).toBeUndefined();
  });
});

describe("SemCor's annotators' reading of a passive participle", () => {
  const passive = {
    words: parsedSentence('it/it/PRON/PRP/3/nsubj:pass was/be/AUX/VBD/3/aux:pass renewed/renew/VERB/VBN/0/root'),
    target: 2,
  };
  const perfect = {
    words: parsedSentence('they/they/PRON/PRP/3/nsubj have/have/AUX/VBP/3/aux renewed/renew/VERB/VBN/0/root'),
    target: 2,
  };
  const verb = (count: number) => ({ lemma: 'renew', pos: 'v', count });
  const adjective = (count: number) => ({ lemma: 'renewed', pos: 'a', count });

  it('is the verb where they read it so at least twice as often, else the adjective', () => {
    expect(annotatorsPassive(passive, model(verb(6), adjective(3)))).toBe('v');
    expect(annotatorsPassive(passive, model(verb(12), adjective(10)))).toBe('a');
    expect(annotatorsPassive(passive, model(adjective(4)))).toBe('a');
  });

  it('says nothing without a passive, a model, or three readings', () => {
    expect(annotatorsPassive(perfect, model(verb(9)))).toBeUndefined();
    expect(annotatorsPassive(passive, null)).toBeUndefined();
    expect(annotatorsPassive(undefined, model(verb(9)))).toBeUndefined();
    expect(annotatorsPassive(passive, model(verb(1), adjective(1)))).toBeUndefined();
  });
});
