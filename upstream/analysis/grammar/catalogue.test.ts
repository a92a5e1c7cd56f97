import { describe, expect, it } from 'vitest';
import { grammarObject } from '../../../lib/contract';
import { loadTreeParser } from '../../language/pipeline';
import { structureOfTree } from '../structure-ud';
import { createGrammarCatalogue } from './catalogue';
import { DETECTORS } from './detectors';

const catalogue = createGrammarCatalogue();
const CATEGORIES = ['时态', '语态', '从句', '非谓语动词', '特殊句式', '语气', '比较', '句子成分', '句型'];

describe('the grammar catalogue', () => {
  const trees = loadTreeParser();

  it('has at least 45 points with unique names, each in the contract shape and a known category', () => {
    expect(catalogue.points.length).toBeGreaterThanOrEqual(45);
    const names = catalogue.points.map((p) => p.name);
    expect(new Set(names).size).toBe(names.length);
    for (const p of catalogue.points) {
      expect(grammarObject.safeParse(p).success, p.name).toBe(true);
      expect(CATEGORIES, p.name).toContain(p.category);
      expect(catalogue.byName(p.name)).toBe(p);
    }
    expect(catalogue.byName('不存在的语法点')).toBeUndefined();
  });

  it('explains every point under its own title, in Chinese, with 2–4 translated examples', () => {
    for (const p of catalogue.points) {
      const { title, content } = p.explanation.explanation;
      expect(title).toBe(p.name);
      expect(content.length).toBeGreaterThan(0);
      for (const entry of content) expect(entry.text.trim().length, p.name).toBeGreaterThan(0);
      expect(content.some((c) => /[\u4e00-\u9fff]/.test(c.text) && c.text_type !== 'h2')).toBe(true);
      expect(p.summary).toMatch(/[\u4e00-\u9fff]/);
      expect(p.examples.length, p.name).toBeGreaterThanOrEqual(2);
      expect(p.examples.length, p.name).toBeLessThanOrEqual(4);
      for (const e of p.examples) {
        expect(e.first).toMatch(/^[A-Z"'].*[.!?]$/);
        expect(e.second).toMatch(/[\u4e00-\u9fff]/);
      }
    }
  });

  it('has a detector for every point and no detector without a point', () => {
    expect(Object.keys(DETECTORS).sort()).toEqual(catalogue.points.map((p) => p.name).sort());
  });

  it('finds each point in its own examples, on the trained parser’s tree', () => {
    if (!trees) throw new Error('the tagger and parser models are missing (upstream/language/models)');
    const missed: string[] = [];
    for (const p of catalogue.points) {
      for (const { first } of p.examples) {
        const tree = trees.parse(first);
        const structure = structureOfTree(tree);
        const hits = catalogue.detect({ ...structure, sentence: first, tree });
        const mine = hits.filter((h) => h.name === p.name);
        if (mine.length === 0) missed.push(`${p.name}: ${first}`);
        for (const h of hits) {
          expect(h.start).toBeGreaterThanOrEqual(0);
          expect(h.end).toBeGreaterThan(h.start);
          expect(h.end).toBeLessThanOrEqual(structure.words.length);
        }
        // In sentence order, once per place.
        const keys = hits.map((h) => `${h.name}:${h.start}:${h.end}`);
        expect(new Set(keys).size).toBe(keys.length);
        expect(hits.map((h) => h.start)).toEqual([...hits.map((h) => h.start)].sort((a, b) => a - b));
      }
    }
    expect(missed).toEqual([]);
  });

  it('detects nothing in an empty sentence', () => {
    expect(catalogue.detect({ words: [], spans: [], sentence: '', tree: null })).toEqual([]);
  });
});
