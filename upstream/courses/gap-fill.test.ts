import { beforeAll, describe, expect, it } from 'vitest';
import { stopWords } from '../dictionary/rank';
import { openLexicalData } from '../dictionary/engine';
import { loadTreeParser, type TreeParser } from '../language/pipeline';
import { sharedEcdictLexicon, wordLevel } from '../reading/profile';
import { type GapFillWords, gapFill, gapFillQuestions, gapMark, gapSentences } from './gap-fill';
import { wordNetAlike } from './reading-questions';
import { sharedListedWords } from './sources';

/*
 * The 词汇填空 generator on the real tagger, ECDICT's lists and WordNet, over passages written
 * for the test.
 */

const farm = [
  'Last summer my family moved to a small farm near the river.',
  'Every morning my father drives the old tractor across the wide fields.',
  'My mother grows vegetables in a garden behind the kitchen.',
  'The neighbours often bring fresh milk and warm bread to our door.',
  'In the afternoon I feed the chickens and clean their little houses.',
  'Sometimes a heavy storm damages the fences, and we repair them together.',
  'At night the sky is so dark that we can count thousands of bright stars.',
  'I have learned that life in the country is hard but peaceful.',
  'My cousins in the city cannot believe how much I enjoy this quiet place.',
];

let words: GapFillWords;
let trees: TreeParser;
const lexicon = () => sharedEcdictLexicon();
const lemmaOf = (form: string) => lexicon().facts(form.toLowerCase())?.lemma ?? form.toLowerCase();

beforeAll(() => {
  trees = loadTreeParser() as TreeParser;
  const listed = new Map(sharedListedWords().map((w) => [w.word, w]));
  words = {
    tag: (sentence) => trees.tag(sentence),
    lemmaOf,
    wordLevelOf: (lemma) => {
      const w = listed.get(lemma);
      return w ? wordLevel(w) : undefined;
    },
    listed: (lemma) => listed.get(lemma),
    alike: wordNetAlike(() => openLexicalData().wordnet),
  };
}, 60_000);

/** The answer's text of a question. */
const answerOf = (q: { answer: string; options: { key: string; text: string }[] }) =>
  q.options.find((o) => o.key === q.answer)?.text ?? '';

describe('词汇填空 made from a passage', () => {
  it('asks up to five questions, each a sentence of the passage with one content word blanked and four options', () => {
    const questions = gapFillQuestions(farm, 2, words);
    expect(questions).toHaveLength(gapFill.most);
    expect(questions.map((q) => q.number)).toEqual([1, 2, 3, 4, 5]);
    for (const q of questions) {
      expect(q).toMatchObject({ type: 'choice', section: 0 });
      expect(q.stem.split(gapMark)).toHaveLength(2);
      // Filled with its answer, the stem is the passage's sentence, which is the evidence.
      expect(farm).toContain(q.evidence);
      expect(q.stem.replace(gapMark, answerOf(q))).toBe(q.evidence);
      expect(q.options.map((o) => o.key)).toEqual(['A', 'B', 'C', 'D']);
      expect(new Set(q.options.map((o) => o.text)).size).toBe(4);
      // A content word of at least three letters, no function word, no name.
      for (const o of q.options) {
        expect(o.text).toMatch(/^[a-z]{3,}$/);
        expect(stopWords.has(o.text)).toBe(false);
        expect(stopWords.has(lemmaOf(o.text))).toBe(false);
      }
      // The explanation gives the word's Chinese.
      expect(q.explanation).toContain(answerOf(q));
      expect(q.explanation).toMatch(/[\u4e00-\u9fff]/);
    }
    // One gap a sentence, spread over the passage, in its order.
    const at = questions.map((q) => farm.indexOf(q.evidence));
    expect(at).toEqual([...at].sort((a, b) => a - b));
    expect(new Set(at).size).toBe(at.length);
    expect(at[0]).toBeLessThan(2);
    expect(at.at(-1)).toBeGreaterThan(farm.length - 3);
    // Listed alphabetically: the answer is not always first.
    for (const q of questions) expect(q.options.map((o) => o.text)).toEqual(q.options.map((o) => o.text).sort());
    expect(new Set(questions.map((q) => q.answer)).size).toBeGreaterThan(1);
  });

  it('never offers a form of the answer’s lemma, nor a word that would fit alike, and keeps the answer’s part of speech and form', () => {
    const questions = gapFillQuestions(farm, 2, words);
    for (const q of questions) {
      const answer = answerOf(q);
      const lemma = lemmaOf(answer);
      const gapTag = trees.tag(q.evidence).find((w) => w.form === answer)?.xpos;
      for (const o of q.options.filter((x) => x.key !== q.answer)) {
        expect(lemmaOf(o.text)).not.toBe(lemma);
        // No much easier, more general word.
        expect(words.wordLevelOf(lemmaOf(o.text))).toBeGreaterThanOrEqual((words.wordLevelOf(lemma) ?? 1) - 1);
        const cls = gapTag?.startsWith('N') ? 'n' : gapTag?.startsWith('V') ? 'v' : gapTag?.startsWith('J') ? 'a' : 'r';
        expect(words.alike(lemma, lemmaOf(o.text), cls)).toBe(false);
        // The option in the gap tags as the answer does (same part of speech and inflection).
        const filled = trees.tag(q.stem.replace(gapMark, o.text)).find((w) => w.form === o.text);
        expect(filled?.xpos.slice(0, 2)).toBe(gapTag?.slice(0, 2));
      }
    }
  });

  it('tells synonyms and antonyms apart from other words', () => {
    expect(words.alike('big', 'large', 'a')).toBe(true);
    expect(words.alike('large', 'small', 'a')).toBe(true);
    expect(words.alike('begin', 'start', 'v')).toBe(true);
    expect(words.alike('tree', 'stone', 'n')).toBe(false);
    expect(words.alike('grow', 'repair', 'v')).toBe(false);
  });

  it('is the same for the same passage', () => {
    const first = gapFillQuestions(farm, 2, words);
    expect(gapFillQuestions([...farm], 2, { ...words })).toEqual(first);
    expect(JSON.stringify(gapFillQuestions(farm, 2, words))).toBe(JSON.stringify(first));
  });

  it('never blanks a name, a number or a word of dialogue', () => {
    const story = [
      'Tom Baker walked to London with 25 friends on a cold morning.',
      '“We must hurry,” said the teacher, “because the museum closes early today.”',
      '“The paintings are beautiful,” Anna whispered quietly.',
      'Mary answered, “I want to see the famous pictures of the river.',
      'They say the colours are wonderful in the evening light.”',
      'The tired children finally reached the enormous building after lunch.',
      'Inside, the guide showed them ancient tools and simple jewellery.',
      'Everybody agreed that the journey had been worth the effort.',
    ];
    const quiet = gapSentences(story);
    // The sentence after an unclosed quotation is still inside it.
    expect(quiet).toEqual([true, false, false, false, false, true, true, true]);
    const questions = gapFillQuestions(story, 2, words);
    expect(questions.length).toBeGreaterThanOrEqual(gapFill.fewestSentences);
    for (const q of questions) {
      expect(quiet[story.indexOf(q.evidence)]).toBe(true);
      expect(answerOf(q)).toMatch(/^[a-z]+$/);
      expect(['tom', 'baker', 'london', 'anna', 'mary']).not.toContain(answerOf(q));
    }
    // A play's lines are dialogue too.
    expect(gapSentences(['Maya: I think I would like to change this jumper for another.'])).toEqual([false]);
  });

  it('asks fewer questions of a short passage, and none of one with fewer than three sentences to ask in', () => {
    expect(gapFillQuestions(farm.slice(0, 3), 2, words)).toHaveLength(3);
    expect(gapFillQuestions(farm.slice(0, 4), 2, words)).toHaveLength(4);
    expect(gapFillQuestions(farm.slice(0, 2), 2, words)).toEqual([]);
    expect(gapFillQuestions([], 2, words)).toEqual([]);
    // Dialogue only: nothing to ask.
    const talk = ['“Where are you going with that heavy basket?” asked the farmer.', '“To the market,” replied the girl.'];
    expect(gapFillQuestions([...talk, ...talk, ...talk], 2, words)).toEqual([]);
  });
});
