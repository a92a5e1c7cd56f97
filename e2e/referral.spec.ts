import { expect, test } from './fixtures';
import { LoginPage } from './pages/login-page';
import { Membership } from './pages/membership';
import { newEmail, widths } from './support/outbox';

/**
 * Referral end to end (issue 14): a learner shares their link; someone arriving by it logs in
 * and pays; the learner's personal centre counts them, what they paid and the reward (10% by
 * default). Two browsers, as two people would be.
 */
test.describe('referral', () => {
  test.use({ viewport: widths.desktop });

  test('a user brought by the share link and their payment appear in the referrer’s figures', async ({
    page,
    learner,
    browser,
    baseURL,
  }) => {
    void learner;
    await page.goto('/Share');
    // The link is filled in once the page knows the user: wait for it before reading it.
    await expect(page.getByTestId('share-link')).toHaveText(/share_account=\d{8}$/);
    const link = (await page.getByTestId('share-link').textContent()) ?? '';
    const account = /share_account=(\d{8})$/.exec(link)?.[1];
    expect(account).toBeDefined();

    const friendContext = await browser.newContext({ baseURL, viewport: widths.desktop });
    try {
      const friend = await friendContext.newPage();
      // The friend arrives by the link, looks around, then logs in.
      await friend.goto(`/?share_account=${account}`);
      await friend.goto('/Login');
      await new LoginPage(friend).logInByEmail(friend.request, newEmail('friend'));
      await expect(friend.getByTestId('account-trigger')).toBeVisible();
      // Their own pages now carry their own account, not the referrer's.
      await expect(friend).not.toHaveURL(new RegExp(`share_account=${account}`));

      await page.goto('/Admin');
      await expect(page.getByTestId('share-num')).toHaveText('1 人');
      await expect(page.getByTestId('share-paid')).toHaveText('￥0');

      const membership = new Membership(friend);
      await membership.openFromHeader();
      await membership.buy('year');
      await membership.settleInSandbox(await membership.payPageUrl(), 'pay');
      await expect(membership.congrats()).toBeVisible({ timeout: 10_000 });
    } finally {
      await friendContext.close();
    }

    await page.reload();
    await expect(page.getByTestId('share-num')).toHaveText('1 人');
    await expect(page.getByTestId('share-paid')).toHaveText('￥198');
    await expect(page.getByTestId('share-reward')).toHaveText('￥19.80');
  });
});
