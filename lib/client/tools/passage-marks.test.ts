import { describe, expect, it } from 'vitest';
import type { ParsedPassage, PassageToken } from '@/lib/contract/calls/tools';
import { openLexicalData } from '@/upstream/dictionary/engine';
import { createPassageReader } from '@/upstream/tools/passage';
import { tokenize } from '../word-lookup';
import { isExamWord, matchTokens, passageMarks, visibleMarks } from './passage-marks';

// A parser token at its place in `text` (the nth occurrence of `piece` from `from`).
const at = (text: string, piece: string, extra: Partial<PassageToken> = {}, from = 0): PassageToken => {
  const start = text.indexOf(piece, from);
  if (start < 0) throw new Error(`${piece} not in text`);
  return { text: piece, start, end: start + piece.length, is_word: true, pos: 'X', ...extra };
};

const passageOf = (text: string, tokens: PassageToken[], phrases: ParsedPassage['phrases'] = []): ParsedPassage => ({
  sentences: [{ text, start: 0, end: text.length, tokens }],
  word_count: tokens.filter((t) => t.is_word).length,
  phrases,
  phrases_withheld: null,
  marks_included: true,
});

describe('laying parse_text tokens on the clickable words', () => {
  it('matches by offsets, whatever each side makes of punctuation', () => {
    const text = 'Hello, world!  Bye.';
    const parsed = passageOf(text, [
      at(text, 'Hello'),
      { ...at(text, ','), is_word: false },
      at(text, 'world'),
      { ...at(text, '!'), is_word: false },
      at(text, 'Bye'),
      { ...at(text, '.'), is_word: false },
    ]);
    const words = tokenize(text);
    const matched = matchTokens(words, parsed);
    expect(words.map((w, i) => (w.isWord ? [w.text, matched[i]?.text] : null)).filter(Boolean)).toEqual([
      ['Hello', 'Hello'],
      ['world', 'world'],
      ['Bye', 'Bye'],
    ]);
    // Gaps have no token.
    expect(matched.filter((_, i) => !words[i].isWord).every((t) => t === undefined)).toBe(true);
  });

  it('keeps a word whole where the parser splits it: the piece reading the same, else the longest', () => {
    const text = "I don't like well-known songs.";
    const parsed = passageOf(text, [
      at(text, 'I'),
      at(text, 'do', { lemma: 'do' }),
      at(text, "n't", { lemma: 'not' }),
      at(text, 'like'),
      at(text, 'well'),
      { ...at(text, '-'), is_word: false },
      at(text, 'known', { lemma: 'know' }),
      at(text, 'songs', { lemma: 'song' }),
    ]);
    const words = tokenize(text);
    const matched = matchTokens(words, parsed);
    const pairs = words.flatMap((w, i) => (w.isWord ? [[w.text, matched[i]?.text]] : []));
    expect(pairs).toEqual([
      ['I', 'I'],
      ["don't", "n't"],
      ['like', 'like'],
      ['well-known', 'known'],
      ['songs', 'songs'],
    ]);
  });

  it('leaves a word the parser did not cover without a token, and the ones after it still matched', () => {
    const text = 'alpha beta gamma';
    const parsed = passageOf(text, [at(text, 'alpha'), at(text, 'gamma')]);
    const words = tokenize(text);
    expect(matchTokens(words, parsed).map((t) => t?.text)).toEqual(['alpha', undefined, undefined, undefined, 'gamma']);
  });
});

describe('the marks', () => {
  const text = 'She took the coat off and abandoned the proposal. Abandoned!';
  const parsed = passageOf(
    text,
    [
      at(text, 'She', { level: 1, exams: ['zk'] }),
      at(text, 'took', { lemma: 'take', level: 1, exams: ['zk', 'gk', 'cet4'] }),
      at(text, 'the', { level: 1, exams: ['zk', 'cet4'] }),
      at(text, 'coat', { level: 1, exams: ['zk'] }),
      at(text, 'off', { level: 1, exams: ['zk'] }),
      at(text, 'and'),
      at(text, 'abandoned', { lemma: 'abandon', level: 3, exams: ['cet4', 'cet6', 'ky'], mark: 'strange' }),
      at(text, 'the', {}, text.indexOf('abandoned')),
      at(text, 'proposal', { level: 3, exams: ['cet4', 'ky'] }),
      at(text, 'Abandoned', { lemma: 'abandon', level: 3, exams: ['cet4', 'cet6', 'ky'], mark: 'strange' }),
    ],
    [{ phrase: 'take off', sentence: 0, tokens: [1, 4], start: 4, end: 17, zh: '脱下' }],
  );
  const words = tokenize(text);
  const marks = passageMarks(words, parsed);
  const indexOf = (word: string, nth = 0) => words.map((w, i) => (w.text === word ? i : -1)).filter((i) => i >= 0)[nth];

  it('counts an exam’s words once each, leaving out the words an easier exam lists', () => {
    expect(marks.exams).toEqual(['zk', 'cet4']);
    expect(isExamWord(parsed.sentences[0].tokens[6], 'ky')).toBe(false);
    expect(marks.examWords.cet4).toEqual(['abandon', 'proposal']);
    expect(isExamWord(parsed.sentences[0].tokens[1], 'cet4')).toBe(false);
    expect(isExamWord(parsed.sentences[0].tokens[1], 'zk')).toBe(true);
  });

  it('lists the learner’s 生词 once each', () => {
    expect(marks.strangeWords).toEqual(['abandon']);
  });

  it('draws only what is turned on, and a phrase on its words, not on the words it skips', () => {
    const none = visibleMarks(marks, { exam: null, strange: false, phrases: false });
    expect(none.size).toBe(0);
    const all = visibleMarks(marks, { exam: 'cet4', strange: true, phrases: true });
    expect(all.get(indexOf('abandoned'))).toBe('exam strange');
    expect(all.get(indexOf('Abandoned'))).toBe('exam strange');
    expect(all.get(indexOf('proposal'))).toBe('exam');
    expect(all.get(indexOf('took'))).toBe('phrase');
    expect(all.get(indexOf('off'))).toBe('phrase');
    expect(all.get(indexOf('coat'))).toBeUndefined();
    expect(all.get(indexOf('took') + 1)).toBeUndefined();
  });

  it('underlines the space between two words of a phrase that follow each other', () => {
    const t = 'They look forward to it.';
    const p = passageOf(
      t,
      [at(t, 'They'), at(t, 'look'), at(t, 'forward'), at(t, 'to'), at(t, 'it')],
      [{ phrase: 'look forward to', sentence: 0, tokens: [1, 2, 3], start: 5, end: 20 }],
    );
    const w = tokenize(t);
    const shown = visibleMarks(passageMarks(w, p), { exam: null, strange: false, phrases: true });
    expect(w.map((token, i) => (shown.get(i) ? token.text : null)).filter(Boolean)).toEqual(['look', ' ', 'forward', ' ', 'to']);
  });
});

describe('with the upstream’s own parser', () => {
  const reader = createPassageReader(() => openLexicalData());

  it('gives every clickable word of a real passage its token, by offset', () => {
    const text =
      "The committee didn't abandon the well-known proposal.\n\nIn spite of the rain, they took off early — at 7 o'clock.";
    const parsed: ParsedPassage = { ...reader.read(text, { phrases: true }), phrases_withheld: null, marks_included: false };
    const words = tokenize(text);
    const matched = matchTokens(words, parsed);
    words.forEach((word, i) => {
      if (!word.isWord) return;
      const token = matched[i];
      expect(token, word.text).toBeDefined();
      expect(token && token.start >= word.start && token.end <= word.end, word.text).toBe(true);
    });
    const abandon = matched[words.findIndex((w) => w.text === 'abandon')];
    expect(abandon?.lemma).toBe('abandon');
    const marks = passageMarks(words, parsed);
    expect(marks.phrases.map((p) => p.phrase)).toContain('in spite of');
    const shown = visibleMarks(marks, { exam: null, strange: false, phrases: true });
    expect(shown.get(words.findIndex((w) => w.text === 'spite'))).toBe('phrase');
  });
});
