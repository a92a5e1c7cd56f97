import { execFile } from 'node:child_process';
import fs from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { strToU8, zipSync } from 'fflate';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { migrateToLatest, openDatabase } from '../db/database';
import { loadConfig } from '../platform/config';
import { removeTestData, testDatabaseEnv } from '../test-harness';
import { chaptersOf } from './chapters';
import { DocumentFileError } from './document-file';
import { parseEpubFile, parseHtmlFile, readEpub } from './document-formats';
import { paragraphSentences } from './text';

/*
 * The fixtures are made here: a web page as a string, and EPUBs zipped by fflate as an e-book
 * tool would pack them.
 */

const root = path.resolve(__dirname, '../..');

const page = `<!doctype html>
<html lang="en"><head>
  <title>The Lighthouse Keeper</title>
  <link rel="canonical" href="https://stories.example/lighthouse">
  <script>var tracking = "never text";</script>
</head><body>
  <nav><ul><li><a href="/">Home</a></li><li><a href="/about">About us menu</a></li></ul></nav>
  <article>
    <h1>The Lighthouse Keeper</h1>
    <p>Every evening the old keeper climbed the hundred steps of the tower and lit the great lamp.</p>
    <p>Ships far out at sea saw the light and knew that the rocks were near, so they turned away in time.</p>
    <p>One winter night the storm broke the window, but he held the lamp in his hands until morning came.</p>
  </article>
  <footer>Sign up for our newsletter footer.</footer>
</body></html>`;

const container = `<?xml version="1.0"?>
<container version="1.0" xmlns="urn:oasis:names:tc:opendocument:xmlns:container">
  <rootfiles><rootfile full-path="OEBPS/content.opf" media-type="application/oebps-package+xml"/></rootfiles>
</container>`;

const opf = (metadata: string) => `<?xml version="1.0" encoding="UTF-8"?>
<package xmlns="http://www.idpf.org/2007/opf" version="3.0" unique-identifier="id">
  <metadata xmlns:dc="http://purl.org/dc/elements/1.1/">
    <dc:identifier id="id">urn:uuid:1234</dc:identifier>
    ${metadata}
  </metadata>
  <manifest>
    <item id="nav" href="nav.xhtml" media-type="application/xhtml+xml" properties="nav"/>
    <item id="two" href="Text/chapter%20two.xhtml" media-type="application/xhtml+xml"/>
    <item id="one" href="Text/chapter1.xhtml" media-type="application/xhtml+xml"/>
    <item id="css" href="style.css" media-type="text/css"/>
  </manifest>
  <spine>
    <itemref idref="nav" linear="no"/>
    <itemref idref="one"/>
    <itemref idref="two"/>
  </spine>
</package>`;

const xhtml = (body: string) => `<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE html>
<html xmlns="http://www.w3.org/1999/xhtml" xmlns:epub="http://www.idpf.org/2007/ops"><head><title>x</title>
<link rel="stylesheet" href="../style.css"/></head><body>${body}</body></html>`;

function epub(metadata: string, extra: Record<string, string> = {}): Uint8Array {
  return zipSync({
    mimetype: [strToU8('application/epub+zip'), { level: 0 }],
    'META-INF/container.xml': strToU8(container),
    'OEBPS/content.opf': strToU8(opf(metadata)),
    'OEBPS/nav.xhtml': strToU8(xhtml('<nav epub:type="toc"><ol><li>Contents list entry</li></ol></nav>')),
    'OEBPS/Text/chapter1.xhtml': strToU8(
      xhtml(
        '<h2>Chapter 1</h2><h3>The Fox and the Grapes</h3><p>A hungry fox saw some fine grapes hanging from a vine.</p><p>He jumped and jumped, but he could not reach them.</p>',
      ),
    ),
    'OEBPS/Text/chapter two.xhtml': strToU8(
      xhtml(
        '<section><h2>Chapter 2</h2><h3>The Crow and the Pitcher</h3><p>A thirsty crow found a pitcher with a little water at the bottom.<br/>She dropped in pebbles one by one.</p></section>',
      ),
    ),
    'OEBPS/style.css': strToU8('p { margin: 0 }'),
    ...Object.fromEntries(Object.entries(extra).map(([k, v]) => [k, strToU8(v)])),
  });
}

const fables = epub(`
    <dc:title>Two Fables</dc:title>
    <dc:creator id="c1">Aesop</dc:creator>
    <dc:creator>George Fyler Townsend</dc:creator>
    <dc:language>en</dc:language>
    <dc:date>1867-01-01</dc:date>
    <dc:rights>Public domain</dc:rights>`);

function problemsOf(read: () => unknown): string[] {
  try {
    read();
  } catch (error) {
    if (error instanceof DocumentFileError) return error.problems;
    throw error;
  }
  throw new Error('read without complaint');
}

describe('HTML files', () => {
  it("takes the page's article and title, and its canonical address as the source", () => {
    const doc = parseHtmlFile(page, 'lighthouse', { category: 'short_story', licence: 'CC BY 4.0' });
    expect(doc).toMatchObject({
      category: 'short_story',
      filename: 'lighthouse',
      title: 'The Lighthouse Keeper',
      source: 'https://stories.example/lighthouse',
      licence: 'CC BY 4.0',
      year: null,
    });
    expect(doc.text).toContain(
      'Every evening the old keeper climbed the hundred steps of the tower and lit the great lamp.\n\nShips far out at sea',
    );
    expect(doc.text).toMatch(/until morning came\.$/);
    expect(doc.text).not.toMatch(/menu|newsletter|tracking/);
  });

  it('lets the options name the title and source, and says what is missing', () => {
    expect(
      parseHtmlFile(page, 'x', { category: 'reading', licence: 'CC0', title: 'Keeper', source: 'my archive' }),
    ).toMatchObject({ title: 'Keeper', source: 'my archive' });
    expect(problemsOf(() => parseHtmlFile('<html><body><p>Just a line of text here.</p></body></html>', 'x', {}))).toEqual([
      'category is unknown: give it with --category',
      'title is unknown: give it with --title',
      expect.stringMatching(/^source is unknown: give it with --source/),
      'licence is unknown: give it with --licence',
    ]);
    expect(problemsOf(() => parseHtmlFile(page, 'x', { category: 'novels', licence: 'CC0' }))).toEqual([
      expect.stringMatching(/^category: /),
    ]);
  });
});

describe('EPUB files', () => {
  it('reads the metadata and the chapters in spine order, skipping what is off the reading path', () => {
    const book = readEpub(fables);
    expect(book).toMatchObject({
      title: 'Two Fables',
      creators: ['Aesop', 'George Fyler Townsend'],
      rights: 'Public domain',
      year: 1867,
    });
    expect(book.chapters).toEqual([
      'Chapter 1\n\nThe Fox and the Grapes\n\nA hungry fox saw some fine grapes hanging from a vine.\n\nHe jumped and jumped, but he could not reach them.',
      'Chapter 2\n\nThe Crow and the Pitcher\n\nA thirsty crow found a pitcher with a little water at the bottom. She dropped in pebbles one by one.',
    ]);
  });

  it('becomes one document whose headings the chapter finder sees', () => {
    const doc = parseEpubFile(fables, 'two-fables', { category: 'classic' });
    expect(doc).toMatchObject({
      category: 'classic',
      filename: 'two-fables',
      title: 'Two Fables',
      year: 1867,
      source: 'Aesop, George Fyler Townsend, Two Fables (EPUB)',
      licence: 'Public domain',
    });
    let id = 0;
    const paragraphs = paragraphSentences(doc.text).map((p) => p.map((text) => ({ id: id++, text })));
    expect(chaptersOf(paragraphs).map((c) => [c.number, c.title])).toEqual([
      [1, 'The Fox and the Grapes'],
      [2, 'The Crow and the Pitcher'],
    ]);
    // The operator's word wins over the book's.
    expect(parseEpubFile(fables, 'x', { category: 'classic', licence: 'CC0 1.0', source: 'shelf' })).toMatchObject({
      licence: 'CC0 1.0',
      source: 'shelf',
    });
  });

  it('asks for a licence when the book states no rights, and refuses what is not an EPUB', () => {
    const noRights = epub('<dc:title>Untitled Notes</dc:title>');
    expect(problemsOf(() => parseEpubFile(noRights, 'x', { category: 'classic' }))).toEqual([
      'licence is unknown: give it with --licence (the EPUB states no rights)',
    ]);
    expect(parseEpubFile(noRights, 'x', { category: 'classic', licence: 'CC0' })).toMatchObject({
      title: 'Untitled Notes',
      source: 'Untitled Notes (EPUB)',
    });
    expect(problemsOf(() => readEpub(strToU8('plain text, not a zip')))).toEqual([expect.stringMatching(/^not a readable EPUB/)]);
    expect(problemsOf(() => readEpub(zipSync({ 'a.txt': strToU8('hi') })))).toEqual([
      'not an EPUB: META-INF/container.xml is missing',
    ]);
    const broken = zipSync({
      'META-INF/container.xml': strToU8(container),
      'OEBPS/content.opf': strToU8(opf('<dc:title>Broken</dc:title>')),
    });
    expect(problemsOf(() => readEpub(broken))).toEqual(['the spine names OEBPS/Text/chapter1.xhtml, which the EPUB lacks']);
  });
});

describe('import-content with web pages and e-books', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'yujing-import-formats-'));
  });
  afterEach(async () => {
    await removeTestData(path.join(dir, 'data'));
    await rm(dir, { recursive: true, force: true });
  });

  const run = (args: string[], env: Record<string, string>) =>
    promisify(execFile)(process.execPath, ['--import', 'tsx', path.join(root, 'scripts/import-content.ts'), ...args], {
      cwd: root,
      env: { ...process.env, ...env },
    }).then(
      (r) => ({ code: 0, ...r }),
      (e: { code: number; stdout: string; stderr: string }) => ({ code: e.code, stdout: e.stdout, stderr: e.stderr }),
    );

  it('imports .html and .epub files with the options, and names what a file lacks', async () => {
    const incoming = path.join(dir, 'incoming');
    fs.mkdirSync(incoming);
    fs.writeFileSync(path.join(incoming, 'lighthouse.html'), page);
    fs.writeFileSync(path.join(incoming, 'two-fables.epub'), fables);
    const location = await testDatabaseEnv(path.join(dir, 'data'));

    const result = await run(['--category', 'classic', '--licence', 'CC BY 4.0', incoming], location);
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/✓ .*lighthouse\.html → classic\/lighthouse: \d+ sentences/);
    expect(result.stdout).toMatch(/✓ .*two-fables\.epub → classic\/two-fables \(1867\): \d+ sentences/);
    expect(result.stdout).toMatch(/2 of 2 files imported \(0 replaced\)/);

    const missing = await run([path.join(incoming, 'lighthouse.html')], location);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toMatch(/✗ .*lighthouse\.html:\n\s+- category is unknown: give it with --category/);
    expect(await run(['--colour', 'red', incoming], location)).toMatchObject({
      code: 2,
      stderr: expect.stringMatching(/usage:/),
    });

    const db = openDatabase(loadConfig(location));
    try {
      await migrateToLatest(db);
      const docs = await db
        .selectFrom('documents')
        .select(['filename', 'title', 'source', 'licence', 'year'])
        .orderBy('filename')
        .execute();
      expect(docs).toEqual([
        {
          filename: 'lighthouse',
          title: 'The Lighthouse Keeper',
          source: 'https://stories.example/lighthouse',
          licence: 'CC BY 4.0',
          year: null,
        },
        {
          filename: 'two-fables',
          title: 'Two Fables',
          source: 'Aesop, George Fyler Townsend, Two Fables (EPUB)',
          licence: 'CC BY 4.0',
          year: 1867,
        },
      ]);
    } finally {
      await db.destroy();
    }
  });
});
