import type { Download, Page } from '@playwright/test';

export type PdfList = 'strange' | 'familiar';

/** /pdf: a word list exported as a printable PDF. */
export class PdfExportPage {
  constructor(readonly page: Page) {}

  goto = (strange: 0 | 1 = 1) => this.page.goto(`/pdf?source=word_list&strange=${strange}`);
  source = (list: PdfList) => this.page.getByTestId(`pdf-source-${list}`);
  radio = (list: PdfList) => this.source(list).getByRole('radio');
  count = (list: PdfList) => this.source(list).getByTestId('pdf-source-count');
  withChinese = () => this.page.getByTestId('pdf-option-chinese');
  withExamples = () => this.page.getByTestId('pdf-option-examples');
  downloadButton = () => this.page.getByTestId('pdf-download');
  done = () => this.page.getByTestId('pdf-done');
  empty = () => this.page.getByTestId('pdf-empty');
  loginRequired = () => this.page.getByTestId('login-required');

  /** Clicks download and answers the file the browser received. */
  async download(): Promise<Download> {
    const [download] = await Promise.all([this.page.waitForEvent('download'), this.downloadButton().click()]);
    return download;
  }
}
