import { expect, type Page } from '@playwright/test';

/** /annotate/{uid}: a sentence, its target word, the candidate senses and 提交. */
export class AnnotatePage {
  constructor(readonly page: Page) {}

  goto = (uid: string) => this.page.goto(`/annotate/${encodeURIComponent(uid)}`);
  task = () => this.page.getByTestId('annotate-task');
  /** The task's current_word_index. */
  taskIndex = async () => (await this.task().getAttribute('data-task')) ?? '';
  loading = () => this.page.getByTestId('annotate-loading');
  error = () => this.page.getByTestId('annotate-error');
  empty = () => this.page.getByTestId('annotate-empty');
  reload = () => this.page.getByTestId('annotate-reload');
  sentence = () => this.page.getByTestId('annotate-sentence');
  words = () => this.page.getByTestId('annotate-word');
  targetWord = () => this.page.locator('[data-testid="annotate-word"][data-target]');
  target = () => this.page.getByTestId('annotate-target');
  senses = () => this.page.getByTestId('annotate-sense');
  sense = (id: string | number) => this.page.locator(`[data-testid="annotate-sense"][data-sense-id="${id}"]`);
  checkbox = (id: string | number) => this.sense(id).getByRole('checkbox');
  other = () => this.sense(-1);
  choice = () => this.page.getByTestId('annotate-choice');
  submit = () => this.page.getByTestId('annotate-submit');

  /** The sense ids offered, in order (Other, -1, last). */
  async senseIds(): Promise<string[]> {
    return this.senses().evaluateAll((els) => els.map((el) => el.getAttribute('data-sense-id') ?? ''));
  }

  /** The ids of the ticked senses. */
  async ticked(): Promise<string[]> {
    return this.senses().evaluateAll((els) =>
      els
        .filter((el) => el.querySelector<HTMLInputElement>('input[type=checkbox]')?.checked)
        .map((el) => el.getAttribute('data-sense-id') ?? ''),
    );
  }

  async expectTicked(ids: (string | number)[]) {
    await expect(async () => expect(await this.ticked()).toEqual(ids.map(String))).toPass({ timeout: 5000 });
  }

  /** The task's sentence as shown. */
  sentenceText = async () => ((await this.sentence().textContent()) ?? '').trim();
}
