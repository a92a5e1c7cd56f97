import { describe, expect, it } from 'vitest';
import { core, similarity } from './chinese-similarity';

describe('how alike two Chinese renderings are', () => {
  it('compares renderings by containment, character pairs and characters', () => {
    expect(similarity('银行', '银行')).toBe(1);
    expect(similarity('岸', '河岸')).toBeGreaterThan(0.5);
    expect(similarity('银行', '商业银行')).toBeGreaterThan(0.8);
    expect(similarity('使倾斜', '倾斜')).toBeGreaterThan(0.8);
    expect(similarity('银行', '岸')).toBe(0);
    expect(similarity('的', '好的')).toBe(0);
  });

  it('compares the core of a rendering: no brackets, no trailing 的, no leading 使', () => {
    expect(core('(河)岸')).toBe('岸');
    expect(core('巨大的')).toBe('巨大');
    expect(core('使倾斜')).toBe('倾斜');
    expect(core('…的人')).toBe('的人');
  });
});
