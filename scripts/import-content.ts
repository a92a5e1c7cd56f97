import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '../upstream/platform/config';
import { DocumentFileError, parseDocumentFile } from '../upstream/reading/document-file';
import { parseEpubFile, parseHtmlFile, type ImportOptions } from '../upstream/reading/document-formats';
import type { DocumentInput } from '../upstream/reading/document-input';
import { createContentLibrary } from '../upstream/reading/library';
import { levelLabel } from '../upstream/reading/profile';
import { describeRevalidation, expireReadingPages } from '../upstream/reading/site-revalidation';
import { describeDatabase, migrateToLatest, openDatabase } from '../upstream/db/database';

/*
 * Imports the operator's own documents into the content library of the embedded upstream:
 *
 *   npm run import-content -- [--category c] [--sub-category s] [--title t] [--source s] [--licence l] <file-or-directory>...
 *
 * A Markdown (.md, .markdown) or plain text (.txt) file has a header (see
 * upstream/reading/document-file.ts). A web page (.html, .htm) or an e-book (.epub) has none:
 * what it says of itself is read (upstream/reading/document-formats.ts) and the options give the
 * rest (the category always; the licence unless an EPUB states its rights). Directories are
 * searched recursively. A document with the same category, sub_category and filename is
 * replaced. Uses the upstream's configuration (DATA_DIR, DATABASE_PATH, or DATABASE_URL for
 * PostgreSQL). Exits 1 when any file could not be imported, 2 on a bad command line.
 */

const extensions = new Set(['.md', '.markdown', '.txt', '.html', '.htm', '.epub']);
const usage =
  'usage: npm run import-content -- [--category c] [--sub-category s] [--title t] [--source s] [--licence l] <file-or-directory>...';

function readDocument(file: string, options: ImportOptions): DocumentInput {
  const extension = path.extname(file).toLowerCase();
  const name = path.basename(file, path.extname(file));
  if (extension === '.epub') return parseEpubFile(fs.readFileSync(file), name, options);
  if (extension === '.html' || extension === '.htm') return parseHtmlFile(fs.readFileSync(file, 'utf8'), name, options);
  return parseDocumentFile(fs.readFileSync(file, 'utf8'), name);
}

function filesIn(target: string): string[] {
  const stat = fs.statSync(target, { throwIfNoEntry: false });
  if (!stat) throw new Error(`${target}: no such file or directory`);
  if (stat.isFile()) return [target];
  return fs
    .readdirSync(target, { withFileTypes: true })
    .sort((a, b) => a.name.localeCompare(b.name))
    .flatMap((entry) => {
      const full = path.join(target, entry.name);
      if (entry.isDirectory()) return entry.name.startsWith('.') ? [] : filesIn(full);
      return extensions.has(path.extname(entry.name).toLowerCase()) ? [full] : [];
    });
}

async function main(args: string[]): Promise<number> {
  let targets: string[];
  let options: ImportOptions;
  try {
    const parsed = parseArgs({
      args,
      allowPositionals: true,
      options: {
        category: { type: 'string' },
        'sub-category': { type: 'string' },
        title: { type: 'string' },
        source: { type: 'string' },
        licence: { type: 'string' },
        license: { type: 'string' },
      },
    });
    targets = parsed.positionals;
    const v = parsed.values;
    options = {
      category: v.category,
      sub_category: v['sub-category'],
      title: v.title,
      source: v.source,
      licence: v.licence ?? v.license,
    };
  } catch (error) {
    console.error(`${error instanceof Error ? error.message : String(error)}\n${usage}`);
    return 2;
  }
  if (!targets.length) {
    console.error(usage);
    return 2;
  }
  const files: string[] = [];
  for (const target of targets) {
    try {
      files.push(...filesIn(target));
    } catch (error) {
      console.error(`✗ ${error instanceof Error ? error.message : String(error)}`);
      return 1;
    }
  }
  if (!files.length) {
    console.error('no .md, .markdown, .txt, .html, .htm or .epub files found');
    return 1;
  }

  const config = loadConfig();
  const db = openDatabase(config);
  let imported = 0;
  let replaced = 0;
  let sentences = 0;
  const failed: string[] = [];
  const changed: string[] = [];
  try {
    await migrateToLatest(db);
    const library = createContentLibrary({ db, log: (line) => console.log(line), now: () => new Date() });
    for (const file of files) {
      try {
        const doc = readDocument(file, options);
        const result = await library.importDocument(doc);
        imported++;
        sentences += result.sentences;
        if (result.replaced) replaced++;
        changed.push(doc.filename);
        const id = [doc.category, doc.sub_category, doc.filename].filter(Boolean).join('/');
        console.log(
          `✓ ${file} → ${id}${doc.year ? ` (${doc.year})` : ''}: ${result.sentences} sentences, ${result.word_count} words, ` +
            `level ${result.level} ${levelLabel(result.level)}${result.replaced ? ', replaced' : ''}`,
        );
      } catch (error) {
        failed.push(file);
        const problems =
          error instanceof DocumentFileError ? error.problems : [error instanceof Error ? error.message : String(error)];
        console.error(`✗ ${file}:\n${problems.map((p) => `    - ${p}`).join('\n')}`);
      }
    }
  } finally {
    await db.destroy();
  }
  console.log(
    `${imported} of ${files.length} files imported (${replaced} replaced), ${sentences} sentences` +
      (failed.length ? `; ${failed.length} failed` : '') +
      ` — database ${describeDatabase(config)}`,
  );
  if (changed.length) {
    const outcome = await expireReadingPages(changed, {
      siteUrl: process.env.SITE_URL,
      secret: process.env.REVALIDATE_SECRET,
    });
    (outcome.kind === 'failed' ? console.error : console.log)(describeRevalidation(outcome));
  }
  return failed.length ? 1 : 0;
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(`import-content failed: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  },
);
