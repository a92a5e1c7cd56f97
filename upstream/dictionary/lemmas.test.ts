import { describe, expect, it } from 'vitest';
import { openEcdict } from './ecdict';
import { createLemmatizer } from './lemmas';
import { openWordNet } from './wordnet';

const lemmatizer = createLemmatizer(openWordNet(), openEcdict());
const lemmas = (w: string) =>
  lemmatizer
    .candidates(w)
    .map((c) => c.lemma)
    .sort();
const posOf = (w: string, lemma: string) => [...(lemmatizer.candidates(w).find((c) => c.lemma === lemma)?.pos ?? [])].sort();

describe('lemmas of a surface form', () => {
  it('finds every lemma a form can be', () => {
    expect(lemmas('leaves')).toEqual(['leaf', 'leave']);
    expect(lemmas('saw')).toEqual(['saw', 'see']);
    expect(lemmas('better')).toEqual(['better', 'good']);
    expect(lemmas('ran')).toEqual(['run']);
    expect(lemmas('went')).toEqual(['go']);
    expect(lemmas('children')).toEqual(['child']);
    expect(lemmas('stopped')).toContain('stop');
    expect(lemmas('the')).toEqual(['the']);
    expect(lemmas('qzxv')).toEqual([]);
    // ECDICT gives "favored" the base "favore", a row of no frequency; WordNet's verb favor stands.
    expect(lemmas('favored')).toEqual(['favor', 'favored']);
    // ECDICT's row for "has" names have: it is no plural of "ha", nor "uses" of "us".
    expect(lemmas('has')).toEqual(['have']);
    expect(lemmas('uses')).toEqual(['use']);
    // A row whose Chinese only names its base ("wake的过去式和过去分词") is that base's form.
    expect(lemmas('waked')).toEqual(['wake']);
    expect(lemmatizer.candidates('waked')[0].form).toBe('verb-participle');
    expect(lemmas('counseled')).toEqual(['counsel']);
  });

  it('knows which part of speech the form has for each lemma', () => {
    expect(posOf('leaves', 'leaf')).toEqual(['n']);
    expect(posOf('leaves', 'leave')).toEqual(['n', 'v']);
    expect(posOf('saw', 'see')).toEqual(['v']);
    expect(posOf('ran', 'run')).toEqual(['v']);
    expect(posOf('better', 'good')).toContain('a');
    expect(posOf('the', 'the')).toEqual(['x']);
  });

  it('handles case, possessives and curly apostrophes', () => {
    expect(lemmas('Bank')).toEqual(['bank']);
    expect(lemmas("river's")).toContain('river');
    expect(lemmas('don’t')).toEqual(["don't"]);
  });

  it('ranks without context by WordNet frequency', () => {
    expect(lemmatizer.ranked('saw')[0].lemma).toBe('see');
    expect(lemmatizer.ranked('went')[0].lemma).toBe('go');
  });

  it('lists the forms of a lemma', () => {
    expect(lemmatizer.formsOf('run').sort()).toEqual(['ran', 'run', 'running', 'runs']);
    expect(lemmatizer.formsOf('good')).toEqual(expect.arrayContaining(['good', 'better', 'best']));
    expect(lemmatizer.formsOf('see')).toEqual(expect.arrayContaining(['saw', 'seen', 'seeing', 'sees']));
    expect(lemmatizer.formsOf('Leaf')).toEqual(expect.arrayContaining(['leaf', 'leaves']));
  });

  it('normalizes words for matching glosses and sentences', () => {
    expect(lemmatizer.keysOf('deposits')).toEqual(lemmatizer.keysOf('deposit'));
    expect(lemmatizer.keysOf('stopped')).toContain('stop');
    expect(lemmatizer.keysOf('organization')).not.toContain('organ');
    expect(lemmatizer.keysOf('ran')).toEqual(lemmatizer.keysOf('run'));
    expect(lemmatizer.keysOf('deposited')).toEqual(['deposit']);
    expect(lemmatizer.keysOf('leaves').sort()).toEqual(['leaf', 'leave']);
    expect(lemmatizer.keysOf('plane')).not.toContain('plan');
  });

  it('does not take a word of its own for a regular form of a shorter one', () => {
    expect(lemmas('bed')).toEqual(['bed']);
    expect(lemmas('singing')).toEqual(['sing', 'singing']);
    expect(lemmas('rates')).not.toContain('rat');
    expect(lemmas('stopped')).toContain('stop');
  });

  it('finds the base of an American spelling and of a form whose ECDICT row names no real base', () => {
    // ECDICT lists the British "travelled", "signalling" and names "travele", "nobl" as bases.
    expect(lemmas('traveled')).toEqual(['travel', 'traveled']);
    expect(formsOf('traveling')).toMatchObject({ travel: 'verb-participle' });
    expect(lemmas('signaling')).toContain('signal');
    expect(lemmas('kidnaped')).toContain('kidnap');
    expect(lemmas('noblest')).toEqual(['noble']);
    expect(lemmas('bitterest')).toEqual(['bitter']);
  });
});

const formsOf = (w: string) => Object.fromEntries(lemmatizer.candidates(w).map((c) => [c.lemma, c.form]));

describe('participles and gerunds', () => {
  it('offers a participial adjective beside its verb, and says which is which', () => {
    expect(formsOf('impaired')).toEqual({ impaired: 'participle-adjective', impair: 'verb-participle' });
    expect(formsOf('retired')).toEqual({ retired: 'participle-adjective', retire: 'verb-participle' });
    expect(formsOf('required')).toEqual({ required: 'participle-adjective', require: 'verb-participle' });
    expect(formsOf('interested')).toEqual({ interested: 'participle-adjective', interest: 'verb-participle' });
    expect(formsOf('puzzled')).toEqual({ puzzled: 'participle-adjective', puzzle: 'verb-participle' });
    expect(formsOf('limited')).toEqual({ limited: 'participle-adjective', limit: 'verb-participle' });
    expect(formsOf('worried')).toEqual({ worried: 'participle-adjective', worry: 'verb-participle' });
    expect(formsOf('broken')).toEqual({ broken: 'participle-adjective', break: 'verb-participle' });
    expect(formsOf('boring')).toEqual({ boring: 'participle-adjective', bore: 'verb-participle' });
  });

  it('offers an -ing noun beside its verb', () => {
    expect(formsOf('swearing')).toEqual({ swearing: 'gerund-noun', swear: 'verb-participle' });
    expect(formsOf('building')).toEqual({ building: 'gerund-noun', build: 'verb-participle' });
    expect(formsOf('reading')).toEqual({ reading: 'gerund-noun', read: 'verb-participle' });
    expect(formsOf('meeting')).toEqual({ meeting: 'gerund-noun', meet: 'verb-participle' });
  });

  it('tells a past tense or plural from a participle', () => {
    expect(formsOf('went')).toEqual({ go: 'inflection' });
    expect(formsOf('saw')).toEqual({ saw: 'word', see: 'inflection' });
    expect(formsOf('leaves')).toEqual({ leaf: 'inflection', leave: 'inflection' });
    expect(formsOf('bank')).toEqual({ bank: 'word' });
  });
});

describe('hyphenated words and compounds', () => {
  it('looks a hyphenated word up whole as WordNet spells it', () => {
    expect(lemmas('well-known')).toEqual(['well-known']);
    expect(lemmas('three-dimensional')).toEqual(['three-dimensional']);
    expect(lemmas('e-mail')).toEqual(['e-mail']);
    expect(lemmas('rat-hole')).toEqual(['rathole']);
    expect(lemmas('guinea-pigs')).toEqual(['guinea pig']);
    expect(lemmas('second-hand')).toContain('secondhand');
    expect(lemmas('x-rays')).toEqual(['x-ray']);
  });

  it('keeps a hyphenated word that only ECDICT has, when it has Chinese of its own', () => {
    expect(lemmas('world-famous')).toEqual(['world-famous']);
    // ECDICT's "first term" is a subject-field line only ("[计] 首项").
    expect(lemmas('first-term')).toEqual([]);
  });

  it('finds the head of a compound the dictionaries lack', () => {
    expect(lemmas('three-story')).toEqual([]);
    const head = lemmatizer.compoundHead('three-story');
    expect(head.map((c) => c.lemma)).toEqual(['story']);
    expect(head[0]).toMatchObject({ form: 'compound-head', compound: 'three-story' });
    expect(lemmatizer.compoundHead('first-term').map((c) => c.lemma)).toEqual(['term']);
    expect(lemmatizer.compoundHead('low-income').map((c) => c.lemma)).toEqual(['income']);
    expect(lemmatizer.compoundHead('twenty-year-olds').map((c) => c.lemma)).toContain('old');
    expect(lemmatizer.compoundHead('school boards').map((c) => c.lemma)).toContain('board');
    expect(lemmatizer.compoundHead('story')).toEqual([]);
  });
});
