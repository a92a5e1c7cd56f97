import { describe, expect, it } from 'vitest';
import type { Parse } from '../parser/link-grammar';
import { everyFewRewrites, linkageScore, parserGapWords, subjectLinkOf, subjectText } from './writer-checks-linkage';

/** A parse as link-parser gives it: LEFT-WALL first, unlinked words in brackets. */
const parseOf = (words: string[], links: Parse['links'] = [], subscripts = words.map(() => '')): Parse => ({
  words: ['LEFT-WALL', ...words],
  subscripts: ['', ...subscripts],
  unknown: [],
  links,
  tree: { label: 'S', children: [] },
});

describe('reading the parser’s linkage', () => {
  it('scores a clean linkage 0 and each unlinked word 2, except the words a parser gap accounts for', () => {
    expect(linkageScore(parseOf(['he', 'goes', 'home', '.']), new Set())).toBe(0);
    expect(linkageScore(parseOf(['he', '[go]', '[home]', '.']), new Set())).toBe(4);
    expect(linkageScore(parseOf(['[how]', 'I', 'wish', '[!]']), new Set(['how']))).toBe(0);
  });

  it('names the subject a verb agrees with, both sides of a coordination', () => {
    // brother and sister like: SJl/SJr join the two nouns under "and", which is the verb's subject.
    const parse = parseOf(
      ['my', 'brother', 'and', 'my', 'sister', 'like', 'music', '.'],
      [
        { left: 2, right: 3, label: 'SJls' },
        { left: 3, right: 5, label: 'SJr' },
        { left: 3, right: 6, label: 'Spx' },
      ],
    );
    const link = subjectLinkOf(parse, 6);
    expect(link?.subject).toBe(3);
    expect(subjectText(parse, link!)).toBe('brother and sister');
  });

  it('finds the constructions the parser lacks, and reads "every few" for the parse as a span it knows', () => {
    expect(parserGapWords('The harder you work, the more you learn.')).toEqual(new Set(['the', 'harder', 'more']));
    expect(parserGapWords('I like the harder questions.')).toEqual(new Set());
    const text = 'We check it every few minutes and meet every other day.';
    const edits = everyFewRewrites({ text, start: 10, end: 10 + text.length, tokens: [] });
    expect(edits).toEqual([
      { start: 10 + text.indexOf('every few'), end: 10 + text.indexOf('every few') + 5, text: 'for a' },
      { start: 10 + text.indexOf('every other'), end: 10 + text.indexOf('every other') + 11, text: 'every' },
    ]);
  });
});
