import { describe, expect, it } from 'vitest';
import { createEngineContext, type EngineData } from './engine-data';
import { chooseExpressions } from './expression-choice';
import type { ParseReading } from './parse-reading';
import type { PhraseMatch } from './phrases';
import { emptyRole } from './sentence-role';
import { tagContext } from './tagger';

const d = createEngineContext().open();

/** "The plane [took] off." → the sentence tagged, the target marked. */
function tagged(marked: string) {
  const m = /^(.*)\[(.*)\](.*)$/.exec(marked)!;
  return tagContext(m[1], m[2], m[3]);
}

/** The expressions chosen without a parse, by title. */
function titles(marked: string, expressionsFirst?: boolean) {
  const choice = chooseExpressions(tagged(marked), undefined, undefined, d, { expressionsFirst });
  return { best: choice.best?.title, maybe: choice.maybe?.title, compound: choice.compound?.title };
}

describe('the expressions the target is part of', () => {
  it('puts a phrasal verb first, and only offers it where expressions do not go first (bench)', () => {
    expect(titles('The plane [took] off.')).toEqual({ best: 'take off', maybe: undefined, compound: undefined });
    expect(titles('The plane [took] off.', false)).toEqual({ best: undefined, maybe: 'take off', compound: undefined });
  });

  it("offers a compound noun, for the word's sense that means it, and ECDICT's phrases", () => {
    expect(titles('He gave a good sales [pitch].')).toEqual({ best: undefined, maybe: 'sales pitch', compound: 'sales pitch' });
    expect(titles('[In] spite of the rain, we went out.')).toEqual({
      best: undefined,
      maybe: 'in spite of',
      compound: undefined,
    });
    expect(titles('We [sat] on the bank.')).toEqual({ best: undefined, maybe: undefined, compound: undefined });
  });

  it('takes the role the expression gives the target, or says the target is part of it', () => {
    // One expression, judged used, that WordNet has in one part of speech.
    const judged = (verdict: object, pos: string) =>
      ({
        phrases: { find: () => [{ title: 'fall back', wordnet: 'fall_back', tokens: [1, 2] } satisfies PhraseMatch] },
        expressions: { judge: () => verdict, prepositionalIdiom: () => false },
        wordnet: { has: (_: string, asked?: string) => asked === pos },
        lemmatizer: d.lemmatizer,
      }) as unknown as EngineData;
    const reading = { parse: {}, parseIndexOf: () => undefined, target: 1, role: emptyRole() } as unknown as ParseReading;
    const sentence = tagged('They [fell] back.');
    const given = { ...emptyRole(), pos: 'v' as const, function: 'predicate' as const };
    const verb = chooseExpressions(sentence, reading, emptyRole(), judged({ used: true, role: given }, 'v'), {});
    expect(verb.best?.title).toBe('fall back');
    expect(verb.role).toMatchObject({ pos: 'v', function: 'predicate' });
    expect(verb.role?.text).toBeTruthy();
    // An adverbial expression: the role says the target is part of it.
    const adverb = chooseExpressions(sentence, reading, emptyRole(), judged({ used: true }, 'r'), {});
    expect(adverb.best?.title).toBe('fall back');
    expect(adverb.role?.text).toBe('是短语 fall back 的一部分');
    // Only a noun in WordNet: a compound, offered, the role untouched.
    const noun = chooseExpressions(sentence, reading, emptyRole(), judged({ used: true }, 'n'), {});
    expect([noun.best, noun.compound?.title, noun.maybe?.title, noun.role?.text]).toEqual([
      undefined,
      'fall back',
      'fall back',
      undefined,
    ]);
    // Not used as one: offered.
    const unused = chooseExpressions(sentence, reading, emptyRole(), judged({ used: false }, 'v'), {});
    expect([unused.best, unused.maybe?.title]).toEqual([undefined, 'fall back']);
  });
});
