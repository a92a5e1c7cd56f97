/** Shared pieces of the benchmarks in bench/ (never part of the tests). */
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from '../tests/support/ports';

/** The embedded upstream in a child process over a throwaway database. */
export async function startEmbeddedUpstream(env: Record<string, string> = {}): Promise<{ url: string; stop: () => void }> {
  const port = await freePort();
  const dir = mkdtempSync(join(tmpdir(), 'yujing-bench-'));
  const child = spawn(process.execPath, ['--import', 'tsx', 'upstream/main.ts'], {
    env: {
      ...process.env,
      UPSTREAM_PORT: String(port),
      DATA_DIR: dir,
      DATABASE_PATH: join(dir, 'db.sqlite'),
      ENV_TYPE: 'test',
      ...env,
    },
    stdio: 'ignore',
  });
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 600; i++) {
    try {
      if ((await fetch(`${url}/health`)).ok) return { url, stop: () => child.kill('SIGTERM') };
    } catch {
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  child.kill('SIGKILL');
  throw new Error('embedded upstream did not start');
}

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
