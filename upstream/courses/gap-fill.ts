import { stopWords } from '../dictionary/rank';
import { parseTranslation } from '../dictionary/ecdict-text';
import type { UdWord } from '../language/ud';
import type { StoredQuestion } from './sources';
import { stableHash } from './units';

/*
 * 词汇填空 (a banked cloze, as CET's 选词填空) made from a passage itself, for the library's texts,
 * which have no questions of their own: a sentence of the passage with one content word blanked,
 * and four words of the same part of speech and inflection to choose from. Nothing is invented:
 * the answer is the word the author wrote, and the other options are words of the same passage
 * (re-inflected from the dictionary's forms where the passage has them in another form).
 *
 * Pure and deterministic over the sentences and the word data: the same passage always gives
 * the same questions, so the scoring call makes them again rather than storing them.
 */

/** The most questions a passage gets, and the fewest sentences that can carry a gap for it to get any. */
export const gapFill = { most: 5, fewestSentences: 3 } as const;

/** What the generator reads about words. */
export interface GapFillWords {
  /** A sentence's words with their tags and where each stands (the trained tagger's). */
  tag(sentence: string): readonly UdWord[];
  /** The dictionary form of a lower-case word form ("children" → child). */
  lemmaOf(form: string): string;
  /** The word level (1–6) of a word an exam list or the Oxford 3000 names; undefined otherwise. */
  wordLevelOf(lemma: string): number | undefined;
  /** The dictionary's entry of a listed word: its spelling, its inflections and its Chinese. */
  listed(lemma: string): { word: string; exchange: string; translation: string } | undefined;
  /**
   * Whether two lemmas of this word class would fit one gap alike — synonyms, antonyms, similar
   * adjectives (WordNet): then one is never offered beside the other.
   */
  alike(a: string, b: string, cls: WordClass): boolean;
}

export type WordClass = 'n' | 'v' | 'a' | 'r';

/** The treebank tags a gap may have, by word class, each with the ECDICT inflection that makes it ('' the base form). */
const tagsOfClass: Record<WordClass, Record<string, string>> = {
  n: { NN: '', NNS: 's' },
  v: { VB: '', VBP: '', VBD: 'p', VBN: 'd', VBG: 'i', VBZ: '3' },
  a: { JJ: '', JJR: 'r', JJS: 't' },
  r: { RB: '' },
};
const gapTags: Record<string, { cls: WordClass; exchange: string }> = Object.fromEntries(
  Object.entries(tagsOfClass).flatMap(([cls, tags]) =>
    Object.entries(tags).map(([tag, exchange]) => [tag, { cls: cls as WordClass, exchange }]),
  ),
);
const classOfUpos: Record<string, WordClass> = { NOUN: 'n', VERB: 'v', ADJ: 'a', ADV: 'r' };
/** ECDICT's part-of-speech labels of each word class. */
const posLabels: Record<WordClass, readonly string[]> = {
  n: ['n.'],
  v: ['v.', 'vt.', 'vi.'],
  a: ['a.', 'adj.'],
  r: ['ad.', 'adv.'],
};

/** A content word of the passage that could be blanked or offered. */
interface Slot {
  sentence: number;
  form: string;
  start: number;
  end: number;
  lemma: string;
  /** Every spelling that names the word's lemma (the tagger's and the lexicon's): another option shares none. */
  lemmas: Set<string>;
  tag: string;
  cls: WordClass;
  level: number;
  /** The Chinese of its part of speech ('v. 决定；下决心'). */
  sense: string;
  /**
   * The part of speech is one of the word's first two in the dictionary: only such a word is
   * offered beside a gap, so that a tagger's slip ("take" as a noun) offers no odd word.
   */
  main: boolean;
  /** The word before it, lower case ('a' and 'an' decide which words can follow). */
  before: string;
}

/** A gap's sentence has this many words: shorter ones give too little context, longer ones are hard to take in. */
const sentenceWords = { min: 6, max: 40 };

/**
 * The sentences a gap may be made in: each stands on its own (a capital first, . ! or ? last, no
 * shouted capitals), is of moderate length, and is no piece of dialogue — no quotation mark in it,
 * and not within a quotation opened by an earlier sentence.
 */
export function gapSentences(sentences: readonly string[]): boolean[] {
  let quoted = false;
  return sentences.map((text) => {
    const inside = quoted;
    for (const ch of text) {
      if (ch === '“') quoted = true;
      else if (ch === '”') quoted = false;
      else if (ch === '"') quoted = !quoted;
    }
    return (
      !inside &&
      // A play's line ("Maya: I think so.") is dialogue too.
      !/^\p{Lu}[\p{L}.' ]{0,30}:/u.test(text) &&
      !/["“”‘]|(^|[^A-Za-z])’|’(?![A-Za-z])|(^|\s)'|'(\s|$)/.test(text) &&
      /^[A-Z]/.test(text) &&
      /[.!?]$/.test(text) &&
      !/\b[A-Z]{2,}\b/.test(text) &&
      within(text.split(/\s+/).length, sentenceWords)
    );
  });
}

const within = (n: number, range: { min: number; max: number }) => n >= range.min && n <= range.max;

/** The Chinese of a word's line for its part of speech: 'v. 决定；下决心'; '' when the dictionary has none. */
function senseOf(translation: string, cls: WordClass): { sense: string; main: boolean } {
  const lines = parseTranslation(translation).filter((l) => !l.domain && l.pos);
  const at = lines.findIndex((l) => posLabels[cls].includes(l.pos as string));
  if (at < 0) return { sense: '', main: false };
  return { sense: `${lines[at].pos} ${lines[at].items.slice(0, 3).join('；')}`, main: at < 2 };
}

/** A base form's inflection as ECDICT gives it (kind '' is the base form itself); undefined when it gives none. */
function inflect(lemma: string, exchange: string, kind: string): string | undefined {
  if (!kind) return lemma;
  for (const part of exchange.split('/')) {
    const [key, value] = part.split(':');
    if (key === kind && value && /^[a-z]+$/.test(value) && value !== lemma) return value;
  }
  return undefined;
}

/** The passage's content words that the word lists name, as tagged in their sentences. */
function slotsOf(sentences: readonly string[], words: GapFillWords): Slot[] {
  const slots: Slot[] = [];
  for (const [s, text] of sentences.entries()) {
    let from = 0;
    const tagged = words.tag(text);
    for (const [i, w] of tagged.entries()) {
      const start = w.start ?? text.indexOf(w.form, from);
      const end = w.end ?? start + w.form.length;
      if (start < 0) continue;
      from = end;
      const shape = gapTags[w.xpos];
      // Lower-case letters only: no names, numbers, contractions or hyphenated compounds.
      if (!shape || classOfUpos[w.upos] !== shape.cls || !/^[a-z]{3,}$/.test(w.form)) continue;
      if (shape.cls === 'r' && !w.form.endsWith('ly')) continue;
      const lemma = words.lemmaOf(w.form);
      // The tag and the dictionary must agree on the inflection: a base tag on a base form, an
      // inflected tag on an inflected one (the tagger's slips, "colder/NN", are left out).
      if ((shape.exchange === '') !== (lemma === w.form)) continue;
      const entry = words.listed(lemma);
      const level = words.wordLevelOf(lemma);
      if (!entry || entry.word !== lemma || level === undefined || level > 5) continue;
      if (stopWords.has(w.form) || stopWords.has(lemma)) continue;
      const { sense, main } = senseOf(entry.translation, shape.cls);
      if (!sense) continue;
      slots.push({
        sentence: s,
        form: w.form,
        start,
        end,
        lemma,
        lemmas: new Set([lemma, w.form, w.lemma.toLowerCase()]),
        tag: w.xpos,
        cls: shape.cls,
        level,
        sense,
        main,
        before: tagged[i - 1]?.form.toLowerCase() ?? '',
      });
    }
  }
  return slots;
}

/** Whether two words come from one root: one's lemma spells the other's start (work, worker). */
const kin = (a: Slot, b: Slot) =>
  [...a.lemmas].some((x) =>
    [...b.lemmas].some((y) => x === y || (x.length >= 4 && y.startsWith(x)) || (y.length >= 4 && x.startsWith(y))),
  );

/** An option could stand after the gap's article: 'an' wants a vowel, 'a' none. */
const fitsArticle = (before: string, word: string) =>
  before === 'an' ? /^[aeiou]/.test(word) : before === 'a' ? !/^[aeiou]/.test(word) : true;

/**
 * Three other words for a gap: of the passage, of its part of speech, in its inflection (as the
 * passage has them, else made from the dictionary's forms), of other roots and not alike in
 * meaning, no more than one level easier, nearest its level first. Fewer than three: the gap cannot be asked.
 */
function distractorsOf(gap: Slot, slots: readonly Slot[], words: GapFillWords): string[] {
  const kind = gapTags[gap.tag].exchange;
  const offered = new Map<string, { form: string; rank: number[] }>();
  const sentence = slots.filter((s) => s.sentence === gap.sentence);
  for (const other of slots) {
    if (other.cls !== gap.cls || !other.main || offered.get(other.lemma)?.rank[0] === 0 || kin(gap, other)) continue;
    // A word the sentence already shows is no likely choice for its gap; a much easier word is
    // too general ("saying" fits most gaps a harder verb leaves).
    if (sentence.some((s) => kin(s, other)) || other.level < gap.level - 1) continue;
    const same = other.tag === gap.tag || (gapTags[other.tag].exchange === kind && kind === '');
    // A noun is offered in the number the passage has it in: a made plural of a mass noun ("muds") is no word.
    const form = same
      ? other.form
      : gap.cls === 'n'
        ? undefined
        : inflect(other.lemma, words.listed(other.lemma)?.exchange ?? '', kind);
    if (!form || !fitsArticle(gap.before, form) || words.alike(gap.lemma, other.lemma, gap.cls)) continue;
    offered.set(other.lemma, {
      form,
      rank: [same ? 0 : 1, Math.abs(other.level - gap.level), stableHash(`${gap.form}|${form}`)],
    });
  }
  const chosen: string[] = [];
  const picked: Slot[] = [];
  for (const [lemma, o] of [...offered].sort(([, a], [, b]) => compareRanks(a.rank, b.rank))) {
    if (chosen.length === 3) break;
    // Two distractors of one root (decide, decision) would leave one of them plainly wrong.
    const slot = slots.find((s) => s.lemma === lemma) as Slot;
    if (picked.some((p) => kin(p, slot))) continue;
    picked.push(slot);
    chosen.push(o.form);
  }
  return chosen;
}

const compareRanks = (a: readonly number[], b: readonly number[]) => {
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return a[i] - b[i];
  return 0;
};

/**
 * The passage's 词汇填空: at most `gapFill.most` questions, one gap a sentence, spread over the
 * passage (its usable sentences in as many runs as there are questions, one from each), the
 * words nearest the passage's level `level` (1–5) chosen first, none above the next level; none at
 * all when fewer than `gapFill.fewestSentences` sentences can carry a gap.
 */
export function gapFillQuestions(sentences: readonly string[], level: number, words: GapFillWords): StoredQuestion[] {
  const usable = gapSentences(sentences);
  const slots = slotsOf(sentences, words);
  // A gap's word at the passage's level fits best; easier ones next, one level harder last.
  const distance = (s: Slot) => (s.level <= level ? level - s.level : 1.5 * (s.level - level));
  const inSentence = (s: Slot) => slots.filter((o) => o.sentence === s.sentence);
  // A word that stands twice in its sentence would be given away by the other.
  const gaps = slots.filter(
    (s) => usable[s.sentence] && s.level <= level + 1 && !inSentence(s).some((o) => o !== s && kin(o, s)),
  );
  const lines = [...new Set(gaps.map((s) => s.sentence))].sort((a, b) => a - b);
  if (lines.length < gapFill.fewestSentences) return [];
  const count = Math.min(gapFill.most, lines.length);
  const chosen: { slot: Slot; distractors: string[] }[] = [];
  for (let run = 0; run < count; run++) {
    const from = lines[Math.floor((run * lines.length) / count)];
    const to = lines[Math.floor(((run + 1) * lines.length) / count) - 1];
    const candidates = gaps
      .filter((g) => g.sentence >= from && g.sentence <= to && !chosen.some((c) => kin(c.slot, g)))
      .sort((a, b) => distance(a) - distance(b) || stableHash(a.form + a.sentence) - stableHash(b.form + b.sentence));
    // The best word of the run that three others can stand beside.
    for (const slot of candidates) {
      const distractors = distractorsOf(slot, slots, words);
      if (distractors.length < 3) continue;
      chosen.push({ slot, distractors });
      break;
    }
  }
  if (chosen.length < gapFill.fewestSentences) return [];
  return chosen.map(({ slot, distractors }, i) => question(i + 1, sentences[slot.sentence], slot, distractors));
}

/** The blank as a stem shows it. */
export const gapMark = '____';
const keys = ['A', 'B', 'C', 'D'];

function question(number: number, sentence: string, gap: Slot, distractors: string[]): StoredQuestion {
  // As a word bank lists them: alphabetically, so the answer's place says nothing.
  const options = [gap.form, ...distractors].sort().map((text, i) => ({ key: keys[i], text }));
  const lemma = gap.lemma === gap.form ? '' : `，原形 ${gap.lemma}`;
  return {
    number,
    section: 0,
    type: 'choice',
    stem: `${sentence.slice(0, gap.start)}${gapMark}${sentence.slice(gap.end)}`,
    options,
    answer: options.find((o) => o.text === gap.form)?.key as string,
    evidence: sentence,
    explanation: `原文用的是 ${gap.form}${lemma}：${gap.sense}。`,
  };
}
