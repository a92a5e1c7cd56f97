import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import nspell from 'nspell';

/*
 * The writer's spelling: nspell (a Hunspell-compatible checker) with the `dictionary-en` word list
 * (SCOWL, US English). The dictionary package exports its files through a top-level await, which
 * a bundled server cannot always import, so its two files are read from where the package lies.
 * Loaded once per process, on first use (about 0.4 s).
 */

export interface SpellChecker {
  correct(word: string): boolean;
  suggest(word: string): string[];
}

let shared: SpellChecker | undefined;

export function englishSpelling(): SpellChecker {
  if (shared) return shared;
  const require = createRequire(import.meta.url);
  const dir = path.dirname(require.resolve('dictionary-en'));
  const checker = nspell(fs.readFileSync(path.join(dir, 'index.aff')), fs.readFileSync(path.join(dir, 'index.dic')));
  const suggestions = new Map<string, string[]>();
  shared = {
    correct: (word) => checker.correct(word),
    // Suggesting is slow (tens of ms for a long word): a misspelling seen once is remembered.
    suggest(word) {
      let known = suggestions.get(word);
      if (!known) {
        known = checker.suggest(word);
        if (suggestions.size > 5_000) suggestions.clear();
        suggestions.set(word, known);
      }
      return known;
    },
  };
  return shared;
}
