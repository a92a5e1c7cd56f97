import { describe, expect, it } from 'vitest';
import {
  createEcdictLexicon,
  type Lexicon,
  profileOf,
  runningWords,
  sharedEcdictLexicon,
  textLevel,
  type WordFacts,
  wordLevel,
} from './profile';
import { openEcdict } from '../dictionary/ecdict';
import { splitSentences } from './text';

// A lexicon small enough to count by hand: form → lemma, lemma → tags and rank.
function handLexicon(): Lexicon {
  const lemmas: Record<string, Omit<WordFacts, 'lemma'>> = {
    the: { tags: ['zk', 'gk'], rank: 1 },
    on: { tags: ['zk', 'gk'], rank: 10 },
    cat: { tags: ['zk', 'gk'], rank: 1775 },
    sit: { tags: ['zk', 'gk'], rank: 500 },
    mat: { tags: ['cet4'], rank: 9000 },
    philosophy: { tags: ['cet4', 'cet6', 'ky', 'ielts'], rank: 3000 },
    sun: { tags: ['zk'], rank: 900 },
    hat: { tags: ['zk'], rank: 2000 },
  };
  const forms: Record<string, string> = { cats: 'cat', sat: 'sit' };
  return {
    facts(form) {
      const lemma = forms[form] ?? form;
      return lemmas[lemma] ? { lemma, ...lemmas[lemma] } : undefined;
    },
  };
}

describe('the profile of a text', () => {
  it('counts words, distinct lemmas per exam, and the level, as counted by hand', () => {
    const profile = profileOf(['The cat sat on the mat.', "The cats sit on Mat's philosophy."], handLexicon());
    // Six words a sentence; "Mat's" inside a sentence is a name: counted as a word, not as a lemma.
    expect(profile.word_count).toBe(12);
    // the, on, cat (cat, cats), sit (sat, sit), mat, philosophy.
    expect(profile.lemma_count).toBe(6);
    expect(profile.exams).toEqual({ zk: 4, gk: 4, cet4: 2, cet6: 1, ky: 1, ielts: 1 });
    // Eleven running words: nine of word level 1, "mat" and "philosophy" of level 3 (CET-4).
    // Beyond levels 1 and 2: 2/11 = 18 % > 5 %; beyond level 3: none, so the text is 中级.
    expect(profile.level).toBe(3);
  });

  it('reads words in capitals as words, and only capitalised ones inside a sentence as names', () => {
    const profile = profileOf(['The cat sat on THE MAT, said Sun.'], handLexicon());
    expect(profile.word_count).toBe(8);
    // the, cat, sit, on, mat: "said" is not in the hand lexicon, and "Sun" here is a name.
    expect(profile.lemma_count).toBe(5);
    expect(profile.exams.cet4).toBe(1);
  });

  it('takes a capitalised word that opens a sentence as a word, and a compound by its parts', () => {
    const profile = profileOf(['Cats sit on the sun-hat.', 'The 3 cats sat, 42 times.'], handLexicon());
    expect(profile.word_count).toBe(11);
    expect(profile.lemma_count).toBe(6);
    expect(profile.exams).toEqual({ zk: 6, gk: 4, cet4: 0, cet6: 0, ky: 0, ielts: 0 });
    expect(profile.level).toBe(1);
  });

  it('is level 1 and empty for a text with no known words', () => {
    expect(profileOf(['42, 17.'], handLexicon())).toEqual({
      word_count: 2,
      lemma_count: 0,
      exams: { zk: 0, gk: 0, cet4: 0, cet6: 0, ky: 0, ielts: 0 },
      level: 1,
    });
  });
});

describe('the level rule', () => {
  it('gives a word the lower of its easiest exam and its frequency band', () => {
    expect(wordLevel({ tags: ['gk'], rank: 0 })).toBe(2);
    expect(wordLevel({ tags: ['cet6', 'ky'], rank: 0 })).toBe(4);
    expect(wordLevel({ tags: ['ky'], rank: 6000 })).toBe(4);
    expect(wordLevel({ tags: [], rank: 800 })).toBe(1);
    expect(wordLevel({ tags: [], rank: 2500 })).toBe(2);
    expect(wordLevel({ tags: [], rank: 2501 })).toBe(3);
    expect(wordLevel({ tags: ['ielts'], rank: 50_000 })).toBe(5);
    expect(wordLevel({ tags: ['gre'], rank: 20_000 })).toBe(6);
    expect(wordLevel({ tags: [], rank: 0 })).toBe(6);
    expect(wordLevel({ tags: [], rank: 9000, base: { tags: ['zk'], rank: 0 } })).toBe(1);
  });

  it('is the lowest level that leaves at most 5 % of the running words unknown', () => {
    const words = (...runs: [number, number][]) => runs.flatMap(([level, n]) => Array(n).fill(level));
    expect(textLevel([])).toBe(1);
    expect(textLevel(words([1, 95], [6, 5]))).toBe(1);
    expect(textLevel(words([1, 94], [2, 6]))).toBe(2);
    expect(textLevel(words([1, 80], [3, 15], [4, 5]))).toBe(3);
    expect(textLevel(words([1, 80], [4, 20]))).toBe(4);
    expect(textLevel(words([1, 94], [5, 6]))).toBe(5);
    expect(textLevel(words([1, 94], [6, 6]))).toBe(5);
  });
});

describe('ECDICT as the lexicon', () => {
  const lexicon = sharedEcdictLexicon();

  it('goes from a form to its lemma, with the lemma tags and rank', () => {
    expect(lexicon.facts('went')).toMatchObject({ lemma: 'go', rank: 35 });
    expect(lexicon.facts('went')?.tags).toContain('zk');
    expect(lexicon.facts('children')?.lemma).toBe('child');
    expect(lexicon.facts('the')).toMatchObject({ lemma: 'the', rank: 1 });
    // ECDICT's "was" has no pointer to "be"; contractions are not in it as words.
    expect(lexicon.facts('was')?.lemma).toBe('be');
    expect(lexicon.facts("wasn't")?.lemma).toBe('be');
    expect(lexicon.facts("can't")?.lemma).toBe('can');
    expect(lexicon.facts("i'm")?.lemma).toBe('i');
    // Forms ECDICT reads as other words: the unit of area, a female deer's plural, "numb"'s comparative.
    expect(lexicon.facts('are')?.lemma).toBe('be');
    expect(lexicon.facts('does')?.lemma).toBe('do');
    expect(lexicon.facts('number')).toMatchObject({ lemma: 'number', rank: 204 });
    expect(lexicon.facts('numbers')?.lemma).toBe('number');
  });

  it('leaves out a name that opens a sentence when the text uses it as a name, and a speaker before a colon', () => {
    // "Lily" and "Grace" are words too (a flower, elegance); here they are the people of the story.
    const story = runningWords(['Lily met Grace at the gate.', 'Grace smiled at Lily.', 'Lily: Hello!'], lexicon);
    expect(story.wordCount).toBe(12);
    expect(story.words.map((w) => w.lemma)).toEqual(['meet', 'at', 'the', 'gate', 'smile', 'at', 'hello']);
    // Alone, opening a sentence, a word is a word.
    expect(runningWords(['Grace is a virtue.'], lexicon).words.map((w) => w.lemma)).toContain('grace');
  });

  it('leaves names out, and reads an untagged -ly adverb by its adjective', () => {
    expect(lexicon.facts('alice')).toBeUndefined();
    expect(lexicon.facts('xqzzyv')).toBeUndefined();
    const angrily = lexicon.facts('angrily');
    expect(angrily).toMatchObject({ lemma: 'angrily', tags: [] });
    expect(angrily?.base?.tags).toContain('zk');
    expect(wordLevel(angrily!)).toBe(1);
  });

  it('rates a child’s text 入门 and an academic one 高级', () => {
    const easy = profileOf(
      splitSentences(
        'I have a cat. My cat is black and white. It likes to sleep on my bed. Every morning I give it some milk, ' +
          'and it is very happy. My mother says the cat is my best friend. We play in the garden after school.',
      ),
      lexicon,
    );
    expect(easy.level).toBe(1);
    expect(easy.exams.zk).toBeGreaterThan(20);
    expect(easy.exams.cet6).toBe(0);

    const hard = profileOf(
      splitSentences(
        'The epistemological ramifications of quantum decoherence remain contentious among philosophers, who dispute ' +
          'whether the ostensible collapse of the wavefunction constitutes an ontological transition or merely an artefact ' +
          'of our inexorably partial vantage. Proponents of the relational interpretation contend that such indeterminacy ' +
          'is intrinsic rather than contingent.',
      ),
      lexicon,
    );
    expect(hard.level).toBe(5);
    expect(hard.exams.ky).toBeGreaterThan(5);
  });

  it('asks the dictionary for many words at once when it can', () => {
    const asked: string[][] = [];
    const ecdict = openEcdict();
    try {
      const counting = createEcdictLexicon({
        get: (word) => ecdict.get(word),
        prefetch: (words) => {
          asked.push([...words]);
          ecdict.prefetch(words);
        },
      });
      const profile = profileOf(['The children went home.'], counting);
      expect(profile.lemma_count).toBe(4);
      // The forms first, then the lemmas of the inflected ones.
      expect(asked[0]).toEqual(['the', 'children', 'went', 'home']);
      expect(asked[1]).toEqual(expect.arrayContaining(['child', 'go']));
    } finally {
      ecdict.close();
    }
  });
});
