import { bookUpload, type BookFormat } from '../../lib/contract';
import { DocumentFileError } from '../reading/document-file';
import { EpubTooLargeError, readEpub } from '../reading/document-formats';

/*
 * The text of an uploaded book: plain text and Markdown as they are (UTF-8), an EPUB's chapters
 * in spine order (content/document-formats.ts), a PDF's text layer page by page (PDF.js). What
 * comes out is sections of plain text: an EPUB's spine items, a Markdown file's top headings, or
 * the whole text, which book.ts then cuts at its chapter headings. Runs in a worker thread
 * (book-worker.mjs), under a deadline and a memory ceiling: a PDF or an EPUB can be made to cost
 * any amount of work.
 */

/** Why a file cannot become a book; the message is shown to the user as it is. */
export class BookFileError extends Error {
  constructor(
    message: string,
    /** 413 for a file too large, 422 for one too costly to read, 400 for everything else. */
    readonly httpStatus: 400 | 413 | 422 = 400,
  ) {
    super(message);
    this.name = 'BookFileError';
  }
}

export interface BookSection {
  /** The section's own heading, when the file gives one (a Markdown heading). */
  title?: string;
  text: string;
}

export interface ExtractedBook {
  format: BookFormat;
  /** The title the file gives itself (an EPUB's), if any. */
  title?: string;
  sections: BookSection[];
}

// More text than this is not a book one reads here (a 300-page novel is about 600,000 characters).
export const maxBookCharacters = 4_000_000;
const maxPdfPages = 3_000;
/** An EPUB's text files (its package, its chapters) unpack to at most this, counted while unpacking. */
export const maxEpubUnpackedBytes = 64 * 1024 * 1024;
const sizeInMb = (bytes: number) => `${Math.round(bytes / 1024 / 1024)} MB`;

/** The format of an upload from its name, checked against its first bytes. */
export function formatOf(fileName: string, bytes: Uint8Array): BookFormat {
  const ending = /\.([a-z0-9]+)$/i.exec(fileName)?.[1]?.toLowerCase() ?? '';
  const format = bookUpload.formats[ending];
  if (!format) throw new BookFileError('不支持的文件类型：请上传 .txt、.md、.epub 或 .pdf 文件');
  const starts = (magic: string) => magic.split('').every((c, i) => bytes[i] === c.charCodeAt(0));
  if (format === 'pdf' && !starts('%PDF-')) throw new BookFileError('文件已损坏或不是 PDF，无法读取');
  if (format === 'epub' && !starts('PK\u0003\u0004')) throw new BookFileError('文件已损坏或不是 EPUB，无法读取');
  return format;
}

/**
 * What can be told of an upload without reading it (its size, its kind by name and first bytes):
 * checked before a worker is spent on it. Throws BookFileError.
 */
export function checkUpload(fileName: string, bytes: Uint8Array): BookFormat {
  if (bytes.byteLength > bookUpload.maxBytes) {
    throw new BookFileError(`文件过大：最大 ${sizeInMb(bookUpload.maxBytes)}`, 413);
  }
  if (bytes.byteLength === 0) throw new BookFileError('文件是空的');
  return formatOf(fileName, bytes);
}

/** Reads an upload's text; throws BookFileError for a file that is too large, of another kind or unreadable. */
export async function extractBook(fileName: string, bytes: Uint8Array): Promise<ExtractedBook> {
  const format = checkUpload(fileName, bytes);
  const book = cleanBook(await read(format, bytes));
  const characters = book.sections.reduce((n, s) => n + s.text.length, 0);
  if (characters > maxBookCharacters) {
    throw new BookFileError(`文本过长：最多 ${maxBookCharacters.toLocaleString('en-US')} 个字符`, 413);
  }
  if (!book.sections.some((s) => /\p{L}{2}/u.test(s.text))) {
    throw new BookFileError(format === 'pdf' ? '这个 PDF 没有可读取的文字（可能是扫描的图片）' : '文件里没有可读取的文字');
  }
  return book;
}

async function read(format: BookFormat, bytes: Uint8Array): Promise<ExtractedBook> {
  switch (format) {
    case 'txt': {
      const text = utf8Text(bytes);
      return { format, title: textTitle(text), sections: [{ text }] };
    }
    case 'md': {
      const text = utf8Text(bytes);
      return { format, title: markdownTitle(text), sections: markdownSections(text) };
    }
    case 'epub':
      return epubSections(bytes);
    case 'pdf':
      return { format, ...(await pdfText(bytes)) };
  }
}

/**
 * A chapter heading on a line of its own: "Chapter 3", "CHAPTER III. The Storm", "Part 2",
 * "第三章 风暴", "第12回". A PDF's text layer sets it as one line among the others, so the
 * paragraphs around it are told apart by it.
 */
export const chapterHeadingLine =
  /^(?:(?:chapter|book|part)\s+(?:[ivxlcdm]+|\d{1,3})\b(?:[.:]?\s+\S.{0,80})?\.?|第[一二三四五六七八九十百千零〇两\d]+[章回卷部节](?:\s*\S.{0,40})?)$/i;

/**
 * A Markdown file's title: its level-one heading (`# Title`) when it has just one; a file with
 * several uses them for its parts.
 */
function markdownTitle(text: string): string | undefined {
  let fenced = false;
  const headings: string[] = [];
  for (const line of text.replace(/\r\n?/g, '\n').split('\n')) {
    if (/^\s*(```|~~~)/.test(line)) fenced = !fenced;
    const heading = fenced ? null : /^#\s+(.+?)\s*#*\s*$/.exec(line);
    if (heading) headings.push(heading[1].replace(/[*_`]/g, '').trim());
  }
  return headings.length === 1 && headings[0] ? headings[0] : undefined;
}

/**
 * A plain text's title: its first line when that stands alone as a heading does (a short line
 * with a letter, not ending as a sentence does, a blank line after it) and is not a chapter's.
 */
function textTitle(text: string): string | undefined {
  const lines = text.replace(/\r\n?/g, '\n').trimStart().split('\n');
  const first = lines[0]?.trim() ?? '';
  if (!first || (lines[1] ?? '').trim() !== '' || lines.length < 3) return undefined;
  if (!/\p{L}/u.test(first) || first.split(/\s+/).length > 12 || /[.!?…,;:]$/.test(first)) return undefined;
  return chapterHeadingLine.test(first) ? undefined : first;
}

/**
 * A PDF's own title (its document information's Title), unless it is a file's name or a
 * placeholder, which word processors put there ("Microsoft Word - draft.docx", "Untitled").
 */
function pdfTitle(info: unknown): string | undefined {
  const title = (info as { Title?: unknown } | null)?.Title;
  if (typeof title !== 'string' || !/\p{L}/u.test(title)) return undefined;
  if (/\.(?:docx?|pdf|txt|rtf|odt|pages|indd|tex)$/i.test(title.trim()) || /^untitled\b/i.test(title.trim())) return undefined;
  return title;
}

// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is removed
const controls = /[\u0000-\u0008\u000e-\u001f\u007f]/g;

/**
 * The book's text and title without control characters: a PDF's text layer or an EPUB's XML may
 * carry NUL (which PostgreSQL cannot store in text) and the like; a form feed or vertical tab
 * (a PDF's page break) is a line break.
 */
function cleanBook(book: ExtractedBook): ExtractedBook {
  const clean = (text: string) => text.replace(/[\v\f]/g, '\n').replace(controls, '');
  const title = book.title === undefined ? undefined : clean(book.title).replace(/\s+/g, ' ').trim() || undefined;
  return {
    ...book,
    title,
    sections: book.sections.map((s) => ({
      text: clean(s.text),
      ...(s.title === undefined ? {} : { title: clean(s.title).replace(/\s+/g, ' ').trim() }),
    })),
  };
}

function utf8Text(bytes: Uint8Array): string {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw new BookFileError('无法读取文件：文本文件须为 UTF-8 编码');
  }
  // A text file holds no NUL: this is a binary file with a text file's name.
  if (text.includes('\u0000')) throw new BookFileError('无法读取文件：这不是文本文件');
  return text.replace(/^\uFEFF/, '');
}

/** A Markdown file cut at its top-level headings (# and ##), each heading its section's title. */
export function markdownSections(text: string): BookSection[] {
  const sections: BookSection[] = [];
  let current: BookSection = { text: '' };
  const lines: string[] = [];
  const flush = () => {
    current.text = lines.join('\n');
    if (current.title || current.text.trim()) sections.push(current);
    lines.length = 0;
  };
  let fenced = false;
  for (const line of text.replace(/\r\n?/g, '\n').split('\n')) {
    if (/^\s*(```|~~~)/.test(line)) fenced = !fenced;
    const heading = fenced ? null : /^#{1,2}\s+(.+?)\s*#*\s*$/.exec(line);
    if (heading) {
      flush();
      current = { title: heading[1].replace(/[*_`]/g, '').trim(), text: '' };
      continue;
    }
    lines.push(line);
  }
  flush();
  return sections;
}

function epubSections(bytes: Uint8Array): ExtractedBook {
  try {
    const book = readEpub(bytes, { maxUnpackedBytes: maxEpubUnpackedBytes });
    return { format: 'epub', title: book.title, sections: book.chapters.map((text) => ({ text })) };
  } catch (error) {
    if (error instanceof EpubTooLargeError) {
      throw new BookFileError(`EPUB 解压后过大：文字部分最多 ${sizeInMb(maxEpubUnpackedBytes)}`, 413);
    }
    if (error instanceof DocumentFileError) throw new BookFileError('文件已损坏或不是有效的 EPUB，无法读取');
    throw error;
  }
}

interface PdfTextItem {
  str: string;
  hasEOL: boolean;
  height: number;
  transform: number[];
}

/**
 * A PDF's title and its text layer as plain text: lines as PDF.js gives them, a blank line where
 * the gap to the next line is clearly larger than a line (a new paragraph), around a chapter
 * heading (which book.ts then cuts the chapters at) and at each page's end; lines that are only a
 * number (page numbers) are dropped.
 */
async function pdfText(bytes: Uint8Array): Promise<{ title?: string; sections: BookSection[] }> {
  const { getDocument, VerbosityLevel } = await import('pdfjs-dist/legacy/build/pdf.mjs');
  let pdf: Awaited<ReturnType<typeof getDocument>['promise']>;
  try {
    // PDF.js takes the buffer over: give it a copy.
    pdf = await getDocument({
      data: bytes.slice(),
      isEvalSupported: false,
      verbosity: VerbosityLevel.ERRORS,
      stopAtErrors: false,
    }).promise;
  } catch (error) {
    const name = error instanceof Error ? error.name : '';
    if (name === 'PasswordException') throw new BookFileError('PDF 有密码保护，无法读取');
    throw new BookFileError('文件已损坏或不是有效的 PDF，无法读取');
  }
  try {
    if (pdf.numPages > maxPdfPages) throw new BookFileError(`PDF 页数过多：最多 ${maxPdfPages} 页`, 413);
    const title = pdfTitle((await pdf.getMetadata().catch(() => null))?.info);
    const pages: string[] = [];
    for (let number = 1; number <= pdf.numPages; number++) {
      const page = await pdf.getPage(number);
      const content = await page.getTextContent();
      pages.push(pageText(content.items.flatMap((item) => ('str' in item ? [item as PdfTextItem] : []))));
      page.cleanup();
    }
    return { ...(title ? { title } : {}), sections: [{ text: pages.join('\n\n') }] };
  } catch (error) {
    if (error instanceof BookFileError) throw error;
    throw new BookFileError('文件已损坏或不是有效的 PDF，无法读取');
  } finally {
    await pdf.destroy();
  }
}

function pageText(items: PdfTextItem[]): string {
  const lines: { text: string; y: number; height: number }[] = [];
  let text = '';
  let y: number | undefined;
  let height = 0;
  const endLine = () => {
    if (text.trim() && y !== undefined) lines.push({ text: text.trim(), y, height });
    text = '';
    y = undefined;
  };
  for (const item of items) {
    if (item.str) {
      y ??= item.transform[5];
      height = Math.max(height, item.height);
      text += item.str;
    }
    if (item.hasEOL) endLine();
  }
  endLine();
  const out: string[] = [];
  for (const [i, line] of lines.entries()) {
    if (/^\d{1,4}$/.test(line.text)) continue;
    const previous = lines[i - 1];
    const heading = chapterHeadingLine.test(line.text);
    if (previous && (heading || previous.y - line.y > 1.8 * Math.max(line.height, previous.height, 1))) out.push('');
    out.push(line.text);
    if (heading) out.push('');
  }
  return out.join('\n');
}
