import { describe, expect, it } from 'vitest';
import { openEcdict } from './ecdict';
import { createLemmatizer } from './lemmas';
import { readFormByPlace } from './participles';
import { emptyRole, type TargetRole } from './sentence-role';
import { tagContext } from './tagger';
import { openWordNet } from './wordnet';

const wordnet = openWordNet();
const lemmatizer = createLemmatizer(wordnet, openEcdict());

/** "My grandfather enjoys [reading] history books." → how the form reads, given the parse's role. */
function read(marked: string, role?: TargetRole) {
  const start = marked.indexOf('[');
  const end = marked.indexOf(']');
  const target = marked.slice(start + 1, end);
  const tagged = tagContext(marked.slice(0, start), target, marked.slice(end + 1));
  return readFormByPlace(tagged, lemmatizer.candidates(target.toLowerCase()), role, lemmatizer, wordnet);
}

describe('an -ing or -ed form read from its neighbours', () => {
  it('reads an -ing form after a verb that takes one, or after a clause preposition, as the verb', () => {
    expect(read('My grandfather enjoys [reading] history books in the garden.')).toMatchObject({
      pos: 'v',
      gerund: true,
      function: 'object',
      governor: 'enjoys',
    });
    expect(read('We went [camping] in the mountains last summer.')).toMatchObject({ pos: 'v', governor: 'went' });
    const saying = read('He left without [saying] goodbye to anyone.');
    expect(saying).toMatchObject({ pos: 'v', function: 'prepositional-object', governor: 'without' });
    expect(saying?.text).toBe('动名词作介词 without 的宾语');
  });

  it("keeps the parse's object when it took the -ing form for a modifier of it", () => {
    const misread: TargetRole = { ...emptyRole(), pos: 'n', function: 'attributive', object: 'books', objectHead: 'books' };
    const role = read('My grandfather enjoys [reading] books.', misread);
    expect(role).toMatchObject({ pos: 'v', transitivity: 'obj', objectHead: 'books' });
    expect(role?.text).toBe('动名词作 enjoys 的宾语，及物，宾语是 books');
  });

  it('reads an -ing form heading a noun phrase as the -ing noun, keeping what the parse says of that noun', () => {
    expect(read('The [reading] of the will took an hour.')).toMatchObject({ pos: 'n' });
    expect(read("They would be each other's [undoing].")).toMatchObject({ pos: 'n' });
    expect(read('The fast [opening] of the shutter is foil.')).toMatchObject({ pos: 'n' });
    const object: TargetRole = { ...emptyRole(), pos: 'n', function: 'object', governor: 'be', gerund: true };
    expect(read("They would be each other's [undoing].", object)).toBe(object);
  });

  it('leaves an -ing form alone elsewhere', () => {
    expect(read('She has a good [feeling] about it.')).toBeUndefined();
    expect(read('His [leaving] the house surprised us.')).toBeUndefined();
    expect(read('A [growing] number of people agree.')).toBeUndefined();
  });

  it('reads an -ed form after have as the verb', () => {
    expect(read('The price of bread has [increased] by almost a third.')).toMatchObject({ pos: 'v', function: 'predicate' });
  });

  it('reads an -ed form after a degree word, or after be when the verb is one of feeling, as the adjective', () => {
    expect(read('The students were [interested] in the story.')).toMatchObject({ pos: 'a', adjectival: true });
    expect(read('He had been most warmly [attached] to her.')).toMatchObject({ pos: 'a' });
    expect(read('The more [puzzled] the boy grew, the faster he walked.')).toMatchObject({ pos: 'a' });
    // A floating quantifier between be and the form: "were both excited".
    expect(read('They were going to town, and they were both [excited].')).toMatchObject({ pos: 'a', adjectival: true });
    // An agent makes it a passive; an event verb stays the verb.
    expect(read('I was [bored] by the long speech.')).toBeUndefined();
    expect(read('The manager was [fired] after the match.')).toBeUndefined();
  });

  it('reads an -ed form between a verb and a noun as an adjective of the noun', () => {
    expect(read('The university offers [advanced] courses in mathematics.')).toMatchObject({
      pos: 'a',
      function: 'attributive',
      objectHead: 'courses',
    });
  });
});
