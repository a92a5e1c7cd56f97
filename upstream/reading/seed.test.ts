import fs from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { parseDocumentFile } from './document-file';
import { seedDocuments, shippedContentDir, shippedTextFiles, shippedTexts } from './seed';
import { paragraphSentences, wordCount } from './text';

// The texts written for Yujing in content/ (the library's seeding is in library.test.ts).

describe('shipped texts', () => {
  const files = shippedTextFiles();

  it('are found in content/ at the repository root, a folder per category', () => {
    expect(shippedContentDir).toBe(path.resolve(__dirname, '../../content') + path.sep);
    for (const category of ['essay', 'reading', 'short_story']) {
      expect(files.filter((file) => file.startsWith(`${category}/`)).length, category).toBeGreaterThanOrEqual(4);
    }
  });

  it.each(files)('%s parses, with every field, a licence and sentences of learner length', (file) => {
    const raw = fs.readFileSync(path.join(shippedContentDir, file), 'utf8');
    const parts = file.split('/');
    const name = parts[parts.length - 1];
    const doc = parseDocumentFile(raw, '');
    // The header names the file as it is called, so the import command and the seed agree; a
    // paper's folder is its category's, then its exam's.
    expect(doc.filename).toBe(name.replace(/\.md$/, ''));
    expect(doc.filename).toMatch(/^[a-z0-9]+(?:-[a-z0-9]+)*$/);
    expect([doc.category, doc.sub_category].filter(Boolean)).toEqual(parts.slice(0, -1));
    expect(doc.title.trim()).not.toBe('');
    expect(doc.year).toBe(2026);
    // 句库 is the library's own sentences, generated (scripts/build-sentence-bank.ts).
    if (doc.category === 'sentence') expect(doc.source).toMatch(/^Sentences from Yujing's library/);
    else {
      expect(doc.source).toBe('Written for Yujing');
      expect(doc.licence).toBe('CC BY 4.0 (Yujing)');
    }
    expect(doc.stated_level).toBeGreaterThanOrEqual(1);
    const sentences = paragraphSentences(doc.text).flat();
    expect(sentences.length).toBeGreaterThanOrEqual(doc.category === 'sentence' ? 8 : 6);
    const words = sentences.reduce((sum, s) => sum + wordCount(s), 0);
    // A lesson of a hundred words to a paper's whole reading part.
    expect(words).toBeGreaterThanOrEqual(80);
    expect(words).toBeLessThanOrEqual(doc.category === 'paper' ? 6_000 : 1_200);
  });

  it('have filenames no other shipped document has', () => {
    // Reading pages find a document by its filename alone (/Article/{filename} looks in every
    // category it serves), so a name shared with a book or another text would hide one of them.
    const names = seedDocuments().map((s) => s.filename);
    expect(new Set(names).size).toBe(names.length);
  });

  it('are seeded as their headers say', () => {
    const seeds = shippedTexts();
    expect(seeds.map((s) => [s.category, s.sub_category, `${s.filename}.md`].filter(Boolean).join('/'))).toEqual(files);
  });

  describe('a file that does not parse', () => {
    let dir: string;
    beforeEach(async () => {
      dir = await mkdtemp(path.join(tmpdir(), 'yujing-shipped-'));
    });
    afterEach(() => rm(dir, { recursive: true, force: true }));

    it('stops the seed with its name and its problems', () => {
      fs.mkdirSync(path.join(dir, 'essay'));
      fs.writeFileSync(path.join(dir, 'essay', 'untitled.md'), '---\ncategory: essay\nsource: us\nlicence: CC0\n---\nText.');
      fs.writeFileSync(path.join(dir, 'essay', 'notes.txt'), 'not a shipped text');
      expect(shippedTextFiles(dir)).toEqual(['essay/untitled.md']);
      expect(() => shippedTexts(dir)).toThrow('content/essay/untitled.md: title is missing from the header');
    });
  });
});
