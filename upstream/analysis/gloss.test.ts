import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GlossEntry } from '../../lib/contract';
import { createDictionaryEngine } from '../dictionary/engine';
import { readModelFile } from '../language/model-file';
import { loadTreeParser } from '../language/pipeline';
import { SENSE_MODEL_FILE, SenseModel } from '../language/senses';
import { createLinkGrammar } from '../parser/link-grammar';
import { glossLine, shortChinese } from './gloss';
import { createTranslator } from './translation';

const parser = createLinkGrammar({ timeoutMs: 20_000 });
// The parser's dictionaries load with its first sentence, longer than the gloss waits for a parse.
beforeAll(() => parser.parse('The parser is ready.'), 30_000);
afterAll(() => parser.close());

// The product's own readings: the trained parser's tree, the sense model and Link Grammar, as
// query_word reads a word.
const model = SenseModel.parse(readModelFile(SENSE_MODEL_FILE));
const dictionary = createDictionaryEngine({ senses: () => model });
const translator = createTranslator({
  dictionary,
  llm: null,
  sentenceParser: parser,
  sentenceTrees: loadTreeParser(),
  modelsReady: async () => true,
});
const glossed = async (text: string) => {
  const answer = await translator.translate(text);
  expect(answer.source).toBe('gloss');
  return answer.entries ?? [];
};
const entryOf = (entries: GlossEntry[], text: string) => entries.find((e) => e.text === text);

describe('the word-by-word gloss', () => {
  it('takes the shortest meaningful Chinese of a sense', () => {
    expect(shortChinese('出租，借，贷款给')).toBe('借');
    expect(shortChinese('完成，结束，用完')).toBe('完成');
    expect(shortChinese('(计算机)文件；档案')).toBe('文件');
    expect(shortChinese('如...那样，如此')).toBe('如此');
    expect(shortChinese('abc')).toBeUndefined();
  });

  it('glosses each content word by the sense the dictionary chooses for it in this sentence', async () => {
    const entries = await glossed('The old man was asleep.');
    // "The old man" is no father (老爸), nor is he dead (长眠的): he is old, a man, and asleep.
    expect(entries.map((e) => e.text)).toEqual(['old', 'man', 'asleep']);
    expect(entryOf(entries, 'old')?.gloss).toMatch(/^老/);
    expect(entryOf(entries, 'man')?.gloss).toMatch(/男人|老人/);
    expect(entryOf(entries, 'asleep')?.gloss).toMatch(/睡/);
    const line = glossLine(entries);
    expect(line).not.toMatch(/老爸|长眠/);
    // Function words are left out: this is no translation, only the meanings of the words.
    expect(line).not.toMatch(/\b(the|was|be)\b/);
  }, 60_000);

  it('glosses an expression the dictionary recognises as one unit, its words not again', async () => {
    const entries = await glossed('He gave up smoking.');
    expect(entries.map((e) => e.text)).toEqual(['give up', 'smoking']);
    expect(entryOf(entries, 'give up')?.gloss).toMatch(/放弃|停止|戒/);
    expect(entryOf(entries, 'smoking')?.gloss).toMatch(/烟/);
    const plane = await glossed('The plane took off on time.');
    expect(plane.map((e) => e.text)).toEqual(['plane', 'take off', 'on time']);
    expect(entryOf(plane, 'take off')?.gloss).toBe('起飞');
    expect(entryOf(plane, 'on time')?.gloss).toBe('准时');
  }, 60_000);

  it('answers the lemma of a word, with both senses where the dictionary is unsure between two', async () => {
    const entries = await glossed('The book that you lent me was so interesting that I finished it in one night.');
    expect(entries.map((e) => e.text)).toEqual(expect.arrayContaining(['book', 'lend', 'finish', 'night']));
    expect(entries.map((e) => e.text)).not.toContain('that');
    expect(entryOf(entries, 'book')?.gloss).toBe('书');
    for (const entry of entries) {
      expect(entry.gloss).toMatch(/\p{Script=Han}/u);
      if (entry.alternative) expect(entry.alternative).not.toBe(entry.gloss);
    }
    // The line the tutor's prompt reads says the alternative as such.
    const unsure = entries.find((e) => e.alternative);
    if (unsure) expect(glossLine([unsure])).toBe(`${unsure.text} ${unsure.gloss}（或：${unsure.alternative}）`);
  }, 60_000);

  it('leaves out what the dictionary cannot gloss rather than guess, and may say nothing at all', async () => {
    expect(await glossed('The zqxvort.')).toEqual([]);
    const empty = await translator.translate('Here it is.');
    expect(empty).toMatchObject({ source: 'gloss', translation: '', entries: [] });
  }, 60_000);

  it('works without the parsers too, by the dictionary alone', async () => {
    const bare = createTranslator({ dictionary, llm: null });
    const answer = await bare.translate('He gave up smoking.');
    expect(answer.entries?.map((e) => e.text)).toEqual(['give up', 'smoking']);
  }, 60_000);
});
