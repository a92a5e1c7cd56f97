import { expect, type Page } from '@playwright/test';
import { tapUntilShown } from '../support/taps';

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The contextual dictionary screens: /ContextualDict, /ContextualDictAPI, /ContextualDictForZhenti, /UseForFreeDict. */
export class DictionaryPage {
  constructor(readonly page: Page) {}

  screen = () => this.page.getByTestId('dict-screen');
  input = () => this.page.getByTestId('dict-input');
  readButton = () => this.page.getByTestId('read-mode');
  editButton = () => this.page.getByTestId('edit-mode');
  text = () => this.page.getByTestId('clickable-text');
  words = () => this.page.getByTestId('word');
  /** The nth (from 0) clickable word that reads exactly `text`. */
  word = (text: string, nth = 0) =>
    this.words()
      .filter({ hasText: new RegExp(`^${escapeRegExp(text)}$`) })
      .nth(nth);
  currentWord = () => this.page.locator('[data-testid="word"][data-current]');

  async open(path = '/ContextualDict') {
    await this.page.goto(path);
    await expect(this.screen()).toHaveAttribute('data-ready', 'true');
  }

  /** Types a text and switches to reading mode. */
  async read(text: string) {
    if (await this.editButton().isVisible()) await this.editButton().click();
    await this.input().fill(text);
    await this.readButton().click();
    await expect(this.words().first()).toBeVisible();
  }

  /**
   * Taps a word until the word panel (test id `word-panel`) opens: a tap while the text is drawn
   * again (its marks arriving just after reading mode opens) can be lost, as a person's would be,
   * who taps again; a CI run waited 10 s for a panel that never came.
   */
  async openWord(text: string) {
    await tapUntilShown(this.page.getByTestId('word-panel'), () => this.word(text).click({ timeout: 2000 }), {
      visibleMs: 4000,
      totalMs: 30_000,
    });
  }
}
