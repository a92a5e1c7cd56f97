import path from 'node:path';
import { XMLParser } from 'fast-xml-parser';
import { parseHTML } from 'linkedom';
import { z } from 'zod';
import { DocumentFileError } from './document-file';
import { documentInput, type DocumentInput } from './document-input';
import { readableArticle, textOfNode } from './html-text';
import { openZip, ZipError, ZipTooLargeError, type ZipReader } from './zip';

/*
 * Documents the operator did not write a header for: a saved web page (.html, .htm) or an e-book
 * (.epub). What the file says of itself (a page's title; an EPUB's title, creator, rights and date)
 * is taken; what it cannot say (its category, often its licence) comes from the import command's
 * options.
 */

/** What the operator gives on the command line; it wins over what the file says of itself. */
export interface ImportOptions {
  category?: string;
  sub_category?: string;
  title?: string;
  source?: string;
  licence?: string;
}

// An EPUB is a zip: a file whose entries read unpack to more than this is refused rather than read
// into memory (counted while unpacking: zip.ts).
const defaultMaxUnpackedBytes = 200 * 1024 * 1024;

/** The EPUB's entries unpack to more than the ceiling it was read under. */
export class EpubTooLargeError extends DocumentFileError {
  constructor(readonly maxUnpackedBytes: number) {
    super([`unpacks to more than ${maxUnpackedBytes} bytes`]);
    this.name = 'EpubTooLargeError';
  }
}

function finish(fields: Record<string, unknown>, optionNames: Record<string, string>): DocumentInput {
  const problems: string[] = [];
  for (const key of ['category', 'title', 'source', 'licence']) {
    if (!fields[key]) problems.push(`${key} is unknown: give it with ${optionNames[key]}`);
  }
  if (problems.length) throw new DocumentFileError(problems);
  const doc = documentInput.safeParse(fields);
  if (!doc.success) throw new DocumentFileError(doc.error.issues.map(describe));
  return { ...doc.data, year: doc.data.year ?? null };
}

const optionNames = {
  category: '--category',
  title: '--title',
  source: '--source (or a <link rel="canonical"> in the page)',
  licence: '--licence',
};

/**
 * A saved web page: its article as readability finds it, its title from the page. The source is
 * --source, else the page's canonical address.
 */
export function parseHtmlFile(raw: string, defaultFilename: string, options: ImportOptions): DocumentInput {
  const article = readableArticle(raw);
  const { document } = parseHTML(raw);
  const canonical =
    document.querySelector('link[rel="canonical"]')?.getAttribute('href') ??
    document.querySelector('meta[property="og:url"]')?.getAttribute('content') ??
    undefined;
  return finish(
    {
      category: options.category,
      sub_category: options.sub_category,
      filename: defaultFilename,
      title: options.title ?? article.title,
      source: options.source ?? canonical,
      licence: options.licence,
      text: article.text,
    },
    optionNames,
  );
}

const xml = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@_',
  removeNSPrefix: true,
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: true,
  isArray: (name) => ['rootfile', 'item', 'itemref', 'creator', 'title', 'rights', 'date'].includes(name),
});

type Node = Record<string, unknown>;
const asNode = (value: unknown): Node | undefined =>
  value && typeof value === 'object' && !Array.isArray(value) ? (value as Node) : undefined;
const list = (value: unknown): unknown[] => (Array.isArray(value) ? value : value === undefined ? [] : [value]);
function textOf(value: unknown): string | undefined {
  if (Array.isArray(value)) return textOf(value[0]);
  if (typeof value === 'string') return value.replace(/\s+/g, ' ').trim() || undefined;
  const text = asNode(value)?.['#text'];
  return typeof text === 'string' ? textOf(text) : undefined;
}

export interface EpubBook {
  title?: string;
  creators: string[];
  rights?: string;
  year?: number;
  /** The chapters' text in spine order, each chapter's paragraphs joined by blank lines. */
  chapters: string[];
}

/**
 * Reads an EPUB (2 or 3): container.xml → the package file → its metadata and spine. Only those
 * entries are unpacked (never the images or fonts), and together to at most `maxUnpackedBytes`.
 */
export function readEpub(bytes: Uint8Array, { maxUnpackedBytes = defaultMaxUnpackedBytes } = {}): EpubBook {
  const unreadable = (error: unknown) =>
    error instanceof ZipTooLargeError
      ? new EpubTooLargeError(maxUnpackedBytes)
      : new DocumentFileError([`not a readable EPUB (zip): ${error instanceof Error ? error.message : String(error)}`]);
  let zip: ZipReader;
  try {
    zip = openZip(bytes, { maxUnpackedBytes });
  } catch (error) {
    throw unreadable(error);
  }
  const utf8 = new TextDecoder('utf-8');
  const read = (name: string): string | undefined => {
    let file: Uint8Array | undefined;
    try {
      file = zip.read(name);
    } catch (error) {
      if (error instanceof ZipError) throw unreadable(error);
      throw error;
    }
    return file ? utf8.decode(file).replace(/^\uFEFF/, '') : undefined;
  };
  const parse = (name: string, raw: string): Node => {
    try {
      return xml.parse(raw, true) as Node;
    } catch (error) {
      throw new DocumentFileError([`${name} is not well-formed XML: ${error instanceof Error ? error.message : String(error)}`]);
    }
  };

  const containerXml = read('META-INF/container.xml');
  if (!containerXml) throw new DocumentFileError(['not an EPUB: META-INF/container.xml is missing']);
  const rootfiles = list(asNode(asNode(parse('container.xml', containerXml).container)?.rootfiles)?.rootfile);
  const opfPath = rootfiles
    .map(asNode)
    .find((r) => r && (!r['@_media-type'] || r['@_media-type'] === 'application/oebps-package+xml'))?.['@_full-path'];
  if (typeof opfPath !== 'string') throw new DocumentFileError(['container.xml names no package file']);
  const opfXml = read(opfPath);
  if (!opfXml) throw new DocumentFileError([`the package file ${opfPath} is missing`]);
  const pkg = asNode(parse(opfPath, opfXml).package);
  if (!pkg) throw new DocumentFileError([`${opfPath} is not an EPUB package file`]);

  const metadata = asNode(pkg.metadata) ?? {};
  const manifest = new Map<string, { href: string; type: string }>();
  for (const item of list(asNode(pkg.manifest)?.item).map(asNode)) {
    if (typeof item?.['@_id'] === 'string' && typeof item['@_href'] === 'string') {
      manifest.set(item['@_id'], { href: item['@_href'], type: String(item['@_media-type'] ?? '') });
    }
  }
  const base = path.posix.dirname(opfPath);
  const chapters: string[] = [];
  for (const ref of list(asNode(pkg.spine)?.itemref).map(asNode)) {
    // Non-linear items (a table of contents, notes) are off the reading path.
    if (!ref || ref['@_linear'] === 'no') continue;
    const item = manifest.get(String(ref['@_idref']));
    if (!item || !/html/.test(item.type)) continue;
    const name = path.posix.normalize(path.posix.join(base, decodeURIComponent(item.href.replace(/#.*$/, ''))));
    const raw = read(name);
    if (raw === undefined) throw new DocumentFileError([`the spine names ${name}, which the EPUB lacks`]);
    const { document } = parseHTML(raw);
    const body = document.body ?? document.documentElement;
    const text = body ? textOfNode(body as unknown as Parameters<typeof textOfNode>[0]) : '';
    if (text.trim()) chapters.push(text);
  }
  const date = /\b(\d{4})\b/.exec(textOf(metadata.date) ?? '')?.[1];
  return {
    title: textOf(metadata.title),
    creators: list(metadata.creator)
      .map(textOf)
      .filter((c): c is string => !!c),
    rights: textOf(metadata.rights),
    year: date ? Number(date) : undefined,
    chapters,
  };
}

/**
 * An EPUB as one document: its chapters in reading order (each heading a paragraph of its own,
 * so that query_chapters finds them), its title, its creators as the source (with --source, that),
 * its rights as the licence unless --licence says otherwise.
 */
export function parseEpubFile(bytes: Uint8Array, defaultFilename: string, options: ImportOptions): DocumentInput {
  const book = readEpub(bytes);
  const title = options.title ?? book.title;
  const byline = book.creators.length ? `${book.creators.join(', ')}, ${title ?? defaultFilename}` : title;
  const year = z.number().int().min(1000).max(2999).safeParse(book.year);
  return finish(
    {
      category: options.category,
      sub_category: options.sub_category,
      filename: defaultFilename,
      title,
      year: year.success ? year.data : null,
      source: options.source ?? (byline ? `${byline} (EPUB)` : undefined),
      licence: options.licence ?? book.rights,
      text: book.chapters.join('\n\n'),
    },
    { ...optionNames, source: '--source', licence: '--licence (the EPUB states no rights)' },
  );
}

function describe(issue: z.core.$ZodIssue): string {
  const field = issue.path.join('.') || 'document';
  return `${field}: ${issue.message}`;
}
