import type { CourseWord } from '@/lib/contract/calls/courses';

/*
 * The questions of a word lesson: one a word, in the unit's order (so that the stored position is
 * the same word whether the learner quizzes or browses the word list), of four kinds mixed across
 * the unit. A word lesson asks before it tells: no question shows the Chinese of a word that has
 * not yet been asked about, so a choice question's wrong options come only from words already
 * asked (earlier in the round, or in an earlier round), and the word's own Chinese appears only
 * once it is answered.
 */

export type LessonQuestionKind = 'recall' | 'choice' | 'spell' | 'fill';

/** The order the kinds take turns in; a word that cannot have its turn's kind takes the next. */
export const questionKinds: readonly LessonQuestionKind[] = ['recall', 'choice', 'spell', 'fill'];

/** The sentence of a fill question: the word's form in it blanked. */
export interface Blank {
  before: string;
  /** The form as the sentence has it ('Banks'). */
  form: string;
  after: string;
}

export type LessonQuestion =
  | { kind: 'recall'; word: CourseWord }
  /** `options`: four Chinese meanings, `answer` the index of the word's own. */
  | { kind: 'choice'; word: CourseWord; options: string[]; answer: number }
  | { kind: 'spell'; word: CourseWord }
  | { kind: 'fill'; word: CourseWord; blank: Blank };

/** The meaning a choice question offers for a word: its first (commonest) sense line. */
export const meaningOf = (w: CourseWord): string => w.senses[0]?.meaning.trim() ?? '';

/** The single meanings of a sense line ('银行；堤，岸' → 银行, 堤, 岸), without notes in brackets. */
const meaningItems = (line: string): string[] =>
  line
    .replace(/[（(][^）)]*[）)]/g, '')
    .split(/[；;，,、]/)
    .map((s) => s.trim())
    .filter(Boolean);

/**
 * Whether another word's meaning may stand as a wrong option for `w`: it is not the same text as
 * the right one and shares no single meaning with any of `w`'s senses (it would be another sense
 * of the same word, or a synonym, and so right too).
 */
export function fitsAsDistractor(w: CourseWord, meaning: string): boolean {
  if (!meaning || meaning === meaningOf(w)) return false;
  const own = new Set(w.senses.flatMap((s) => meaningItems(s.meaning)));
  return !meaningItems(meaning).some((m) => own.has(m));
}

/** A small, stable hash: the same unit is the same lesson on every visit and in the tests. */
function hash(text: string): number {
  let h = 2166136261;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 16777619);
  return h >>> 0;
}

/** Where a form stands in a sentence as a whole word, any case; null when it does not. */
export function blankOf(sentence: string, form: string): Blank | null {
  if (!form) return null;
  const escaped = form.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const found = new RegExp(`(?<![A-Za-z'-])${escaped}(?![A-Za-z'-])`, 'i').exec(sentence);
  if (!found) return null;
  return {
    before: sentence.slice(0, found.index),
    form: found[0],
    after: sentence.slice(found.index + found[0].length),
  };
}

/** The blank of a word's example sentence: the form the sentence holds, else the word itself. */
export const blankOfWord = (w: CourseWord): Blank | null =>
  w.example ? (blankOf(w.example.text, w.example.form ?? w.word) ?? blankOf(w.example.text, w.word)) : null;

const spellable = (w: CourseWord) => /^[A-Za-z][A-Za-z' -]*$/.test(w.word);

/** Three wrong options for `w` from the words whose Chinese may be shown, or null when too few fit. */
function distractors(w: CourseWord, shown: readonly CourseWord[]): string[] | null {
  const picked: string[] = [];
  const candidates = shown
    .filter((o) => o.word.toLowerCase() !== w.word.toLowerCase())
    .map(meaningOf)
    .filter((m) => fitsAsDistractor(w, m))
    .sort((a, b) => hash(w.word + a) - hash(w.word + b) || (a < b ? -1 : 1));
  for (const m of candidates) {
    if (picked.length === 3) break;
    // Two options alike in any meaning would leave the learner guessing between them.
    if (picked.some((p) => p === m || meaningItems(p).some((item) => meaningItems(m).includes(item)))) continue;
    picked.push(m);
  }
  return picked.length === 3 ? picked : null;
}

function questionOf(kind: LessonQuestionKind, w: CourseWord, shown: readonly CourseWord[]): LessonQuestion | null {
  switch (kind) {
    case 'recall':
      return { kind, word: w };
    case 'spell':
      return spellable(w) ? { kind, word: w } : null;
    case 'fill': {
      const blank = blankOfWord(w);
      return blank ? { kind, word: w, blank } : null;
    }
    case 'choice': {
      const right = meaningOf(w);
      const wrong = right ? distractors(w, shown) : null;
      if (!wrong) return null;
      const answer = hash(w.word) % 4;
      const options = [...wrong];
      options.splice(answer, 0, right);
      return { kind, word: w, options, answer };
    }
  }
}

/**
 * The questions for `targets`, in their order. `asked`: words already answered before these (the
 * unit's words when practising the misses again), whose Chinese a wrong option may show. `round`
 * turns the kinds on, so that a word practised again is asked another way.
 */
export function buildLessonQuestions(
  targets: readonly CourseWord[],
  { asked = [], round = 0 }: { asked?: readonly CourseWord[]; round?: number } = {},
): LessonQuestion[] {
  return targets.map((w, i) => {
    const shown = [...asked, ...targets.slice(0, i)];
    for (let step = 0; step < questionKinds.length; step++) {
      const made = questionOf(questionKinds[(i + round + step) % questionKinds.length], w, shown);
      if (made) return made;
    }
    return { kind: 'recall', word: w };
  });
}

/** A typed answer as it is compared: trimmed, any case, one space between words, straight apostrophes. */
export const normalAnswer = (text: string) => text.trim().replace(/\s+/g, ' ').replace(/[’‘]/g, "'").toLowerCase();

/**
 * Whether a typed answer is right. Spelling: the word. Filling the blank: the form the sentence
 * holds ('banks'), or the word itself, which shows the learner knows the word even where the
 * sentence inflects it.
 */
export function isRightAnswer(q: LessonQuestion, typed: string): boolean {
  const given = normalAnswer(typed);
  if (!given) return false;
  if (q.kind === 'spell') return given === normalAnswer(q.word.word);
  if (q.kind === 'fill') return given === normalAnswer(q.blank.form) || given === normalAnswer(q.word.word);
  return false;
}
