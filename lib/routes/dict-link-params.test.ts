import { describe, expect, it } from 'vitest';
import { dictLinkParams } from './dict-link-params';

describe('dictionary link parameters', () => {
  it('reads text, target and index', () => {
    expect(dictLinkParams({ text: 'We sat on the bank.', target: 'bank', index: '4' })).toEqual({
      text: 'We sat on the bank.',
      target: 'bank',
      index: 4,
    });
  });

  it('takes the first of repeated parameters and trims', () => {
    expect(dictLinkParams({ text: ['  One two. ', 'x'], target: [' two '] })).toEqual({ text: 'One two.', target: 'two' });
  });

  it('drops what is malformed or too long, and everything without a text', () => {
    expect(dictLinkParams({ target: 'bank' })).toEqual({});
    expect(dictLinkParams({ text: '   ', target: 'bank' })).toEqual({});
    expect(dictLinkParams({ text: 'x'.repeat(20_001) })).toEqual({});
    expect(dictLinkParams({ text: 'ok', target: 'y'.repeat(201), index: '-1' })).toEqual({ text: 'ok' });
    expect(dictLinkParams({ text: 'ok', index: '1.5' })).toEqual({ text: 'ok' });
    expect(dictLinkParams({ text: 'ok', index: '' })).toEqual({ text: 'ok' });
  });
});
