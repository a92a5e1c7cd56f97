import { spawnSync } from 'node:child_process';
import { type Parse, parseOutput, sentenceLine } from '../link-grammar';

/*
 * The parses the grammar tests read: Debian's link-parser, run once over all the test sentences,
 * its output read by link-grammar.ts's own parseOutput. It is not the long-lived worker, whose
 * output is wrong in two ways (reported to its owner): its end-of-sentence sentinel `!limit=1` also
 * sets the linkage limit to one, so link-parser samples a random linkage instead of printing its
 * best one (at times without its walls); and parseOutput reads only the first line of the words,
 * which link-parser wraps after about ten words. Here the sentinel keeps link-parser's default
 * limit and the wrapped words line is joined before parseOutput reads it.
 */
const SENTINEL = '!limit=1000';
const ANSWER = 'limit set to 1000';

export function parseAll(sentences: string[]): Map<string, Parse> {
  const input = sentences.map((s) => `${sentenceLine(s)}\n${SENTINEL}\n`).join('');
  const run = spawnSync('link-parser', ['en', '-graphics=0', '-constituents=2', '-postscript=1', '-verbosity=0'], {
    input: `${SENTINEL}\n${input}`,
    env: { ...process.env, LANG: 'C.UTF-8', LC_ALL: 'C.UTF-8' },
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  if (run.error) throw run.error;
  const blocks: string[][] = [[]];
  for (const line of run.stdout.split('\n')) {
    if (line.trim() === ANSWER) blocks.push([]);
    else blocks.at(-1)?.push(line);
  }
  // The first block is link-parser's greeting, before the first sentence.
  const parses = new Map<string, Parse>();
  for (const [i, sentence] of sentences.entries()) parses.set(sentence, parseOutput(joinWords(blocks[i + 1] ?? [])));
  return parses;
}

/** Joins the words line that link-parser wrapped: it runs from `[(` to the line ending in `)]`. */
function joinWords(lines: string[]): string[] {
  const out: string[] = [];
  let words: string | null = null;
  for (const line of lines) {
    if (words !== null) {
      words += line;
      if (/\)\]\s*$/.test(line)) {
        out.push(words);
        words = null;
      }
    } else if (line.startsWith('[(') && !/\)\]\s*$/.test(line)) words = line;
    else out.push(line);
  }
  return out;
}
