import { describe, expect, it } from 'vitest';
import type { ParsedPassage, PassageToken } from '@/lib/contract/calls/passage';
import { openLexicalData } from '@/upstream/dictionary/engine';
import { createPassageReader } from '@/upstream/passage/passage';
import { tokenize } from '../word-lookup';
import { isExamWord, joinPassages, matchTokens, passageMarks, textPieces, visibleMarks } from './passage-marks';

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

  it('marks no function word or basic word as an exam word, and still marks a real 中考 word', () => {
    const text = 'I want to be the first to taste the apple pie at the museum.';
    const parsed: ParsedPassage = { ...reader.read(text, { phrases: false }), phrases_withheld: null, marks_included: false };
    const words = tokenize(text);
    const matched = matchTokens(words, parsed);
    const tokenOf = (word: string) => matched[words.findIndex((w) => w.text === word)];
    // ECDICT tags each of them 中考: the rule, not the data, leaves them out.
    for (const word of ['I', 'to', 'be', 'the', 'want', 'first']) {
      expect(tokenOf(word)?.exams, word).toContain('zk');
      expect(isExamWord(tokenOf(word), 'zk'), word).toBe(false);
    }
    expect(isExamWord(tokenOf('apple'), 'zk')).toBe(true);
    expect(isExamWord(tokenOf('museum'), 'zk')).toBe(true);
    expect(passageMarks(words, parsed).examWords.zk).toEqual(['taste', 'apple', 'pie', 'museum']);
  });

  it('parses a text too long for one call in pieces that join into the whole text’s answer', () => {
    const paragraph =
      'In spite of the rain, the committee took off early. Nevertheless, several members insisted that the old library deserved protection.';
    const text = Array.from({ length: 6 }, () => paragraph).join('\n\n');
    const pieces = textPieces(text, 300);
    expect(pieces.length).toBeGreaterThan(2);
    expect(pieces.every((p) => p.end - p.start <= 300)).toBe(true);
    // Cut at paragraphs' ends: no piece starts inside a word, and together they cover the text.
    for (const p of pieces) expect(text.slice(p.start, p.end)).toMatch(/^In spite/);
    expect(pieces[0].start).toBe(0);
    expect(pieces.at(-1)?.end).toBe(text.length);

    const read = (piece: string): ParsedPassage => ({
      ...reader.read(piece, { phrases: true }),
      phrases_withheld: null,
      marks_included: true,
    });
    const joined = joinPassages(pieces.map((p) => ({ start: p.start, passage: read(text.slice(p.start, p.end)) })));
    const whole = read(text);
    const shape = (passage: ParsedPassage) => ({
      sentences: passage.sentences.map((s) => [s.start, s.end, s.tokens.map((t) => [t.start, t.end, t.lemma])]),
      phrases: passage.phrases.map((ph) => [ph.phrase, ph.sentence, ph.start, ph.end]),
      words: passage.word_count,
    });
    expect(shape(joined)).toEqual(shape(whole));
    for (const t of joined.sentences.flatMap((s) => s.tokens)) expect(text.slice(t.start, t.end)).toBe(t.text);
  });
});

describe('cutting a long text', () => {
  it('cuts at a sentence’s end, else after a space, and leaves out pieces of nothing but spaces', () => {
    const sentences = 'One short sentence here. Another one follows it. ';
    const text = sentences.repeat(4);
    for (const p of textPieces(text, 60)) expect(text.slice(p.start, p.end)).toMatch(/\. $/);
    const words = 'word '.repeat(30);
    const pieces = textPieces(words, 23);
    expect(pieces.every((p) => /^(word )+$/.test(words.slice(p.start, p.end)))).toBe(true);
    expect(textPieces('   \n\n   ', 4)).toEqual([]);
    // A word longer than a piece is cut where it must be.
    expect(textPieces('x'.repeat(10), 4).map((p) => p.end - p.start)).toEqual([4, 4, 2]);
  });

  it('says a joined answer includes the marks only when every piece did, and withholds phrases if any piece did', () => {
    const empty = (extra: Partial<ParsedPassage>): ParsedPassage => ({
      sentences: [],
      word_count: 0,
      phrases: [],
      phrases_withheld: null,
      marks_included: true,
      ...extra,
    });
    const withheld = { reason: 'vip_only' as const, description: '会员' };
    const joined = joinPassages([
      { start: 0, passage: empty({}) },
      { start: 10, passage: empty({ marks_included: false, phrases_withheld: withheld }) },
    ]);
    expect(joined.marks_included).toBe(false);
    expect(joined.phrases_withheld).toEqual(withheld);
    expect(joinPassages([]).marks_included).toBe(false);
  });
});

describe('what the learner knows of a passage, and the words waiting for review', () => {
  const text = 'The bank staff abandoned the proposal in London twice.';
  const parsed = passageOf(text, [
    at(text, 'The', { lemma: 'the', exams: ['zk'] }),
    at(text, 'bank', { lemma: 'bank', exams: ['zk'], review: 'due' }),
    at(text, 'staff', { lemma: 'staff', exams: ['gk'], review: 'known' }),
    at(text, 'abandoned', { lemma: 'abandon', exams: ['cet4'], mark: 'familiar' }),
    at(text, 'the', { lemma: 'the', exams: ['zk'] }, 20),
    at(text, 'proposal', { lemma: 'proposal', exams: ['cet4'], review: 'learning' }),
    at(text, 'in', { lemma: 'in', exams: ['zk'] }),
    at(text, 'London', { lemma: 'London', pos: 'PROPN' }),
    at(text, 'twice', { lemma: 'twice', exams: ['zk'] }),
  ]);
  const words = tokenize(text);
  const marks = passageMarks(words, parsed);
  const indexOf = (word: string) => words.findIndex((w) => w.text === word);

  it('counts the distinct words known (熟词, or known from review), names left out', () => {
    // the, bank, staff, abandon, proposal, in, twice: 7 words; staff and abandon known.
    expect(marks.known).toEqual({ words: 2, of: 7, share: 2 / 7 });
    expect(passageMarks(words, { ...parsed, marks_included: false }).known).toBeNull();
  });

  it('marks only the exam words the learner does not know yet', () => {
    expect(marks.examWords.cet4).toEqual(['proposal']);
    expect(marks.examWords.gk).toBeUndefined();
  });

  it('marks the words waiting for review while it is on', () => {
    expect(marks.dueWords).toEqual(['bank']);
    expect(visibleMarks(marks, { exam: null, strange: false, phrases: false, due: true }).get(indexOf('bank'))).toBe('due');
    expect(visibleMarks(marks, { exam: null, strange: false, phrases: false, due: false }).size).toBe(0);
  });
});
