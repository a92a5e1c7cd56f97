import { afterEach, describe, expect, it, vi } from 'vitest';
import { WORD_NOT_FOUND, type TranslationItem } from '@/lib/contract';
import {
  countLine,
  createTabReset,
  isWordNotFound,
  notFoundMessage,
  phoneticText,
  phoneticsOf,
  splitExamples,
} from './word-entry';

const item = (over: Partial<TranslationItem> = {}): TranslationItem => ({
  lemma: 'bank',
  key: 'bank',
  gloss: [{ sense: { first: 'sloping land beside a body of water', second: '河岸' } }],
  ...over,
});

describe('not found', () => {
  it('is detected by the phrase in the first sense text, English or Chinese side', () => {
    expect(isWordNotFound([item()])).toBe(false);
    const missing = item({ gloss: [{ sense: { first: 'xqzt', second: `${WORD_NOT_FOUND}：xqzt` } }] });
    expect(isWordNotFound([missing])).toBe(true);
    expect(notFoundMessage([missing])).toBe(`${WORD_NOT_FOUND}：xqzt`);
    expect(isWordNotFound([item({ gloss: [{ sense: { first: WORD_NOT_FOUND } }] })])).toBe(true);
  });

  it('only looks at the first gloss of the first item', () => {
    const later = item({ gloss: [{ sense: { first: 'a' } }, { sense: { first: WORD_NOT_FOUND } }] });
    expect(isWordNotFound([later])).toBe(false);
  });

  it('counts an empty answer as not found', () => {
    expect(isWordNotFound([])).toBe(true);
    expect(isWordNotFound([item({ gloss: [] })])).toBe(true);
    expect(notFoundMessage([])).toBe(WORD_NOT_FOUND);
  });
});

describe('phonetics', () => {
  it('puts IPA between slashes whatever it came with', () => {
    expect(phoneticText('bæŋk')).toBe('/bæŋk/');
    expect(phoneticText('/bæŋk/')).toBe('/bæŋk/');
    expect(phoneticText('[bæŋk]')).toBe('/bæŋk/');
    expect(phoneticText('  ')).toBeNull();
    expect(phoneticText(undefined)).toBeNull();
  });

  it('takes UK first and US second from the first gloss that has them', () => {
    const it2 = item({
      gloss: [{ sense: { first: 'a' } }, { sense: { first: 'b' }, phonetic_symbol: { first: 'bæŋk', second: 'bæŋk' } }],
    });
    expect(phoneticsOf(it2)).toEqual({ uk: '/bæŋk/', us: '/bæŋk/' });
    expect(phoneticsOf(item())).toEqual({ uk: null, us: null });
  });
});

describe('count lines', () => {
  it('reads as the spec words them and hides zero', () => {
    expect(countLine.word(12)).toBe('近8年出现了12次');
    expect(countLine.sense(3)).toBe('该词义出现3次');
    expect(countLine.word(0)).toBeNull();
    expect(countLine.sense(undefined)).toBeNull();
  });
});

describe('examples', () => {
  it('shows two and keeps the rest for "more examples"', () => {
    const examples = ['a', 'b', 'c', 'd'].map((first) => ({ first }));
    const { shown, more } = splitExamples({ sense: { first: 'x' }, examples });
    expect(shown.map((e) => e.first)).toEqual(['a', 'b']);
    expect(more.map((e) => e.first)).toEqual(['c', 'd']);
    expect(splitExamples({ sense: { first: 'x' } })).toEqual({ shown: [], more: [] });
  });
});

describe('tab reset', () => {
  afterEach(() => vi.useRealTimers());

  it('resets 500 ms after closing, not before', () => {
    vi.useFakeTimers();
    const reset = vi.fn();
    const tabs = createTabReset(reset);
    tabs.closed();
    vi.advanceTimersByTime(499);
    expect(reset).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(reset).toHaveBeenCalledTimes(1);
  });

  it('reopening within the delay resets at once and cancels the pending reset', () => {
    vi.useFakeTimers();
    const reset = vi.fn();
    const tabs = createTabReset(reset);
    tabs.closed();
    vi.advanceTimersByTime(200);
    tabs.opened();
    expect(reset).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(1000);
    expect(reset).toHaveBeenCalledTimes(1);
    tabs.opened(); // nothing pending: nothing to do
    expect(reset).toHaveBeenCalledTimes(1);
  });

  it('dispose cancels a pending reset', () => {
    vi.useFakeTimers();
    const reset = vi.fn();
    const tabs = createTabReset(reset);
    tabs.closed();
    tabs.dispose();
    vi.advanceTimersByTime(1000);
    expect(reset).not.toHaveBeenCalled();
  });
});
