import { describe, expect, it } from 'vitest';
import { attachmentDisposition } from '../platform/attachment';
import { runsOf, sheetFonts } from './word-sheet-fonts';
import { readPdf } from '../../tests/support/pdf-text';
import { renderWordSheet, type WordSheetEntry } from './word-sheet-pdf';

const thorough: WordSheetEntry = {
  word: 'thorough',
  uk: 'ˈθʌrə',
  us: 'ˈθɝoʊ',
  senses: [{ pos: 'adj.', zh: '彻底的；十分的；周密的' }],
  example: { en: 'The police carried out a thorough investigation.', zh: '警方进行了彻底的调查。' },
};
const measure: WordSheetEntry = {
  word: 'measure',
  uk: 'ˈmeʒə(r)',
  us: 'ˈmɛʒɚ',
  senses: [
    { pos: 'n.', zh: '测量；措施；程度' },
    { pos: 'vt.', zh: '测量；估量；权衡' },
  ],
};

// pdftotext joins the runs of one line with spaces of its own; compare without them.
const squeeze = (text: string) => text.replace(/\s+/g, '');

describe('the printed word sheet', () => {
  it('holds the words, their IPA and their Chinese as text a reader can search and copy', async () => {
    const pdf = await renderWordSheet({ title: '生词本', subtitle: '共 2 个单词', entries: [thorough, measure] });
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const { text, pages, fonts } = readPdf(pdf);
    expect(pages).toBe(1);
    const flat = squeeze(text);
    for (const expected of ['生词本', 'thorough', '/ˈθʌrə/', '/ˈθɝoʊ/', 'adj.彻底的；十分的；周密的', '警方进行了彻底的调查。']) {
      expect(flat).toContain(squeeze(expected));
    }
    expect(flat).toContain('/ˈmeʒə(r)/');
    expect(flat).toContain('/ˈmɛʒɚ/');
    expect(flat).toContain('vt.测量；估量；权衡');
    expect(text).toContain('第 1 页，共 1 页');
    // Every font is embedded and cut down to the glyphs used.
    const fontRows = fonts.split('\n').slice(2).filter(Boolean);
    expect(fontRows.length).toBeGreaterThanOrEqual(2);
    for (const row of fontRows) expect(row).toMatch(/yes\s+yes\s+yes/);
    expect(pdf.byteLength).toBeLessThan(150_000);
  });

  it('breaks a long list into numbered A4 pages, every word on one of them, in order', async () => {
    const entries = Array.from({ length: 300 }, (_, i) => ({ ...(i % 2 ? thorough : measure), word: `word${i + 1}` }));
    const pdf = await renderWordSheet({ title: '熟词本', subtitle: '共 300 个单词', entries });
    const { text, pages } = readPdf(pdf);
    // 300 entries of three to four lines: between 8 and 20 on a page.
    expect(pages).toBeGreaterThan(300 / 20);
    expect(pages).toBeLessThan(300 / 8);
    expect(text).toContain(`第 ${pages} 页，共 ${pages} 页`);
    expect(text).not.toContain(`第 ${pages + 1} 页`);
    const words = [...text.matchAll(/\bword(\d+)\b/g)].map((m) => Number(m[1]));
    expect(words).toEqual(entries.map((_, i) => i + 1));
    // Pages after the first carry the list's name in their header.
    expect(text.split('熟词本').length - 1).toBe(pages);
  });

  it('wraps a line longer than the page instead of running off it', async () => {
    const long = {
      ...measure,
      senses: [{ pos: 'n.', zh: '非常长的释义；'.repeat(40) }],
      word: 'pneumonoultramicroscopicsilicovolcanoconiosis'.repeat(3),
    };
    const pdf = await renderWordSheet({ title: '生词本', subtitle: '', entries: [long] });
    const { text } = readPdf(pdf);
    const lines = text.split('\n').filter((l) => l.includes('非常长的释义'));
    expect(lines.length).toBeGreaterThan(3);
    expect(squeeze(text)).toContain(squeeze('非常长的释义；'.repeat(40)));
  });
});

describe('the fonts', () => {
  it('hold every IPA symbol and Chinese between them, each character set in a font that has it', () => {
    const { regular, bold } = sheetFonts();
    // The Noto Sans subsets are unwrapped from WOFF into plain TrueType once.
    for (const font of [...regular, ...bold].slice(0, 3)) expect(font.bytes.readUInt32BE(0)).toBe(0x00010000);
    const text = 'ə ɪ ʊ ʃ ʒ θ ð ŋ ˈ ˌ ː æ ɑ ɒ ɔ ɜ ʌ ɛ ɡ ɚ ɝ 生词本：彻底的（形）';
    for (const chain of [regular, bold]) {
      for (const run of runsOf(text, chain)) {
        for (const ch of run.text) expect(run.font.face.hasGlyphForCodePoint(ch.codePointAt(0) ?? 0), ch).toBe(true);
      }
    }
  });
});

describe('the download name', () => {
  it('gives the Chinese name as RFC 5987 filename* and an ASCII one beside it', () => {
    expect(attachmentDisposition('语境-生词本-2026-11-25.pdf', 'yujing-unfamiliar-words-2026-11-25.pdf')).toBe(
      `attachment; filename="yujing-unfamiliar-words-2026-11-25.pdf"; filename*=UTF-8''%E8%AF%AD%E5%A2%83-%E7%94%9F%E8%AF%8D%E6%9C%AC-2026-11-25.pdf`,
    );
    expect(attachmentDisposition("it's (new)*.pdf", 'a"b\\c.pdf')).toBe(
      `attachment; filename="a_b_c.pdf"; filename*=UTF-8''it%27s%20%28new%29%2A.pdf`,
    );
  });
});
