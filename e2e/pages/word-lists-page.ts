import { expect, type Page } from '@playwright/test';

/** /ContextualDictHistory. */
export class HistoryPage {
  constructor(readonly page: Page) {}

  goto = () => this.page.goto('/ContextualDictHistory');
  list = () => this.page.getByTestId('history-list');
  items = () => this.page.getByTestId('history-item');
  item = (word: string) => this.page.locator(`[data-testid="history-item"][data-word="${word}"]`);
  empty = () => this.page.getByTestId('list-empty');
  loginRequired = () => this.page.getByTestId('login-required');

  /** The words of the listed lookups, top to bottom. */
  async words(): Promise<string[]> {
    return this.items().evaluateAll((els) => els.map((el) => el.getAttribute('data-word') ?? ''));
  }
}

export type WordFilter = 'all' | 'strange' | 'familiar';

/** /Words, /WordsForContextualDict, /WordsForCourse. */
export class WordListsPage {
  constructor(readonly page: Page) {}

  goto = (path = '/Words', filter: WordFilter = 'all') => this.page.goto(filter === 'all' ? path : `${path}?filter=${filter}`);
  tab = (filter: WordFilter) => this.page.getByTestId(`word-filter-${filter}`);
  list = () => this.page.getByTestId('word-list');
  rows = () => this.page.getByTestId('word-list-row');
  row = (lemma: string) => this.page.locator(`[data-testid="word-list-row"][data-lemma="${lemma}"]`);
  empty = () => this.page.getByTestId('list-empty');
  loginRequired = () => this.page.getByTestId('login-required');
  markStrange = (lemma: string) => this.row(lemma).getByTestId('mark-strange');
  markFamiliar = (lemma: string) => this.row(lemma).getByTestId('mark-familiar');

  async showFilter(filter: WordFilter) {
    await this.tab(filter).click();
    await expect(this.tab(filter)).toHaveAttribute('aria-selected', 'true');
  }

  /** The lemmas listed, top to bottom. */
  async lemmas(): Promise<string[]> {
    return this.rows().evaluateAll((els) => els.map((el) => el.getAttribute('data-lemma') ?? ''));
  }

  /** Waits until exactly these lemmas are listed (any order). */
  async expectLemmas(lemmas: string[]) {
    await expect(async () => expect((await this.lemmas()).sort()).toEqual([...lemmas].sort())).toPass({ timeout: 20_000 });
  }
}
