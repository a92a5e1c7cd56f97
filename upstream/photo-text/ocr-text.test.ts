import { describe, expect, it } from 'vitest';
import type { OcrBlock, OcrLine, OcrPage } from './ocr';
import { cleanOcrPage, joinLines, normaliseWord } from './ocr-text';

// Pages as Tesseract gives them: lines 40 px apart (30 px high), words laid out left to right.
let y = 0;
function line(
  text: string,
  { left = 100, confidence = 95, width }: { left?: number; confidence?: number; width?: number } = {},
): OcrLine {
  const top = y;
  y += 40;
  let x = left;
  const words = text.split(' ').map((word) => {
    const w = { text: word, confidence, bbox: { x0: x, y0: top, x1: x + word.length * 14, y1: top + 30 } };
    x += word.length * 14 + 10;
    return w;
  });
  const right = width === undefined ? x - 10 : left + width;
  return {
    words,
    bbox: { x0: left, y0: top, x1: right, y1: top + 30 },
    baseline: { x0: left, y0: top + 24, x1: right, y1: top + 24 },
  };
}
const gap = () => {
  y += 30;
};
const block = (...paragraphs: OcrLine[][]): OcrBlock => ({
  bbox: { x0: 0, y0: 0, x1: 1000, y1: y },
  paragraphs: paragraphs.map((lines) => ({ lines, bbox: { x0: 0, y0: 0, x1: 1000, y1: y } })),
});
const page = (...blocks: OcrBlock[]): OcrPage => ({ blocks });

const dictionary = new Set(['ambiguous', 'well', 'known', 'proposal', 'protection', 'building']);
const isWord = (word: string) => dictionary.has(word);

describe('joinLines', () => {
  it("joins a word split at the line end, and keeps a compound's hyphen", () => {
    expect(joinLines('the ambi-', 'guous proposal', isWord)).toBe('the ambiguous proposal');
    expect(joinLines('a well-', 'known architect', isWord)).toBe('a well-known architect');
    // Without a dictionary the hyphen at a line's end is taken for a break.
    expect(joinLines('the ambi-', 'guous proposal')).toBe('the ambiguous proposal');
    // A capital after the hyphen, or no hyphen: two words.
    expect(joinLines('North-', 'East winds')).toBe('North- East winds');
    expect(joinLines('the end', 'of it')).toBe('the end of it');
  });
});

describe('normaliseWord', () => {
  it('spells out ligatures, straightens quotes, drops invisible marks', () => {
    expect(normaliseWord('ﬁnal')).toBe('final');
    expect(normaliseWord('“Don’t')).toBe('"Don\'t');
    expect(normaliseWord('wo\u200Brd')).toBe('word');
  });
});

describe('cleanOcrPage', () => {
  it('unwraps lines into paragraphs and joins hyphenated words', () => {
    y = 0;
    const first = [
      line('The committee abandoned the ambi-', { width: 700 }),
      line('guous proposal after a long debate', { width: 700 }),
      line('about the library.', { width: 300 }),
    ];
    gap();
    const second = [line('A well-', { width: 700 }), line('known architect offered help.', { width: 500 })];
    const cleaned = cleanOcrPage(page(block(first, second)), { isWord });
    expect(cleaned.text).toBe(
      'The committee abandoned the ambiguous proposal after a long debate about the library.\n\nA well-known architect offered help.',
    );
    expect(cleaned.words).toBe(20);
    expect(cleaned.confidence).toBe(95);
  });

  it("ends a paragraph at a wider gap or a short last line, even inside one of Tesseract's", () => {
    y = 0;
    const lines = [line('It rained all day and the roads', { width: 700 }), line('were flooded by the evening.', { width: 700 })];
    gap();
    lines.push(line('Nobody went out that night at all', { width: 700 }), line('and the town was quiet.', { width: 350 }));
    lines.push(line('Next morning the sun came out again', { width: 700 }), line('over the hills.', { width: 200 }));
    expect(cleanOcrPage(page(block(lines))).text).toBe(
      'It rained all day and the roads were flooded by the evening.\n\nNobody went out that night at all and the town was quiet.\n\nNext morning the sun came out again over the hills.',
    );
  });

  it("joins two of Tesseract's paragraphs when the first stops mid-sentence", () => {
    y = 0;
    const cleaned = cleanOcrPage(
      page(block([line('The children painted', { width: 700 })], [line('pictures of the library.', { width: 700 })])),
    );
    expect(cleaned.text).toBe('The children painted pictures of the library.');
  });

  it("keeps the blocks in order: a page's columns one after the other", () => {
    y = 0;
    const left = block([line('First column text goes here.')]);
    y = 0;
    const right = block([line('Second column text follows.', { left: 600 })]);
    expect(cleanOcrPage(page(left, right)).text).toBe('First column text goes here.\n\nSecond column text follows.');
  });

  it('reads two columns one after the other when Tesseract made them one block', () => {
    y = 0;
    // Each of Tesseract's lines runs across both columns; the gutter is from x 560 to 640.
    const across = (left: string, right: string) => {
      const l = line(left);
      const r = line(right, { left: 640 });
      y -= 40; // the right column's line is on the same row
      return { ...l, words: [...l.words, ...r.words], bbox: { ...l.bbox, x1: r.bbox.x1 } };
    };
    y = 0;
    const rows = [
      across('The first column begins', 'The second column has'),
      across('here and it goes on', 'its own story to tell,'),
      across('for a while before the', 'which ends on the last'),
      across('end of its paragraph.', 'line of the page.'),
    ];
    for (const [i, row] of rows.entries()) {
      for (const w of row.words) {
        w.bbox.y0 = i * 40;
        w.bbox.y1 = i * 40 + 30;
      }
      row.bbox.y0 = i * 40;
      row.bbox.y1 = i * 40 + 30;
    }
    expect(cleanOcrPage(page(block(rows))).text).toBe(
      'The first column begins here and it goes on for a while before the end of its paragraph.\n\nThe second column has its own story to tell, which ends on the last line of the page.',
    );
  });

  it('drops noise: symbol lines, stray marks at line ends, lines it barely believes', () => {
    y = 0;
    const lines = [
      line('| The river was wide ~'),
      line('~~~ ___ ||| ='),
      line('x'),
      line('Gnarl qvth zzkp wq', { confidence: 20 }),
      line('-and deep.'),
    ];
    const cleaned = cleanOcrPage(page(block(lines)));
    expect(cleaned.text).toBe('The river was wide and deep.');
    expect(cleaned.words).toBe(6);
  });

  it('answers nothing for a page without text', () => {
    expect(cleanOcrPage(page())).toEqual({ text: '', confidence: 0, words: 0 });
    y = 0;
    expect(cleanOcrPage(page(block([line('. , ;')]))).words).toBe(0);
  });
});
