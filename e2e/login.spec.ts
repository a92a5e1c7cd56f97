import { expect, test } from './fixtures';
import { newEmail, widths } from './support/outbox';

for (const [name, viewport] of [
  ['desktop', widths.desktop],
  ['phone', widths.phone],
] as const) {
  test.describe(`logging in (${name})`, () => {
    test.use({ viewport });

    test('a new visitor logs in by e-mail, stays logged in across a reload, and logs out', async ({
      page,
      request,
      shell,
      loginPage,
    }) => {
      await page.goto('/');
      await shell.expectAnonymous();
      expect(page.url()).not.toContain('share_account');

      await shell.loginButton().click();
      await expect(page.getByTestId('login-dialog')).toBeVisible();
      const email = newEmail('reader');
      await loginPage.logInByEmail(request, email);

      // Back where the visitor came from, with their nickname in the header.
      const nickname = email.split('@')[0];
      await shell.expectLoggedInAs(nickname);
      await expect(page).toHaveURL(/\/\?share_account=\d+$/);

      // The session is HttpOnly: no page script can read it.
      const readable = await page.evaluate(() => document.cookie);
      expect(readable).not.toContain('yj_session');
      const cookies = await page.context().cookies();
      const session = cookies.find((c) => c.name === 'yj_session');
      expect(session?.httpOnly).toBe(true);
      expect(session?.sameSite).toBe('Lax');

      await page.reload();
      await shell.expectLoggedInAs(nickname);

      await shell.logOut();
      await shell.expectAnonymous();
      await expect(page).toHaveURL(/\/$/);
      await page.reload();
      await shell.expectAnonymous();
    });

    test('a wrong code is refused with a message, and the right one still works', async ({ page, request, shell, loginPage }) => {
      await page.goto('/Login');
      const email = newEmail('typo');
      await loginPage.requestCode(email);
      const { latestCode } = await import('./support/outbox');
      const code = await latestCode(request, email);
      await loginPage.code().fill(code === '123456' ? '654321' : '123456');
      await loginPage.submit().click();
      await expect(loginPage.error()).toHaveText('验证码错误');
      await loginPage.code().fill(code);
      await loginPage.submit().click();
      await shell.expectLoggedInAs(email.split('@')[0]);
    });

    test('asking for a second code at once is refused as too frequent', async ({ page, request, loginPage }) => {
      await page.goto('/Login');
      const email = newEmail('hasty');
      await loginPage.requestCode(email);
      await page.getByRole('button', { name: '更换邮箱' }).click();
      await loginPage.email().fill(email);
      await loginPage.sendCode().click();
      await expect(loginPage.error()).toHaveText('操作太频繁，请勿重复请求');
      void request;
    });

    test('WeChat login through the sandbox returns to the page the user came from', async ({ page, shell, loginPage }) => {
      await page.goto('/');
      await shell.loginButton().click();
      await loginPage.wechat().click();
      await expect(page).toHaveURL(/\/sandbox\/wechat\/authorize\?/);
      await page.getByTestId('wechat-sandbox-nickname').fill('扫码同学');
      await page.getByTestId('wechat-sandbox-agree').click();
      await shell.expectLoggedInAs('扫码同学');
      await expect(page).toHaveURL(/\/\?share_account=\d+$/);
    });

    test('a bad WeChat code shows 登录失败 and lands on /', async ({ page, shell }) => {
      await page.goto('/Login?code=bad&client_type=pc');
      await expect(page).toHaveURL(/\/$/);
      await expect(page.getByTestId('toast-error')).toHaveText(/登录失败/);
      await shell.expectAnonymous();
    });

    test('a link carrying someone else’s WeChat code logs nobody in (login CSRF)', async ({ page, request, baseURL, shell }) => {
      // The attacker authorises their own account and keeps the code instead of following the redirect.
      const consent = await request.post('/sandbox/wechat/authorize', {
        form: { nickname: '攻击者', redirect_uri: `${baseURL}/Login?client_type=pc`, state: 'a' },
        headers: { origin: baseURL! },
        maxRedirects: 0,
      });
      const code = new URL(consent.headers().location, baseURL).searchParams.get('code');
      expect(code).toBeTruthy();

      // The victim follows the attacker's link.
      await page.goto(`/Login?client_type=pc&code=${code}&state=anything`);
      await expect(page).toHaveURL(/\/$/);
      await expect(page.getByTestId('toast-error')).toHaveText(/登录失败/);
      await shell.expectAnonymous();
      expect((await page.context().cookies()).some((c) => c.name === 'yj_session')).toBe(false);
    });

    for (const back of ['/.//evil.example', '/%2e//evil.example', '//evil.example', '/\\evil.example']) {
      test(`after a WeChat login the browser stays on the site (back=${back})`, async ({ page, baseURL, shell }) => {
        await page.goto(`/Login/wechat?client_type=pc&back=${encodeURIComponent(back)}`);
        await page.getByTestId('wechat-sandbox-nickname').fill('旅行者');
        await page.getByTestId('wechat-sandbox-agree').click();
        await shell.expectLoggedInAs('旅行者');
        expect(new URL(page.url()).origin).toBe(new URL(baseURL!).origin);
        expect(new URL(page.url()).pathname).toBe('/');
      });
    }

    test('client-side navigation keeps share_account without a reload', async ({ page, request, shell, loginPage }) => {
      await page.goto('/Login');
      const email = newEmail('nav');
      await loginPage.logInByEmail(request, email);
      await shell.expectLoggedInAs(email.split('@')[0]);
      // The page puts the account on its URL once it knows the user (share-account-sync.tsx).
      await expect(page).toHaveURL(/[?&]share_account=/);
      const account = new URL(page.url()).searchParams.get('share_account');
      expect(account).toMatch(/^\d+$/);

      await page.goto(`/Login`);
      await expect(page).toHaveURL(new RegExp(`/Login\\?share_account=${account}$`));
      await page.evaluate(() => ((window as unknown as { marker: number }).marker = 42));
      await page.getByTestId('logo').click();
      await expect(page).toHaveURL(new RegExp(`/\\?share_account=${account}$`));
      // Still the same document: no reload happened.
      expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(42);
    });
  });
}
