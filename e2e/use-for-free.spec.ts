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

test.describe('/UseForFree, a link followed at once', () => {
  test.use({ viewport: widths.desktop });

  test('arrives although the page puts the account on its URL while the next page loads', async ({ page, learner }) => {
    void learner;
    // The next page's data is held back for a while, so that the share link
    // (components/shell/share-account-sync.tsx, which comes after hydration) may want to rewrite
    // the address while the router is still on its way: it must wait (the router would read the
    // rewrite as a move and give up the navigation, as a CI run once saw). Whether the share link
    // comes before or after the click is the browser's timing; the unit test of
    // lib/client/navigation.ts holds the rule itself.
    await page.route(/\/UseForFreeDict/, async (route) => {
      if (route.request().headers().rsc) await new Promise((r) => setTimeout(r, 2_500));
      await route.continue().catch(() => {});
    });
    await page.goto('/UseForFree', { waitUntil: 'commit' });
    // Followed as soon as React has taken the link over, before the share link has come.
    const link = page.getByTestId('try-dict');
    await expect
      .poll(() => link.evaluate((a) => Object.keys(a).some((key) => key.startsWith('__reactProps'))), { timeout: 15_000 })
      .toBe(true);
    await link.click();
    await expect(page).toHaveURL(/\/UseForFreeDict\?share_account=\d+$/, { timeout: 15_000 });
  });
});
