import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import nspell from 'nspell';
import { releaseWhenIdle } from '../platform/idle-release';

/*
 * The writer's spelling: nspell (a Hunspell-compatible checker) with two SCOWL word lists, US
 * English (`dictionary-en`) and British English (`dictionary-en-gb`). Chinese schools teach both
 * spellings and exams accept either, so a word either list knows is right ("colour", "metres",
 * "apologised" as well as "color"); suggestions come from the US list first. The dictionary
 * packages export their files through a top-level await, which a bundled server cannot always
 * import, so their files are read from where the packages lie. Loaded once per process, on first
 * use (about 0.8 s).
 */

export interface SpellChecker {
  correct(word: string): boolean;
  suggest(word: string): string[];
}

let shared: SpellChecker | undefined;

function load(name: string) {
  const require = createRequire(import.meta.url);
  const dir = path.dirname(require.resolve(name));
  return nspell(fs.readFileSync(path.join(dir, 'index.aff')), fs.readFileSync(path.join(dir, 'index.dic')));
}

export function englishSpelling(): SpellChecker {
  if (shared) return shared;
  const checkers = [load('dictionary-en'), load('dictionary-en-gb')];
  const suggestions = new Map<string, string[]>();
  releaseWhenIdle(suggestions, (c) => c.clear());
  shared = {
    correct: (word) => checkers.some((checker) => checker.correct(word)),
    // Suggesting is slow (tens of ms for a long word): a misspelling seen once is remembered.
    suggest(word) {
      let known = suggestions.get(word);
      if (!known) {
        known = [...new Set(checkers.flatMap((checker) => checker.suggest(word)))];
        if (suggestions.size > 5_000) suggestions.clear();
        suggestions.set(word, known);
      }
      return known;
    },
  };
  return shared;
}
