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
