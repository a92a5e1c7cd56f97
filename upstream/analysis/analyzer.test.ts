import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { lazyTreeParser, loadTreeParser, type TreeParser } from '../language/pipeline';
import { createSentenceAnalyzer } from './analyzer';
import { createGrammarCatalogue } from './grammar/catalogue';
import { findAll } from './structure-test-support';
import type { SentenceAnalysis } from './types';

const catalogue = createGrammarCatalogue();
const trees = loadTreeParser();
const analyzer = createSentenceAnalyzer({ trees, catalogue });

const text = (a: SentenceAnalysis, node: { start: number; end: number }) => a.words.slice(node.start, node.end).join(' ');
const labelled = (a: SentenceAnalysis, label: string) => findAll(a.spans, (n) => n.label === label);
const heads = (a: SentenceAnalysis, label: string) =>
  labelled(a, label).flatMap((n) => (n.highlight ?? []).map((i) => a.words[i]));

describe('sentence analysis on the trained parser', () => {
  it('loads the committed models', () => {
    expect(trees).not.toBeNull();
    expect(analyzer.engine).toBe('treebank');
  });

  it('keeps an appositive with its relative clause inside the one main clause', async () => {
    const a = await analyzer.analyze('The bank raised rates again, a decision that pushed up borrowing costs.');
    expect(a.spans.filter((n) => n.label === '主句')).toHaveLength(1);
    const appositive = labelled(a, '同位语')[0];
    expect(text(a, appositive)).toContain('a decision that pushed up borrowing costs');
    const relative = findAll(appositive.children ?? [], (n) => n.label.endsWith('定语从句'))[0];
    expect(text(a, labelled({ ...a, spans: [relative] }, '谓语')[0])).toBe('pushed up');
    expect(heads({ ...a, spans: [relative] }, '宾语')).toEqual(['costs']);
  });

  it('labels the object inside an infinitive', async () => {
    const a = await analyzer.analyze('They decided to encompass the whole brigade.');
    const infinitive = labelled(a, '不定式短语')[0];
    expect(infinitive).toBeDefined();
    expect(heads({ ...a, spans: [infinitive] }, '宾语')).toEqual(['brigade']);
  });

  it('reads lower-case "i" and informal text', async () => {
    const a = await analyzer.analyze("i can't wait to see you");
    expect(heads(a, '主语')).toContain('i');
    expect(a.words).toContain("can't");
  });

  it('takes coordinated subjects as one constituent with both heads', async () => {
    const a = await analyzer.analyze('Tom and Mary are good friends.');
    const subjects = labelled(a, '主语');
    expect(subjects).toHaveLength(1);
    expect(text(a, subjects[0])).toBe('Tom and Mary');
    expect(heads(a, '主语')).toEqual(['Tom', 'Mary']);
  });

  it.each([
    ['There is no proof.', 'There', 'proof'],
    ['It is important that you come.', 'It', undefined],
  ])('labels the expletive of "%s" and its real subject', async (sentence, expletive, real) => {
    const a = await analyzer.analyze(sentence);
    expect(labelled(a, '形式主语').map((n) => text(a, n))).toEqual([expletive]);
    const realSubject = labelled(a, '真正主语');
    expect(realSubject).toHaveLength(1);
    if (real) expect(heads(a, '真正主语')).toEqual([real]);
  });

  it('labels a fragment as a fragment, never as an empty main clause', async () => {
    const a = await analyzer.analyze('Chapter Three: The Long Road Home');
    expect(a.spans.map((n) => n.label)).toEqual(['片段']);
  });
});

describe('sentence analysis without the models', () => {
  it('answers approximately when the model files cannot be read, and says why in the log', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'models-'));
    for (const name of ['tagger', 'parser', 'parser-rtl']) writeFileSync(path.join(dir, `${name}.txt.br`), 'not brotli');
    const lines: string[] = [];
    expect(loadTreeParser(dir, (line) => lines.push(line))).toBeNull();
    expect(lines.join('\n')).toContain('models unreadable');
    const approximate = createSentenceAnalyzer({ trees: null, catalogue });
    expect(approximate.engine).toBe('approximate');
    const a = await approximate.analyze('The letter was written by my sister.');
    expect(a.engine).toBe('approximate');
    expect(a.words).toContain('written');
    expect(a.spans.length).toBeGreaterThan(0);
  });

  it('loads lazily: no files, no parser; unreadable files, every sentence approximate', async () => {
    expect(lazyTreeParser(path.join(tmpdir(), 'no-such-models'))).toBeNull();
    const dir = mkdtempSync(path.join(tmpdir(), 'models-'));
    for (const name of ['tagger', 'parser', 'parser-rtl']) writeFileSync(path.join(dir, `${name}.txt.br`), 'not brotli');
    const lazy = lazyTreeParser(dir);
    expect(lazy).not.toBeNull();
    expect(() => lazy?.parse('She left early.')).toThrow(/could not be read/);
    const a = await createSentenceAnalyzer({ trees: lazy, catalogue }).analyze('She left early.');
    expect(a.engine).toBe('approximate');
    expect(a.words).toContain('left');
  });

  it('answers approximately when parsing a sentence fails', async () => {
    const fault = () => {
      throw new Error('model fault');
    };
    const failing: TreeParser = { loadMs: 0, parse: fault, tag: fault };
    const lines: string[] = [];
    const a = await createSentenceAnalyzer({ trees: failing, catalogue, log: (l) => lines.push(l) }).analyze('She left early.');
    expect(a.engine).toBe('approximate');
    expect(lines.join('\n')).toContain('model fault');
  });
});
