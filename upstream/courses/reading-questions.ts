import type { WordNet } from '../dictionary/wordnet';
import { Lru } from '../dictionary/wordnet';
import type { TreeParser } from '../language/pipeline';
import type { Catalogue, ReadingItem } from './books';
import { gapFillQuestions, gapMark, type GapFillWords, type WordClass } from './gap-fill';
import { addReviewCards, type PaperReviewDeps } from './paper-review';
import type { StoredQuestion } from './sources';

/*
 * The questions of a reading unit: a passage of an exam paper answers the paper's own questions
 * (books.ts, passageQuestions); a passage of any other text gets the 词汇填空 made from it
 * (gap-fill.ts), made again for each call that needs them — the content and the scoring — and
 * kept a while, as they never change for a passage.
 */

export type QuestionSource = 'paper' | 'gap_fill';

export interface ReadingQuestionsDeps {
  /** The trained tagger; null without its model files, and then no gap-fill is made. */
  sentenceTrees: Pick<TreeParser, 'tag'> | null;
  /** Resolves once the tagger's models are read (false without them). */
  treesReady: () => Promise<boolean>;
  /** WordNet, for the synonyms an option must not be (read on first use). */
  wordnet: () => Pick<WordNet, 'senses' | 'synset'>;
}

/** Passages whose gap-fill is kept (a few KB each). */
const keptPassages = 2_000;

export function createReadingQuestions({ sentenceTrees, treesReady, wordnet }: ReadingQuestionsDeps) {
  const kept = new WeakMap<Catalogue, Lru<string, StoredQuestion[]>>();
  const alike = wordNetAlike(wordnet);

  async function gapFillOf(catalogue: Catalogue, items: readonly ReadingItem[]): Promise<StoredQuestion[]> {
    if (!sentenceTrees || !(await treesReady())) return [];
    let lru = kept.get(catalogue);
    if (!lru) kept.set(catalogue, (lru = new Lru(keptPassages)));
    const key = `${items[0].id}:${items.length}`;
    const known = lru.get(key);
    if (known) return known;
    const words: GapFillWords = {
      tag: (sentence) => sentenceTrees.tag(sentence),
      lemmaOf: (form) => catalogue.lemmaOf(form),
      wordLevelOf: (lemma) => catalogue.wordLevelOf(lemma),
      listed: (lemma) => catalogue.listed(lemma),
      alike,
    };
    const made = gapFillQuestions(
      items.map((s) => s.text),
      catalogue.paperLevel(items[0].document_id),
      words,
    );
    lru.set(key, made);
    return made;
  }

  return {
    /** A reading unit's questions and where they come from; none for a paper's passage that answers none. */
    async of(
      catalogue: Catalogue,
      items: readonly ReadingItem[],
    ): Promise<{ source: QuestionSource; questions: StoredQuestion[] }> {
      const documentId = items[0]?.document_id;
      if (documentId === undefined) return { source: 'gap_fill', questions: [] };
      if (catalogue.documentRef(documentId).category === 'paper') {
        return { source: 'paper', questions: catalogue.passageQuestions(documentId, items) };
      }
      return { source: 'gap_fill', questions: await gapFillOf(catalogue, items) };
    },
  };
}

/**
 * Whether two lemmas would fit one gap alike, by WordNet: they share a synset (synonyms), one is
 * the other's antonym (large, small), or, for adjectives, similar.
 */
export function wordNetAlike(wordnet: () => Pick<WordNet, 'senses' | 'synset'>): GapFillWords['alike'] {
  // A lemma's synsets of a word class, and those its antonyms and (adjectives) similar words are in.
  const related = new Lru<string, { own: Set<number>; near: Set<number> }>(20_000);
  function relatedOf(lemma: string, cls: WordClass) {
    const key = `${cls}:${lemma}`;
    const known = related.get(key);
    if (known) return known;
    const net = wordnet();
    const own = new Set(
      net
        .senses(lemma)
        .filter((s) => s.pos === cls)
        .map((s) => s.offset),
    );
    const near = new Set<number>();
    for (const offset of own) {
      for (const p of net.synset(cls, offset).pointers) if (p.symbol === '!' || p.symbol === '&') near.add(p.offset);
    }
    const made = { own, near };
    related.set(key, made);
    return made;
  }
  return (a, b, cls) => {
    const x = relatedOf(a, cls);
    const y = relatedOf(b, cls);
    return [...y.own].some((o) => x.own.has(o) || x.near.has(o)) || [...x.own].some((o) => y.near.has(o));
  };
}

export type ReadingQuestions = ReturnType<typeof createReadingQuestions>;

/**
 * A gap-fill's misses become review cards, as a lesson's misses do: the word the author wrote, in
 * its sentence, with the dictionary's sense of it there. Answers how many cards were made now.
 */
export function reviewGapMisses(
  deps: PaperReviewDeps,
  catalogue: Catalogue,
  userId: number,
  wrong: readonly StoredQuestion[],
): Promise<number> {
  const candidates = wrong.flatMap((q) => {
    const word = q.options.find((o) => o.key === q.answer)?.text;
    const at = q.stem.indexOf(gapMark);
    return word && at >= 0 ? [{ word, lemma: catalogue.lemmaOf(word), sentence: q.evidence, at }] : [];
  });
  return addReviewCards(deps, userId, candidates, { origin: 'lesson', from: 'gap-fill' });
}
