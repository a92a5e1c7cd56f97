import { loadTreeParser, type TreeParser } from '../../language/pipeline';
import { approximateStructure } from '../fallback';
import { structureOfTree } from '../structure-ud';
import { handTree } from '../structure-test-support';
import { type Detector, factsOf } from './detectors';
import { readSentence, type Sentence } from './sentence';

/*
 * What the tests of the detector modules share: a sentence read the way the catalogue reads it,
 * through the trained tagger and parser (missing models fail the tests rather than skip them),
 * a tree written by hand, or the words alone; and the words a detector marks in it.
 */

let trees: TreeParser | null | undefined;

/** The sentence through the trained tagger and parser. */
export function parsed(text: string): Sentence {
  trees ??= loadTreeParser();
  if (!trees) throw new Error('the tagger and parser models are missing (upstream/language/models)');
  const tree = trees.parse(text);
  return readSentence({ ...structureOfTree(tree), sentence: text, tree });
}

/** The sentence from a tree written by hand (rows as handTree's, structure-test-support.ts). */
export function fromRows(text: string, rows: string[]): Sentence {
  const tree = handTree(text, rows);
  return readSentence({ ...structureOfTree(tree), sentence: text, tree });
}

/** The sentence from its words alone, as without the models. */
export function wordsOnly(text: string): Sentence {
  return readSentence({ ...approximateStructure(text), sentence: text, tree: null });
}

/** The words of each place detector `d` marks in `s` (the tree's words: clitics split off). */
export function marks(d: Detector, s: Sentence): string[] {
  return d(s, factsOf(s)).map(([a, b]) => s.words.slice(a, b).join(' '));
}
