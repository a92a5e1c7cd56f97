import { describe, expect, it } from 'vitest';
import type { PassageToken } from '../../lib/contract';
import { profileOf } from './writer-checks-profile';

const word = (text: string, pos: string, level?: number): PassageToken => ({
  text,
  start: 0,
  end: text.length,
  is_word: true,
  lemma: text.toLowerCase(),
  pos,
  ...(level === undefined ? {} : { level }),
});

describe('the exam-word profile of a text', () => {
  it('counts words and sentences, lists the advanced words and the overused ones', () => {
    const sentence = (tokens: PassageToken[]) => ({ text: '', start: 0, end: 0, tokens });
    const profile = profileOf({
      sentences: [
        sentence([word('Pollution', 'NOUN', 3), word('is', 'AUX', 1), word('ubiquitous', 'ADJ', 5)]),
        sentence([word('Pollution', 'NOUN', 3), word('harms', 'VERB', 2), word('pollution', 'NOUN', 3)]),
        sentence([word('Pollution', 'NOUN', 3), word('Beijing', 'PROPN')]),
      ],
    });
    expect(profile).toMatchObject({
      word_count: 8,
      sentence_count: 3,
      average_sentence_words: 2.7,
      longest_sentence_words: 3,
      distinct_words: 4,
      advanced_words: [{ lemma: 'ubiquitous', level: 5 }],
      overused_words: [{ lemma: 'pollution', count: 4 }],
    });
    expect(profile.levels.reduce((n, l) => n + l.count, 0)).toBe(7);
  });
});
