import type { Page } from '@playwright/test';

interface UnitQuestion {
  number: number;
  stem: string;
  options: { key: string; text: string }[];
}

/** A reading lesson's passage and its questions (/aiBook/reading/class, 本文练习). */
export class ReadingLessonPage {
  constructor(readonly page: Page) {}

  goto = (category: string, unit: number) => this.page.goto(`/aiBook/reading/class?category=${category}&unit=${unit}`);
  passage = () => this.page.getByTestId('reading-passage');
  section = () => this.page.getByTestId('reading-questions');
  source = () => this.page.getByTestId('reading-questions-source');
  questions = () => this.section().getByTestId('question');
  option = (number: number, key: string) =>
    this.questions()
      .nth(number - 1)
      .locator(`input[type="radio"][value="${key}"]`);
  submit = () => this.page.getByTestId('test-submit');
  score = () => this.page.getByTestId('test-score-value');
  results = () => this.page.getByTestId('question-result');
  reviewAdded = () => this.page.getByTestId('test-review-added');

  /**
   * A gap-fill unit's questions as the lesson loads them, each with the key of the option that
   * puts the passage's own sentence back together.
   */
  async gapFill(course_id: string, unit: number): Promise<(UnitQuestion & { right: string })[]> {
    const answer = await this.page.request.post('/api/query_course_unit_content', { data: { course_id, unit } });
    const { data } = await answer.json();
    const sentences = new Set((data.paragraphs as { text: string }[][]).flat().map((s) => s.text));
    return (data.questions as UnitQuestion[]).map((q) => ({
      ...q,
      right: q.options.find((o) => sentences.has(q.stem.replace('____', o.text)))?.key ?? '',
    }));
  }
}
