import { describe, expect, it } from 'vitest';
import { clozeOf } from './cloze';

describe('the sentence a card asks with', () => {
  it('keeps only the sentence the word is in', () => {
    const cloze = clozeOf({
      pre_context: 'It rained all night. We sat on the river ',
      word: 'bank',
      post_context: ' and watched the boats. Then we went home.',
    });
    expect(cloze).toEqual({
      before: 'We sat on the river ',
      word: 'bank',
      after: ' and watched the boats.',
      sentence: 'We sat on the river bank and watched the boats.',
    });
  });

  it('cuts a very long sentence at a space, with an ellipsis', () => {
    const long = 'word '.repeat(100);
    const cloze = clozeOf({ pre_context: long, word: 'bank', post_context: ` ${long}` });
    expect(cloze.before.startsWith('…word')).toBe(true);
    expect(cloze.before.length).toBeLessThanOrEqual(241);
    expect(cloze.after.endsWith('word…')).toBe(true);
    expect(cloze.sentence).not.toContain('…');
  });

  it('asks with the word alone when there is no context', () => {
    expect(clozeOf({ pre_context: '', word: 'bank', post_context: '' })).toMatchObject({
      before: '',
      after: '',
      sentence: 'bank',
    });
  });
});
