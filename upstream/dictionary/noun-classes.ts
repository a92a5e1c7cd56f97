import type { Lemmatizer } from './lemmas';
import { Lru, pointerGroups, type Synset, type WordNet } from './wordnet';

/**
 * What a noun is a kind of: its two commonest senses and their hypernyms, level by level (level 0
 * the senses themselves, then up to five levels of hypernyms). The ranker reads the classes of a
 * verb's subject and object ("coat" → garment, clothing); the expression judge asks whether a
 * noun is a place.
 */
export function createNounClasses(wordnet: WordNet, lemmatizer: Lemmatizer, levels = 5) {
  const cache = new Lru<string, Synset[][]>(5_000);
  return {
    levelsOf(noun: string): Synset[][] {
      const cached = cache.get(noun);
      if (cached) return cached;
      const lemma = lemmatizer.known(noun, 'n');
      const out: Synset[][] = [];
      if (lemma) {
        let frontier = wordnet
          .senses(lemma)
          .filter((s) => s.pos === 'n')
          .slice(0, 2)
          .map((s) => wordnet.synset('n', s.offset));
        for (let level = 0; level <= levels && frontier.length; level++) {
          out.push(frontier);
          frontier = frontier.flatMap((s) =>
            s.pointers.filter((p) => pointerGroups.hypernym.has(p.symbol)).map((p) => wordnet.synset(p.pos, p.offset)),
          );
        }
      }
      cache.set(noun, out);
      return out;
    },
  };
}

export type NounClasses = ReturnType<typeof createNounClasses>;
