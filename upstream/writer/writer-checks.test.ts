import { afterAll, describe, expect, it } from 'vitest';
import { openLexicalData } from '../dictionary/engine';
import { createLinkGrammar } from '../parser/link-grammar';
import { createPassageReader } from '../passage/passage';
import { createWriterChecker } from './writer-checks';
import { englishSpelling } from './writer-spelling';
import { cleanEssay, essayWithThreeSlips } from '../../tests/support/writer-essays';

const data = openLexicalData();
const reader = createPassageReader(() => data);
const parser = createLinkGrammar();
const checker = createWriterChecker({ ecdict: data.ecdict, spelling: englishSpelling(), parse: (s) => parser.parse(s) });
const check = (text: string) => checker.check(text, reader.read(text, { phrases: false }));
const offline = createWriterChecker({ ecdict: data.ecdict, spelling: englishSpelling(), parse: null });

afterAll(() => parser.close());

describe('the writer’s checks', () => {
  it('flags exactly the misspelling, the disagreement and the missing article, at their spans', async () => {
    const result = await check(essayWithThreeSlips);
    expect(result.grammar_checked).toBe(true);
    const at = (word: string) => essayWithThreeSlips.indexOf(word);
    expect(
      result.flags.map(({ kind, start, end, text, suggestions }) => ({ kind, start, end, text, first: suggestions[0] })),
    ).toEqual([
      { kind: 'agreement', start: at(' go ') + 1, end: at(' go ') + 3, text: 'go', first: 'goes' },
      { kind: 'spelling', start: at('recieve'), end: at('recieve') + 7, text: 'recieve', first: 'receive' },
      { kind: 'article', start: at('car'), end: at('car') + 3, text: 'car', first: 'a car' },
    ]);
    const [agreement, spelling, article] = result.flags;
    expect(agreement.message).toMatch(/主谓不一致.*grandfather.*第三人称单数/);
    expect(spelling.message).toMatch(/拼错/);
    expect(article.message).toMatch(/缺少冠词.*可数名词单数/);
  });

  it('finds none of them in a clean text', async () => {
    const result = await check(cleanEssay);
    expect(result.flags).toEqual([]);
    expect(result.profile).toMatchObject({ sentence_count: 9, level: 1, level_exam: '中考' });
  });

  it('reads the plural subject, a/an, repeated words and an over-long sentence', async () => {
    const text = `The students is friendly. It was a apple. I think it is the the best way. ${'We read, we write, we talk, '.repeat(8)}and we sing all day long.`;
    const result = await check(text);
    expect(result.flags.map((f) => [f.kind, f.text, f.suggestions[0]])).toEqual([
      ['agreement', 'is', 'are'],
      ['article', 'a', 'an'],
      ['repeat', 'the', ''],
      ['long_sentence', expect.stringMatching(/^We read/), undefined],
    ]);
    expect(result.flags[0].message).toMatch(/students.*复数/);
  });

  it('finds the subject the verb agrees with across "of" phrases, coordinations and "there", and names it', async () => {
    const cases: [string, string, string, RegExp][] = [
      ['Parking in the city centre are expensive.', 'are', 'is', /“Parking” 是第三人称单数/],
      ['The price of the houses are rising.', 'are', 'is', /“price” 是第三人称单数/],
      ['The students in my class is very friendly.', 'is', 'are', /“students” 是复数/],
      // The parser links these cleanly, reading "each of" and "the number of" as determiners.
      ['Each of the students have a book.', 'have', 'has', /“Each” 是第三人称单数/],
      ['The number of cars have increased.', 'have', 'has', /“number” 是第三人称单数/],
      // …and this one by reading "and" as an interjection.
      ['My brother and my sister likes music.', 'likes', 'like', /“brother and sister” 是复数/],
      // …and this one by reading two given names as one name, as of a firm.
      ['Tom and Mary is good friends.', 'is', 'are', /“Tom and Mary” 是复数/],
      ['There is many people in the park.', 'is', 'are', /“people” 是复数/],
      ['He don’t like coffee.'.replace('’', "'"), 'do', 'does', /“He” 是第三人称单数/],
    ];
    for (const [sentence, verb, fixed, named] of cases) {
      const agreements = (await check(sentence)).flags.filter((f) => f.kind === 'agreement');
      expect(
        agreements.map((f) => [f.text, f.suggestions[0]]),
        sentence,
      ).toEqual([[verb, fixed]]);
      expect(agreements[0].message, sentence).toMatch(named);
    }
  });

  it('corrects no verb that is right: a number of, one of, a clause joined by "and", a plural without -s', async () => {
    for (const sentence of [
      'A number of cars have increased.',
      'One of the boys is late.',
      'The number of students has doubled.',
      'I went home and my sister likes music.',
      'Each student has a book.',
      'The people next door are kind.',
      'Tom and Mary are good friends.',
      'Procter and Gamble is a large company.',
    ]) {
      expect((await check(sentence)).flags, sentence).toEqual([]);
    }
    // Sentences the parser links oddly or not at all, whose verbs are right: an imperative, then
    // a clause joined by "and"; a past tense; a participle; "I" after "and"; a plural subject far back.
    for (const sentence of [
      'Please turn down the music; the baby is sleeping in the next room and your father is working.',
      'At last, when he was almost ready to give up, he saw Buster Bear shuffling along towards the brook.',
      'So the two little scamps turned down the brook, taking the greatest care to keep out of sight.',
      'He gave me some sound advice about choosing a university, and I have never regretted following it.',
      'Prices rose by three percent in March and are expected to climb still higher before the summer.',
    ]) {
      expect(
        (await check(sentence)).flags.filter((f) => f.kind === 'agreement'),
        sentence,
      ).toEqual([]);
    }
    // A verb the tagger read as a noun is not "corrected" in another place: the sentence is only
    // said not to link ("lives" is the slip, and "are" is right).
    const flags = (await check('The people who lives next door are kind.')).flags;
    expect(flags.map((f) => f.kind)).toEqual(['grammar']);
  });

  it('asks for the article before the noun a verb read as a plural noun leaves bare, not before the verb', async () => {
    const flags = (await check('The museum houses collection of paintings.')).flags;
    expect(flags.map((f) => [f.kind, f.text, f.suggestions[0]])).toEqual([['article', 'collection', 'a collection']]);
  });

  it('leaves places meant as what they are for without an article after a preposition, but not other nouns', async () => {
    for (const sentence of ['She is in hospital now.', 'He went to university in Beijing.', 'I go to school by bus.']) {
      expect((await check(sentence)).flags, sentence).toEqual([]);
    }
    const flags = (await check('She sat on bench in hospital.')).flags;
    expect(flags.map((f) => [f.kind, f.text, f.suggestions[0]])).toEqual([['article', 'bench', 'a bench']]);
  });

  it('takes the constructions the parser lacks for English, and still finds a slip inside one', async () => {
    for (const sentence of [
      'The harder you work, the more progress you will make.',
      'No sooner had she entered the room than the phone rang.',
      'Seldom have I seen such a beautiful sunset in my life.',
      'Hardly had he arrived when it began to rain.',
      'How I wish I could travel around the world with my family!',
      'We check the results every few minutes.',
      'She visits her grandmother every two weeks, and we meet every other day.',
    ]) {
      expect((await check(sentence)).flags, sentence).toEqual([]);
    }
    const flags = (await check('The harder you works, the more progress you will make.')).flags;
    expect(flags.map((f) => [f.kind, f.text, f.suggestions[0]])).toEqual([['agreement', 'works', 'work']]);
    const visits = (await check('She visit her grandmother every couple of weeks.')).flags;
    expect(visits.map((f) => [f.kind, f.text, f.suggestions[0]])).toEqual([['agreement', 'visit', 'visits']]);
    // An unlinked word the construction does not account for still makes the sentence suspect.
    expect((await check('How I wish I could travel travel around the the world!')).flags.map((f) => f.kind)).toContain('repeat');
  });

  it('leaves names, numbers, acronyms and real words outside the spell checker’s list alone', async () => {
    const result = await check('Li Hua met Mr. Zhang at WeChat HQ in 2024. The colour of the e-mail was grey.');
    expect(result.flags.filter((f) => f.kind === 'spelling')).toEqual([]);
    // British spellings, inflected, which the US list lacks.
    const british = await check('The neighbours apologised, criticised the centres and ran eight metres.');
    expect(british.flags.filter((f) => f.kind === 'spelling')).toEqual([]);
  });

  it('says so when the parser is missing, and still checks the rest', async () => {
    const result = await offline.check(essayWithThreeSlips, reader.read(essayWithThreeSlips, { phrases: false }));
    expect(result.grammar_checked).toBe(false);
    expect(result.grammar_note).toMatch(/未做语法检查/);
    expect(result.flags.map((f) => f.kind)).toEqual(['spelling']);
  });

  it('profiles the text’s exam words', async () => {
    const { profile } = await check('The phenomenon is ubiquitous and the hypothesis plausible. The phenomenon is new.');
    expect(profile).toMatchObject({ word_count: 12, sentence_count: 2, average_sentence_words: 6, longest_sentence_words: 8 });
    expect(profile.advanced_words).toEqual([
      { lemma: 'ubiquitous', level: 5 },
      { lemma: 'plausible', level: 4 },
    ]);
    expect(profile.levels.reduce((n, l) => n + l.count, 0)).toBe(12);
  });
});
