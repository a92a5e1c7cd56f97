import { lemmaOf } from '../dictionary/ecdict-text';
import { openEcdict, type Ecdict } from '../dictionary/ecdict';
import { indexFormsOf, tokenize } from './text';
import { type ProfileExam, profileExams } from '../../lib/contract/exams';

/*
 * A document's profile: its word count, how many of its words each exam asks for, and how hard
 * it reads. Pure over a lexicon (word form → lemma → exam tags and frequency rank), so that the
 * rule can be tested on hand-made words; the library uses ECDICT's (createEcdictLexicon).
 */

export type ExamCounts = Record<ProfileExam, number>;

/** What the lexicon knows of a word form. */
export interface WordFacts {
  /** The dictionary form the word form belongs to ("went" → "go"). */
  lemma: string;
  /** The lemma's exam tags (ECDICT's: zk gk cet4 cet6 ky ielts toefl gre). */
  tags: readonly string[];
  /** The lemma's corpus frequency rank, 1 the commonest; 0 when unknown. */
  rank: number;
  /**
   * For a derived word that no exam lists, the word it is made from ("angrily" → angry): a
   * reader who knows the base reads the derived word, so the base's level counts for it.
   */
  base?: Pick<WordFacts, 'tags' | 'rank'>;
}

export interface Lexicon {
  /** What is known of a lower-case word form; undefined for names, numbers and unknown words. */
  facts(form: string): WordFacts | undefined;
  /** Loads many forms at once before they are asked one by one (optional, for speed). */
  prefetch?(forms: Iterable<string>): void;
}

/** The difficulty scale: 1 to 5, each named by the exam whose vocabulary a reader needs. */
export const levels = [
  { level: 1, label: '入门', exam: '中考' },
  { level: 2, label: '初级', exam: '高考' },
  { level: 3, label: '中级', exam: 'CET-4' },
  { level: 4, label: '中高级', exam: 'CET-6' },
  { level: 5, label: '高级', exam: '考研/雅思' },
] as const;
export type Level = (typeof levels)[number]['level'];

export const levelLabel = (level: number): string => levels.find((l) => l.level === level)?.label ?? '';

export interface DocumentProfile {
  /** Words and numbers, punctuation not counted (as the sentences count them). */
  word_count: number;
  /** Distinct lemmas the lexicon knows. */
  lemma_count: number;
  /** Distinct lemmas carrying each exam tag. */
  exams: ExamCounts;
  level: Level;
}

/*
 * The level rule. Each known word gets a word level, the lower of two:
 *  - by the easiest exam that lists it: 中考 1, 高考 2, CET-4 3, CET-6 4, 考研/IELTS/TOEFL 5;
 *  - by its frequency rank, for common words no exam lists (function words, everyday words):
 *    within the 1,000 commonest 1, 2,500 → 2, 4,500 → 3, 7,000 → 4, 12,000 → 5;
 *  and 6 (beyond every exam) when neither applies. A derived adverb no exam lists takes its
 *  base's level when that is lower ("angrily" is read by whoever knows "angry").
 * A reader follows a text when about 95 % of its running words are known (Laufer; Hu and Nation),
 * so the text's level is the lowest L (1–4) at which at most 5 % of its known running words have
 * a word level above L, and 5 when even CET-6 vocabulary leaves more than 5 % unknown.
 * Running words, not distinct ones: a rare word used once matters less than one on every line.
 * Names are left out, and words the lexicon lacks: a capitalised word inside a sentence is taken
 * for a name ("the Hatter", "Mr Elliot"), as is a capitalised headword without exam tags.
 */
const examLevel: Record<string, number> = { zk: 1, gk: 2, cet4: 3, cet6: 4, ky: 5, ielts: 5, toefl: 5 };
const rankBands = [1_000, 2_500, 4_500, 7_000, 12_000];
const beyondAll = 6;
export const unknownShareAllowed = 0.05;

/** The word level of a lemma (1–6) under the rule above. */
export function wordLevel(facts: Pick<WordFacts, 'tags' | 'rank' | 'base'>): number {
  let level = facts.base ? wordLevel(facts.base) : beyondAll;
  for (const tag of facts.tags) level = Math.min(level, examLevel[tag] ?? beyondAll);
  if (facts.rank > 0) {
    const band = rankBands.findIndex((limit) => facts.rank <= limit);
    if (band >= 0) level = Math.min(level, band + 1);
  }
  return level;
}

/** The text level from the word levels of its running words (see the rule above). */
export function textLevel(wordLevels: readonly number[]): Level {
  if (!wordLevels.length) return 1;
  for (const level of [1, 2, 3, 4] as const) {
    const beyond = wordLevels.filter((l) => l > level).length;
    if (beyond / wordLevels.length <= unknownShareAllowed) return level;
  }
  return 5;
}

// Capitalised inside a sentence: a name or a title ("Hatter", "Kellynch Hall", "O'Brien"). Words
// in capitals are emphasis ("VERY"), and "I" ("I'm") is a word.
export const isNameLike = (word: string) => /^\p{Lu}(?:\p{Ll}|['’]\p{L})/u.test(word) && !/^I['’]/.test(word);

/** The lexicon forms of one word token: the whole word, or a compound's parts when it is unknown. */
export function lexiconFacts(token: string, lexicon: Lexicon): WordFacts[] {
  const [whole, ...parts] = indexFormsOf(token);
  if (!whole) return [];
  const known = lexicon.facts(whole);
  if (known) return [known];
  return parts.flatMap((part) => lexicon.facts(part) ?? []);
}

/** A running word the lexicon knows, with its word level (names left out, compounds by their parts). */
export interface RunningWord {
  word: string;
  lemma: string;
  level: number;
}

/** The running words of a text that count for its level, in order. */
export function runningWords(
  sentences: readonly string[],
  lexicon: Lexicon,
): { wordCount: number; words: RunningWord[]; lemmas: Map<string, WordFacts> } {
  let wordCount = 0;
  const tokens: string[] = [];
  const bySentence = sentences.map((sentence) => tokenize(sentence).filter((t) => t.isWord));
  // A capitalised word met inside a sentence is a name wherever it stands: "Lily" opening a
  // sentence is the Lily of the story, not the flower. So is a speaker's name before a colon, and
  // what the speaker says opens a sentence of its own ("Lily: Hello!").
  const names = new Set<string>();
  const opening = bySentence.map((words, s) => {
    const speaker = words.length > 1 && sentences[s][words[0].start + words[0].text.length] === ':' && isNameLike(words[0].text);
    if (speaker) names.add(words[0].text);
    return speaker ? 2 : 1;
  });
  for (const [s, words] of bySentence.entries()) {
    for (const [i, { text }] of words.entries()) if (i >= opening[s] && isNameLike(text)) names.add(text);
  }
  for (const words of bySentence) {
    wordCount += words.length;
    for (const { text } of words) if (!isNameLike(text) || !names.has(text)) tokens.push(text);
  }
  lexicon.prefetch?.(new Set(tokens.flatMap(indexFormsOf)));
  const words: RunningWord[] = [];
  const lemmas = new Map<string, WordFacts>();
  for (const word of tokens) {
    for (const facts of lexiconFacts(word, lexicon)) {
      words.push({ word, lemma: facts.lemma, level: wordLevel(facts) });
      lemmas.set(facts.lemma, facts);
    }
  }
  return { wordCount, words, lemmas };
}

/** The profile of a document from its sentences. */
export function profileOf(sentences: readonly string[], lexicon: Lexicon): DocumentProfile {
  const { wordCount, words, lemmas } = runningWords(sentences, lexicon);
  const exams = Object.fromEntries(profileExams.map((exam) => [exam, 0])) as ExamCounts;
  for (const { tags } of lemmas.values()) {
    for (const exam of profileExams) if (tags.includes(exam)) exams[exam]++;
  }
  return {
    word_count: wordCount,
    lemma_count: lemmas.size,
    exams,
    level: textLevel(words.map((w) => w.level)),
  };
}

// ECDICT is read-only: one lexicon serves every library in the process (the tests make many).
let shared: Lexicon | undefined;
export const sharedEcdictLexicon = (): Lexicon => (shared ??= createEcdictLexicon(openEcdict()));

/**
 * ECDICT as a lexicon: an inflected form goes to its lemma by the row's `0:` (children → child),
 * and the lemma's row gives the tags and rank (COCA's, else the BNC's). A headword written with
 * capitals and carrying no exam tag is a name or an acronym ("Alice", "Elliot"), not a word.
 */
export function createEcdictLexicon(ecdict: Pick<Ecdict, 'get' | 'prefetch'>): Lexicon {
  const lemmaRow = (form: string) => {
    const row = ecdict.get(irregular[form] ?? form);
    if (!row) return undefined;
    if (ownLemma.has(form)) return row;
    const lemma = lemmaOf(row.exchange)?.toLowerCase();
    const base = lemma && lemma !== form ? ecdict.get(lemma) : undefined;
    return base ?? row;
  };
  const tagsOf = (row: { tag: string }) => row.tag.split(/\s+/).filter(Boolean);
  const rankOf = (row: { frq: number; bnc: number }) => row.frq || row.bnc || 0;
  function facts(form: string): WordFacts | undefined {
    // ECDICT has some contractions as rows of their own, but without tags or ranks.
    const row = form.includes("'") ? (lemmaRow(uncontracted(form)) ?? lemmaRow(form)) : lemmaRow(form);
    if (!row) return undefined;
    const tags = tagsOf(row);
    if (row.word !== row.word.toLowerCase() && row.word !== 'I' && !tags.length) return undefined;
    const found: WordFacts = { lemma: row.word.toLowerCase(), tags, rank: rankOf(row) };
    if (!tags.length && form.endsWith('ly')) {
      const base = adverbBases(form)
        .map(lemmaRow)
        .find((b) => b && tagsOf(b).length);
      if (base) found.base = { tags: tagsOf(base), rank: rankOf(base) };
    }
    return found;
  }
  return {
    facts,
    prefetch(forms) {
      ecdict.prefetch(forms);
      // The lemmas of the inflected forms, in a second round.
      const lemmas = new Set<string>();
      for (const form of forms) {
        const lemma = lemmaOf(ecdict.get(form)?.exchange);
        if (lemma) lemmas.add(lemma.toLowerCase());
      }
      ecdict.prefetch(lemmas);
    },
  };
}

// Words ECDICT also reads as another's inflection, which they almost never are in running text:
// "number" as the comparative of "numb".
const ownLemma: ReadonlySet<string> = new Set(['number', 'numbers']);

// Forms ECDICT leaves without a pointer to their lemma (its "was" row has no `0:be`).
const irregular: Record<string, string> = {
  was: 'be',
  // ECDICT reads these as other words: "are" the unit of area, "does" the plural of "doe".
  am: 'be',
  are: 'be',
  does: 'do',
  hundreds: 'hundred',
  thousands: 'thousand',
  millions: 'million',
  numbers: 'number',
};

// A contraction read as its first word: "wasn't" → was, "can't" → can, "I'm" → I, "she'd" → she.
function uncontracted(form: string): string {
  const negated = /^(.+)n't$/.exec(form);
  if (negated) return ({ ca: 'can', wo: 'will', sha: 'shall' } as Record<string, string>)[negated[1]] ?? negated[1];
  return form.replace(/'(m|re|ve|ll|d|s)$/, '');
}

// The adjectives an -ly adverb may come from: eager-ly, angr-ily → angry, gent-ly → gentle, basic-ally.
function adverbBases(adverb: string): string[] {
  const stem = adverb.slice(0, -2);
  const bases = [stem];
  if (stem.endsWith('i')) bases.push(`${stem.slice(0, -1)}y`);
  if (adverb.endsWith('ally')) bases.push(adverb.slice(0, -4));
  bases.push(`${stem}le`);
  return bases.filter((b) => b.length > 2);
}
