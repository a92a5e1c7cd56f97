import type { Synset } from './wordnet';

/*
 * WordNet's generic verb frames (wninput(5WN)): the sentence patterns each verb sense is used in,
 * numbered 1 to 35 in the data files. What follows the verb in a frame tells whether the sense
 * takes a direct object; the part-of-speech label (vt./vi., sense-gloss.ts) and the sense ranking
 * (rank.ts) both read it from this one table.
 */

/** What follows the verb in a frame. */
export type FrameComplement =
  /** Nothing, or only a prepositional phrase: "Somebody ----s on something". */
  | 'none'
  /** A noun phrase object, with or without more after it: "Somebody ----s somebody to INFINITIVE". */
  | 'object'
  /** An adjective or noun that describes the subject: "Something ----s Adjective/Noun". */
  | 'predicative'
  /** An infinitive or an -ing form: "Somebody ----s to INFINITIVE". */
  | 'verb'
  /** A that- or whether- clause: "Somebody ----s that CLAUSE". */
  | 'clause';

interface VerbFrame {
  /** The frame as WordNet writes it; ----s stands for the verb. */
  pattern: string;
  complement: FrameComplement;
}

export const verbFrames: Readonly<Record<number, VerbFrame>> = {
  1: { pattern: 'Something ----s', complement: 'none' },
  2: { pattern: 'Somebody ----s', complement: 'none' },
  3: { pattern: 'It is ----ing', complement: 'none' },
  4: { pattern: 'Something is ----ing PP', complement: 'none' },
  5: { pattern: 'Something ----s something Adjective/Noun', complement: 'object' },
  6: { pattern: 'Something ----s Adjective/Noun', complement: 'predicative' },
  7: { pattern: 'Somebody ----s Adjective', complement: 'predicative' },
  8: { pattern: 'Somebody ----s something', complement: 'object' },
  9: { pattern: 'Somebody ----s somebody', complement: 'object' },
  10: { pattern: 'Something ----s somebody', complement: 'object' },
  11: { pattern: 'Something ----s something', complement: 'object' },
  12: { pattern: 'Something ----s to somebody', complement: 'none' },
  13: { pattern: 'Somebody ----s on something', complement: 'none' },
  14: { pattern: 'Somebody ----s somebody something', complement: 'object' },
  15: { pattern: 'Somebody ----s something to somebody', complement: 'object' },
  16: { pattern: 'Somebody ----s something from somebody', complement: 'object' },
  17: { pattern: 'Somebody ----s somebody with something', complement: 'object' },
  18: { pattern: 'Somebody ----s somebody of something', complement: 'object' },
  19: { pattern: 'Somebody ----s something on somebody', complement: 'object' },
  20: { pattern: 'Somebody ----s somebody PP', complement: 'object' },
  21: { pattern: 'Somebody ----s something PP', complement: 'object' },
  22: { pattern: 'Somebody ----s PP', complement: 'none' },
  23: { pattern: "Somebody's (body part) ----s", complement: 'none' },
  24: { pattern: 'Somebody ----s somebody to INFINITIVE', complement: 'object' },
  25: { pattern: 'Somebody ----s somebody INFINITIVE', complement: 'object' },
  26: { pattern: 'Somebody ----s that CLAUSE', complement: 'clause' },
  27: { pattern: 'Somebody ----s to somebody', complement: 'none' },
  28: { pattern: 'Somebody ----s to INFINITIVE', complement: 'verb' },
  29: { pattern: 'Somebody ----s whether INFINITIVE', complement: 'clause' },
  30: { pattern: 'Somebody ----s somebody into V-ing something', complement: 'object' },
  31: { pattern: 'Somebody ----s something with something', complement: 'object' },
  32: { pattern: 'Somebody ----s INFINITIVE', complement: 'verb' },
  33: { pattern: 'Somebody ----s VERB-ing', complement: 'verb' },
  34: { pattern: 'It ----s that CLAUSE', complement: 'clause' },
  35: { pattern: 'Something ----s INFINITIVE', complement: 'verb' },
};

/**
 * What follows the verb in each frame of the sense for this word (a frame may belong to the whole
 * synset or to one of its words); empty when WordNet gives the word none.
 */
export function frameComplements(synset: Synset, lemma: string): FrameComplement[] {
  const word = synset.words.findIndex((w) => w.lemma === lemma.replace(/ /g, '_')) + 1;
  return synset.frames.filter((f) => f.word === 0 || f.word === word).flatMap((f) => verbFrames[f.frame]?.complement ?? []);
}

const labelOfType: Record<string, string> = { n: 'n.', v: 'v.', a: 'adj.', s: 'adj.', r: 'adv.' };

/**
 * The part-of-speech label a sense is shown with. A verb is vt. when its frames for this word take
 * an object and none stands alone, vi. the other way round, else v.: a predicative, a verb form or
 * a clause after the verb decides neither, as dictionaries disagree on whether "become", "want
 * to" or "say that" are transitive.
 */
export function senseLabel(synset: Synset, lemma: string): string {
  if (synset.pos !== 'v') return labelOfType[synset.type];
  const complements = frameComplements(synset, lemma);
  const transitive = complements.includes('object');
  const intransitive = complements.includes('none');
  if (transitive && !intransitive) return 'vt.';
  if (intransitive && !transitive) return 'vi.';
  return 'v.';
}
