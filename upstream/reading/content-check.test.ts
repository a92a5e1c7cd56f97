import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkText, paperSections } from './content-check';
import { parseDocumentFile } from './document-file';
import { type Lexicon, sharedEcdictLexicon, type WordFacts } from './profile';
import { shippedContentDir, shippedTextFiles } from './seed';

// Words by level, to count by hand: level-1 words, one CET-4 word, one beyond every exam.
function handLexicon(): Lexicon {
  const lemmas: Record<string, Omit<WordFacts, 'lemma'>> = {
    the: { tags: ['zk'], rank: 1 },
    cat: { tags: ['zk'], rank: 1775 },
    sat: { tags: ['zk'], rank: 500 },
    on: { tags: ['zk'], rank: 10 },
    mat: { tags: ['zk'], rank: 3000 },
    a: { tags: ['zk'], rank: 2 },
    hat: { tags: ['zk'], rank: 2000 },
    wore: { tags: ['zk'], rank: 900 },
    velvet: { tags: ['cet4'], rank: 9000 },
    ottoman: { tags: [], rank: 0 },
  };
  return { facts: (form) => (lemmas[form] ? { lemma: form, ...lemmas[form] } : undefined) };
}

const doc = (text: string, level?: number) =>
  parseDocumentFile(
    `---\ncategory: essay\ntitle: T\nsource: s\nlicence: l\n${level ? `level: ${level}\n` : ''}---\n${text}`,
    'x',
  );

describe('the level check of a text', () => {
  it('passes a text at its stated level and counts the share of words within it', () => {
    const report = checkText(doc('The cat sat on the mat. The cat wore a hat.', 1), handLexicon());
    expect(report).toMatchObject({ stated: 1, computed: 1, words: 11, sentences: 2, withinShare: 1, problems: [] });
  });

  it('says a text is too hard, and which words make it so', () => {
    const report = checkText(doc('The cat sat on the velvet mat. The cat wore a velvet hat.', 1), handLexicon());
    expect(report.computed).toBe(3);
    expect(report.withinShare).toBeCloseTo(11 / 13);
    expect(report.hardWords).toEqual(['velvet']);
    expect(report.problems).toEqual(['too hard: reads as 3 中级']);
  });

  it('says a text is too easy when it reads two levels below, and flags long sentences and a missing level', () => {
    expect(checkText(doc('The cat sat on the mat.', 3), handLexicon()).problems).toEqual(['too easy: reads as 1 入门']);
    const long = `${'The cat sat on the mat and '.repeat(3)}the hat.`;
    expect(checkText(doc(long, 1), handLexicon()).problems).toEqual(['sentences of 23.0 words on average (at most 12)']);
    expect(checkText(doc('The cat sat on the mat.'), handLexicon()).problems).toEqual(['the header has no level']);
  });

  it('reads a paper by its sections, leaving out headings and Chinese instructions', () => {
    const text = '## Part A 阅读\n\n阅读下面短文。\n\nThe cat __1__ on the mat.\n\n## Part B\n\nA) The hat.';
    expect(paperSections(text)).toEqual([
      { title: 'Part A 阅读', text: '阅读下面短文。\nThe cat __1__ on the mat.\n' },
      { title: 'Part B', text: 'A) The hat.\n' },
    ]);
    expect(checkText(doc(text, 1), handLexicon()).sentences).toBe(2);
  });
});

describe('every text written for Yujing', () => {
  const lexicon = sharedEcdictLexicon();
  it.each(shippedTextFiles())('%s is within its level and sentence length', (file) => {
    const parsed = parseDocumentFile(fs.readFileSync(path.join(shippedContentDir, file), 'utf8'), path.basename(file, '.md'));
    expect(checkText(parsed, lexicon).problems).toEqual([]);
  });
});
