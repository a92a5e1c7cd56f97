import { describe, expect, it } from 'vitest';
import type { CourseWord } from '@/lib/contract/calls/courses';
import {
  blankOf,
  blankOfWord,
  buildLessonQuestions,
  fitsAsDistractor,
  isRightAnswer,
  type LessonQuestion,
  meaningOf,
} from './lesson-questions';

const doc = { category: 'reading' as const, sub_category: null, filename: 'f', title: 'T' };
const word = (w: string, meanings: string[], example?: { text: string; form?: string }): CourseWord => ({
  word: w,
  rank: 1,
  phonetic_symbol: {},
  senses: meanings.map((meaning) => ({ pos: 'n.', meaning })),
  tags: [],
  example: example ? { id: 1, text: example.text, document: doc, ...(example.form ? { form: example.form } : {}) } : null,
  strange: null,
});

// A unit as ECDICT's lines give it, with sentences from a library (one inflected, one missing).
const unit: CourseWord[] = [
  word('bank', ['银行；堤，岸', '储蓄'], { text: 'Trees grew along both banks of the river.', form: 'banks' }),
  word('river', ['河，江'], { text: 'We swam in the river all summer.', form: 'river' }),
  word('apple', ['苹果'], { text: 'She ate an apple after lunch.', form: 'apple' }),
  word('shore', ['岸，海滨']),
  word('go', ['去，走'], { text: 'He went home early that day.', form: 'went' }),
  word('stone', ['石头']),
  word('coast', ['海岸；海滨'], { text: 'They drove along the coast for hours.', form: 'coast' }),
  word('money', ['钱，货币'], { text: 'He saved money for a new bike.', form: 'money' }),
  word('silver', ['银；银色'], { text: 'She wore a silver ring on her hand.', form: 'silver' }),
  word('island', ['岛'], { text: 'The island was quiet in the winter months.', form: 'island' }),
  word('house', ['房子'], { text: 'The house stood at the end of the road.', form: 'house' }),
  word('cloud', ['云'], { text: 'A dark cloud hid the sun for a while.', form: 'cloud' }),
];

const kinds = (qs: LessonQuestion[]) => qs.map((q) => q.kind);

describe('buildLessonQuestions', () => {
  it('asks one question a word, in the unit’s order, mixing all four kinds', () => {
    const qs = buildLessonQuestions(unit);
    expect(qs.map((q) => q.word.word)).toEqual(unit.map((w) => w.word));
    expect(new Set(kinds(qs))).toEqual(new Set(['recall', 'choice', 'spell', 'fill']));
    // No kind takes more than half the unit.
    for (const k of ['recall', 'choice', 'spell', 'fill']) expect(kinds(qs).filter((x) => x === k).length).toBeLessThanOrEqual(6);
    // The same unit is the same lesson on every visit.
    expect(buildLessonQuestions(unit)).toEqual(qs);
  });

  it('shows no word’s Chinese before that word has been asked: wrong options come from words asked earlier', () => {
    const qs = buildLessonQuestions(unit);
    qs.forEach((q, i) => {
      if (q.kind !== 'choice') return;
      const earlier = new Set(unit.slice(0, i).map(meaningOf));
      const wrong = q.options.filter((_, k) => k !== q.answer);
      for (const option of wrong) expect(earlier).toContain(option);
    });
    // The first words have too few words before them for a choice question.
    expect(kinds(qs).slice(0, 3)).not.toContain('choice');
  });

  it('offers four distinct meanings, the right one once, never another sense of the word or a synonym', () => {
    const all = buildLessonQuestions(unit, { asked: unit, round: 1 });
    const choices = all.filter((q): q is Extract<LessonQuestion, { kind: 'choice' }> => q.kind === 'choice');
    expect(choices.length).toBeGreaterThan(0);
    for (const q of choices) {
      expect(q.options).toHaveLength(4);
      expect(new Set(q.options).size).toBe(4);
      expect(q.options[q.answer]).toBe(meaningOf(q.word));
      expect(q.options.filter((o) => o === meaningOf(q.word))).toHaveLength(1);
    }
    const bank = buildLessonQuestions([unit[0]], { asked: unit, round: 1 })[0];
    expect(bank.kind).toBe('choice');
    if (bank.kind !== 'choice') return;
    // 岸 is one of bank's meanings: shore (岸，海滨) and coast (海岸；海滨 shares nothing whole, so may stand).
    expect(bank.options).not.toContain('岸，海滨');
    expect(bank.options).not.toContain('储蓄');
  });

  it('judges a wrong option by its single meanings', () => {
    const bank = unit[0];
    expect(fitsAsDistractor(bank, '银行；堤，岸')).toBe(false);
    expect(fitsAsDistractor(bank, '储蓄')).toBe(false);
    expect(fitsAsDistractor(bank, '岸，海滨')).toBe(false);
    expect(fitsAsDistractor(bank, '石头')).toBe(true);
    expect(fitsAsDistractor(bank, '')).toBe(false);
  });

  it('leaves out a choice question when fewer than three meanings fit', () => {
    const few = [word('bank', ['银行；岸']), word('shore', ['岸']), word('stone', ['石头']), word('cloud', ['云'])];
    const qs = buildLessonQuestions(few, { asked: few, round: 1 });
    // bank's turn is a choice, but only 石头 and 云 may stand: it is asked another way.
    expect(qs[0].kind).not.toBe('choice');
  });

  it('asks a word practised again another way', () => {
    const first = buildLessonQuestions(unit);
    const again = buildLessonQuestions(unit.slice(3, 4), { asked: unit, round: 1 });
    expect(again[0].kind).not.toBe(first[3].kind);
  });

  it('blanks a fill question’s sentence at the form it holds, inflected or irregular', () => {
    expect(blankOfWord(unit[0])).toEqual({ before: 'Trees grew along both ', form: 'banks', after: ' of the river.' });
    expect(blankOfWord(unit[4])).toEqual({ before: 'He ', form: 'went', after: ' home early that day.' });
    // A whole word only, any case.
    expect(blankOf('Rivers and the river meet.', 'river')).toEqual({ before: 'Rivers and the ', form: 'river', after: ' meet.' });
    expect(blankOf('River water is cold.', 'river')?.form).toBe('River');
    expect(blankOf('The riverside is green.', 'river')).toBeNull();
    // No sentence, no fill question.
    expect(blankOfWord(unit[3])).toBeNull();
    expect(
      buildLessonQuestions(unit)
        .filter((q) => q.word.example === null)
        .map((q) => q.kind),
    ).not.toContain('fill');
  });
});

describe('isRightAnswer', () => {
  const fill = (w: CourseWord): LessonQuestion => {
    const blank = blankOfWord(w);
    if (!blank) throw new Error('no blank');
    return { kind: 'fill', word: w, blank };
  };

  it('checks spelling trimmed and in any case', () => {
    const q: LessonQuestion = { kind: 'spell', word: unit[1] };
    expect(isRightAnswer(q, '  River ')).toBe(true);
    expect(isRightAnswer(q, 'RIVER')).toBe(true);
    expect(isRightAnswer(q, 'rivers')).toBe(false);
    expect(isRightAnswer(q, 'rivr')).toBe(false);
    expect(isRightAnswer(q, '   ')).toBe(false);
  });

  it('accepts the form the sentence holds, and the word itself, in a blank', () => {
    expect(isRightAnswer(fill(unit[0]), 'banks')).toBe(true);
    expect(isRightAnswer(fill(unit[0]), 'Bank')).toBe(true);
    expect(isRightAnswer(fill(unit[0]), 'banker')).toBe(false);
    expect(isRightAnswer(fill(unit[4]), 'went')).toBe(true);
    expect(isRightAnswer(fill(unit[4]), 'go')).toBe(true);
    expect(isRightAnswer(fill(unit[4]), 'gone')).toBe(false);
  });
});
