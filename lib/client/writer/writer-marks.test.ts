import { describe, expect, it } from 'vitest';
import type { WriterFlag } from '@/lib/contract';
import { markedSegments } from './writer-marks';

const flag = (kind: WriterFlag['kind'], text: string, whole: string, from = 0): WriterFlag => {
  const start = whole.indexOf(text, from);
  return { kind, start, end: start + text.length, text, message: '', suggestions: [] };
};

describe('the writer’s marked text', () => {
  it('cuts the text at the flags and joins what opens the same flag', () => {
    const text = 'He go home. I recieve it.';
    const flags = [flag('agreement', 'go', text), flag('spelling', 'recieve', text)];
    expect(markedSegments(text, flags).map((s) => [s.text, s.primary])).toEqual([
      ['He ', null],
      ['go', 0],
      [' home. I ', null],
      ['recieve', 1],
      [' it.', null],
    ]);
  });

  it('lets a word inside a flagged sentence open its own flag, the rest the sentence’s', () => {
    const text = 'The students is happy today.';
    const flags = [flag('grammar', text, text), flag('agreement', 'is', text)];
    expect(markedSegments(text, flags).map((s) => [s.text, s.primary, s.inSentenceFlag])).toEqual([
      ['The students ', 0, true],
      ['is', 1, true],
      [' happy today.', 0, true],
    ]);
  });

  it('ignores a flag outside the text', () => {
    expect(markedSegments('abc', [{ kind: 'repeat', start: 2, end: 9, text: 'x', message: '', suggestions: [] }])).toEqual([
      { start: 0, end: 3, text: 'abc', primary: null, inSentenceFlag: false },
    ]);
  });
});
