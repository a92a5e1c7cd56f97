import { expect, test } from './fixtures';
import { widths } from './support/outbox';

for (const [name, viewport] of [
  ['desktop', widths.desktop],
  ['phone', widths.phone],
] as const) {
  test.describe(`/UseForFree (${name})`, () => {
    test.use({ viewport });

    test('a visitor sees what to try and today’s free uses as configured, and goes on to a tool', async ({ page }) => {
      const html = await (await page.request.get('/UseForFree')).text();
      // The page itself is on the server's HTML, for visitors and search engines alike.
      expect(html).toContain('免费试用语境');
      expect(html).toContain('词汇量测试');

      await page.goto('/UseForFree');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('免费试用语境');
      // The playwright server runs with the defaults: 5 a day for a visitor, 20 logged in.
      await expect(page.getByTestId('free-uses-anonymous')).toContainText('每天免费查词 5 次', { timeout: 15_000 });
      await expect(page.getByTestId('free-uses-anonymous')).toHaveAttribute('aria-current', 'true');
      await expect(page.getByTestId('free-uses-loggedIn')).toContainText('20 次');
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);

      await page.getByTestId('try-assessment').click();
      await expect(page).toHaveURL(/\/assessment/);
    });

    test('a logged-in learner’s own row is the logged-in one', async ({ page, learner }) => {
      void learner;
      await page.goto('/UseForFree');
      await expect(page.getByTestId('free-uses-loggedIn')).toHaveAttribute('aria-current', 'true', { timeout: 15_000 });
      await page.getByTestId('try-dict').click();
      await expect(page).toHaveURL(/\/UseForFreeDict/);
    });
  });
}
