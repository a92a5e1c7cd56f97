import { expect, type Page } from '@playwright/test';

interface UnitWord {
  word: string;
  senses: { pos: string; meaning: string }[];
}

/** A word lesson's questions (/aiBook/word/class, 练习). */
export class WordQuizPage {
  constructor(readonly page: Page) {}

  question = () => this.page.getByTestId('quiz-question');
  count = () => this.page.getByTestId('lesson-count');
  feedback = () => this.page.getByTestId('quiz-feedback');
  input = () => this.page.getByTestId('quiz-input');
  summary = () => this.page.getByTestId('lesson-finished');
  score = () => this.page.getByTestId('quiz-score');
  missed = () => this.page.getByTestId('quiz-missed');
  reviewNote = () => this.page.getByTestId('quiz-review-note');

  /** A unit's words with their meanings, as the lesson loads them. */
  async unitWords(course_id: string, unit: number): Promise<UnitWord[]> {
    const answer = await this.page.request.post('/api/query_words', { data: { course_id, unit } });
    return (await answer.json()).data.words;
  }

  /** The word asked about now, and the kind of question. */
  async current(): Promise<{ word: string; kind: string }> {
    await expect(this.question()).toBeVisible();
    return {
      word: (await this.question().getAttribute('data-word')) ?? '',
      kind: (await this.question().getAttribute('data-kind')) ?? '',
    };
  }

  /** Whether any of these words' Chinese meaning lines is on the screen. */
  async showsMeaningOf(words: readonly UnitWord[]): Promise<string[]> {
    const text = await this.page.locator('body').innerText();
    return words.flatMap((w) => w.senses.map((s) => s.meaning)).filter((m) => m && text.includes(m));
  }

  /** Answers the question in front of the learner, right or wrong, by keyboard where it can. */
  async answer(words: readonly UnitWord[], right: boolean): Promise<void> {
    const { word, kind } = await this.current();
    const entry = words.find((w) => w.word === word);
    if (kind === 'recall') {
      await this.page.keyboard.press('Enter');
      await expect(this.page.getByTestId('quiz-meanings')).toBeVisible();
      await this.page.keyboard.press(right ? '1' : '2');
    } else if (kind === 'choice') {
      const options = await this.page.getByTestId('quiz-option').allTextContents();
      const meaning = entry?.senses[0]?.meaning ?? '';
      const at = options.findIndex((o) => o.includes(meaning));
      expect(at).toBeGreaterThanOrEqual(0);
      await this.page.keyboard.press(String(right ? at + 1 : ((at + 1) % 4) + 1));
    } else {
      // Spelling and the blank both take the word itself.
      await this.input().fill(right ? word : `${word}zz`);
      await this.page.keyboard.press('Enter');
    }
    await expect(this.feedback()).toHaveAttribute('data-correct', String(right));
  }

  /** Goes on to the next question (Enter presses 下一题). */
  async next(): Promise<void> {
    await expect(this.page.getByTestId('quiz-next')).toBeFocused();
    await this.page.keyboard.press('Enter');
  }
}
