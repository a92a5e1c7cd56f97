import { expect, type Page } from '@playwright/test';

/** The site footer, on any page that shows it. */
export class SiteFooter {
  constructor(readonly page: Page) {}

  root = () => this.page.getByTestId('site-footer');
  copyright = () => this.root().getByTestId('footer-copyright');
  aboutLink = () => this.root().getByTestId('footer-about');
  contactButton = () => this.root().getByTestId('footer-contact');
  contactDialog = () => this.page.getByTestId('footer-contact-dialog');

  /** Visible, at least 60 px tall, and inside the viewport's width with no sideways scrolling. */
  async expectLaidOut(width: number) {
    await this.root().scrollIntoViewIfNeeded();
    await expect(this.root()).toBeVisible();
    const box = (await this.root().boundingBox())!;
    expect(box.height).toBeGreaterThanOrEqual(60);
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(width);
    for (const item of [this.copyright(), this.aboutLink()]) {
      const itemBox = (await item.boundingBox())!;
      expect(itemBox.x).toBeGreaterThanOrEqual(0);
      expect(itemBox.x + itemBox.width).toBeLessThanOrEqual(width);
    }
    expect(await this.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
  }
}
