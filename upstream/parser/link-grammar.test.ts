import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  type Constituent,
  createLinkGrammar,
  type LinkGrammar,
  ParserBusy,
  ParserTimeout,
  ParserUnavailable,
  parseOutput,
  sentenceLine,
} from './link-grammar';

const labelsOf = (tree: Constituent): string[] => [
  tree.label,
  ...tree.children.flatMap((c) => (typeof c === 'string' ? [] : labelsOf(c))),
];

/**
 * A stand-in for link-parser that speaks its protocol: it answers the sentinel command, prints a
 * fixed linkage for any sentence, and never answers the sentence "stall".
 */
function fakeParser(): string[] {
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'yujing-fake-lg-')), 'fake-link-parser.cjs');
  writeFileSync(
    file,
    `
const rl = require('node:readline').createInterface({ input: process.stdin });
let stalled = false;
rl.on('line', (line) => {
  if (stalled || line === 'stall') return (stalled = true);
  if (line === '!limit=1000') return console.log('limit set to 1000');
  console.log('[S [NP the cat.n NP] [VP sat.v-d VP] . S] ');
  console.log('');
  console.log('[(LEFT-WALL)(the)(cat.n)(sat.v-d)(.)]');
  console.log('[[0 4 0 (Xp)][0 2 0 (Wd)][1 2 0 (Ds**c)]');
  console.log('[2 3 0 (Ss*s)]]');
  console.log('[0]');
});
`,
  );
  return [process.execPath, file];
}

describe('Link Grammar worker', () => {
  let parser: LinkGrammar | undefined;
  afterEach(() => parser?.close());

  it('parses a sentence into words, links and constituents, one process for many sentences', async () => {
    parser = createLinkGrammar();
    const first = await parser.parse('The bank raised its interest rates.');
    expect(first.words).toEqual(['LEFT-WALL', 'the', 'bank', 'raised', 'its', 'interest', 'rates', '.']);
    const link = (label: RegExp) => first.links.find((l) => label.test(l.label));
    // Subject: bank → raised; object: raised → rates.
    expect(link(/^S/)).toMatchObject({ left: 2, right: 3 });
    expect(link(/^O/)).toMatchObject({ left: 3, right: 6 });
    expect(first.tree.label).toBe('S');

    const relative = await parser.parse('I saw the man who the dog bit.');
    expect(labelsOf(relative.tree)).toContain('SBAR');
    expect(relative.links.some((l) => l.label.startsWith('B'))).toBe(true);
  });

  it('marks words the dictionary does not know', async () => {
    parser = createLinkGrammar();
    const parse = await parser.parse('The zqxvort sat quietly.');
    expect(parse.words[parse.unknown[0]]).toBe('zqxvort');
  });

  it('reads a line that looks like a command as text, and keeps working', async () => {
    parser = createLinkGrammar();
    expect(sentenceLine('!exit\nnow')).toBe('exit now');
    await parser.parse('!exit');
    const after = await parser.parse('The cat sat on the mat.');
    expect(after.words).toContain('mat');
  });

  it('gives up on a stalled process and parses the next sentence with a new one', async () => {
    parser = createLinkGrammar({ command: fakeParser(), timeoutMs: 500 });
    await expect(parser.parse('stall')).rejects.toThrow(ParserTimeout);
    const next = await parser.parse('The cat sat.');
    expect(next.words).toEqual(['LEFT-WALL', 'the', 'cat', 'sat', '.']);
    // The link list wrapped over two lines.
    expect(next.links).toContainEqual({ left: 2, right: 3, label: 'Ss*s' });
  });

  it('takes an answer that arrived while the event loop was held up, though the deadline passed meanwhile', async () => {
    parser = createLinkGrammar({ command: fakeParser(), timeoutMs: 300 });
    await parser.parse('The cat sat.');
    const parse = parser.parse('The cat sat.');
    // One turn of the loop: the sentence is written and its deadline set.
    await new Promise((resolve) => setImmediate(resolve));
    // Synchronous work (a large dictionary read at a cold start) holds the loop past the deadline
    // while the parser process answers.
    const until = Date.now() + 900;
    while (Date.now() < until) {
      // Busy, as a synchronous read is.
    }
    await expect(parse).resolves.toMatchObject({ words: ['LEFT-WALL', 'the', 'cat', 'sat', '.'] });
  });

  it('refuses sentences beyond its queue instead of piling them up', async () => {
    parser = createLinkGrammar({ command: fakeParser(), timeoutMs: 1000, maxQueue: 2 });
    const waiting = [parser.parse('stall'), parser.parse('The cat sat.')];
    await expect(parser.parse('The cat sat.')).rejects.toThrow(ParserBusy);
    await expect(waiting[0]).rejects.toThrow(ParserTimeout);
    await expect(waiting[1]).resolves.toMatchObject({ words: ['LEFT-WALL', 'the', 'cat', 'sat', '.'] });
  });

  it('says the parser is unavailable when it cannot start', async () => {
    parser = createLinkGrammar({ command: ['/nonexistent/link-parser'], timeoutMs: 2000 });
    await expect(parser.parse('The cat sat.')).rejects.toThrow(ParserUnavailable);
  });

  it('reads the words of the PostScript output with their markers and subscripts', () => {
    const parse = parseOutput([
      '[S [VP Hello{!} world.n VP] . S] ',
      '',
      '[(LEFT-WALL)(Hello[!])(world.n)(.)]',
      '[[0 3 0 (Xp)][0 2 48 (Wa)][1 2 1 (AN)]]',
      '[0]',
    ]);
    expect(parse.words).toEqual(['LEFT-WALL', 'Hello', 'world', '.']);
    expect(parse.subscripts).toEqual(['', '', 'n', '']);
    expect(parse.unknown).toEqual([1]);
    expect(parse.tree).toEqual({ label: 'S', children: [{ label: 'VP', children: ['Hello', 'world'] }, '.'] });
  });

  it('reads a words line that wraps, and the links after it', () => {
    const parse = parseOutput([
      '[S [NP the book.n NP] [VP was.v-d [ADJP so.h interesting.a ADJP] VP] . S]',
      '',
      '[(LEFT-WALL)(the)(book.n)(that.j-r)(you)(lent.v-d)(me)(was.v-d)(so.h)(interesting.g)',
      '(that.j-r)(I.p)(finished.v-d)(it)(.)]',
      '[[0 14 0 (Xp)][2 7 0 (Ss*s)][1 2 0 (Ds**c)][5 6 0 (Ox)]',
      '[12 13 1 (Osm)]]',
      '[0]',
    ]);
    expect(parse.words).toHaveLength(15);
    expect(parse.words.slice(9, 12)).toEqual(['interesting', 'that', 'I']);
    expect(parse.links).toContainEqual({ left: 12, right: 13, label: 'Osm' });
    expect(parse.links).toHaveLength(5);
  });

  it('answers the best linkage of a long sentence, with all its words', async () => {
    parser = createLinkGrammar();
    const parse = await parser.parse('The book that you lent me was so interesting that I finished it in one night.');
    expect(parse.words).toHaveLength(18);
    // The best linkage has "book" as the subject of "was"; a sampled one may leave it unlinked.
    expect(parse.links).toContainEqual({ left: 2, right: 7, label: 'Ss*s' });
  });

  it('keeps word positions when a linkage has no LEFT-WALL, and strips spelling-guess subscripts', () => {
    const parse = parseOutput(["[S [NP Mary 's dog NP] S]", '', "[(Mary.b)('s.#us)(dog.n)]", '[[0 1 0 (YS)][1 2 0 (D)]]', '[0]']);
    expect(parse.words).toEqual(['LEFT-WALL', 'Mary', "'s", 'dog']);
    expect(parse.subscripts).toEqual(['', 'b', '#us', 'n']);
    expect(parse.links).toEqual([
      { left: 1, right: 2, label: 'YS' },
      { left: 2, right: 3, label: 'D' },
    ]);
  });
});
