import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { TreeParser } from './pipeline';
import type { LabelledCase } from './senses';
import type { UdWord } from './ud';

/*
 * SemCor 3.0 (the Brown corpus with WordNet senses; Princeton's WordNet licence, whose notice goes
 * with every copy: see the README) as the sense model's training command and bench read it from a
 * checkout of the public repository letuananh/pysemcor, folder `data/3rada/`: `brown1` and
 * `brown2` tag every content word, `brownv` only the verbs. Each tag file is one Brown document
 * in SGML-like lines, one word a line:
 *
 *   <wf cmd=done pos=NN lemma=investigation wnsn=1 lexsn=1:09:00::>investigation</wf>
 *   <punc>.</punc>
 *
 * A tagged word's WordNet 3.0 sense key is `lemma%lexsn`; a word the annotators gave two senses
 * carries both, separated by ";". Words of a multiword lemma are joined by "_" (took_place).
 */

export type SemcorPart = 'brown1' | 'brown2' | 'brownv';

/** Provenance lines for a model learnt from SemCor: where it came from and its licence's notice, whole. */
export function semcorProvenance(dir: string): string[] {
  const licence = readFileSync(path.join(dir, 'LICENSE'), 'utf8')
    .split('\n')
    .map((line) => `# ${line}`.trimEnd());
  return [
    '# SemCor 3.0 from letuananh/pysemcor (https://github.com/letuananh/pysemcor, data/3rada, commit cd620fc).',
    "# SemCor is Princeton University's, under the WordNet licence, whose notice follows:",
    ...licence,
  ];
}

export interface SemcorWord {
  /** The text as the corpus has it; the words of a multiword expression joined by "_". */
  form: string;
  /** The Penn Treebank tag (NN, VB, JJ, RB, …); punctuation has none. */
  pos?: string;
  /** WordNet's lemma, where the word is sense-tagged. */
  lemma?: string;
  /** Its WordNet 3.0 sense keys (usually one), where the word is sense-tagged. */
  keys?: string[];
  /** A proper name, tagged by its class (person, group, location): "Fulton_County_Grand_Jury". */
  name?: boolean;
}

export interface SemcorSentence {
  words: SemcorWord[];
}

export interface SemcorDocument {
  /** `<part>/<file>`, e.g. `brown1/br-a01`. */
  id: string;
  part: SemcorPart;
  sentences: SemcorSentence[];
}

const PARTS: SemcorPart[] = ['brown1', 'brown2', 'brownv'];

/** Every document of the parts named, in file order (brown1, brown2, then brownv). */
export function readSemcor(dir: string, parts: readonly SemcorPart[] = PARTS): SemcorDocument[] {
  const out: SemcorDocument[] = [];
  for (const part of parts) {
    const folder = path.join(dir, part, 'tagfiles');
    for (const file of readdirSync(folder).sort()) {
      out.push(parseTagfile(readFileSync(path.join(folder, file), 'latin1'), `${part}/${file}`, part));
    }
  }
  return out;
}

const WORD = /^<wf ([^>]*)>(.*)<\/wf>$/;
const PUNCTUATION = /^<punc>(.*)<\/punc>$/;
const ATTRIBUTE = /(\w+)=([^\s>]+)/g;

/** One tag file's sentences. Lines it does not know (paragraph marks, headers) are passed over. */
export function parseTagfile(text: string, id: string, part: SemcorPart): SemcorDocument {
  const sentences: SemcorSentence[] = [];
  let words: SemcorWord[] | null = null;
  for (const raw of text.split('\n')) {
    const line = raw.trim();
    if (line.startsWith('<s ')) words = [];
    else if (line === '</s>') {
      if (words?.length) sentences.push({ words });
      words = null;
    } else if (words) {
      const punctuation = PUNCTUATION.exec(line);
      if (punctuation) {
        words.push({ form: decodeEntities(punctuation[1]) });
        continue;
      }
      const word = WORD.exec(line);
      if (word) words.push(wordOf(word[1], decodeEntities(word[2])));
    }
  }
  return { id, part, sentences };
}

function wordOf(attributes: string, form: string): SemcorWord {
  const a: Record<string, string> = {};
  for (const [, name, value] of attributes.matchAll(ATTRIBUTE)) a[name] = value;
  const word: SemcorWord = { form, ...(a.pos ? { pos: a.pos } : {}) };
  // `ot` (notag, idiom, metaphor, …) marks a word left without a sense on purpose.
  if (a.cmd !== 'done' || !a.lemma || !a.lexsn || a.ot) return word;
  const keys = a.lexsn
    .split(';')
    .filter(Boolean)
    .map((lexsn) => `${a.lemma.toLowerCase()}%${lexsn}`);
  return keys.length ? { ...word, lemma: a.lemma.toLowerCase(), keys, ...(a.pn ? { name: true } : {}) } : word;
}

const ENTITIES: Record<string, string> = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"' };
const decodeEntities = (text: string) => text.replace(/&(?:amp|lt|gt|quot);/g, (e) => ENTITIES[e]);

/** How many WordNet 3.0 keys a mapper met, how many the product's WordNet has, and the rest by key. */
export interface KeyCounts {
  keys: number;
  mapped: number;
  unmapped: Map<string, number>;
}

/**
 * SemCor's WordNet 3.0 sense keys as the product's WordNet 3.1 has them: WordNet 3.1 kept most
 * keys as they were, so a key is kept where the lemma has it in 3.1 and dropped (and counted)
 * where it does not. `keysOf` gives a lemma's 3.1 keys.
 */
export function keyMapper(keysOf: (lemma: string) => readonly string[]) {
  const counts: KeyCounts = { keys: 0, mapped: 0, unmapped: new Map() };
  const map = (keys: readonly string[], lemma: string): string[] => {
    const known = new Set(keysOf(lemma));
    return keys.filter((key) => {
      counts.keys++;
      if (known.has(key)) {
        counts.mapped++;
        return true;
      }
      counts.unmapped.set(key, (counts.unmapped.get(key) ?? 0) + 1);
      return false;
    });
  };
  return { map, counts };
}

/** WordNet's part of speech of a sense key: its synset type, the digit after "%" (1 n, 2 v, 3 a, 4 r, 5 s). */
export function keyPos(key: string): 'n' | 'v' | 'a' | 'r' {
  const type = key[key.indexOf('%') + 1];
  return type === '1' ? 'n' : type === '2' ? 'v' : type === '4' ? 'r' : 'a';
}

/**
 * The documents in `folds` groups for cross-validation, whole documents to a fold (a sense seen
 * in one paragraph of a text is not evidence for the next), dealt in turn in file order, so each
 * fold has documents of every part and genre.
 */
export function documentFolds<T>(documents: readonly T[], folds: number): T[][] {
  const out: T[][] = Array.from({ length: folds }, () => []);
  for (const [k, d] of documents.entries()) out[k % folds].push(d);
  return out;
}

/**
 * A sentence as a reader sees it: its words joined by single spaces, a multiword lemma's words
 * apart (took_place → took place); `spans` are each SemCor word's [start, end) in the text.
 */
export function sentenceText(words: readonly SemcorWord[]): { text: string; spans: [number, number][] } {
  let text = '';
  const spans: [number, number][] = [];
  for (const w of words) {
    if (text) text += ' ';
    const form = w.form.replace(/_/g, ' ');
    spans.push([text.length, text.length + form.length]);
    text += form;
  }
  return { text, spans };
}

/** A SemCor word as a case for the sense model, with its document (for the folds). */
export interface SemcorCase extends LabelledCase {
  document: string;
}

/**
 * The sense-tagged words of a document as cases: each sentence (its words joined by spaces, a
 * multiword lemma's words apart) tagged and parsed by the trained models, as the product will read
 * a learner's sentence, and each tagged word found among the parser's words by its place in the
 * text (a multiword expression by the word that heads it). `mapKeys` turns WordNet 3.0 keys into
 * the product's; a word none of whose keys map is left out.
 */
export function semcorCases(
  document: SemcorDocument,
  trees: TreeParser,
  mapKeys: (keys: readonly string[], lemma: string) => string[],
): SemcorCase[] {
  const out: SemcorCase[] = [];
  for (const { words } of document.sentences) {
    if (!words.some((w) => w.keys)) continue;
    const { text, spans } = sentenceText(words);
    const parsed = trees.parse(text).words;
    for (const [k, w] of words.entries()) {
      if (!w.lemma || !w.keys) continue;
      const gold = mapKeys(w.keys, w.lemma);
      if (gold.length === 0) continue;
      const [start, end] = spans[k];
      const inside = parsed.flatMap((p, i) => ((p.start ?? -1) >= start && (p.end ?? -1) <= end ? [i] : []));
      if (inside.length === 0) continue;
      const target = inside.find((i) => !inside.includes(parsed[i].head - 1)) ?? inside[0];
      out.push({ document: document.id, lemma: w.lemma, pos: keyPos(gold[0]), words: parsed, target, gold });
    }
  }
  return out;
}

type WordRow = [string, string, string, string, number, string];
type CaseRow = [number, string, number, number, string, string, string[]];

/**
 * Cases per fold written to a file and read back (the tagging and parsing of the corpus is most
 * of a run): each sentence's words once, then the cases pointing at them.
 */
export function writeSemcorCases(file: string, cases: SemcorCase[][]) {
  const sentences = new Map<readonly UdWord[], number>();
  const rows: CaseRow[] = [];
  for (const [fold, list] of cases.entries()) {
    for (const c of list) {
      if (!sentences.has(c.words)) sentences.set(c.words, sentences.size);
      rows.push([fold, c.document, sentences.get(c.words) as number, c.target, c.lemma, c.pos, [...c.gold]]);
    }
  }
  const words = [...sentences.keys()].map((ws) => ws.map((w): WordRow => [w.form, w.lemma, w.upos, w.xpos, w.head, w.deprel]));
  writeFileSync(file, JSON.stringify({ words, rows }));
}

export function readSemcorCases(file: string): SemcorCase[][] {
  const { words, rows } = JSON.parse(readFileSync(file, 'utf8')) as { words: WordRow[][]; rows: CaseRow[] };
  const sentences = words.map((ws) =>
    ws.map(([form, lemma, upos, xpos, head, deprel]): UdWord => ({ form, lemma, upos, xpos, head, deprel, feats: {} })),
  );
  const folds = rows.reduce((most, [fold]) => Math.max(most, fold + 1), 0);
  const out: SemcorCase[][] = Array.from({ length: folds }, () => []);
  for (const [fold, document, sentence, target, lemma, pos, gold] of rows)
    out[fold].push({ document, words: sentences[sentence], target, lemma, pos, gold });
  return out;
}
