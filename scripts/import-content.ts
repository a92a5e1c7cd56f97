import fs from 'node:fs';
import path from 'node:path';
import { loadConfig } from '../upstream/platform/config';
import { DocumentFileError, parseDocumentFile } from '../upstream/content/document-file';
import { createContentLibrary } from '../upstream/content/library';
import { levelLabel } from '../upstream/content/profile';
import { describeDatabase, migrateToLatest, openDatabase } from '../upstream/db/database';

/*
 * Imports the operator's own documents into the content library of the embedded upstream:
 *
 *   npm run import-content -- <file-or-directory>...
 *
 * Each file is Markdown (.md, .markdown) or plain text (.txt) with a header (see
 * upstream/content/document-file.ts); directories are searched recursively. A document with the
 * same category, sub_category and filename is replaced. Uses the upstream's configuration
 * (DATA_DIR, DATABASE_PATH, or DATABASE_URL for PostgreSQL). Exits 1 when any file could not be imported.
 */

const extensions = new Set(['.md', '.markdown', '.txt']);

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

async function main(targets: string[]): Promise<number> {
  if (!targets.length) {
    console.error('usage: npm run import-content -- <file-or-directory>...');
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
    console.error('no .md, .markdown or .txt files found');
    return 1;
  }

  const config = loadConfig();
  const db = openDatabase(config);
  let imported = 0;
  let replaced = 0;
  let sentences = 0;
  const failed: string[] = [];
  try {
    await migrateToLatest(db);
    const library = createContentLibrary({ db, log: (line) => console.log(line), now: () => new Date() });
    for (const file of files) {
      try {
        const doc = parseDocumentFile(fs.readFileSync(file, 'utf8'), path.basename(file, path.extname(file)));
        const result = await library.importDocument(doc);
        imported++;
        sentences += result.sentences;
        if (result.replaced) replaced++;
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
  return failed.length ? 1 : 0;
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(`import-content failed: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  },
);
