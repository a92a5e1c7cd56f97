import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { widths } from './support/outbox';

/*
 * The small things a learner notices (issue 35): a quiet console on the pages a visitor lands on,
 * a way past the menu for the keyboard, and a suggestion for a misspelt word.
 */

/** The console's errors and the /api answers of 400 and above, from now on. */
function watchFaults(page: Page): { errors: string[]; failed: string[] } {
  const errors: string[] = [];
  const failed: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(String(error)));
  page.on('response', (answer) => {
    const { pathname } = new URL(answer.url());
    if (pathname.startsWith('/api/') && answer.status() >= 400) failed.push(`${answer.status()} ${pathname}`);
  });
  return { errors, failed };
}

test.describe('an anonymous visit', () => {
  test.use({ viewport: widths.desktop });

  for (const path of ['/', '/ShortStoryArticle/the-lost-umbrella', '/aiBook/cet4']) {
    test(`${path} logs no console error and gets no 4xx from /api`, async ({ page, shell }) => {
      const faults = watchFaults(page);
      await page.goto(path);
      // Hydrated, and the header has learnt that nobody is logged in.
      await expect(shell.loginButton()).toBeVisible();
      // The shell's services load as the page hydrates and may ask once more meanwhile.
      await page.waitForLoadState('networkidle');
      expect(faults.failed).toEqual([]);
      expect(faults.errors).toEqual([]);
    });
  }
});
