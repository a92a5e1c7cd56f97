import { constants as zlibConstants, crc32, deflateRawSync, deflateSync } from 'node:zlib';
import { strToU8, zipSync } from 'fflate';
import { PDFDocument, StandardFonts } from 'pdf-lib';

/*
 * Small books made on the spot, for the tests, the browser specs and the bench: an EPUB (a zip
 * written with fflate) and a PDF (written with pdf-lib) from chapters of plain text. Nothing
 * copied from elsewhere: the files are what these functions write.
 */

export interface SampleChapter {
  title: string;
  paragraphs: string[];
}

const escapeXml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** An EPUB 3 with a title, an author, a cover page and one XHTML file per chapter. */
export function sampleEpub(title: string, chapters: SampleChapter[]): Uint8Array {
  const items = chapters.map((_, i) => `<item id="c${i + 1}" href="text/c${i + 1}.xhtml" media-type="application/xhtml+xml"/>`);
  const refs = chapters.map((_, i) => `<itemref idref="c${i + 1}"/>`);
  const page = (body: string) =>
    `<?xml version="1.0" encoding="utf-8"?>\n<html xmlns="http://www.w3.org/1999/xhtml"><head><title>${escapeXml(title)}</title></head><body>${body}</body></html>`;
  const files: Record<string, Uint8Array | [Uint8Array, { level: 0 }]> = {
    mimetype: [strToU8('application/epub+zip'), { level: 0 }],
    'META-INF/container.xml': strToU8(
      '<?xml version="1.0"?><container version="1.0" xmlns="urn:oasis:names:tc:opendocument:xmlns:container"><rootfiles><rootfile full-path="OEBPS/book.opf" media-type="application/oebps-package+xml"/></rootfiles></container>',
    ),
    'OEBPS/book.opf': strToU8(
      `<?xml version="1.0" encoding="UTF-8"?><package xmlns="http://www.idpf.org/2007/opf" version="3.0" unique-identifier="id"><metadata xmlns:dc="http://purl.org/dc/elements/1.1/"><dc:identifier id="id">urn:yujing:sample</dc:identifier><dc:title>${escapeXml(title)}</dc:title><dc:creator>Yujing tests</dc:creator></metadata><manifest><item id="cover" href="text/cover.xhtml" media-type="application/xhtml+xml"/>${items.join('')}</manifest><spine><itemref idref="cover"/>${refs.join('')}</spine></package>`,
    ),
    'OEBPS/text/cover.xhtml': strToU8(page(`<h1>${escapeXml(title)}</h1>`)),
  };
  for (const [i, chapter] of chapters.entries()) {
    files[`OEBPS/text/c${i + 1}.xhtml`] = strToU8(
      page(`<h2>${escapeXml(chapter.title)}</h2>${chapter.paragraphs.map((p) => `<p>${escapeXml(p)}</p>`).join('')}`),
    );
  }
  return zipSync(files);
}

/** A PDF with one page per chapter (more when a chapter is long): its heading, then its paragraphs, wrapped. */
export async function samplePdf(chapters: SampleChapter[]): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.TimesRoman);
  const size = 12;
  const width = 480;
  for (const [i, chapter] of chapters.entries()) {
    let page = pdf.addPage([595, 842]);
    let y = 780;
    page.drawText(chapter.title, { x: 60, y, size: 16, font });
    y -= 40;
    for (const paragraph of chapter.paragraphs) {
      let line = '';
      const lines: string[] = [];
      for (const word of paragraph.split(/\s+/)) {
        const next = line ? `${line} ${word}` : word;
        if (font.widthOfTextAtSize(next, size) > width) {
          lines.push(line);
          line = word;
        } else line = next;
      }
      if (line) lines.push(line);
      for (const text of lines) {
        if (y < 60) {
          page = pdf.addPage([595, 842]);
          y = 780;
        }
        page.drawText(text, { x: 60, y, size, font });
        y -= 16;
      }
      // A paragraph's end: a gap of a line and a half.
      y -= 24;
    }
    // The page number, which the reader should not take for text.
    page.drawText(String(i + 1), { x: 290, y: 30, size: 10, font });
  }
  return pdf.save();
}

/*
 * Hostile files, for the tests and bench/book-bombs.ts: what an outside probe sent to take the
 * service down, written here byte by byte.
 */

interface ZipEntry {
  name: string;
  /** The entry's bytes as stored (deflated, for method 8). */
  data: Uint8Array;
  method: 0 | 8;
  /** What the zip says the entry unpacks to (a bomb says little). */
  declaredSize: number;
  crc: number;
}

/** A zip of the entries as given: local headers, data, central directory, end record. */
function writeZip(entries: ZipEntry[]): Uint8Array {
  const parts: Buffer[] = [];
  const directory: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const name = Buffer.from(entry.name, 'utf8');
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(0x0800, 6);
    local.writeUInt16LE(entry.method, 8);
    local.writeUInt32LE(entry.crc >>> 0, 14);
    local.writeUInt32LE(entry.data.byteLength, 18);
    local.writeUInt32LE(entry.declaredSize, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(0x0800, 8);
    central.writeUInt16LE(entry.method, 10);
    central.writeUInt32LE(entry.crc >>> 0, 16);
    central.writeUInt32LE(entry.data.byteLength, 20);
    central.writeUInt32LE(entry.declaredSize, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    parts.push(local, name, Buffer.from(entry.data));
    directory.push(central, name);
    offset += local.length + name.length + entry.data.byteLength;
  }
  const directoryBytes = Buffer.concat(directory);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directoryBytes.length, 12);
  end.writeUInt32LE(offset, 16);
  return new Uint8Array(Buffer.concat([...parts, directoryBytes, end]));
}

const stored = (name: string, text: string): ZipEntry => {
  const data = Buffer.from(text, 'utf8');
  return { name, data, method: 0, declaredSize: data.length, crc: crc32(data) };
};

/**
 * An EPUB whose one chapter unpacks to `inflatedBytes` of spaces while its zip says 1 KB: a
 * deflate stream of the same compressed megabyte over and over (each one flushed whole, so that
 * copies join), about 1 KB per MB unpacked (2 GB in 2 MB).
 */
export function bombEpub(inflatedBytes: number): Uint8Array {
  const megabyte = deflateRawSync(Buffer.alloc(1 << 20, 0x20), { level: 9, finishFlush: zlibConstants.Z_FULL_FLUSH });
  const copies = Math.ceil(inflatedBytes / (1 << 20));
  const body = Buffer.concat([...Array<Buffer>(copies).fill(megabyte), deflateRawSync(Buffer.alloc(0))]);
  return writeZip([
    stored('mimetype', 'application/epub+zip'),
    stored(
      'META-INF/container.xml',
      '<?xml version="1.0"?><container version="1.0" xmlns="urn:oasis:names:tc:opendocument:xmlns:container"><rootfiles><rootfile full-path="book.opf" media-type="application/oebps-package+xml"/></rootfiles></container>',
    ),
    stored(
      'book.opf',
      '<?xml version="1.0" encoding="UTF-8"?><package xmlns="http://www.idpf.org/2007/opf" version="3.0"><metadata xmlns:dc="http://purl.org/dc/elements/1.1/"><dc:title>Small Book</dc:title></metadata><manifest><item id="c1" href="c1.xhtml" media-type="application/xhtml+xml"/></manifest><spine><itemref idref="c1"/></spine></package>',
    ),
    { name: 'c1.xhtml', data: body, method: 8, declaredSize: 1024, crc: 0 },
  ]);
}

/** An EPUB written as given, stored (not deflated): XML may hold what the sample writer escapes (a NUL). */
export function rawEpub({ title, body }: { title: string; body: string }): Uint8Array {
  return writeZip([
    stored('mimetype', 'application/epub+zip'),
    stored(
      'META-INF/container.xml',
      '<?xml version="1.0"?><container version="1.0" xmlns="urn:oasis:names:tc:opendocument:xmlns:container"><rootfiles><rootfile full-path="book.opf" media-type="application/oebps-package+xml"/></rootfiles></container>',
    ),
    stored(
      'book.opf',
      `<?xml version="1.0" encoding="UTF-8"?><package xmlns="http://www.idpf.org/2007/opf" version="3.0"><metadata xmlns:dc="http://purl.org/dc/elements/1.1/"><dc:title>${title}</dc:title></metadata><manifest><item id="c1" href="c1.xhtml" media-type="application/xhtml+xml"/></manifest><spine><itemref idref="c1"/></spine></package>`,
    ),
    stored(
      'c1.xhtml',
      `<?xml version="1.0" encoding="utf-8"?><html xmlns="http://www.w3.org/1999/xhtml"><body>${body}</body></html>`,
    ),
  ]);
}

/**
 * A PDF of `pages` pages that all show one content stream (PDF operators), deflated and stored
 * once, in Helvetica: `(text) Tj` shows text. A stream of a million operators is about 30 KB, and
 * every page that shows it costs a reader the whole stream again.
 */
export function contentPdf(content: string, pages = 1): Uint8Array {
  const stream = deflateSync(Buffer.from(content, 'latin1'));
  // 1 catalog, 2 page tree, 3 font, 4 content stream, 5… the pages.
  const kids = Array.from({ length: pages }, (_, i) => `${i + 5} 0 R`).join(' ');
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    `<< /Type /Pages /Kids [${kids}] /Count ${pages} >>`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>',
    null,
    ...Array.from(
      { length: pages },
      () => '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 3 0 R >> >> /Contents 4 0 R >>',
    ),
  ];
  const chunks: Buffer[] = [Buffer.from('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n', 'latin1')];
  const offsets: number[] = [];
  let length = chunks[0].length;
  const add = (chunk: Buffer) => {
    chunks.push(chunk);
    length += chunk.length;
  };
  for (const [i, body] of objects.entries()) {
    offsets.push(length);
    if (body === null) {
      add(Buffer.from(`${i + 1} 0 obj\n<< /Length ${stream.length} /Filter /FlateDecode >>\nstream\n`, 'latin1'));
      add(stream);
      add(Buffer.from('\nendstream\nendobj\n', 'latin1'));
    } else add(Buffer.from(`${i + 1} 0 obj\n${body}\nendobj\n`, 'latin1'));
  }
  const xref = length;
  const rows = offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('');
  add(
    Buffer.from(
      `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${rows}trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`,
      'latin1',
    ),
  );
  return new Uint8Array(Buffer.concat(chunks));
}

/**
 * A PDF of `pages` pages that each show `items` one-letter texts, a line each: about 30 KB for a
 * million items on 40 pages, which PDF.js spends minutes on, and hundreds of MB a page (the
 * probe's 81 KB PDF kept a core busy for 260 s).
 */
export function slowPdf(items = 1_000_000, pages = 40): Uint8Array {
  return contentPdf(`BT /F1 12 Tf 72 800 Td ${'(a) Tj 0 -1 Td '.repeat(items)}ET`, pages);
}
