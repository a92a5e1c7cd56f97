import { expect, type Locator, type Page } from '@playwright/test';

/** The writer (/writer): the editor, the checked text with its flags in place, the list, the drafts. */
export class WriterPage {
  constructor(readonly page: Page) {}

  async open(query = '') {
    await this.page.goto(`/writer${query}`);
    await expect(this.input()).toBeVisible();
  }

  input = () => this.page.getByTestId('writer-input');
  checkButton = () => this.page.getByTestId('writer-check');
  saveButton = () => this.page.getByTestId('writer-save');
  marks = () => this.page.getByTestId('writer-flag-mark');
  explanation = () => this.page.getByTestId('writer-flag-explanation');
  listItems = () => this.page.getByTestId('writer-flag-item');
  drafts = () => this.page.getByTestId('writer-draft');

  /** The underlined stretch that reads `text` exactly. */
  mark(text: string): Locator {
    return this.marks().filter({ hasText: new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`) });
  }

  async write(text: string) {
    await this.input().fill(text);
  }

  async check() {
    await this.checkButton().click();
    await expect(this.page.getByTestId('writer-marked-text').or(this.page.getByTestId('writer-error'))).toBeVisible({
      timeout: 20_000,
    });
  }
}
