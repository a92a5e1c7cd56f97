import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { toneClasses, toneOf } from './constituent-colors';

describe('constituent colours', () => {
  it('gives each function its own colour and the clause types their family colour', () => {
    const functions = ['主句', '主语', '谓语', '宾语', '间接宾语', '表语', '宾语补足语', '定语', '状语', '同位语', '插入语'];
    expect(new Set(functions.map(toneOf)).size).toBe(functions.length);
    expect(toneOf('非限制性定语从句')).toBe(toneOf('定语从句'));
    expect(toneOf('让步状语从句')).toBe('adverbial-clause');
    expect(toneOf('时间状语从句')).toBe(toneOf('结果状语从句'));
    expect(toneOf('同位语从句')).toBe('noun-clause');
    expect(toneOf('不定式短语')).toBe('non-finite');
    expect(toneOf('现在分词短语')).toBe('non-finite');
    expect(toneOf('什么')).toBe('other');
    // The structure from a UD tree: the subject an expletive stands for, and a verbless fragment.
    expect(toneOf('真正主语')).toBe(toneOf('主语'));
    expect(toneOf('片段')).toBe('other');
  });

  it('every tone is a token of tailwind.config.ts, legible on its background', () => {
    const config = readFileSync(new URL('../../tailwind.config.ts', import.meta.url), 'utf8');
    for (const tone of Object.keys(toneClasses)) {
      const line = config.match(new RegExp(`'?${tone}'?: \\{ DEFAULT: '(#[0-9a-f]{6})', ink: '(#[0-9a-f]{6})' \\}`));
      expect(line, tone).not.toBeNull();
      expect(contrast(line![1], line![2]), tone).toBeGreaterThanOrEqual(7);
    }
  });
});

// WCAG 2 contrast ratio of two sRGB colours.
function contrast(a: string, b: string): number {
  const luminance = (hex: string) => {
    const [r, g, bl] = [1, 3, 5].map((i) => {
      const c = Number.parseInt(hex.slice(i, i + 2), 16) / 255;
      return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r + 0.7152 * g + 0.0722 * bl;
  };
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
}
