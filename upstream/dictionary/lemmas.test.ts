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
});
