import type { Db } from '../db/database';
import { sharedEcdictLexicon, type Lexicon } from '../reading/profile';
import { buildCatalogue, type Catalogue } from './books';
import { librarySignature, loadLibrary, sharedListedWords, type ListedWord } from './sources';

interface ShelfDeps {
  db: Db;
  log: (line: string) => void;
  /** Stand-ins for ECDICT (tests of the rules on small lists). */
  listedWords?: () => readonly ListedWord[];
  lexicon?: () => Lexicon;
}

/**
 * How long the books are served without asking whether the library changed: an import shows in
 * the books of every instance within this time. Asking costs about as much CPU as the rest of a
 * unit's answer, so it is not asked on every call.
 */
export const libraryCheckMs = 1_000;

/**
 * The course books, built at first use and kept in memory until the library changes: at most
 * once a `libraryCheckMs` a call asks for the library's signature (one small query), so an import
 * seen by any instance rebuilds the books soon after. Calls that arrive during a build wait for
 * that one build.
 */
export function createCourseShelf({ db, log, listedWords = sharedListedWords, lexicon = sharedEcdictLexicon }: ShelfDeps) {
  let current: { signature: string; catalogue: Catalogue; checkedAt: number } | undefined;
  let building: { signature: string; promise: Promise<Catalogue> } | undefined;

  async function build(signature: string): Promise<Catalogue> {
    const started = performance.now();
    const catalogue = buildCatalogue(listedWords(), await loadLibrary(db), lexicon());
    // A build overtaken by a newer one (the library changed again meanwhile) keeps no place.
    if (!building || building.signature === signature) current = { signature, catalogue, checkedAt: performance.now() };
    log(`courses: books built from the library in ${Math.round(performance.now() - started)} ms`);
    return catalogue;
  }

  return {
    async catalogue(): Promise<Catalogue> {
      if (current && performance.now() - current.checkedAt < libraryCheckMs) return current.catalogue;
      const signature = await librarySignature(db);
      if (current?.signature === signature) {
        current.checkedAt = performance.now();
        return current.catalogue;
      }
      if (building?.signature !== signature) {
        const promise = build(signature).finally(() => {
          if (building?.promise === promise) building = undefined;
        });
        building = { signature, promise };
      }
      return building.promise;
    },
  };
}

export type CourseShelf = ReturnType<typeof createCourseShelf>;
