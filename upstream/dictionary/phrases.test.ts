import { describe, expect, it } from 'vitest';
import { openEcdict } from './ecdict';
import { createLemmatizer } from './lemmas';
import { createPhraseFinder, isExpressionEntry } from './phrases';
import { tagContext } from './tagger';
import { openWordNet } from './wordnet';

const wordnet = openWordNet();
const ecdict = openEcdict();
const finder = createPhraseFinder(wordnet, ecdict, createLemmatizer(wordnet, ecdict));

function titles(pre: string, target: string, post: string): string[] {
  const t = tagContext(pre, target, post);
  return finder.find(t.tokens, t.target).map((m) => m.title);
}

describe('multi-word expressions around the target', () => {
  it('finds phrasal verbs in any form, from either word', () => {
    expect(titles('The plane ', 'took', ' off.')[0]).toBe('take off');
    expect(titles('The plane took ', 'off', '.')[0]).toBe('take off');
    expect(titles('She ', 'gave', ' up smoking.')[0]).toBe('give up');
  });

  it('finds a verb and its particle around a short object', () => {
    expect(titles('He ', 'took', ' his coat off.')).toContain('take off');
  });

  it('prefers the longest expression', () => {
    expect(titles('I ', 'look', ' forward to seeing you.')[0]).toBe('look forward to');
    expect(titles('I look forward ', 'to', ' seeing you.')[0]).toBe('look forward to');
    expect(titles('', 'In', ' spite of the rain, we went out.')[0]).toBe('in spite of');
    expect(titles('In ', 'spite', ' of the rain, we went out.')[0]).toBe('in spite of');
  });

  it('does not make expressions of chance word pairs', () => {
    expect(titles('We ', 'sat', ' on the bank of the river.')).toEqual([]);
    expect(titles('I ran to the ', 'station', '.')).toEqual([]);
    expect(titles('She leaves at ', 'noon', '.')).toEqual([]);
  });

  it('judges ECDICT rows by their marks', () => {
    expect(isExpressionEntry(ecdict.get('look at'), 2)).toBe(true);
    expect(isExpressionEntry(ecdict.get('sit on'), 2)).toBe(false);
    expect(isExpressionEntry(undefined, 3)).toBe(false);
  });

  it('looks up a target that is itself an expression', () => {
    expect(finder.lookupPhrase('took off')).toMatchObject({ title: 'take off', wordnet: 'take_off' });
    expect(finder.lookupPhrase('bank')).toBeUndefined();
  });

  it("takes the verb's expression where the sentence uses its first word as a verb", () => {
    // WordNet has the noun "giving up" as written and the verb "give up".
    expect(finder.lookupPhrase('giving up')).toMatchObject({ wordnet: 'giving_up' });
    expect(finder.lookupPhrase('giving up', 'v')).toMatchObject({ title: 'give up', wordnet: 'give_up' });
    expect(finder.lookupPhrase('turned out', 'v')).toMatchObject({ wordnet: 'turn_out' });
  });

  it('looks up a plural compound as its singular, WordNet before ECDICT', () => {
    expect(finder.lookupPhrase('school boards')).toMatchObject({ title: 'school board', wordnet: 'school_board' });
    // ECDICT has "credit cards" and "interest rates" as rows of their own, with Chinese only.
    expect(finder.lookupPhrase('credit cards')).toMatchObject({ title: 'credit card', wordnet: 'credit_card' });
    expect(finder.lookupPhrase('interest rates')).toMatchObject({ title: 'interest rate', wordnet: 'interest_rate' });
    expect(finder.lookupPhrase('red blood cells')).toMatchObject({ title: 'red blood cell', wordnet: 'red_blood_cell' });
    expect(finder.lookupPhrase('looked forward to')).toMatchObject({ title: 'look forward to' });
    expect(finder.lookupPhrase('grey cats')).toBeUndefined();
  });
});
