import { readFileSync, readdirSync, existsSync } from 'node:fs';
import path from 'node:path';
import { readConllu } from './conllu';
import type { UdSentence } from './ud';

/*
 * UD English EWT (https://github.com/UniversalDependencies/UD_English-EWT, CC BY-SA 4.0) as the
 * training command reads it from a checkout: its dev and test files, and its train file, or,
 * where the checkout lacks that file (it is the one stored apart from the repository's history),
 * the train split rebuilt exactly: every annotated sentence of `not-to-release/sources/` whose
 * sent_id is in neither the dev nor the test file, in the order `not-to-release/file-lists/
 * files.train` gives the source files.
 */

export interface Treebank {
  train: UdSentence[];
  dev: UdSentence[];
  test: UdSentence[];
  /** 'file' when the checkout's train file was read, 'rebuilt' when it came from the sources. */
  trainFrom: 'file' | 'rebuilt';
}

const read = (file: string) => readConllu(readFileSync(file, 'utf8'));

/** A Git LFS pointer or an empty file stands where a file was not fetched. */
const isRealConllu = (file: string) => {
  if (!existsSync(file)) return false;
  const head = readFileSync(file, 'utf8').slice(0, 200);
  return head.includes('\t') && !head.startsWith('version https://git-lfs');
};

export function readTreebank(dir: string): Treebank {
  const dev = read(path.join(dir, 'en_ewt-ud-dev.conllu'));
  const test = read(path.join(dir, 'en_ewt-ud-test.conllu'));
  const trainFile = path.join(dir, 'en_ewt-ud-train.conllu');
  if (isRealConllu(trainFile)) return { train: read(trainFile), dev, test, trainFrom: 'file' };
  return { train: rebuildTrain(dir, dev, test), dev, test, trainFrom: 'rebuilt' };
}

function rebuildTrain(dir: string, dev: UdSentence[], test: UdSentence[]): UdSentence[] {
  const sources = path.join(dir, 'not-to-release', 'sources');
  const listed = readFileSync(path.join(dir, 'not-to-release', 'file-lists', 'files.train'), 'utf8')
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);
  // Every source file, the listed ones first in their order, then any the list leaves out.
  const all = readdirSync(sources, { recursive: true }) as string[];
  const rest = all.filter((file) => file.endsWith('.conllu') && !listed.includes(file)).sort();
  const held = new Set([...dev, ...test].map((s) => s.id));
  const seen = new Set<string>();
  const train: UdSentence[] = [];
  for (const file of [...listed, ...rest]) {
    for (const sentence of read(path.join(sources, file))) {
      if (!sentence.id || held.has(sentence.id) || seen.has(sentence.id)) continue;
      seen.add(sentence.id);
      train.push(sentence);
    }
  }
  return train;
}
