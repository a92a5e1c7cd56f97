import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { turnsDuring } from '../../tests/support/event-turns';
import { lazyTreeParser, loadTreeParser } from './pipeline';

const sentence = 'The bank raised rates again, a decision that pushed up borrowing costs.';

describe('loading the models between requests', () => {
  it('lets the process answer meanwhile, and parses as a load at once does', async () => {
    const lines: string[] = [];
    const lazy = lazyTreeParser(undefined, (line) => lines.push(line));
    if (!lazy) throw new Error('the committed models are missing');
    // Something else the process has to do while the models load gets many turns.
    expect(await turnsDuring(() => lazy.loadSoon())).toBeGreaterThan(100);
    expect(lines.join('\n')).toMatch(/models loaded in \d+ ms, between requests/);
    // Asking again neither reloads nor logs again.
    await lazy.loadSoon();
    expect(lines).toHaveLength(1);
    expect(lazy.parse(sentence)).toEqual(loadTreeParser()?.parse(sentence));
  });

  it('stops loading between requests when a sentence has loaded the models at once', async () => {
    const lines: string[] = [];
    const lazy = lazyTreeParser(undefined, (line) => lines.push(line));
    if (!lazy) throw new Error('the committed models are missing');
    const soon = lazy.loadSoon();
    expect(lazy.parse('She left early.').words.map((w) => w.upos)).toEqual(['PRON', 'VERB', 'ADV', 'PUNCT']);
    await soon;
    // Loaded once, by the sentence; the other load gave up without a second copy or a second line.
    expect(lines).toHaveLength(1);
    expect(lines[0]).not.toMatch(/between requests/);
  });

  it('leaves unreadable models to the first sentence, which says they could not be read', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'models-'));
    for (const name of ['tagger', 'parser', 'parser-rtl']) writeFileSync(path.join(dir, `${name}.txt.br`), 'not brotli');
    const lines: string[] = [];
    const lazy = lazyTreeParser(dir, (line) => lines.push(line));
    await lazy?.loadSoon();
    expect(lines.join('\n')).toMatch(/models unreadable/);
    expect(() => lazy?.parse('She left early.')).toThrow(/could not be read/);
  });
});
