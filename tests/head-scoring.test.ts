import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  alignWords,
  functionHeads,
  goldHeads,
  indexOfRef,
  matchHeads,
  parseDevSet,
  predictedHeads,
  prf,
  refAt,
  scoredFunctions,
  tokenize,
} from '../bench/support/head-scoring';
import type { SpanNode } from '../lib/contract';

describe('the gold tokenisation', () => {
  it('splits on spaces and punctuation and splits clitics off as Link Grammar does', () => {
    expect(tokenize(`I'd say the company's U.S. sales rose 5% to $3.2 billion, don't you?`)).toEqual([
      'I',
      "'d",
      'say',
      'the',
      'company',
      "'s",
      'U.S.',
      'sales',
      'rose',
      '5',
      '%',
      'to',
      '$',
      '3.2',
      'billion',
      ',',
      "don't",
      'you',
      '?',
    ]);
  });

  it('keeps hyphenated words, numbers with commas, o’clock and quotes as they are', () => {
    expect(tokenize('“We met at 9 o’clock,” said 1,250 well-known COVID-19 experts.')).toEqual([
      '"',
      'We',
      'met',
      'at',
      '9',
      "o'clock",
      ',',
      '"',
      'said',
      '1,250',
      'well-known',
      'COVID-19',
      'experts',
      '.',
    ]);
  });
});

describe('refs', () => {
  const tokens = tokenize('It is said that it rains when it is cold, and it is.');

  it('count occurrences among equal tokens ignoring case', () => {
    expect(refAt(tokens, 0)).toEqual({ head: 'It', occurrence: 0 });
    expect(refAt(tokens, 4)).toEqual({ head: 'it', occurrence: 1 });
    expect(refAt(tokens, 7)).toEqual({ head: 'it', occurrence: 2 });
  });

  it('find their token again, or -1', () => {
    expect(indexOfRef(tokens, { head: 'IT', occurrence: 2 })).toBe(7);
    expect(indexOfRef(tokens, { head: 'it', occurrence: 4 })).toBe(-1);
    expect(indexOfRef(tokens, { head: 'rain', occurrence: 0 })).toBe(-1);
  });
});

describe('alignWords', () => {
  it('maps Link Grammar words (lowercased, bracketed when left out) to the gold tokens', () => {
    const tokens = tokenize("The book isn't here, I'm sure.");
    const words = ['the', 'book', "[isn't]", 'here', ',', 'I', "'m", 'sure', '.'];
    expect(alignWords(words, tokens)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8]);
  });

  it('maps a word the gold splits to its first piece and skips what it cannot place', () => {
    const tokens = tokenize("I'd like it, she said.");
    // A fallback that keeps "I'd" whole and adds a stray token.
    expect(alignWords(["I'd", 'like', '###', 'it', ',', 'she', 'said', '.'], tokens)).toEqual([0, 2, null, 3, 4, 5, 6, 7]);
  });

  it('keeps repeated words in order', () => {
    const tokens = tokenize('He said he saw him.');
    expect(alignWords(['he', 'said', 'he', 'saw', 'him', '.'], tokens)).toEqual([0, 1, 2, 3, 4, 5]);
    // A word list cut short still aligns what it has.
    expect(alignWords(['he', 'said'], tokens)).toEqual([0, 1]);
  });
});

describe('functionHeads', () => {
  // "The book that you lent me was so good that I wanted to tell you what it said."
  //   0   1    2    3   4    5  6   7  8    9   10  11    12  13  14  15  16  17 18
  const spans: SpanNode[] = [
    {
      start: 0,
      end: 18,
      label: '主句',
      children: [
        {
          start: 0,
          end: 6,
          label: '主语',
          highlight: [1],
          children: [
            {
              start: 2,
              end: 6,
              label: '定语从句',
              children: [
                { start: 2, end: 3, label: '宾语', highlight: [2] },
                { start: 3, end: 4, label: '主语', highlight: [3] },
                { start: 4, end: 5, label: '谓语', highlight: [4] },
                { start: 5, end: 6, label: '间接宾语', highlight: [5] },
              ],
            },
          ],
        },
        { start: 6, end: 7, label: '谓语', highlight: [6] },
        { start: 7, end: 9, label: '表语', highlight: [8] },
        {
          start: 9,
          end: 18,
          label: '结果状语从句',
          gray: [9],
          children: [
            { start: 10, end: 11, label: '主语', highlight: [10] },
            { start: 11, end: 12, label: '谓语', highlight: [11] },
            {
              start: 12,
              end: 18,
              label: '宾语',
              children: [
                {
                  start: 12,
                  end: 18,
                  label: '不定式短语',
                  children: [
                    { start: 13, end: 14, label: '谓语', highlight: [13] },
                    // The infinitive's own object: not a finite clause's, so not read.
                    { start: 14, end: 15, label: '宾语', highlight: [14] },
                    {
                      start: 15,
                      end: 18,
                      label: '宾语从句',
                      children: [
                        { start: 15, end: 16, label: '宾语', highlight: [15] },
                        { start: 16, end: 17, label: '主语', highlight: [16] },
                        // The same head twice counts once.
                        { start: 16, end: 17, label: '形式主语', highlight: [16] },
                      ],
                    },
                  ],
                },
              ],
            },
          ],
        },
      ],
    },
  ];

  it('reads subjects, objects and indirect objects of finite clauses at any depth', () => {
    const heads = functionHeads(spans);
    expect(heads.subject).toEqual([1, 3, 10, 16]);
    // The 宾语 that holds the infinitive has no highlight: a clausal function claims no head.
    expect(heads.object).toEqual([2, 15]);
    expect(heads.indirectObject).toEqual([5]);
  });

  it('gives nothing for a tree without functions', () => {
    expect(functionHeads([{ start: 0, end: 5, label: '主句' }])).toEqual({ subject: [], object: [], indirectObject: [] });
    expect(functionHeads([])).toEqual({ subject: [], object: [], indirectObject: [] });
  });
});

describe('predictedHeads', () => {
  it('turns highlighted word positions into gold refs, and unplaceable ones into misses', () => {
    // The 主语 without a highlight (a clause) claims nothing.
    const sentence = 'It was the storm that caused it.';
    const tokens = tokenize(sentence);
    const answer = {
      words: ['it', 'was', 'the', 'storm', 'that', 'caused', 'it', '.', 'zzz'],
      spans: [
        {
          start: 0,
          end: 9,
          label: '主句',
          children: [
            { start: 0, end: 1, label: '主语', highlight: [0] },
            { start: 6, end: 7, label: '宾语', highlight: [6] },
            { start: 8, end: 9, label: '宾语', highlight: [8] },
            { start: 3, end: 4, label: '主语' },
          ],
        },
      ],
    };
    expect(predictedHeads(answer, tokens)).toEqual({
      subject: [{ head: 'It', occurrence: 0 }],
      object: [
        { head: 'it', occurrence: 1 },
        { head: 'zzz', occurrence: -1 },
      ],
      indirectObject: [],
    });
  });
});

describe('matching and arithmetic', () => {
  const ref = (head: string, occurrence = 0) => ({ head, occurrence });

  it('counts matched, wrong and missed heads, by token and ignoring case', () => {
    expect(matchHeads([ref('book'), ref('you'), ref('I')], [ref('Book'), ref('you', 1), ref('night')])).toEqual({
      tp: 1,
      fp: 2,
      fn: 2,
    });
  });

  it('counts a head predicted twice once, and every unplaceable head as wrong', () => {
    expect(matchHeads([ref('it')], [ref('it'), ref('It'), ref('x', -1), ref('x', -1)])).toEqual({ tp: 1, fp: 2, fn: 0 });
    expect(matchHeads([ref('it')], [])).toEqual({ tp: 0, fp: 0, fn: 1 });
  });

  it('computes precision, recall and F1, with 0 where there is nothing to count', () => {
    const s = prf({ tp: 3, fp: 1, fn: 2 });
    expect(s.precision).toBeCloseTo(0.75, 10);
    expect(s.recall).toBeCloseTo(0.6, 10);
    expect(s.f1).toBeCloseTo(2 / 3, 10);
    expect(prf({ tp: 0, fp: 0, fn: 5 })).toEqual({ precision: 0, recall: 0, f1: 0 });
    expect(prf({ tp: 0, fp: 0, fn: 0 })).toEqual({ precision: 0, recall: 0, f1: 0 });
    expect(prf({ tp: 4, fp: 0, fn: 0 })).toEqual({ precision: 1, recall: 1, f1: 1 });
  });
});

describe('the development set', () => {
  const set = parseDevSet(readFileSync(new URL('../bench/data/analysis-dev.jsonl', import.meta.url), 'utf8'));

  it('has at least 160 sentences of 8–40 words, about half of each style, with unique ids', () => {
    expect(set.length).toBeGreaterThanOrEqual(160);
    const exam = set.filter((e) => e.style === 'exam').length;
    expect(exam / set.length).toBeGreaterThan(0.4);
    expect(exam / set.length).toBeLessThan(0.6);
    expect(new Set(set.map((e) => e.id)).size).toBe(set.length);
    expect(new Set(set.map((e) => e.sentence)).size).toBe(set.length);
    for (const entry of set) {
      const words = tokenize(entry.sentence).filter((t) => /[A-Za-z0-9]/.test(t)).length;
      expect(words, entry.id).toBeGreaterThanOrEqual(8);
      expect(words, entry.id).toBeLessThanOrEqual(40);
    }
  });

  it('names only heads that occur in their sentence, each token once and in one function', () => {
    for (const entry of set) {
      const tokens = tokenize(entry.sentence);
      const used = new Map<number, string>();
      const gold = goldHeads(entry);
      for (const fn of scoredFunctions) {
        for (const ref of gold[fn]) {
          const at = indexOfRef(tokens, ref);
          expect(at, `${entry.id} ${fn} ${ref.head}#${ref.occurrence}`).toBeGreaterThanOrEqual(0);
          // The head is written as it appears in the sentence.
          expect(tokens[at], entry.id).toBe(ref.head);
          expect(used.get(at), `${entry.id}: ${ref.head} is both ${used.get(at)} and ${fn}`).toBeUndefined();
          used.set(at, fn);
        }
      }
    }
  });

  it('scores 1 for a span tree that names exactly the gold heads, in Link Grammar-style words', () => {
    let total = { tp: 0, fp: 0, fn: 0 };
    for (const entry of set) {
      const tokens = tokenize(entry.sentence);
      // Link Grammar lowercases the first word; the fallback keeps "I'd" and "team's" whole.
      const words: string[] = [];
      const wordOf: number[] = [];
      for (const [i, t] of tokens.entries()) {
        if (/^'(s|re|ve|m|ll|d)$/i.test(t) && words.length) words[words.length - 1] += t;
        else words.push(i === 0 ? t.toLowerCase() : t);
        wordOf.push(words.length - 1);
      }
      const gold = goldHeads(entry);
      const labels = { subject: '主语', object: '宾语', indirectObject: '间接宾语' } as const;
      const children: SpanNode[] = scoredFunctions.flatMap((fn) =>
        gold[fn].map((ref) => {
          const at = wordOf[indexOfRef(tokens, ref)];
          return { start: at, end: at + 1, label: labels[fn], highlight: [at] };
        }),
      );
      const predicted = predictedHeads({ words, spans: [{ start: 0, end: words.length, label: '主句', children }] }, tokens);
      for (const fn of scoredFunctions) {
        const c = matchHeads(gold[fn], predicted[fn]);
        total = { tp: total.tp + c.tp, fp: total.fp + c.fp, fn: total.fn + c.fn };
      }
    }
    expect(total.fp).toBe(0);
    expect(total.fn).toBe(0);
    expect(prf(total).f1).toBe(1);
  });

  it('rejects a malformed line with its line number', () => {
    expect(() => parseDevSet('{"id":"x","style":"exam","sentence":"A b.","subjects":[],"objects":[]}\n{"id":"y"}')).toThrow(
      /line 2/,
    );
  });
});
