/*
 * A sentence as Universal Dependencies annotates it: the shape the trained tagger and parser
 * answer (upstream/language), the treebank they learn from (CoNLL-U, conllu.ts), and what the
 * analysis, the dictionary, passage parsing and the writer read.
 */

/** One syntactic word. `head` is the 1-based index of its head word, 0 for the root. */
export interface UdWord {
  form: string;
  lemma: string;
  /** Universal part of speech (NOUN, VERB, AUX, PROPN, …). */
  upos: string;
  /** The treebank's own tag (Penn Treebank for English: NN, VBD, …); '' where unknown. */
  xpos: string;
  /** Morphological features (Number=Sing, Tense=Past, VerbForm=Inf, …). */
  feats: Record<string, string>;
  head: number;
  /** The relation to the head, with its subtype (nsubj, nsubj:pass, obl:tmod, …). */
  deprel: string;
  /** No space follows it in the text (CoNLL-U's SpaceAfter=No). */
  noSpaceAfter?: boolean;
  /** Where it is in the sentence's text, in UTF-16 code units, when it came from the tokenizer. */
  start?: number;
  end?: number;
}

export interface UdSentence {
  /** The treebank's sent_id, when it came from one. */
  id?: string;
  text: string;
  words: UdWord[];
}

/** The relation without its subtype: nsubj:pass → nsubj. */
export const baseRelation = (deprel: string) => deprel.split(':')[0];
