import { describe, expect, it } from 'vitest';
import type { SpanNode } from '@/lib/contract/calls/analysis';
import { constituentLayers, joinWords, type LayerCell, spanText } from './layers';

// "The book that you lent me was so interesting that I finished it in one night ."
const words = 'The book that you lent me was so interesting that I finished it in one night .'.split(' ');
const tree: SpanNode[] = [
  {
    start: 0,
    end: 16,
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
              { start: 2, end: 3, label: '宾语' },
              { start: 3, end: 4, label: '主语' },
              { start: 4, end: 5, label: '谓语', highlight: [4] },
              { start: 5, end: 6, label: '间接宾语' },
            ],
          },
        ],
      },
      { start: 6, end: 7, label: '谓语', highlight: [6] },
      { start: 7, end: 9, label: '表语', highlight: [8] },
      {
        start: 9,
        end: 16,
        label: '结果状语从句',
        gray: [9],
        children: [
          { start: 10, end: 11, label: '主语' },
          { start: 11, end: 12, label: '谓语' },
          { start: 12, end: 13, label: '宾语' },
          { start: 13, end: 16, label: '状语' },
        ],
      },
    ],
  },
];

const summary = (cells: LayerCell[]) =>
  cells.map((c) => (c.kind === 'gap' ? `_${c.start}-${c.end}` : `${c.label}${c.start}-${c.end}`)).join(' ');

describe('constituent layers', () => {
  it('gives one row per depth of the tree, each covering the whole sentence in order', () => {
    const layers = constituentLayers(words.length, tree);
    expect(layers.map((l) => l.depth)).toEqual([0, 1, 2, 3]);
    expect(summary(layers[0].cells)).toBe('主句0-16 _16-17');
    expect(summary(layers[1].cells)).toBe('主语0-6 谓语6-7 表语7-9 结果状语从句9-16 _16-17');
    expect(summary(layers[2].cells)).toBe('_0-2 定语从句2-6 _6-10 主语10-11 谓语11-12 宾语12-13 状语13-16 _16-17');
    expect(summary(layers[3].cells)).toBe('_0-2 宾语2-3 主语3-4 谓语4-5 间接宾语5-6 _6-17');
    for (const layer of layers) {
      // Every word exactly once per row.
      const covered = layer.cells.flatMap((c) => Array.from({ length: c.end - c.start }, (_, i) => c.start + i));
      expect(covered).toEqual(words.map((_, i) => i));
    }
  });

  it('keeps the gray and highlight words and a unique path for every node', () => {
    const layers = constituentLayers(words.length, tree);
    const result = layers[1].cells.find((c) => c.kind === 'segment' && c.label === '结果状语从句');
    expect(result?.kind === 'segment' && [...result.gray]).toEqual([9]);
    const subject = layers[1].cells.find((c) => c.kind === 'segment' && c.label === '主语');
    expect(subject?.kind === 'segment' && [...subject.highlight]).toEqual([1]);
    const paths = layers.flatMap((l) => l.cells.flatMap((c) => (c.kind === 'segment' ? [c.path] : [])));
    expect(new Set(paths).size).toBe(paths.length);
    expect(paths).toContain('0.0.0.2');
  });

  it('leaves out nodes that are empty, outside the sentence or overlap an earlier sibling', () => {
    const layers = constituentLayers(5, [
      { start: 0, end: 3, label: '主句' },
      { start: 2, end: 4, label: '重叠' },
      { start: 3, end: 3, label: '空' },
      { start: 4, end: 9, label: '越界' },
      { start: 4, end: 5, label: '主句' },
    ]);
    expect(layers).toHaveLength(1);
    expect(summary(layers[0].cells)).toBe('主句0-3 _3-4 主句4-5');
  });

  it('answers no rows for no spans', () => {
    expect(constituentLayers(3, [])).toEqual([]);
  });
});

describe('span text', () => {
  it('joins words as text is written', () => {
    expect(joinWords(['I', 'do', "n't", 'know', ',', 'Tom', "'s", 'book', '(', 'new', ')', '.'])).toBe(
      "I don't know, Tom's book (new).",
    );
    expect(spanText(words, { start: 0, end: 6 })).toBe('The book that you lent me');
  });
});
