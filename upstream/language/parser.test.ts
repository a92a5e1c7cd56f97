import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { readConllu } from './conllu';
import { type Arc, Parser, parserTag, projective, reversedSentence } from './parser';
import { Perceptron } from './perceptron';
import { Tagger } from './tagger';

// 200 sentences of EWT dev (CC BY-SA 4.0), kept for the analysis tests; here a small training set.
const sample = readConllu(
  readFileSync(path.join(import.meta.dirname, '..', 'analysis', 'fixtures', 'ewt-dev-sample.conllu'), 'utf8'),
);
const train = sample.slice(0, 160);
const held = sample.slice(160);

describe('the averaged perceptron', () => {
  it('learns a separable rule, and averages and serializes without changing its decisions', () => {
    const model = new Perceptron<string>(2);
    const examples: [string[], number][] = [
      [['b', 'x=a'], 0],
      [['b', 'x=b'], 1],
      [['b', 'x=a', 'y=c'], 0],
      [['b', 'x=b', 'y=c'], 1],
    ];
    for (let epoch = 0; epoch < 5; epoch++) {
      for (const [features, truth] of examples) {
        const scores = model.score(features);
        const guess = scores[1] > scores[0] ? 1 : 0;
        model.tick();
        model.update(features, truth, guess);
      }
    }
    model.average();
    const decide = (m: Perceptron<string>, f: string[]) => (m.score(f)[1] > m.score(f)[0] ? 1 : 0);
    for (const [features, truth] of examples) expect(decide(model, features)).toBe(truth);
    const copy = Perceptron.parse<string>(model.serialize(), 2);
    for (const [features, truth] of examples) expect(decide(copy, features)).toBe(truth);
  });

  it('refuses a weight line that is not one', () => {
    expect(() => Perceptron.parse('f\t7:1', 2)).toThrow(/bad weight/);
  });
});

describe('projective', () => {
  it('leaves a projective tree alone and lifts a crossing arc to its head’s head', () => {
    expect(projective([2, 0, 2])).toEqual([2, 0, 2]);
    // 1←3, 2←4 cross (3 heads 1, 4 heads 2, root 3): 4 is lifted to 2's head.
    const lifted = projective([3, 4, 0, 1]);
    expect(lifted).not.toEqual([3, 4, 0, 1]);
    const crossing = (h: number[]) =>
      h.some((a, i) =>
        h.some((b, j) => {
          const [l1, r1] = [Math.min(i + 1, a || h.length + 1), Math.max(i + 1, a || h.length + 1)];
          const [l2, r2] = [Math.min(j + 1, b || h.length + 1), Math.max(j + 1, b || h.length + 1)];
          return l1 < l2 && l2 < r1 && r1 < r2;
        }),
      );
    expect(crossing(lifted)).toBe(false);
  });
});

describe('reading a sentence from its end', () => {
  it('reverses the words and their heads, and reversing again gives the sentence back', () => {
    const s = held[0];
    const reversed = reversedSentence(s);
    const n = s.words.length;
    expect(reversed.words.map((w) => w.form)).toEqual(s.words.map((w) => w.form).reverse());
    // The word at k heads the same word it did: counted from the other end.
    s.words.forEach((w, k) => {
      const r = reversed.words[n - 1 - k];
      expect(r.head).toBe(w.head === 0 ? 0 : n + 1 - w.head);
    });
    expect(reversedSentence(reversed)).toEqual(s);
  });

  it('trains a parser on reversed sentences whose trees map back onto the words as given', () => {
    const fromEnd = Parser.train(train.map(reversedSentence), { epochs: 4 });
    let attached = 0;
    let words = 0;
    for (const s of train.slice(0, 40)) {
      const arcs = fromEnd.parseFromEnd(
        s.words.map((w) => w.form),
        s.words.map(parserTag),
      );
      expect(arcs.filter((a) => a.head === 0)).toHaveLength(1);
      s.words.forEach((w, k) => {
        words++;
        if (arcs[k].head === w.head) attached++;
      });
    }
    expect(attached / words).toBeGreaterThan(0.85);
  });
});

describe('the tagger and the parser', () => {
  const tagger = Tagger.train(train, { epochs: 4 });
  const parser = Parser.train(
    train.map((s) => ({ ...s, words: s.words })),
    { epochs: 4 },
  );

  it('learn their training sentences', () => {
    let tagged = 0;
    let attached = 0;
    let words = 0;
    for (const s of train.slice(0, 40)) {
      const forms = s.words.map((w) => w.form);
      const tags = tagger.tag(forms);
      const arcs = parser.parse(forms, s.words.map(parserTag));
      s.words.forEach((w, k) => {
        words++;
        if (tags[k].upos === w.upos) tagged++;
        if (arcs[k].head === w.head) attached++;
      });
    }
    expect(tagged / words).toBeGreaterThan(0.95);
    expect(attached / words).toBeGreaterThan(0.85);
  });

  it('give every sentence one tree: one root, every head a word of the sentence', () => {
    for (const s of held) {
      const forms = s.words.map((w) => w.form);
      const arcs = parser.parse(forms, tagger.tag(forms).map(parserTag));
      expect(arcs).toHaveLength(forms.length);
      expect(arcs.filter((a) => a.head === 0)).toHaveLength(1);
      for (const a of arcs) {
        expect(a.head).toBeGreaterThanOrEqual(0);
        expect(a.head).toBeLessThanOrEqual(forms.length);
        expect(parser.labels).toContain(a.deprel);
      }
      // No cycles: every word reaches the root.
      arcs.forEach((_, k) => {
        let at = k + 1;
        for (let steps = 0; at !== 0; steps++) {
          expect(steps).toBeLessThan(forms.length + 1);
          at = arcs[at - 1].head;
        }
      });
    }
  });

  it('read back what they wrote', () => {
    const tagger2 = Tagger.parse(tagger.serialize());
    const parser2 = Parser.parse(parser.serialize());
    for (const s of held.slice(0, 10)) {
      const forms = s.words.map((w) => w.form);
      expect(tagger2.tag(forms)).toEqual(tagger.tag(forms));
      const tags = tagger.tag(forms).map(parserTag);
      // The same tree; the margins move by the rounding of the weights written.
      const tree = (arcs: Arc[]) => arcs.map((a) => [a.head, a.deprel]);
      expect(tree(parser2.parse(forms, tags))).toEqual(tree(parser.parse(forms, tags)));
    }
  });

  it('tag and parse an empty sentence and odd words without failing', () => {
    expect(tagger.tag([])).toEqual([]);
    expect(parser.parse([], [])).toEqual([]);
    const forms = ['\u0000', '😀', '中文', 'x'.repeat(5000)];
    const tags = tagger.tag(forms);
    expect(tags).toHaveLength(4);
    expect(parser.parse(forms, tags.map(parserTag))).toHaveLength(4);
  });

  it('refuse a file that is not their model', () => {
    expect(() => Tagger.parse('hello')).toThrow(/not a tagger model/);
    expect(() => Parser.parse('hello\nworld')).toThrow(/not a parser model/);
  });
});
