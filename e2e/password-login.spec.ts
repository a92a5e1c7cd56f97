import type { APIRequestContext } from '@playwright/test';
import { expect, test } from './fixtures';
import { latestCode, newEmail, widths } from './support/outbox';
import { freshClientAddress, spendLookups } from './support/visitors';

/**
 * Password login and binding (issue 14, item 7): a password set in /Profil logs in by account
 * number or e-mail; WeChat binds from /Profil both ways; the anonymous quota says why on /Login.
 */

/** A user made through the BFF with its own cookies (not the page's), with a password. */
async function passwordUser(request: APIRequestContext, password: string) {
  const email = newEmail('pwowner');
  expect((await request.post('/api/pre_email_login', { data: { email } })).status()).toBe(200);
  const login = await request.post('/api/email_login', { data: { email, code: await latestCode(request, email) } });
  const { data } = (await login.json()) as { data: { account: string } };
  const set = await request.post('/api/set_password', { data: { password } });
  expect(((await set.json()) as { status: string }).status).toBe('OK');
  return { email, account: data.account };
}

for (const [name, viewport] of [
  ['desktop', widths.desktop],
  ['phone', widths.phone],
] as const) {
  test.describe(`password login (${name})`, () => {
    test.use({ viewport });

    test('a password set in /Profil logs in by account number and by e-mail; a wrong one is refused', async ({
      page,
      request,
      shell,
      loginPage,
      profile,
    }) => {
      await page.goto('/Login');
      const email = newEmail('pwreader');
      const nickname = email.split('@')[0];
      await loginPage.logInByEmail(request, email);
      await shell.expectLoggedInAs(nickname);

      await profile.open();
      await expect(profile.email()).toHaveText(email);
      await expect(profile.passwordState()).toHaveText('未设置');
      await expect(profile.bindWechat()).toBeVisible();
      await expect(profile.bindAccount()).toHaveCount(0);
      await profile.setPassword('short');
      await expect(profile.passwordError()).toHaveText('密码至少 8 位');
      await profile.setPassword('my reading secret', { confirm: 'my reading secreT' });
      await expect(profile.passwordError()).toHaveText('两次输入的密码不一致');
      await profile.setPassword('my reading secret');
      await expect(page.getByTestId('toast-success')).toHaveText(/密码已设置/);
      await expect(profile.passwordState()).toHaveText('已设置');
      await expect(profile.openPassword()).toHaveText('修改密码');
      const account = (await profile.account().textContent()) ?? '';
      expect(account).toMatch(/^\d{8}$/);

      await shell.logOut();
      await shell.expectAnonymous();

      await page.goto('/Login');
      await loginPage.logInByPassword(account, 'not my secret');
      await expect(loginPage.error()).toHaveText('账号或密码错误');
      await expect(loginPage.password()).toHaveValue('');
      await loginPage.password().fill('my reading secret');
      await loginPage.passwordSubmit().click();
      await shell.expectLoggedInAs(nickname);

      await shell.logOut();
      await shell.expectAnonymous();

      // By e-mail this time, from the login dialog, choosing the tab with the keyboard.
      await shell.loginButton().click();
      await expect(shell.loginDialog()).toBeVisible();
      await loginPage.emailTab().focus();
      await page.keyboard.press('ArrowRight');
      await expect(loginPage.phoneTab()).toHaveAttribute('aria-selected', 'true');
      await page.keyboard.press('End');
      await expect(loginPage.passwordTab()).toHaveAttribute('aria-selected', 'true');
      await expect(loginPage.passwordTab()).toBeFocused();
      await loginPage.account().fill(` ${email.toUpperCase()} `);
      await loginPage.password().fill('my reading secret');
      await page.keyboard.press('Enter');
      await shell.expectLoggedInAs(nickname);
    });
  });
}

test.describe('the password in /Profil (desktop)', () => {
  test.use({ viewport: widths.desktop });

  test('is changed only with the old one', async ({ page, learner, profile, shell, loginPage }) => {
    await profile.open();
    await profile.setPassword('the first secret');
    await expect(profile.passwordState()).toHaveText('已设置');

    await profile.openPassword().click();
    await profile.setPassword('the second secret', { old: 'wrong old one' });
    await expect(profile.passwordError()).toHaveText('原密码错误');
    await profile.setPassword('the second secret', { old: 'the first secret' });
    // (The toast of the first password may still be up.)
    await expect(page.getByTestId('toast-success').filter({ hasText: '密码已修改' })).toBeVisible();

    await shell.logOut();
    await page.goto('/Login');
    await loginPage.logInByPassword(learner.email, 'the first secret');
    await expect(loginPage.error()).toHaveText('账号或密码错误');
    await loginPage.password().fill('the second secret');
    await loginPage.passwordSubmit().click();
    await shell.expectLoggedInAs(learner.email.split('@')[0]);
  });
});

test.describe('binding (desktop)', () => {
  test.use({ viewport: widths.desktop });

  test('an e-mail user binds WeChat from /Profil, and WeChat then logs in to that account', async ({
    page,
    learner,
    profile,
    shell,
    loginPage,
  }) => {
    const wechatName = `绑定${Date.now()}`;
    await profile.open();
    const account = await profile.account().textContent();
    await profile.bindWechat().click();
    await expect(page).toHaveURL(/\/sandbox\/wechat\/authorize\?/);
    await page.getByTestId('wechat-sandbox-nickname').fill(wechatName);
    await page.getByTestId('wechat-sandbox-agree').click();
    await expect(page).toHaveURL(/\/Profil(\?|$)/);
    await expect(page.getByTestId('toast-success')).toHaveText(/微信绑定成功/);
    await expect(profile.wechat()).toHaveText('已绑定');
    await expect(profile.email()).toHaveText(learner.email);

    await shell.logOut();
    await page.goto('/Login');
    await loginPage.wechat().click();
    await page.getByTestId('wechat-sandbox-nickname').fill(wechatName);
    await page.getByTestId('wechat-sandbox-agree').click();
    await shell.expectLoggedInAs(wechatName);
    await profile.open();
    await expect(profile.account()).toHaveText(account ?? '');
  });

  test('a WeChat-only user joins an existing account from /Profil', async ({ page, request, profile, shell, loginPage }) => {
    const owner = await passwordUser(request, 'owner secret 1');
    const wechatName = `合并${Date.now()}`;
    await page.goto('/Login');
    await loginPage.wechat().click();
    await page.getByTestId('wechat-sandbox-nickname').fill(wechatName);
    await page.getByTestId('wechat-sandbox-agree').click();
    await shell.expectLoggedInAs(wechatName);

    await profile.open();
    await expect(profile.wechat()).toHaveText('已绑定');
    await expect(profile.email()).toHaveText('未设置');
    await profile.bindTo(owner.account, 'not the secret');
    await expect(page.getByTestId('bind-account-error')).toHaveText('账号或密码错误');
    await profile.bindTo(owner.email, 'owner secret 1');
    await expect(page.getByTestId('toast-success')).toHaveText(/绑定成功/);
    // Now the page is the joined account's: its number and e-mail, and WeChat bound to it.
    await expect(profile.account()).toHaveText(owner.account);
    await expect(profile.email()).toHaveText(owner.email);
    await expect(profile.wechat()).toHaveText('已绑定');
    await expect(profile.bindAccount()).toHaveCount(0);
    await page.reload();
    await shell.expectLoggedInAs(wechatName);
    await expect(profile.account()).toHaveText(owner.account);
  });
});

test.describe('the quota reason (desktop)', () => {
  test.use({ viewport: widths.desktop, extraHTTPHeaders: { 'x-forwarded-for': freshClientAddress() } });

  test('a visitor out of free lookups reads why on /Login; an unknown reason shows nothing', async ({
    page,
    dict,
    loginPage,
  }) => {
    await dict.open();
    await dict.read('We sat on the bank of the river.');
    expect(await spendLookups(page, 5)).toEqual(Array(5).fill('OK'));
    await dict.word('river').click();
    await expect(page).toHaveURL(/\/Login\?reason=quota$/);
    await expect(loginPage.reason()).toHaveText('今日免费次数已用完，登录后可继续使用');
    await expect(loginPage.passwordTab()).toBeVisible();

    await page.goto('/Login?reason=whatever');
    await expect(loginPage.emailTab()).toBeVisible();
    await expect(loginPage.reason()).toHaveCount(0);
    await page.goto('/Login');
    await expect(loginPage.reason()).toHaveCount(0);
  });
});
