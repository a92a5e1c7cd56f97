import { describe, expect, it } from 'vitest';
import { createSentenceAnalyzer, inOriginalCase } from './analyzer';
import { createGrammarCatalogue } from './grammar/catalogue';
import { type LinkGrammar, ParserBusy, ParserTimeout, ParserUnavailable } from '../parser/link-grammar';

describe('inOriginalCase', () => {
  it('gives the first word back its capital', () => {
    expect(inOriginalCase(['the', 'book', 'was', 'good', '.'], 'The book was good.')).toEqual([
      'The',
      'book',
      'was',
      'good',
      '.',
    ]);
  });

  it('leaves a word the parser changed, and goes on after it', () => {
    expect(inOriginalCase(['I', 'do', "n't", 'know', 'Paris'], "I don't know PARIS")).toEqual([
      'I',
      'do',
      "n't",
      'know',
      'PARIS',
    ]);
    expect(inOriginalCase(['[x]', 'cats'], 'Cats')).toEqual(['[x]', 'Cats']);
  });
});

describe('createSentenceAnalyzer', () => {
  const catalogue = createGrammarCatalogue();
  const sentence = 'The letter was written by my sister.';

  it('answers approximately, and says so, when the parser stalls or is gone', async () => {
    for (const failure of [new ParserTimeout('stalled'), new ParserUnavailable('exited')]) {
      const lines: string[] = [];
      const parser = { parse: () => Promise.reject(failure), close: () => {} } as unknown as LinkGrammar;
      const analysis = await createSentenceAnalyzer({ parser, catalogue, log: (line) => lines.push(line) }).analyze(sentence);
      expect(analysis.engine).toBe('approximate');
      expect(analysis.words).toContain('written');
      expect(analysis.spans.length).toBeGreaterThan(0);
      expect(lines.join('\n')).toContain(failure.message);
    }
  });

  it('passes a full queue on, rather than answering something else', async () => {
    const parser = { parse: () => Promise.reject(new ParserBusy('64 waiting')), close: () => {} } as unknown as LinkGrammar;
    await expect(createSentenceAnalyzer({ parser, catalogue }).analyze(sentence)).rejects.toThrow(ParserBusy);
  });

  it('without the parser, is approximate from the start', async () => {
    const analyzer = createSentenceAnalyzer({ parser: null, catalogue });
    expect(analyzer.engine).toBe('approximate');
    expect((await analyzer.analyze(sentence)).engine).toBe('approximate');
  });
});
