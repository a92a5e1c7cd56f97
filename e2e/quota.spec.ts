import { expect, test } from './fixtures';
import { newEmail, widths } from './support/outbox';
import { freshClientAddress, spendLookups } from './support/visitors';

/**
 * Free-quota exhaustion (spec section 4) with the e2e server's default limits: 5 lookups a day
 * for an anonymous visitor, 20 for a logged-in user without VIP.
 */
const ANONYMOUS_FREE = 5;
const LOGIN_FREE = 20;
const TEXT = 'We sat on the bank of the river.';

for (const [name, viewport] of [
  ['desktop', widths.desktop],
  ['phone', widths.phone],
] as const) {
  test.describe(`anonymous quota (${name})`, () => {
    // Anonymous lookups are also counted per client address; this visitor gets one of its own.
    test.use({ viewport, extraHTTPHeaders: { 'x-forwarded-for': freshClientAddress() } });

    test('the sixth lookup closes the panel and goes to /Login, then back after logging in', async ({
      page,
      dict,
      panel,
      loginPage,
    }) => {
      await dict.open();
      await dict.read(TEXT);
      await dict.word('river').click();
      await panel.expectLoaded('river');
      await page.keyboard.press('Escape');
      expect(await spendLookups(page, ANONYMOUS_FREE - 1)).toEqual(Array(ANONYMOUS_FREE - 1).fill('OK'));

      await dict.word('bank').click();
      await expect(page).toHaveURL(/\/Login(\?|$)/);
      await expect(panel.root()).toHaveCount(0);
      const back = (await page.context().cookies()).find((c) => c.name === 'yj_back');
      expect(decodeURIComponent(back?.value ?? '')).toBe('/ContextualDict');

      await loginPage.logInByEmail(page.request, newEmail('anon-quota'));
      await expect(page).toHaveURL(/\/ContextualDict(\?|$)/);
      // A click before the page hydrates is lost: wait for the screen to be ready.
      await expect(dict.screen()).toHaveAttribute('data-ready', 'true');
      // The text is still there, and a logged-in user has lookups of their own.
      await dict.word('bank').click();
      await panel.expectLoaded('bank');
    });
  });
}

test.describe('free uses left (desktop)', () => {
  const address = freshClientAddress();
  test.use({ viewport: widths.desktop, extraHTTPHeaders: { 'x-forwarded-for': address } });

  test('the panel says how many free lookups are left; a misspelt word costs none; a classmate behind the same address has their own', async ({
    page,
    browser,
    dict,
    panel,
  }) => {
    await dict.open();
    await dict.read('I will recieve the qzxvbn letter by the river.');
    await dict.word('qzxvbn').click();
    await expect(panel.root().getByTestId('not-found')).toContainText('没查到的词不计入免费次数');
    await page.keyboard.press('Escape');
    await dict.word('river').click();
    await panel.expectLoaded('river');
    await expect(panel.root().getByTestId('free-uses-left')).toHaveText(`今日免费查词还剩 ${ANONYMOUS_FREE - 1} 次`);
    await page.keyboard.press('Escape');
    expect(await spendLookups(page, ANONYMOUS_FREE - 1)).toEqual(Array(ANONYMOUS_FREE - 1).fill('OK'));

    // Another visitor in the same classroom (the same network address, a browser of their own).
    const classmate = await browser.newContext({
      baseURL: test.info().project.use.baseURL,
      extraHTTPHeaders: { 'x-forwarded-for': address },
    });
    try {
      const theirs = await classmate.newPage();
      expect(await spendLookups(theirs, 2)).toEqual(['OK', 'OK']);
    } finally {
      await classmate.close();
    }
  });
});

test.describe('logged-in quota (desktop)', () => {
  test.use({ viewport: widths.desktop });

  test('after 20 lookups the centre dialog offers membership; 取消 closes it, 开通会员 opens the packages', async ({
    page,
    learner,
    dict,
    panel,
  }) => {
    await dict.open();
    await dict.read(TEXT);
    expect(await spendLookups(page, LOGIN_FREE)).toEqual(Array(LOGIN_FREE).fill('OK'));

    await dict.word('river').click();
    const dialog = page.getByTestId('quota-dialog');
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText('今日免费次数已用完');
    await expect(panel.root()).toHaveCount(0);
    await expect(page).toHaveURL(/\/ContextualDict/);

    await dialog.getByTestId('quota-cancel').click();
    await expect(dialog).toHaveCount(0);

    await dict.word('bank').click();
    await expect(dialog).toBeVisible();
    await dialog.getByTestId('quota-buy-vip').click();
    await expect(dialog).toHaveCount(0);
    const packages = page.getByTestId('packages-dialog');
    await expect(packages).toBeVisible();
    await expect(packages.getByTestId('buy-month')).toBeVisible();
    await expect(page).toHaveURL(/\/ContextualDict/);
  });
});

test.describe('logged-in quota (phone)', () => {
  test.use({ viewport: widths.phone });

  test('after 20 lookups the next one goes to /BuyVip', async ({ page, learner, dict }) => {
    await dict.open();
    await dict.read(TEXT);
    expect(await spendLookups(page, LOGIN_FREE)).toEqual(Array(LOGIN_FREE).fill('OK'));
    await dict.word('river').click();
    await expect(page).toHaveURL(/\/BuyVip/);
    await expect(page.getByTestId('quota-dialog')).toHaveCount(0);
  });
});

test.describe('quota in the native app', () => {
  test.use({
    viewport: widths.phone,
    userAgent: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Mobile isApp=true',
    extraHTTPHeaders: { 'x-forwarded-for': freshClientAddress() },
  });

  test('the app is told through its bridge and the page stays', async ({ page, dict }) => {
    await page.addInitScript(() => {
      const sent: unknown[] = [];
      (window as unknown as { sent: unknown[] }).sent = sent;
      (window as unknown as { YujingApp: unknown }).YujingApp = { postMessage: (m: string) => sent.push(JSON.parse(m)) };
    });
    await dict.open();
    await dict.read(TEXT);
    expect(await spendLookups(page, ANONYMOUS_FREE)).toEqual(Array(ANONYMOUS_FREE).fill('OK'));
    await dict.word('river').click();
    await expect
      .poll(() => page.evaluate(() => (window as unknown as { sent: unknown[] }).sent))
      .toEqual([{ type: 'quota_exhausted', status: 'anonymous_user_free_num_limit' }]);
    await expect(page).toHaveURL(/\/ContextualDict/);
  });
});
