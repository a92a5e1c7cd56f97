import { describe, expect, it } from 'vitest';
import { explainPos, posLabels, posOf } from './pos';

describe('posOf', () => {
  it('accepts every canonical label', () => {
    for (const p of posLabels) expect(posOf(p.label)).toEqual(p);
  });

  it.each([
    ['a.', 'adj.', '形容词'],
    ['adj', 'adj.', '形容词'],
    ['s', 'adj.', '形容词'],
    ['ADJ', 'adj.', '形容词'],
    ['n', 'n.', '名词'],
    ['noun', 'n.', '名词'],
    ['PROPN', 'n.', '名词'],
    ['pl.', 'n.', '名词'],
    ['v', 'v.', '动词'],
    ['verb', 'v.', '动词'],
    ['vt.vi.', 'v.', '动词'],
    ['vt.& vi.', 'v.', '动词'],
    ['vt', 'vt.', '及物动词'],
    ['vi.', 'vi.', '不及物动词'],
    ['r', 'adv.', '副词'],
    ['ADV', 'adv.', '副词'],
    ['ADP', 'prep.', '介词'],
    ['SCONJ', 'conj.', '连词'],
    ['interj.', 'int.', '感叹词'],
    ['INTJ', 'int.', '感叹词'],
    ['DET', 'det.', '限定词'],
    ['AUX', 'aux.', '助动词'],
    ['  Pron. ', 'pron.', '代词'],
  ])('%s → %s', (input, label, name) => {
    expect(posOf(input)).toEqual({ label, name });
  });

  it.each(['', 'xyz', 'na.', 'PUNCT', 'nouns', '名词'])('rejects %j', (input) => {
    expect(posOf(input)).toBeUndefined();
  });
});

describe('explainPos', () => {
  it('explains every label the engine may emit, with two examples', () => {
    for (const p of posLabels) {
      const e = explainPos(p.label);
      expect(e, p.label).toBeDefined();
      expect(e!.pos).toBe(p.label);
      expect(e!.name).toBe(p.name);
      expect(e!.explanation).toMatch(/[\u4e00-\u9fff]/);
      const examples = e!.explanation.split('\n').filter((l) => l.startsWith('- '));
      expect(examples, p.label).toHaveLength(2);
      for (const line of examples) {
        expect(line).toMatch(/[A-Za-z]/);
        expect(line).toMatch(/[\u4e00-\u9fff]/);
      }
    }
  });

  it('explains the object for transitive and intransitive verbs', () => {
    expect(explainPos('vt.')!.explanation).toContain('宾语');
    expect(explainPos('vi.')!.explanation).toContain('宾语');
    expect(explainPos('vt.')!.explanation).not.toBe(explainPos('vi.')!.explanation);
  });

  it('accepts source spellings and answers the canonical label', () => {
    expect(explainPos('a.')).toMatchObject({ pos: 'adj.', name: '形容词' });
    expect(explainPos('verb')).toMatchObject({ pos: 'v.', name: '动词' });
  });

  it('answers undefined for an unknown label', () => {
    expect(explainPos('foo.')).toBeUndefined();
    expect(explainPos('')).toBeUndefined();
  });
});
