import { describe, expect, it } from 'vitest';
import { NO_SENSE_CANDIDATE, OTHER_SENSE_ID, type Gloss } from '@/lib/contract';
import { contextOfWord, initialChoice, senseOptions, sentenceText, toggleChoice } from './annotate-selection';

const gloss = (sense_id: Gloss['sense_id'], chinese = '', english = 'a sense'): Gloss => ({
  sense_id,
  pos: { name: '名词', label: 'n.' },
  sense: { first: english, second: chinese },
});

const bankGlosses = [
  gloss('bank%1:17:01::', '河岸', 'sloping land beside a body of water'),
  gloss('bank%1:14:00::', '银行', 'a financial institution'),
  gloss(OTHER_SENSE_ID, '其他', 'Other'),
];

describe('senseOptions', () => {
  it('offers each sensed gloss once, then Other last, and marks the candidate', () => {
    const options = senseOptions({
      glosses: [...bankGlosses, gloss('bank%1:14:00::', 'dup'), gloss(null, 'no id')],
      sense_id_candidate: 'bank%1:14:00::',
    });
    expect(options.map((o) => o.id)).toEqual(['bank%1:17:01::', 'bank%1:14:00::', OTHER_SENSE_ID]);
    expect(options.map((o) => o.recommended)).toEqual([false, true, false]);
    expect(options[0]).toMatchObject({ chinese: '河岸', english: 'sloping land beside a body of water', isOther: false });
    expect(options[2].isOther).toBe(true);
  });

  it('adds Other even when the task did not send its extra gloss', () => {
    const options = senseOptions({ glosses: bankGlosses.slice(0, 1), sense_id_candidate: NO_SENSE_CANDIDATE });
    expect(options.map((o) => o.id)).toEqual(['bank%1:17:01::', OTHER_SENSE_ID]);
    expect(options.some((o) => o.recommended)).toBe(false);
  });

  it('falls back to the simple sense when the Chinese sense is missing', () => {
    const [option] = senseOptions({
      glosses: [{ sense_id: 's1', simple_sense: '跑', sense: { first: 'move fast' } }],
      sense_id_candidate: null,
    });
    expect(option.chinese).toBe('跑');
  });
});

describe('initialChoice', () => {
  it('ticks the candidate', () => {
    expect(initialChoice({ glosses: bankGlosses, sense_id_candidate: 'bank%1:14:00::' })).toBe('bank%1:14:00::');
  });

  it('ticks nothing when there is no candidate (-2) or it is not offered', () => {
    expect(initialChoice({ glosses: bankGlosses, sense_id_candidate: NO_SENSE_CANDIDATE })).toBeNull();
    expect(initialChoice({ glosses: bankGlosses, sense_id_candidate: '-2' })).toBeNull();
    expect(initialChoice({ glosses: bankGlosses, sense_id_candidate: null })).toBeNull();
    expect(initialChoice({ glosses: bankGlosses, sense_id_candidate: 'bank%2:40:00::' })).toBeNull();
  });

  it('ticks Other when Other is the candidate, even given as text', () => {
    expect(initialChoice({ glosses: bankGlosses, sense_id_candidate: '-1' })).toBe(OTHER_SENSE_ID);
  });
});

describe('toggleChoice', () => {
  it('keeps one sense at most: ticking another replaces it', () => {
    let choice = toggleChoice(null, 'a', true);
    expect(choice).toBe('a');
    choice = toggleChoice(choice, 'b', true);
    expect(choice).toBe('b');
    choice = toggleChoice(choice, OTHER_SENSE_ID, true);
    expect(choice).toBe(OTHER_SENSE_ID);
  });

  it('unticking the ticked sense leaves nothing chosen', () => {
    expect(toggleChoice('a', 'a', false)).toBeNull();
    expect(toggleChoice(-1, '-1', false)).toBeNull();
  });

  it('unticking a sense that is not ticked changes nothing', () => {
    expect(toggleChoice('a', 'b', false)).toBe('a');
  });
});

describe('the sentence', () => {
  const words = ['We', 'sat', 'on', 'the', 'bank', 'of', 'the', 'river', ',', 'did', "n't", 'we', '?'];

  it('is written with punctuation and clitics against their word', () => {
    expect(sentenceText(words)).toBe("We sat on the bank of the river, didn't we?");
  });

  it('pairs straight quotes and glues opening brackets', () => {
    expect(sentenceText(['He', 'said', '"', 'hi', '"', '(', 'twice', ')', '.'])).toBe('He said "hi" (twice).');
    expect(sentenceText(['It', 'costs', '$', '5', '.'])).toBe('It costs $5.');
    expect(sentenceText(['to', 'itself', ',', "'", 'Oh', 'dear', '!', "'"])).toBe("to itself, 'Oh dear!'");
  });

  it('gives a word its context: the text before and after it, spaces included', () => {
    expect(contextOfWord(words, 4)).toEqual({
      pre_context: 'We sat on the ',
      target_word: 'bank',
      post_context: " of the river, didn't we?",
    });
    expect(contextOfWord(words, 0)).toEqual({
      pre_context: '',
      target_word: 'We',
      post_context: " sat on the bank of the river, didn't we?",
    });
    expect(contextOfWord(words, 7)).toEqual({
      pre_context: 'We sat on the bank of the ',
      target_word: 'river',
      post_context: ", didn't we?",
    });
  });

  it('puts the target back where it was: pre + word + post is the sentence', () => {
    for (let i = 0; i < words.length; i++) {
      const c = contextOfWord(words, i);
      expect(c.pre_context + c.target_word + c.post_context).toBe(sentenceText(words));
    }
  });
});
