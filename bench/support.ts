/** Shared pieces of the benchmarks in bench/ (never part of the tests). */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { startUpstreamProcess } from '../tests/support/upstream-process';
import type { ContextWeight, PosWeight } from '../upstream/dictionary/sense-choice';

/** The embedded upstream in a child process over a throwaway database (tests/support). */
export const startEmbeddedUpstream = startUpstreamProcess;

/** The p-th percentile of a list of numbers. */
export const pct = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
};

export const ms = (n: number) => `${n.toFixed(2)} ms`;

/** Collects report lines, prints them, and writes them to bench/results/<name>-<time>.md. */
export function reporter(name: string) {
  const lines: string[] = [];
  return {
    say(line = '') {
      console.log(line);
      lines.push(line);
    },
    save() {
      mkdirSync('bench/results', { recursive: true });
      const file = `bench/results/${name}-${Date.now()}.md`;
      writeFileSync(file, `${lines.join('\n')}\n`);
      console.log(`\nwritten to ${file}`);
    },
  };
}

// Words in sentences of every kind the engine meets: polysemous nouns and verbs, inflected
// forms, phrases, function words, an unknown word.
export const lookups: [string, string][] = [
  ['We sat on the bank of the river and watched the boats.', 'bank'],
  ['She deposited her salary at the bank on Friday.', 'bank'],
  ['He runs a small company in the north of the city.', 'runs'],
  ['I ran to the station to catch the last train.', 'ran'],
  ['The leaves fell from the tree in the cold wind.', 'leaves'],
  ['She leaves for work at seven every morning.', 'leaves'],
  ['I saw a saw on the table in the garage.', 'saw'],
  ['Your plan is better than mine in every way.', 'better'],
  ['The plane took off an hour late because of the fog.', 'took'],
  ['I look forward to hearing from you soon.', 'forward'],
  ['In spite of the rain, the match went ahead.', 'spite'],
  ['The committee will table the proposal next week.', 'table'],
  ['Light travels faster than sound.', 'light'],
  ['The results of the experiment were remarkably consistent.', 'consistent'],
  ['She put the book on the shelf by the window.', 'on'],
  ['The zqxvort sat quietly in the corner.', 'zqxvort'],
  ['Economic growth depends on investment in education.', 'investment'],
  ['He could not bear the thought of leaving home.', 'bear'],
  ['The company plans to launch a new product this spring.', 'spring'],
  ['They watched the match on a big screen in the square.', 'match'],
];

/** query_word bodies of `lookups`, as the dictionary screen sends them. */
export const lookupBodies = lookups.map(([sentence, word]) => {
  const at = sentence.indexOf(word);
  return JSON.stringify({
    pre_context: sentence.slice(0, at),
    post_context: sentence.slice(at + word.length),
    target_word: word,
    from: 'bench',
  });
});

/** A hand-made data file of one JSON object per line, each checked against its schema. */
export function readJsonl<T>(path: string, schema: { parse(value: unknown): T }): T[] {
  return readFileSync(path, 'utf8')
    .split('\n')
    .filter((line) => line.trim())
    .map((line) => schema.parse(JSON.parse(line)));
}

/**
 * A context weight for the sense choice as a bench's command line gives it: "0.45", or one per
 * part of speech, "n:0.45/v:0.2/a:0.6/r:0.45" (a part of speech left out keeps the product's);
 * "0.2~0.45@0.15" is 0.2, and 0.45 where the model's best sense is under 15% likely.
 */
export function parseContextWeight(text: string): ContextWeight {
  const one = (w: string): PosWeight => {
    const m = /^([\d.]+)~([\d.]+)@([\d.]+)$/.exec(w);
    return m ? [Number(m[1]), Number(m[2]), Number(m[3])] : Number(w);
  };
  if (!text.includes(':')) return one(text);
  return Object.fromEntries(
    text.split('/').map((part) => {
      const [pos, weight] = part.split(':');
      return [pos, one(weight)];
    }),
  );
}
