import { describe, expect, it } from 'vitest';
import type { Lexicon, WordFacts } from '../reading/profile';
import { buildCatalogue } from './books';
import type { LibrarySentence, LibrarySnapshot, ListedWord } from './sources';

// A tiny dictionary and library, so that each rule shows on its own.
const listed = (word: string, tags: string[], rank: number, exchange = ''): ListedWord => ({
  word,
  phonetic: '',
  translation: 'n. 测试',
  exchange,
  tags,
  rank,
  oxford: false,
});
const words = [
  listed('the', ['zk'], 1),
  listed('on', ['zk'], 5),
  listed('sit', ['zk'], 300, 'p:sat/d:sat'),
  listed('cat', ['zk'], 500, 's:cats'),
  listed('mat', ['zk'], 3000),
  listed('ubiquitous', ['cet6'], 9000),
];
const facts: Record<string, WordFacts> = {
  the: { lemma: 'the', tags: ['zk'], rank: 1 },
  on: { lemma: 'on', tags: ['zk'], rank: 5 },
  sat: { lemma: 'sit', tags: ['zk'], rank: 300 },
  cat: { lemma: 'cat', tags: ['zk'], rank: 500 },
  cats: { lemma: 'cat', tags: ['zk'], rank: 500 },
  mat: { lemma: 'mat', tags: ['zk'], rank: 3000 },
  ubiquitous: { lemma: 'ubiquitous', tags: ['cet6'], rank: 9000 },
  zyzzyva: { lemma: 'zyzzyva', tags: [], rank: 0 },
};
const lexicon: Lexicon = { facts: (form) => facts[form] };

let nextId = 1;
function sentence(document_id: number, text: string): LibrarySentence {
  const tokens = text.toLowerCase().match(/[a-z]+/g) ?? [];
  const forms = new Map<string, number>();
  for (const t of tokens) forms.set(t, (forms.get(t) ?? 0) + 1);
  const id = nextId++;
  return { id, document_id, position: id, text, word_count: tokens.length, forms: [...forms] };
}
const doc = (id: number, category: string, sub_category = '', level = 1) => ({
  id,
  category,
  sub_category,
  filename: `doc-${id}`,
  title: `Doc ${id}`,
  year: 2024,
  level,
  word_count: 40,
  paragraphStarts: [0],
  ours: false,
  sectionParagraphs: [],
});
const library: LibrarySnapshot = {
  documents: [doc(1, 'reading'), doc(2, 'paper', 'cet4')],
  sentences: new Map([
    [
      1,
      [
        sentence(1, 'The cat sat on the mat in the sun.'),
        sentence(1, 'The ubiquitous cat sat on the mat again.'),
        sentence(1, 'The zyzzyva sat on the mat in the sun.'),
        sentence(1, 'Cats sat.'),
      ],
    ],
    [2, [sentence(2, 'The cats sat on the mat and the cats sat on the cat.')]],
  ]),
  questions: new Map(),
};
const catalogue = buildCatalogue(words, library, lexicon);

describe('an exam’s word book', () => {
  // 四级: two words new at CET-4 (one weighing more in the exam's material), one of 高考's level, one everyday word.
  const cet4Words = [
    listed('state', ['cet4'], 200),
    listed('abandon', ['cet4'], 5000),
    listed('vivid', ['cet4'], 6000),
    listed('region', ['gk', 'cet4'], 1500),
  ];
  const cet4Facts: Record<string, WordFacts> = Object.fromEntries(
    cet4Words.map((w) => [w.word, { lemma: w.word, tags: w.tags, rank: w.rank }]),
  );
  const cet4Library: LibrarySnapshot = {
    documents: [
      { ...doc(10, 'cet4'), ours: true },
      { ...doc(11, 'paper', 'cet4'), ours: true },
    ],
    sentences: new Map([
      [10, [sentence(10, 'A vivid state and a vivid region.')]],
      [11, [sentence(11, 'They abandon nothing vivid.')]],
    ]),
    questions: new Map(),
  };
  const book = buildCatalogue(cet4Words, cet4Library, { facts: (form) => cet4Facts[form] }).book('cet4-word');

  it('starts with the words the exam adds, by their weight in its material, then reviews the stages below', () => {
    expect(book?.units.map((u) => u.items)).toEqual([['vivid', 'abandon'], ['region'], ['state']]);
    expect(book?.levels.map((l) => l.name)).toEqual(['四级新增词', '复习：高考阶段词', '复习：中考阶段词']);
  });
});

describe('the course books of a library', () => {
  it('grades sentences by their hardest word, leaves out those beyond every exam, and reaches the category’s level', () => {
    const cet6 = catalogue.book('cet6-sentence');
    expect(cet6?.levels.map((l) => l.name)).toEqual(['入门', '中高级']);
    expect(cet6?.units.map((u) => u.items.map((s) => (s as { text: string }).text))).toEqual([
      ['The cat sat on the mat in the sun.'],
      ['The ubiquitous cat sat on the mat again.'],
    ]);
    // 中考 reaches 入门 only.
    expect(catalogue.book('junior_high_school-sentence')?.levels.map((l) => l.name)).toEqual(['入门']);
  });

  it('orders a word book by frequency rank and gives each word its shortest sentence of moderate length', () => {
    expect(catalogue.book('junior_high_school-word')?.units[0].items).toEqual(['the', 'on', 'sit', 'cat', 'mat']);
    expect(catalogue.book('cet6-word')?.units[0].items).toEqual(['ubiquitous']);
    // 8 words beats 9; "Cats sat." is too short to show a word.
    expect(catalogue.word('cat').example?.text).toBe('The ubiquitous cat sat on the mat again.');
    expect(catalogue.word('sit').example?.text).toBe('The ubiquitous cat sat on the mat again.');
    expect(catalogue.word('cat').senses).toEqual([{ pos: 'n.', meaning: '测试' }]);
  });

  it('counts an exam’s material (its papers and documents) by lemma, without function words', () => {
    expect(catalogue.examWords('cet4')).toEqual({
      mockPapers: 0,
      realPapers: 1,
      documents: 0,
      words: [
        { word: 'cat', count: 3 },
        { word: 'sit', count: 2 },
        { word: 'mat', count: 1 },
      ],
    });
    expect(catalogue.examWords('cet6')).toEqual({ mockPapers: 0, realPapers: 0, documents: 0, words: [] });
    expect(catalogue.examWords('reading' as never).documents).toBe(1);
    expect(catalogue.book('paper-word')?.units[0].items).toEqual(['cat', 'sit', 'mat']);
    // Papers are not graded reading: they are in the paper books, not in the levels.
    expect(catalogue.book('cet4-reading')?.units.map((u) => u.name)).toEqual(['Doc 1']);
  });
});
