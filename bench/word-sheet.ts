/**
 * A printable word list (/pdf, export_pdf): how long 500 words take to become a PDF and how big
 * the file is. Run with `npm run bench:pdf`; never part of the tests.
 *
 * The words are ECDICT's 500 most frequent CET-4 words, each as the 生词本 prints it: the
 * dictionary's headword card (UK and US IPA, Chinese per part of speech) and, for every other
 * word, an example sentence with its Chinese. Measured apart: reading the cards (the data side of
 * the call) and rendering (the first render in a process also reads the fonts, ~17 MB), then the
 * median of further renders, with the file's size and pages.
 *
 * Environment: BENCH_WORDS (default 500), BENCH_RUNS (default 5).
 */
import Database from 'better-sqlite3';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { renderWordSheet, type WordSheetEntry } from '../upstream/word-lists/word-sheet-pdf';
import { defaultEcdictPath } from '../upstream/dictionary/ecdict';
import { sharedDictionaryEngine } from '../upstream/dictionary/module';

const count = Number(process.env.BENCH_WORDS ?? 500);
const runs = Number(process.env.BENCH_RUNS ?? 5);

const ecdict = new Database(defaultEcdictPath(), { readonly: true, fileMustExist: true });
const words = ecdict
  .prepare<[number], { word: string }>(
    "SELECT word FROM stardict WHERE (' ' || tag || ' ') LIKE '% cet4 %' AND frq > 0 AND word NOT LIKE '% %' ORDER BY frq LIMIT ?",
  )
  .all(count)
  .map((r) => r.word);
ecdict.close();

const engine = sharedDictionaryEngine();
engine.headword('warm-up');
let started = performance.now();
const entries: WordSheetEntry[] = words.map((word, i) => {
  const card = engine.headword(word);
  return {
    word,
    uk: card?.uk,
    us: card?.us,
    senses: card?.senses ?? [],
    example:
      i % 2
        ? { en: `She wrote the word “${word}” in her notebook twice.`, zh: `她在笔记本上把“${word}”这个词写了两遍。` }
        : undefined,
  };
});
const cardsMs = performance.now() - started;

const sheet = { title: '生词本', subtitle: `共 ${entries.length} 个单词 · 语境 Yujing`, entries };
started = performance.now();
const first = await renderWordSheet(sheet);
const firstMs = performance.now() - started;
const times: number[] = [];
const cpu: number[] = [];
let pdf = first;
for (let i = 0; i < runs; i++) {
  started = performance.now();
  const cpuBefore = process.cpuUsage();
  pdf = await renderWordSheet(sheet);
  times.push(performance.now() - started);
  const used = process.cpuUsage(cpuBefore);
  cpu.push((used.user + used.system) / 1000);
}
times.sort((a, b) => a - b);
cpu.sort((a, b) => a - b);

const dir = mkdtempSync(join(tmpdir(), 'yujing-bench-pdf-'));
let pages = 'unknown (pdfinfo missing)';
try {
  writeFileSync(join(dir, 'sheet.pdf'), pdf);
  pages = /^Pages:\s+(\d+)/m.exec(execFileSync('pdfinfo', [join(dir, 'sheet.pdf')], { encoding: 'utf8' }))?.[1] ?? pages;
} catch {
  // Without poppler the page count is not known; the rest is.
} finally {
  rmSync(dir, { recursive: true, force: true });
}

console.log(`words: ${entries.length}`);
console.log(`headword cards: ${cardsMs.toFixed(0)} ms`);
console.log(`first render (reads the fonts): ${firstMs.toFixed(0)} ms`);
console.log(
  `render, median of ${runs}: ${times[Math.floor(times.length / 2)].toFixed(0)} ms (min ${times[0].toFixed(0)}, max ${times.at(-1)?.toFixed(0)})`,
);
// On a shared machine the wall time includes waiting for a core; the CPU time does not.
console.log(
  `render CPU time, median: ${cpu[Math.floor(cpu.length / 2)].toFixed(0)} ms (process; includes the garbage collector's threads)`,
);
console.log(`size: ${(pdf.byteLength / 1024).toFixed(0)} KB, ${pages} pages`);
