/*
 * npm run train:parser -- --treebank DIR [--epochs-tagger 8] [--epochs-parser 15] [--folds 5] [--seed 1]
 *                          [--jackknife-cache FILE] [--parsers ltr,rtl] [--reuse-tagger]
 *
 * Trains the tagger and the dependency parser on UD English EWT's train split (read from a
 * checkout of https://github.com/UniversalDependencies/UD_English-EWT; see
 * upstream/language/treebank.ts for how the split is had) and writes them, Brotli-compressed, to
 * upstream/language/models/. The parser learns from tags the tagger gave (jackknifed: each fold of
 * the train split tagged by a tagger trained on the other folds), as it will meet them. Scores on
 * dev are printed; test is for bench:parser only.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { brotliCompressSync, constants } from 'node:zlib';
import { type Arc, Parser, parserTag, reversedSentence } from '../upstream/language/parser';
import { readModel } from '../upstream/language/pipeline';
import { Tagger } from '../upstream/language/tagger';
import { readTreebank } from '../upstream/language/treebank';
import type { UdSentence } from '../upstream/language/ud';

const { values } = parseArgs({
  options: {
    treebank: { type: 'string' },
    'epochs-tagger': { type: 'string', default: '8' },
    'epochs-parser': { type: 'string', default: '15' },
    seed: { type: 'string', default: '1' },
    folds: { type: 'string', default: '5' },
    out: { type: 'string', default: path.join('upstream', 'language', 'models') },
    // Where to keep the jackknifed train split between runs (it is most of the time, and does not
    // change when only the parser does): read when the file is there, written when it is not.
    'jackknife-cache': { type: 'string' },
    // Which parsers to train: left to right (parser.txt.br) and right to left, on the sentences
    // read from their end (parser-rtl.txt.br); the pipeline combines the two.
    parsers: { type: 'string', default: 'ltr,rtl' },
    // Read the tagger already in --out rather than train it again (when only a parser changes).
    'reuse-tagger': { type: 'boolean', default: false },
  },
});
if (!values.treebank) {
  console.error('usage: npm run train:parser -- --treebank PATH/TO/UD_English-EWT');
  process.exit(2);
}
const started = Date.now();
const log = (line: string) => console.log(`[${((Date.now() - started) / 1000).toFixed(0)} s] ${line}`);
const tagEpochs = Number(values['epochs-tagger']);
const parseEpochs = Number(values['epochs-parser']);
const folds = Number(values.folds);

const treebank = readTreebank(values.treebank);
log(
  `EWT: train ${treebank.train.length} sentences (${treebank.trainFrom}), dev ${treebank.dev.length}, test ${treebank.test.length}`,
);

const tagger = values['reuse-tagger']
  ? Tagger.parse(readModel(values.out, 'tagger'))
  : Tagger.train(treebank.train, {
      epochs: tagEpochs,
      progress: (e, a) => log(`tagger epoch ${e}: ${(a * 100).toFixed(2)}% on train`),
    });
log(
  `tagger on dev: UPOS ${percent(tagAccuracy(tagger, treebank.dev, 'upos'))}, XPOS ${percent(tagAccuracy(tagger, treebank.dev, 'xpos'))}`,
);

// Jackknifing: the parser's training text carries tags from a tagger that never saw it.
const cache = values['jackknife-cache'];
let jackknifed: UdSentence[];
if (cache && existsSync(cache)) {
  jackknifed = JSON.parse(readFileSync(cache, 'utf8')) as UdSentence[];
  log(`jackknifed tags read from ${cache}`);
} else {
  jackknifed = treebank.train.map((s) => ({ ...s, words: s.words.map((w) => ({ ...w })) }));
  for (let fold = 0; fold < folds; fold++) {
    const held = (i: number) => i % folds === fold;
    const foldTagger = Tagger.train(
      treebank.train.filter((_, i) => !held(i)),
      { epochs: tagEpochs },
    );
    jackknifed.forEach((s, i) => {
      if (!held(i)) return;
      const tags = foldTagger.tag(s.words.map((w) => w.form));
      s.words.forEach((w, k) => {
        w.xpos = tags[k].xpos;
        w.upos = tags[k].upos;
      });
    });
    log(`jackknife fold ${fold + 1}/${folds} tagged`);
  }
  if (cache) writeFileSync(cache, JSON.stringify(jackknifed));
}

// Dev, tagged by the tagger: the attachment score with punctuation left out chooses the epoch.
const devTagged = treebank.dev.map((s) => ({ gold: s, tags: tagger.tag(s.words.map((w) => w.form)).map(parserTag) }));
const devScore = (parse: (forms: string[], tags: string[]) => Arc[]) => {
  let heads = 0;
  let labelled = 0;
  let words = 0;
  for (const { gold, tags } of devTagged) {
    const arcs = parse(
      gold.words.map((w) => w.form),
      tags,
    );
    gold.words.forEach((w, k) => {
      if (w.upos === 'PUNCT') return;
      words++;
      if (arcs[k].head === w.head) {
        heads++;
        if (arcs[k].deprel === w.deprel) labelled++;
      }
    });
  }
  return { uas: heads / words, las: labelled / words };
};

const directions = new Set(values.parsers.split(','));
const parsers: [string, Parser][] = [];
for (const direction of ['ltr', 'rtl'] as const) {
  if (!directions.has(direction)) continue;
  const fromEnd = direction === 'rtl';
  const parseWith = (p: Parser) => (forms: string[], tags: string[]) =>
    fromEnd ? p.parseFromEnd(forms, tags) : p.parse(forms, tags);
  const parser = Parser.train(fromEnd ? jackknifed.map(reversedSentence) : jackknifed, {
    epochs: parseEpochs,
    seed: Number(values.seed),
    progress: (e, a) => log(`${direction} parser epoch ${e}: UAS ${(a * 100).toFixed(2)}% on train (exploring)`),
    evaluate: (p, e) => {
      const { uas, las } = devScore(parseWith(p));
      log(`  epoch ${e} on dev: UAS ${percent(uas)}, LAS ${percent(las)}`);
      return uas;
    },
  });
  const full = devScore(parseWith(parser));
  log(`${direction} parser on dev (predicted tags, punctuation excluded): UAS ${percent(full.uas)}, LAS ${percent(full.las)}`);
  parsers.push([fromEnd ? 'parser-rtl' : 'parser', parser]);
}

mkdirSync(values.out, { recursive: true });
const provenance = [
  '# Trained by `npm run train:parser` on the train split of UD English EWT v2.16',
  '# (https://github.com/UniversalDependencies/UD_English-EWT, commit 15d613d8447b3478787d4c278730a1e48a945efb),',
  '# by Natalia Silveira, Timothy Dozat, Marie-Catherine de Marneffe, Samuel Bowman, Miriam Connor,',
  '# John Bauer and Christopher D. Manning, and the UD English EWT contributors.',
  '# Licence: CC BY-SA 4.0 (https://creativecommons.org/licenses/by-sa/4.0/); this model is a',
  '# derived work under the same licence.',
].join('\n');
const models: [string, string][] = [
  ...(values['reuse-tagger'] ? [] : [['tagger', tagger.serialize()] as [string, string]]),
  // Features whose weights all stay under 1 are left out (half the features; dev UAS unchanged).
  ...parsers.map(([name, p]) => [name, p.serialize(3, 1)] as [string, string]),
];
for (const [name, text] of models) {
  const file = path.join(values.out, `${name}.txt.br`);
  const packed = brotliCompressSync(Buffer.from(`${provenance}\n${text}`), {
    params: { [constants.BROTLI_PARAM_QUALITY]: 9, [constants.BROTLI_PARAM_SIZE_HINT]: text.length },
  });
  writeFileSync(file, packed);
  log(`${file}: ${(packed.length / 1024 / 1024).toFixed(1)} MB (${(text.length / 1024 / 1024).toFixed(1)} MB as text)`);
}

function tagAccuracy(t: Tagger, sentences: UdSentence[], field: 'upos' | 'xpos') {
  let right = 0;
  let total = 0;
  for (const s of sentences) {
    const tags = t.tag(s.words.map((w) => w.form));
    s.words.forEach((w, k) => {
      total++;
      if (tags[k][field] === w[field]) right++;
    });
  }
  return right / Math.max(1, total);
}

function percent(x: number) {
  return `${(x * 100).toFixed(2)}%`;
}
