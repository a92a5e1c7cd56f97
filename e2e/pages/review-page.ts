import { expect, type Page } from '@playwright/test';

/** /review: the learner's cards, one at a time. */
export class ReviewPage {
  constructor(readonly page: Page) {}

  goto = () => this.page.goto('/review');
  card = () => this.page.getByTestId('review-card');
  sentence = () => this.page.getByTestId('review-sentence');
  blank = () => this.page.getByTestId('review-blank');
  reveal = () => this.page.getByTestId('review-reveal');
  answer = () => this.page.getByTestId('review-answer');
  word = () => this.page.getByTestId('review-word');
  senseZh = () => this.page.getByTestId('review-sense-zh');
  rate = (rating: 1 | 2 | 3 | 4) => this.page.getByTestId(`rate-${rating}`);
  interval = (rating: 1 | 2 | 3 | 4) => this.page.getByTestId(`rate-${rating}-interval`);
  undo = () => this.page.getByTestId('review-undo');
  due = () => this.page.getByTestId('review-due');
  fresh = () => this.page.getByTestId('review-new');
  done = () => this.page.getByTestId('review-done');
  finished = () => this.page.getByTestId('review-finished');
  empty = () => this.page.getByTestId('review-empty');

  /** Waits for a card, and answers its id. */
  async expectCard(): Promise<string> {
    await expect(this.card()).toBeVisible({ timeout: 15_000 });
    return (await this.card().getAttribute('data-card-id')) ?? '';
  }
}
