import type { PassagePhrase, PassageSentence, PassageToken } from '../../lib/contract';
import { sentenceRanges } from '../../lib/text/sentences';
import { wordLevel } from '../reading/profile';
import { parseTranslation } from '../dictionary/ecdict-text';
import type { LexicalData } from '../dictionary/engine';
import { labelOfTag, tag as winkTag, type Token, wnPosOfTag } from '../dictionary/tagger';
import type { TreeParser } from '../language/pipeline';
import { examTags } from '../../lib/contract/exams';

/*
 * Passage parsing (parse_text): a whole passage at once. The sentences are the shared splitter's,
 * so that a sentence here is the one the reading screens and speech segments use; each sentence is
 * tagged once by the trained tagger (wink when its models cannot be read), each word's lemma chosen among the dictionary's
 * candidates for that part of speech, and its exam tags, frequency band and word level read from
 * ECDICT by the library's rule (content/profile.ts). Pure over the read-only word data: the
 * learner's marks and the membership check are the call's.
 */

export interface PassageOptions {
  /** Recognise the expressions in it (members only). */
  phrases: boolean;
}

/** What parse_text answers, before the learner's marks and the withheld note are added. */
export interface PassageAnalysis {
  sentences: PassageSentence[];
  word_count: number;
  phrases: PassagePhrase[];
}

const CLOSED_CLASSES = new Set(['AUX', 'PRON', 'DET', 'PART', 'CCONJ', 'SCONJ', 'ADP']);

/** A sentence's tokens from the trained tagger, in the shape the dictionary's wink tagger gives. */
export function treeTokens(trees: TreeParser, text: string): Token[] {
  return trees.tag(text).map((w) => ({
    text: w.form,
    lower: w.form.toLowerCase(),
    pos: w.upos,
    lemma: w.lemma.toLowerCase(),
    start: w.start ?? 0,
    end: w.end ?? 0,
    isWord: w.upos !== 'PUNCT' && w.upos !== 'SYM' && /[\p{L}\p{N}]/u.test(w.form),
  }));
}

export function createPassageReader(open: () => LexicalData, trees: TreeParser | null = null) {
  const tag = (text: string) => {
    if (!trees) return winkTag(text);
    try {
      return treeTokens(trees, text);
    } catch {
      // The models could not be read: wink tags instead, as without them.
      return winkTag(text);
    }
  };
  /** The lemma of a word in context, once per form and tag in a passage. */
  function lemmaOf(token: Token, data: LexicalData, memo: Map<string, string>): string {
    const key = `${token.lower}\u0000${token.pos}`;
    const known = memo.get(key);
    if (known) return known;
    const lemma = lemmaInContext(data, token.lower, token.pos, token.lemma);
    memo.set(key, lemma);
    return lemma;
  }

  function wordFacts(lemma: string, data: LexicalData): Pick<PassageToken, 'exams' | 'band' | 'level'> {
    const entry = data.ecdict.get(lemma);
    if (!entry) return { exams: [] };
    const entryTags = new Set(entry.tag.split(/\s+/));
    const tags: string[] = examTags.map((e) => e.tag).filter((tag) => entryTags.has(tag));
    const rank = entry.frq || entry.bnc || 0;
    // A capitalised headword without exam tags is a name or an acronym ("Alice"), as the library reads it.
    if (entry.word !== entry.word.toLowerCase() && entry.word !== 'I' && tags.length === 0) return { exams: [] };
    const level = wordLevel({ tags, rank });
    return {
      exams: tags,
      ...(rank > 0 ? { band: wordLevel({ tags: [], rank }) } : {}),
      ...(tags.length > 0 || rank > 0 ? { level } : {}),
    };
  }

  function read(text: string, options: PassageOptions): PassageAnalysis {
    const data = open();
    const ranges = sentenceRanges(text);
    const memo = new Map<string, string>();
    const sentences: PassageSentence[] = [];
    const phrases: PassagePhrase[] = [];
    let wordCount = 0;

    // One tagging per sentence: the tagger's context is the sentence, and offsets come back per sentence.
    const tagged = ranges.map((range) => ({ range, tokens: tag(text.slice(range.start, range.end)) }));
    data.ecdict.prefetch(new Set(tagged.flatMap(({ tokens }) => tokens.filter((t) => t.isWord).map((t) => t.lower))));
    const lemmas = tagged.map(({ tokens }) => tokens.map((t) => (t.isWord ? lemmaOf(t, data, memo) : undefined)));
    data.ecdict.prefetch(new Set(lemmas.flat().filter((l): l is string => l !== undefined)));

    for (const [s, { range, tokens }] of tagged.entries()) {
      const out: PassageToken[] = tokens.map((t, i) => {
        const start = range.start + t.start;
        const end = range.start + t.end;
        if (!t.isWord) return { text: t.text, start, end, is_word: false, pos: t.pos };
        wordCount++;
        const lemma = lemmas[s][i] ?? t.lower;
        const label = labelOfTag(t.pos);
        const facts = t.pos === 'PROPN' ? { exams: [] } : wordFacts(lemma, data);
        return { text: t.text, start, end, is_word: true, lemma, pos: t.pos, ...(label ? { pos_label: label } : {}), ...facts };
      });
      sentences.push({ text: text.slice(range.start, range.end), start: range.start, end: range.end, tokens: out });

      if (!options.phrases) continue;
      // The finder reads lemmas from the tokens; give it the ones chosen here.
      const withLemmas = tokens.map((t, i) => ({ ...t, lemma: lemmas[s][i] ?? t.lemma }));
      for (const match of data.phrases.scan(withLemmas)) {
        const first = out[match.tokens[0]];
        const last = out[match.tokens[match.tokens.length - 1]];
        const zh = match.ecdict ? chineseOf(data.ecdict.get(match.ecdict)?.translation) : undefined;
        phrases.push({
          phrase: match.title,
          sentence: s,
          tokens: match.tokens,
          start: first.start,
          end: last.end,
          ...(zh ? { zh } : {}),
        });
      }
    }
    return { sentences, word_count: wordCount, phrases };
  }

  return { read };
}

export type PassageReader = ReturnType<typeof createPassageReader>;

/**
 * A word's lemma in its sentence: a candidate of the dictionary's lemmatizer in the tagged part of
 * speech (UD's), the tagger's own lemma when the dictionary agrees it fits. On EWT test, with the
 * trained tagger's tags, 96.8% of words get the treebank's lemma this way, against 93.4% for the
 * tagger's rules alone (`npm run bench:parser`).
 */
export function lemmaInContext(data: LexicalData, lower: string, pos: string, taggerLemma: string): string {
  if (pos === 'PROPN' || !/\p{L}/u.test(lower)) return lower;
  // Closed classes lemmatize by the tagger's table (me → I, an → a, 'd → would), as EWT does.
  if (CLOSED_CLASSES.has(pos) && taggerLemma) return taggerLemma;
  const wn = wnPosOfTag(pos);
  const ranked = data.lemmatizer.ranked(lower).filter((c) => !c.lemma.includes(' '));
  const fitting = wn === 'x' ? ranked.filter((c) => c.pos.has('x') || c.identity) : ranked.filter((c) => c.pos.has(wn));
  return (
    fitting.find((c) => c.lemma === taggerLemma)?.lemma ??
    fitting[0]?.lemma ??
    ranked.find((c) => c.lemma === taggerLemma)?.lemma ??
    ranked[0]?.lemma ??
    taggerLemma ??
    lower
  );
}

/** ECDICT's Chinese for an expression, its general lines joined: "期待；盼望". */
function chineseOf(translation: string | undefined): string | undefined {
  const lines = parseTranslation(translation).filter((line) => !line.domain);
  const text = lines
    .map((line) => line.items.join('；'))
    .join('；')
    .trim();
  return text || undefined;
}

/** The lemmas of a parsed passage's words, for reading the learner's marks in one query. */
export function lemmasIn(passage: Pick<PassageAnalysis, 'sentences'>): string[] {
  const lemmas = new Set<string>();
  for (const sentence of passage.sentences) for (const t of sentence.tokens) if (t.lemma) lemmas.add(t.lemma);
  return [...lemmas];
}
