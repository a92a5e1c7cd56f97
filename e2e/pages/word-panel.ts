import { expect, type Page } from '@playwright/test';

/** The word translation popup (desktop) or drawer (mobile) of the shell. */
export class WordPanel {
  constructor(readonly page: Page) {}

  root = () => this.page.getByTestId('word-panel');
  title = () => this.root().getByTestId('word-panel-title');
  loading = () => this.root().getByTestId('word-panel-loading');
  tabs = () => this.root().getByTestId('lemma-tab');
  selectedTab = () => this.root().locator('[data-testid="lemma-tab"][aria-selected="true"]');
  phoneticUk = () => this.root().getByTestId('phonetic-uk');
  phoneticUs = () => this.root().getByTestId('phonetic-us');
  variants = () => this.root().getByTestId('variants');
  glosses = () => this.root().getByTestId('gloss');
  firstGloss = () => this.glosses().first();
  posButton = () => this.firstGloss().getByTestId('pos-button');
  moreExamples = () => this.root().getByTestId('more-examples').first();
  thumbUp = () => this.root().getByTestId('thumb-up');
  thumbDown = () => this.root().getByTestId('thumb-down');
  notFound = () => this.root().getByTestId('not-found');
  /** The word's role in its sentence, from the parse. */
  role = () => this.root().getByTestId('word-role');
  close = () => this.root().getByTestId('word-panel-close');

  /** Waits until the panel is open and the answer is in. */
  async expectLoaded(word?: string) {
    await expect(this.root()).toBeVisible();
    if (word) await expect(this.title()).toHaveText(word);
    await expect(this.loading()).toHaveCount(0, { timeout: 15_000 });
    await expect(this.root().getByTestId('word-error')).toHaveCount(0);
  }

  async expectClosed() {
    await expect(this.root()).toHaveCount(0);
  }
}
