import { describe, expect, it } from 'vitest';
import type { PassageSentence } from '../../lib/contract';
import type { Parse } from '../parser/link-grammar';
import { createGrammarCheck, repairBudgetMs } from './writer-checks-grammar';

const text = 'He go home.';
const sentence: PassageSentence = {
  text,
  start: 0,
  end: text.length,
  tokens: [
    { text: 'He', start: 0, end: 2, is_word: true, lemma: 'he', pos: 'PRON' },
    { text: 'go', start: 3, end: 5, is_word: true, lemma: 'go', pos: 'VERB' },
    { text: 'home', start: 6, end: 10, is_word: true, lemma: 'home', pos: 'ADV' },
    { text: '.', start: 10, end: 11, is_word: false, pos: 'PUNCT' },
  ],
};

/** A parser that links "He goes home." and leaves "go" unlinked in anything else. */
async function parser(input: string): Promise<Parse> {
  const clean = input === 'He goes home.';
  return {
    words: ['LEFT-WALL', 'he', clean ? 'goes' : '[go]', 'home', '.'],
    subscripts: ['', '', clean ? 'v' : '', 'a', ''],
    unknown: [],
    links: clean ? [{ left: 1, right: 2, label: 'Ss' }] : [],
    tree: { label: 'S', children: [] },
  };
}

const { grammarOf } = createGrammarCheck({ correct: () => true, suggest: () => [] });

describe('the parser’s part of the writer’s checks', () => {
  it('reports the repair after which the sentence links, with its fix', async () => {
    const flags = await grammarOf(text, sentence, [], parser, { spentMs: 0 });
    expect(flags).toMatchObject([{ kind: 'agreement', start: 3, end: 5, text: 'go', suggestions: ['goes'] }]);
    expect(flags[0].message).toMatch(/主语 “He” 是第三人称单数/);
  });

  it('reports a sentence no repair makes link as one the parser could not link', async () => {
    const stubborn = async (input: string) => parser(input === 'He goes home.' ? 'no' : input);
    const flags = await grammarOf(text, sentence, [], stubborn, { spentMs: 0 });
    expect(flags).toMatchObject([{ kind: 'grammar', start: 0, end: 11, text, suggestions: [] }]);
    expect(flags[0].message).toContain('“go”');
  });

  it('tries no repair once the check has spent its budget on them', async () => {
    const flags = await grammarOf(text, sentence, [], parser, { spentMs: repairBudgetMs + 1 });
    expect(flags.map((f) => f.kind)).toEqual(['grammar']);
  });

  it('finds nothing in a sentence that links as it is', async () => {
    expect(await grammarOf(text, sentence, [{ start: 3, end: 5, text: 'goes' }], parser, { spentMs: 0 })).toEqual([]);
  });
});
