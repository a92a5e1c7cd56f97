/*
 * npm run train:senses -- --semcor DIR [--out DIR] [--epochs 4] [--rate 0.3] [--l2 1e-5]
 *                         [--temperature 2] [--prune 0.2] [--cache FILE]
 *
 * Trains the sense model (upstream/language/senses.ts) on all of SemCor 3.0, read from a checkout
 * of https://github.com/letuananh/pysemcor (DIR is its `data/3rada`), every sentence tagged and
 * parsed by the trained tagger and parser first; WordNet 3.0 keys are kept where WordNet 3.1 has
 * them. Writes `senses.txt.br` to --out with its provenance and SemCor's licence notice in its
 * first lines. The settings and the temperature are the ones `npm run bench:sense-semcor -- --model`
 * chose by cross-validation; it is also where the model is scored.
 */
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { brotliCompressSync, constants } from 'node:zlib';
import { openWordNet } from '../upstream/dictionary/wordnet';
import { loadTreeParser } from '../upstream/language/pipeline';
import {
  keyMapper,
  readSemcor,
  readSemcorCases,
  semcorCases,
  semcorProvenance,
  writeSemcorCases,
} from '../upstream/language/semcor';
import { SenseModel, TEMPERATURE } from '../upstream/language/senses';

const { values } = parseArgs({
  options: {
    semcor: { type: 'string' },
    out: { type: 'string', default: path.join('upstream', 'language', 'models') },
    epochs: { type: 'string', default: '4' },
    rate: { type: 'string', default: '0.3' },
    l2: { type: 'string', default: '0.00001' },
    // Averaged SGD (senses.ts TrainOptions.average): measured on the folds, not the product's (bench/README.md).
    average: { type: 'boolean', default: false },
    temperature: { type: 'string', default: String(TEMPERATURE) },
    prune: { type: 'string', default: '0.2' },
    // The tagged and parsed corpus, kept between runs (as bench:sense-semcor's --cache, one fold).
    cache: { type: 'string' },
  },
});
if (!values.semcor) {
  console.error('usage: npm run train:senses -- --semcor PATH/TO/pysemcor/data/3rada');
  process.exit(2);
}
const started = Date.now();
const log = (line: string) => console.log(`[${((Date.now() - started) / 1000).toFixed(0)} s] ${line}`);

const wordnet = openWordNet();
const { map: mapKeys } = keyMapper((lemma) => wordnet.senses(lemma).map((s) => s.key));
// A cache of bench:sense-semcor (in folds) serves as well: all its folds together.
let cases = values.cache && existsSync(values.cache) ? readSemcorCases(values.cache).flat() : undefined;
if (!cases) {
  const trees = loadTreeParser();
  if (!trees) throw new Error('the tagger and parser models are missing (upstream/language/models)');
  const documents = readSemcor(values.semcor);
  log(`SemCor: ${documents.length} documents; tagging and parsing`);
  cases = documents.flatMap((d) => semcorCases(d, trees, mapKeys));
  if (values.cache) writeSemcorCases(values.cache, [cases]);
}
log(`${cases.length} sense-tagged words`);
const model = SenseModel.train(cases, {
  epochs: Number(values.epochs),
  rate: Number(values.rate),
  l2: Number(values.l2),
  average: values.average,
});
model.temperature = Number(values.temperature);
log(`trained: ${model.inventory.size} lemmas and parts of speech`);

const provenance = [
  `# Trained by npm run train:senses (${values.epochs} epochs, rate ${values.rate}, L2 ${values.l2}, temperature ${values.temperature}, weights under ${values.prune} left out)`,
  '# on SemCor 3.0 (WordNet 3.0 keys kept where WordNet 3.1 has them).',
  ...semcorProvenance(values.semcor),
];
const text = `${provenance.join('\n')}\n${model.serialize(3, Number(values.prune))}`;
const packed = brotliCompressSync(Buffer.from(text), { params: { [constants.BROTLI_PARAM_QUALITY]: 9 } });
mkdirSync(values.out, { recursive: true });
const file = path.join(values.out, 'senses.txt.br');
writeFileSync(file, packed);
log(`wrote ${file}: ${(packed.length / 1e6).toFixed(1)} MB (${(text.length / 1e6).toFixed(1)} MB of text)`);
